"""What `import bridgescore` and `bridgescore score …` load and build: start-up time.

`bridgescore score 4S N = --vul ns` answers in well under 150 ms only while its import set
stays small: the IMP and VP scales, the serial format, the number reader, the JSON writer
and the Chinese help wrapper load when something needs them, and the score table, the
5,880 interned results and the general parser's patterns are built on first use.  Timings
are for the benchmark (benchmarks/bench_scoring.py); these tests check the causes, which do
not depend on the machine's load: each runs a fresh interpreter and reads its sys.modules
and the lazy tables, so a module or a table that creeps back onto the path fails here.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from law77 import law77

from bridgescore import Vulnerability
from bridgescore.cli import main

# What the score command needs, and nothing else of the package.
SCORE_MODULES = sorted([
    "bridgescore", "bridgescore.cli", "bridgescore.cli._common", "bridgescore.cli._lang", "bridgescore.core",
    "bridgescore.cli._params", "bridgescore.cli.core", "bridgescore.core.board",
    "bridgescore.core.contract", "bridgescore.core.errors", "bridgescore.core.i18n",
    "bridgescore.core.langs", "bridgescore.core.law77", "bridgescore.core.result",
    "bridgescore.core.seat", "bridgescore.core.strain", "bridgescore.core.text",
    "bridgescore.core.vulnerability",
])
# Standard-library modules the old start-up loaded for the scales and the serial format only.
HEAVY_STDLIB = ["json", "pathlib", "decimal", "fractions", "importlib.resources", "zipfile",
                "tempfile", "shutil"]
HEAVY_THIRD_PARTY = ["numpy", "rich", "jinja2", "markupsafe", "defusedxml"]

# Run by the child after the code under test: what was loaded (taken before the report
# imports anything of its own) and which tables and patterns were built.  Written so that it
# also reads a version that builds them at import (the check can fail, and says why).
REPORT = textwrap.dedent("""
    import sys
    _loaded = set(sys.modules)
    import json, re
    import bridgescore.core.contract as _c, bridgescore.core.result as _r, bridgescore.core.law77 as _s
    def _size(module, name):  # a lazy group's cache; none at all counts as built at import
        f = getattr(module, name, None)
        return f.cache_info().currsize if f is not None else -1
    print("REPORT" + json.dumps({
        "package": sorted(m for m in _loaded if m.split(".")[0] == "bridgescore"),
        "stdlib": sorted(m for m in %r if m in _loaded),
        "third_party": sorted(m for m in %r if m in {n.split(".")[0] for n in _loaded}),
        # the table a hot path indexes: a tuple once built (a placeholder before)
        "score_table": max(len(t) if isinstance(t, tuple) else 0 for t in (
            vars(_s).get("_TABLE"), vars(_s).get("SCORE_TABLE"), vars(_r).get("_TABLE"))),
        "interned": sum(r is not None for r in vars(_r).get("_INTERNED", ()))
                    + len(vars(_r).get("RESULTS", ())),
        "english": _size(_r, "_english"),
        "chinese": _size(_r, "_chinese"),
        "outcome": _size(_r, "_outcome_alone"),
        "contract": _size(_c, "_contract_full"),
        # Patterns compiled at import: the fast path's two, nothing else.
        "eager_patterns": sorted(f"{m.__name__}.{k}" for m in (_r, _c) for k, v in vars(m).items()
                                 if isinstance(v, re.Pattern)),
    }))
