"""The board's "Solve" advisor: equilibrium shares of the legal moves, from the
information set only (worlds drawn with ``infoset.sample``)."""

from __future__ import annotations

import json
import random

from ..core.errors import OptionError
from ..core.validate import as_int
from .solve import METHODS, solve_tree
from .tree import PAYOFF_MEANING, PAYOFFS, TreeTooLarge, build, estimate_size, sample_worlds


class Solver:
    """``analyse(infoset)`` -> ``{aid: {"share", "value", "visits": 0, "forced",
    "payoff", "payoff_text"}}``: the equilibrium probability of each legal action
    and the seat's expected payoff after it, in the payoff the solver solves
    (``payoff``, the margin by default: what the equilibrium maximises, so a move
    it plays never shows a lower value than one it avoids), with that payoff's name
    and meaning; a seat with a single legal action gets it with ``forced`` true and
    share 1 (its value is the position's). ``can_solve(infoset)``: is the tree
    within ``max_nodes``? ``values(infoset)``: every seat's equilibrium value in the
    payoff; ``scores(infoset)``: every seat's expected final score. The true state
    is never used: the hidden holdings are ``worlds`` samples of
    ``infoset.sample(rng)``, or with ``enumerate=True`` every world the seat cannot
    tell apart (``infoset.enumerate``) where there are few enough.

    By default the solver is the fastest exact one that applies
    (``method="fastest"``: the sequence-form LP on HiGHS for 2 players, else
    pygambit), and ``max_nodes=5000`` keeps a board's "Solve" to about a second
    (building the tree is the slow part). With ``method="auto"`` (pygambit's LP)
    use ``max_nodes`` of a few hundred: its LP grows fast with the tree (see
    :mod:`nbgames.theory`). Trees and their solutions are cached by observation."""

    __name__ = "solver"

    def __init__(self, max_nodes: int = 5000, worlds: int = 8, payoff: str = "margin",
                 method: str = "fastest", seed: int = 0, enumerate: bool = False):
        max_nodes = as_int(max_nodes, "max_nodes", 1, None)
        worlds = as_int(worlds, "worlds", 1, None)
        if payoff not in PAYOFFS:
            raise OptionError(f"payoff must be one of {', '.join(map(repr, PAYOFFS))}, got {payoff!r}")
        if method not in METHODS:
            raise OptionError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r}")
        self.max_nodes = max_nodes
        self.worlds = worlds
        self.payoff = payoff
        self.method = method
        if not isinstance(enumerate, bool):
            raise OptionError(f"enumerate must be True or False, got {enumerate!r}")
        self.seed = seed
        self.enumerate = enumerate
        self._cache: dict[str, object] = {}
        self.last = None
        self._last_key = None

    def _key(self, infoset) -> str:
        return json.dumps([infoset.seat, infoset.observation], sort_keys=True, default=str)

    def _worlds(self, infoset, listed=True):
        """(worlds, how): with ``enumerate``, every world the seat cannot tell apart
        with its exact chance (``infoset.enumerate``: at most ``max_nodes`` of them,
        each needs a node; the tree must then fit too); else ``worlds`` draws from
        the solver's seed."""
        if listed and self.enumerate:
            every = infoset.enumerate(self.max_nodes)
            if every is not None:
                return every, (f"enumerated ({len(every)} worlds, exact chances)"
                               if len(every) > 1 else "exact")
        rng = random.Random(self.seed)
        return (sample_worlds([infoset.sample(rng) for _ in range(self.worlds)]),
                f"sampled ({self.worlds} draws)")

    def _tree(self, infoset):
        key = self._key(infoset)
        if key not in self._cache:
            for listed in (True, False):      # every world where that tree is small enough
                worlds, how = self._worlds(infoset, listed)
                try:
                    self._cache[key] = build(worlds, infoset.seat, max_nodes=self.max_nodes,
                                             payoff=self.payoff, worlds_how=how, seed=self.seed)
                    break
                except TreeTooLarge as e:
                    self._cache[key] = e
                    if not how.startswith("enumerated"):
                        break
            if len(self._cache) > 64:
                self._cache.pop(next(iter(self._cache)))
        found = self._cache[key]
        if isinstance(found, TreeTooLarge):
            raise found
        return found

    def estimate(self, infoset) -> float:
        """Knuth's estimate of the tree's node count (cheap)."""
        return estimate_size(self._worlds(infoset, listed=False)[0], seed=self.seed)

    def can_solve(self, infoset) -> bool:
        if not len(infoset.legal_actions):
            return False
        if self.estimate(infoset) > 4 * self.max_nodes:
            return False
        try:
            self._tree(infoset)
        except TreeTooLarge:
            return False
        return True

    def solution(self, infoset):
        key = self._key(infoset)
        tree = self._tree(infoset)
        if self.last is None or self._last_key != key:
            self.last = solve_tree(tree, self.method)
            self._last_key = key
        return self.last

    def analyse(self, infoset, progress=None) -> dict[int, dict]:
        sol = self.solution(infoset)
        legal = [int(a) for a in infoset.legal_actions.ids]
        about = {"visits": 0, "payoff": self.payoff, "payoff_text": PAYOFF_MEANING[self.payoff]}
        if len(legal) == 1:                      # nothing to choose: the position's value
            return {legal[0]: {"share": 1.0, "value": float(sol.payoff_values[infoset.seat]),
                               "forced": True, **about}}
        return {a: {"share": float(sol.strategy.get(a, 0.0)),
                    "value": float(sol.payoff_action_values.get(a, 0.0)), "forced": False, **about}
                for a in legal}

    def values(self, infoset) -> list[float]:
        """Every seat's expected payoff (in ``payoff``) under the equilibrium."""
        return self.solution(infoset).payoff_values

    def scores(self, infoset) -> list[float]:
        """Every seat's expected final score under the equilibrium."""
        return self.solution(infoset).values

    def __repr__(self):
        return (f"nbgames.theory.solver(max_nodes={self.max_nodes}, worlds={self.worlds}, "
                f"payoff={self.payoff!r}, method={self.method!r}, seed={self.seed}"
                f"{', enumerate=True' if self.enumerate else ''})")


def solver(max_nodes: int = 5000, worlds: int = 8, payoff: str = "margin", method: str = "fastest",
           seed: int = 0, enumerate: bool = False) -> Solver:
    """An advisor for the board (``nbgames.widget(..., advisor=...)``): see :class:`Solver`.
    ``enumerate=True`` solves over every world the seat cannot tell apart, with its
    exact chance where their tree fits in ``max_nodes``, and over ``worlds``
    draws elsewhere."""
    return Solver(max_nodes, worlds, payoff, method, seed, enumerate)
