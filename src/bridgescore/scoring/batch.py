"""Score many results at once with NumPy.

Every result is one of 3,360 combinations of level (0-7, 0 = passed out), strain (0-4 in
:class:`~bridgescore.Strain` order C D H S NT), doubling (0-2), vulnerability of the
declaring side (0/1) and tricks (0-13).  :func:`encode` packs each result into one
``uint16`` code, and :func:`score_codes` scores codes with one ``np.take`` from a table
copied from :func:`bridgescore.core.law77.score_table`, so the batch and scalar scores cannot
differ.  :func:`score_batch` does both at once, in cache-sized chunks.

>>> import numpy as np
>>> score_batch(4, 3, 0, [False, True], [10, 8])          # 4S=, NV; 4S-2, V
array([ 420, -200], dtype=int32)
>>> codes = encode([3, 7], 4, [0, 2], True, [9, 0])        # 3NT= V; 7NTXX taking no trick, V
>>> score_codes(codes)
array([  600, -7600], dtype=int32)
>>> ns_scores(level=4, strain=3, doubling=1, declarer=[0, 1], vulnerability=1, tricks=8)
array([-500,  300], dtype=int32)
>>> r = parse_results(["4SX N -2", "南打3NT超1", "pass"])
>>> r["level"], r["declarer"]
(array([4, 3, 0], dtype=uint8), array([ 0,  2, -1], dtype=int8))
>>> ns_scores(r["level"], r["strain"], r["doubling"], r["declarer"], 3, r["tricks"])
array([-500,  630,    0], dtype=int32)
"""

from __future__ import annotations

import enum
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from ..core.contract import Doubling
from ..core.errors import ImpossibleResultError, NotationError
from ..core.law77 import score_table
from ..core.result import Result
from ..core.seat import Seat, Side
from ..core.strain import Strain
from ..core.vulnerability import Vulnerability

__all__ = [
    "CODE_COUNT",
    "RESULT_DTYPE",
    "encode",
    "ns_scores",
    "parse_results",
    "score_batch",
    "score_codes",
]

# Mixed-radix digits of a code, most significant first:
#   code = (((level * 5 + strain) * 3 + doubling) * 2 + vulnerable) * 14 + tricks
# For level >= 1 this is the score table's index (contract.index * 28 + vulnerable * 14 + tricks)
# plus 420, so level 0 (passed out) needs no special case: it is the first 420 codes.
_LEVELS, _STRAINS, _DOUBLINGS, _VULS, _TRICKS = 8, 5, 3, 2, 14
_PASSED_OUT_CODES = _STRAINS * _DOUBLINGS * _VULS * _TRICKS  # 420
CODE_COUNT = _LEVELS * _PASSED_OUT_CODES  # 3360: every code is below this
_PASSED_OUT_ROW = 105 * 28  # where the score table keeps its row for the passed-out board

# Chunk of results scored at a time by score_batch: the uint16 codes of a chunk (64 KiB)
# stay in the L2 cache between encoding and the look-up, which measured ~15-25% faster
# than encoding the whole array first.
_CHUNK = 1 << 15

# The structured dtype returned by parse_results; declarer -1 means no declarer (passed out).
RESULT_DTYPE = np.dtype(
    [("level", "u1"), ("strain", "u1"), ("doubling", "u1"), ("declarer", "i1"), ("tricks", "u1")]
)


# A passed-out board takes no trick, as in score(): the table holds this mark where level 0
# meets tricks 1-13, and a look-up that lands there is refused.  Finding it is one min() over
# each chunk of scores already in the cache, so the check costs no pass over the inputs.
# Every real score is at least -7,600 (7NTXX vulnerable, no trick), and the mark stays far
# below that once the NS table negates it for East–West.
_NO_TRICKS = -(1 << 30)
_LOWEST = -7600


