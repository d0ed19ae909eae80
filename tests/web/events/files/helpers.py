"""What the files tests share: a session with results, a board set, and a QR reader that
draws the page's own SVG and decodes it with a real decoder (zxing-cpp)."""

from __future__ import annotations

import datetime
import re

import zxingcpp
from PIL import Image

from bridgescore.web.events import services as sv
from bridgescore.web.events.models import Event

# The deal of board 1: N holds ♠AKQJ ♥T98 ♦765 ♣432; E ♠T98 ♥765 ♦432 ♣AKQJ; and so on.
DEAL1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
DEAL2 = "N:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"
PBN = (f'[Event "周二双人赛"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL1}"]\n'
       f'\n[Event "#"]\n[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL2}"]\n')


def make_event(club: object, director: object, name: str = "Tuesday pairs",
               running: bool = True) -> Event:
    actor = sv.Actor(director)  # type: ignore[arg-type]
    event = sv.create_event(club, actor, name_en=name, name_zh="周二双人赛",  # type: ignore[arg-type]
                            date=datetime.date(2026, 12, 1), movement="mitchell", tables=3,
                            boards_per_round=2)
    if running:
        sv.set_status(event, actor, Event.Status.RUNNING)
    return event


_PATH = re.compile(r'<path[^>]* d="([^"]+)"')
_VIEWBOX = re.compile(r'viewBox="0 0 (\d+) (\d+)"')


def draw_svg(svg: str, scale: int = 8) -> Image.Image:
    """Rasterise segno's SVG path (``M x y`` then relative ``h n`` and ``m dx dy``: one
    horizontal stroke of width 1 per run of dark modules) into a black-on-white image."""
    m = _VIEWBOX.search(svg)
    assert m is not None, svg[:200]
    w, h = int(m[1]), int(m[2])
    (d,) = _PATH.findall(svg)
    img = Image.new("L", (w * scale, h * scale), 255)
    px = img.load()
    assert px is not None
    x = y = 0.0
    for cmd, args in re.findall(r"([MmHh])([^MmHh]*)", d):
        nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", args)]
        if cmd == "M":
            x, y = nums[0], nums[1]
        elif cmd == "m":
            x, y = x + nums[0], y + nums[1]
        else:  # h: a stroke from x to x+n on the row centred at y
            n = nums[0]
            row = int(y - 0.5)
            for col in range(int(x), int(x + n)):
                for dx in range(scale):
                    for dy in range(scale):
                        px[col * scale + dx, row * scale + dy] = 0
            x += n
    return img


def decode_qr(svg: str) -> str:
    found = zxingcpp.read_barcodes(draw_svg(svg))
    assert len(found) == 1, f"{len(found)} codes found"
    return str(found[0].text)
