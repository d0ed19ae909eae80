"""Telling the encoding of a text file users give us, from its bytes.

In order: an encoding the caller names; a byte-order mark (UTF-8, UTF-16, UTF-32); UTF-16
without a mark, told by its NUL bytes (every other byte of ASCII text is 0); the encoding an
XML file declares (``<?xml … encoding="GB2312"?>``); UTF-8.  Anything else is weighed among
the encodings Chinese and Western clubs' files really come in — GB18030 (and its subsets GBK
and GB2312), Big5 (Taiwan, with the Hong Kong supplement) and Windows-1252 (Latin-1) — by how
likely each decoding is as text (:func:`_weigh`).  When two readings are about as likely the
file is refused with both readings quoted, so that the user can say which is right: a wrong
guess would print garbled names with success.

Every failure is a :class:`DecodeProblem` (English and Chinese); :mod:`bridgescore.formats.textfile`
adds the file's name and makes it a ``FileFormatError``.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise

__all__ = ["DecodeProblem", "Decoded", "decode", "display_name", "double_encoded", "is_wide"]


@dataclass(frozen=True, slots=True)
class Decoded:
    text: str
    encoding: str  # the Python codec that read it
    how: str  # "given", "bom", "nul" (UTF-16 without a mark), "declared", "utf-8", "detected"


class DecodeProblem(Exception):
    """Why bytes could not be read as text, in English and Chinese."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.en, self.zh = en, zh


_NAMES = {"utf-8": "UTF-8", "utf-8-sig": "UTF-8", "utf-16": "UTF-16", "utf-16-le": "UTF-16",
          "utf-16-be": "UTF-16", "utf-32": "UTF-32", "utf-32-le": "UTF-32",
          "utf-32-be": "UTF-32", "gb18030": "GB18030", "cp950": "Big5", "big5": "Big5",
          "big5hkscs": "Big5-HKSCS", "cp1252": "Latin-1 (Windows-1252)", "latin-1": "Latin-1"}
# What to type to ask for each encoding (the --encoding option, encoding= in Python).
_ASK = {"gb18030": "gb18030", "cp950": "big5", "big5": "big5", "big5hkscs": "big5hkscs",
        "cp1252": "latin-1", "latin-1": "latin-1"}


def is_wide(raw: bytes, encoding: str | None = None) -> bool:
    """Whether ``raw`` is (or is said to be) UTF-16 or UTF-32, whose NUL bytes are text."""
    if encoding is not None:
        tried = _codecs_for(encoding)
        return tried is not None and tried[0].startswith(("utf-16", "utf-32"))
    return raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or \
        _utf16_by_nuls(raw) is not None


def display_name(codec: str) -> str:
    """``GB18030``, ``Big5``, ``Latin-1 (Windows-1252)`` … for a codec this module uses."""
    return _NAMES.get(codec, codec)


# Families: a user who says "big5" or a file that declares "GB2312" means the family, and the
# widest member reads every file a narrower one does (WHATWG treats the labels the same way).
_FAMILIES: dict[str, tuple[str, ...]] = {}
for _names, _codecs in (
    (("gb2312", "gbk", "cp936", "936", "gb18030", "euc-cn", "x-gbk", "csgb2312", "gb_2312-80"),
     ("gb18030",)),
    (("big5", "cp950", "950", "big-5", "x-x-big5", "csbig5"), ("cp950", "big5hkscs")),
    (("big5hkscs", "big5-hkscs", "hkscs"), ("big5hkscs",)),
    (("latin-1", "latin1", "iso-8859-1", "iso8859-1", "l1", "cp1252", "windows-1252",
      "us-ascii", "ascii"), ("cp1252", "latin-1")),
):
    for _n in _names:
        _FAMILIES[_n] = _codecs


def _codecs_for(name: str) -> tuple[str, ...] | None:
    """The codecs to try for an encoding name, or None when Python knows no such text codec."""
    key = name.strip().lower().replace("_", "-")
    if key in _FAMILIES:
        return _FAMILIES[key]
    try:
        info = codecs.lookup(key)
    except LookupError:
        return None
    # Not base64, rot13 and the like: they are codecs but not text encodings.
    if not getattr(info, "_is_text_encoding", True):
        return None
    return (info.name,)


