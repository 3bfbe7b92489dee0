"""The view model: what one viewer receives, as a pure function of a
:class:`~nbgames.arena.table.Table`, the viewer seat and ``reveal``.

The widget syncs it as traits; the HTML export (:mod:`nbgames.widget.export`)
writes it, one frame a position, into the page. Both draw the same board from
the same data, so what the browser may see is decided here, once (see
ARCHITECTURE.md, "Hidden information"): the observation of the viewer (None is
the spectator), the viewer's legal ids on its turn, the log lines it may read,
the scores, the seat descriptors and the status line. Never the full state, the
seed, the deck or another seat's hand, unless ``reveal`` is on.
"""

from __future__ import annotations

from ..arena.advice import rounded_moves
from ..arena.seats import describe
from ..arena.table import Table
from ..core.errors import NbgamesError
from .wire import run_length

_MISSING = object()

# the traits of one position (frame) and those fixed for a game (static)
FRAME = ("view", "legal", "log_lines", "scores", "winners", "seat_info", "to_move", "status",
         "step_index", "history_start", "history_len")
STATIC = ("title", "name", "players", "catalog", "action_space")


def static(game) -> dict:
    """What never changes during a game of ``game``: its title and name, the player
    count, the catalog of public facts and the layout of action ids."""
    return {"title": game.title, "name": game.name, "players": game.players,
            "catalog": game.catalog(), "action_space": game.action_space.to_json()}


def revealed(state, viewer) -> list[dict]:
    """Teaching mode: the private parts of every other seat's observation (what
    differs from the spectator's), one dict a seat."""
    public = state.observation(None)
    out = []
    for seat in range(state.players):
        if seat == viewer:
            continue
        obs = state.observation(seat)
        out.append({"seat": seat, **{k: v for k, v in obs.items()
                                     if k != "seat" and public.get(k, _MISSING) != v}})
    return out


def status(state, viewer, seat_info: list[dict], interactive: bool = True) -> str:
    """One line for people: who won, or whose move it is ("Your move" only where the
    viewer may click)."""
    if state.is_terminal():
        w = state.winners()
        who = " and ".join(f"player {s}" for s in w)
        return f"Game over: {who} {'win' if len(w) > 1 else 'wins'}."
    seat = state.current_player
    human = seat_info[seat]["kind"] == "human"
    if interactive and human and seat == viewer:
        return f"Your move (player {seat})."
    return f"Player {seat} ({'human' if human else seat_info[seat]['name']}) to move."


def frame(table: Table, viewer: int | None, *, reveal: bool = False, log_limit: int = 20,
          interactive: bool = True, seat_info: list[dict] | None = None) -> dict:
    """The traits of the table's current position for ``viewer`` (keys: ``FRAME``).
    ``interactive=False`` (a recorded game) sends no legal ids; ``seat_info``
    replaces the table's seat descriptors (a record's policy names)."""
    state = table.state
    view = state.observation(viewer)
    if reveal:
        view["reveal"] = revealed(state, viewer)
    info = seat_info if seat_info is not None else [describe(v, i) for i, v in enumerate(table.seats)]
    cp = state.current_player
    legal = []
    if interactive and cp is not None and cp == viewer and info[cp]["kind"] == "human":
        legal = run_length(state.legal_action_ids())
    return {"view": view, "legal": legal, "log_lines": state.log(viewer)[-log_limit:],
            "scores": list(state.scores()), "winners": list(state.winners()), "seat_info": info,
            "to_move": cp, "status": status(state, viewer, info, interactive),
            "step_index": state.step, "history_start": table.history_start,
            "history_len": table.history_len}


def error_text(error, viewer: int | None, reveal: bool = False) -> str:
    """The error as ``viewer`` may read it: an error about another seat's decision
    without that seat's private content (:meth:`NbgamesError.for_viewer`); with
    ``reveal`` in full."""
    if error is None:
        return ""
    if isinstance(error, NbgamesError) and not reveal:
        return error.for_viewer(viewer)
    return str(error)


def thinking(table: Table, viewer: int | None, reveal: bool = False) -> dict:
    """The statistics of the last policy decision (a search bot's ``last_analysis``):
    computed from that seat's hand, so only for that seat or with ``reveal``."""
    step = table.state.step - 1
    got = table.thought(step) if step >= 0 else None
    if got is None:
        return {}
    seat, aid, stats = got
    if not (reveal or seat == viewer):
        return {"seat": seat, "step": step, "hidden": True}
    return {"seat": seat, "step": step, "chosen": aid, "moves": rounded_moves(stats)}
