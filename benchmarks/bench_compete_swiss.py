"""Benchmark: the automatic Swiss's change of round through the web layer — 500 pairs (250
play tables), 10 rounds of 2 boards, on SQLite and on PostgreSQL.

Run: .venv/bin/python benchmarks/bench_compete_swiss.py [--quick] [--json PATH]
     [--backends sqlite,postgresql] [--pg-url postgres://postgres@127.0.0.1:5432/test]

The measured figure is the tick at the bell (``compete.services.run_due``, the path every
server's sweep takes): it cuts the unfinished boards, scores the round, draws the next one,
creates and seats its 250 play tables (the first board dealt at each) and stops the old
ones, in one transaction (target ≤ 2 s, issue 11).  The set-up bypasses the registration
room (the director's entries stored as a bulk of actions, the state machine applying each)
and the play (each table's boards written as finished, one table in ten leaving its second
board unfinished, and their results posted as the director's ``BoardDone``); what the tick
does is the real path.  Alternate round changes run the per-table path the platform had
before (one ``create_table`` / ``assign_seats`` / ``stop_table`` a table, each in its own
transaction with its messages), kept here as ``naive_*``: the ratio is measured in the same
process, on the same database.  Each backend runs in a child process (Django takes one
database a process); the machine's load average is printed with the figures.

``--quick``: 500 pairs still (the size is the point), 7 rounds (6 changes of round, 3 on
each path, and the final).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
TARGET_S = 2.0
PAIRS = 500
T0 = 1_900_000_000.0


# ---------------------------------------------------------------------------- the naive path


def naive_open_round(c: Any, kind: Any, state: Any, e: Any) -> None:
    """The round's tables one at a time, as the platform first made them."""
    from bridgescore.web.accounts.models import User
    from bridgescore.web.compete import services as sv
    from bridgescore.web.compete.kinds import is_robot
    from bridgescore.web.compete.models import CompetitionTable
    from bridgescore.web.play import services as play
    from bridgescore.web.play import tables as play_tables
    from bridgescore.web.play.models import Room

    if not e.tables:
        return
    bs = sv._board_set(c, kind, state, max(b for t in e.tables for b in t.boards))
    room = Room.objects.create(club=c.club, name_en=f"{c.name_en} — round {e.round}"[:100],
                               name_zh=f"{c.name_zh} 第{e.round}轮"[:100])
    people = {int(p) for t in e.tables for p in t.seats
              if p is not None and not is_robot(p) and p.isdigit()}
    users = {str(u.pk): u for u in User.objects.filter(pk__in=people)}
    for spec in e.tables:
        table = play_tables.create_table(room, None, name=f"{spec.number}",
                                         boards=len(spec.boards), board_set=bs,
                                         first_board=spec.boards[0], undo_allowed=False,
                                         grace_seconds=60, room_label=spec.room_label)
        CompetitionTable.objects.create(competition=c, round=e.round, number=spec.number,
                                        room_label=spec.room_label, play_table=table, room=room)
        play.assign_seats(table, [None if p is None else True if is_robot(p) or p not in users
                                  else users[p] for p in spec.seats])


def naive_end_round(c: Any, e: Any) -> None:
    from bridgescore.web.compete import services as sv
    from bridgescore.web.compete.models import CompetitionTable
    from bridgescore.web.play import tables as play_tables

    cut_tables = {t for t, _ in e.cut}
    for ct in CompetitionTable.objects.filter(competition=c, round=e.round, stopped=False):
        cut = ct.number in cut_tables
        play_tables.stop_table(int(ct.play_table_id), sv.CUT_EN if cut else sv.OVER_EN,
                               sv.CUT_ZH if cut else sv.OVER_ZH)
        CompetitionTable.objects.filter(pk=ct.pk).update(stopped=True)


# ---------------------------------------------------------------------------- set-up


def bulk_actions(c: Any, actions: list[dict[str, Any]], by: Any) -> None:
    """The director's actions stored as one bulk: each applied by the state machine (which
    refuses a wrong one) and written as its row; none of them may have effects."""
    from bridgescore.web.compete import services as sv
    from bridgescore.web.compete.models import (
        Competition,
        CompetitionAction,
    )

    kind = sv.kind_of(c)
    c = Competition.objects.get(pk=c.pk)
    state = sv._state(c, kind)
    rows = []
    for data in actions:
        action = kind.action_from(data)
        state, events = kind.apply(state, action)
        assert not kind.effects(state, events), data
        rows.append(CompetitionAction(competition=c, seq=c.seq + len(rows) + 1,
                                      data=kind.action_to(action), by_user=by))
    CompetitionAction.objects.bulk_create(rows, batch_size=500)
    c.seq += len(rows)
    c.save(update_fields=["seq"])
    sv._set_due(c, kind, state)
    sv._state(c, kind)  # the cache warm, as a running server's is


