"""Text normalisation shared by every parser: full-width forms, traditional characters,
the Symbol-font suit glyphs of scanned documents, and Chinese numerals."""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_DIGITS", "display_width", "excerpt", "normalize", "parse_int"]

# Traditional forms of the characters bridge notation uses (glossary.md: accept as input).
_TRADITIONAL = str.maketrans(
    {
        "東": "东",
        "將": "将",
        "無": "无",
        "塊": "块",
        "紅": "红",
        "黑": "黑",
        "結": "结",
        "約": "约",
        "數": "数",
        "對": "对",
        "雙": "双",
        "莊": "庄",
        "與": "与",
        "兩": "两",
        "倍": "倍",
        "過": "过",
        "廢": "废",
        "發": "发",
        "號": "号",
        "補": "补",
        "後": "后",
        "減": "减",
        "壹": "一",
        "貳": "二",
        "參": "三",
        "叁": "三",
        "肆": "四",
        "伍": "五",
        "陸": "六",
        "柒": "七",
        "捌": "八",
        "玖": "九",
        "拾": "十",
        "張": "张",
        "門": "门",
        "墩": "墩",
        "贏": "赢",
        "負": "负",
        "勝": "胜",
        "輸": "输",
        "宕": "宕",
        "當": "当",
        "個": "个",
        # Words of results, vulnerability and declarer (剛好, 超額, 局況, 敵方, 身價, 其餘)
        "剛": "刚",
        "額": "额",
        "況": "况",
        "敵": "敌",
        "價": "价",
        "餘": "余",
        # Words of file headers (輪次, 開室/閉室, 室別, 主隊/客隊).  Only what the parsers and
        # readers look up: names pass through normalize() in some readers, and each extra
        # character would turn part of a traditional name into simplified.
        "輪": "轮",
        "開": "开",
        "閉": "闭",
        "別": "别",
        "隊": "队",
    }
)

# Scanned documents set suits in the Symbol font: § ¨ © ª are ♣ ♦ ♥ ♠ (003, 004 and 001 use them).
# The outline suits and the variation selector that some keyboards add are folded too.
_GLYPHS = str.maketrans(
    {
        "§": "♣",
        "¨": "♦",
        "©": "♥",
        "ª": "♠",
        "♧": "♣",
        "♢": "♦",
        "♡": "♥",
        "♤": "♠",
        "\ufe0f": None,
        "\ufe0e": None,
        "＊": "*",
        "✕": "×",
        "╳": "×",
        "ｘ": "x",
        "−": "-",
        "–": "-",
        "—": "-",
        "＝": "=",
        "。": ".",
        "、": ",",
        "；": ";",
        "：": ":",
    }
)


def normalize(text: str) -> str:
    """Fold full-width characters, traditional characters and suit glyph variants.

    >>> normalize("南打３ＮＴ，超１")
    '南打3NT,超1'
    >>> normalize("東打4ª×")
    '东打4♠×'
    """
    if text.isascii():
        # Everything below maps non-ASCII characters only; most input is plain ASCII.
        return text.strip()
    # Map the Symbol-font glyphs first: NFKC would turn ª into "a".
    text = text.translate(_GLYPHS)
    text = unicodedata.normalize("NFKC", text)
    return text.translate(_TRADITIONAL).translate(_GLYPHS).strip()


def normalize_id(text: str) -> str:
    """A name-like cell (a pair or team id): folded like ``normalize`` when that leaves plain
    ASCII (full-width ``１２`` is pair 12), else kept as written (composed, trimmed), so a
    traditional name is not half turned into simplified (東方 stays 東方, not 东方).

    >>> normalize_id(" １２ "), normalize_id("東方"), normalize_id("Ｌｉｏｎｓ")
    ('12', '東方', 'Lions')
    """
    folded = normalize(text)
    return folded if folded.isascii() else unicodedata.normalize("NFC", text).strip()


_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
           "九": 9}
_ZEROS = frozenset("零〇")
_UNITS = {"十": 10, "百": 100, "千": 1000}
_ABOVE_ALL = 10_000
# No count in bridge comes near 30 digits; longer numbers are refused before int() sees them
# (Python refuses to convert strings of more than 4,300 digits, and slowly below that).
MAX_DIGITS = 30


def parse_int(text: str) -> int | None:
    """A whole number written in digits or in Chinese numerals; None if it is neither, or if
    it has more than :data:`MAX_DIGITS` digits.

    Chinese numerals are read strictly: ``一二三`` or ``十十`` are not numbers, and ``一百五``
    (which people say for 150) is refused rather than guessed; ``一百零五`` is 105.

    >>> parse_int("12"), parse_int("十二"), parse_int("二十"), parse_int("一百零五"), parse_int("x")
    (12, 12, 20, 105, None)
    >>> parse_int("一二三"), parse_int("一百五"), parse_int("9" * 5000)
    (None, None, None)
    """
    if not text:
        return None
    if text.isascii():
        if not text.isdigit():
            return None
    elif not text.isdecimal():  # digits of any script (full-width, Arabic-Indic …) or none
        return _chinese_number(text)
    digits = text.lstrip("0０")
    if len(digits) > MAX_DIGITS:
        return None
    return int(digits) if digits else 0


def _chinese_number(text: str) -> int | None:
    if len(text) > 12:  # 九千九百九十九 is 7 characters: nothing longer is a count we read
        return None
    if text in _ZEROS:
        return 0
    total = 0
    digit: int | None = None
    last_unit = _ABOVE_ALL
    zero = False  # a 零 since the last unit: 一百零五 is 105
    for ch in text:
        if ch in _DIGITS:
            if digit is not None:
                return None  # two digits in a row: 一二
            digit = _DIGITS[ch]
        elif ch in _ZEROS:
            if digit is not None or last_unit == _ABOVE_ALL or zero:
                return None
            zero = True
        elif ch in _UNITS:
            unit = _UNITS[ch]
            if unit >= last_unit:
                return None  # units go down: 十十, 十百
            if digit is None:
                if unit != 10 or last_unit != _ABOVE_ALL:
                    return None
                digit = 1  # 十二 is 12
            total += digit * unit
            last_unit, digit, zero = unit, None, False
        else:
            return None
    if digit is not None:
        if last_unit != _ABOVE_ALL and last_unit > 10 and not zero:
            return None  # 一百五: 150 as people say it, or 105? Refused, not guessed
        return total + digit
    return None if zero else total


def excerpt(value: object, limit: int = 40) -> str:
    """A value as an error message quotes it: its ``repr``, cut to the first 20 characters
    and ``…`` when longer than ``limit``, so that a huge bad value is never echoed whole.

    >>> excerpt("4SX"), excerpt("1" * 5000), excerpt(10 ** 5000)
    ("'4SX'", "'11111111111111111111…'", '10000000000000000000…')
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:20] + "…")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        # repr() of an int of more than 4,300 digits raises; show the leading digits.
        n = abs(value)
        shift = max(int(n.bit_length() * 0.30102999566398) - 20, 0)
        lead = str(n // 10**shift)[:20]
        return f"{'-' if value < 0 else ''}{lead}…"
    try:
        shown = repr(value)
    except ValueError:  # a container holding a huge int
        shown = f"<{type(value).__name__}>"
    return shown if len(shown) <= limit else shown[:20] + "…"


def display_width(text: str) -> int:
    """Columns a string takes in a terminal: wide (CJK) characters take two.

    >>> display_width("南北 NS"), display_width("，")
    (7, 2)
    """
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)
