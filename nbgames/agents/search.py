"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every
title with no title-specific code.

Each iteration samples one determinization of the deciding seat's information
set (``infoset.sample``: everything the seat cannot see resampled), walks the
tree down with UCB1 over the actions legal in that determinization (an action's
exploration term counts how often it was *available*, as ISMCTS requires),
expands one node, finishes the game with a rollout policy (uniform random by
default) and backs up each seat's share of the win (1 for a sole winner,
1/k for a k-way tie, 0 for a loss) into the edges of the seat that chose them.

Nodes are keyed by the seat to move and what that seat observes (its
observation), so two histories the seat cannot tell apart share a node: the
tree never uses what a seat could not know.

>>> import nbgames
>>> bot = nbgames.bots.ismcts(iterations=200, seed=1)
>>> rec = nbgames.play(nbgames.load(nbgames.games()[0]), [bot, "random"], seed=3)
>>> len(rec["winners"]) >= 1
True
"""

from __future__ import annotations

import json
import math
import random
import time

from ..core.errors import OptionError
from .adapter import as_policy, policy_name


class _Node:
    __slots__ = ("visits", "wins", "avail")

    def __init__(self):
        self.visits: dict[int, int] = {}
        self.wins: dict[int, float] = {}
        self.avail: dict[int, int] = {}


def _key(state, seat) -> str:
    return f"{seat}|" + json.dumps(state.observation(seat), separators=(",", ":"))


def _rewards(state) -> list[float]:
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    out = [0.0] * state.players
    for w in winners:
        out[w] = share
    return out


class ISMCTSPolicy:
    """A policy ``policy(observation, legal_actions, infoset) -> action`` that
    searches ``iterations`` determinizations (or for ``seconds``, when given) and
    plays the most visited action. ``analyse(infoset)`` returns the statistics
    of every legal action. Seeded and reproducible (with an iteration budget);
    the arena gives every game its own copy (``spawn``)."""

    __name__ = "ismcts"

    def __init__(self, iterations: int = 1000, seconds: float | None = None, c: float = 0.7,
                 rollout=None, seed: int = 0):
        if type(iterations) is not int or iterations < 1:
            raise OptionError(f"iterations must be an int >= 1, got {iterations!r}")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or seconds <= 0):
            raise OptionError(f"seconds must be None or a number > 0, got {seconds!r}")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
            raise OptionError(f"c must be a number >= 0, got {c!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.c = float(c)
        self.rollout = None if rollout is None else as_policy(rollout)
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = f"ismcts({iterations})" if seconds is None else f"ismcts({seconds}s)"
        self.last_analysis: dict | None = None   # analyse() of the last decision (show thinking)

    # -- the policy contract --------------------------------------------------------
    def spawn(self, seed: int) -> ISMCTSPolicy:
        return ISMCTSPolicy(self.iterations, self.seconds, self.c, self.rollout, seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def __call__(self, observation, legal_actions, infoset):
        ids = [int(a) for a in legal_actions.ids] if hasattr(legal_actions, "ids") \
            else [int(a) for a in legal_actions]
        if len(ids) == 1:
            self.last_analysis = {ids[0]: {"visits": 0, "value": 0.0, "share": 1.0}}
            return ids[0]
        stats = self.last_analysis = self.analyse(infoset)
        return max(ids, key=lambda a: (stats[a]["visits"], stats[a]["value"], -a))

    def analyse(self, infoset, progress=None) -> dict[int, dict]:
        """Search from ``infoset`` and return, for each legal action id,
        ``{"visits", "value" (mean win share for the seat), "share" (of visits)}``.
        ``progress(done, total)``, when given, is called now and then; if it
        returns False the search stops early."""
        root = _Node()
        tree: dict[str, _Node] = {}
        seat = infoset.seat
        legal = [int(a) for a in infoset.legal_actions.ids]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        total = self.iterations if deadline is None else None
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
            sample = infoset.sample(self.rng)
            sample._quiet = True
            self._iterate(sample, seat, root, tree)
            done += 1
            if progress is not None and done % 50 == 0 and progress(done, total) is False:
                break
        n = sum(root.visits.values()) or 1
        return {a: {"visits": root.visits.get(a, 0),
                    "value": root.wins.get(a, 0.0) / root.visits[a] if root.visits.get(a) else 0.0,
                    "share": root.visits.get(a, 0) / n} for a in legal}

    # -- one iteration --------------------------------------------------------------
    def _iterate(self, state, seat, root, tree):
        rng = self.rng
        path = []
        node = root
        while not state.is_terminal():
            mover = state.current_player
            if node is None:
                key = _key(state, mover)
                node = tree.get(key)
                if node is None:
                    node = tree[key] = _Node()
            ids = state.legal_action_ids()
            legal = [int(a) for a in ids]
            for a in legal:
                node.avail[a] = node.avail.get(a, 0) + 1
            fresh = [a for a in legal if a not in node.visits]
            if fresh:
                a = fresh[rng.randrange(len(fresh))]
                path.append((node, a, mover))
                state._advance(a)
                break
            c = self.c
            best, choice = -1.0, legal[0]
            for a in legal:
                v = node.visits[a]
                score = node.wins[a] / v + c * math.sqrt(math.log(node.avail[a]) / v)
                if score > best:
                    best, choice = score, a
            path.append((node, choice, mover))
            state._advance(choice)
            node = None
        self._finish(state)
        rewards = _rewards(state)
        for node, a, mover in path:
            node.visits[a] = node.visits.get(a, 0) + 1
            node.wins[a] = node.wins.get(a, 0.0) + rewards[mover]

    def _finish(self, state):
        rng = self.rng
        rollout = self.rollout
        while not state.is_terminal():
            if rollout is None:
                ids = state.legal_action_ids()
                state._advance(int(ids[rng.randrange(len(ids))]))
            else:
                p = state.current_player
                state.apply(rollout(state.observation(p), state.legal_actions()))

    def __repr__(self):
        extra = "" if self.rollout is None else f", rollout={policy_name(self.rollout)}"
        budget = f"iterations={self.iterations}" if self.seconds is None else \
            f"seconds={self.seconds}"
        return f"nbgames.bots.ismcts({budget}, c={self.c}{extra}, seed={self.seed})"


def ismcts(iterations: int = 1000, seconds: float | None = None, c: float = 0.7, rollout=None,
           seed: int = 0) -> ISMCTSPolicy:
    """Information-set MCTS: ``iterations`` determinizations a decision (or a
    ``seconds`` budget), UCB1 with exploration ``c``, random rollouts unless a
    ``rollout`` policy is given. See :mod:`nbgames.agents.search`."""
    return ISMCTSPolicy(iterations, seconds, c, rollout, seed)
