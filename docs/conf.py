"""Sphinx configuration of the nbgames documentation site.

Build it from the repository root with

    python -m sphinx -E -W -n --keep-going -b html docs build/docs/html

(strict: every warning is an error, every cross-reference must resolve, a failing
cell of a page that runs fails it; ``tests/test_docs.py`` runs the same command)
and open ``build/docs/html/index.html``. The pages that depend on the titles are
generated here, at build time, into git-ignored folders of ``docs/``
(``titles/``, ``tutorials/``, ``_gen/``; see ``generate.py``), from
``nbgames.games()``: a title gets its page, its replayable game and its place on
the front page by existing. Nothing in this folder names a title.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from generate import absolute_references, generate, package_of  # noqa: E402

import nbgames  # noqa: E402

generate(ROOT, HERE)

project = "nbgames"
author = "the nbgames authors"
copyright = "the nbgames authors"
release = version = nbgames.__version__

extensions = [
    "sphinx.ext.autodoc",
    "myst_nb",
]

# Sources: MyST Markdown pages, reStructuredText (the generated title pages and the
# API reference) and the tutorial notebooks (copied into tutorials/).
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "**.ipynb_checkpoints", "_gen"]   # _gen: included or copied, not pages
root_doc = "index"

# Strict: every cross-reference must resolve (nitpicky); build.py adds -W.
nitpicky = True
nitpick_ignore_regex = [
    # types from the standard library, numpy and other libraries: no inventory is
    # fetched (the build runs offline), so these cannot link anywhere (``t``: typing or
    # traitlets as traitlets itself imports them, e.g. HasTraits.__init__'s ``t.Any``)
    (r"py:class", r"(numpy|np|pd|pandas|pygambit|concurrent|random|collections|typing|t|"
                  r"traitlets|anywidget|ipywidgets|matplotlib|gymnasium|pettingzoo|pyspiel)\..*"),
    (r"py:class", r"(int|str|float|bool|dict|list|tuple|set|bytes|object|callable|Callable|"
                  r"Iterable|Iterator|Sequence|Mapping|Any|None|NoneType|Path|Executor|"
                  r"optional)"),
    # private names are not in the reference
    (r"py:.*", r"(.*\.)?_\w+"),
    # internals that docstrings point to (their source is the documentation)
    (r"py:mod", r"nbgames\.(arena\.batches|theory\.tree|theory\.solve|agents\.search)"),
    # the OpenSpiel face's game and state classes (pyspiel's own API documents them)
    (r"py:class", r"nbgames\.adapters\.openspiel\.Nbgames(Game|State)"),
    (r"py:func", r"nbgames\.(arena\.analysis\.\w+|theory\.exploit\.complete|theory\.tree\.game_tree)"),
    (r"py:func", r"run_length"),
    (r"py:class", r"nbgames\.core\.spec\.TitleSpec"),
    # module constants carry no docstring, so autodoc has no entry for them
    (r"py:data", r"[A-Z][A-Z_]*"),
]

# Notebooks: rendered with the outputs saved in them (nbval runs them in the test
# command); the MyST pages that opt in are executed here, and a failing cell fails
# the build.
nb_execution_mode = "off"
nb_execution_raise_on_error = True
nb_execution_timeout = 120
nb_execution_show_tb = True
nb_execution_in_temp = True      # files a page writes go to a temporary folder
# A board saved in a notebook is a live widget: without a kernel the page shows its
# text form (the title pages have boards that replay without one).
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# code-like text: keep the quotes straight ("open", 'secret'), as help() shows them
smartquotes = False

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True

html_theme = "furo"
html_title = f"nbgames {release}"
html_static_path = ["_static"]
html_css_files = ["nbgames.css"]
html_js_files = ["nbgames.js"]
# the exported games (self-contained HTML pages) sit beside the pages: replays/<title>.html
html_extra_path = ["_gen/extra"]
html_show_sourcelink = False


# -- references written the way Python imports ------------------------------------------
# The docstrings write a reference to a sibling module as Python would import it:
# ``:mod:`.components``` in nbgames/games/<title>/scoring.py means
# nbgames.games.<title>.components. Sphinx reads a leading dot as "inside the current
# module" and, failing that, picks any object of that name (the first title's). So the
# dot is resolved against the package that holds the docstring's module (generate.py).
def _absolute_references(app, what, name, obj, options, lines):
    package = package_of(name)
    lines[:] = [absolute_references(line, package) for line in lines]


def setup(app):
    app.connect("autodoc-process-docstring", _absolute_references)
