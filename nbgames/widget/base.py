"""GameWidget: a :class:`~nbgames.arena.table.Table` plus its traits and a table of
message handlers. Everything else lives beside it: the arguments are checked in
:mod:`.options`, what is synced is computed by the view model :mod:`.view`
(shared with the HTML export), legal ids travel run-length coded
(:mod:`.wire`), hints run over the Table (:mod:`nbgames.arena.advice`).

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
from ..arena.seats import SeatList, describe
from ..arena.table import HumanTurnError, Table
from ..core.actions import Action
from ..core.errors import GameOverError, InvalidActionError, NbgamesError, NotLegalError, OptionError
from ..core.game import Game
from ..core.state import State
from . import options, view
from .wire import expand_runs

_UNSET = object()


def _same_line(a, b) -> bool:
    """Two (origin, line) keys of the same game and history line."""
    return a[0] is b[0] and a[1] == b[1]


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class GameWidget(anywidget.AnyWidget):
    """A board to play, step and inspect one game in a notebook.

    Make one with :func:`nbgames.widget`. ``w.state`` is the live engine state;
    ``w.step()``, ``w.play()``, ``w.undo()``, ``w.goto(k)``, ``w.new_game(seed)``
    drive it; ``w.seats[i] = policy`` swaps a seat; ``w.viewer`` is the seat the
    board is drawn for (None: spectator); ``w.reveal = True`` shows every hand
    (teaching mode, settable from Python only).
    """

    # -- synced traits: everything the browser ever sees --------------------------
    title = t.Unicode("", read_only=True).tag(sync=True)
    """The title: the name of its folder in ``nbgames/games/``."""

    name = t.Unicode("", read_only=True).tag(sync=True)
    """The game's display name."""

    players = t.Int(0, read_only=True).tag(sync=True)
    """Number of seats."""

    viewer = t.Int(None, allow_none=True).tag(sync=True)
    """The seat the board is drawn for; None is a spectator. Python may set any seat
    (it is then added to ``viewers``); the browser may only pick one of ``viewers``
    through a message."""

    viewers = t.List(read_only=True).tag(sync=True)
    """The seats the viewer selector offers (None = spectator), set by the notebook."""

    view = t.Dict(read_only=True).tag(sync=True)
    """``state.observation(viewer)``, exactly as the engine makes it: what the viewer
    seat may see, nothing more. With ``reveal`` on it also holds ``reveal``: the
    private parts of every other seat."""

    catalog = t.Dict(read_only=True).tag(sync=True)
    """``game.catalog()``: public facts that never change during the game (card
    faces, prices), which observations name by index. Sent once."""

    action_space = t.Dict(read_only=True).tag(sync=True)
    """``game.action_space.to_json()``: the layout of action ids (kinds, fields,
    label templates). Sent once; ``js/shared.js`` decodes ids with it."""

    legal = t.List(read_only=True).tag(sync=True)
    """The viewer's legal action ids when it is the viewer's turn and the viewer's
    seat is human (empty otherwise), sorted and run-length coded (see
    ``nbgames.widget.wire.run_length``): ``[gap, count, gap, count, ...]``. The browser decodes them
    into kinds and fields with ``action_space``, and makes labels from its templates."""

    log_lines = t.List(read_only=True).tag(sync=True)
    """The last ``log_limit`` log lines the viewer may read (``state.log(viewer)``)."""

    scores = t.List(read_only=True).tag(sync=True)
    """Scores (running totals) by seat."""

    winners = t.List(read_only=True).tag(sync=True)
    """Winning seats once the game is over; empty before."""

    seat_info = t.List(read_only=True).tag(sync=True)
    """Seat descriptors ``{"seat", "kind": "human"|"policy", "name"}``."""

    to_move = t.Int(None, allow_none=True, read_only=True).tag(sync=True)
    """The seat to decide (public), None when the game is over."""

    status = t.Unicode("", read_only=True).tag(sync=True)
    """One line for people: whose move it is, or who won."""

    step_index = t.Int(0, read_only=True).tag(sync=True)
    """Decisions made so far (``w.state.step``): the scrubber position."""

    history_start = t.Int(0, read_only=True).tag(sync=True)
    """The first scrubber position (0, or the step of the state the widget was made from)."""

    history_len = t.Int(0, read_only=True).tag(sync=True)
    """The last scrubber position: decisions in the current line, including those
    after the current position that ``goto``/``undo`` stepped back over."""

    error = t.Unicode("", read_only=True).tag(sync=True)
    """The last error (a refused click, a failing policy), shown in the widget; cleared
    by the next successful action. An error about another seat's decision is shown
    without that seat's private content (what its policy returned, its legal
    actions); ``w.last_error`` holds the whole exception, in Python only."""

    speed = t.Float(2.0).tag(sync=True)
    """Decisions per second when playing (play/pause), from 0.25 to 50."""

    playing = t.Bool(False, read_only=True).tag(sync=True)
    """True while the browser's play button lets policy seats move at ``speed``."""

    advisor = t.Unicode("", read_only=True).tag(sync=True)
    """The name of the advisor behind the Hint button ("" when there is none)."""

    advisor_label = t.Unicode("Hint", read_only=True).tag(sync=True)
    """What the advisor's button says: "Solve" for an exact solver (an advisor with
    ``can_solve``, such as ``nbgames.theory.solver()``), else "Hint"."""

    advisor_ready = t.Bool(False, read_only=True).tag(sync=True)
    """True when the advisor can advise the viewer now: it is the human viewer's turn
    and, for a solver, the position is small enough to solve (``can_solve`` on the
    viewer's infoset). The button is shown only then."""

    hints = t.Dict(read_only=True).tag(sync=True)
    """The advisor's analysis of the viewer's decision (empty when none):
    ``{"seat", "step", "status": "running"|"done", "done", "total", "elapsed",
    "seconds", "value", "meaning", "moves": {aid: {"share", "visits", "value"}}}``:
    ``done`` iterations of ``total`` (None for a time budget: then ``elapsed`` of
    ``seconds`` tells the progress), ``value`` the expected result for the viewer
    over the whole search and ``meaning`` what a value is (e.g. "expected share
    of the win ..."). Only the viewer's legal actions, only from the viewer's
    infoset, and only while the position is the one analysed: any move, undo,
    goto, new game or viewer change clears it (and cancels a search still
    running)."""

    reviewed = t.Dict(read_only=True).tag(sync=True)
    """The review of the game on the board (:meth:`GameWidget.review`), as this viewer
    may see it (:meth:`nbgames.Review.marks`): ``{"classes", "thresholds", "advisor",
    "exact", "seats", "rows": {step: {"seat", "taken", "best", "taken_id", "best_id",
    "value_taken", "value_best", "loss", "class", "source", "focused"}}}``. Only the
    viewer's own decisions (every seat's with ``reveal``): a row is measured from
    its seat's hand. Empty once a move leaves the reviewed line. Without a review:
    ``{"ready": true}`` when the game on the board is over (the board offers its
    Review button), ``{"status": "running", "done", "total"}`` while that button's
    review runs. The scrubber marks each row by class; at a row the board shows the
    move taken beside the advisor's choice through the hint overlay."""

    thinking = t.Dict(read_only=True).tag(sync=True)
    """With ``show_thinking``: the statistics of the last policy decision (a search
    bot's ``last_analysis``): ``{"seat", "step", "chosen", "moves": {...}}``. They
    were computed from that seat's hand, so they are sent only when the viewer is
    that seat or ``reveal`` is on; otherwise ``{"seat", "step", "hidden": true}``."""

    # -- construction (the arguments are checked in .options) --------------------------
    def __init__(self, game_or_state: Game | State, *, seats=None, seed=None, viewer=_UNSET,
                 viewers=None, reveal: bool = False, speed: float = 2.0, log_limit: int = 20,
                 advisor=None, show_thinking: bool = False):
        self._log_limit = options.check_log_limit(log_limit)
        self._reveal = options.check_flag("reveal", reveal)
        self._show_thinking = options.check_flag("show_thinking", show_thinking)
        self._error: NbgamesError | str | None = None
        self._review = None                  # (Review, the line it reviewed)
        self._review_job = None              # the Review button's review while it runs
        self._table = table = Table(game_or_state, seats=seats, seed=seed)
        self._advice = Advice(table, advisor, on_change=self._advice_changed)
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
        self.set_trait("advisor", self._advice.name)
        self.set_trait("advisor_label", self._advice.label)
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
        from ..arena.review import Review
        from ..arena.review import review as run_review
        line = self._line_record()
        if isinstance(seats, Review):
            got = seats
            if advisor is not None or budget is not None or kwargs:
                raise OptionError("w.review(a_review) shows a review made before; give no other "
                                  "arguments")
            if got.record.get("actions") != line["actions"] or got.title != self._game.title:
                raise OptionError("this review is of another game or line than the one on the "
                                  "board; run w.review() to review the board's game")
        else:
            got = run_review(line, seats, advisor, budget, **kwargs)
        self._review_job = None
        self._review = (got, self._line_key())
        self._sync()
        return got

    def _line_record(self) -> dict:
        """The record of the whole history line (the redo tail included)."""
        table = self._table
        state = table.origin.clone()
        for aid in table.line:
            state.apply(aid)
        rec = state.record()
        rec["policies"] = [describe(v, i)["name"] for i, v in enumerate(table.seats)]
        return rec

    def _line_key(self) -> tuple:
        table = self._table
        return (table.origin, tuple(table.line))

    def _review_marks(self) -> dict:
        """The ``reviewed`` trait: the review's marks for the viewer; while the Review
        button's review runs, its progress; else ``{"ready": True}`` when the game on
        the board is over (the Review button is offered), or nothing."""
        key = self._line_key()
        job = self._review_job
        if job is not None:
            if _same_line(job["key"], key):
                return {"status": "running", "done": job["done"], "total": job["total"]}
            self._review_job = None            # the board moved on: its result will be dropped
        if self._review is not None:
            got, line = self._review
            if _same_line(line, key):
                return got.marks(self.viewer, self._reveal)
            self._review = None                # a move left the reviewed line: it is stale
        table = self._table
        over = table.history_len == len(self.state.history) and self.state.is_terminal()
        return {"ready": True} if over and table.history_len > table.history_start else {}

    def _h_review(self, msg):
        """The Review button: review every seat of the finished game on the board in a
        background thread (the default advisor and budget), its progress in
        ``reviewed``; the board shows the viewer's own decisions when it is done."""
        import threading

        from ..arena.review import review as run_review
        if not self._review_marks().get("ready"):
            raise NotLegalError("the Review button reviews a finished game, at its end; "
                                "play it to the end (w.review() reviews any line)")
        line = self._line_record()
        job = self._review_job = {"key": self._line_key(), "done": 0,
                                  "total": None, "thread": None}

        def progress(done, total):
            job["done"], job["total"] = done, total
            if self._review_job is job:
                self.set_trait("reviewed", self._review_marks())

        def work():
            try:
                got = run_review(line, progress=progress)
            except Exception as e:  # noqa: BLE001 - shown in the widget, whole in last_error
                if self._review_job is job:
                    self._review_job = None
                    self._fail(NbgamesError(f"review failed: {type(e).__name__}: {e}"[:300],
                                            public=f"review failed: {type(e).__name__}"))
                    self._sync()
                return
            if self._review_job is job:
                self._review_job = None
                self._review = (got, job["key"])
                self._sync()

        job["thread"] = threading.Thread(target=work, daemon=True, name="nbgames-review")
        job["thread"].start()

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

    def _sync(self):
        """Compute every synced trait (:func:`.view.frame`) and send what changed, in
        one message."""
        viewer, table = self.viewer, self._table
        self._advice.refresh(viewer)           # a hint of another position is stale
        data = view.frame(table, viewer, reveal=self._reveal, log_limit=self._log_limit)
        data["thinking"] = view.thinking(table, viewer, self._reveal) if self._show_thinking else {}
        data["reviewed"] = self._review_marks()
        data["error"] = view.error_text(self._error, viewer, self._reveal)
        data["viewers"] = list(self._viewers)
        data["advisor_ready"] = self._advice.ready(viewer)
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
}
BROWSER_MESSAGES = {"action": "click", "step": "step", "play": "play", "pause": "pause",
                    "tick": "tick", "undo": "undo", "goto": "goto", "new_game": "new_game",
                    "viewer": "viewer", "speed": "speed", "clear_error": "clear_error",
                    "hint": "hint", "cancel_hint": "cancel_hint", "review": "review"}
