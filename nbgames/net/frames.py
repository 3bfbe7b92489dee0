"""What a hosted table sends to one seat: the board widget's traits for that
viewer, from the view model (:mod:`nbgames.widget.view`) that the widget syncs
and the HTML export writes.

So a connection receives exactly what the widget would sync for its seat: the
observation of the viewer (None is the spectator), the viewer's legal ids on
its turn, the log lines it may read, the public scores, winners and seat
descriptors, whose move it is, and the status line. Never the full state, the
seed, the record or another seat's hand. A remote seat cannot step back, so
the history traits all equal the current step (the board's scrubber and undo
stay off), and the controls a remote seat does not have (speed, play, hints)
are fixed values sent once.
"""

from __future__ import annotations

from ..arena.seats import describe
from ..arena.table import Table
from ..widget import view

LOG_LIMIT = 20


def decisions(state) -> int:
    """The decisions made since the game began (``state.step`` where the engine has
    it; a determinized copy keeps the step of the position it copies)."""
    step = getattr(type(state), "step", None)
    return state.step if isinstance(step, property) else len(state.history)


def static(game, viewer: int | None) -> dict:
    """The traits that never change for one viewer of one game: the game's, and the
    view model's session of a board with no kernel behind it (no advisor, no
    review, not playing)."""
    return {**view.static(game), **view.session(viewer)}


def seat_info(table: Table) -> list[dict]:
    """The public descriptors of the seats (human, or the bot's name)."""
    return [describe(v, i) for i, v in enumerate(table.seats)]


def frame(table: Table, viewer: int | None, *, open: bool = True, note: str = "",
          seats_info: list[dict] | None = None) -> dict:
    """The traits of the table's position for ``viewer``. With ``open=False``
    (paused, ended) no seat is offered a move; ``note`` goes before the status;
    ``seats_info`` is :func:`seat_info` when the caller has it already."""
    out = view.frame(table, viewer, log_limit=LOG_LIMIT, interactive=open,
                     seat_info=seat_info(table) if seats_info is None else seats_info)
    out["step_index"] = out["history_start"] = out["history_len"] = decisions(table.state)
    if note:
        out["status"] = note + out["status"]
    return out
