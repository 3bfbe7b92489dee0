"""nbgames: play, step through, study and teach five tabletop games in Jupyter.

>>> import nbgames
>>> game = nbgames.load("chili_cookoff", players=3)
>>> state = game.new_state(seed=7)
>>> state.current_player
0
"""

from .core import (Action, ActionList, Game, IllegalActionError, NbgamesError, Option,
                   OptionError, PolicyError, RecordError, State, UnknownGameError, games, load,
                   replay)
from . import agents as bots
from .arena import HumanTurnError, Table, TournamentResult, play, tournament

__version__ = "0.1.0"


def widget(*args, **kwargs):
    """A GameWidget: a board to play, step and inspect in a notebook.
    See :class:`nbgames.widget.GameWidget`."""
    from .widget import make_widget
    return make_widget(*args, **kwargs)


__all__ = ["Action", "ActionList", "Game", "Option", "State", "Table", "games", "load", "replay",
           "play", "tournament", "TournamentResult", "widget", "bots", "HumanTurnError", "IllegalActionError",
           "NbgamesError", "OptionError", "PolicyError", "RecordError", "UnknownGameError"]
