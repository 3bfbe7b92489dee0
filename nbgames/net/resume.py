"""Resuming a host from its record files (``nbgames serve --resume RECORD``): each
table rebuilt at the same position, with the same seats, links and pause/end
state, ready for ``host(None, _restore=...)``."""

from __future__ import annotations

from ..agents.adapter import BUILT_IN
from ..arena.seats import HUMAN, check_seat
from ..arena.table import Table
from ..core.errors import RecordError
from ..core.registry import load, replay
from .records import load_record


def restore(paths, seats=None, resolve=None) -> list:
    """The sessions of a host's record files, ready for ``host(None, _restore=...)``:
    ``(Table, saved)`` pairs with the same position, seats, links and pause/end
    state. ``seats`` (one list for every file) replaces the seats; ``resolve``
    turns a seat spec that is not a built-in bot into a policy (the command
    line's ``module:function``)."""
    out = []
    for path in paths:
        rec = load_record(path)
        saved = dict(rec["host"], path=str(path))
        game = load(rec["title"], rec["players"], **rec["options"])
        specs = list(seats) if seats is not None else list(saved.get("seats") or [])
        if len(specs) != game.players:
            raise RecordError(f"{path}: {game.players} seats needed, got {len(specs)}")
        values = []
        for s, spec in enumerate(specs):
            if spec == HUMAN or spec in BUILT_IN:
                values.append(check_seat(spec, s))
            elif resolve is not None:
                values.append(check_seat(resolve(spec), s))
            else:
                raise RecordError(f"{path}: seat {s} was played by {spec!r}, which cannot be "
                                  f"rebuilt here; give the seats again (nbgames serve --resume "
                                  f"RECORD --seats human,...,module:function)")
        start = replay(rec, upto=0)
        table = Table(start, seats=[HUMAN] * game.players, auto=False)
        for aid in rec["actions"]:                  # the whole line, every seat as a person
            table.act(aid)
        table.seats = values
        out.append((table, saved))
    return out
