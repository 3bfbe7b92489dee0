"""The titles: one folder each, all of the same shape.

``__init__.py`` (the title's doc page and its ``SPEC``), ``components.json`` +
``components.py`` (component data with the source of every figure, and its
loader), ``components.md`` (what is known of the components and why the rest was
reconstructed), ``rules.py`` (the Game and State), ``scoring.py`` (pure scoring),
``render.py`` (a text picture of an observation), ``bot.py`` (the heuristic bot),
``encoder.py`` (the observation as a fixed-shape tensor) and ``endgames.py``
(positions to solve exactly, for ``nbgames.theory``).

``nbgames.games`` is this package, and calling it lists the titles:
``nbgames.games()``. A title's module is imported on first use, so
``help(nbgames.games.<title>)`` works from a fresh interpreter.
"""

import sys
import types
from importlib import import_module


class _CallableModule(types.ModuleType):
    def __call__(self) -> list[str]:
        """The titles that can be loaded (see :func:`nbgames.core.registry.games`)."""
        from ..core.registry import games
        return games()

    def __getattr__(self, name: str):
        from ..core.registry import games
        if name in games():
            return import_module(f"{__name__}.{name}")
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}; titles: "
                             f"{', '.join(games())}")

    def __dir__(self):
        from ..core.registry import games
        return sorted(set(super().__dir__()) | set(games()))


sys.modules[__name__].__class__ = _CallableModule
