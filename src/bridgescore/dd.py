"""Double-dummy tables and par, from the DDS solver that ``endplay`` ships prebuilt.

``endplay`` is an optional extra (``pip install bridgescore[dds]``) imported only here, and
only when a table is asked for.  Tables are solved in batches (DDS spreads a batch over all
cores), cached by deal so that no deal is solved twice, and copied out of the solver's
structures at once: endplay's par iterator reuses one structure, so reading it later would
show the last contract only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .contract import Contract, Doubling
from .deal import Deal
from .errors import BridgeError
from .seat import Seat
from .strain import Strain
from .vulnerability import Vulnerability

__all__ = ["DD_SEATS", "DD_STRAINS", "DDSolver", "DDTable", "ParContract", "ParResult", "dd_table",
           "dd_tables", "par"]

# endplay's orders: Denom spades, hearts, diamonds, clubs, nt; Player north, east, south, west.
_DENOM_OF_STRAIN = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3,
                    Strain.NOTRUMP: 4}
# The order hand records and PBN's DoubleDummyTricks print a table in: notrump first, and
# the seats N S E W.
DD_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
DD_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


class MissingSolverError(BridgeError):
    """The double-dummy solver (endplay) is not installed."""


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

    def who(self, lang: str = "en") -> str:
        """``NS``, ``E`` / ``南北``, ``东``: the side when either partner may declare."""
        if len(self.declarers) == 2:
            return self.declarers[0].side.name_in(lang)
        return "".join(s.letter if lang != "zh" else s.name_in("zh") for s in self.declarers)

    def format(self, lang: str = "en", symbols: bool = False) -> str:
        """The contract and its double-dummy result, as results are written: ``1C+2 by EW``,
        ``6HX-4 by EW``, ``3NT= by N``; ``东西打1♣超2``, ``东西打6♥×宕4``, ``北打3NT=``."""
        c = self.contract.format(lang, symbols)
        n = self.overtricks
        if lang == "zh":
            rel = "=" if n == 0 else (f"超{n}" if n > 0 else f"宕{-n}")
            return f"{self.who('zh')}打{c}{rel}"
        rel = "=" if n == 0 else f"{n:+d}"
        return f"{c}{rel} by {self.who('en')}"

    def to_dict(self) -> dict[str, object]:
        return {"contract": str(self.contract), "declarers": [s.letter for s in self.declarers],
                "overtricks": self.overtricks}


@dataclass(frozen=True, slots=True)
class ParResult:
    score: int  # North-South's par score
    contracts: tuple[ParContract, ...]

    def format(self, lang: str = "en", symbols: bool = False) -> str:
        """``1C+2 by EW; NS -110`` / ``东西打1♣超2；南北 -110``; a deal whose par is to pass
        it out: ``passed out; NS 0`` / ``四家不叫；南北 0``."""
        zh = lang == "zh"
        contracts = ", ".join(c.format(lang, symbols) for c in self.contracts) or (
            "四家不叫" if zh else "passed out")
        score = f"{self.score:+d}" if self.score else "0"
        return f"{contracts}；南北 {score}" if zh else f"{contracts}; NS {score}"

    def to_dict(self) -> dict[str, object]:
        return {"score_ns": self.score, "contracts": [c.to_dict() for c in self.contracts]}


class DDSolver:
    """Solves deals in batches and remembers every table (optionally in a JSON file)."""

    def __init__(self, cache_path: str | Path | None = None) -> None:
        self._cache: dict[str, DDTable] = {}
        self.cache_path = Path(cache_path) if cache_path is not None else None
        self.solved = 0  # tables actually computed by DDS (not served from the cache)
        if self.cache_path is not None and self.cache_path.exists():
            data = json.loads(self.cache_path.read_text(encoding="utf-8"))
            self._cache = {k: DDTable.from_dict(v) for k, v in data.items()}

    def save(self) -> None:
        if self.cache_path is not None:
            data = {k: v.to_dict() for k, v in self._cache.items()}
            self.cache_path.write_text(json.dumps(data), encoding="utf-8")

    def tables(self, deals: Sequence[Deal], progress: bool = False,
               label: str = "double dummy") -> list[DDTable]:
        """Tables for the deals, in order; with ``progress`` a bar (titled ``label``) shows on
        standard error while more than one batch is solved."""
        keys = [d.pbn() for d in deals]
        todo = list(dict.fromkeys(k for k in keys if k not in self._cache))
        if todo:
            dds, types = _endplay()
            import endplay._dds as raw

            batch = int(raw.MAXNOOFTABLES)
            bar = None
            if progress and len(todo) > batch:
                from rich.console import Console
                from rich.progress import Progress

                # On standard error, so that JSON or PBN on standard output stays clean.
                console = Console(stderr=True)
                bar = Progress(console=console, transient=True, disable=not console.is_terminal)
                bar.start()
                task = bar.add_task(label, total=len(todo))
            try:
                for i in range(0, len(todo), batch):
                    chunk = todo[i : i + batch]
                    results = dds.calc_all_tables([types.Deal(k) for k in chunk])
                    for k, table in zip(chunk, results, strict=True):
                        self._cache[k] = _copy_table(table)
                    self.solved += len(chunk)
                    if bar is not None:
                        bar.update(task, advance=len(chunk))
            finally:
                if bar is not None:
                    bar.stop()
        return [self._cache[k] for k in keys]

    def table(self, deal: Deal) -> DDTable:
        return self.tables([deal])[0]


def _copy_table(table: Any) -> DDTable:
    rows = []
    for strain in Strain:
        d = _DENOM_OF_STRAIN[strain]
        rows.append(tuple(int(table._data.resTable[d][p]) for p in range(4)))
    return DDTable(tuple(rows))  # type: ignore[arg-type]


_DEFAULT = DDSolver()


def dd_tables(deals: Iterable[Deal], progress: bool = False, solver: DDSolver | None = None,
              label: str = "double dummy") -> list[DDTable]:
    """Double-dummy tables for many deals, solved in parallel batches and cached."""
    return (solver or _DEFAULT).tables(list(deals), progress, label)


def dd_table(deal: Deal, solver: DDSolver | None = None) -> DDTable:
    return (solver or _DEFAULT).table(deal)


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
