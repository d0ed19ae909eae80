"""The bundled demo event: a 7-table Mitchell pairs session over 14 boards (two boards a round,
one board with an Average-plus/Average-minus) and a 12-board team match whose first four
boards are the seeds' exercise.  Data in ``bridgescore/data/demo_pairs.csv`` and
``demo_match.csv``, in the CSV traveller format of ``bridgescore.sessions.files.csvfmt``.

>>> from bridgescore.render.session_demo import demo_match, demo_session
>>> len(demo_session().results), len(demo_match().board_numbers)
(98, 12)
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..core.figures import fixed
from ..core.i18n import Lang, check_lang, pick
from ..sessions.files import csvfmt
from ..sessions.model import Session, TeamMatch

__all__ = ["demo_match", "demo_session", "run_demo"]


def _load(name: str) -> Session | TeamMatch:
    text = resources.files("bridgescore").joinpath(f"data/{name}").read_text("utf-8")
    return csvfmt.loads(text, source=name)


def demo_session() -> Session:
    s = _load("demo_pairs.csv")
    assert isinstance(s, Session)
    return s


def demo_match() -> TeamMatch:
    m = _load("demo_match.csv")
    assert isinstance(m, TeamMatch)
    return m


def run_demo(out: Path, lang: Lang = "en") -> list[str]:
    """Score the demo pairs session (matchpoints) and the match, write the pages in both
    languages under ``out/events/``; return the lines to print (in ``lang``)."""
    from ..sessions.imp_pairs import score_session
    from ..sessions.teams import score_match
    from .session_pages import write_match_pages, write_pairs_pages

    lang = check_lang(lang)
    scores = score_session(demo_session(), "mp")
    match = score_match(demo_match())
    lines = []
    for page_lang in ("en", "zh"):
        base = out / "events" / page_lang
        write_pairs_pages(scores, base / "pairs", lang=page_lang)
        write_match_pages(match, base / "match", lang=page_lang)
    top = {p.direction.name: p for p in scores.pairs if p.place == "1" and p.direction}
    for side in ("NS", "EW"):
        if side in top:
            p = top[side]
            lines.append(pick(lang, f"{side} winner: pair {p.pair} ({fixed(p.percentage or 0)}%)",
                              f"{'南北' if side == 'NS' else '东西'}冠军：第{p.pair}对（{fixed(p.percentage or 0)}%）"))
    home, away = match.match.home.label(lang), match.match.away.label(lang)
    lines.append(pick(lang, f"match: {home} {match.home_total:g} – {match.away_total:g} {away}",
                      f"队式赛：{home} {match.home_total:g} – {match.away_total:g} {away}"))
    for page_lang in ("en", "zh"):
        base = out / "events" / page_lang
        lines.append(pick(lang, f"results pages ({page_lang}): {base / 'pairs' / 'index.html'}",
                          f"成绩页面（{page_lang}）：{base / 'pairs' / 'index.html'}"))
        lines.append(pick(lang, f"match pages ({page_lang}): {base / 'match' / 'match.html'}, "
                                f"{base / 'match' / 'scoresheet.html'}",
                          f"队式赛页面（{page_lang}）：{base / 'match' / 'match.html'}、"
                          f"{base / 'match' / 'scoresheet.html'}"))
    return lines
