"""GameWidget: a :class:`~nbgames.arena.table.Table` plus trait sync plus a table
of message handlers.

Python owns the truth. The browser only renders what is synced and sends
messages; it never writes a trait (see :meth:`GameWidget.set_state`). The one
path of a move::

    click -> {"type": "action", "id": N} -> HANDLERS["action"] checks the seat
          -> Table.act -> state.apply -> policy seats answer -> _sync() -> render

``widget.act(...)`` runs the same handler, so both fail the same way: the error
is shown in the widget and, from Python, raised.

What is synced (the security boundary of DESIGN.md "Hidden information"): the
observation of the viewer seat, that seat's legal actions when it is its turn,
the log lines it may read, the scores, the seat descriptors and small control
values. Never the full state, the seed, the deck or another seat's hand --
unless the notebook author sets ``reveal=True`` from Python.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import anywidget
import traitlets as t

from ..agents.adapter import policy_name
from ..arena.seats import SeatList, describe
from ..arena.table import HumanTurnError, Table
from ..core.actions import Action
from ..core.errors import IllegalActionError, NbgamesError, OptionError
from ..core.game import Game
from ..core.infoset import InfoSet
from ..core.registry import load, spec
from ..core.state import State
from .assets import compose_css, compose_esm, dev_mode

_UNSET = object()
SPEED_RANGE = (0.25, 50.0)


def run_length(ids) -> list[int]:
    """Sorted ids as runs ``[gap, count, gap, count, ...]``: each run starts ``gap``
    after the end of the one before (the first after 0). Hundreds of legal
    placements fit in a few hundred bytes."""
    out: list[int] = []
    end = 0
    for a in sorted(int(x) for x in ids):
        if out and a == end:
            out[-1] += 1
        else:
            out += [a - end, 1]
        end = a + 1
    return out


def expand_runs(runs: list[int]) -> list[int]:
    """The inverse of :func:`run_length`."""
    out: list[int] = []
    end = 0
    for i in range(0, len(runs) - 1, 2):
        start = end + runs[i]
        out.extend(range(start, start + runs[i + 1]))
        end = start + runs[i + 1]
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
    :func:`run_length`): ``[gap, count, gap, count, ...]``. The browser decodes them
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
    by the next successful action."""

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
    ``{"seat", "step", "status": "running"|"done", "done", "total", "moves":
    {aid: {"share", "visits", "value"}}}``. Only the viewer's legal actions, only
    from the viewer's infoset, and only while the position is the one analysed:
    any move, undo, goto, new game or viewer change clears it (and cancels a
    search still running)."""

    thinking = t.Dict(read_only=True).tag(sync=True)
    """With ``show_thinking``: the statistics of the last policy decision (a search
    bot's ``last_analysis``): ``{"seat", "step", "chosen", "moves": {...}}``. They
    were computed from that seat's hand, so they are sent only when the viewer is
    that seat or ``reveal`` is on; otherwise ``{"seat", "step", "hidden": true}``."""

    # -- construction -------------------------------------------------------------
    def __init__(self, game: Game | None = None, *, state: State | None = None, seats=None,
                 seed=None, viewer=_UNSET, viewers=None, reveal: bool = False,
                 speed: float = 2.0, log_limit: int = 20, advisor=None,
                 show_thinking: bool = False):
        if state is not None:
            if not isinstance(state, State):
                raise OptionError(f"state must be an nbgames State, got {type(state).__name__}")
            if game is not None and game != state.game:
                raise OptionError(f"state is a {state.game!r} state, not {game!r}")
            if seed is not None:
                raise OptionError("give either state= or seed=, not both")
        elif not isinstance(game, Game):
            raise OptionError("nbgames.widget needs a title (e.g. one of nbgames.games()), a Game "
                              "or state=")
        if not _is_int(log_limit) or log_limit < 1:
            raise OptionError(f"log_limit must be a positive int, got {log_limit!r}")
        if not isinstance(reveal, bool):
            raise OptionError(f"reveal must be True or False, got {reveal!r}")
        if not isinstance(show_thinking, bool):
            raise OptionError(f"show_thinking must be True or False, got {show_thinking!r}")
        self._advisor = _check_advisor(advisor)
        self._ready_cache: tuple | None = None
        self._show_thinking = show_thinking
        self._hint_lock = threading.Lock()
        self._hint_job = None          # (position key, cancel Event) of the current hint
        self._hint_thread = None
        self._table = Table(state if state is not None else game, seats=seats,
                            seed=None if state is not None else seed)
        game = self._game = self._table.game
        self._log_limit = log_limit
        if viewer is _UNSET:
            viewer = next((i for i in range(game.players) if self._table.is_human(i)), None)
        self._check_seat(viewer, "viewer")
        self._viewers = self._resolve_viewers(viewers, viewer)
        self._reveal = reveal
        # Every trait is set before the comm opens, so the first message carries the
        # whole initial view and no update follows it.
        self.set_trait("title", game.title)
        self.set_trait("name", game.name)
        self.set_trait("players", game.players)
        self.set_trait("catalog", game.catalog())
        self.set_trait("action_space", game.action_space.to_json())
        self.speed = speed
        self.viewer = viewer
        self.set_trait("advisor", "" if self._advisor is None else policy_name(self._advisor))
        self.set_trait("advisor_label", "Solve" if hasattr(self._advisor, "can_solve") else "Hint")
        self._table.on_change(self._sync)
        try:
            if state is None and self._table.has_human():
                self._table.run(until="human")
        except NbgamesError as e:
            self._set("error", str(e))
        self._sync()
        super().__init__()
        self.on_msg(self._on_msg)

    def _resolve_viewers(self, viewers, viewer) -> list:
        n = self._game.players
        if viewers is None:
            found = [i for i in range(n) if self._table.is_human(i)] or [None]
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
        if not isinstance(value, bool):
            raise OptionError(f"reveal must be True or False, got {value!r}")
        self._reveal = value
        self._sync()

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

    def cancel_hint(self) -> None:
        """Stop a running hint and clear the heat from the board."""
        return self._dispatch("cancel_hint", {})

    # -- one dispatcher for Python calls and browser messages --------------------------
    def _dispatch(self, kind: str, msg: dict):
        """Run one handler; on failure show the error in the widget and raise it.
        Every handler leaves the state unchanged when it fails."""
        handler = HANDLERS.get(kind)
        if handler is None:
            raise IllegalActionError(f"unknown message type {str(kind)[:40]!r}; known: "
                                     f"{', '.join(BROWSER_MESSAGES)}")
        try:
            result = handler(self, msg)
        except NbgamesError as e:
            self._fail(str(e))
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
        except Exception as e:  # a bug must not kill the comm; show it
            self._fail(f"internal error: {type(e).__name__}: {e}")
            self._sync()

    # -- handlers (each: validate, then one Table call) ---------------------------------
    def _h_click(self, msg):
        aid = msg.get("id")
        if not _is_int(aid):
            raise IllegalActionError(f"an action message needs an int id, got {aid!r}"[:120])
        if not 0 <= aid < self._game.num_actions:
            raise IllegalActionError(f"action id {aid} is not in range(0, "
                                     f"{self._game.num_actions})")
        seat, viewer = self.state.current_player, self.viewer
        if seat is not None and viewer is None:
            raise IllegalActionError("a spectator cannot move; pick a seat to view")
        if seat is not None and seat != viewer:
            raise IllegalActionError(f"it is player {seat}'s turn, not player {viewer}'s")
        return self._h_action({"action": aid})

    def _h_action(self, msg):
        self._set("playing", False)
        action = self._table.act(msg["action"])
        self._set("error", "")
        self._follow_human()
        return action

    def _h_step(self, msg):
        action = self._table.step()
        self._set("error", "")
        return action

    def _h_run(self, msg):
        n = self._table.run(until="human", max_steps=msg.get("max_steps"))
        self._set("error", "")
        return n

    def _h_play(self, msg):
        seat = self.state.current_player
        if seat is None:
            raise IllegalActionError("the game is over; nothing to play")
        if self._table.is_human(seat):
            raise HumanTurnError(f"player {seat} is human and must move first")
        self._set("error", "")
        self._set("playing", True)

    def _h_pause(self, msg):
        self._set("playing", False)

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
                self._set("playing", False)

    def _h_undo(self, msg):
        self._set("playing", False)
        step = self._table.undo()
        self._set("error", "")
        return step

    def _h_goto(self, msg):
        self._set("playing", False)
        state = self._table.goto(msg.get("step"))
        self._set("error", "")
        return state

    def _h_new_game(self, msg):
        self._set("playing", False)
        self._set("error", "")
        return self._table.new_game(msg.get("seed"))

    def _h_viewer(self, msg):
        seat = msg.get("seat")
        if seat not in self._viewers or (seat is not None and not _is_int(seat)):
            raise IllegalActionError(f"seat {str(seat)[:20]!r} may not be viewed; allowed: "
                                     f"{self._viewers}")
        self.viewer = seat
        self._set("error", "")

    def _h_speed(self, msg):
        value = msg.get("value")
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise IllegalActionError(f"speed must be a number, got {str(value)[:20]!r}")
        lo, hi = SPEED_RANGE
        if not lo <= value <= hi:
            raise IllegalActionError(f"speed must be from {lo} to {hi} decisions a second, "
                                     f"got {value!r}")
        self.speed = float(value)

    def _h_clear_error(self, msg):
        self._set("error", "")

    # -- hints ---------------------------------------------------------------------------
    def _advisor_ready(self) -> bool:
        """May the viewer ask the advisor now? (cached per position; a solver is asked
        ``can_solve`` on the viewer's infoset, seeded as a hint is)."""
        state, viewer = self.state, self.viewer
        if self._advisor is None or state.current_player is None \
                or viewer != state.current_player or not self._table.is_human(viewer):
            return False
        can = getattr(self._advisor, "can_solve", None)
        if not callable(can):
            return True
        key = (viewer, tuple(state.history), id(self._table._base))
        if self._ready_cache is None or self._ready_cache[0] != key:
            seed = (int(getattr(self._advisor, "seed", 0) or 0) * 1_000_003
                    + state.step) % (2**31)
            self._ready_cache = (key, bool(can(InfoSet(state, viewer, random.Random(seed)))))
        return self._ready_cache[1]

    def _hint_key(self):
        """The position a hint belongs to: the game (its first state, alive as long as
        the job holds this key, so its id is not reused), the viewer, the history."""
        base = self._table._base
        return (id(base), base, self.viewer, tuple(self.state.history))

    def _start_hint(self):
        """Check that a hint may be given now and set up the job: the advisor's copy
        for this position and the viewer's infoset (never the state)."""
        if self._advisor is None:
            raise IllegalActionError("this board has no advisor; make it with "
                                     "nbgames.widget(..., advisor=\"ismcts\")")
        state, viewer = self.state, self.viewer
        if state.current_player is None or viewer != state.current_player \
                or not self._table.is_human(viewer):
            raise IllegalActionError("a hint is for the human seat to move, on its turn")
        if not self._advisor_ready():
            raise IllegalActionError(f"{policy_name(self._advisor)}: this position is too large "
                                     f"to solve exactly (more than its max_nodes); play on, or "
                                     f"use advisor=\"ismcts\"")
        self._cancel_hint()
        # seeded by the advisor's seed and the step only: nothing hidden (the game's
        # seed included) may change what the hint shows
        seed = (int(getattr(self._advisor, "seed", 0) or 0) * 1_000_003
                + state.step) % (2**31)
        adv = self._advisor.spawn(seed) if hasattr(self._advisor, "spawn") else self._advisor
        infoset = InfoSet(state, viewer, random.Random(seed))
        job = {"key": self._hint_key(), "cancel": threading.Event(), "seat": viewer,
               "step": state.step, "last": 0.0}
        self._hint_job = job
        return adv, infoset, job

    def _hint_progress(self, job, done, total):
        if job["cancel"].is_set():
            return False
        now = time.monotonic()
        if now - job["last"] >= 0.25:
            job["last"] = now
            self._publish_hint(job, "running", done, total, {})
        return True

    def _publish_hint(self, job, status, done, total, moves):
        with self._hint_lock:
            if job["cancel"].is_set() or self._hint_job is not job:
                return
            self._set("hints", {"seat": job["seat"], "step": job["step"], "status": status,
                                "done": done, "total": total, "values": job.get("values"),
                                "moves": {str(a): {"share": round(m["share"], 4),
                                                   "visits": int(m["visits"]),
                                                   "value": round(m["value"], 4)}
                                          for a, m in moves.items()}})

    def _run_hint(self, adv, infoset, job):
        try:
            stats = adv.analyse(infoset, progress=lambda d, n: self._hint_progress(job, d, n))
        except Exception as e:  # the advisor failed: show it, do not kill the thread silently
            with self._hint_lock:
                if self._hint_job is job:
                    self._hint_job = None
                    self._set("hints", {})
                    self._set("error", f"advisor failed: {type(e).__name__}: {e}"[:300])
            return None
        done = sum(m["visits"] for m in stats.values())
        values = getattr(adv, "values", None)
        job["values"] = [round(float(v), 3) for v in values(infoset)] if callable(values) else None
        self._publish_hint(job, "done", done, done, stats)
        return stats

    def _h_hint(self, msg):
        adv, infoset, job = self._start_hint()
        self._publish_hint(job, "running", 0, getattr(adv, "iterations", None), {})
        th = threading.Thread(target=self._run_hint, args=(adv, infoset, job), daemon=True,
                              name="nbgames-hint")
        self._hint_thread = th
        th.start()

    def _h_hint_wait(self, msg):
        adv, infoset, job = self._start_hint()
        return self._run_hint(adv, infoset, job)

    def _h_cancel_hint(self, msg):
        self._cancel_hint()

    def _cancel_hint(self):
        with self._hint_lock:
            job, self._hint_job = self._hint_job, None
            if job is not None:
                job["cancel"].set()
            self._set("hints", {})

    def _thinking(self) -> dict:
        """The last policy decision's statistics, when the viewer may see them."""
        if not self._show_thinking:
            return {}
        step = self.state.step - 1
        got = self._table.thought(step) if step >= 0 else None
        if got is None:
            return {}
        seat, aid, stats = got
        if not (self._reveal or seat == self.viewer):
            return {"seat": seat, "step": step, "hidden": True}
        return {"seat": seat, "step": step, "chosen": aid,
                "moves": {str(a): {"share": round(m["share"], 4), "visits": int(m["visits"]),
                                   "value": round(m["value"], 4)} for a, m in stats.items()}}

    def _follow_human(self):
        """Hot seat: when another human seat that may be viewed must move next, the
        board turns to it."""
        seat = self.state.current_player
        if (seat is not None and self.viewer is not None and seat != self.viewer
                and self._table.is_human(seat) and seat in self._viewers):
            self.viewer = seat

    # -- sync ----------------------------------------------------------------------------
    def _set(self, name, value):
        self.set_trait(name, value)

    def _fail(self, text: str):
        self._set("error", text)
        self._set("playing", False)

    def _private(self, seat: int, public: dict) -> dict:
        obs = self.state.observation(seat)
        return {"seat": seat, **{k: v for k, v in obs.items()
                                 if k != "seat" and public.get(k, _UNSET) != v}}

    def _sync(self):
        """Compute every synced trait from the state and send what changed, in one
        message."""
        state, viewer, table = self.state, self.viewer, self._table
        view = state.observation(viewer)
        if self._reveal:
            public = state.observation(None)
            view["reveal"] = [self._private(s, public) for s in range(self._game.players)
                              if s != viewer]
        cp = state.current_player
        legal = []
        if cp is not None and cp == viewer and table.is_human(cp):
            legal = run_length(state.legal_action_ids())
        job = self._hint_job
        if job is not None and not _same_position(job["key"], self._hint_key()):
            self._cancel_hint()            # the position changed: the hint is stale
        ready = self._advisor_ready()
        with self.hold_sync():
            self._set("thinking", self._thinking())
            self._set("view", view)
            self._set("legal", legal)
            self._set("log_lines", state.log(viewer)[-self._log_limit:])
            self._set("scores", list(state.scores()))
            self._set("winners", list(state.winners()))
            self._set("seat_info", [describe(v, i) for i, v in enumerate(table.seats)])
            self._set("to_move", cp)
            self._set("status", self._status())
            self._set("step_index", state.step)
            self._set("history_start", table.history_start)
            self._set("history_len", table.history_len)
            self._set("viewers", list(self._viewers))
            self._set("advisor_ready", ready)

    def _status(self) -> str:
        state = self.state
        if state.is_terminal():
            w = state.winners()
            who = " and ".join(f"player {s}" for s in w)
            return f"Game over: {who} {'win' if len(w) > 1 else 'wins'}."
        seat = state.current_player
        if seat == self.viewer and self._table.is_human(seat):
            return f"Your move (player {seat})."
        kind = "human" if self._table.is_human(seat) else policy_name(self.seats[seat])
        return f"Player {seat} ({kind}) to move."

    @t.validate("viewer")
    def _validate_viewer(self, proposal):
        v = proposal["value"]
        self._check_seat(v, "viewer")
        return v

    @t.observe("viewer")
    def _viewer_changed(self, change):
        if getattr(self, "_viewers", None) is None or not hasattr(self, "_table"):
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

    def set_state(self, sync_data):
        """The browser never writes traits. A front-end that tries is refused and
        given the true values back; every change goes through a validated message."""
        names = sorted(k for k in sync_data if k in self.keys)
        self._fail(f"the browser may not set {', '.join(names) or 'traits'}; "
                   f"it sends messages instead")
        if names:
            self.send_state(names)

    # -- display ------------------------------------------------------------------
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
    "cancel_hint": GameWidget._h_cancel_hint,
}
BROWSER_MESSAGES = {"action": "click", "step": "step", "play": "play", "pause": "pause",
                    "tick": "tick", "undo": "undo", "goto": "goto", "new_game": "new_game",
                    "viewer": "viewer", "speed": "speed", "clear_error": "clear_error",
                    "hint": "hint", "cancel_hint": "cancel_hint"}
MESSAGE_TYPES = tuple(BROWSER_MESSAGES)

_WIDGET_ARGS = ("state", "seats", "seed", "viewer", "viewers", "reveal", "speed", "log_limit",
                "advisor", "show_thinking")


def _same_position(a, b) -> bool:
    return a[0] == b[0] and a[1] is b[1] and a[2:] == b[2:]


def _check_advisor(advisor):
    """None, "ismcts" (nbgames.bots.ismcts()) or an object with ``analyse(infoset,
    progress=None)``."""
    if advisor is None:
        return None
    if isinstance(advisor, str):
        if advisor == "ismcts":
            from ..agents.search import ismcts
            return ismcts()
        raise OptionError(f"advisor must be None, \"ismcts\" or a policy with an analyse(infoset) "
                          f"method (such as nbgames.bots.ismcts(...)), got {advisor!r}")
    if not callable(getattr(advisor, "analyse", None)):
        raise OptionError(f"advisor must be None, \"ismcts\" or a policy with an analyse(infoset) "
                          f"method (such as nbgames.bots.ismcts(...)), got {advisor!r}")
    return advisor
_CLASSES: dict[str, type] = {}


def widget_class(title: str) -> type:
    """The GameWidget subclass of one title: its own ``_esm``/``_css`` (so several
    titles can share a page without their styles replacing each other). With
    ``NBGAMES_DEV=1`` it is made anew each time, from the JS files as they are now."""
    cls = None if dev_mode() else _CLASSES.get(title)
    if cls is None:
        name = "".join(p.title() for p in title.split("_")) + "Widget"
        cls = type(name, (GameWidget,), {"__module__": __name__, "__doc__": GameWidget.__doc__,
                                        "_esm": compose_esm(title), "_css": compose_css(title)})
        if not dev_mode():
            _CLASSES[title] = cls
    return cls


def make_widget(title=None, players: int | None = None, **kwargs) -> GameWidget:
    """``nbgames.widget(title, players=..., seats=[...], seed=..., viewer=..., viewers=...,
    reveal=False, speed=2.0, log_limit=20, **game_options)``, ``nbgames.widget(game,
    seats=...)`` with a loaded Game, or ``nbgames.widget(state=some_state, viewer=0)``.

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
        if title is not None and title != game.title and title != game:
            raise OptionError(f"state is a {game.title} state, not {title!r}")
        if players is not None and players != game.players:
            raise OptionError(f"state has {game.players} players, not {players}")
        if options:
            raise OptionError(f"nbgames.widget(state=...) got unexpected keyword argument(s) "
                              f"{', '.join(sorted(options))}; widget arguments: "
                              f"{', '.join(_WIDGET_ARGS)}")
        wargs.pop("state")
        return widget_class(game.title)(state=state, **wargs)
    if isinstance(title, Game):
        game = title
        if players is not None and players != game.players:
            raise OptionError(f"{game!r} has {game.players} players, not {players}")
        if options:
            raise OptionError(f"nbgames.widget(game) got unexpected keyword argument(s) "
                              f"{', '.join(sorted(options))}: the Game already has its options; "
                              f"widget arguments: {', '.join(_WIDGET_ARGS)}")
        return widget_class(game.title)(game, **wargs)
    if title is None:
        raise OptionError("nbgames.widget needs a title (one of nbgames.games()), a Game or "
                          "state=")
    if players is None and isinstance(wargs.get("seats"), (list, tuple)):
        players = len(wargs["seats"])
    opts_spec = spec(title).game.options_spec
    unknown = sorted(k for k in options if k not in opts_spec)
    if unknown:
        raise OptionError(f"nbgames.widget() got unexpected keyword argument(s) "
                          f"{', '.join(map(repr, unknown))}; widget arguments: "
                          f"{', '.join(_WIDGET_ARGS)}; {title} options: "
                          f"{', '.join(opts_spec) or 'none'}")
    game = load(title, players, **options)
    return widget_class(game.title)(game, **wargs)