def decode(raw: bytes, encoding: str | None = None) -> Decoded:
    """The text of ``raw``: see the module's docstring for the order things are tried in."""
    if encoding is not None:
        return _given(raw, encoding)
    for mark, codec in _BOMS:
        if raw.startswith(mark):
            return Decoded(_strict(raw, codec, "bom"), codec, "bom")
    nul = _utf16_by_nuls(raw)
    if nul is not None:
        return Decoded(_strict(raw, nul, "nul"), nul, "nul")
    declared = _declared(raw)
    if declared is not None:
        tried = _codecs_for(declared)
        if tried is None:
            raise DecodeProblem(
                f"the file declares the encoding {declared!r}, which is not one we know "
                "(expected e.g. UTF-8, GB18030, Big5 or ISO-8859-1)",
                f"文件声明的编码 {declared!r} 无法识别（应为 UTF-8、GB18030、Big5 或 ISO-8859-1 等）")
        # A file that says UTF-16 but has neither a mark nor NULs is ASCII-compatible: .NET
        # writes such files.  Its declaration is wrong; read it like an undeclared file.
        if not tried[0].startswith(("utf-16", "utf-32")):
            return _first_that_reads(raw, tried, "declared",
                                     f"the file declares {declared!r}", f"文件声明为 {declared!r}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return _detect(raw, e)
    # GB18030 and Big5 bytes are now and then valid UTF-8 (王 in GB18030 is CD F5, UTF-8 for
    # ͵; 陳東 is EA 90 96 7C, UTF-8 for ꐖ|): a file with little non-ASCII text (UTF-8 bytes
    # beyond its characters show how much at no cost), or whose every non-ASCII character is
    # a two-byte one, is weighed against them.  Real Chinese text of any length in UTF-8 is
    # not also GB18030 or Big5 text.
    if not text.isascii() and double_encoded(text) is None and (
            len(raw) - len(text) <= _FEW or _TWO_BYTE_ONLY.fullmatch(text) is not None):
        return _detect(raw, None, Decoded(text, "utf-8", "utf-8"))
    return Decoded(text, "utf-8", "utf-8")


# Extra UTF-8 bytes (beyond one a character) in a file weighed although it is valid UTF-8.
_FEW = 600


_TWO_BYTE_ONLY = re.compile(r"[\x00-\u07ff]*")


_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))


def _given(raw: bytes, name: str) -> Decoded:
    tried = _codecs_for(name)
    if tried is None:
        raise DecodeProblem(
            f"unknown encoding {name!r}: expected e.g. utf-8, gb18030, big5, latin-1 or utf-16",
            f"未知的编码 {name!r}：应为 utf-8、gb18030、big5、latin-1 或 utf-16 等")
    if tried[0] in ("utf-16", "utf-32"):
        # Without a mark Python assumes big-endian; files without one are from Windows (little).
        if not raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            tried = (_utf16_by_nuls(raw) or f"{tried[0]}-le",)
    elif tried[0] == "utf-8":
        tried = ("utf-8-sig",)
    return _first_that_reads(raw, tried, "given", f"the encoding {name!r} was given",
                             f"给出的编码是 {name!r}")


def _first_that_reads(raw: bytes, tried: tuple[str, ...], how: str, said_en: str,
                      said_zh: str) -> Decoded:
    first: UnicodeDecodeError | None = None
    for codec in tried:
        try:
            return Decoded(raw.decode(codec), codec, how)
        except UnicodeDecodeError as e:
            first = first or e
    assert first is not None
    line = _line_of(raw, first.start)
    bad = raw[first.start:first.start + 4].hex(" ")
    name = display_name(tried[0])
    raise DecodeProblem(
        f"{said_en}, but line {line} is not valid {name} (bytes {bad}); give the right "
        "encoding (--encoding on the command line, encoding= in Python)",
        f"{said_zh}，但第{line}行不是有效的 {name}（字节 {bad}）；请给出正确的编码"
        "（命令行用 --encoding，Python 中用 encoding=）")


