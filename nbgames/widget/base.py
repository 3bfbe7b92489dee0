"""GameWidget: one anywidget class for every title.

Python owns the truth. The browser only renders what is synced and sends
messages; it never writes a trait (see :meth:`GameWidget.set_state`). The one
path of a move::

    click -> {"type": "action", "id": N} -> _on_msg validates (seat, turn, id)
          -> state.apply -> policy seats answer -> _sync() -> render

What is synced (the security boundary of DESIGN.md "Hidden information"): the
observation of the viewer seat, that seat's legal actions when it is its turn,
the log lines it may read, the scores, the seat descriptors and small control
values. Never the full state, the seed, the deck or another seat's hand --
unless the notebook author sets ``reveal=True`` from Python.
"""

from __future__ import annotations

import anywidget
import traitlets as t

from ..agents.adapter import decide, policy_name, spawn_policy
from ..core.errors import IllegalActionError, NbgamesError, OptionError, PolicyError
from ..core.registry import load
from ..core.state import State
from .assets import compose_css, compose_esm
from .packing import catalog_for, pack
from .seats import HUMAN, SeatList, check_seat, describe


class HumanTurnError(NbgamesError, RuntimeError):
    """``step()`` was asked to move for a human seat: a person must click (or call
    ``w.act(...)``)."""


_UNSET = object()
MESSAGE_TYPES = ("action", "step", "play", "pause", "tick", "undo", "goto", "new_game",
                 "viewer", "speed", "clear_error")
SPEED_RANGE = (0.25, 50.0)
MAX_SEED = 2**63 - 1


LABELLED_MAX = 64


