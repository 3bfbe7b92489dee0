"""nbgames: play, step through, study and teach five tabletop games in Jupyter.

>>> import nbgames
>>> titles = nbgames.games()          # the folders of nbgames/games/
>>> game = nbgames.load(titles[0], players=2)
>>> state = game.new_state(seed=7)
>>> state.current_player
0

``help(nbgames.games.<title>)`` is a title's doc page: its rules, its choices
where the rulebook is silent, its options and its action labels.
"""

from . import (
    adapters,  # pettingzoo / openspiel, each imported on first use
    games,  # the package of titles; calling it lists them
    theory,  # game trees and equilibria (pygambit is imported only to solve)
)
from . import agents as bots
from .arena import HumanTurnError, Table, TournamentResult, play, tournament
from .arena.review import Review, review
from .core import (
    Action,
    ActionList,
    Game,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NbgamesError,
    NotLegalError,
    Option,
    OptionError,
    PolicyError,
    RecordError,
    State,
    UnknownGameError,
    load,
    replay,
)
from .core.infoset import InfoSet

__version__ = "0.1.0"


def widget(*args, **kwargs):
    """A GameWidget: a board to play, step and inspect in a notebook.
    See :class:`nbgames.widget.GameWidget`."""
    from .widget import make_widget
    return make_widget(*args, **kwargs)


__all__ = ["adapters", "Action", "ActionList", "Game", "InfoSet", "Option", "State", "Table", "games",
           "theory", "load",
           "replay",
           "play", "review", "Review", "tournament", "TournamentResult", "widget", "bots",
           "HumanTurnError", "IllegalActionError",
           "InvalidActionError", "NotLegalError", "GameOverError", "NbgamesError",
           "OptionError", "PolicyError", "RecordError", "UnknownGameError"]