def _strict(raw: bytes, codec: str, how: str) -> str:
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as e:
        name = display_name(codec)
        why_en = "starts with a byte-order mark" if how == "bom" else "has the NUL bytes"
        why_zh = "以字节顺序标记开头" if how == "bom" else "含有 NUL 字节"
        raise DecodeProblem(
            f"not a text file: it {why_en} of {name} but is not valid {name} "
            f"(at byte {e.start})",
            f"不是文本文件：它{why_zh}（{name}），但不是有效的 {name}（第 {e.start} 字节处）",
        ) from None


def _line_of(raw: bytes, offset: int) -> int:
    return raw.count(b"\n", 0, offset) + 1


def _utf16_by_nuls(raw: bytes) -> str | None:
    """UTF-16 without a mark: ASCII characters leave a NUL in every other byte."""
    sample = raw[:4096]
    pairs = len(sample) // 2
    if pairs < 2 or len(raw) % 2:
        return None
    even = sample[0:pairs * 2:2].count(0)
    odd = sample[1:pairs * 2:2].count(0)
    # Mostly ASCII (a results file always has its digits and separators) puts NULs on one
    # side only; the other side has next to none (only characters such as U+4E00 put one there).
    if odd >= pairs * 0.3 and even <= pairs * 0.02:
        return "utf-16-le"
    if even >= pairs * 0.3 and odd <= pairs * 0.02:
        return "utf-16-be"
    return None


_DECLARATION = re.compile(rb"""<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']""")


def _declared(raw: bytes) -> str | None:
    if raw.lstrip()[:5] != b"<?xml":
        return None
    m = _DECLARATION.match(raw.lstrip()[:200])
    return m.group(1).decode("ascii") if m else None


# ---------------------------------------------------------------------------- weighing
# Candidates when a file is neither marked, declared nor UTF-8, in order of preference on a tie
# (the project's users are mostly mainland clubs).
_CANDIDATES = (("gb18030",), ("cp950", "big5hkscs"), ("cp1252", "latin-1"))
# How much likelier the best reading must be than the next (natural log: e^4 ≈ 55 times).
_MARGIN = 4.0
# The most non-ASCII characters weighed: plenty to decide, and quick on a 60 MB file.
_SAMPLE = 20_000


def _detect(raw: bytes, utf8_error: UnicodeDecodeError | None,
            utf8: Decoded | None = None) -> Decoded:
    readings: list[tuple[float, int, Decoded]] = []
    if utf8 is not None:
        readings.append((_weigh(utf8.text, "utf-8")[0] + _UTF8_BONUS, 1, utf8))
    for order, family in enumerate(_CANDIDATES):
        for codec in family:
            try:
                text = raw.decode(codec)
            except UnicodeDecodeError:
                continue
            if utf8 is not None and codec in ("cp1252", "latin-1"):
                break  # valid UTF-8 read as Latin-1 is the mojibake to avoid
            weight = _weigh(text, codec)[0] + _PRIOR[order]
            readings.append((weight, -order, Decoded(text, codec, "detected")))
            break
    readings.sort(key=lambda r: (r[0], r[1]), reverse=True)
    if not readings or not _plausible(readings[0]):
        where = (f"line {_line_of(raw, utf8_error.start)} is not UTF-8" if utf8_error
                 else "it reads as none of them")
        where_zh = (f"第{_line_of(raw, utf8_error.start)}行不是 UTF-8" if utf8_error
                    else "按哪一种都读不通")
        raise DecodeProblem(
            f"not a text file in an encoding we recognise (UTF-8, UTF-16, GB18030, Big5, "
            f"Latin-1): {where}; give the encoding (--encoding on the command "
            "line, encoding= in Python)",
            f"不是可识别编码的文本文件（UTF-8、UTF-16、GB18030、Big5、Latin-1）：{where_zh}；"
            "请给出编码（命令行用 --encoding，Python 中用 encoding=）")
    best = readings[0]
    if len(readings) > 1 and best[0] - readings[1][0] < _MARGIN:
        raise _ambiguous(best[2], readings[1][2])
    return best[2]


