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


def __getattr__(name):
    """``nbgames.host`` (host a table, or a classroom of tables, on a websocket
    server: one join link a person) is ``nbgames.net.host`` and
    ``nbgames.join`` (join a hosted table: the board of that seat, or with
    ``policy`` a bot that plays it from this kernel) is ``nbgames.net.client.join``,
    with their own signatures and help; they are imported on first use, so that
    ``import nbgames`` loads no server."""
    if name == "host":
        from .net import host
        return host
    if name == "join":
        from .net.client import join
        return join
    raise AttributeError(f"module 'nbgames' has no attribute {name!r}")


def __dir__():
    return sorted([*globals(), "host", "join"])


class _Default:
    """A default shown by name in signatures (``help`` and ``inspect``)."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


_FIRST_HUMAN = _Default("<the first human seat, else None>")


def widget(title=None, players: int | None = None, *, seats=None, seed: int | None = None,
           viewer=_FIRST_HUMAN, viewers=None, reveal: bool = False, speed: float = 2.0,
           log_limit: int = 20, advisor=None, show_thinking: bool = False, state=None,
           **options):
    """A board to play, step through and inspect one game in a notebook (a
    ``nbgames.widget.GameWidget``, an anywidget)::

        nbgames.widget(title, players=2, seats=["human", "greedy"], seed=3)
        nbgames.widget(game, seats=[...])              # a loaded Game, with its options
        nbgames.widget(state=some_state, viewer=0)     # any position, e.g. game.scenario(...)

    ``title``          a title (one of ``nbgames.games()``) or a loaded Game.
    ``players``        the player count (default: one a seat of ``seats``, else the
                       title's fewest), as for ``nbgames.play`` and ``nbgames.tournament``.
    ``seats``          one entry a seat: ``"human"``, a built-in bot's name
                       (``"greedy"``, ``"random"``, ``"ismcts"``) or a policy
                       ``policy(observation, legal_actions) -> action`` (default: seat
                       0 human, the others greedy). ``w.seats[i] = p`` swaps one later.
    ``seed``           the deal (default: a random one; the board's "New game" asks too).
    ``viewer``         the seat the board is drawn for; None is the spectator, who
                       sees no hand (default: the first human seat).
    ``viewers``        the seats the "View as" menu offers: a list (None for the
                       spectator), ``"all"``, or None (the human seats).
    ``reveal``         True shows every hand (teaching; settable from Python only).
    ``speed``          decisions a second when the Play button lets bots move (0.25 to 50).
    ``log_limit``      the log lines shown (default 20).
    ``advisor``        the Hint button: ``"ismcts"``, a search bot such as
                       ``nbgames.bots.ismcts(...)``, or ``nbgames.theory.solver()`` (its
                       button reads "Solve": exact equilibrium shares of small endgames).
    ``show_thinking``  after a search bot moves, show its statistics (to that seat's
                       view only, or to everyone with ``reveal=True``).
    ``state``          start from this State instead of a new deal (its game decides
                       the title, players and options).
    ``**options``      the title's options, checked as ``nbgames.load`` checks them;
                       ``help(nbgames.games.<title>)`` lists them with their defaults.

    Unknown keywords are refused with the lists of the widget's arguments and the
    title's options. The widget's methods (``step``, ``play``, ``undo``, ``goto``,
    ``new_game``, ``act``, ``hint``) are those of ``nbgames.widget.GameWidget``.
    """
    from .widget import make_widget
    kwargs = dict(options)
    for name, value, default in (("seats", seats, None), ("seed", seed, None),
                                 ("viewer", viewer, _FIRST_HUMAN), ("viewers", viewers, None),
                                 ("reveal", reveal, False), ("speed", speed, 2.0),
                                 ("log_limit", log_limit, 20), ("advisor", advisor, None),
                                 ("show_thinking", show_thinking, False), ("state", state, None)):
        if value is not default:
            kwargs[name] = value
    return make_widget(title, players, **kwargs)


__all__ = ["adapters", "Action", "ActionList", "Game", "InfoSet", "Option", "State", "Table", "games",
           "theory", "load",
           "replay",
           "play", "review", "Review", "tournament", "TournamentResult", "widget", "host", "join", "bots",
           "HumanTurnError", "IllegalActionError",
           "InvalidActionError", "NotLegalError", "GameOverError", "NbgamesError",
           "OptionError", "PolicyError", "RecordError", "UnknownGameError"]
