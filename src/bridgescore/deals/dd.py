"""Double-dummy tables and par, from the DDS solver that ``endplay`` ships prebuilt.

``endplay`` is an optional extra (``pip install bridgescore[dds]``) imported only here, and
only when a table is asked for.  A :class:`DDSolver` solves deals in batches (DDS spreads a
batch over all cores) and remembers every table it has solved, so that no deal is solved
twice; each caller owns its solver and its cache (nothing is shared between the users of one
process but the solver library itself, which is called by one thread at a time).  Tables are
copied out of the solver's structures at once: endplay's par iterator reuses one structure,
so reading it later would show the last contract only.

This module draws nothing: a long solve reports its progress through a callback
(``progress(done, total)``), and the caller (the command line's progress bar, a web page)
decides what to show.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.contract import Contract, Doubling
from ..core.deal import Deal
from ..core.errors import FileFormatError, MissingDependencyError
from ..core.i18n import Lang, is_zh
from ..core.seat import Seat
from ..core.strain import Strain
from ..core.vulnerability import Vulnerability

__all__ = ["DD_SEATS", "DD_STRAINS", "DDSolver", "DDTable", "MissingSolverError", "ParContract",
           "ParResult", "Progress", "dd_table", "dd_tables", "par"]

# endplay's orders: Denom spades, hearts, diamonds, clubs, nt; Player north, east, south, west.
_DENOM_OF_STRAIN = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3,
                    Strain.NOTRUMP: 4}
# The order hand records and PBN's DoubleDummyTricks print a table in: notrump first, and
# the seats N S E W.
DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
DD_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)

# ``progress(done, total)``: tables solved so far out of those to solve in this call.
Progress = Callable[[int, int], None]

# DDS 2.x keeps its working state (parameters, scheduler, thread memory) in globals, so two
# threads calling it at once would corrupt each other's solves; one call at a time, each
# using every core.
_DDS_LOCK = threading.Lock()


class MissingSolverError(MissingDependencyError):
    """The double-dummy solver (endplay) is not installed."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en, zh, package="endplay", extra="dds")


def _endplay() -> Any:
    try:
        import endplay.dds as dds
        import endplay.types as types
    except ImportError:
        raise MissingSolverError(
            "double-dummy analysis needs the DDS solver: pip install 'bridgescore[dds]' (endplay)",
            "双明手分析需要 DDS 求解器：pip install 'bridgescore[dds]'（endplay）",
        ) from None
    return dds, types


@dataclass(frozen=True, slots=True)
class DDTable:
    """Tricks declarer takes double dummy: ``table[strain, seat]``."""

    tricks: tuple[tuple[int, int, int, int], ...]  # [strain C D H S NT][seat N E S W]

    def __getitem__(self, key: tuple[Strain, Seat]) -> int:
        strain, seat = key
        return self.tricks[strain.value][seat.value]

    def to_dict(self) -> dict[str, dict[str, int]]:
        return {s.letter: {seat.letter: self.tricks[s.value][seat.value] for seat in Seat}
                for s in Strain}

    @classmethod
    def from_dict(cls, data: dict[str, dict[str, int]]) -> DDTable:
        rows = []
        for s in Strain:
            r = data[s.letter]
            rows.append((r["N"], r["E"], r["S"], r["W"]))
        return cls(tuple(rows))

    def pbn(self) -> str:
        """The ``DoubleDummyTricks`` tag value: hex digits N, S, E, W, each NT S H D C."""
        out = []
        for seat in DD_SEATS:
            for s in DD_STRAINS:
                out.append(format(self[s, seat], "x"))
        return "".join(out)