# Before any evidence (natural log): the project's users are mostly mainland clubs, then
# Taiwan and Hong Kong, then Western ones.
_PRIOR = (0.0, -1.0, -2.0)
# Valid UTF-8 is itself evidence: other encodings rarely happen to be.
_UTF8_BONUS = 3.0


def _plausible(reading: tuple[float, int, Decoded]) -> bool:
    """Not every reading is text: bytes that are none of the candidates decode in GB18030 or
    Latin-1 all the same, as a run of rare characters and symbols."""
    weight, _, decoded = reading
    count = _count(decoded.text)
    return count == 0 or weight / count > _FLOOR


# The mean log-likelihood per character below which a reading is not text: between a
# reading's usual −9 and the −20 of characters no one writes.
_FLOOR = -14.0


def _count(text: str) -> int:
    return min(_SAMPLE, sum(len(m.group()) for m in _NON_ASCII.finditer(text)))


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _ambiguous(a: Decoded, b: Decoded) -> DecodeProblem:
    line_a, line_b = _first_difference(a.text, b.text)
    na, nb = display_name(a.encoding), display_name(b.encoding)
    ask_a, ask_b = _ASK.get(a.encoding, a.encoding), _ASK.get(b.encoding, b.encoding)
    return DecodeProblem(
        f"cannot tell the encoding: as {na} a line reads {line_a!r}, as {nb} {line_b!r}; "
        f"give the encoding (--encoding {ask_a} or --encoding {ask_b} on the command line, "
        f"encoding={ask_a!r} or encoding={ask_b!r} in Python)",
        f"无法判断编码：按 {na} 某行读作 {line_a!r}，按 {nb} 读作 {line_b!r}；请给出编码"
        f"（命令行用 --encoding {ask_a} 或 --encoding {ask_b}，Python 中用 encoding={ask_a!r} "
        f"或 encoding={ask_b!r}）")


def _first_difference(a: str, b: str) -> tuple[str, str]:
    """The first line that reads differently, cut to a short excerpt around the difference."""
    for la, lb in zip(a.splitlines(), b.splitlines(), strict=False):
        if la != lb:
            start = next((i for i, (x, y) in enumerate(zip(la, lb, strict=False)) if x != y), 0)
            lo = max(0, start - 12)
            return la[lo:lo + 30].strip(), lb[lo:lo + 30].strip()
    return a[:30], b[:30]


def _weigh(text: str, codec: str) -> tuple[float, int]:
    """The log-likelihood of a reading's non-ASCII characters as text of its script, and how
    many were weighed.

    Each encoding ranks its own characters by use: GB2312's first level holds the 3,755
    commonest simplified characters and its second level 3,008 more; Big5 has 5,401
    "frequently used" characters, then 7,652 "less frequently used".  Those ranks, read from
    the codecs themselves, give each character a likelihood; a wrong decoding scatters
    characters over the whole table, so it lands on rare characters, kana, box drawing and
    private-use characters far more often than text does."""
    total = 0.0
    seen = 0
    latin = codec in ("cp1252", "latin-1")
    score = _latin_score if latin else _utf8_score if codec == "utf-8" else _cjk_score(codec)
    for m in _NON_ASCII.finditer(text):
        run = m.group()
        total += sum(map(score, run))
        if latin:
            total += _latin_context(text, m.start(), m.end())
        elif codec == "utf-8":
            total += _utf8_context(run)
        else:
            total += _cjk_context(text, m.start(), m.end())
        seen += len(run)
        if seen >= _SAMPLE:
            break
    return total, seen


def _cjk_context(text: str, start: int, end: int) -> float:
    """Chinese characters stand apart from Latin words: one inside a word (M邦ller) is what a
    Latin-1 name read as Big5 or GB18030 looks like."""
    if start > 0 and end < len(text) and _is_ideograph(text[start]) and \
            text[start - 1].isascii() and text[start - 1].isalpha() and "a" <= text[end] <= "z":
        return _INSIDE_WORD
    return 0.0


_INSIDE_WORD = -4.0


