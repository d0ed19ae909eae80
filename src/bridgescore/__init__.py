"""bridgescore: contract-bridge scoring, every result explained, in Chinese and English.

>>> import bridgescore
>>> bridgescore.score("4S", 10, vulnerable=True)
620
>>> bridgescore.Board(4).dealer, bridgescore.Board(4).vulnerability
(<Seat.WEST: 3>, <Vulnerability.BOTH: 3>)
>>> bridgescore.imps(620 - 170), bridgescore.victory_points(10, 16)
(10, (12.8, 7.2))

The import is light on purpose: NumPy, Rich and Jinja2 load only in the modules that need
them (``bridgescore.scoring.batch``, ``bridgescore.render``, ``bridgescore.cli``); the IMP and VP
scales (``imps``, ``victory_points`` and their tables) load on first use of one of their
names, and the score table and the parsers' less common patterns are built on first use
(``bridgescore score 4S N =`` needs none of them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.board import Board
from .core.contract import Contract, Doubling
from .core.errors import (
    BridgeError,
    FileFormatError,
    IllegalCallError,
    IllegalPlayError,
    ImpossibleResultError,
    InvalidDealError,
    NotationError,
    ScaleError,
)
from .core.law77 import Breakdown, Part, PartKind, breakdown, score
from .core.result import Result
from .core.seat import Seat, Side
from .core.strain import Strain
from .core.vulnerability import Vulnerability

if TYPE_CHECKING:  # loaded on first use, see __getattr__
    from .scoring.imps import IMP_SCALES, ImpScale, get_imp_scale, imps, load_imp_scale
    from .scoring.vp import VP_SCALES, VpScale, get_vp_scale, victory_points

# Names whose modules load when a name is first asked for (``bridgescore.imps(450)``):
# the scales read their data files and pull in json, pathlib, decimal and importlib.resources,
# which scoring one result never needs.  tests/test_startup.py keeps them off the import.
_LAZY = {
    "IMP_SCALES": "scoring.imps", "ImpScale": "scoring.imps", "get_imp_scale": "scoring.imps",
    "imps": "scoring.imps", "load_imp_scale": "scoring.imps",
    "VP_SCALES": "scoring.vp", "VpScale": "scoring.vp", "get_vp_scale": "scoring.vp",
    "victory_points": "scoring.vp",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # asked once: later look-ups find it directly
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__version__ = "0.1.0"

__all__ = [
    "IMP_SCALES",
    "VP_SCALES",
    "Board",
    "Breakdown",
    "BridgeError",
    "Contract",
    "Doubling",
    "FileFormatError",
    "IllegalCallError",
    "IllegalPlayError",
    "ImpScale",
    "ImpossibleResultError",
    "InvalidDealError",
    "NotationError",
    "Part",
    "PartKind",
    "Result",
    "ScaleError",
    "Seat",
    "Side",
    "Strain",
    "VpScale",
    "Vulnerability",
    "breakdown",
    "get_imp_scale",
    "get_vp_scale",
    "imps",
    "load_imp_scale",
    "score",
    "victory_points",
]
