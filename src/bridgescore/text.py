"""Text normalisation shared by every parser: full-width forms, traditional characters,
the Symbol-font suit glyphs of scanned documents, and Chinese numerals."""

from __future__ import annotations

import unicodedata

__all__ = ["display_width", "normalize", "parse_int"]

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


_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6,
           "七": 7, "八": 8, "九": 9}
_UNITS = {"十": 10, "百": 100, "千": 1000}


def parse_int(text: str) -> int | None:
    """An integer written in ASCII digits or in Chinese numerals; None if it is neither.

    >>> parse_int("12"), parse_int("十二"), parse_int("二十"), parse_int("一百零五"), parse_int("x")
    (12, 12, 20, 105, None)
    """
    if not text:
        return None
    if text.isascii():
        return int(text) if text.isdigit() else None
    total = 0
    current = 0
    seen = False
    for ch in text:
        if ch in _DIGITS:
            current = _DIGITS[ch]
            seen = True
        elif ch in _UNITS:
            total += (current or 1) * _UNITS[ch]
            current = 0
            seen = True
        elif ch.isdigit():
            current = current * 10 + int(ch)
            seen = True
        else:
            return None
    return total + current if seen else None


def display_width(text: str) -> int:
    """Columns a string takes in a terminal: wide (CJK) characters take two.

    >>> display_width("南北 NS"), display_width("，")
    (7, 2)
    """
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)
