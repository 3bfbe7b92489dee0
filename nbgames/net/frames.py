"""What a hosted table sends to one seat: the board widget's traits for that
viewer, computed from the host's :class:`~nbgames.arena.table.Table`.

It is the widget's view model (see :mod:`nbgames.widget.base`, ``_sync``): the
observation of the viewer (None is the spectator), the viewer's legal ids on its
turn, the log lines it may read, the public scores, winners and seat
descriptors, whose move it is, and the status line. Never the full state, the
seed, the record or another seat's hand. A remote seat cannot step back, so
the history traits all equal the current step (the board's scrubber and undo
stay off), and the controls a remote seat does not have (speed, play, hints)
are fixed values sent once.
"""

from __future__ import annotations

from ..agents.adapter import policy_name
from ..arena.seats import describe
from ..arena.table import Table
from ..widget.base import run_length

LOG_LIMIT = 20

# the traits of one position (they change as the game goes) and the fixed ones
FRAME = ("view", "legal", "log_lines", "scores", "winners", "seat_info", "to_move", "status",
         "step_index", "history_start", "history_len")


def decisions(state) -> int:
    """The decisions made since the game began (``state.step`` where the engine has
    it; a determinized copy keeps the step of the position it copies)."""
    step = getattr(type(state), "step", None)
    return state.step if isinstance(step, property) else len(state.history)


def static(game, viewer: int | None) -> dict:
    """The traits that never change for one viewer of one game."""
    return {"title": game.title, "name": game.name, "players": game.players,
            "catalog": game.catalog(), "action_space": game.action_space.to_json(),
            "viewer": viewer, "viewers": [viewer], "error": "", "speed": 2.0, "playing": False,
            "advisor": "", "advisor_label": "Hint", "advisor_ready": False, "hints": {},
            "thinking": {}}


def status(state, viewer, seats) -> str:
    """The widget's status line: who won, or whose move it is."""
    if state.is_terminal():
        w = state.winners()
        who = " and ".join(f"player {s}" for s in w)
        return f"Game over: {who} {'win' if len(w) > 1 else 'wins'}."
    seat = state.current_player
    human = seats.is_human(seat)
    if seat == viewer and human:
        return f"Your move (player {seat})."
    return f"Player {seat} ({'human' if human else policy_name(seats[seat])}) to move."


def seat_info(table: Table) -> list[dict]:
    """The public descriptors of the seats (human, or the bot's name)."""
    return [describe(v, i) for i, v in enumerate(table.seats)]


def frame(table: Table, viewer: int | None, *, open: bool = True, note: str = "",
          seats_info: list[dict] | None = None) -> dict:
    """The traits of the table's position for ``viewer``. With ``open=False``
    (paused, ended) no seat is offered a move; ``note`` goes before the status;
    ``seats_info`` is :func:`seat_info` when the caller has it already."""
    state = table.state
    seats = table.seats
    cp = state.current_player
    legal = []
    if open and cp is not None and cp == viewer and seats.is_human(cp):
        legal = run_length(state.legal_action_ids())
    step = decisions(state)
    return {"view": state.observation(viewer), "legal": legal,
            "log_lines": state.log(viewer)[-LOG_LIMIT:], "scores": list(state.scores()),
            "winners": list(state.winners()),
            "seat_info": seat_info(table) if seats_info is None else seats_info, "to_move": cp,
            "status": note + status(state, viewer, seats), "step_index": step,
            "history_start": step, "history_len": step}
