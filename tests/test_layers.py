"""The layers, enforced (issue 30): imports go one way, from the engine up to the
package's face, and nothing outside the engine reaches into a State's private parts.

``LAYERS`` is the map, written once: ARCHITECTURE.md's diagram ("The layers") is
drawn from it, and every import in ``nbgames/`` (module level or inside a function)
is read with ``ast`` and checked against it. A unit (a package under ``nbgames/``,
one title, the command line, the face) may import its own modules and those of the
tiers below it; never a unit of its own tier (two titles, ``agents`` and
``adapters``) or above it. The modules import no cycle at import time either (the
imports run when a module loads; a function may import its own unit lazily).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nbgames"

# The tiers, lowest first. "games" is the package of titles and each title in it
# (titles/<title>: a title imports core only, never another title); "nbgames" is the
# package's face (nbgames/__init__.py and __main__.py), which imports everything.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("core",),
    ("games",),
    ("agents", "adapters"),
    ("theory",),
    ("arena",),
    ("widget",),
    ("net",),
    ("cli",),
    ("nbgames",),
)
TIER = {unit: i for i, tier in enumerate(LAYERS) for unit in tier}


def diagram() -> str:
    """ARCHITECTURE.md's picture of ``LAYERS`` (tiers left to right, ``|`` between
    the units of one tier)."""
    names = {"games": "games/<title>"}
    return " -> ".join(" | ".join(names.get(u, u) for u in tier) for tier in LAYERS)


# -- reading the imports -------------------------------------------------------------
def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = modules()


def unit_of(module: str) -> str:
    """The unit a module belongs to: ``games.<title>`` for a title's modules, else
    its package under nbgames (``cli`` and the face ``nbgames`` are units of their own)."""
    parts = module.split(".")[1:]
    if not parts or parts == ["__main__"]:
        return "nbgames"
    if parts[0] == "games" and len(parts) > 1:
        return f"games.{parts[1]}"
    return parts[0]


def tier_of(unit: str) -> int:
    return TIER[unit.split(".")[0]]


def _resolve(name: str) -> str:
    """The module of ``nbgames`` that ``name`` (a module or a name in one) is in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _type_checking(node) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _module_level(tree):
    """The statements a module runs when it loads (into ifs and trys, not into
    functions, classes or ``if TYPE_CHECKING``)."""
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and not _type_checking(node):
            stack += node.body + node.orelse
        elif isinstance(node, ast.Try):
            stack += node.body + node.orelse + node.finalbody
            stack += [s for h in node.handlers for s in h.body]


