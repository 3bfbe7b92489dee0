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
from .validate import MAX_SEED, as_int

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
    to its first ``upto`` actions. A malformed or tampered record raises
    RecordError naming what is wrong: its scores and winners must be what the
    replay gives."""
    from .errors import IllegalActionError, NbgamesError
    from .state import STATE_FORMAT
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a dict, got {type(record).__name__}")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"record format {str(record.get('format'))[:40]!r} is not "
                          f"{RECORD_FORMAT!r}")
    missing = [k for k in ("title", "players", "options", "seed", "actions") if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)}")
    options = record["options"]
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise RecordError(f"record options must be a dict of option names, got "
                          f"{str(options)[:60]}")
    try:
        game = load(record["title"], record["players"], **options)
    except (NbgamesError, TypeError) as e:
        raise RecordError(f"record names an invalid game: {e}") from None
    seed, actions = record["seed"], record["actions"]
    seed = as_int(seed, "record seed", 0, MAX_SEED, RecordError)
    if not isinstance(actions, list):
        raise RecordError(f"record actions must be a list of int ids, got {str(actions)[:60]}")
    actions = [as_int(a, f"record actions must be a list of int ids: actions[{i}]", 0, None,
                      RecordError) for i, a in enumerate(actions)]
    upto = as_int(upto, f"replay(upto={upto!r}): upto", 0, len(actions), RecordError, optional=True)
    if record.get("start") is None:
        state = game.new_state(seed=seed)
    else:
        start = record["start"]
        if not isinstance(start, dict):
            raise RecordError("record start must be a scenario position (a dict)")
        state = game.scenario({"format": STATE_FORMAT, **game.config(), "seed": seed,
                               "history": [], **start})
    for i, aid in enumerate(actions[:upto]):
        try:
            state.apply(aid)
        except IllegalActionError as e:
            raise RecordError(f"record step {i}: {e}") from None
    if upto is None:
        for key, value in (("scores", state.scores), ("winners", state.winners)):
            if key in record and (not state.is_terminal() or record[key] != value()):
                raise RecordError(f"record {key} {str(record[key])[:60]} do not match the replay "
                                  f"({value()!r}); the record was altered")
    return state