def _build_scores() -> npt.NDArray[np.int32]:
    source = np.asarray(score_table(), dtype=np.int32)
    passed_out = source[_PASSED_OUT_ROW : _PASSED_OUT_ROW + 28].copy()
    passed_out.reshape(_VULS, _TRICKS)[:, 1:] = _NO_TRICKS
    table = np.concatenate(
        [np.tile(passed_out, _PASSED_OUT_CODES // 28), source[:_PASSED_OUT_ROW]]
    ).astype(np.int32)
    assert int(table[table != _NO_TRICKS].min()) == _LOWEST
    table.setflags(write=False)
    return table


def _build_ns_scores(scores: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    # NS code = ((((((declarer + 1) * 8 + level) * 5 + strain) * 3 + doubling) * 4
    #            + board vulnerability) * 14 + tricks; declarer slot 0 is "no declarer".
    by_digit = scores.reshape(_LEVELS, _STRAINS, _DOUBLINGS, _VULS, _TRICKS)
    table = np.zeros((5, _LEVELS, _STRAINS, _DOUBLINGS, 4, _TRICKS), dtype=np.int32)
    for seat in Seat:
        sign = 1 if seat.side is Side.NS else -1
        for vul in Vulnerability:
            declarer_vul = int(vul.is_vulnerable(seat))
            table[seat.value + 1, :, :, :, vul.value, :] = sign * by_digit[:, :, :, declarer_vul, :]
    table[:, 0, :, :, :, 1:] = _NO_TRICKS  # every declarer slot, "none" included
    flat = table.reshape(-1)
    flat.setflags(write=False)
    return flat


def _passed_out_tricks(scores: npt.NDArray[np.int32], tricks: npt.NDArray[Any],
                       shape: tuple[int, ...], start: int = 0) -> None:
    """Raise for the first passed-out result that took tricks, if ``scores`` (the flat
    scores from ``start`` on, in C order of ``shape``) hold the mark."""
    if scores.size == 0 or int(scores.min()) >= _LOWEST:
        return
    flat = start + int(np.argmax(scores < _LOWEST))
    index = tuple(int(i) for i in np.unravel_index(flat, shape)) if shape else ()
    where_en, where_zh = _where(index)
    n = int(np.broadcast_to(tricks, shape)[index]) if tricks.size else 0
    raise ImpossibleResultError(
        f"invalid number of tricks {n}{where_en} for a passed-out board (level 0): no trick "
        "is played (0)",
        f"无效的墩数 {n}{where_zh}：四家不叫（阶数 0）的牌不打牌（墩数为 0）",
    )


_SCORES = _build_scores()
_NS_SCORES = _build_ns_scores(_SCORES)


@dataclass(frozen=True, slots=True)
class _Field:
    """One input column: its names and the values it accepts (lo-hi)."""

    name: str
    zh: str
    hi: int
    expected_en: str
    expected_zh: str
    lo: int = 0
    allow_bool: bool = False
    error: type[NotationError] = NotationError
    kind: type[enum.Enum] | None = None  # the enum whose members may stand for values


_LEVEL = _Field("level", "阶数", 7, "0-7 (0 = passed out)", "0-7（0 表示四家不叫）")
_STRAIN = _Field(
    "strain", "花色", 4, "0-4 (C D H S NT)", "0-4（梅花 方块 红心 黑桃 无将）", kind=Strain
)
_DOUBLING = _Field(
    "doubling", "加倍", 2, "0-2 (-, X, XX)", "0-2（未加倍、加倍、再加倍）", kind=Doubling
)
_VULNERABLE = _Field(
    "vulnerable", "定约方局况", 1, "True/False or 0/1", "True/False 或 0/1", allow_bool=True
)
_TRICKS_FIELD = _Field(
    "tricks", "墩数", 13, "0-13", "0-13", error=ImpossibleResultError
)
_DECLARER = _Field(
    "declarer", "定约人", 3, "0-3 (N E S W; -1 = none, passed out only)",
    "0-3（北 东 南 西；-1 表示无定约人，仅限四家不叫）", lo=-1, kind=Seat,
)
_BOARD_VUL = _Field(
    "vulnerability", "局况", 3, "0-3 (none, NS, EW, both)", "0-3（双无、南北、东西、双有）",
    kind=Vulnerability,
)
_CODE = _Field("code", "编码", CODE_COUNT - 1, f"0-{CODE_COUNT - 1}", f"0-{CODE_COUNT - 1}")


def _where(index: tuple[int, ...]) -> tuple[str, str]:
    """`` at index 3`` / ``（下标 3）``; nothing for a scalar."""
    if not index:
        return "", ""
    shown = str(index[0]) if len(index) == 1 else str(index)
    return f" at index {shown}", f"（下标 {shown}）"


def _checked(field: _Field, value: object) -> npt.NDArray[Any]:
    """``value`` as an integer array whose values are all in range, or a BridgeError.

    The range check is one reduction: a signed array viewed as unsigned turns negative
    values into huge ones, so ``max() <= hi`` checks both ends (``lo`` is 0 there).
    """
    if isinstance(value, enum.Enum):
        # Only our own enum: another library's IntEnum may number the same things differently.
        if field.kind is None or type(value) is not field.kind:
            raise NotationError(
                f"invalid {field.name} {value!r}: expected {field.expected_en}"
                + (f" or a {field.kind.__name__}" if field.kind else ""),
                f"无效的{field.zh} {value!r}：应为 {field.expected_zh}"
                + (f" 或 {field.kind.__name__}" if field.kind else ""),
            )
        value = value.value
    try:
        array = np.asarray(value)
    except (ValueError, TypeError, OverflowError) as e:
        shown = reprlib.repr(value)
        raise NotationError(
            f"invalid {field.name} {shown}: expected an array of integers {field.expected_en}",
            f"无效的{field.zh} {shown}：应为整数数组 {field.expected_zh}",
        ) from e
    kind = array.dtype.kind
    if not (kind in "iu" or (kind == "b" and field.allow_bool) or (array.size == 0 and kind in "biuf")):
        raise NotationError(
            f"invalid {field.name} of dtype {array.dtype}: expected integers {field.expected_en}",
            f"无效的{field.zh}（数据类型 {array.dtype}）：应为整数 {field.expected_zh}",
        )
    if array.size == 0 or kind == "b":
        return array
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    if kind == "u" or field.lo == 0:
        unsigned = array.view(f"u{array.itemsize}") if kind == "i" else array
        ok = int(unsigned.max()) <= field.hi
    else:
        ok = int(array.min()) >= field.lo and int(array.max()) <= field.hi
    if not ok:
        bad = np.logical_or(array < field.lo, array > field.hi)
        index = tuple(int(i) for i in np.unravel_index(int(np.argmax(bad)), array.shape))
        where_en, where_zh = _where(index)
        raise field.error(
            f"invalid {field.name} {array[index]}{where_en}: expected {field.expected_en}",
            f"无效的{field.zh} {array[index]}{where_zh}：应为 {field.expected_zh}",
        )
    return array


def _shape(fields: tuple[_Field, ...], arrays: tuple[npt.NDArray[Any], ...]) -> tuple[int, ...]:
    try:
        return np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError as e:
        shapes = ", ".join(f"{f.name} {a.shape}" for f, a in zip(fields, arrays, strict=True))
        raise NotationError(
            f"arrays of different shapes cannot be scored together: {shapes}; "
            "expected equal shapes or scalars (NumPy broadcasting)",
            f"数组形状不一致，无法一起记分：{shapes}；各数组形状应相同，或为单个数值（NumPy 广播）",
        ) from e


_RESULT_FIELDS = (_LEVEL, _STRAIN, _DOUBLING, _VULNERABLE, _TRICKS_FIELD)
_RESULT_RADICES = (_STRAINS, _DOUBLINGS, _VULS, _TRICKS)


def _inputs(*values: object) -> tuple[tuple[npt.NDArray[Any], ...], tuple[int, ...]]:
    arrays = tuple(_checked(f, v) for f, v in zip(_RESULT_FIELDS, values, strict=True))
    return arrays, _shape(_RESULT_FIELDS, arrays)


def _horner(
    out: npt.NDArray[np.uint16],
    first: npt.NDArray[Any],
    digits: tuple[npt.NDArray[Any], ...],
    radices: tuple[int, ...],
    offset: int = 0,
) -> None:
    """``out = ((first + offset) * r0 + d0) * r1 + d1 …`` computed in place in uint16.

    The inputs are already checked, so the unsafe casts cannot change a value, and every
    result is below 65,536 (a -1 in ``first`` wraps to 65,535 and back to 0 when the
    offset is added: uint16 arithmetic is modular).  Forcing the uint16 loop keeps wide
    inputs (int64) from widening the arithmetic; NumPy casts them chunk by chunk.
    """
    if offset:
        np.add(first, offset, out=out, dtype=np.uint16, casting="unsafe")
    else:
        out[...] = first
    for digit, radix in zip(digits, radices, strict=True):
        np.multiply(out, radix, out=out, dtype=np.uint16)
        np.add(out, digit, out=out, dtype=np.uint16, casting="unsafe")


def encode(
    level: npt.ArrayLike,
    strain: npt.ArrayLike | Strain,
    doubling: npt.ArrayLike | Doubling,
    vulnerable: npt.ArrayLike,
    tricks: npt.ArrayLike,
) -> npt.NDArray[np.uint16]:
    """Pack results into ``uint16`` codes below :data:`CODE_COUNT`, for :func:`score_codes`.

    Arguments broadcast together (scalars, or arrays of one shape).  Encode once and
    score many times, or store the codes: two bytes a result.

    >>> encode(4, 3, 1, [False, True], 8).tolist()   # 4*420 + 3*84 + 1*28 + 14v + 8
    [1968, 1982]
    """
    arrays, shape = _inputs(level, strain, doubling, vulnerable, tricks)
    codes = np.empty(shape, dtype=np.uint16)
    _horner(codes, arrays[0], arrays[1:], _RESULT_RADICES)
    if codes.size:
        _passed_out_tricks(np.take(_SCORES, codes.reshape(-1)), arrays[4], shape)
    return codes


def score_codes(codes: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Declarer scores of codes made by :func:`encode`: one ``np.take`` from the table.

    >>> score_codes(encode(3, 4, 0, False, [9, 8]))
    array([400, -50], dtype=int32)
    """
    checked = _checked(_CODE, codes)
    if checked.size == 0:  # np.asarray([]) is float64, which np.take refuses as indices
        return np.zeros(checked.shape, dtype=np.int32)
    scores = np.asarray(np.take(_SCORES, checked), dtype=np.int32)
    if int(scores.min()) < _LOWEST:  # the tricks digit is only worked out for the message
        _passed_out_tricks(scores.reshape(-1), checked % _TRICKS, scores.shape)
    return scores


def score_batch(
    level: npt.ArrayLike,
    strain: npt.ArrayLike | Strain,
    doubling: npt.ArrayLike | Doubling,
    vulnerable: npt.ArrayLike,
    tricks: npt.ArrayLike,
) -> npt.NDArray[np.int32]:
    """Declarer scores (negative when the contract fails) of many results, as ``int32``.

    ``level`` 0-7 (0 = passed out: it scores 0 whatever the strain, doubling and
    vulnerability say, and takes 0 tricks, as in :func:`~bridgescore.score`),
    ``strain`` 0-4 (C D H S NT), ``doubling`` 0-2, ``vulnerable`` bool (the declaring
    side's), ``tricks`` 0-13.  Arguments broadcast; the result has their common shape.
    Bad input raises :class:`~bridgescore.NotationError` (or
    :class:`~bridgescore.ImpossibleResultError` for tricks, and for tricks on a passed-out
    board) naming the first bad element.

    >>> score_batch(level=[1, 6, 0], strain=4, doubling=[0, 1, 0], vulnerable=True, tricks=[7, 12, 0])
    array([  90, 1680,    0], dtype=int32)
    """
    arrays, shape = _inputs(level, strain, doubling, vulnerable, tricks)
    return _chunked_take(_SCORES, arrays, _RESULT_RADICES, shape)


_OpFlag = Literal["readonly", "writeonly", "allocate"]


def _chunked_take(
    table: npt.NDArray[np.int32],
    arrays: tuple[npt.NDArray[Any], ...],
    radices: tuple[int, ...],
    shape: tuple[int, ...],
    offset: int = 0,
) -> npt.NDArray[np.int32]:
    # nditer broadcasts the inputs and hands them over in chunks already cast to uint16;
    # each chunk is encoded into a reused buffer and looked up straight into the output.
    read: list[_OpFlag] = ["readonly"]
    write: list[_OpFlag] = ["writeonly", "allocate"]
    op_flags = [read] * len(arrays) + [write]
    it = np.nditer(
        [*arrays, None],
        flags=["external_loop", "buffered", "zerosize_ok"],
        op_flags=op_flags,
        op_dtypes=[np.dtype(np.uint16)] * len(arrays) + [np.dtype(np.int32)],
        casting="unsafe",
        order="C",
        buffersize=_CHUNK,
    )
    buffer = np.empty(_CHUNK, dtype=np.uint16)
    done = 0  # results before this chunk, in C order (the order nditer was asked for)
    with it:
        for chunk in it:
            n = chunk[0].shape[0]
            if n > buffer.shape[0]:
                buffer = np.empty(n, dtype=np.uint16)
            codes = buffer[:n]
            _horner(codes, chunk[0], tuple(chunk[1:-1]), radices, offset)
            np.take(table, codes, out=chunk[-1])
            _passed_out_tricks(chunk[-1], arrays[-1], shape, done)
            done += n
        result: npt.NDArray[np.int32] = it.operands[-1]
    return result


_NS_FIELDS = (_DECLARER, _LEVEL, _STRAIN, _DOUBLING, _BOARD_VUL, _TRICKS_FIELD)
_NS_RADICES = (_LEVELS, _STRAINS, _DOUBLINGS, 4, _TRICKS)


def ns_scores(
    level: npt.ArrayLike,
    strain: npt.ArrayLike | Strain,
    doubling: npt.ArrayLike | Doubling,
    declarer: npt.ArrayLike | Seat,
    vulnerability: npt.ArrayLike | Vulnerability,
    tricks: npt.ArrayLike,
) -> npt.NDArray[np.int32]:
    """North–South scores (EW's are the negation) given declarer and board vulnerability.

    ``declarer`` 0-3 (N E S W, or :class:`~bridgescore.Seat`), ``vulnerability`` 0-3
    (none, NS, EW, both, as :class:`~bridgescore.Vulnerability`); the other columns as in
    :func:`score_batch`.  ``declarer`` may be -1 (no declarer) only where ``level`` is 0,
    as :func:`parse_results` gives for a passed-out board.

    >>> ns_scores([3, 3], 4, 0, [0, 1], 2, 9)   # 3NT= by N and by E, EW vulnerable
    array([ 400, -600], dtype=int32)
    """
    values = (declarer, level, strain, doubling, vulnerability, tricks)
    arrays = tuple(_checked(f, v) for f, v in zip(_NS_FIELDS, values, strict=True))
    shape = _shape(_NS_FIELDS, arrays)
    decl, lev = arrays[0], arrays[1]
    if decl.size and decl.dtype.kind == "i" and int(decl.min()) < 0:
        stray = np.logical_and(decl < 0, lev != 0)
        if stray.any():
            index = tuple(int(i) for i in np.unravel_index(int(np.argmax(stray)), shape))
            where_en, where_zh = _where(index)
            bid = np.broadcast_to(lev, shape)[index]
            raise NotationError(
                f"invalid declarer -1{where_en}: a level-{bid} contract needs a declarer "
                "0-3 (N E S W); only a passed-out board (level 0) has none",
                f"无效的定约人 -1{where_zh}：{bid} 阶定约需要定约人 0-3（北 东 南 西）；"
                "只有四家不叫（阶数 0）没有定约人",
            )
    # The declarer digit goes first, so the +1 of its slot (-1 -> 0) rides on the first
    # copy of each chunk instead of costing a pass of its own.
    return _chunked_take(_NS_SCORES, arrays, _NS_RADICES, shape, offset=1)


def parse_results(texts: Iterable[str]) -> npt.NDArray[np.void]:
    """Parse result strings (any notation :meth:`Result.parse` reads) into a structured
    array of :data:`RESULT_DTYPE`: ``level strain doubling declarer tricks``.

    Each distinct string is parsed once per call, so a long list with repeats costs a
    dictionary look-up per element.  A passed-out board has level 0, declarer -1.

    >>> parse_results(["3NT S +1", "北打4S×宕2", "3NT S +1"]).tolist()
    [(3, 4, 0, 2, 10), (4, 3, 1, 0, 8), (3, 4, 0, 2, 10)]
    """
    items = texts if isinstance(texts, list) else list(texts)
    try:
        distinct = list(dict.fromkeys(items))
    except TypeError:  # an unhashable element: not a string, so Result.parse refuses it
        distinct = [_first_non_string(items)]
    rows: list[tuple[int, int, int, int, int]] = []
    for text in distinct:
        try:
            result = Result.parse(text)
        except NotationError as e:
            index = next(i for i, t in enumerate(items) if t is text or t == text)
            error = ImpossibleResultError if isinstance(e, ImpossibleResultError) else NotationError
            raise error(f"result at index {index}: {e.en}", f"第 {index} 项结果：{e.zh}") from e
        contract = result.contract
        rows.append(
            (
                contract.level,
                contract.strain.value,
                contract.doubling.value,
                -1 if result.declarer is None else result.declarer.value,
                result.tricks,
            )
        )
    table = np.array(rows, dtype=RESULT_DTYPE)
    if len(distinct) == len(items):
        return table
    position = {text: i for i, text in enumerate(distinct)}
    ids = np.fromiter(map(position.__getitem__, items), dtype=np.intp, count=len(items))
    return table[ids]


def _first_non_string(items: list[Any]) -> Any:
    return next(t for t in items if type(t) is not str)
