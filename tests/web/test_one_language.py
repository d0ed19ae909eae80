"""One language at a time (issue 23, finding 16): an English page shows no Chinese, a Chinese
page no English words, but notation, people's and clubs' names and a few terms.

The demo club is loaded, and the site is crawled from the home page and the demo member's
and director's own pages, following the internal links (GET only, a few pages of each kind
of address), once in each language.  In each page the visible text of ``<main>`` (no
scripts, styles or attributes) is checked:

- in English, no Chinese character;
- in Chinese, no Latin word of three letters or more but notation (contracts, hands, ``NT``,
  ``IMP``…), addresses and code, and the names stored for people, clubs, events and teams:
  a name kept in both languages must be shown in the reader's, so only that one is allowed
  (and a name kept in one language only is allowed in either page);
- in Chinese, no card written as the library's code (``SA``, ``CQ``): a lead is shown in
  the reader's notation;
- in either, no robot's internal id (``w8r0n``): a robot is named by its seat.

Keys to press and text to type (``<kbd>``), and code (``<code>``), are not checked; nor is
text written by a script (the table's, tested with it).

Every page at fault is reported with its snippets.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from html import unescape
from html.parser import HTMLParser
from unittest import mock
from urllib.parse import urljoin, urlsplit

from django.apps import apps
from django.test import Client, TestCase

from bridgescore.deals.dd import MissingSolverError
from bridgescore.web.accounts.models import User
from bridgescore.web.compete.models import CompetitionAction
from bridgescore.web.demo import Demo, load_demo

EN = {"Accept-Language": "en"}
ZH = {"Accept-Language": "zh-CN,zh;q=0.9"}

# Addresses not crawled: files and data rather than pages, the admin, the API, the
# language switch and log-out (POST only), and the health check.
SKIP = re.compile(r"^/(?:static|media|admin|api|i18n|healthz)\b|^/account/logout"
                  r"|\.(?:csv|pbn|lin|json|txt|xml|pdf|zip|png|svg|ics)$"
                  r"|/export/|/(?:download|file|pbn|lin|csv|json|qr)(?:\.\w+)?/?$")
PER_KIND = 3  # pages visited per kind of address (its path with every number blanked)
MAX_PAGES = 250  # per crawl: a bound, never reached by the demo

CJK = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
CJK_RUN = re.compile(CJK.pattern + "+")
# A run of Latin letters and digits; it is a word when it holds 3 letters or more.
TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’][a-z]+)?")
# Notation shown in Chinese too: contracts (3NT, 4S×), holdings (AKQ102, KJx), IMP/VP/MP as
# the glossary writes them (国际比赛分 (IMP)), the brand, and a few names of things.
HOLDING = re.compile(r"^(?:[AKQJTx2-9]|10)+$")
CONTRACT = re.compile(r"^[1-7](?:NT?|[CDHS])(?:XX?)?$")
ALLOWED_ZH = {"NT", "IMP", "IMPs", "XIMP", "VP", "VPs", "MP", "MPs", "HCP", "bridgescore",
              "Vugraph", "tanh", "endplay",
              # file formats, encodings, scales' and bodies' own names
              "PBN", "LIN", "CSV", "USEBIO", "XML", "API", "JSON", "UTF", "Big5", "WBF", "ACBL",
              # a zone's offset where it has no name written out (UTC+05:30)
              "UTC"}
# A card written as the library's code (``str(card)``), not in the reader's notation.
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])[CDHS](?:[AKQJT2-9]|10)(?![A-Za-z0-9])")
# Addresses, e-mail addresses and file names.
URL = re.compile(r"https?://\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|/[\w./?=&%-]*[\w/]"
                 r"|\b[\w-]+\.(?:xml|pbn|csv|lin|json|txt)\b")


class _Page(HTMLParser):
    """The links of a page and the visible text of its ``<main>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.text: list[str] = []
        self._main = 0
        self._hidden = 0  # inside script, style or template
        self._code = 0  # inside code, kbd or samp: keys to press, text to type, code

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and a.get("href"):
            self.links.append(str(a["href"]))
        if tag == "main":
            self._main += 1
        if tag in ("script", "style", "template"):
            self._hidden += 1
        if tag in ("code", "kbd", "samp"):
            self._code += 1
        if tag in ("br", "td", "th", "li", "p", "div", "tr", "option", "dt", "dd"):
            self.text.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self._main -= 1
        if tag in ("script", "style", "template"):
            self._hidden -= 1
        if tag in ("code", "kbd", "samp"):
            self._code -= 1
            self.text.append(" ")
        if tag in ("td", "th", "li", "p", "div", "span", "a", "button", "label", "option"):
            self.text.append(" ")

    def handle_data(self, data: str) -> None:
        if self._main > 0 and self._hidden <= 0 and self._code <= 0:
            self.text.append(data)


