"""A small well-formedness check for the HTML pages (every tag closed, properly nested)."""

from __future__ import annotations

from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.cells: list[tuple[str, str]] = []  # (tag, text) of every th/td, in order
        self.body_cells: list[tuple[str, str]] = []  # the same, inside <tbody> only
        self._cell: list[str] | None = None
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        if tag in ("td", "th"):
            self._cell = []
        self._in_title = tag == "title"
        self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.errors.append(f"self-closed <{tag}/>")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.errors.append(f"end tag for void element </{tag}>")
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if tag in ("td", "th") and self._cell is not None:
            cell = (tag, "".join(self._cell).strip())
            self.cells.append(cell)
            if "tbody" in self.stack:
                self.body_cells.append(cell)
            self._cell = None
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._in_title:
            self.title += data


def check_html(text: str) -> _Checker:
    """Parse ``text``; raise AssertionError unless it is a complete, well-nested document."""
    assert text.lstrip().lower().startswith("<!doctype html>"), text[:50]
    checker = _Checker()
    checker.feed(text)
    checker.close()
    assert not checker.errors, checker.errors[:5]
    assert not checker.stack, f"unclosed: {checker.stack}"
    return checker
