"""Issue 24: the Binder configuration installs what every tutorial imports, and not
the test-only stack. Offline, without repo2docker: the test reads ``binder/``
(requirements.txt and the ``pip install`` lines of postBuild), resolves the project's
extras from pyproject.toml and follows every requirement through the metadata of the
distributions installed here; on the other side it reads every notebook's imports.

A notebook needs what its code imports, and what the nbgames modules it imports
import in turn, at the top or inside a function (``ratings()`` imports openskill only
when called; a notebook that imports ``nbgames`` may call it). A module that nbgames
imports by name at run time (``import_module(f"{__name__}.{name}")``: the titles, the
adapters) counts when the notebook's code names it: a title's name in a string, the
``pettingzoo`` in ``nbgames.adapters.pettingzoo``. Import names map to distributions
through ``importlib.metadata.packages_distributions()``.
"""

from __future__ import annotations

import ast
import importlib.metadata as md
import json
import re
import shlex
import shutil
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest
from IPython.core.inputtransformer2 import TransformerManager
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
PACKAGE = "nbgames"
#: what only the tests use: Binder is for playing and teaching
TEST_ONLY = {"pytest", "nbval", "hypothesis", "playwright", "ruff", "sphinx", "myst-nb", "marimo"}


# -- what binder/ installs --------------------------------------------------------------------
def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def project_requirements(extras: set[str], project: dict) -> list[Requirement]:
    """The project's dependencies and those of its extras (an extra may name others:
    ``nbgames[rl]``); an unknown extra is an error, as pip's warning is easy to miss."""
    known = project.get("optional-dependencies", {})
    out = [Requirement(r) for r in project.get("dependencies", [])]
    todo, done = list(extras), set()
    while todo:
        extra = todo.pop()
        if extra in done:
            continue
        done.add(extra)
        assert extra in known, f"binder/ asks for the extra {extra!r}; pyproject.toml has {sorted(known)}"
        for text in known[extra]:
            req = Requirement(text)
            if canonicalize_name(req.name) == PACKAGE:
                todo += sorted(req.extras)
            else:
                out.append(req)
    return out


def _local(spec: str) -> set[str] | None:
    """The extras of a requirement that is this checkout (``.``, ``.[theory]``), else None."""
    m = re.fullmatch(r"\.(?:\[([\w,\s-]*)\])?/?", spec.strip("'\""))
    return None if m is None else {e.strip() for e in (m.group(1) or "").split(",") if e.strip()}


def requirement_lines(lines: list[str], folder: Path) -> tuple[list[Requirement], set[str], bool]:
    """Requirements, the project's extras and whether the project itself is installed,
    from pip's arguments or a requirements file's lines."""
    reqs, extras, local = [], set(), False
    it = iter(lines)
    for arg in it:
        arg = arg.split(" #", 1)[0].strip()
        if not arg or arg.startswith("#"):
            continue
        if arg in ("-r", "--requirement"):
            r, e, loc = requirement_lines((folder / next(it)).read_text().splitlines(), folder)
            reqs, extras, local = reqs + r, extras | e, local or loc
            continue
        if arg in ("-e", "--editable"):
            arg = next(it)
        elif arg.startswith(("-e ", "--editable ")):
            arg = arg.split(None, 1)[1]
        elif arg.startswith("-"):
            continue    # --no-cache-dir, -q, ...
        found = _local(arg)
        if found is not None:
            extras |= found
            local = True
        else:
            reqs.append(Requirement(arg))
    return reqs, extras, local


def binder_install(binder: Path) -> tuple[list[Requirement], set[str], bool]:
    """What repo2docker would install from ``binder``: requirements.txt, then every
    ``pip install`` in postBuild."""
    assert not (binder / "environment.yml").exists(), "a conda environment.yml is not read by this test"
    reqs, extras, local = [], set(), False
    if (binder / "requirements.txt").exists():
        reqs, extras, local = requirement_lines(
            (binder / "requirements.txt").read_text().splitlines(), ROOT)
    if (binder / "postBuild").exists():
        for line in (binder / "postBuild").read_text().splitlines():
            words = shlex.split(line, comments=True)
            if "pip" in words and "install" in words[words.index("pip"):]:
                args = words[words.index("install", words.index("pip")) + 1:]
                r, e, loc = requirement_lines(args, ROOT)
                reqs, extras, local = reqs + r, extras | e, local or loc
    return reqs, extras, local