def play_round(c: Any, r: int, rng: random.Random, now: float, by: Any) -> int:
    """Every table of round ``r`` plays its boards (written as finished boards); one in ten
    leaves its last board unfinished.  The results posted as the director's BoardDone."""
    from bridgescore.core.contract import Contract
    from bridgescore.core.result import Result
    from bridgescore.core.seat import Seat
    from bridgescore.web.compete import clock
    from bridgescore.web.compete.models import CompetitionTable
    from bridgescore.web.play.models import PlayBoard

    tables = list(CompetitionTable.objects.filter(competition=c, round=r)
                  .select_related("play_table"))
    first = {b.table_id: b for b in PlayBoard.objects.filter(
        table__competition_table__competition=c, table__competition_table__round=r, index=1)}
    done, new, actions = [], [], []
    finished = clock.moment(now)
    for ct in tables:
        t = ct.play_table
        for index in range(1, t.boards + 1):
            number = t.first_board + index - 1
            b = first.get(t.pk) if index == 1 else None
            if b is None:
                b = PlayBoard(table=t, index=index, number=number, deal=first[t.pk].deal,
                              players=first[t.pk].players)
                new.append(b)
            else:
                done.append(b)
            if index == t.boards and rng.random() < 0.1:
                continue  # the bell rings first: this board is cut
            level = rng.choice([1, 2, 3, 3, 4, 4, 5, 6])
            contract = Contract.parse(f"{level}{rng.choice('CDHSN')}")
            tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 1])))
            res = Result(contract, rng.choice(list(Seat)), tricks)
            b.result, b.finished = str(res), finished
            actions.append({"type": "BoardDone", "round": r, "table": ct.number,
                            "board": number, "result": res.to_dict(), "now": now})
    PlayBoard.objects.bulk_update(done, ["result", "finished"], batch_size=500)
    PlayBoard.objects.bulk_create(new, batch_size=500)
    bulk_actions(c, actions, by)
    return len(actions)


def child(args: argparse.Namespace) -> dict[str, Any]:
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.db import connection

    from bridgescore.web.accounts.models import Player, User
    from bridgescore.web.clubs.models import Club, Membership
    from bridgescore.web.compete import clock
    from bridgescore.web.compete import services as sv
    from bridgescore.web.compete.models import Competition

    rounds = args.rounds
    clock.set(T0)
    club = Club.objects.create(slug=f"bench{os.getpid()}", name_en="Bench", name_zh="测试")
    director = User.objects.create(username=f"td{os.getpid()}", password="!")
    Player.objects.create(user=director, name_en="Director", name_zh="裁判")
    Membership.objects.create(club=club, player=director.player, role="director")
    people = 2 * PAIRS - 2 * args.robot_pairs
    users = User.objects.bulk_create([User(username=f"b{os.getpid()}-{i}", password="!")
                                      for i in range(people)])
    if users and users[0].pk is None:
        users = list(User.objects.filter(username__startswith=f"b{os.getpid()}-").order_by("pk"))
    Player.objects.bulk_create([Player(user=u, name_en=f"Player {i}", name_zh=f"牌手{i}")
                                for i, u in enumerate(users)])
    Membership.objects.bulk_create([Membership(club=club, player_id=u.pk, role="member")
                                    for u in users])
    ids = [str(u.pk) for u in users] + [f"robot:{i}" for i in range(2 * args.robot_pairs)]
    c = sv.create_competition(
        club, director, kind="swiss", name_en="Bench Swiss", name_zh="测试瑞士移位",
        settings={"start": T0 + 1800, "rounds": rounds, "boards_per_round": 2,
                  "round_minutes": 16, "registration_tables": PAIRS, "deal_seed": 5,
                  "hold_seconds": 30})
    entries = []
    for i in range(PAIRS):
        at = T0 + i
        n, s = ids[2 * i], ids[2 * i + 1]
        entries += [{"type": "Sit", "player": n, "table": i + 1, "seat": "N", "now": at},
                    {"type": "Sit", "player": s, "table": i + 1, "seat": "S", "now": at},
                    {"type": "RaiseHand", "player": n, "now": at},
                    {"type": "RaiseHand", "player": s, "now": at}]
    t = time.perf_counter()
    bulk_actions(c, entries, director)
    registration = time.perf_counter() - t
    rng = random.Random(1)
    st = sv.state_of(c).settings
    clock.set(st.start + 0.3)
    t = time.perf_counter()
    assert sv.run_due(int(c.pk))  # the holds end and round 1 opens: 250 tables
    first_open = time.perf_counter() - t
    changes: list[dict[str, Any]] = []
    for r in range(1, rounds + 1):
        play_round(c, r, rng, st.round_start(r) + 60, director)
        naive = r % 2 == 0 and r < rounds
        saved = sv._open_round, sv._end_round
        if naive:
            sv._open_round, sv._end_round = naive_open_round, naive_end_round  # type: ignore
        clock.set(st.round_end(r) + 0.2)
        queries0 = len(connection.queries)
        cpu, t = time.process_time(), time.perf_counter()
        try:
            if args.profile and r == 1:
                import cProfile
                import pstats

                prof = cProfile.Profile()
                assert prof.runcall(sv.run_due, int(c.pk))
                pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(45)
            else:
                assert sv.run_due(int(c.pk))
        finally:
            sv._open_round, sv._end_round = saved
        wall, cpu = time.perf_counter() - t, time.process_time() - cpu
        c = Competition.objects.get(pk=c.pk)
        changes.append({"round": r, "path": "naive" if naive else "platform",
                        "final": r == rounds, "seconds": round(wall, 3),
                        "cpu_seconds": round(cpu, 3),
                        "queries": len(connection.queries) - queries0 if args.count else None,
                        "load_average": round(os.getloadavg()[0], 2)})
        print(f"  round {r} → {r + 1 if r < rounds else 'final'}: {wall:.3f} s "
              f"(cpu {cpu:.3f} s) [{changes[-1]['path']}]", file=sys.stderr, flush=True)
    assert c.status == "finished"
    return {"backend": connection.vendor, "pairs": PAIRS, "rounds": rounds,
            "registration_bulk_s": round(registration, 3),
            "round1_open_s": round(first_open, 3), "changes": changes}