def _latin_context(text: str, start: int, end: int) -> float:
    """What a run of non-ASCII characters in a Latin-1 reading costs beyond its characters.

    Accented letters stand alone (Müller, François): each one after another costs more.  A
    run of odd length followed by a letter would have taken that letter as the second byte
    of its last character in a CJK reading, so the Latin reading must explain it as well.
    A capital after a small letter (gÄm) is rare in a name."""
    cost = _LATIN_RUN * (end - start - 1)
    if (end - start) % 2 and end < len(text) and "\x40" <= text[end] <= "\x7e":
        cost += _LATIN_LETTER
    if start and text[start].isupper() and text[start - 1].islower():
        cost += _LATIN_CAPITAL
    return cost


# Log-likelihoods (natural log) of one character of each kind in genuine text.  They need only
# be right in order of magnitude: a wrong reading differs by several units per character.
_COMMON, _LESS, _OTHER_SCRIPT, _PUNCT, _RARE, _JUNK = -8.3, -13.0, -11.0, -5.0, -16.0, -20.0


def _cjk_score(codec: str) -> Callable[[str], float]:
    common, less, other = _tiers(codec)
    latin = -6.0 if codec == "gb18030" else -9.0

    def score(c: str) -> float:
        if c in _BRIDGE:
            return _WORD
        if c in common:
            return _COMMON
        if c in less:
            return _LESS
        if c in other:
            return _OTHER_SCRIPT  # a traditional name in a GB file, or the reverse
        if _is_punct(c):
            return _PUNCT
        if _is_ideograph(c):
            return _RARE
        if 0xC0 <= ord(c) < 0x250 and c.isalpha():
            return latin  # pinyin with tone marks, a Western name (GB18030 has them all)
        return _JUNK

    return score


# The characters of bridge notation and results files, simplified and traditional (南打4S超1,
# 開室, 定約人 …): in a results file each is far likelier than an average common character, and
# a wrong reading seldom lands on them — they tell GB18030 from Big5 where the frequency ranks
# alone cannot (南打超 in GB18030 bytes are the common 鰍湖閉 in Big5).
_BRIDGE = frozenset(
    "南北东東西打超宕定约約副号號桌轮輪对對室开開闭閉结結首攻无無将將黑红紅桃块塊梅花加倍局双雙"
    "队隊赛賽墩庄莊")
_WORD = -6.0


def _is_punct(c: str) -> bool:
    o = ord(c)
    return 0x3000 <= o <= 0x301F or 0xFF01 <= o <= 0xFF5E or c in "“”‘’…—·•"


def _is_ideograph(c: str) -> bool:
    o = ord(c)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x20000 <= o <= 0x2FFFF \
        or 0xF900 <= o <= 0xFAFF


_TRAILS = (*range(0x40, 0x7F), *range(0xA1, 0xFF))


def _rows(codec: str, leads: range, trails: tuple[int, ...] | range) -> str:
    return bytes(b for lead in leads for t in trails for b in (lead, t)).decode(codec, "replace")


@cache
def _gb_levels() -> tuple[frozenset[str], frozenset[str]]:
    one = _rows("gb18030", range(0xB0, 0xD8), range(0xA1, 0xFF))
    two = _rows("gb18030", range(0xD8, 0xF8), range(0xA1, 0xFF))
    return (frozenset(c for c in one if _is_ideograph(c)),
            frozenset(c for c in two if _is_ideograph(c)))


@cache
def _big5_levels() -> tuple[frozenset[str], frozenset[str]]:
    # Frequently used: A440–C67E; less frequently used: C940–F9D5.
    common = _rows("big5", range(0xA4, 0xC6), _TRAILS) + _rows("big5", range(0xC6, 0xC7),
                                                               range(0x40, 0x7F))
    less = _rows("big5", range(0xC9, 0xF9), _TRAILS) + _rows(
        "big5", range(0xF9, 0xFA), (*range(0x40, 0x7F), *range(0xA1, 0xD6)))
    return (frozenset(c for c in common if _is_ideograph(c)),
            frozenset(c for c in less if _is_ideograph(c)))


