"""The titles nbgames knows: found from the folders of ``nbgames/games/``, each
declaring itself by its ``SPEC`` (see :mod:`nbgames.core.spec`), loaded lazily."""

from __future__ import annotations

import pkgutil
from functools import lru_cache
from importlib import import_module
from pathlib import Path

from .errors import RecordError, UnknownGameError, choices_text
from .spec import TitleSpec
from .state import RECORD_FORMAT

GAMES_PACKAGE = "nbgames.games"
_GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


@lru_cache(maxsize=1)
def _titles() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.iter_modules([str(_GAMES_DIR)]) if m.ispkg))


def games() -> list[str]:
    """The titles that can be loaded (one a folder of ``nbgames/games/``)."""
    return list(_titles())


def spec(title: str) -> TitleSpec:
    """The :class:`TitleSpec` of a title; an unknown title raises UnknownGameError."""
    if not isinstance(title, str) or title not in _titles():
        raise UnknownGameError(f"unknown game {title!r}; choose one of {choices_text(_titles())}")
    s = getattr(import_module(f"{GAMES_PACKAGE}.{title}"), "SPEC", None)
    if not isinstance(s, TitleSpec) or s.title != title:
        raise UnknownGameError(f"nbgames/games/{title}/__init__.py must define SPEC, a TitleSpec "
                               f"whose game.title is {title!r}")
    return s


def game_class(title: str):
    return spec(title).game


def load(title: str, players: int | None = None, **options):
    """Load a title for a player count with validated options."""
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
