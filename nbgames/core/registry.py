"""The titles nbgames knows, loaded lazily by name."""

from __future__ import annotations

from importlib import import_module

from .errors import RecordError, UnknownGameError, choices_text
from .state import RECORD_FORMAT

# Title name -> module holding ``GAME`` (the Game subclass). One line per title.
TITLES = {
    "chili_cookoff": "nbgames.games.chili_cookoff",
    "veggies": "nbgames.games.veggies",
}


def games() -> list[str]:
    """The titles that can be loaded."""
    return list(TITLES)


def game_class(title: str):
    if title not in TITLES:
        raise UnknownGameError(f"unknown game {title!r}; choose one of {choices_text(TITLES)}")
    return import_module(TITLES[title]).GAME


def load(title: str, players: int | None = None, **options):
    """Load a title for a player count with validated options."""
    if not isinstance(title, str):
        raise UnknownGameError(f"a game title must be a string, one of {choices_text(TITLES)}; "
                               f"got {title!r}")
    return game_class(title)(players=players, **options)


def replay(record: dict, upto: int | None = None):
    """Replay a record (from ``state.record()`` or ``nbgames.play``) to its end, or
    to its first ``upto`` actions. A malformed or tampered record raises RecordError."""
    from .errors import IllegalActionError, NbgamesError
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a dict, got {type(record).__name__}")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"record format {record.get('format')!r} is not {RECORD_FORMAT!r}")
    missing = [k for k in ("title", "players", "options", "seed", "actions") if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)}")
    try:
        game = load(record["title"], record["players"], **dict(record["options"]))
    except (NbgamesError, TypeError) as e:
        raise RecordError(f"record names an invalid game: {e}") from None
    seed, actions = record["seed"], record["actions"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"record seed must be an int, got {seed!r}")
    if not isinstance(actions, list) or not all(type(a) is int for a in actions):
        raise RecordError("record actions must be a list of int ids")
    if upto is not None and (not isinstance(upto, int) or not 0 <= upto <= len(actions)):
        raise RecordError(f"upto={upto!r} must be an int from 0 to {len(actions)}")
    state = game.new_state(seed=seed)
    for i, aid in enumerate(actions[:upto]):
        try:
            state.apply(aid)
        except IllegalActionError as e:
            raise RecordError(f"record step {i}: {e}") from None
    if upto is None and "scores" in record:
        if not state.is_terminal() or state.scores() != record["scores"]:
            raise RecordError(f"record scores {record['scores']!r} do not match the replay "
                              f"({state.scores()!r}); the record was altered")
    return state