def run_length(ids) -> list[int]:
    """Sorted ids as ``[start, count, start, count, ...]``."""
    out: list[int] = []
    for a in sorted(int(x) for x in ids):
        if out and out[-2] + out[-1] == a:
            out[-1] += 1
        else:
            out += [a, 1]
    return out


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
    """The game's registry name (``"chili_cookoff"``); picks the board drawing."""

    name = t.Unicode("", read_only=True).tag(sync=True)
    """The game's display name (``"The Great Chili Cookoff"``)."""

    players = t.Int(0, read_only=True).tag(sync=True)
    """Number of seats."""

    viewer = t.Int(None, allow_none=True).tag(sync=True)
    """The seat the board is drawn for; None is a spectator. Python may set any seat
    (it is then added to ``viewers``); the browser may only pick one of ``viewers``
    through a message."""

    viewers = t.List(read_only=True).tag(sync=True)
    """The seats the viewer selector offers (None = spectator), set by the notebook."""

    view = t.Dict(read_only=True).tag(sync=True)
    """``state.observation(viewer)``: what the viewer seat may see, nothing more. With
    ``reveal`` on it also holds ``reveal``: the private parts of every other seat.
    Titles with a packer (see ``packing.py``) send cards as indices into ``catalog``
    and mark the view ``"packed"``."""

    catalog = t.List(read_only=True).tag(sync=True)
    """The public card faces of the title (index = card type), sent once, so that the
    view can name cards by index. Empty for titles without a packer."""

    legal = t.List(read_only=True).tag(sync=True)
    """``[[id, label], ...]``: the viewer's legal actions when it is the viewer's turn
    and the viewer's seat is human, and there are at most ``LABELLED_MAX`` of them;
    empty otherwise (a longer list goes in ``legal_runs``)."""

    legal_runs = t.List(read_only=True).tag(sync=True)
    """The same legal ids when there are more than ``LABELLED_MAX`` (Veggies places
    a card in hundreds of ways): sorted and run-length coded, ``[start, count, ...]``,
    without labels (a board derives what it shows from the id). Empty otherwise."""

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
    """Decisions made so far (``len(w.state.history)``): the scrubber position."""

    history_start = t.Int(0, read_only=True).tag(sync=True)
    """The first scrubber position (0, or the step of the state the widget was made from)."""

    history_len = t.Int(0, read_only=True).tag(sync=True)
    """The last scrubber position: decisions in the current line, including those
    after the current position that ``goto``/``undo`` stepped back over."""

    error = t.Unicode("", read_only=True).tag(sync=True)
    """The last error (a refused click, a failing policy), shown in the widget; cleared
    by the next successful action."""

    speed = t.Float(2.0).tag(sync=True)
    """Decisions per second when playing (play/pause), from 0.25 to 50."""

    playing = t.Bool(False, read_only=True).tag(sync=True)
    """True while the browser's play button lets policy seats move at ``speed``."""

    # -- construction -------------------------------------------------------------
    def __init__(self, game=None, *, state: State | None = None, seats=None, seed=None,
                 viewer=_UNSET, viewers=None, reveal: bool = False, speed: float = 2.0,
                 log_limit: int = 20):
        if state is not None:
            if not isinstance(state, State):
                raise OptionError(f"state must be an nbgames State, got {type(state).__name__}")
            if game is not None and game != state.game:
                raise OptionError(f"state is a {state.game!r} state, not {game!r}")
            game = state.game
            if seed is not None:
                raise OptionError("give either state= or seed=, not both")
        if game is None:
            raise OptionError("nbgames.widget needs a title (e.g. \"chili_cookoff\") or state=")
        if not _is_int(log_limit) or log_limit < 1:
            raise OptionError(f"log_limit must be a positive int, got {log_limit!r}")
        self._game = game
        self._log_limit = log_limit
        if seats is None:
            seats = [HUMAN] * game.players
        if isinstance(seats, (str, bytes)) or not hasattr(seats, "__len__"):
            raise OptionError(f"seats must be a list with one entry a seat (\"human\" or a "
                              f"policy), got {seats!r}")
        if len(seats) != game.players:
            raise OptionError(f"{game.title} with {game.players} players needs {game.players} "
                              f"seats, got {len(seats)}")
        self._seats = SeatList([check_seat(v, i) for i, v in enumerate(seats)], self._seats_changed)
        if viewer is _UNSET:
            viewer = next((i for i in range(game.players) if self._seats.is_human(i)), None)
        self._check_seat(viewer, "viewer")
        self._viewers = self._resolve_viewers(viewers, viewer)
        if not isinstance(reveal, bool):
            raise OptionError(f"reveal must be True or False, got {reveal!r}")
        self._reveal = reveal
        self._catalog = catalog_for(game)
        self.set_trait("catalog", self._catalog)
        # Every trait is set before the comm opens, so the first message carries the
        # whole initial view and no update follows it.
        self.set_trait("title", game.title)
        self.set_trait("name", game.name)
        self.set_trait("players", game.players)
        self.speed = speed
        self.viewer = viewer
        if state is not None:
            self._start(state.clone(), auto=False)
        else:
            self._start(game.new_state(seed=seed), auto=True)
        super().__init__()
        self.on_msg(self._on_msg)

    def _resolve_viewers(self, viewers, viewer) -> list:
        n = self._game.players
        if viewers is None:
            found = [i for i in range(n) if self._seats.is_human(i)] or [None]
        elif viewers == "all":
            found = [*range(n), None]
        else:
            if isinstance(viewers, (str, bytes)) or not hasattr(viewers, "__iter__"):
                raise OptionError(f"viewers must be None, \"all\" or a list of seats (None for "
                                  f"the spectator), got {viewers!r}")
            found = []
            for v in viewers:
                self._check_seat(v, "viewers")
                if v not in found:
                    found.append(v)
        if viewer not in found:
            found.insert(0, viewer)
        return found

    def _check_seat(self, seat, what):
        if seat is None:
            return
        if not _is_int(seat) or not 0 <= seat < self._game.players:
            raise OptionError(f"{what}: a seat is None (spectator) or an int from 0 to "
                              f"{self._game.players - 1}, got {seat!r}")

    # -- the Python API -----------------------------------------------------------
    @property
    def state(self) -> State:
        """The live engine state at the current position."""
        return self._state

    @property
    def game(self):
        return self._game

    @property
    def seats(self) -> SeatList:
        """One entry a seat: "human" or a policy. ``w.seats[i] = p`` swaps a seat."""
        return self._seats

    @seats.setter
    def seats(self, values):
        self._seats[:] = values

    @property
    def reveal(self) -> bool:
        """Teaching mode: when True every seat's hidden cards are drawn. Python only:
        no browser message can change it."""
        return self._reveal

    @reveal.setter
    def reveal(self, value: bool):
        if not isinstance(value, bool):
            raise OptionError(f"reveal must be True or False, got {value!r}")
        self._reveal = value
        self._sync()

    @property
    def legal_ids(self) -> list[int]:
        """The synced legal ids, whichever way they were sent (``legal`` or
        ``legal_runs``): what the board lets a person click."""
        if self.legal:
            return [aid for aid, _ in self.legal]
        runs = self.legal_runs
        return [a for i in range(0, len(runs), 2) for a in range(runs[i], runs[i] + runs[i + 1])]

    def act(self, action):
        """Play ``action`` (an Action, id or label) for the human seat to move, then let
        policy seats answer, exactly as a click does."""
        seat = self._state.current_player
        if seat is not None and not self._seats.is_human(seat):
            raise OptionError(f"seat {seat} is played by policy "
                              f"{policy_name(self._seats[seat])!r}; use step() or play()")
        try:
            self._apply(action)
            self._set("error", "")
            self._auto()
            self._follow_human()
        finally:
            self._sync()

    def step(self):
        """Let the seat to move (a policy) take one decision; returns the Action.
        A human seat to move raises HumanTurnError."""
        try:
            return self._step_policy()
        finally:
            self._sync()

    def play(self, max_steps: int | None = None) -> int:
        """Let policy seats move until a human must act, the game ends, or
        ``max_steps`` decisions are made. Returns the number of decisions made."""
        if max_steps is not None and (not _is_int(max_steps) or max_steps < 0):
            raise OptionError(f"max_steps must be None or an int >= 0, got {max_steps!r}")
        n = 0
        try:
            while max_steps is None or n < max_steps:
                seat = self._state.current_player
                if seat is None or self._seats.is_human(seat):
                    break
                self._step_policy()
                n += 1
        finally:
            self._sync()
        return n

    def undo(self) -> int:
        """Take back the last decision of a human seat (and the policy moves after it);
        with no human seat, take back one decision. Returns the new step. The undone
        moves stay in the history line: ``goto`` can return to them until a different
        decision is made."""
        step = len(self._state.history)
        if step <= self._base_step:
            self._fail(f"nothing to undo: the history starts at step {self._base_step}")
            raise IllegalActionError(self.error)
        target = step - 1
        if any(self._seats.is_human(s) for s in range(self._game.players)):
            for i in range(step - 1, self._base_step - 1, -1):
                if self._seats.is_human(self._movers[i - self._base_step]):
                    target = i
                    break
        self.goto(target)
        return target

    def goto(self, k: int):
        """Show the position after ``k`` decisions of the history line (no policy
        moves). Positions before the widget's first state are not available."""
        lo, hi = self._base_step, self._base_step + len(self._line)
        if not _is_int(k) or not lo <= k <= hi:
            self._fail(f"goto: step must be an int from {lo} to {hi}, got {k!r}")
            raise OptionError(self.error)
        state = self._base.clone()
        for aid in self._line[:k - lo]:
            state.apply(aid)
        self._state = state
        self._set("playing", False)
        self._set("error", "")
        self._sync()

    def new_game(self, seed: int | None = None):
        """Start a new game (same title, players, seats); ``seed`` None draws one."""
        if seed is not None and (not _is_int(seed) or not 0 <= seed <= MAX_SEED):
            self._fail(f"new_game: seed must be None or an int from 0 to {MAX_SEED}, "
                       f"got {seed!r}")
            raise OptionError(self.error)
        self._start(self._game.new_state(seed=seed), auto=True)

    # -- internals ----------------------------------------------------------------
    def _set(self, name, value):
        self.set_trait(name, value)

    def _start(self, state, auto: bool):
        self._state = state
        self._base = state.clone()
        self._base_step = len(state.history)
        self._line: list[int] = []      # action ids after the base, the redo tail included
        self._movers: list[int] = []    # the seat that made each of them
        self._set("playing", False)
        self._set("error", "")
        try:
            if auto:
                self._auto()
        finally:
            self._sync()

    def _apply(self, action):
        """Apply one decision of the seat to move and keep the history line."""
        state = self._state
        seat = state.current_player
        if seat is None:
            raise IllegalActionError(f"{self._game.title}: the game is over")
        aid = self._game.resolve(action)
        state.apply(aid)                          # IllegalActionError: state unchanged
        i = len(state.history) - 1 - self._base_step
        if i < len(self._line) and self._line[i] == aid:
            return                                # replaying the line forward
        del self._line[i:], self._movers[i:]
        self._line.append(aid)
        self._movers.append(seat)

    def _policy_seed(self, seat: int) -> int:
        """Policies are re-seeded per decision from the game, the step and the seat:
        the same position always gets the same answer, across undo/goto and reruns."""
        return (self._state.seed * 1_000_003 + len(self._state.history) * 101 + seat) % MAX_SEED

    def _step_policy(self):
        state = self._state
        seat = state.current_player
        if seat is None:
            raise IllegalActionError(f"{self._game.title}: the game is over; start a new game "
                                     f"or go back in the history")
        if self._seats.is_human(seat):
            raise HumanTurnError(f"seat {seat} is human and must decide: click on the board or "
                                 f"call w.act(...); or make it a policy with "
                                 f"w.seats[{seat}] = nbgames.bots.greedy")
        policy = spawn_policy(self._seats[seat], self._policy_seed(seat))
        try:
            aid = decide(policy, state, seat)
        except PolicyError as e:
            self._set("playing", False)
            self._set("error", str(e))
            raise
        self._apply(aid)
        return self._game.action(aid)

    def _auto(self):
        """Policy seats answer at once while a human seat exists to answer them."""
        if not any(self._seats.is_human(s) for s in range(self._game.players)):
            return
        while True:
            seat = self._state.current_player
            if seat is None or self._seats.is_human(seat):
                return
            self._step_policy()

    def _seats_changed(self):
        self._sync()

    def _fail(self, text: str):
        self._set("error", text)
        self._set("playing", False)

    def _private(self, seat: int, public: dict) -> dict:
        obs = self._state.observation(seat)
        return {"seat": seat, **{k: v for k, v in obs.items()
                                 if k != "seat" and public.get(k, _UNSET) != v}}

    def _sync(self):
        """Compute every synced trait from the state and send what changed, in one
        message."""
        state, viewer = self._state, self.viewer
        view = state.observation(viewer)
        if self._reveal:
            public = state.observation(None)
            view["reveal"] = [self._private(s, public) for s in range(self._game.players)
                              if s != viewer]
        cp = state.current_player
        legal, runs = [], []
        if cp is not None and cp == viewer and self._seats.is_human(cp):
            ids = state.legal_action_ids()
            if len(ids) <= LABELLED_MAX:
                legal = [[a.id, a.label] for a in state.legal_actions()]
            else:
                runs = run_length(ids)
        with self.hold_sync():
            self._set("view", pack(self._game, view, self._catalog))
            self._set("legal", legal)
            self._set("legal_runs", runs)
            self._set("log_lines", state.log(viewer)[-self._log_limit:])
            self._set("scores", list(state.scores()))
            self._set("winners", list(state.winners()))
            self._set("seat_info", [describe(v, i) for i, v in enumerate(self._seats)])
            self._set("to_move", cp)
            self._set("status", self._status())
            self._set("step_index", len(state.history))
            self._set("history_start", self._base_step)
            self._set("history_len", self._base_step + len(self._line))
            self._set("viewers", list(self._viewers))

    def _status(self) -> str:
        state = self._state
        if state.is_terminal():
            w = state.winners()
            who = " and ".join(f"player {s}" for s in w)
            return f"Game over: {who} {'win' if len(w) > 1 else 'wins'}."
        seat = state.current_player
        if seat == self.viewer and self._seats.is_human(seat):
            return f"Your move (player {seat})."
        kind = "human" if self._seats.is_human(seat) else policy_name(self._seats[seat])
        return f"Player {seat} ({kind}) to move."

    @t.validate("viewer")
    def _validate_viewer(self, proposal):
        v = proposal["value"]
        self._check_seat(v, "viewer")
        return v

    @t.observe("viewer")
    def _viewer_changed(self, change):
        if getattr(self, "_viewers", None) is None or not hasattr(self, "_state"):
            return
        if change["new"] not in self._viewers:
            self._viewers.append(change["new"])
        self._sync()

    @t.validate("speed")
    def _validate_speed(self, proposal):
        v = proposal["value"]
        lo, hi = SPEED_RANGE
        if not lo <= v <= hi:
            raise t.TraitError(f"speed must be from {lo} to {hi} decisions a second, got {v!r}")
        return v

    # -- the browser side ---------------------------------------------------------
    def set_state(self, sync_data):
        """The browser never writes traits. A front-end that tries is refused and
        given the true values back; every change goes through a validated message."""
        names = sorted(k for k in sync_data if k in self.keys)
        self._fail(f"the browser may not set {', '.join(names) or 'traits'}; "
                   f"it sends messages instead")
        if names:
            self.send_state(names)

    def _on_msg(self, _widget, content, _buffers):
        """Handle one message from the browser. Nothing a browser sends can break the
        widget: a bad message becomes ``error`` and the state is unchanged."""
        try:
            self._handle(content)
        except (NbgamesError, ValueError, TypeError, t.TraitError) as e:
            self._fail(str(e))
            self._sync()
        except Exception as e:  # a bug must not kill the comm; show it
            self._fail(f"internal error: {type(e).__name__}: {e}")
            self._sync()

    def _handle(self, msg):
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            raise IllegalActionError(f"malformed message {str(msg)[:80]!r}: expected "
                                     f"{{\"type\": ..., ...}}")
        kind = msg["type"]
        if kind not in MESSAGE_TYPES:
            raise IllegalActionError(f"unknown message type {kind[:40]!r}; known: "
                                     f"{', '.join(MESSAGE_TYPES)}")
        if kind == "action":
            aid = msg.get("id")
            if not _is_int(aid):
                raise IllegalActionError(f"an action message needs an int id, got {aid!r}"[:120])
            if not 0 <= aid < self._game.num_actions:
                raise IllegalActionError(f"action id {aid} is not in range(0, "
                                         f"{self._game.num_actions})")
            state, viewer = self._state, self.viewer
            seat = state.current_player
            if seat is None:
                raise IllegalActionError("the game is over; start a new game")
            if viewer is None:
                raise IllegalActionError("a spectator cannot move; pick a seat to view")
            if seat != viewer:
                raise IllegalActionError(f"it is player {seat}'s turn, not player {viewer}'s")
            if not self._seats.is_human(seat):
                raise IllegalActionError(f"player {seat} is played by "
                                         f"{policy_name(self._seats[seat])!r}; press step or play")
            self._apply(aid)
            self._set("error", "")
            try:
                self._auto()
            except PolicyError:
                pass                  # shown in `error`; the human's move stands
            self._follow_human()
            self._sync()
        elif kind == "step":
            try:
                self._step_policy()
            except PolicyError:
                pass
            else:
                self._set("error", "")
            self._sync()
        elif kind == "play":
            seat = self._state.current_player
            if seat is None:
                raise IllegalActionError("the game is over; nothing to play")
            if self._seats.is_human(seat):
                raise HumanTurnError(f"player {seat} is human and must move first")
            self._set("error", "")
            self._set("playing", True)
        elif kind == "pause":
            self._set("playing", False)
        elif kind == "tick":
            if not self.playing or msg.get("step") != len(self._state.history):
                return                # a stale tick (another view ticked first)
            seat = self._state.current_player
            if seat is not None and not self._seats.is_human(seat):
                try:
                    self._step_policy()
                except PolicyError:
                    pass
            seat = self._state.current_player
            if seat is None or self._seats.is_human(seat):
                self._set("playing", False)
            self._sync()
        elif kind == "undo":
            self.undo()
        elif kind == "goto":
            self.goto(msg.get("step"))
        elif kind == "new_game":
            self.new_game(msg.get("seed"))
        elif kind == "viewer":
            seat = msg.get("seat")
            if seat not in self._viewers or (seat is not None and not _is_int(seat)):
                raise IllegalActionError(f"seat {str(seat)[:20]!r} may not be viewed; allowed: "
                                         f"{self._viewers}")
            self.viewer = seat
            self._set("error", "")
        elif kind == "speed":
            value = msg.get("value")
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                raise IllegalActionError(f"speed must be a number, got {str(value)[:20]!r}")
            self.speed = float(value)
        elif kind == "clear_error":
            self._set("error", "")

    def _follow_human(self):
        """Hot seat: when another human seat that may be viewed must move next, the
        board turns to it."""
        seat = self._state.current_player
        if (seat is not None and self.viewer is not None and seat != self.viewer
                and self._seats.is_human(seat) and seat in self._viewers):
            self.viewer = seat

    # -- display ------------------------------------------------------------------
    def __repr__(self):
        state = self._state
        where = ("game over" if state.is_terminal()
                 else f"player {state.current_player} to move")
        extra = ", reveal=True" if self._reveal else ""
        return (f"GameWidget({self._game.title!r}, players={self._game.players}, "
                f"seats={self._seats!r}, viewer={self.viewer!r}{extra}: step "
                f"{len(state.history)}, {where})")


