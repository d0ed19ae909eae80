"""QR codes of the table cards, drawn on the server as SVG (segno: pure Python, no images).

The SVG has no inline style (the site's Content-Security-Policy forbids it) and no fixed
size, so the card's CSS sizes it; each module is one unit of the view box.
"""

from __future__ import annotations

import segno


def qr_svg(url: str, title: str = "") -> str:
    """An inline ``<svg>`` of a QR code holding ``url`` (error correction M: a card may be
    creased or stained), with a quiet zone of four modules as the standard asks."""
    code = segno.make(url, error="m", micro=False)
    return str(code.svg_inline(scale=1, border=4, svgclass="qr", lineclass=None,
                               omitsize=True, title=title or None, dark="#000"))

