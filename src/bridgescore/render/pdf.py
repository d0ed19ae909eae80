"""PDF from the printable HTML pages (hand records, game records) with WeasyPrint, an
optional extra: ``pip install 'bridgescore[pdf]'``."""

from __future__ import annotations

import importlib
from pathlib import Path

from ..core.errors import MissingDependencyError

__all__ = ["MissingPdfError", "write_pdf"]


class MissingPdfError(MissingDependencyError):
    """WeasyPrint (the optional PDF renderer) is not installed or cannot load its libraries."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en, zh, package="weasyprint", extra="pdf")


def write_pdf(html: str, path: str | Path) -> int:
    """Print an HTML page (a hand record or a game record) to a PDF file with WeasyPrint;
    returns the number of pages.

    WeasyPrint lays out the same print stylesheet the browsers use; it needs the Pango
    library of the system and, for Chinese, a CJK font such as Noto Sans CJK."""
    try:
        # imported by name: an optional dependency without type information
        weasyprint = importlib.import_module("weasyprint")
    except (ImportError, OSError) as e:
        raise MissingPdfError(
            f"PDF output needs WeasyPrint and the Pango library: pip install 'bridgescore[pdf]' ({e})",
            f"PDF 输出需要 WeasyPrint 和 Pango 库：pip install 'bridgescore[pdf]'（{e}）",
        ) from None
    document = weasyprint.HTML(string=html).render()
    document.write_pdf(str(path))
    return len(document.pages)
