"""The interactive scorepad: one line per deal, undo, and a session file kept up to date.

The loop is independent of the terminal: :class:`PadSession` turns one input line into output
lines, :func:`run` reads and writes through functions it is given.  After every change the
session file is rewritten atomically *before* anything is printed, so quitting, Ctrl-C or a
crash loses nothing; starting again with the same file resumes where it stopped.

At a terminal, lines are read with :func:`line_reader`: the line editing and history of the
shell (readline), so the arrow keys move in the line and recall earlier lines, and Backspace
removes a whole Chinese character from the screen and the line alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from ..core.errors import BridgeError
from ..core.i18n import Lang, is_zh
from ..core.text import normalize
from ..home.chicago import Chicago, ChicagoSeries
from ..home.pad import Line, Posting, Team
from ..home.rubber import Rubber, RubberSeries
from ..home.session import save_session
from ..render.scorepad import render_text

__all__ = ["PadSession", "line_reader", "run"]

Series = RubberSeries | ChicagoSeries

_UNDO = {"undo", "u", "撤销", "悔", "悔牌", "撤回"}
_SHOW = {"show", "pad", "p", "显示", "记分表", "看"}
_HELP = {"help", "h", "?", "帮助"}
_QUIT = {"quit", "q", "exit", "bye", "退出", "结束"}


def _posting_text(p: Posting, lang: Lang) -> str:
    expr = p.expression if p.expression == str(p.points) else f"{p.expression}={p.points}"
    if is_zh(lang):
        return f"{p.team.name_in('zh')} {p.line.name_in('zh')} {p.points}（{p.item.name_in('zh')} {expr}）"
    where = "above" if p.line is Line.ABOVE else "below"
    return f"{p.team} {p.points} {where} ({p.item.name_in('en')} {expr})"


class PadSession:
    """A rubber or Chicago scorepad being kept at the table."""

    def __init__(self, series: Series, path: Path | None, lang: Lang = "en") -> None:
        self.series = series
        self.path = path
        self.lang = lang

    @property
    def zh(self) -> bool:
        return is_zh(self.lang)

    def save(self) -> None:
        if self.path is not None:
            save_session(self.path, self.series)

    def _where(self) -> tuple[int, int]:
        """(game number, entry number within it) of the next deal."""
        games = self.series.games
        last = games[-1]
        if last.finished:
            return len(games) + 1, 1
        return len(games), len(last.deals) + 1

    def prompt(self) -> str:
        number, deal = self._where()
        current = self.series.current
        if isinstance(current, Chicago):
            n = current.next_deal or 1
            dealer = current.dealer(n).name_in(self.lang)
            vul = current.vulnerability(n).describe(self.lang)
            if self.zh:
                return f"第{number}轮 第{n}副 {dealer}发牌 {vul}> "
            return f"chicago {number} · deal {n} · dealer {dealer} · {vul}> "
        if self.zh:
            return f"第{number}盘 第{deal}副> "
        return f"rubber {number} · deal {deal}> "

    def status(self) -> str:
        """Totals so far, games and legs, vulnerability (or the next Chicago deal)."""
        game = self.series.games[-1]
        t = game.totals(settle=False)
        we, they = t[Team.WE], t[Team.THEY]
        if isinstance(game, Rubber):
            gw, gt = game.games_won(Team.WE), game.games_won(Team.THEY)
            lw, lt = game.legs[Team.WE], game.legs[Team.THEY]
            if self.zh:
                vul = "，".join(f"{x.name_in('zh')}{'有局' if game.vulnerable(x) else '无局'}"
                               for x in Team)
                return f"  合计：我方 {we}，他方 {they} · 局数 {gw}–{gt} · 部分分 {lw}–{lt} · {vul}"
            vul = ", ".join(f"{x} {'vulnerable' if game.vulnerable(x) else 'not vulnerable'}"
                            for x in Team)
            return f"  Totals: WE {we}, THEY {they} · games {gw}–{gt} · legs {lw}–{lt} · {vul}"
        assert isinstance(game, Chicago)
        lw, lt = game.legs[Team.WE], game.legs[Team.THEY]
        if self.zh:
            return f"  合计：我方 {we}，他方 {they} · 部分分 {lw}–{lt} · 已打 {game.played}/4 副"
        return f"  Totals: WE {we}, THEY {they} · legs {lw}–{lt} · {game.played} of 4 deals played"

    def help(self) -> list[str]:
        if self.zh:
            return [
                "每行输入一副牌的结果，例如：南打4H超1、北打3NT，正好完成、4SX W -2、pass（四家不叫）",
                "大牌奖分写在行末：南打4S超1 大牌奖分100北、4S N = hon 100 E、3NT W = hon=150 我方",
                "命令：undo/撤销（撤销上一副）、show/显示（显示记分表）、help/帮助、quit/退出",
            ]
        return [
            "Enter one result per line, e.g. 4H S +1, 3NT N =, 4SX W -2, 南打4H超1, pass",
            "Honours go at the end: 4S N = hon 100 E, 3NT W = hon=150 we, 南打4S超1 大牌奖分100北",
            "Commands: undo (remove the last deal), show (the scorepad), help, quit",
        ]

    def handle(self, line: str) -> tuple[list[str], bool]:
        """Process one line: (lines to print, whether to stop).  Bad input raises
        :class:`BridgeError`; the scorepad is then unchanged."""
        key = normalize(line).lower().strip()
        if not key:
            return [], False
        if key in _QUIT:
            return self.finish(), True
        if key in _HELP:
            return self.help(), False
        if key in _SHOW:
            return render_text(self.series, self.lang).splitlines(), False
        if key in _UNDO:
            return self.undo(), False
        return self.add(line), False

    def add(self, line: str) -> list[str]:
        new = self.series.add(line)
        self.series = new
        self.save()
        number = len(new.games)
        game = new.games[-1]
        deal = len(game.deals)
        entry = game.deals[-1]
        postings = [p for p in game.postings if p.deal == deal]
        head = self._deal_head(number, deal, game)
        lines = [f"{head}{entry.format(self.lang)}"]
        if entry.result.is_passed_out:
            lines.append("  四家不叫：重新发牌，不计分" if self.zh
                         else "  Passed out: redeal, nothing scored")
        elif postings:
            lines.append("  → " + ("；" if self.zh else "; ").join(
                _posting_text(p, self.lang) for p in postings))
        for n, team in game.games:
            if n == deal:
                lines.append(f"  {team.name_in('zh')}成局" if self.zh
                             else f"  {team} make a game")
        if game.finished:
            lines.extend(self._finished(game, number))
        else:
            lines.append(self.status())
        return lines

    def _deal_head(self, number: int, deal: int, game: Rubber | Chicago) -> str:
        if isinstance(game, Chicago):
            n = game.numbers[deal - 1]
            dealer = game.dealer(n).name_in(self.lang)
            vul = game.vulnerability(n).describe(self.lang)
            if self.zh:
                return f"第{number}轮第{n}副（{dealer}发牌，{vul}）："
            return f"Chicago {number}, deal {n} (dealer {dealer}, {vul}): "
        return f"第{number}盘第{deal}副：" if self.zh else f"Rubber {number}, deal {deal}: "

    def _finished(self, game: Rubber | Chicago, number: int) -> list[str]:
        t = game.totals()
        we, they = t[Team.WE], t[Team.THEY]
        lead = Team.WE if we > they else Team.THEY
        if isinstance(game, Rubber):
            winner = game.winner
            assert winner is not None
            score = f"{game.games_won(winner)}–{game.games_won(winner.other)}"
            if self.zh:
                out = [f"  这一盘结束：{winner.name_in('zh')} {score} 胜出。"
                       f"我方 {we}，他方 {they}"]
            else:
                out = [f"  Rubber over: {winner} win it {score}. WE {we}, THEY {they}"]
        elif self.zh:
            out = [f"  这一轮芝加哥结束：我方 {we}，他方 {they}"]
        else:
            out = [f"  Chicago over: WE {we}, THEY {they}"]
        if we != they:
            out[-1] += (f"；{lead.name_in('zh')}胜 {abs(we - they)}。" if self.zh
                        else f"; {lead} by {abs(we - they)}.")
        kind_zh = "盘" if isinstance(game, Rubber) else "轮"
        kind_en = "rubber" if isinstance(game, Rubber) else "Chicago"
        out.append(f"  下一副开始第{number + 1}{kind_zh}。" if self.zh
                   else f"  The next deal starts {kind_en} {number + 1}.")
        return out

    def undo(self) -> list[str]:
        if not self.series.deals:
            return ["没有可以撤销的结果。" if self.zh else "Nothing to undo."]
        removed = self.series.deals[-1]
        self.series = self.series.undo()
        self.save()
        lines = [f"已撤销：{removed.format('zh')}" if self.zh
                 else f"Undone: {removed.format('en')}"]
        lines.append(self.status())
        return lines

    def finish(self) -> list[str]:
        lines = render_text(self.series, self.lang).splitlines()
        if self.path is not None:
            lines.append(f"记分已保存在 {self.path}" if self.zh
                         else f"Session saved in {self.path}")
        return lines


_WORDS = sorted(_UNDO | _SHOW | _HELP | _QUIT)


def line_reader(history: Iterable[str] = ()) -> Callable[[str], str]:
    """``input`` with line editing and history where the platform has readline (GNU readline
    or libedit): importing the module is what makes ``input()`` edit lines at a terminal.
    ``history`` is put first in the history (a resumed session's deals, so the Up arrow
    recalls them); the pad's commands complete with Tab.  Without readline (Windows without
    pyreadline), plain ``input``."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on the platforms the tests run on
        return input
    readline.clear_history()
    for line in history:
        readline.add_history(line)

    def complete(text: str, state: int) -> str | None:
        matches = [w for w in _WORDS if w.startswith(text)]
        return matches[state] if state < len(matches) else None

    readline.set_completer(complete)
    # libedit (macOS) and GNU readline spell the binding differently.
    doc = readline.__doc__ or ""
    readline.parse_and_bind("bind ^I rl_complete" if "libedit" in doc else "tab: complete")
    return input


def run(pad: PadSession, read: Callable[[str], str], write: Callable[[str], None],
        error: Callable[[str], None]) -> None:
    """Read lines until ``quit`` or end of input; bad lines are reported and skipped."""
    prefix = "错误：" if pad.zh else "error: "
    while True:
        try:
            line = read(pad.prompt())
        except EOFError:
            write("")
            for out in pad.finish():
                write(out)
            return
        try:
            lines, stop = pad.handle(line)
        except BridgeError as e:
            error(prefix + e.message(pad.lang))
            continue
        for out in lines:
            write(out)
        if stop:
            return