""") % (HEAVY_STDLIB, HEAVY_THIRD_PARTY)


def child(code: str) -> tuple[str, dict[str, object]]:
    """Run ``code`` in a fresh interpreter: what it printed, and the report."""
    done = subprocess.run([sys.executable, "-c", code + "\n" + REPORT],
                          capture_output=True, text=True, check=True)
    out, _, report = done.stdout.rpartition("REPORT")
    return out, json.loads(report)


SCORE = "from bridgescore.cli import main\nmain(['score', '4S', 'N', '=', '--vul', 'ns'])"


def test_import_bridgescore_loads_and_builds_nothing_heavy() -> None:
    _, got = child("import bridgescore")
    assert "bridgescore.scoring.imps" not in got["package"] and "bridgescore.scoring.vp" not in got["package"]
    assert "bridgescore.core.serial" not in got["package"]
    # The Rate's package (NumPy arrays, docs/ratings.md) loads only when asked for.
    assert not any(m.startswith("bridgescore.ratings") for m in got["package"])
    assert got["third_party"] == [] and got["stdlib"] == []
    # Nothing built: no score table, no interned result, no general pattern compiled.
    assert (got["score_table"], got["interned"], got["english"], got["chinese"],
            got["outcome"], got["contract"]) == (0, 0, 0, 0, 0, 0)
    assert got["eager_patterns"] == ["bridgescore.core.result._FAST", "bridgescore.core.result._SPACES"]


def test_the_score_command_loads_its_modules_only() -> None:
    out, got = child(SCORE)
    assert out.splitlines()[-1] == "NS +620, EW -620"
    assert got["package"] == SCORE_MODULES
    assert got["third_party"] == [] and got["stdlib"] == []
    # One result parsed by the English fast path, scored by its breakdown: the score table
    # and the general (English and Chinese) patterns are never built.
    assert got["score_table"] == 0 and got["interned"] == 1
    assert (got["english"], got["chinese"], got["outcome"], got["contract"]) == (0, 0, 0, 0)


def test_an_english_result_off_the_fast_path_compiles_no_chinese_pattern() -> None:
    out, got = child("from bridgescore.cli import main\n"
                     "main(['score', '3NT', 'by', 'S', 'making', '10', 'tricks'])")
    assert out.splitlines()[-1] == "NS +430, EW -430"
    assert got["english"] == 1 and got["chinese"] == 0 and got["score_table"] == 0


def test_a_chinese_result_compiles_the_chinese_patterns_when_it_comes() -> None:
    out, got = child("from bridgescore.cli import main\n"
                     "main(['score', '南打3NT超1', '--vul', '双有', '--lang', 'zh'])")
    assert out.splitlines()[1] == "南北得 40+2×30+30+500=630分"
    assert got["chinese"] == 1 and got["score_table"] == 0


def test_the_score_table_is_built_on_first_score_and_kept() -> None:
    # First scores in a fresh process (table empty) against Law 77 written out in tests/law77.
    out, got = child(
        "import bridgescore as bs, bridgescore.core.law77 as s\n"
        "print(bs.score('4S', 10, True), bs.score('7NTXX', 0, True), bs.score('pass', 0, False))\n"
        "t = s.score_table()\n"
        "print(s.SCORE_TABLE is t, bs.Result.parse('3NT S +1').score(bs.Vulnerability.EW))\n"
        "import bridgescore.core.result as r\n"
        "print(r._TABLE is t)\n")
    assert out.split() == [str(law77(4, "S", 0, True, 10)), str(law77(7, "NT", 2, True, 0)),
                           "0", "True", str(law77(3, "NT", 0, False, 10)), "True"]
    assert got["score_table"] == 2968


def test_result_score_builds_the_table_when_it_is_first() -> None:
    out, got = child("import bridgescore as bs\n"
                     "print(bs.Result.parse('6HX W -1').score(bs.Vulnerability.BOTH))")
    assert out.split() == [str(law77(6, "H", 1, True, 11))]
    assert got["score_table"] == 2968


def test_scales_load_on_first_use_of_their_names() -> None:
    out, _ = child(
        "import sys, bridgescore\n"
        "print('bridgescore.scoring.imps' in sys.modules)\n"
        "print(bridgescore.imps(450), bridgescore.victory_points(10, 16))\n"
        "print(bridgescore.get_imp_scale('wbf').name, sorted(bridgescore.VP_SCALES)[0])\n"
        "print('imps' in dir(bridgescore), 'victory_points' in dir(bridgescore))\n")
    assert out.splitlines() == ["False", "10 (12.8, 7.2)", "wbf acbl-20", "True True"]


@pytest.mark.parametrize("first", [
    "import bridgescore.scoring.imps",
    "from bridgescore.scoring.imps import ImpScale",
    "import bridgescore.sessions.teams",  # imports the scales on its own
    "import bridgescore; bridgescore.IMP_SCALES",
])
def test_bridgescore_imps_stays_the_function(first: str) -> None:
    # ``bridgescore.imps`` is the function; its module is ``bridgescore.scoring.imps``, so
    # loading the module, from anywhere, before or after, never puts it in the function's place.
    out, _ = child(f"{first}\nimport bridgescore\nprint(bridgescore.imps(620 - 170))\n"
                   "from bridgescore import imps\nprint(imps(-50))\n"
                   "import bridgescore.scoring.imps as m\n"
                   "print(callable(bridgescore.imps), m.imps is bridgescore.imps)\n")
    assert out.split() == ["10", "-2", "True", "True"]


def test_star_import_and_unknown_names() -> None:
    out, _ = child("from bridgescore import *\nimport bridgescore\n"
                   "print(imps(450), victory_points(10, 16)[0], score('3NT', 9, False))\n"
                   "missing = [n for n in bridgescore.__all__ if n not in globals()]\n"
                   "print(missing)\n"
                   "try:\n    bridgescore.nothing\nexcept AttributeError as e:\n    print(e)\n"
                   "import bridgescore.core.law77 as s, bridgescore.core.result as r\n"
                   "for m in (s, r):\n"
                   "    try:\n        m.nothing\n    except AttributeError as e:\n        print(e)\n")
    assert out.splitlines() == [
        "10 12.8 400", "[]", "module 'bridgescore' has no attribute 'nothing'",
        "module 'bridgescore.core.law77' has no attribute 'nothing'",
        "module 'bridgescore.core.result' has no attribute 'nothing'",
    ]


def test_interning_from_many_threads_hands_out_one_value() -> None:
    # A fresh process, so every result is interned for the first time while the threads race.
    out, _ = child(textwrap.dedent("""
        import threading
        from bridgescore.core.result import _result_at, all_results
        barrier = threading.Barrier(8)
        got = []
        def run():
            barrier.wait()
            got.append([_result_at(i) for i in range(5880)])
        threads = [threading.Thread(target=run) for _ in range(8)]
        for t in threads: t.start()
        for t in threads: t.join()
        ref = all_results()
        print(all(x is y for row in got for x, y in zip(row, ref, strict=True)), len(got))
    """))
    assert out.split() == ["True", "8"]


_SEATS = "NESW"
_STRAINS = ["C", "D", "H", "S", "NT"]


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(level=st.integers(1, 7), strain=st.sampled_from(_STRAINS), dbl=st.integers(0, 2),
       seat=st.sampled_from(_SEATS), tricks=st.integers(0, 13),
       vul=st.sampled_from(list(Vulnerability)))
def test_the_score_command_figures_match_law77(capsys: pytest.CaptureFixture[str], level: int,
                                               strain: str, dbl: int, seat: str, tricks: int,
                                               vul: Vulnerability) -> None:
    # The command scores through the breakdown it prints, not the score table: its figures
    # against Law 77 written out independently (tests/law77.py).
    rel = tricks - level - 6
    text = f"{level}{strain}{('', 'X', 'XX')[dbl]} {seat} {'=' if rel == 0 else f'{rel:+d}'}"
    assert main(["score", text, "--vul", vul.name.lower(), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    ns_side = seat in "NS"
    vulnerable = vul in ((Vulnerability.NS, Vulnerability.BOTH) if ns_side
                         else (Vulnerability.EW, Vulnerability.BOTH))
    expected = law77(level, strain, dbl, vulnerable, tricks)
    assert data["declarer_score"] == expected
    assert data["ns_score"] == (expected if ns_side else -expected) == -data["ew_score"]
    assert data["vulnerable"] is vulnerable
