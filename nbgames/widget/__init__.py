"""The Jupyter widget of nbgames: one anywidget class for every title.

``nbgames.widget(...)`` calls :func:`make_widget`. The engine never imports this
package; this package only reads the engine's public contract (observation,
legal actions, log, scores, history) through a :class:`~nbgames.arena.table.Table`.
"""

from ..arena.seats import SeatList
from ..arena.table import HumanTurnError
from .assets import compose_css, compose_esm
from .base import GameWidget
from .make import make_widget, widget_class

__all__ = ["GameWidget", "HumanTurnError", "SeatList", "make_widget", "widget_class",
           "compose_esm", "compose_css"]


# `nbgames.widget` is both this package and the function `nbgames.widget(...)`
# defined in nbgames/__init__.py. Importing the package rebinds the attribute
# `nbgames.widget` to the module, so the module itself must be callable: calling
# it is calling make_widget.
import sys as _sys
import types as _types
from inspect import cleandoc as _cleandoc
from inspect import signature as _inspect_signature


class _CallableModule(_types.ModuleType):
    def __call__(self, *args, **kwargs):
        """A GameWidget: see :func:`nbgames.widget` (the package's doc above)."""
        return _factory(*args, **kwargs)


# help(nbgames.widget) and inspect.signature(nbgames.widget) show the factory's own
# signature and options, whether nbgames.widget is still the function or already
# this package.
from .. import widget as _factory  # noqa: E402  (the function: this package is not bound yet)

__doc__ = (f"nbgames.widget{_inspect_signature(_factory)}\n\n{_cleandoc(_factory.__doc__)}\n\n"
           f"The package: {__doc__}")
__signature__ = _inspect_signature(_factory)
_sys.modules[__name__].__class__ = _CallableModule
