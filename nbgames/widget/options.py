"""Every argument of ``nbgames.widget(...)``, checked here and only here: the
game to show (a title with its options, a Game or a State) and the widget's own
settings. Each check raises OptionError naming the value and the choices."""

from __future__ import annotations

from ..core.errors import OptionError
from ..core.game import Game
from ..core.registry import load, spec
from ..core.state import State

# the keyword arguments of nbgames.widget that are the widget's, not the title's options
WIDGET_ARGS = ("state", "seats", "seed", "viewer", "viewers", "reveal", "speed", "log_limit",
               "advisor", "show_thinking")
SPEED_RANGE = (0.25, 50.0)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise OptionError(f"{name} must be True or False, got {value!r}")
    return value


def check_speed(value) -> float:
    """Decisions per second while playing, from 0.25 to 50."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise OptionError(f"speed must be a number, got {str(value)[:20]!r}")
    lo, hi = SPEED_RANGE
    if not lo <= value <= hi:
        raise OptionError(f"speed must be from {lo} to {hi} decisions a second, got {value!r}")
    return float(value)


def check_log_limit(value) -> int:
    if not _is_int(value) or value < 1:
        raise OptionError(f"log_limit must be a positive int, got {value!r}")
    return value


def check_seat(game: Game, seat, what: str):
    """None (the spectator) or a seat of ``game``."""
    if seat is not None and (not _is_int(seat) or not 0 <= seat < game.players):
        raise OptionError(f"{what}: a seat is None (spectator) or an int from 0 to "
                          f"{game.players - 1}, got {seat!r}")
    return seat


def check_viewers(game: Game, viewers, viewer, humans: list[int]) -> list:
    """The seats the viewer selector offers: the human seats (or the spectator when
    there is none) by default, "all" (every seat and the spectator) or a list;
    ``viewer`` is always among them."""
    if viewers is None:
        found = list(humans) or [None]
    elif isinstance(viewers, str) and viewers == "all":
        found = [*range(game.players), None]
    else:
        if isinstance(viewers, (str, bytes)) or not hasattr(viewers, "__iter__"):
            raise OptionError(f"viewers must be None, \"all\" or a list of seats (None for "
                              f"the spectator), got {viewers!r}")
        found = []
        for v in viewers:
            check_seat(game, v, "viewers")
            if v not in found:
                found.append(v)
    if viewer not in found:
        found.insert(0, viewer)
    return found


def game_or_state(title=None, players: int | None = None, **kwargs) -> tuple[Game | State, dict]:
    """What ``nbgames.widget(title, players, **kwargs)`` shows, and the widget's own
    arguments: a State (``state=`` or a State as first argument), a loaded Game,
    or a title loaded with its options. Unknown keyword arguments (neither a
    widget argument nor an option of the title) are refused with the lists of both."""
    state = kwargs.get("state")
    if isinstance(title, State) and state is None:
        state, title = title, None
    options = {k: v for k, v in kwargs.items() if k not in WIDGET_ARGS}
    wargs = {k: v for k, v in kwargs.items() if k in WIDGET_ARGS and k != "state"}
    if state is not None:
        if not isinstance(state, State):
            raise OptionError(f"state must be an nbgames State, got {type(state).__name__}")
        game = state.game
        if title is not None and title != game.title and title != game:
            raise OptionError(f"state is a {game.title} state, not {title!r}")
        if players is not None and players != game.players:
            raise OptionError(f"state has {game.players} players, not {players}")
        if options:
            raise OptionError(f"nbgames.widget(state=...) got unexpected keyword argument(s) "
                              f"{', '.join(sorted(options))}; widget arguments: "
                              f"{', '.join(WIDGET_ARGS)}")
        return state, wargs                    # (a seed besides a state: the Table refuses it)
    if isinstance(title, Game):
        if players is not None and players != title.players:
            raise OptionError(f"{title!r} has {title.players} players, not {players}")
        if options:
            raise OptionError(f"nbgames.widget(game) got unexpected keyword argument(s) "
                              f"{', '.join(sorted(options))}: the Game already has its options; "
                              f"widget arguments: {', '.join(WIDGET_ARGS)}")
        return title, wargs
    if title is None:
        raise OptionError("nbgames.widget needs a title (one of nbgames.games()), a Game or "
                          "state=")
    if players is None and isinstance(wargs.get("seats"), (list, tuple)):
        players = len(wargs["seats"])
    opts_spec = spec(title).game.options_spec
    unknown = sorted(k for k in options if k not in opts_spec)
    if unknown:
        raise OptionError(f"nbgames.widget() got unexpected keyword argument(s) "
                          f"{', '.join(map(repr, unknown))}; widget arguments: "
                          f"{', '.join(WIDGET_ARGS)}; {title} options: "
                          f"{', '.join(opts_spec) or 'none'}")
    return load(title, players, **options), wargs
