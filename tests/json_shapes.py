"""The JSON shapes of docs/json.md as small schemas, and a checker.

A schema is a type name (``int``, ``float``, ``str``, ``bool``, ``null``, ``object`` for any
object), ``"@name"`` for a shape of :data:`SHAPES`, a tuple for "one of", a one-element list
for "an array of", a dict for an object with exactly these keys (none missing, none more), or
``{"*": schema}`` for an object whose keys are free and whose values all have one schema.
``int`` and ``float`` are told apart: a field that is a float is never written as an int.
"""

from __future__ import annotations

from typing import Any

Schema = Any
S, I, F, B, N = "str", "int", "float", "bool", "null"  # noqa: E741  # short, read as types


def opt(schema: Schema) -> tuple[Schema, str]:
    return (schema, N)


SEATS = {"N": S, "E": S, "S": S, "W": S}
SEAT_INTS = {"N": I, "E": I, "S": I, "W": I}
POSTING = {"deal": I, "team": S, "side": S, "line": S, "item": S, "points": I, "expression": S}
RUNNING_ROW = {"deal": I, "entry": S, "we": I, "they": I, "we_total": I, "they_total": I}
WE_THEY = {"we": I, "they": I}

SHAPES: dict[str, Schema] = {
    # score
    "breakdown": {"formula": S, "expression": S, "total": I,
                  "parts": [{"kind": S, "name": S, "points": I, "expression": S}]},
    "score": {"input": S, "contract": S, "declarer": opt(S), "board": opt(I), "dealer": opt(S),
              "vulnerability": S, "vulnerable": B, "tricks": opt(I), "result": opt(S),
              "declarer_score": I, "ns_score": I, "ew_score": I, "scoring_side": opt(S),
              "breakdown": opt("@breakdown"), "explanation": [S]},
    "imps": {"difference": F, "imps": I, "scale": S, "between": S},
    "vp_result": {"scale": S, "boards": I, "margin": I, "vp": [F]},
    "board": {"board": I, "dealer": S, "vulnerability": S, "dealer_name": S,
              "vulnerability_name": S},
    "board_list": ["@board"],
    # tables
    "table_score": {"lang": S, "kind": S, "title": S, "columns": [S], "groups": [{
        "level": I, "strain_group": S, "strains": [S], "label": S, "rows": [{
            "made": I, "tricks": I,
            "not_vulnerable": {"undoubled": I, "doubled": I, "redoubled": I},
            "vulnerable": {"undoubled": I, "doubled": I, "redoubled": I}}]}]},
    "table_penalty": {"lang": S, "kind": S, "title": S, "columns": [S], "rows": [{
        "down": I, "not_vulnerable": {"undoubled": I, "doubled": I, "redoubled": I},
        "vulnerable": {"undoubled": I, "doubled": I, "redoubled": I}}]},
    "table_imp": {"lang": S, "kind": S, "title": S, "scale": S, "scale_title": S, "columns": [S],
                  "bands": [{"low": I, "high": opt(I), "imps": I}]},
    "table_vp": {"lang": S, "kind": S, "title": S, "scale": S, "scale_title": S, "boards": I,
                 "columns": [S], "rows": [{"margin": I, "winner": F, "loser": F}],
                 "maximum_from": I},
    "demo": {"examples": [{"example": I, "label": S, "board": I, "vulnerability": S, "result": S,
                           "result_text": S, "scoring_side": S, "total": I, "formula": S,
                           "seed_total": I, "seed_expression": S, "agrees": B}],
             "directory": S, "files": [S]},
    # events
    "table_result": {"table": opt(I), "round": opt(I), "ns_pair": S, "ew_pair": S,
                     "contract": opt(S), "lead": opt(S), "ns_score": opt(I), "adjusted": opt(S)},
    "scored_result": {"table": opt(I), "round": opt(I), "ns_pair": S, "ew_pair": S,
                      "contract": opt(S), "lead": opt(S), "ns_score": opt(I),
                      "adjusted": opt(S), "ns": F, "ew": F, "note": opt(S)},
    "pair_standing": {"place": opt(S), "pair": S, "names": [S], "direction": opt(S), "total": F,
                      "percentage": opt(F), "boards": I},
    "pairs_session": {"event": opt(S), "scoring": S,
                      "boards": [{"board": I, "top": opt(F), "datum": opt(F),
                                  "results": ["@scored_result"]}],
                      "pairs": ["@pair_standing"]},
    "comparison": {"file": S, "scoring": S, "agree": B, "results_compared": I,
                   "pairs_compared": I, "not_compared": I, "differences": [(
                       {"kind": S, "board": I, "ns_pair": S, "ew_pair": S,
                        "theirs": {"ns": opt(F), "ew": opt(F)}, "ours": {"ns": opt(F), "ew": opt(F)}},
                       {"kind": S, "pair": S, "theirs": opt(S), "ours": opt(S)},
                       {"kind": S, "pair": S, "theirs": opt(F), "ours": opt(F)})]},
    "team_match": {"event": opt(S), "round": opt(I), "home": S, "home_name": opt(S), "away": S, "away_name": opt(S),
                   "scoring": S, "carry_over": F,
                   "boards": [{"board": I, "open": "@table_result", "closed": "@table_result",
                               "difference": opt(I), "imps": F, "home": F, "away": F,
                               "home_running": F, "away_running": F, "note": opt(S)}],
                   "home_total": F, "away_total": F, "margin": F, "winner": opt(S),
                   "vp": opt("@vp_result")},
    "knockout": {"event": opt(S), "home": S, "home_name": opt(S), "away": S, "away_name": opt(S),
                 "carry_over": F, "segments": [{"home": F, "away": F}], "home_total": F,
                 "away_total": F, "winner": opt(S)},
    "team_standing": {"place": opt(S), "team": S, "name": opt(S), "played": I, "byes": I, "vp": F,
                      "imps_for": F, "imps_against": F, "quotient": opt(F)},
    "match_result": {"round": I, "home": S, "home_name": opt(S), "away": S, "away_name": opt(S),
                     "home_imps": F, "away_imps": F, "boards": I, "vp": "@vp_result"},
    "team_event": {"event": opt(S), "vp_scale": S, "tie_breaks": [S], "rounds": I,
                   "standings": ["@team_standing"], "matches": ["@match_result"],
                   "byes": [{"round": I, "team": S}]},
    "event_demo": {"directory": S, "pages": [S], "pairs": "@pairs_session",
                   "match": "@team_match"},
    # movements and Swiss
    "movement": {"kind": S, "variant": S, "spec": S, "tables": I, "rounds": I,
                 "boards_per_round": I, "board_sets": I, "set_size": I, "total_boards": I,
                 "pairs": [S], "two_winner": B, "arrow_switch_rounds": [I],
                 "shared_tables": [[I]], "shared_in_round": [{"round": I, "tables": [I]}],
                 "relay_sets": [[I]],
                 "assignments": [{"round": I, "table": I, "ns": S, "ew": S, "board_set": I,
                                  "sets": [I], "boards": [I], "arrow_switch": B}],
                 "sit_outs": {"*": [S]}},
    "round_robin": {"teams": [S], "double": B,
                    "rounds": [{"round": I, "matches": [{"home": S, "away": S}],
                                "bye": opt(S)}]},
    "draw": {"round": opt(I), "tables": [(
        {"table": I, "ns": S, "ew": S, "rematch": B},
        {"table": I, "home": S, "home_name": opt(S), "away": S, "away_name": opt(S), "rematch": B})],
        "bye": opt(S), "rematches": I},
    "swiss_draw": {"draw": "@draw"},
    "swiss_pairs": {"scoring": S, "rounds": I, "total_boards": I, "completion": F,
                    "standings": [{"place": opt(S), "pair": S, "names": [S], "direction": opt(S),
                                   "total": F, "percentage": opt(F), "boards": I,
                                   "rank": opt(I), "by_round": [opt(F)],
                                   "by_round_status": [S]}],
                    "roster": [S], "draw": "@draw"},
    "swiss_teams": {"event": opt(S), "vp_scale": S, "rounds": I,
                    "standings": ["@team_standing"], "draw": "@draw"},
    # deals
    "deal_board": {"board": I, "dealer": S, "vulnerability": S, "deal": S, "hands": SEATS,
                   "hcp": SEAT_INTS,
                   "tricks": opt({"*": SEAT_INTS}),
                   "par": opt({"score_ns": I, "contracts": [
                       {"contract": S, "declarers": [S], "overtricks": I}]})},
    "deal": {"file": opt(S), "seed": opt(S), "boards": ["@deal_board"]},
    "handrecord": {"file": S, "files": [S], "boards": ["@deal_board"]},
    "dd": {"file": S, "output": opt(S), "boards": ["@deal_board"]},
    "convert": {"source": S, "destination": S, "from": S, "to": S, "boards": I,
                "board_numbers": [opt(I)], "with_auction": I, "with_play": I},
    "auction": {"complete": B, "calls": [S], "contract": opt(S), "declarer": opt(S),
                "dummy": opt(S), "opening_leader": opt(S), "next": opt(S)},
    "replay": {"file": S, "files": [S], "games": [{
        "board": opt(I), "contract": opt(S), "declarer": opt(S), "recorded_tricks": opt(I),
        "derived": opt(S), "matches": opt(B), "score_ns": opt(I)}]},
    "analyse": {"file": S, "boards": [{
        "board": opt(I), "deal": S, "contract": S, "declarer": S, "dd_start": I, "dd_end": I,
        "made": opt(I), "claim": opt(I), "dd_table": {"*": SEAT_INTS},
        "par": opt({"score_ns": I, "contracts": [
            {"contract": S, "declarers": [S], "overtricks": I}]}),
        "cards": [{"trick": I, "seat": S, "card": S, "dd_before": I, "dd_after": I, "cost": I,
                   "better": [S]}],
        "account": {"en": [S], "zh": [S]}, "summary": {"en": S, "zh": S}}]},
    # home
    "rubber": {"kind": S, "settings": {"we": S, "unfinished_partscore": I, "honours": B},
               "rubbers": [{"deals": [S], "postings": [POSTING], "settlement": [POSTING],
                            "games": [{"deal": I, "team": S}], "finished": B, "winner": opt(S),
                            "below": WE_THEY, "above": WE_THEY, "totals": WE_THEY,
                            "margin": I, "running": [RUNNING_ROW]}],
               "totals": WE_THEY, "margin": I},
    "chicago": {"kind": S, "settings": {"we": S, "first_dealer": S, "vulnerability": S,
                                        "honours": B, "scoring": S, "fourth_deal_partscore": I},
                "chicagos": [{"deals": [{"entry": S, "number": I, "dealer": S,
                                         "vulnerability": S}],
                              "postings": [POSTING], "games": [{"deal": I, "team": S}],
                              "finished": B, "totals": WE_THEY, "margin": I,
                              "running": [RUNNING_ROW]}],
                "totals": WE_THEY, "margin": I},
    "handicap_deal": {"board": opt(I), "vulnerability": S, "result": S, "ns_hcp": I,
                      "unlikely": opt({"rule": S, "side": S, "hcp": I, "tricks": I, "most": I,
                                       "message": S, "message_zh": S}),
                      "method": S,
                      "ns_score": I, "ns_counted": I, "twenty_eight_point_rule": opt(S),
                      "category": opt(S), "rate": opt(I), "expected": opt(I),
                      "compensation": I, "stronger": opt(S), "ns_difference": opt(I),
                      "ns_score_imps": opt(I), "ns_imps": I, "winner": opt(S), "net": I,
                      "running": opt({"NS": I, "EW": I})},
    "handicap_session": {"kind": S, "method": S, "scale": S, "table": S,
                         "deals": ["@handicap_deal"], "totals": {"NS": I, "EW": I},
                         "margin": I},
    "sacrifice": {"theirs": S, "their_tricks": I, "they_vulnerable": B, "ours": S, "down": I,
                  "we_vulnerable": B, "their_score": I, "their_expression": S, "our_cost": I,
                  "our_expression": S, "saving": I, "imps": I, "break_even": I,
                  "options": [{"down": I, "cost": I, "expression": S, "saving": I, "imps": I}]},
    "quiz": [{"contract": S, "tricks": I, "vulnerable": B, "question_en": S, "question_zh": S,
              "answer": I, "formula": S, "parts": [{"kind": S, "points": I, "expression": S}]}],
    "quiz_exercises": [{"number": I, "question_en": S, "question_zh": S, "answer_en": S,
                        "answer_zh": S, "data": "object"}],
    # errors (stderr, with --json)
    "error": {"error": {"code": S, "message": S, "message_zh": S, "status": I,
                        "path": ("absent", S), "line": ("absent", I),
                        "package": ("absent", S), "extra": ("absent", S)}},
}