@dataclass(frozen=True, slots=True)
class ParContract:
    contract: Contract
    declarers: tuple[Seat, ...]
    overtricks: int  # negative for a sacrifice going down

    def who(self, lang: Lang = "en") -> str:
        """``NS``, ``E`` / ``南北``, ``东``: the side when either partner may declare."""
        if len(self.declarers) == 2:
            return self.declarers[0].side.name_in(lang)
        return "".join(s.letter if not is_zh(lang) else s.name_in("zh") for s in self.declarers)

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        """The contract and its double-dummy result, as results are written: ``1C+2 by EW``,
        ``6HX-4 by EW``, ``3NT= by N``; ``东西打1♣超2``, ``东西打6♥×宕4``, ``北打3NT=``."""
        c = self.contract.format(lang, symbols)
        n = self.overtricks
        if is_zh(lang):
            rel = "=" if n == 0 else (f"超{n}" if n > 0 else f"宕{-n}")
            return f"{self.who('zh')}打{c}{rel}"
        rel = "=" if n == 0 else f"{n:+d}"
        return f"{c}{rel} by {self.who('en')}"

    def to_dict(self) -> dict[str, object]:
        return {"contract": str(self.contract), "declarers": [s.letter for s in self.declarers],
                "overtricks": self.overtricks}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParContract:
        return cls(Contract.parse(data["contract"]),
                   tuple(Seat.parse(s) for s in data["declarers"]), int(data["overtricks"]))


