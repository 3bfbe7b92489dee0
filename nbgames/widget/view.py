"""The view model: what one viewer receives, as a pure function of a
:class:`~nbgames.arena.table.Table`, the viewer seat, ``reveal`` and the
session around the board.

The widget syncs it as traits; the HTML export (:mod:`nbgames.widget.export`)
writes it, one frame a position, into the page; a hosted table
(:mod:`nbgames.net.frames`) sends it to each seat. All three draw the same
board from the same data, so what the browser may see is decided here, once
(see ARCHITECTURE.md, "Hidden information"): the observation of the viewer
(None is the spectator), the viewer's legal ids on its turn, the log lines it
may read, the scores, the seat descriptors, the status line and the error as
the viewer may read it. Never the full state, the seed, the deck or another
seat's hand, unless ``reveal`` is on.

Every synced trait is computed here, in three parts named by the trait
declarations (:mod:`.traits`): :func:`static` (``STATIC``: fixed for a game),
:func:`frame` (``FRAME``: the position) and :func:`session` (``SESSION``: the
viewer, its controls, the advisor and the review). Their defaults are a board
with no kernel session behind it (a network seat, an exported page).
"""

from __future__ import annotations

from ..arena.advice import rounded_moves
from ..arena.seats import describe
from ..arena.table import Table
from ..core.errors import NbgamesError, PolicyError
from ..core.words import who_won
from . import traits
from .wire import run_length

_MISSING = object()

STATIC = traits.names("game")
FRAME = traits.names("position")
SESSION = traits.names("session")
TRAITS = traits.names()


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


def status(state, viewer, seat_info: list[dict], interactive: bool = True,
           failed: PolicyError | None = None) -> str:
    """One line for people: who won, or whose move it is ("Your move" only where the
    viewer may click), or that the policy to move failed here (``failed``: what
    :func:`failed_policy` found)."""
    if state.is_terminal():
        return f"Game over: {who_won(state.winners())}."
    seat = state.current_player
    human = seat_info[seat]["kind"] == "human"
    if failed is not None:
        return (f"Player {seat}'s policy ({seat_info[seat]['name']}) failed at this move; "
                f"w.last_error in Python holds the whole error.")
    if interactive and human and seat == viewer:
        return f"Your move (player {seat})."
    return f"Player {seat} ({'human' if human else seat_info[seat]['name']}) to move."


def failed_policy(table: Table, error) -> PolicyError | None:
    """``error`` when it is the failure of the policy that plays the seat to move,
    at this very position (the board sits there until someone acts), else None."""
    state, seat = table.state, table.state.current_player
    if (isinstance(error, PolicyError) and seat is not None and error.seat == seat
            and error.step == len(state.history) and not table.is_human(seat)
            and describe(table.seats[seat], seat)["name"] == error.policy):
        return error
    return None


def offers(table: Table, failed: PolicyError | None, viewers) -> list[dict]:
    """The next steps after a failed policy (the ``offers`` trait): retry it, play
    its seat yourself (only when the board may view that seat: taking it over
    shows its hand) or undo (when there is a move to take back)."""
    if failed is None:
        return []
    seat = failed.seat
    out = [{"label": "Retry the policy", "message": {"type": "step"}}]
    if seat in viewers:
        out.append({"label": f"Play player {seat} yourself",
                    "message": {"type": "take_over", "seat": seat}})
    if table.state.step > table.history_start:
        out.append({"label": "Undo", "message": {"type": "undo"}})
    return out


def frame(table: Table, viewer: int | None, *, reveal: bool = False, log_limit: int = 20,
          interactive: bool = True, seat_info: list[dict] | None = None, error=None,
          viewers=None) -> dict:
    """The traits of the table's current position for ``viewer`` (keys: ``FRAME``).
    ``interactive=False`` (a recorded game) sends no legal ids; ``seat_info``
    replaces the table's seat descriptors (a record's policy names); ``error`` is
    the board's last error (shown as the viewer may read it, :func:`error_text`);
    ``viewers`` the seats the board may show (default: the viewer only)."""
    state = table.state
    view = state.observation(viewer)
    if reveal:
        view["reveal"] = revealed(state, viewer)
    info = seat_info if seat_info is not None else [describe(v, i) for i, v in enumerate(table.seats)]
    cp = state.current_player
    legal = []
    if interactive and cp is not None and cp == viewer and info[cp]["kind"] == "human":
        legal = run_length(state.legal_action_ids())
    failed = failed_policy(table, error) if interactive else None
    return {"view": view, "legal": legal, "log_lines": state.log(viewer)[-log_limit:],
            "scores": list(state.scores()), "winners": list(state.winners()), "seat_info": info,
            "to_move": cp, "status": status(state, viewer, info, interactive, failed),
            "step_index": state.step, "history_start": table.history_start,
            "history_len": table.history_len, "error": error_text(error, viewer, reveal),
            "offers": offers(table, failed, [viewer] if viewers is None else viewers)}


def session(viewer: int | None, *, viewers=None, speed: float = 2.0, playing: bool = False,
            advice=None, thinking: dict | None = None, reviewed: dict | None = None) -> dict:
    """The traits of the session around the board (keys: ``SESSION``): the viewer and
    the seats it may switch to (default: itself only), the play speed, whether
    playing, the advisor (an :class:`~nbgames.arena.advice.Advice`: its name, its
    button, whether the viewer may ask now, its hints), the last policy decision's
    statistics (:func:`thinking`) and the review marks. The defaults are a board
    with no kernel session: no advisor, not playing, nothing reviewed."""
    return {"viewer": viewer, "viewers": [viewer] if viewers is None else list(viewers),
            "speed": speed, "playing": playing,
            "advisor": advice.name if advice is not None else "",
            "advisor_label": advice.label if advice is not None else "Hint",
            "advisor_ready": advice.ready(viewer) if advice is not None else False,
            "hints": advice.hints if advice is not None else {},
            "reviewed": reviewed or {}, "thinking": thinking or {}}


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
