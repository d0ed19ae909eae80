"""The shape of the package: the layers, read from the package tree, and no import cycles.

Every module of the library lives in a package (``bridgescore/__init__.py``, the facade of
``import bridgescore as bs``, and ``__main__`` apart).  Each package says in its ``__init__``
docstring what lives there and, on a line ``Imports: core, scoring.``, which other packages its
modules may import; nothing here lists them.  The test then holds:

- every package declares its imports, naming only packages that exist, and the declarations
  form a layer diagram (no package reaches itself round a loop of declarations);
- every ``import`` in every module is read from its source, function-level imports and those
  under ``if TYPE_CHECKING:`` included (a late import is still a dependency; a type hint that
  points up a layer is still a layer crossed), and each one that leaves its package goes to a
  package its package declares;
- no two modules import each other, directly or round a longer loop.  Imports under ``if
  TYPE_CHECKING:`` never run, so for cycles they may point back (two Django models naming each
  other's types); every import that runs, at the top or in a function, counts.
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

FACADE = frozenset({ROOT, f"{ROOT}.__main__"})


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


def package_of(module: str) -> str:
    """The top-level package a module lives in (``bridgescore.sessions.files.csvfmt`` ->
    ``sessions``); the facade's modules have none ("")."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and module not in FACADE else ""


def declared_imports(docstring: str) -> frozenset[str] | None:
    """The packages a package's docstring says it may import (its ``Imports:`` line); None if
    it says nothing.  ``Imports: nothing …`` declares none."""
    for line in docstring.splitlines():
        if line.startswith("Imports:"):
            rest = line.removeprefix("Imports:").strip().rstrip(".")
            if rest.startswith("nothing"):
                return frozenset()
            return frozenset(p.strip() for p in rest.split(","))
    return None


@cache
def declarations() -> dict[str, frozenset[str] | None]:
    """Each top-level package -> what its ``__init__`` docstring declares."""
    out = {}
    for name, (path, is_package) in modules().items():
        if is_package and name.count(".") == 1:
            doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
            out[name.split(".")[1]] = declared_imports(doc)
    return out


def declaration_problems(declared: dict[str, frozenset[str] | None]) -> list[str]:
    out = [f"{p} declares no imports" for p, d in sorted(declared.items()) if d is None]
    known = {p: d for p, d in declared.items() if d is not None}
    for p, d in sorted(known.items()):
        out += [f"{p} declares {q}, which is not a package" for q in sorted(d - set(declared))]
    out += [f"the declarations loop: {' -> '.join(c)}"
            for c in cycles({p: frozenset(d) for p, d in known.items()})]
    return out


def violations(edges: dict[str, frozenset[str]],
               declared: dict[str, frozenset[str] | None]) -> list[str]:
    out = []
    for module, targets in sorted(edges.items()):
        home = package_of(module)
        if not home:
            continue  # the facade re-exports the library's public names
        allowed = declared.get(home) or frozenset()
        for target in sorted(targets):
            there = package_of(target)
            if there and there != home and there not in allowed:
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
    declared: dict[str, frozenset[str] | None] = {
        "core": frozenset(), "formats": frozenset({"core"}),
        "sessions": frozenset({"core", "formats"}), "render": frozenset({"core", "sessions"}),
        "cli": frozenset({"core", "formats", "sessions", "render"}),
    }
    edges = {
        "bridgescore.core.deal": frozenset({"bridgescore.formats.pbn", "bridgescore.core.seat"}),
        "bridgescore.formats.pbn": frozenset({"bridgescore.render.html", "bridgescore.core"}),
        "bridgescore.sessions.files.csvfmt": frozenset({"bridgescore.cli._common",
                                                         "bridgescore.sessions.model",
                                                         "bridgescore.formats.textfile"}),
        "bridgescore.cli.deals": frozenset({"bridgescore.render.html"}),
        "bridgescore.render.session_pages": frozenset({"bridgescore.web.core"}),
        "bridgescore": frozenset({"bridgescore.cli"}),
    }
    assert violations(edges, declared) == [
        "bridgescore.core.deal imports bridgescore.formats.pbn",
        "bridgescore.formats.pbn imports bridgescore.render.html",
        "bridgescore.render.session_pages imports bridgescore.web.core",
        "bridgescore.sessions.files.csvfmt imports bridgescore.cli._common",
    ]
    assert declaration_problems(declared) == []
    assert declaration_problems({"core": frozenset({"cli"}), "cli": frozenset({"core"}),
                                 "web": None, "x": frozenset({"nowhere"})}) == [
        "web declares no imports", "x declares nowhere, which is not a package",
        "the declarations loop: cli -> core"]
    assert declared_imports("Text.\n\nImports: core, scoring.\n") == frozenset({"core", "scoring"})
    assert declared_imports("Imports: nothing of the package's own.") == frozenset()
    assert declared_imports("no line") is None
    assert package_of("bridgescore.sessions.files.csvfmt") == "sessions"
    assert package_of("bridgescore") == package_of("bridgescore.__main__") == ""


# The package.

def test_the_package_is_read() -> None:
    edges = graph()
    assert len(edges) > 200 and f"{ROOT}.core.law77" in edges
    assert f"{ROOT}.formats.pbn" in edges and f"{ROOT}.cli.deals" in edges
    assert {"core", "scoring", "formats", "deals", "sessions", "table", "robots", "compete",
            "ratings", "home", "render", "cli", "web"} <= set(declarations())


def test_every_module_is_in_a_package() -> None:
    loose = [m for m, (_, is_package) in modules().items()
             if m.count(".") == 1 and not is_package and m not in FACADE]
    assert loose == []


def test_the_packages_declare_a_layer_diagram() -> None:
    assert declaration_problems(declarations()) == []


def test_layers() -> None:
    assert violations(graph(), declarations()) == []


def test_no_import_cycles() -> None:
    assert cycles(graph(runtime_only=True)) == []


@pytest.mark.parametrize("module", ["bridgescore", "bridgescore.formats.pbn",
                                    "bridgescore.formats.lin", "bridgescore.deals.dd",
                                    "bridgescore.deals.handrecord", "bridgescore.core.gamerecord"])
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
