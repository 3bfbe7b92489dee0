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


class _CallableModule(_types.ModuleType):
    def __call__(self, *args, **kwargs):
        """A GameWidget: see :func:`make_widget`."""
        return make_widget(*args, **kwargs)


_sys.modules[__name__].__class__ = _CallableModule