def closure(reqs: list[Requirement]) -> dict[str, set[str]]:
    """Every distribution the requirements bring (canonical name -> extras asked for),
    following the metadata of the distributions installed here; markers are read for
    this platform and Python (Binder's image is Linux, Python 3.11 as in runtime.txt)."""
    seen: dict[str, set[str]] = {}
    todo = [(r, {""}) for r in reqs]
    while todo:
        req, parent_extras = todo.pop()
        if req.marker is not None and not any(req.marker.evaluate({"extra": e}) for e in parent_extras):
            continue
        name = canonicalize_name(req.name)
        new = set(req.extras) - seen.get(name, set())
        if name in seen and not new:
            continue
        first = name not in seen
        seen.setdefault(name, set()).update(req.extras)
        try:
            requires = md.distribution(name).requires or []
        except md.PackageNotFoundError:
            continue    # not installed here: its own requirements cannot be followed
        asked = ({""} if first else set()) | new
        todo += [(Requirement(r), asked) for r in requires]
    return seen


def binder_distributions(binder: Path) -> set[str]:
    reqs, extras, local = binder_install(binder)
    if local:
        reqs = reqs + project_requirements(extras, pyproject())
    return set(closure(reqs))


# -- what the notebooks import ------------------------------------------------------------------
def _imports(tree: ast.AST, package: str) -> set[str]:
    """Absolute names of every import in a tree (functions included), relative ones
    resolved against ``package``; ``from a import b`` gives a and a.b."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return out


def _lazy_packages(tree: ast.AST, module: str) -> set[str]:
    """Packages whose children this module imports by a name made at run time:
    ``import_module(f"{__name__}.{name}")`` or ``import_module(f"{CONSTANT}.{name}")``."""
    constants = {t.id: n.value.value for n in getattr(tree, "body", []) if isinstance(n, ast.Assign)
                 and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                 for t in n.targets if isinstance(t, ast.Name)}
    out = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
                == "import_module" and node.args and isinstance(node.args[0], ast.JoinedStr)):
            first = node.args[0].values[0]
            if isinstance(first, ast.FormattedValue) and isinstance(first.value, ast.Name):
                name = first.value.id
                out.add(module if name == "__name__" else constants.get(name, ""))
    return out - {""}


@cache
def package_modules() -> dict[str, tuple[set[str], set[str]]]:
    """Every module of nbgames in this checkout: (its imports, the packages whose
    children it imports by run-time name)."""
    out = {}
    for path in (ROOT / PACKAGE).rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        name = ".".join(parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out[name] = (_imports(tree, name if is_package else name.rpartition(".")[0]),
                     _lazy_packages(tree, name))
    return out


def notebook_code(path: Path) -> str:
    """The code cells as Python (IPython's magics and ``!`` lines turned into calls)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    tm = TransformerManager()
    return "\n".join(tm.transform_cell("".join(c["source"])) for c in cells if c["cell_type"] == "code")


def needed_imports(code: str) -> dict[str, str]:
    """Top-level modules outside the standard library that the code needs: imported
    directly, or by the nbgames modules it reaches. -> {module: how it is reached}."""
    modules = package_modules()
    words = set(re.findall(r"\w+", code))
    need, todo, reached = {}, [], set()

    def reach(name: str, via: str):
        if name.split(".")[0] == PACKAGE:
            parts = name.split(".")
            for i in range(1, len(parts) + 1):     # importing a.b.c imports a and a.b
                mod = ".".join(parts[:i])
                if mod in modules and mod not in reached:
                    reached.add(mod)
                    todo.append((mod, f"{via} -> {mod}" if via != mod else mod))
        else:
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names and top != "__future__":
                need.setdefault(top, via)

    for name in _imports(ast.parse(code), ""):
        reach(name, "the notebook")
    while todo:
        mod, chain = todo.pop()
        imports, lazy = modules[mod]
        for name in imports:
            reach(name, chain)
        for pkg in lazy:        # children imported by run-time name: those the code names
            for child in modules:
                if child.rpartition(".")[0] == pkg and child.rpartition(".")[2] in words:
                    reach(child, chain)
    return need


def missing_from_binder(binder: Path, notebooks: list[Path]) -> list[str]:
    have = binder_distributions(binder)
    dists = md.packages_distributions()
    problems = []
    for nb in notebooks:
        for module, via in sorted(needed_imports(notebook_code(nb)).items()):
            providers = {canonicalize_name(d) for d in dists.get(module, [])}
            if not providers:
                problems.append(f"{nb.name}: needs {module!r} ({via}), which no distribution "
                                f"installed here provides, so its package cannot be checked")
            elif not providers & have:
                problems.append(f"{nb.name}: needs {module!r} ({via}) from "
                                f"{' or '.join(sorted(providers))}, which binder/ does not install")
    return problems


# -- the tests ----------------------------------------------------------------------------------
def test_binder_installs_what_every_notebook_imports():
    assert len(NOTEBOOKS) >= 8
    problems = missing_from_binder(ROOT / "binder", NOTEBOOKS)
    assert not problems, "\n".join(problems)


def test_binder_does_not_install_the_test_stack():
    reqs, extras, local = binder_install(ROOT / "binder")
    assert local, "binder/ must install nbgames itself (pip install -e .)"
    assert "test" not in extras and "docs" not in extras
    assert not set(binder_distributions(ROOT / "binder")) & TEST_ONLY


def test_binder_runs_the_python_of_its_runtime_file():
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


def test_the_check_catches_a_binder_that_lacks_an_extra(tmp_path):
    """The configuration before issue 24 (``pip install -e .`` and nothing else) is
    refused, naming the notebooks and the packages: nashpy and the ratings' openskill
    in 06, pygambit in 07 (through nbgames.theory)."""
    old = tmp_path / "binder"
    shutil.copytree(ROOT / "binder", old)
    (old / "postBuild").write_text("#!/usr/bin/env bash\npip install --no-cache-dir -e .\n")
    problems = "\n".join(missing_from_binder(old, NOTEBOOKS))
    assert re.search(r"06_game_theory.ipynb: needs 'nashpy' \(the notebook\)", problems)
    assert re.search(r"06_game_theory.ipynb: needs 'openskill' \(.*nbgames\.arena\.analysis\)", problems)
    assert re.search(r"07_endgames.ipynb: needs 'pygambit' \(.*nbgames\.theory\.tree\)", problems)
    # and a notebook that imports something binder/ lacks, directly
    assert missing_from_binder(ROOT / "binder", []) == []
    extra = tmp_path / "99_extra.ipynb"
    extra.write_text(json.dumps({"cells": [{"cell_type": "code", "source": ["import pytest\n", "!ls\n"]}]}))
    assert [p for p in missing_from_binder(ROOT / "binder", [extra]) if "'pytest'" in p]


@pytest.mark.parametrize("line, extras, local", [
    (["-e", ".[theory]"], {"theory"}, True),
    (["--no-cache-dir", "-e", ".[rl, dask]"], {"rl", "dask"}, True),
    (["."], set(), True),
    (["nashpy>=0.0.41"], set(), False),
])
def test_pip_arguments_are_read(line, extras, local):
    _, e, loc = requirement_lines(line, ROOT)
    assert (e, loc) == (extras, local)


def test_lazy_children_count_when_the_notebook_names_them():
    need = needed_imports("from nbgames.adapters import pettingzoo\n")
    assert "pettingzoo" in need and "pyspiel" not in need
    assert "pettingzoo" not in needed_imports("import nbgames\n")
