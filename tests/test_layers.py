"""The shape of the package: which modules may import which, and no import cycles.

Every ``import`` in every module is read from its source, function-level imports included (a
late import is still a dependency, and a cycle through one is still a cycle).  The layers,
from the bottom up:

- the core (notation, scoring, scales, cards, deals, auction, play) never imports formats,
  events, home, render or cli, not even for type hints;
- formats never imports events, home, render or cli;
- the ratings (``ratings``, the Rate over NumPy arrays) sit on the core and the events'
  datum arithmetic: they never import formats, home, render, cli, the competitions or the
  web platform (those call them), and the core never imports them;
- the online table (``table``) sits on the core and formats: it never imports events, home,
  render, cli, ratings, the robots, the competitions or the web platform (they use it);
- nothing in the library imports cli (the web platform's command group, ``web/cli.py``, is
  a command-line module: it declares its commands with cli's bilingual classes);
- no two modules import each other, directly or round a longer loop.  Imports under
  ``if TYPE_CHECKING:`` never run, so they may point back (two models naming each other's
  types); every import that runs, at the top or in a function, counts.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "bridgescore"
ROOT = "bridgescore"

CORE = frozenset(f"{ROOT}.{m}" for m in (
    "text", "seat", "strain", "vulnerability", "contract", "result", "board", "scoring",
    "imps", "vp", "errors", "i18n", "cards", "deal", "auction", "play", "entry",
))
UPPER = ("formats", "events", "home", "render", "cli", "ratings")
RATINGS_BELOW = ("formats", "home", "render", "cli", "compete", "web")
# The online table (``table``: one board's state machine, the seats, game records) stands on
# the core and reads and writes files through formats; the robots, the competitions and the
# platform use it, never it them.
TABLE_BELOW = ("events", "home", "render", "cli", "ratings", "robots", "compete", "web")


@cache
def modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (source file, is a package)."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
            if name == "TYPE_CHECKING":
                out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def imports_of(source: str, name: str, is_package: bool, known: Iterable[str],
               runtime_only: bool = False) -> set[str]:
    """The package's modules that ``source`` (the text of module ``name``) imports; with
    ``runtime_only``, leaving out the imports under ``if TYPE_CHECKING:``."""
    known = set(known)
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(source)
    skip = _type_checking_only(tree) if runtime_only else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            # "from x import y" imports the module x.y when there is one, else names from x
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module
                       for a in node.names]
        else:
            continue
        for target in targets:
            if target == ROOT or target.startswith(ROOT + "."):
                # "import a.b.c" of a name that is not a module: the module that holds it
                while target not in known and "." in target:
                    target = target.rpartition(".")[0]
                found.add(target)
    return found


@cache
def graph(runtime_only: bool = False) -> dict[str, frozenset[str]]:
    mods = modules()
    return {name: frozenset(imports_of(path.read_text(encoding="utf-8"), name, is_pkg, mods,
                                       runtime_only))
            for name, (path, is_pkg) in mods.items()}


def cycles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (or a module importing
    itself): Tarjan's algorithm, written without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in edges:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in edges[node]:
                        found.append(sorted(component))
    return found


def _in(module: str, layer: str) -> bool:
    prefix = f"{ROOT}.{layer}"
    return module == prefix or module.startswith(prefix + ".")


def violations(edges: dict[str, frozenset[str]]) -> list[str]:
    out = []
    for module, targets in sorted(edges.items()):
        if module in CORE:
            forbidden: tuple[str, ...] = UPPER
        elif _in(module, "formats"):
            forbidden = ("events", "home", "render", "cli")
        elif _in(module, "ratings"):
            forbidden = RATINGS_BELOW
        elif _in(module, "table"):
            forbidden = TABLE_BELOW
        elif _in(module, "cli") or module in (f"{ROOT}.__main__", f"{ROOT}.web.cli"):
            forbidden = ()
        else:
            forbidden = ("cli",)
        for target in sorted(targets):
            for layer in forbidden:
                if _in(target, layer):
                    out.append(f"{module} imports {target}")
    return out


# The checker itself, on small made-up graphs and sources (so that a green run means something).

def test_cycle_finder_on_known_graphs() -> None:
    assert cycles({"a": frozenset("b"), "b": frozenset("c"), "c": frozenset()}) == []
    assert cycles({"a": frozenset("b"), "b": frozenset("c"), "c": frozenset("a"),
                   "d": frozenset("a")}) == [["a", "b", "c"]]
    assert cycles({"a": frozenset("a")}) == [["a"]]
    two = cycles({"a": frozenset("b"), "b": frozenset("a"), "c": frozenset("d"),
                  "d": frozenset("c"), "e": frozenset("ac")})
    assert sorted(two) == [["a", "b"], ["c", "d"]]


def test_imports_are_read_everywhere_in_a_module() -> None:
    known = {"bridgescore", "bridgescore.deal", "bridgescore.formats", "bridgescore.formats.pbn",
             "bridgescore.formats.lin", "bridgescore.render", "bridgescore.cli"}
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .deal import Deal\n"
        "import bridgescore.cli\n"
        "if TYPE_CHECKING:\n    from .render import x\n"
        "def f():\n    from .formats import pbn, lin\n"
        "class C:\n    def g(self):\n        from . import errors\n"
    )
    found = imports_of(source, "bridgescore.dealing", False, known)
    assert found == {"bridgescore.deal", "bridgescore.cli", "bridgescore.render",
                     "bridgescore.formats.pbn", "bridgescore.formats.lin", "bridgescore"}
    # the import under TYPE_CHECKING never runs: left out of the imports that run
    runs = imports_of(source, "bridgescore.dealing", False, known, runtime_only=True)
    assert runs == found - {"bridgescore.render"}
    typed = "import typing\nif typing.TYPE_CHECKING:\n    from . import deal\n"
    assert imports_of(typed, "bridgescore.x", False, known, runtime_only=True) == set()
    # relative imports from inside a package, one and two levels up
    found = imports_of("from ..deal import Deal\nfrom .pbn import loads\n",
                       "bridgescore.formats.lin", False, known)
    assert found == {"bridgescore.deal", "bridgescore.formats.pbn"}


def test_layer_rules_on_known_graphs() -> None:
    edges = {
        "bridgescore.deal": frozenset({"bridgescore.formats.pbn"}),
        "bridgescore.formats.pbn": frozenset({"bridgescore.render.html"}),
        "bridgescore.events.teams": frozenset({"bridgescore.cli._common", "bridgescore.render"}),
        "bridgescore.cli.deals": frozenset({"bridgescore.render.html"}),
        "bridgescore.ratings.rate": frozenset({"bridgescore.events.imp_pairs",
                                               "bridgescore.compete.pool",
                                               "bridgescore.web.core"}),
        "bridgescore.scoring": frozenset({"bridgescore.ratings"}),
        "bridgescore.table.state": frozenset({"bridgescore.robots", "bridgescore.deal"}),
        "bridgescore.table.record": frozenset({"bridgescore.formats.lin"}),
    }
    assert violations(edges) == [
        "bridgescore.deal imports bridgescore.formats.pbn",
        "bridgescore.events.teams imports bridgescore.cli._common",
        "bridgescore.formats.pbn imports bridgescore.render.html",
        "bridgescore.ratings.rate imports bridgescore.compete.pool",
        "bridgescore.ratings.rate imports bridgescore.web.core",
        "bridgescore.scoring imports bridgescore.ratings",
        "bridgescore.table.state imports bridgescore.robots",
    ]


# The package.

def test_the_package_is_read() -> None:
    edges = graph()
    assert len(edges) > 60 and CORE - {f"{ROOT}.entry"} <= set(edges)
    assert f"{ROOT}.formats.pbn" in edges and f"{ROOT}.cli.deals" in edges


def test_layers() -> None:
    assert violations(graph()) == []


def test_no_import_cycles() -> None:
    assert cycles(graph(runtime_only=True)) == []


@pytest.mark.parametrize("module", ["bridgescore", "bridgescore.formats.pbn",
                                    "bridgescore.formats.lin", "bridgescore.dd",
                                    "bridgescore.handrecord", "bridgescore.gamerecord"])
def test_imports_stay_light(module: str) -> None:
    """Reading files and the models load none of the heavy dependencies: Jinja2, Rich, NumPy,
    click, the DDS solver, WeasyPrint."""
    code = (f"import sys, {module}\n"
            "heavy = ('jinja2', 'markupsafe', 'rich', 'numpy', 'click', 'endplay', 'weasyprint')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_one_jinja_environment() -> None:
    """Jinja2 is imported, and an Environment built, in render/templates.py alone: every page
    of the package renders with the same settings (escaping, strict undefined, whitespace)."""
    owners: dict[str, set[str]] = {}
    for name, (path, _) in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                names = ["jinja2"] if called == "Environment" else []
            else:
                continue
            if any(n == "jinja2" or n.startswith("jinja2.") for n in names):
                owners.setdefault("jinja2", set()).add(name)
    assert owners == {"jinja2": {f"{ROOT}.render.templates"}}


def test_the_shared_environment_renders_every_page() -> None:
    from jinja2 import StrictUndefined, UndefinedError

    from bridgescore.render.templates import environment, render_template

    env = environment()
    assert environment() is env  # built once
    names = {p.name for p in (PACKAGE / "templates").glob("*.html")}
    assert set(env.list_templates()) == names
    # one set of settings for every page: escaping, strict undefined, the suit filter
    assert env.autoescape("x.html") is True and "suits" in env.filters
    assert env.undefined is StrictUndefined
    with pytest.raises(UndefinedError):
        env.from_string("{{ missing.field }}").render()
    assert str(env.from_string("{{ name }} {{ '♥5'|suits }}").render(name="<b>")) == (
        '&lt;b&gt; <span class="suit red">♥</span>5')
    assert render_template("handrecord_macros.html").strip() == ""  # macros only: no output
