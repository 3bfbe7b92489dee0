"""Rollouts: a move's value as the mean result of playing it in worlds drawn
from the seat's information set and playing on by the title's prior, the way
backgammon programs roll a position out. The review's default judge.

For a single legal move (a focused measure), ``n`` playouts: world ``i`` is drawn with a generator of
the seed and ``i`` only, the move is played in it, everyone plays on for
``depth`` decisions by the title's prior (``nbgames.agents.search.play_on``:
a playout stops at a decision of more than ``widen`` moves, as the search's
do) and the position is scored by the title's evaluation (each seat's win share
if the game is over). The ``value`` is the mean for the seat, in win chance.
A first look at every legal move shares the playouts, at least
:data:`LEAST_SCREEN` a move, then *halves*: the better half of the moves (by
their values so far) gets twice the playouts, until :data:`KEEP` remain or
the next half would take more than ``4 * n`` playouts (so a title with a
thousand placements looks once). ``visits`` says how many playouts a move got.

**Paired.** Two moves measured with the same seed are measured in the same
worlds, from the same generators (common random numbers): what the deal does
to both cancels from their difference. :mod:`nbgames.arena.judge` gives the
moves of one round the same seed where an advisor says ``paired``. The worlds
are drawn once: an advisor and its ``spawn`` keep those of the last seed, and a
move measured after another with that seed plays in copies of them, with the
generator where the draw left it (the values a fresh draw gives; a review draws
4 to 42 % of the worlds it plays in, by title, in ``bench/review.py``). Measured with
``bench/review.py --noise`` (8 seeds, three positions a title): the spread of the
difference of two moves is 0.022 to 0.047 in the noisiest title at 100 playouts
against 0.056 to 0.068 for two focused searches of 100 iterations, and 0.012 to
0.015 at 400 against 0.016 to 0.064 (a search's barely narrows); the reviews of
a game with five seeds agree on 57 % of its decisions against 38 %
(``bench/review.py``).

**What it does not do.** It does not search: the others answer by the prior,
not by their best reply, so a move whose refutation the prior does not find
looks better than it is, and a playout stops at a decision of more than
``widen`` moves (where the next decision is a placement among hundreds, a
value is the title's evaluation after the move). ``nbgames.bots.ismcts(...)`` searches (noisier at
the same cost: a search's value depends on what its tree happened to find).

A policy too: ``rollouts(...)(observation, legal_actions, infoset)`` plays the
move of the highest value.

>>> import nbgames
>>> game = nbgames.load(nbgames.games()[0], players=2)
>>> state = game.new_state(seed=1)
>>> seat = state.current_player
>>> got = nbgames.bots.rollouts(n=8).analyse(nbgames.InfoSet(state, seat))
>>> sorted(got) == sorted(int(a) for a in state.legal_action_ids())
True
"""

from __future__ import annotations

import random

from ..core.errors import OptionError, PolicyError
from ..core.validate import as_int
from .search import draw_world, play_on, score_evaluation, title_parts

DEFAULT_PLAYOUTS = 100
"""Playouts of each move by default (a first look at every move shares them,
at least :data:`LEAST_SCREEN` a move)."""

LEAST_SCREEN = 8
"""The fewest playouts of a move when every legal move is measured at once."""

KEEP = 4
"""Moves kept by the last halving of a first look at every move."""