def _kind(path: str) -> str:
    """A path with its numbers and secrets blanked: pages of one kind share it."""
    path = re.sub(r"/[A-Za-z0-9_-]{16,}(?=/|$)", "/<secret>", path)
    return re.sub(r"\d+", "<n>", path)


def _snippet(text: str, start: int, end: int) -> str:
    return " ".join(text[max(0, start - 30):end + 30].split())


def _strings(data: object) -> Iterable[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from _strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v)


# A field's label saying that the name after it is the one in the other language (an audit
# of the settings, say): the reader is shown both names on purpose.
OTHER_NAME_LABEL = {"en": r"(?:[Nn]ame in Chinese|Chinese name)\s*[:：]\s*",
                    "zh": r"(?:英文名称|英文名)\s*[:：]\s*"}


class Names:
    """The names stored in the demo's data, as they may be shown in each language."""

    def __init__(self) -> None:
        pairs: list[tuple[str, str]] = []
        for model in apps.get_models():
            fields = {f.name for f in model._meta.get_fields()}
            rows = model._default_manager
            if {"name_en", "name_zh"} <= fields:
                pairs += rows.values_list("name_en", "name_zh")
            elif "name" in fields and model._meta.app_label not in ("auth", "contenttypes"):
                pairs += [(n, "") for n in rows.values_list("name", flat=True)
                          if isinstance(n, str)]
        self.usernames = set(User.objects.values_list("username", flat=True))
        # The robots' internal labels (player ids ``robot:<label>`` in the competitions'
        # actions): never shown, a robot is named by its seat.
        self.robots = {p.split(":", 1)[1] for d in CompetitionAction.objects.values_list(
            "data", flat=True) for p in _strings(d) if p.startswith("robot:")}
        self.robots.discard("")
        # The names each page may show: the reader's when the name is kept in both
        # languages, else the one there is.
        self.shown: dict[str, set[str]] = {"en": set(), "zh": set()}
        self.other: dict[str, set[str]] = {"en": set(), "zh": set()}
        for en, zh in pairs:
            en, zh = en.strip(), zh.strip()
            for lang, mine, theirs in (("en", en, zh), ("zh", zh, en)):
                if mine or theirs:
                    self.shown[lang].add(mine or theirs)
                if mine and theirs and mine != theirs:
                    self.other[lang].add(theirs)
        assert "王伟" in self.shown["zh"] and "Wang Wei" in self.other["zh"]

    def strip(self, text: str, lang: str) -> str:
        """``text`` without the names a ``lang`` page may show, nor user names."""
        for name in sorted(self.other[lang], key=len, reverse=True):
            if name in text:  # named beside its label, as the other language's name
                text = re.sub(OTHER_NAME_LABEL[lang] + re.escape(name), " ", text)
        for name in sorted(self.shown[lang], key=len, reverse=True):
            if CJK.search(name):
                text = text.replace(name, " ")
            elif sum(c.isalpha() for c in name) >= 2:  # not a table's number, say
                text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        if self.usernames:
            text = re.sub(r"(?<![\w@])(?:" + "|".join(
                re.escape(u) for u in sorted(self.usernames, key=len, reverse=True))
                + r")(?![\w@])", " ", text)
        return text