def _type_ok(value: Any, name: str) -> bool:
    if name == "int":
        return type(value) is int
    if name == "float":
        return type(value) is float
    if name == "str":
        return isinstance(value, str)
    if name == "bool":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if name == "object":
        return isinstance(value, dict)
    raise AssertionError(f"unknown type {name}")


def check(value: Any, schema: Schema, path: str = "$") -> list[str]:
    """Every way ``value`` departs from ``schema`` (empty when it fits)."""
    if isinstance(schema, str) and schema.startswith("@"):
        return check(value, SHAPES[schema[1:]], path)
    if isinstance(schema, str):
        return [] if _type_ok(value, schema) else [f"{path}: {value!r} is not {schema}"]
    if isinstance(schema, tuple):
        tries = [check(value, s, path) for s in schema if s != "absent"]
        return [] if any(not t for t in tries) else min(tries, key=len)
    if isinstance(schema, list):
        if not isinstance(value, list):
            return [f"{path}: not an array"]
        return [e for i, v in enumerate(value) for e in check(v, schema[0], f"{path}[{i}]")]
    assert isinstance(schema, dict)
    if not isinstance(value, dict):
        return [f"{path}: not an object"]
    if set(schema) == {"*"}:
        return [e for k, v in value.items() for e in check(v, schema["*"], f"{path}.{k}")]
    errors = [f"{path}: unexpected key {k!r}" for k in value if k not in schema]
    for k, s in schema.items():
        if k not in value:
            if not (isinstance(s, tuple) and "absent" in s):
                errors.append(f"{path}: missing key {k!r}")
            continue
        errors.extend(check(value[k], s, f"{path}.{k}"))
    return errors


def keys_of(schema: Schema) -> set[str]:
    """Every key a shape names, nested objects included (not the shapes it refers to)."""
    if isinstance(schema, tuple | list):
        return {k for s in schema for k in keys_of(s)}
    if isinstance(schema, dict):
        return {k for k in schema if k != "*"} | {k for s in schema.values() for k in keys_of(s)}
    return set()
