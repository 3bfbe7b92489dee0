"""The browser code of the widget: compose ``js/`` into one ES module per title.

anywidget loads ``_esm`` from a Blob URL, where relative imports cannot resolve.
So the modules a title's board needs are joined here, in Python, from the
title's manifest (``TitleSpec.js``, with ``shared.js`` always first):

* each file's relative imports (``import { h, card as c } from "./shared.js";``,
  ``import * as kit from "./grid.js";``) must name a file of the manifest; any
  other import is refused with a clear error when the module is composed;
* the files are ordered so that every module comes after what it imports (a
  cycle is refused);
* each file becomes a scope of its own: ``const __nbg_grid = (() => { ...;
  return { exported names }; })();``, and its imports become ``const { h, card:
  c } = __nbg_shared;``, so two helper modules may use the same private names;
* the footer is ``export default __nbg_shared.createWidget(<board>.board);``.

CSS is composed the same way (``shared.css`` and each manifest file's ``.css``
when it exists). No Node, no bundler and no network are needed at install or
run time; the files in ``js/`` stay plain ES modules that Node's test runner
imports directly.

Composition is cached per manifest. ``NBGAMES_DEV=1`` turns the caches off (here
and in :func:`nbgames.widget.base.widget_class`), so an edited JS file shows in
the next widget without restarting the kernel.

Where the files are: a wheel carries ``js/`` as ``nbgames/_js`` (see the
``force-include`` in pyproject.toml); a source checkout (``pip install -e``)
reads the repository's ``js/``.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

from ..core.errors import NbgamesError
from ..core.registry import spec

_HERE = Path(__file__).resolve().parent
SEARCH_PATH = (_HERE.parent / "_js", _HERE.parents[1] / "js")
SHARED = "shared.js"

_IMPORT = re.compile(r"""^[ \t]*import\b(?P<what>[^;"']*?)(?:\bfrom\b)?\s*"""
                     r"""(?P<q>["'])(?P<path>[^"']+)(?P=q)[ \t]*;?[ \t]*$""", re.M)
_ANY_IMPORT = re.compile(r"^[ \t]*import\b[\s{*\"']", re.M)
_EXPORT_DECL = re.compile(r"^export[ \t]+((?:async[ \t]+)?function\*?|class|const|let|var)"
                          r"[ \t]+([A-Za-z_$][\w$]*)", re.M)
_EXPORT_LIST = re.compile(r"^export[ \t]*\{([^}]*)\}[ \t]*;?[ \t]*$", re.M)
_IDENT = re.compile(r"^[A-Za-z_$][\w$]*$")


class CompositionError(NbgamesError, ValueError):
    """A board's JS modules cannot be composed (a bad import, a cycle, a missing file)."""


def dev_mode() -> bool:
    """``NBGAMES_DEV=1``: no caches, so edited JS shows in the next widget."""
    return os.environ.get("NBGAMES_DEV", "") not in ("", "0")


def js_dir() -> Path:
    """The folder holding the front-end files: the installed copy first, then the
    source checkout."""
    for path in SEARCH_PATH:
        if (path / SHARED).is_file():
            return path
    raise FileNotFoundError("nbgames front-end files not found; looked in "
                            + ", ".join(str(p) for p in SEARCH_PATH))


def manifest(title: str) -> tuple[str, ...]:
    """The JS files of a title's board: ``shared.js``, then the spec's list."""
    files = [SHARED] + [f for f in spec(title).js if f != SHARED]
    return tuple(dict.fromkeys(files))


def _var(file: str) -> str:
    return "__nbg_" + re.sub(r"\W", "_", file.removesuffix(".js"))


def _bindings(what: str, file: str, target: str) -> str:
    """Turn the clause of an import (``{ a, b as c }``, ``* as k`` or nothing)
    into the ``const`` that binds the names from the module's scope object."""
    what = what.strip()
    if not what:
        return ""
    if what.startswith("*"):
        m = re.fullmatch(r"\*\s+as\s+([A-Za-z_$][\w$]*)", what)
        if not m:
            raise CompositionError(f"{file}: cannot read the import clause {what!r}")
        return f"const {m[1]} = {target};"
    m = re.fullmatch(r"\{([^}]*)\}", what)
    if not m:
        raise CompositionError(f"{file}: only named imports ({{ a, b as c }}) and namespace "
                               f"imports (* as x) can be composed, found {what!r}")
    parts = []
    for item in filter(None, (x.strip() for x in m[1].split(","))):
        name, _, alias = (s.strip() for s in item.partition(" as "))
        if not _IDENT.match(name) or (alias and not _IDENT.match(alias)):
            raise CompositionError(f"{file}: cannot read the imported name {item!r}")
        parts.append(f"{name}: {alias}" if alias else name)
    return f"const {{ {', '.join(parts)} }} = {target};" if parts else ""


def _parse(file: str, source: str, files: tuple[str, ...]) -> tuple[str, list[str], list[str]]:
    """(body with imports bound and exports unwrapped, imported files, exported names)."""
    deps: list[str] = []

    def bind(m):
        path = m["path"]
        if not path.startswith("./"):
            raise CompositionError(f"{file}: only relative imports of the board's own modules "
                                   f"can be composed, found {m.group(0).strip()!r}")
        dep = path[2:]
        if dep not in files:
            raise CompositionError(f"{file} imports {path!r}, which is not in the manifest "
                                   f"{list(files)}; add it to the title's TitleSpec.js")
        deps.append(dep)
        return _bindings(m["what"], file, _var(dep))

    body = _IMPORT.sub(bind, source)
    left = _ANY_IMPORT.search(body)
    if left:
        line = body[left.start():body.find("\n", left.start())]
        raise CompositionError(f"{file}: cannot compose the import {line.strip()!r}")
    if re.search(r"^export[ \t]+default\b", body, re.M):
        raise CompositionError(f"{file}: use named exports (export const board = ...), "
                               f"not export default")
    names = [m[2] for m in _EXPORT_DECL.finditer(body)]
    for m in _EXPORT_LIST.finditer(body):
        for item in filter(None, (x.strip() for x in m[1].split(","))):
            name, _, alias = (s.strip() for s in item.partition(" as "))
            names.append(f"{alias}: {name}" if alias else name)
    body = _EXPORT_LIST.sub("", body)
    body = re.sub(r"^export[ \t]+", "", body, flags=re.M)
    return body, deps, names


def _order(files: tuple[str, ...], deps: dict[str, list[str]]) -> list[str]:
    """Files after everything they import, otherwise in manifest order."""
    done: list[str] = []
    visiting: list[str] = []

    def visit(f):
        if f in done:
            return
        if f in visiting:
            cycle = visiting[visiting.index(f):] + [f]
            raise CompositionError("the board's modules import each other in a cycle: "
                                   + " -> ".join(cycle))
        visiting.append(f)
        for d in deps[f]:
            visit(d)
        visiting.pop()
        done.append(f)

    for f in files:
        visit(f)
    return done


def compose_files(folder: Path, files: tuple[str, ...]) -> str:
    """One self-contained ES module from the manifest ``files`` (board last)."""
    parsed = {}
    for f in files:
        path = folder / f
        if not path.is_file():
            raise CompositionError(f"the manifest names {f!r}, which is not in {folder}")
        parsed[f] = _parse(f, path.read_text(encoding="utf-8"), files)
    order = _order(files, {f: p[1] for f, p in parsed.items()})
    out = [f"// nbgames: {', '.join(order)} composed by nbgames/widget/assets.py\n"]
    for f in order:
        body, _, names = parsed[f]
        out.append(f"// ---- js/{f} ----\nconst {_var(f)} = (() => {{\n{body}\n"
                   f"return {{ {', '.join(names)} }};\n}})();\n")
    out.append(f"export default {_var(SHARED)}.createWidget({_var(files[-1])}.board);\n")
    return "".join(out)


@cache
def _compose_esm(folder: str, files: tuple[str, ...]) -> str:
    return compose_files(Path(folder), files)


@cache
def _compose_css(folder: str, files: tuple[str, ...]) -> str:
    base = Path(folder)
    parts = []
    for f in files:
        css = base / (f.removesuffix(".js") + ".css")
        if css.is_file():
            parts.append(css.read_text(encoding="utf-8"))
    return "\n".join(parts)


def compose_esm(title: str) -> str:
    """One self-contained ES module (a string) drawing ``title``."""
    args = (str(js_dir()), manifest(title))
    return compose_files(Path(args[0]), args[1]) if dev_mode() else _compose_esm(*args)


def compose_css(title: str) -> str:
    """The stylesheet for ``title``: shared controls, then the board's modules."""
    args = (str(js_dir()), manifest(title))
    return _compose_css.__wrapped__(*args) if dev_mode() else _compose_css(*args)


# -- the board on a page with no kernel (the HTML export, a network seat's page) -------------
def page_esm(title: str) -> str:
    """:func:`compose_esm`, safe inside a ``<script type="text/plain">`` of a page."""
    esm = compose_esm(title)
    for bad, safe in (("</script", "<\\/script"), ("</SCRIPT", "<\\/SCRIPT"), ("<!--", "<\\!--")):
        esm = esm.replace(bad, safe)
    return esm


def page_css(title: str) -> str:
    """:func:`compose_css`, safe inside a page's ``<style>``."""
    return compose_css(title).replace("</style", "<\\/style")


# anywidget's model, stood in for on a page: the traits live in the page's ``data``
# (declared before it is used), ``emit(k)`` tells the board that trait ``k`` changed
# (the ``change:k`` and the ``change`` events, as a Jupyter model fires them),
# and ``pageModel(send)`` is the model the board renders with (``send`` gets the
# board's messages).
PAGE_MODEL_JS = """const handlers = new Map();
const emit = (k) => [`change:${k}`, "change"].forEach((ev) => (handlers.get(ev) || []).forEach((cb) => cb()));
function pageModel(send) {
  return {
    get: (k) => data[k],
    set: (k, v) => { data[k] = v; },
    save_changes: () => {},
    on: (ev, cb) => { if (!handlers.has(ev)) handlers.set(ev, []); handlers.get(ev).push(cb); },
    off: (ev, cb) => { if (handlers.has(ev)) handlers.set(ev, handlers.get(ev).filter((x) => x !== cb)); },
    send,
  };
}"""