_WIDGET_ARGS = ("state", "seats", "seed", "viewer", "viewers", "reveal", "speed", "log_limit")
_CLASSES: dict[str, type] = {}


def widget_class(title: str) -> type:
    """The GameWidget subclass of one title: its own ``_esm``/``_css`` (so several
    titles can share a page without their styles replacing each other)."""
    cls = _CLASSES.get(title)
    if cls is None:
        name = "".join(p.title() for p in title.split("_")) + "Widget"
        cls = type(name, (GameWidget,), {"__module__": __name__, "__doc__": GameWidget.__doc__,
                                        "_esm": compose_esm(title), "_css": compose_css(title)})
        _CLASSES[title] = cls
    return cls


def make_widget(title=None, players: int | None = None, **kwargs) -> GameWidget:
    """``nbgames.widget(title, players=..., seats=[...], seed=..., viewer=..., viewers=...,
    reveal=False, speed=2.0, log_limit=20, **game_options)`` or
    ``nbgames.widget(state=some_state, viewer=0)``.

    Unknown keyword arguments (neither a widget argument nor an option of the
    title) are refused with the lists of both."""
    state = kwargs.get("state")
    if isinstance(title, State) and state is None:
        state, title = title, None
        kwargs["state"] = state
    options = {k: v for k, v in kwargs.items() if k not in _WIDGET_ARGS}
    wargs = {k: v for k, v in kwargs.items() if k in _WIDGET_ARGS}
    if state is not None:
        if not isinstance(state, State):
            raise OptionError(f"state must be an nbgames State, got {type(state).__name__}")
        game = state.game
        if title is not None and title != game.title:
            raise OptionError(f"state is a {game.title} state, not {title!r}")
        if players is not None and players != game.players:
            raise OptionError(f"state has {game.players} players, not {players}")
        if options:
            raise OptionError(f"nbgames.widget(state=...) got unexpected keyword argument(s) "
                              f"{', '.join(sorted(options))}; widget arguments: "
                              f"{', '.join(_WIDGET_ARGS)}")
    else:
        if title is None:
            raise OptionError("nbgames.widget needs a title (one of nbgames.games()) or state=")
        if players is None and isinstance(wargs.get("seats"), (list, tuple)):
            players = len(wargs["seats"])
        from ..core.registry import game_class
        spec = game_class(title).options_spec if isinstance(title, str) else {}
        unknown = sorted(k for k in options if k not in spec)
        if unknown:
            raise OptionError(f"nbgames.widget() got unexpected keyword argument(s) "
                              f"{', '.join(map(repr, unknown))}; widget arguments: "
                              f"{', '.join(_WIDGET_ARGS)}; {title} options: "
                              f"{', '.join(spec) or 'none'}")
        game = load(title, players, **options)
    return widget_class(game.title)(game, **wargs)