@cache
def _tiers(codec: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    gb1, gb2 = _gb_levels()
    b1, b2 = _big5_levels()
    if codec == "gb18030":
        return gb1, gb2, b1 - gb1 - gb2
    return b1, b2, gb1 - b1 - b2


# Latin-1 text: accented letters stand alone between ASCII letters (Müller, François); the
# bytes of CJK text read as Latin-1 come in pairs, often of symbols.
_LATIN_COMMON = frozenset("éèêëàâäáãåçñöüóòôõøíìîïúùûýÿæœßÉÈÊÀÂÄÅÇÑÖÜÓØÍÚÆŒ")
_LATIN_PUNCT = frozenset("’‘“”–—…€£°«»§©®½")
_LATIN_RUN = -5.0  # a non-ASCII character right after another
_LATIN_LETTER = -3.4  # one ASCII letter of about thirty
_LATIN_CAPITAL = -3.0


def _latin_score(c: str) -> float:
    if c in _LATIN_COMMON:
        return -3.5
    if c in _LATIN_PUNCT:
        return -4.5
    if (c.isalpha() and ord(c) < 0x180) or c in "ŠšŽžŸ":
        return -5.5
    return -9.0 if ord(c) >= 0xA0 or c in "‚„†‡ˆ‰‹›•˜™ƒ" else -20.0


def _utf8_score(c: str) -> float:
    """UTF-8 characters: Latin letters, Greek, Cyrillic, Chinese … but not IPA letters,
    spacing modifiers and combining marks standing alone, nor Yi syllables, private-use
    characters and the like, which is what GB18030 or Big5 bytes read as UTF-8 mostly give."""
    o = ord(c)
    if o >= 0x800:
        if c in _BRIDGE:
            return _WORD
        if _is_ideograph(c):
            gb1, gb2 = _gb_levels()
            b1, b2 = _big5_levels()
            return _COMMON if c in gb1 or c in b1 else _LESS if c in gb2 or c in b2 else _RARE
        if _is_punct(c):
            return _PUNCT
        if 0x3040 <= o < 0x3100 or 0xAC00 <= o < 0xD7A4 or 0x2000 <= o < 0x2C00:
            return -9.0  # kana, Hangul (Japanese and Korean names); arrows, €, ™ …
        if 0xA000 <= o < 0xA4D0 or 0xE000 <= o < 0xF900 or o >= 0xF0000:
            return _UTF8_JUNK  # Yi syllables, private use
        return -12.0
    if o < 0x100:
        return _latin_score(c)
    if o < 0x180:
        return -5.5  # Latin Extended-A: Polish, Czech, Turkish … letters
    if o < 0x250:
        return -10.0
    if 0x370 <= o < 0x530 and c.isalpha():
        return -5.0  # Greek, Cyrillic
    return -15.0 if o < 0x370 else -9.0


def _utf8_context(run: str) -> float:
    """Within a word the letters keep to one script, and accented Latin letters stand alone;
    a Greek or Cyrillic word is more than a letter or two among ASCII."""
    cost = 0.0
    if len(run) < 3 and _block(run[0]) in (2, 3) and all(ord(c) < 0x800 for c in run):
        cost += _SHORT_WORD * len(run)
    for a, b in pairwise(run):
        ba, bb = _block(a), _block(b)
        cost += _LATIN_RUN if ba == bb == 0 else 0.0 if ba == bb else _MIXED
    return cost


_MIXED = -6.0
_UTF8_JUNK = -30.0  # a character that text never has, from three or four bytes at once
_SHORT_WORD = -5.0


def _block(c: str) -> int:
    o = ord(c)
    if o >= 0x800:
        return 4 if _is_ideograph(c) or _is_punct(c) else o >> 7
    return 0 if o < 0x250 else 1 if o < 0x370 else 2 if o < 0x400 else 3 if o < 0x530 else o >> 7


# ---------------------------------------------------------------------------- mojibake
_DOUBLE = re.compile(r"[\u00c0-\u00ff][\u0080-\u00bf\u0152-\u2122]")


def double_encoded(text: str) -> str | None:
    """The text as it was meant, when ``text`` is UTF-8 that was read as Latin-1 and saved
    again (王 becomes ``çŽ‹``); None otherwise."""
    if _DOUBLE.search(text) is None:
        return None
    for codec in ("cp1252", "latin-1"):
        try:
            fixed = text.encode(codec).decode("utf-8")
        except UnicodeError:
            continue
        if fixed != text:
            return fixed
    return None