# ---------------------------------------------------------------------------- the report


def median(values: list[float]) -> float | None:
    return round(statistics.median(values), 3) if values else None


def report(run: dict[str, Any]) -> list[str]:
    mid = [x for x in run["changes"] if not x["final"]]
    fast = [x["seconds"] for x in mid if x["path"] == "platform"]
    slow = [x["seconds"] for x in mid if x["path"] == "naive"]
    m_fast, m_slow = median(fast), median(slow)
    ok = m_fast is not None and m_fast <= TARGET_S
    lines = [f"{run['backend']}: {run['pairs']} pairs, {run['rounds']} rounds of 2 boards "
             f"(round 1 opened in {run['round1_open_s']:.3f} s)",
             f"  {'MET ' if ok else 'MISS'} round change median {m_fast} s over {len(fast)} "
             f"(target ≤ {TARGET_S} s; cut, score, draw, 250 tables created and seated, "
             "250 stopped)"]
    if m_slow is not None and m_fast:
        lines.append(f"  per-table path (before): median {m_slow} s over {len(slow)} "
                     f"— ratio {m_slow / m_fast:.1f}×")
    final = [x["seconds"] for x in run["changes"] if x["final"]]
    if final:
        lines.append(f"  last round's end (cut, score, final, masterpoints): {final[0]:.3f} s")
    lines.append(f"  load average during the run: "
                 f"{', '.join(str(x['load_average']) for x in run['changes'])}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432/test")
    parser.add_argument("--robot-pairs", type=int, default=100,
                        help="pairs of robot entrants (the others are members)")
    parser.add_argument("--count", action="store_true", help="count the tick's queries")
    parser.add_argument("--profile", action="store_true",
                        help="profile the first change of round (cProfile, to stderr)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=0)
    args = parser.parse_args()
    if args.child:
        json.dump(child(args), sys.stdout)
        return 0
    rounds = args.rounds or (7 if args.quick else 10)
    runs = []
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(prefix="bench-compete-") as tmp:
            env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
            env.update(DJANGO_SETTINGS_MODULE="bridgescore.web.settings",
                       BRIDGESCORE_DATA_DIR=tmp, BRIDGESCORE_LOG_LEVEL="warning",
                       BRIDGESCORE_SECRET_KEY="bench-only-not-secret-0123456789abcdef")
            if args.count:
                env["BRIDGESCORE_DEBUG"] = "1"
            if backend == "postgresql":
                env["DATABASE_URL"] = args.pg_url
                _empty(args.pg_url)
            cmd = [sys.executable, __file__, "--child", "--rounds", str(rounds),
                   "--robot-pairs", str(args.robot_pairs)] + (["--count"] if args.count else []) + (["--profile"] if args.profile else [])
            print(f"{backend}: setting up {PAIRS} pairs …", flush=True)
            done = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, text=True, cwd=REPO)
            if done.returncode != 0:
                print(f"{backend}: the run failed", file=sys.stderr)
                return 1
            run = json.loads(done.stdout)
            runs.append(run)
            print("\n".join(report(run)), flush=True)
    if args.json:
        environment = {"python": platform.python_version(), "logical_cpus": os.cpu_count(),
                       "platform": platform.platform(),
                       "load_average": [round(x, 2) for x in os.getloadavg()]}
        Path(args.json).write_text(json.dumps({"environment": environment, "runs": runs},
                                              indent=2, ensure_ascii=False) + "\n")
    return 0


def _empty(url: str) -> None:
    """The benchmark's own PostgreSQL database, emptied (it migrates from nothing)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP SCHEMA IF EXISTS public CASCADE")
        conn.execute("CREATE SCHEMA public")


if __name__ == "__main__":
    sys.exit(main())
