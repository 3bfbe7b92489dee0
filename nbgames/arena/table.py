"""``nbgames.Table``: a game session without a screen.

A Table holds one game and its seats ("human" or a policy), the history line
(so ``undo`` and ``goto`` can step back and forth), and lets policy seats move.
A notebook or a test can drive a whole game with it; the widget is a Table plus
trait sync plus a table of message handlers, so a click and ``widget.act()``
run the same code here and fail the same way.

>>> import nbgames
>>> game = nbgames.load(nbgames.games()[0], players=2)
>>> t = nbgames.Table(game, seats=["human", "greedy"], seed=1)
>>> _ = t.act(t.state.legal_actions()[0])    # then the greedy seat answers at once
>>> t.current_player in (0, None) and t.state.step > 1
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..agents.adapter import decide, policy_name, reseed_policy, spawn_policy
from ..core.actions import Action
from ..core.errors import GameOverError, NbgamesError, NotLegalError, OptionError
from ..core.game import Game
from ..core.state import State
from .seats import HUMAN, SeatList, check_seat

MAX_SEED = 2**63 - 1
UNTIL = ("human", "end")


class HumanTurnError(NbgamesError, RuntimeError):
    """A policy move was asked for a human seat: a person must decide (a click,
    ``act(...)``), or the seat must become a policy."""


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class Table:
    """A game session: ``.state``, ``.act(action)``, ``.step()``, ``.run(until=...)``,
    ``.undo()``, ``.goto(k)``, ``.new_game(seed)``.

    ``game_or_state`` is a Game (a new game is dealt with ``seed``) or a State
    (the session starts from a copy of it; its earlier steps are not available to
    ``goto``). ``seats`` has one entry a seat: "human", a policy, or a built-in
    bot's name ("greedy", "random"); by default every seat is human. With
    ``auto=True`` (the default) policy seats answer at once after a human move,
    while at least one seat is human.

    Each policy seat gets its own copy for the game (``spawn``), so a policy that
    remembers keeps its memory; before each decision a policy that supports it is
    re-seeded from the game, the step and the seat (``reseed``), so the same
    position always gets the same answer, across undo/goto and reruns (the built-in
    bots need no re-seeding: each decision draws its generator from the bot's seed
    and the observation).
    ``nbgames.play`` is a Table run to the end, so both give the same games.
    """

    def __init__(self, game_or_state: Game | State, seats: list | None = None,
                 seed: int | None = None, *, auto: bool = True):
        if isinstance(game_or_state, State):
            if seed is not None:
                raise OptionError("give either a State or a seed, not both")
            game, state = game_or_state.game, game_or_state.clone()
        elif isinstance(game_or_state, Game):
            game, state = game_or_state, None
        else:
            raise OptionError(f"a Table needs a Game (nbgames.load(...)) or a State, got "
                              f"{type(game_or_state).__name__} {game_or_state!r}"[:200])
        if not isinstance(auto, bool):
            raise OptionError(f"auto must be True or False, got {auto!r}")
        self.game = game
        self.auto = auto
        if seats is None:
            seats = [HUMAN] * game.players
        if isinstance(seats, (str, bytes)) or not hasattr(seats, "__len__"):
            raise OptionError(f"seats must be a list with one entry a seat (\"human\" or a "
                              f"policy), got {seats!r}")
        if len(seats) != game.players:
            raise OptionError(f"{game.title} with {game.players} players needs {game.players} "
                              f"seats, got {len(seats)}")
        self._listeners: list[Callable[[], None]] = []
        self._seats = SeatList([check_seat(v, i) for i, v in enumerate(seats)], self._changed)
        self._begin(state if state is not None else game.new_state(seed=seed))

    # -- what the session holds ----------------------------------------------------
    @property
    def state(self) -> State:
        """The live engine state at the current position."""
        return self._state

    @property
    def current_player(self) -> int | None:
        return self._state.current_player

    @property
    def seats(self) -> SeatList:
        """One entry a seat: "human" or a policy; ``t.seats[i] = p`` swaps a seat."""
        return self._seats

    @seats.setter
    def seats(self, values):
        self._seats[:] = values

    @property
    def origin(self) -> State:
        """The starting state of the current game (a new object after each
        ``new_game``): what ``goto`` replays the history line from. Do not change it."""
        return self._base

    @property
    def history_start(self) -> int:
        """The first step ``goto`` can reach (the step of the starting state)."""
        return self._base_step

    @property
    def history_len(self) -> int:
        """The last step ``goto`` can reach: the current line, including the steps
        that ``undo``/``goto`` stepped back over."""
        return self._base_step + len(self._line)

    @property
    def line(self) -> list[int]:
        """The action ids of the history line after the starting state."""
        return list(self._line)

    def is_human(self, seat: int) -> bool:
        return self._seats.is_human(seat)

    def has_human(self) -> bool:
        return any(self._seats.is_human(s) for s in range(self.game.players))

    def on_change(self, fn: Callable[[], None]) -> None:
        """Call ``fn()`` when the seats change (the widget re-syncs)."""
        self._listeners.append(fn)

    # -- moves ------------------------------------------------------------------------
    def act(self, action: Any) -> Action:
        """Play ``action`` (an Action, id or label) for the human seat to move; then,
        with ``auto``, policy seats answer until a human must decide. Returns the
        Action played. An action that cannot be played raises IllegalActionError
        (InvalidActionError, NotLegalError or GameOverError) and changes nothing; a
        policy that fails afterwards raises PolicyError (the human's move stands)."""
        seat = self._state.current_player
        if seat is None:
            raise GameOverError(f"{self.game.title}: the game is over; start a new game "
                                f"or go back in the history")
        if not self._seats.is_human(seat):
            raise HumanTurnError(f"seat {seat} is played by {policy_name(self._seats[seat])!r}; "
                                 f"use step() or run()")
        aid = self._apply(action)
        if self.auto and self.has_human():
            self.run(until="human")
        return self.game.action(aid)

    def step(self) -> Action:
        """Let the policy seat to move take one decision; returns the Action. A human
        seat to move raises HumanTurnError; a failing policy raises PolicyError and
        changes nothing."""
        state = self._state
        seat = state.current_player
        if seat is None:
            raise GameOverError(f"{self.game.title}: the game is over; start a new game "
                                f"or go back in the history")
        if self._seats.is_human(seat):
            raise HumanTurnError(f"seat {seat} is human and must decide (act(...) or a click); "
                                 f"or make it a policy: seats[{seat}] = \"greedy\"")
        policy = self._policy(seat)
        reseed_policy(policy, self._policy_seed(seat))
        aid = decide(policy, state, seat, rng=self._policy_seed(seat))
        step = state.step
        self._apply(aid)
        stats = getattr(policy, "last_analysis", None)
        if isinstance(stats, dict):
            self._thoughts[step] = (seat, aid, stats)
        return self.game.action(aid)

    def thought(self, step: int):
        """``(seat, action id, stats)`` of the policy decision made at ``step`` of the
        current line, when that policy keeps ``last_analysis`` (search bots), else None."""
        got = self._thoughts.get(step)
        i = step - self._base_step
        if got is None or not 0 <= i < len(self._line) or self._line[i] != got[1]:
            return None
        return got

    def run(self, until: str = "human", max_steps: int | None = None) -> int:
        """Let policy seats move until a human seat must decide (``until="human"``) or
        the game ends (``until="end"``: a human seat to move raises HumanTurnError),
        or ``max_steps`` decisions are made. Returns the number of decisions made."""
        if until not in UNTIL:
            raise OptionError(f"until={until!r} is not valid; choose one of {UNTIL}")
        if max_steps is not None and (not _is_int(max_steps) or max_steps < 0):
            raise OptionError(f"max_steps must be None or an int >= 0, got {max_steps!r}")
        n = 0
        while max_steps is None or n < max_steps:
            seat = self._state.current_player
            if seat is None:
                break
            if self._seats.is_human(seat) and until == "human":
                break
            self.step()
            n += 1
        return n

    def undo(self) -> int:
        """Take back the last decision of a human seat and the policy moves after it
        (with no human seat, one decision). Returns the new step. Undone moves stay
        in the history line: ``goto`` returns to them until another move is made."""
        step = self._state.step
        if step <= self._base_step:
            raise NotLegalError(f"nothing to undo: the history starts at step "
                                f"{self._base_step}")
        target = step - 1
        if self.has_human():
            for i in range(step - 1, self._base_step - 1, -1):
                if self._seats.is_human(self._movers[i - self._base_step]):
                    target = i
                    break
        self.goto(target)
        return target

    def goto(self, k: int) -> State:
        """Show the position after ``k`` decisions of the history line (no policy
        moves). Steps before the starting state are not available."""
        lo, hi = self._base_step, self.history_len
        if not _is_int(k) or not lo <= k <= hi:
            raise OptionError(f"goto: step must be an int from {lo} to {hi}, got {k!r}")
        now = self._state.step
        if k < now:
            state = self._base.clone()
            for aid in self._line[:k - lo]:
                state.apply(aid)
        else:
            state = self._state.clone()
            for aid in self._line[now - lo:k - lo]:
                state.apply(aid)
        self._state = state
        return state

    def new_game(self, seed: int | None = None) -> State:
        """Deal a new game (``seed``: an int, or None for a random one); with ``auto``
        and a human seat, policies move until a human must decide."""
        if seed is not None and (not _is_int(seed) or not 0 <= seed <= MAX_SEED):
            raise OptionError(f"seed must be None or an int from 0 to {MAX_SEED}, got {seed!r}")
        self._begin(self.game.new_state(seed=seed))
        if self.auto and self.has_human():
            self.run(until="human")
        return self._state

    # -- internals ----------------------------------------------------------------------
    def _begin(self, state: State) -> None:
        self._spawned: dict[int, tuple] = {}   # seat -> (policy given, its copy for this game)
        self._state = state
        self._base = state.clone()
        self._base_step = state.step
        self._line: list[int] = []      # ids after the base, the redo tail included
        self._movers: list[int] = []    # the seat that made each of them
        self._thoughts: dict[int, tuple] = {}   # step -> (seat, aid, analyse stats)

    def _apply(self, action) -> int:
        """Apply one decision of the seat to move and keep the history line."""
        state = self._state
        seat = state.current_player
        aid = self.game.resolve(action)
        state.apply(aid)                          # IllegalActionError: state unchanged
        i = state.step - 1 - self._base_step
        if i < len(self._line) and self._line[i] == aid:
            return aid                            # replaying the line forward
        del self._line[i:], self._movers[i:]
        self._line.append(aid)
        self._movers.append(seat)
        return aid

    def _policy(self, seat: int):
        """The seat's policy for this game: one copy per game (``spawn``), so a policy
        that remembers keeps its memory; a new one when the seat is swapped."""
        given = self._seats[seat]
        have = self._spawned.get(seat)
        if have is None or have[0] is not given:
            have = self._spawned[seat] = (given, spawn_policy(given, self._base.seed * 31 + seat))
        return have[1]

    def _policy_seed(self, seat: int) -> int:
        """Policies are re-seeded per decision from the game, the step and the seat:
        the same position always gets the same answer, across undo/goto and reruns."""
        return (self._state.seed * 1_000_003 + self._state.step * 101 + seat) % MAX_SEED

    def _changed(self) -> None:
        for fn in self._listeners:
            fn()

    def __repr__(self):
        state = self._state
        where = "game over" if state.is_terminal() else f"player {state.current_player} to move"
        return (f"Table({self.game!r}, seats={self._seats!r}: step {state.step}, "
                f"{where})")
