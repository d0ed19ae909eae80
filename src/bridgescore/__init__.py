"""bridgescore: contract-bridge scoring, every result explained, in Chinese and English.

>>> import bridgescore
>>> bridgescore.score("4S", 10, vulnerable=True)
620
>>> bridgescore.Board(4).dealer, bridgescore.Board(4).vulnerability
(<Seat.WEST: 3>, <Vulnerability.BOTH: 3>)
>>> bridgescore.imps(620 - 170), bridgescore.victory_points(10, 16)
(10, (12.8, 7.2))

The import is light on purpose: NumPy, Rich and Jinja2 load only in the modules that need
them (``bridgescore.batch``, ``bridgescore.render``, ``bridgescore.cli``).
"""

from .board import Board
from .contract import Contract, Doubling
from .errors import (
    BridgeError,
    FileFormatError,
    IllegalCallError,
    IllegalPlayError,
    ImpossibleResultError,
    InvalidDealError,
    NotationError,
    ScaleError,
)
from .imps import IMP_SCALES, ImpScale, get_imp_scale, imps, load_imp_scale
from .result import Result
from .scoring import Breakdown, Part, PartKind, breakdown, score
from .seat import Seat, Side
from .strain import Strain
from .vp import VP_SCALES, VpScale, get_vp_scale, victory_points
from .vulnerability import Vulnerability

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