@dataclass(frozen=True, slots=True)
class ParResult:
    score: int  # North-South's par score
    contracts: tuple[ParContract, ...]

    def format(self, lang: Lang = "en", symbols: bool = False) -> str:
        """``1C+2 by EW; NS -110`` / ``东西打1♣超2；南北 -110``; a deal whose par is to pass
        it out: ``passed out; NS 0`` / ``四家不叫；南北 0``."""
        zh = is_zh(lang)
        contracts = ", ".join(c.format(lang, symbols) for c in self.contracts) or (
            "四家不叫" if zh else "passed out")
        score = f"{self.score:+d}" if self.score else "0"
        return f"{contracts}；南北 {score}" if zh else f"{contracts}; NS {score}"

    def to_dict(self) -> dict[str, object]:
        return {"score_ns": self.score, "contracts": [c.to_dict() for c in self.contracts]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ParResult:
        """The result :meth:`to_dict` wrote (a stored analysis's par)."""
        return cls(int(data["score_ns"]),
                   tuple(ParContract.from_dict(c) for c in data["contracts"]))


class DDSolver:
    """Solves deals in batches and remembers every table (optionally in a JSON file).

    One solver per caller: its cache is its own.  ``cache_path`` names a JSON file of solved
    deals, read now and written by :meth:`save`."""

    def __init__(self, cache_path: str | Path | None = None) -> None:
        self._cache: dict[str, DDTable] = {}
        self.cache_path = Path(cache_path) if cache_path is not None else None
        self.solved = 0  # tables actually computed by DDS (not served from the cache)
        if self.cache_path is not None and self.cache_path.exists():
            self._cache = _read_cache(self.cache_path)

    def save(self) -> None:
        """Write the cache file (whole, then renamed over the old one, so that an
        interrupted save leaves the previous file as it was)."""
        if self.cache_path is not None:
            data = {k: v.to_dict() for k, v in self._cache.items()}
            tmp = self.cache_path.with_name(self.cache_path.name + ".tmp")
            tmp.write_text(json.dumps(data), encoding="utf-8")
            os.replace(tmp, self.cache_path)

    def tables(self, deals: Sequence[Deal], progress: Progress | None = None) -> list[DDTable]:
        """Tables for the deals, in order.  ``progress(done, total)`` is called before the
        first batch and after each one, when any deal has to be solved."""
        keys = [d.pbn() for d in deals]
        todo = list(dict.fromkeys(k for k in keys if k not in self._cache))
        if todo:
            dds, types = _endplay()
            import endplay._dds as raw

            batch = int(raw.MAXNOOFTABLES)
            if progress is not None:
                progress(0, len(todo))
            for i in range(0, len(todo), batch):
                chunk = todo[i : i + batch]
                with _DDS_LOCK:
                    results = dds.calc_all_tables([types.Deal(k) for k in chunk])
                    solved = [_copy_table(table) for table in results]
                for k, table in zip(chunk, solved, strict=True):
                    self._cache[k] = table
                self.solved += len(chunk)
                if progress is not None:
                    progress(i + len(chunk), len(todo))
        return [self._cache[k] for k in keys]

    def table(self, deal: Deal) -> DDTable:
        return self.tables([deal])[0]


def _read_cache(path: Path) -> dict[str, DDTable]:
    """The tables of a cache file written by :meth:`DDSolver.save`; anything else is an
    error naming the file (never a table taken on trust: a wrong one would go to print)."""
    from ..formats.textfile import json_error, read_text

    text = read_text(path, "double-dummy cache", "双明手缓存文件")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        en, zh = json_error(e)
        raise FileFormatError(f"not a double-dummy cache: {en}", f"不是双明手缓存文件：{zh}",
                              path=str(path)) from None
    out: dict[str, DDTable] = {}
    ok = isinstance(data, dict)
    for key, value in data.items() if ok else ():
        try:
            table = DDTable.from_dict(value)
        except (KeyError, TypeError, AttributeError):
            ok = False
            break
        if not isinstance(key, str) or any(
                type(n) is not int or not 0 <= n <= 13 for row in table.tricks for n in row):
            ok = False
            break
        out[key] = table
    if not ok:
        raise FileFormatError(
            "not a double-dummy cache: expected the JSON object `--cache` writes (each deal, "
            "then tricks by strain and seat, 0-13)",
            "不是双明手缓存文件：应为 `--cache` 写出的 JSON 对象（每副牌按花色和座位列出 0-13 墩）",
            path=str(path))
    return out


def _copy_table(table: Any) -> DDTable:
    rows = []
    for strain in Strain:
        d = _DENOM_OF_STRAIN[strain]
        rows.append(tuple(int(table._data.resTable[d][p]) for p in range(4)))
    return DDTable(tuple(rows))  # type: ignore[arg-type]


def dd_tables(deals: Iterable[Deal], solver: DDSolver | None = None,
              progress: Progress | None = None) -> list[DDTable]:
    """Double-dummy tables for many deals, solved in parallel batches: by ``solver`` (and
    remembered in its cache), or by a solver of this call alone."""
    return (solver if solver is not None else DDSolver()).tables(list(deals), progress)


def dd_table(deal: Deal, solver: DDSolver | None = None) -> DDTable:
    return (solver if solver is not None else DDSolver()).table(deal)


def par(table: DDTable, vulnerability: Vulnerability, dealer: Seat) -> ParResult:
    """Par contracts and NS par score for a solved table (DDS ``DealerParBin``)."""
    _dds, types = _endplay()
    import endplay._dds as raw

    res = raw.ddTableResults()
    for strain in Strain:
        d = _DENOM_OF_STRAIN[strain]
        for p in range(4):
            res.resTable[d][p] = table.tricks[strain.value][p]
    vul = types.Vul([types.Vul.none, types.Vul.ns, types.Vul.ew, types.Vul.both][vulnerability.value])
    out = raw.parResultsMaster()
    with _DDS_LOCK:
        raw.DealerParBin(res, out, types.Player(dealer.value), vul)
    contracts = []
    # Copy each contract out of the solver's structure at once (it is reused by endplay's
    # own iterator); seats 4 and 5 mean "either of N/S" and "either of E/W".
    for i in range(out.number):
        c = out.contracts[i]
        level, denom, seats, under, over = int(c.level), int(c.denom), int(c.seats), int(c.underTricks), int(c.overTricks)
        # DDS numbers a par contract's strain 0 NT, 1 spades, 2 hearts, 3 diamonds, 4 clubs.
        strain = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)[denom]
        declarers = (Seat.NORTH, Seat.SOUTH) if seats == 4 else (Seat.EAST, Seat.WEST) if seats == 5 else (Seat(seats),)
        doubling = Doubling.DOUBLED if under > 0 else Doubling.UNDOUBLED
        contracts.append(ParContract(Contract(level, strain, doubling), declarers, over - under))
    return ParResult(int(out.score), tuple(contracts))