def imports(module: str, source: str | None = None, load_time: bool = False):
    """(imported module, line) for every import of an ``nbgames`` module in
    ``module`` (``load_time``: only those that run when it loads). ``from X import
    name`` imports ``X.name`` when that is a module, else ``X``."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in (_module_level(tree) if load_time else ast.walk(tree)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "nbgames":
                    yield _resolve(alias.name), node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            if origin.split(".")[0] != "nbgames":
                continue
            for alias in node.names:
                yield _resolve(f"{origin}.{alias.name}"), node.lineno


def layer_violations(sources: dict[str, str] | None = None) -> list[str]:
    """Every import that goes up a tier or sideways into another unit of its tier."""
    sources = sources or {}
    bad = []
    for module, path in MODULES.items():
        mine = unit_of(module)
        for target, line in sorted(set(imports(module, sources.get(module)))):
            theirs = unit_of(target)
            if theirs == mine or tier_of(theirs) < tier_of(mine):
                continue
            where = "up" if tier_of(theirs) > tier_of(mine) else "sideways"
            bad.append(f"{path.relative_to(ROOT)}:{line}: {mine} imports {target} "
                       f"({where}: {theirs} is tier {tier_of(theirs)}, {mine} is tier {tier_of(mine)})")
    return bad


def import_cycles(sources: dict[str, str] | None = None) -> list[list[str]]:
    """The cycles among the modules' load-time imports, and among the units over all
    imports (each a list of names, the first repeated at the end)."""
    sources = sources or {}
    found = []
    for graph in (
        {m: {t for t, _ in imports(m, sources.get(m), load_time=True)} - {m} for m in MODULES},
        _unit_graph(sources),
    ):
        found += _cycles(graph)
    return found


def _unit_graph(sources):
    graph: dict[str, set] = {}
    for module in MODULES:
        mine = unit_of(module)
        graph.setdefault(mine, set()).update(
            unit_of(t) for t, _ in imports(module, sources.get(module)) if unit_of(t) != mine)
    return graph


def _cycles(graph) -> list[list[str]]:
    """One cycle through each strongly connected set of ``graph`` (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(_a_cycle(graph, set(group)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _a_cycle(graph, group) -> list[str]:
    start = min(group)
    paths = {start: [start]}
    todo = [start]
    while todo:                          # breadth first back to start, inside the group
        v = todo.pop(0)
        for w in sorted(graph[v] & group):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    raise AssertionError(group)


# -- the layer tests -----------------------------------------------------------------
def test_every_unit_has_a_tier():
    """A new package under nbgames/ must be placed in LAYERS (and so in the map)."""
    units = {unit_of(m).split(".")[0] for m in MODULES}
    assert units == set(TIER), (sorted(units - set(TIER)), sorted(set(TIER) - units))


def test_imports_go_down_the_layers_only():
    bad = layer_violations()
    assert not bad, "imports against the layers (LAYERS in tests/test_layers.py):\n" + "\n".join(bad)


def test_no_import_cycles():
    cycles = import_cycles()
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_the_checks_catch_a_planted_upward_import_and_cycle():
    """The checks are not vacuous: an engine module that imports the arena is an
    upward import and closes a cycle of units (arena imports core)."""
    module = "nbgames.core.errors"
    planted = MODULES[module].read_text(encoding="utf-8") + "\nfrom ..arena.table import Table\n"
    bad = layer_violations({module: planted})
    assert any(b.startswith("nbgames/core/errors.py") and "up:" in b for b in bad), bad
    assert any("core" in c and "arena" in c for c in import_cycles({module: planted}))


def test_architecture_draws_the_layers_from_the_map():
    """ARCHITECTURE.md, "The layers": its diagram is ``diagram()`` and its table has
    a row for every package under nbgames/."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split("## The layers", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```\n(.*?)\n```", section, re.S).group(1)
    assert block == diagram(), f"ARCHITECTURE.md's diagram should read:\n{diagram()}"
    rows = set(re.findall(r"^\| `nbgames/(\w+)/", section, re.M))
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert rows == folders, (sorted(folders - rows), sorted(rows - folders))


# -- no private engine API outside the engine ----------------------------------------
def _state_private_names() -> set[str]:
    """The ``_names`` a State has: methods and attributes of core's State and of every
    title's State subclasses (dunder names excepted)."""
    names = set()
    for path in [PACKAGE / "core" / "state.py", *sorted((PACKAGE / "games").glob("*/*.py"))]:
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(cls, ast.ClassDef):
                continue
            bases = {ast.unparse(b).rpartition(".")[2] for b in cls.bases}
            if cls.name != "State" and "State" not in bases:
                continue
            for node in ast.walk(cls):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(node.name)
                elif isinstance(node, ast.Attribute) and ast.unparse(node.value) == "self":
                    names.add(node.attr)
                elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    names.add(node.id)
    return {n for n in names if len(n) > 1 and n.startswith("_") and not n.startswith("__")}


def _outside_the_engine():
    """Every Python source outside nbgames/core and the titles' folders: the package's
    other layers, bench, tests, docs, and the code cells of the notebooks."""
    for folder in ("nbgames", "bench", "tests", "docs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not rel.startswith(("nbgames/core/", "nbgames/games/")):
                yield rel, path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!")))
        yield path.relative_to(ROOT).as_posix(), code


def private_uses(sources) -> list[str]:
    """Every ``x._name`` (read, call or set) and ``getattr(x, "_name")`` where
    ``_name`` is a State's private name and ``x`` is not ``self`` or ``cls``."""
    names = _state_private_names()
    hits = []
    for rel, text in sources:
        for node in ast.walk(ast.parse(text)):
            name = None
            if isinstance(node, ast.Attribute) and node.attr in names \
                    and ast.unparse(node.value) not in ("self", "cls"):
                name = ast.unparse(node)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("getattr", "setattr", "hasattr", "delattr") \
                    and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) \
                    and node.args[1].value in names and ast.unparse(node.args[0]) not in ("self", "cls"):
                name = ast.unparse(node)
            if name:
                hits.append(f"{rel}:{node.lineno}: {name}")
    return hits


def test_nothing_outside_the_engine_uses_a_private_name_of_a_state():
    """ARCHITECTURE.md, "The layers": search, theory, arena, adapters, widget, net,
    the command line, bench and the tests use a State's public API (``advance``,
    ``quiet``, ``is_legal``, ``secret_open``, ``secret_choices``, ``resample_secrets``,
    ``log_entries``, ``game.scenario``, ``to_dict``, ...), never a ``_name`` of it:
    only nbgames/core and the title's own folder do."""
    hits = private_uses(_outside_the_engine())
    assert not hits, "private State names used outside the engine:\n" + "\n".join(hits)


def test_the_private_name_check_catches_a_planted_use():
    assert "_legal_ids" in _state_private_names() and "_secret_of" in _state_private_names()
    planted = "def f(state):\n    state._legal = None\n    return getattr(state, '_legal_ids')()\n"
    assert private_uses([("planted.py", planted)]) == [
        "planted.py:2: state._legal", "planted.py:3: getattr(state, '_legal_ids')"]
    assert private_uses([("fine.py", "def f(self):\n    return self._legal_ids()\n")]) == []
