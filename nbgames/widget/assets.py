"""The browser code of the widget: compose ``js/`` into one ES module per title.

anywidget loads ``_esm`` from a Blob URL, where relative imports cannot resolve.
So the shared shell (``shared.js``) and the title's board (``<module>.js``) are
concatenated here, in Python, with their relative ``import`` lines removed, and
a one-line footer ``export default createWidget(board);`` is appended. CSS is
composed the same way (``shared.css`` + ``<module>.css``). No Node, no bundler
and no network are needed at install or run time; the files in ``js/`` stay
plain ES modules that Node's test runner imports directly.

Where the files are: a wheel carries ``js/`` as ``nbgames/_js`` (see the
``force-include`` in pyproject.toml); a source checkout (``pip install -e``)
reads the repository's ``js/``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent
SEARCH_PATH = (_HERE.parent / "_js", _HERE.parents[1] / "js")

# title -> basename of its board module in js/ (titles without one use generic.js)
BOARDS = {"chili_cookoff": "cookoff", "veggies": "veggies"}

# `import ... from "./x.js";` (also spread over several lines) or `import "./x.js";`
_IMPORT = re.compile(r"""^[ \t]*import\b(?:[^;"']*?\bfrom\b)?\s*(["'])\./[\w./-]+\1[ \t]*;?[ \t]*$""",
                     re.M)
_ANY_IMPORT = re.compile(r"^[ \t]*import\b[\s{*\"']", re.M)


def js_dir() -> Path:
    """The folder holding the front-end files: the installed copy first, then the
    source checkout."""
    for path in SEARCH_PATH:
        if (path / "shared.js").is_file():
            return path
    raise FileNotFoundError("nbgames front-end files not found; looked in "
                            + ", ".join(str(p) for p in SEARCH_PATH))


def board_module(title: str) -> str:
    """The basename of the JS module that draws ``title`` (``generic`` if none)."""
    name = BOARDS.get(title)
    if name and (js_dir() / f"{name}.js").is_file():
        return name
    return "generic"


def strip_imports(source: str, name: str = "module") -> str:
    """Remove the relative import statements of a module; any other import is an
    error (the composed module must be self-contained)."""
    out = _IMPORT.sub("", source)
    left = _ANY_IMPORT.search(out)
    if left:
        line = out[left.start():out.find("\n", left.start())]
        raise ValueError(f"{name}: only relative imports (./x.js) can be composed, found {line!r}")
    return out


@lru_cache(maxsize=None)
def _compose_esm(folder: str, board: str) -> str:
    base = Path(folder)
    shared = (base / "shared.js").read_text(encoding="utf-8")
    title = (base / f"{board}.js").read_text(encoding="utf-8")
    return (f"// nbgames: js/shared.js + js/{board}.js, composed by nbgames/widget/assets.py\n"
            + strip_imports(shared, "shared.js")
            + f"\n// ---- js/{board}.js ----\n"
            + strip_imports(title, f"{board}.js")
            + "\nexport default createWidget(board);\n")


@lru_cache(maxsize=None)
def _compose_css(folder: str, board: str) -> str:
    base = Path(folder)
    parts = [(base / "shared.css").read_text(encoding="utf-8")]
    extra = base / f"{board}.css"
    if extra.is_file():
        parts.append(extra.read_text(encoding="utf-8"))
    return "\n".join(parts)


def compose_esm(title: str) -> str:
    """One self-contained ES module (a string) drawing ``title``."""
    return _compose_esm(str(js_dir()), board_module(title))


def compose_css(title: str) -> str:
    """The stylesheet for ``title``: shared controls, then the board."""
    return _compose_css(str(js_dir()), board_module(title))
