"""One folder per title, all of the same shape:

``components.json`` + ``components.py`` (component data with provenance, and its
loader), ``rules.py`` (the Game and State), ``scoring.py`` (pure scoring),
``render.py`` (a text picture of an observation), ``bot.py`` (the heuristic bot).

``nbgames.games`` is both this package and the function listing the titles:
importing a title sets the attribute ``games`` of the ``nbgames`` package to this
module, so the module itself is callable and answers ``nbgames.games()``.
"""

import sys
import types


class _CallableModule(types.ModuleType):
    def __call__(self):
        from ..core.registry import games
        return games()


sys.modules[__name__].__class__ = _CallableModule
