"""GameWidget: a :class:`~nbgames.arena.table.Table` plus its traits, a table of
message handlers, and the sync of every trait through the view model. Everything
else lives beside it: the traits are declared in :mod:`.traits`, the arguments
are checked in :mod:`.options`, every synced value is computed by the view model
:mod:`.view` (shared with the HTML export and a hosted table), legal ids travel
run-length coded (:mod:`.wire`), hints run over the Table
(:mod:`nbgames.arena.advice`), the review on the board in :mod:`.reviewing`.

Python owns the truth. The browser only renders what is synced and sends
messages; it never writes a trait (see :meth:`GameWidget.set_state`). The one
path of a move (ARCHITECTURE.md, "A click, an action, a render")::

    click -> {"type": "action", "id": N} -> HANDLERS["action"] checks the seat
          -> Table.act -> state.apply -> policy seats answer -> _sync() -> render

``widget.act(...)`` runs the same handler, so both fail the same way: the error
is shown in the widget and, from Python, raised.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets as t

from ..arena.advice import Advice
from ..arena.seats import SeatList
from ..arena.table import HumanTurnError, Table
from ..core.actions import Action, ActionList
from ..core.errors import GameOverError, InvalidActionError, NbgamesError, NotLegalError, OptionError
from ..core.game import Game
from ..core.state import State
from . import options, view
from .reviewing import BoardReview
from .traits import BoardTraits
from .wire import expand_runs

_UNSET = object()


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class GameWidget(BoardTraits, anywidget.AnyWidget):
    """A board to play, step and inspect one game in a notebook.

    Make one with :func:`nbgames.widget`. ``w.state`` is the live engine state;
    ``w.step()``, ``w.play()``, ``w.undo()``, ``w.goto(k)``, ``w.new_game(seed)``
    drive it; ``w.seats[i] = policy`` swaps a seat; ``w.viewer`` is the seat the
    board is drawn for (None: spectator); ``w.reveal = True`` shows every hand
    (teaching mode, settable from Python only). Its synced traits and what each
    means: :class:`nbgames.widget.traits.BoardTraits`.
    """

    # -- construction (the arguments are checked in .options) --------------------------
    def __init__(self, game_or_state: Game | State, *, seats=None, seed=None, viewer=_UNSET,
                 viewers=None, reveal: bool = False, speed: float = 2.0, log_limit: int = 20,
                 advisor=None, show_thinking: bool = False):
        self._log_limit = options.check_log_limit(log_limit)
        self._reveal = options.check_flag("reveal", reveal)
        self._show_thinking = options.check_flag("show_thinking", show_thinking)
        self._error: NbgamesError | str | None = None
        self._table = table = Table(game_or_state, seats=seats, seed=seed)
        self._advice = Advice(table, advisor, on_change=self._advice_changed)
        self._reviews = BoardReview(table, on_progress=self._review_progress,
                                    on_done=self._review_done)
        game = self._game = table.game
        humans = [i for i in range(game.players) if table.is_human(i)]
        if viewer is _UNSET:
            viewer = humans[0] if humans else None
        options.check_seat(game, viewer, "viewer")
        self._viewers = options.check_viewers(game, viewers, viewer, humans)
        # Every trait is set before the comm opens, so the first message carries the
        # whole initial view and no update follows it.
        for name, value in view.static(game).items():
            self.set_trait(name, value)
        self.speed = options.check_speed(speed)
        self.viewer = viewer
        table.on_change(self._sync)
        if isinstance(game_or_state, Game) and table.has_human():
            try:
                table.run(until="human")
            except NbgamesError as e:
                self._error = e
        self._sync()
        super().__init__()
        self.on_msg(self._on_msg)

    # -- the Python API: each call runs the same handler as the browser's message ------
    @property
    def table(self) -> Table:
        """The headless session behind the board."""
        return self._table

    @property
    def state(self) -> State:
        """The live engine state at the current position."""
        return self._table.state

    @property
    def game(self) -> Game:
        return self._game

    @property
    def seats(self) -> SeatList:
        """One entry a seat: "human" or a policy. ``w.seats[i] = p`` swaps a seat."""
        return self._table.seats

    @seats.setter
    def seats(self, values):
        self._table.seats = values

    @property
    def reveal(self) -> bool:
        """Teaching mode: when True every seat's hidden cards are drawn. Python only:
        no browser message can change it."""
        return self._reveal

    @reveal.setter
    def reveal(self, value: bool):
        self._reveal = options.check_flag("reveal", value)
        self._sync()

    @property
    def last_error(self) -> NbgamesError | str | None:
        """The error behind ``error``, whole (Python only: ``error`` leaves out
        another seat's private content); None after a successful action."""
        return self._error

    @property
    def legal_ids(self) -> list[int]:
        """The synced legal ids: what the board lets a person click."""
        return expand_runs(self.legal)

    def legal_actions(self) -> ActionList:
        """The legal actions of the seat the board shows, on its turn (a human seat's:
        what the board lets a person click; empty otherwise), as on a board of
        ``nbgames.join(...)``."""
        return ActionList(self._game, self.legal_ids)

    def act(self, action: Any) -> Action:
        """Play ``action`` (an Action, id or label) for the human seat to move, then let
        policy seats answer: exactly what a click does."""
        return self._dispatch("action", {"action": action})

    def step(self) -> Action:
        """Let the seat to move (a policy) take one decision; returns the Action.
        A human seat to move raises HumanTurnError."""
        return self._dispatch("step", {})

    def play(self, max_steps: int | None = None) -> int:
        """Let policy seats move until a human must act, the game ends, or
        ``max_steps`` decisions are made. Returns the number of decisions made."""
        return self._dispatch("run", {"max_steps": max_steps})

    def undo(self) -> int:
        """Take back the last decision of a human seat (and the policy moves after it);
        with no human seat, one decision. Returns the new step. Undone moves stay in
        the history line: ``goto`` returns to them until another move is made."""
        return self._dispatch("undo", {})

    def goto(self, k: int) -> State:
        """Show the position after ``k`` decisions of the history line (no policy
        moves). Positions before the widget's first state are not available."""
        return self._dispatch("goto", {"step": k})

    def new_game(self, seed: int | None = None) -> State:
        """Start a new game (same title, players, seats); ``seed`` None draws one."""
        return self._dispatch("new_game", {"seed": seed})

    def hint(self, wait: bool = False):
        """Ask the advisor about the viewer's decision (what the Hint button does).
        The search runs in a background thread and fills ``hints`` as it goes; any
        move, undo, goto or new game cancels it. ``wait=True`` runs it here and
        returns ``{aid: {"visits", "value", "share"}}`` (the leak proof uses it)."""
        return self._dispatch("hint_wait" if wait else "hint", {})

    def review(self, seats=None, advisor=None, budget=None, **kwargs):
        """Review the game on the board's history line (:func:`nbgames.review`, same
        arguments: ``seats``, ``advisor``, ``budget``, ``exact``, ``seed``,
        ``executor``, ``progress``...) and mark it on the board: the scrubber shows
        each reviewed decision by class, and stepping to one shows the move taken
        beside the advisor's choice. Returns the :class:`nbgames.Review`.
        ``w.review(a_review)`` shows a review made before (of this same line).
        The board shows the viewer its own decisions only, unless ``reveal``."""
        got = self._reviews.run(seats, advisor, budget, **kwargs)
        self._sync()
        return got

    def cancel_hint(self) -> None:
        """Stop a running hint and clear the heat from the board."""
        return self._dispatch("cancel_hint", {})

    # -- one dispatcher for Python calls and browser messages --------------------------
    def _dispatch(self, kind: str, msg: dict):
        """Run one handler; on failure show the error in the widget and raise it.
        Every handler leaves the state unchanged when it fails."""
        handler = HANDLERS.get(kind)
        if handler is None:
            raise OptionError(f"unknown message type {str(kind)[:40]!r}; known: "
                              f"{', '.join(BROWSER_MESSAGES)}")
        try:
            result = handler(self, msg)
        except NbgamesError as e:
            self._fail(e)
            raise
        finally:
            self._sync()
        return result

    def _on_msg(self, _widget, content, _buffers):
        """Handle one message from the browser. Nothing a browser sends can break the
        widget: a bad message becomes ``error`` and the state is unchanged."""
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            self._fail(f"malformed message {str(content)[:80]!r}: expected "
                       f"{{\"type\": ..., ...}}")
            return self._sync()
        kind = content["type"]
        if kind not in BROWSER_MESSAGES:
            self._fail(f"unknown message type {kind[:40]!r}; known: "
                       f"{', '.join(BROWSER_MESSAGES)}")
            return self._sync()
        try:
            self._dispatch(BROWSER_MESSAGES[kind], content)
        except NbgamesError:
            pass                           # shown in `error` by _dispatch
        except Exception as e:  # a bug must not kill the comm; show it (whole in last_error)
            bug = NbgamesError(f"internal error: {type(e).__name__}: {e}",
                               public=f"internal error: {type(e).__name__}")
            bug.__cause__ = e
            self._fail(bug)
            self._sync()

    # -- handlers (each: validate, then one Table call) ---------------------------------
    def _h_click(self, msg):
        aid = msg.get("id")
        if not _is_int(aid):
            raise InvalidActionError(f"an action message needs an int id, got {aid!r}"[:120])
        if not 0 <= aid < self._game.num_actions:
            raise InvalidActionError(f"action id {aid} is not in range(0, "
                                     f"{self._game.num_actions})")
        seat, viewer = self.state.current_player, self.viewer
        if seat is not None and viewer is None:
            raise NotLegalError("a spectator cannot move; pick a seat to view")
        if seat is not None and seat != viewer:
            raise NotLegalError(f"it is player {seat}'s turn, not player {viewer}'s")
        return self._h_action({"action": aid})

    def _h_action(self, msg):
        self.set_trait("playing", False)
        action = self._table.act(msg["action"])
        self._error = None
        self._follow_human()
        return action

    def _h_step(self, msg):
        action = self._table.step()
        self._error = None
        return action

    def _h_run(self, msg):
        n = self._table.run(until="human", max_steps=msg.get("max_steps"))
        self._error = None
        return n

    def _h_play(self, msg):
        seat = self.state.current_player
        if seat is None:
            raise GameOverError("the game is over; nothing to play")
        if self._table.is_human(seat):
            raise HumanTurnError(f"player {seat} is human and must move first")
        self._error = None
        self.set_trait("playing", True)

    def _h_pause(self, msg):
        self.set_trait("playing", False)

    def _h_tick(self, msg):
        if not self.playing or msg.get("step") != self.state.step:
            return None                    # a stale tick (another view ticked first)
        try:
            seat = self.state.current_player
            if seat is not None and not self._table.is_human(seat):
                self._table.step()
        finally:
            seat = self.state.current_player
            if seat is None or self._table.is_human(seat):
                self.set_trait("playing", False)

    def _h_undo(self, msg):
        self.set_trait("playing", False)
        step = self._table.undo()
        self._error = None
        return step

    def _h_goto(self, msg):
        self.set_trait("playing", False)
        state = self._table.goto(msg.get("step"))
        self._error = None
        return state

    def _h_new_game(self, msg):
        self.set_trait("playing", False)
        self._error = None
        return self._table.new_game(msg.get("seed"))

    def _h_viewer(self, msg):
        seat = msg.get("seat")
        if seat not in self._viewers or (seat is not None and not _is_int(seat)):
            raise OptionError(f"seat {str(seat)[:20]!r} may not be viewed; allowed: "
                              f"{self._viewers}")
        self.viewer = seat
        self._error = None

    def _h_speed(self, msg):
        self.speed = options.check_speed(msg.get("value"))

    def _h_clear_error(self, msg):
        self._error = None

    def _h_hint(self, msg):
        self._advice.start(self.viewer)

    def _h_hint_wait(self, msg):
        return self._advice.start(self.viewer, wait=True)

    def _h_cancel_hint(self, msg):
        self._advice.cancel()

    def _h_review(self, msg):
        """The Review button: review every seat of the finished game on the board in a
        background thread, its progress in ``reviewed``."""
        self._reviews.start(self.viewer, self._reveal)

    def _h_take_over(self, msg):
        """Play a policy seat yourself (a button offered when its policy failed): the
        seat becomes human and the board turns to it. Only a seat the board may
        view: playing it shows its hand."""
        seat = msg.get("seat")
        if seat is None or seat not in self._viewers or not _is_int(seat):
            raise OptionError(f"seat {str(seat)[:20]!r} may not be taken over from this board; "
                              f"it may view {self._viewers}")
        if self._table.is_human(seat):
            raise NotLegalError(f"player {seat} is already played by a person")
        self.set_trait("playing", False)
        self._table.seats[seat] = "human"
        self._error = None
        self.viewer = seat

    def _follow_human(self):
        """Hot seat: when another human seat that may be viewed must move next, the
        board turns to it."""
        seat = self.state.current_player
        if (seat is not None and self.viewer is not None and seat != self.viewer
                and self._table.is_human(seat) and seat in self._viewers):
            self.viewer = seat

    # -- sync: the view model's traits, sent in one message ------------------------------
    def _fail(self, error: NbgamesError | str):
        self._error = error
        self.set_trait("playing", False)

    def _advice_changed(self, hints: dict, error: NbgamesError | None):
        """The advice changed (possibly from its thread): sync it at once."""
        self.set_trait("hints", hints)
        if error is not None:
            self._error = error
            self.set_trait("error", view.error_text(error, self.viewer, self._reveal))

    def _review_progress(self):
        """The Review button's review made progress (from its thread): sync it at once."""
        self.set_trait("reviewed", self._reviews.marks(self.viewer, self._reveal))

    def _review_done(self, error: NbgamesError | None):
        if error is not None:
            self._fail(error)
        self._sync()

    def _sync(self):
        """Compute every synced trait but the static ones (:func:`.view.frame` and
        :func:`.view.session`) and send what changed, in one message."""
        viewer, table, reveal = self.viewer, self._table, self._reveal
        self._advice.refresh(viewer)           # a hint of another position is stale
        data = {**view.frame(table, viewer, reveal=reveal, log_limit=self._log_limit,
                             error=self._error, viewers=self._viewers),
                **view.session(viewer, viewers=self._viewers, speed=self.speed,
                               playing=self.playing, advice=self._advice,
                               thinking=view.thinking(table, viewer, reveal)
                               if self._show_thinking else None,
                               reviewed=self._reviews.marks(viewer, reveal))}
        with self.hold_sync():
            for name, value in data.items():
                self.set_trait(name, value)

    @t.validate("viewer")
    def _validate_viewer(self, proposal):
        return options.check_seat(self._game, proposal["value"], "viewer")

    @t.observe("viewer")
    def _viewer_changed(self, change):
        if getattr(self, "_viewers", None) is None:
            return
        if change["new"] not in self._viewers:
            self._viewers.append(change["new"])
        self._sync()

    @t.validate("speed")
    def _validate_speed(self, proposal):
        return options.check_speed(proposal["value"])

    def set_state(self, sync_data):
        """The browser never writes traits. A front-end that tries is refused and
        given the true values back; every change goes through a validated message."""
        names = sorted(k for k in sync_data if k in self.keys)
        self._fail(f"the browser may not set {', '.join(names) or 'traits'}; "
                   f"it sends messages instead")
        self._sync()
        if names:
            self.send_state(names)

    def __repr__(self):
        state = self.state
        where = ("game over" if state.is_terminal()
                 else f"player {state.current_player} to move")
        extra = ", reveal=True" if self._reveal else ""
        return (f"GameWidget({self._game.title!r}, players={self._game.players}, "
                f"seats={self.seats!r}, viewer={self.viewer!r}{extra}: step "
                f"{state.step}, {where})")


# message or call kind -> handler; BROWSER_MESSAGES maps what a browser may send
HANDLERS = {
    "action": GameWidget._h_action, "click": GameWidget._h_click, "step": GameWidget._h_step,
    "run": GameWidget._h_run, "play": GameWidget._h_play, "pause": GameWidget._h_pause,
    "tick": GameWidget._h_tick, "undo": GameWidget._h_undo, "goto": GameWidget._h_goto,
    "new_game": GameWidget._h_new_game, "viewer": GameWidget._h_viewer,
    "speed": GameWidget._h_speed, "clear_error": GameWidget._h_clear_error,
    "hint": GameWidget._h_hint, "hint_wait": GameWidget._h_hint_wait,
    "cancel_hint": GameWidget._h_cancel_hint, "review": GameWidget._h_review,
    "take_over": GameWidget._h_take_over,
}
BROWSER_MESSAGES = {"action": "click", "step": "step", "play": "play", "pause": "pause",
                    "tick": "tick", "undo": "undo", "goto": "goto", "new_game": "new_game",
                    "viewer": "viewer", "speed": "speed", "clear_error": "clear_error",
                    "hint": "hint", "cancel_hint": "cancel_hint", "review": "review",
                    "take_over": "take_over"}