class RolloutPolicy:
    """``analyse(infoset)`` -> ``{aid: {"value", "visits", "share", "playouts"}}``
    for every legal action (see the module doc; ``playouts``: each playout's
    value, playout ``i`` in world ``i``, so two moves' lists pair up); called as
    a policy, the move of the highest value. ``spawn(seed)`` is the same with another seed."""

    __name__ = "rollouts"
    paired = True
    """Moves measured with one seed share their worlds and generators."""

    def __init__(self, n: int = DEFAULT_PLAYOUTS, depth: int | None = 8, widen: int = 24,
                 seed: int = 0):
        self.n = as_int(n, "n (playouts a move)", 1, None)
        self.depth = as_int(depth, "depth (None: play to the end)", 0, None, optional=True)
        self.widen = as_int(widen, "widen", 1, None)
        self.seed = as_int(seed, "seed", None, None)
        self.name = f"rollouts({self.n})"
        self.last_analysis: dict | None = None
        self._drawn = _Drawn()

    @property
    def value_meaning(self) -> str:
        return (f"expected share of the win for the seat to move (0 to 1), playing on by the "
                f"title's prior for {self.depth} decisions")

    def spawn(self, seed: int) -> RolloutPolicy:
        """The same advisor with another seed (it shares this one's drawn worlds:
        a move measured with a seed another move was measured with replays them)."""
        twin = RolloutPolicy(self.n, self.depth, self.widen, seed)
        twin._drawn = self._drawn
        return twin

    def analyse(self, infoset, progress=None) -> dict[int, dict]:
        legal = [int(a) for a in infoset.legal_actions.ids]
        if not legal:
            raise OptionError("analyse needs the infoset of the seat to move (it has no legal "
                              "action)")
        prior_fn, eval_fn = title_parts(infoset.game)
        eval_fn = eval_fn or score_evaluation
        seat = infoset.seat
        got = {a: [] for a in legal}            # each playout's value, playout i at index i

        drawn = self._drawn.of(infoset, self.seed)

        def measure(aid, upto):
            for i in range(len(got[aid]), upto):
                world, rng = drawn.world(i, lambda r: draw_world(infoset, r, prior_fn))
                world.advance(aid)
                got[aid].append(play_on(world, rng, prior_fn, eval_fn, self.depth, self.widen)[seat])

        if len(legal) == 1:
            measure(legal[0], self.n)
        else:                      # sequential halving: the better half gets twice the playouts
            per = max(LEAST_SCREEN, self.n // len(legal))
            alive = legal
            stop = False
            while not stop:
                for k, aid in enumerate(alive):
                    measure(aid, per)
                    if progress is not None and progress(k + 1, len(alive)) is False:
                        stop = True
                        break
                keep = max(KEEP, (len(alive) + 1) // 2)
                if stop or keep >= len(alive) or keep * per > 4 * self.n:
                    break
                alive = sorted(alive, key=lambda a: (-sum(got[a]) / len(got[a]), a))[:keep]
                per *= 2
        played = sum(len(v) for v in got.values())
        out = {a: {"visits": len(v), "value": sum(v) / len(v) if v else 0.0,
                   "share": len(v) / played, "playouts": v} for a, v in got.items()}
        self.last_analysis = out
        return out

    def __call__(self, observation, legal_actions, infoset=None):
        if infoset is None:
            raise PolicyError(
                f"{self.name} measures the seat's information set and was called without one: "
                f"call it as bot(observation, legal_actions, infoset=nbgames.InfoSet(state, "
                f"seat)), or let nbgames.play, nbgames.tournament or a Table call it",
                policy=self.name)
        ids = [int(a) for a in getattr(legal_actions, "ids", legal_actions)]
        if len(ids) == 1:
            return ids[0]
        got = self.analyse(infoset)
        return max(ids, key=lambda a: (got[a]["value"], -a))

    def __repr__(self):
        return f"nbgames.bots.rollouts(n={self.n}, depth={self.depth}, seed={self.seed})"


class _Drawn:
    """The worlds of the last (information set, seed) measured (a :class:`_Worlds`):
    another move measured with that seed plays in copies of them. Information sets
    that share one observation object (a focused view of one,
    :class:`nbgames.arena.judge.Focused`) share their worlds: a world is drawn from
    what the seat sees, and only where its first move is played does a focused view
    differ, which a measure plays itself. Threads that share an advisor each keep the
    store they measure in; a copy for another process starts empty."""

    def __init__(self):
        self.last = None

    def of(self, infoset, seed: int) -> _Worlds:
        last = self.last
        if (last is not None and last[0] is infoset.observation and last[1] == infoset.seat
                and last[2].seed == seed):
            return last[2]
        store = _Worlds(seed)
        self.last = (infoset.observation, infoset.seat, store)
        return store

    def __reduce__(self):
        return (_Drawn, ())


class _Worlds:
    """World ``i`` of one seed with its generator's state after the draw."""

    def __init__(self, seed: int):
        self.seed = seed
        self.kept: dict = {}

    def world(self, i: int, draw):
        """(world ``i``, its generator): a copy of the one drawn before (the same world
        and generator a new draw would give, without the cost of drawing it again),
        else drawn now by ``draw(rng)`` with the generator of the seed and ``i``."""
        kept = self.kept.get(i)
        rng = random.Random.__new__(random.Random)
        if kept is None:
            rng.seed(f"{self.seed}|{i}")
            world = draw(rng)
            self.kept[i] = (world, rng.getstate())
            return world.clone().quiet(), rng
        rng.setstate(kept[1])
        return kept[0].clone().quiet(), rng


def rollouts(n: int = DEFAULT_PLAYOUTS, depth: int | None = 8, widen: int = 24,
             seed: int = 0) -> RolloutPolicy:
    """An advisor (and policy) valuing each legal move by ``n`` playouts of it:
    see :mod:`nbgames.agents.rollouts`."""
    return RolloutPolicy(n, depth, widen, seed)