def faults(text: str, lang: str, names: Names) -> list[str]:
    """The snippets of ``text`` (a page's visible text) not in ``lang``."""
    text = URL.sub(" ", names.strip(text, lang))
    found = []
    for m in TOKEN.finditer(text):
        if m.group() in names.robots:
            found.append(f"robot's id {m.group()!r}: …{_snippet(text, m.start(), m.end())}…")
    if lang == "en":
        for m in CJK_RUN.finditer(text):
            found.append(f"Chinese {m.group()!r}: …{_snippet(text, m.start(), m.end())}…")
        return found
    for m in CARD_CODE.finditer(text):
        found.append(f"card code {m.group()!r}: …{_snippet(text, m.start(), m.end())}…")
    for m in TOKEN.finditer(text):
        word = m.group()
        if (sum(c.isalpha() for c in word) < 3 or word in ALLOWED_ZH or word in names.robots
                or HOLDING.match(word) or CONTRACT.match(word)):
            continue
        found.append(f"English {word!r}: …{_snippet(text, m.start(), m.end())}…")
    return found


class Crawl:
    """The pages reachable from some start pages, a few of each kind, in one language."""

    def __init__(self, lang: str, names: Names) -> None:
        self.lang, self.names = lang, names
        self.kinds: Counter[str] = Counter()
        self.faults: dict[str, list[str]] = {}
        self.visited: list[str] = []

    def run(self, client: Client, starts: Iterable[str]) -> None:
        headers = EN if self.lang == "en" else ZH
        queue = list(starts)
        seen: set[str] = set()
        while queue and len(self.visited) < MAX_PAGES:
            path = queue.pop(0)
            url = urlsplit(path)
            if path in seen or SKIP.search(url.path):
                continue
            seen.add(path)
            kind = _kind(url.path) + ("?" if url.query else "")
            if self.kinds[kind] >= PER_KIND:
                continue
            self.kinds[kind] += 1
            self.visited.append(path)
            r = client.get(path, headers=headers)
            if r.status_code in (301, 302, 303, 307, 308):
                queue.insert(0, urljoin(path, r["Location"]))
                continue
            if not r.get("Content-Type", "").startswith("text/html"):
                continue
            page = _Page()
            page.feed(r.content.decode())
            page.close()
            found = faults(unescape("".join(page.text)), self.lang, self.names)
            if found:  # a page seen by both the member and the director: each fault once
                self.faults[path] = list(dict.fromkeys(self.faults.get(path, []) + found))
            for href in page.links:
                link = urlsplit(urljoin(path, href))
                if link.scheme in ("", "http") and link.netloc in ("", "testserver"):
                    queue.append(link.path + (f"?{link.query}" if link.query else ""))


def report(faults_by_page: dict[str, list[str]]) -> str:
    lines = []
    for path, found in faults_by_page.items():
        lines.append(f"{path}:")
        lines += [f"    {f}" for f in found[:8]]
        if len(found) > 8:
            lines.append(f"    … and {len(found) - 8} more")
    return "\n".join(lines)


class OneLanguageTestCase(TestCase):
    demo: Demo

    @classmethod
    def setUpTestData(cls) -> None:
        cls.demo = load_demo()

    def setUp(self) -> None:
        # Boards' pages and hand records show double-dummy tables when the solver is there:
        # here it is not (loading it and solving the demo's deals would take most of the
        # run); the tables' words are the library's.
        patcher = mock.patch("bridgescore.deals.dd._endplay",
                             side_effect=MissingSolverError("no solver", "没有求解器"))
        patcher.start()
        self.addCleanup(patcher.stop)

    def check(self, lang: str) -> None:
        crawl = Crawl(lang, Names())
        # The member's pages, then the director's (the kinds of page already seen are not
        # visited again: a director's own pages are added).
        for username in ("wangwei", "director"):
            client = Client()
            client.force_login(User.objects.get(username=username))
            crawl.run(client, ["/", "/account/", f"/clubs/{self.demo.club.slug}/", "/play/",
                               "/compete/", "/ratings/leaderboards/", "/pool/", "/vugraph/"])
        self.assertGreater(len(crawl.visited), 60, crawl.visited)
        if crawl.faults:
            self.fail(f"{len(crawl.faults)} of {len(crawl.visited)} pages in {lang} with text "
                      f"in the other language:\n{report(crawl.faults)}")

    def test_english_pages(self) -> None:
        self.check("en")

    def test_chinese_pages(self) -> None:
        self.check("zh")
