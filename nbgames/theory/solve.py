"""Equilibria of a position's game tree with pygambit's solvers.

* **What is solved.** By default the *margin*: each seat's final score minus
  the mean of the others' (``payoff="margin"``), a zero-sum game (for 2
  players: beat the other by as much as you can). ``payoff="win"`` (share of
  the win, constant-sum) and ``payoff="scores"`` (final scores, general-sum)
  are the alternatives. Whatever is solved, the reported values are the
  expected *final scores* under the equilibrium found.
* **2 players**: an exact Nash equilibrium of the sequence form. Constant-sum
  trees (margin, win) go to the linear program (``pygambit.nash.lp_solve``:
  the minimax value, unique); general-sum ones (scores) to the linear
  complementarity program (``pygambit.nash.lcp_solve``, Lemke's algorithm:
  one equilibrium; a general-sum game may have others). Why the margin is the
  default: the LCP is far slower. Measured with pygambit 16.7 on the same
  497-node endgame of a trick-taking title: LP 0.25 s, LCP 64 s.
* ``method="highs"``: the same sequence-form LP for 2-player zero-sum trees,
  set up here and solved by scipy's sparse HiGHS solver instead of pygambit's
  dense one: it scales to trees of thousands of nodes (``bench/theory.py``
  compares them). Not the default: pygambit is the reference.
  ``method="fastest"`` picks HiGHS where it applies and "auto" elsewhere (the
  board's advisor uses it).
* **3 or more players**: no exact method scales, so ``logit_solve`` traces the
  logit quantal response equilibrium (QRE) branch to its end, an
  approximation of a Nash equilibrium (named ``"logit QRE (approximate
  Nash)"`` in the result). ``exploitability(solution)`` says how far it is.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..core.errors import NbgamesError, OptionError
from .exploit import action_values, complete, values
from .tree import _q, game_tree, require_pygambit

METHODS = ("auto", "lp", "lcp", "logit", "highs", "fastest")


@dataclass
class Solution:
    """An equilibrium of a position's tree.

    * ``seat``: the seat to move at the position
    * ``strategy``: {action id: probability} at the seat's current information set
    * ``action_values``: {action id: the seat's expected final score after playing it,
      everyone following the equilibrium afterwards}
    * ``payoff_action_values``: the same in what was solved (``tree.payoff``, e.g.
      the margin): what the equilibrium maximises, so the moves it plays have the
      highest of these (up to the solver's tolerance)
    * ``values``: every seat's expected final score under the equilibrium
    * ``payoff_values``: every seat's expected payoff in what was solved (``payoff``)
    * ``method``: the solver, e.g. "sequence-form LCP (exact Nash)"
    * ``profile``: {infoset: [probabilities]} for every information set of the tree
      (where the equilibrium never goes, the seat's best action given
      the rest: see :func:`~nbgames.theory.exploit.complete`)
    * ``tree``: the :class:`~nbgames.theory.tree.GameTree`
    * ``seconds``: solver time (the tree build is ``build_seconds``)
    """

    seat: int | None
    strategy: dict[int, float]
    action_values: dict[int, float]
    values: list[float]
    payoff_values: list[float]
    method: str
    profile: dict = field(repr=False)
    tree: object = field(repr=False)
    seconds: float = 0.0
    build_seconds: float = 0.0
    gambit_profile: object = field(repr=False, default=None)
    payoff_action_values: dict[int, float] = field(default_factory=dict)

    def labels(self) -> dict[str, float]:
        """The strategy keyed by action label."""
        g = self.tree.game
        return {g.action_label(a): p for a, p in self.strategy.items()}


def _constant_sum(tree) -> bool:
    sums = {round(sum(p), 9) for p in tree.payoffs.values()}
    return len(sums) <= 1


def solve_tree(tree, method: str = "auto") -> Solution:
    """Solve a :class:`~nbgames.theory.tree.GameTree` (see the module doc)."""
    if method not in METHODS:
        raise OptionError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r}")
    if method == "fastest":
        method = "highs" if tree.players == 2 and _constant_sum(tree) else "auto"
    if method == "highs":
        return _solve_highs(tree)
    gbt = require_pygambit()
    g = tree.gambit
    if method == "auto":
        method = ("lp" if _constant_sum(tree) else "lcp") if tree.players == 2 else "logit"
    if method in ("lp", "lcp") and tree.players != 2:
        raise OptionError(f"method {method!r} solves 2-player games; this tree has {tree.players} "
                          f"players: use 'logit' or 'auto'")
    t0 = time.perf_counter()
    if method == "lp":
        result = gbt.nash.lp_solve(g, rational=False, use_strategic=False)
        name = "sequence-form LP (exact minimax)"
    elif method == "lcp":
        result = gbt.nash.lcp_solve(g, rational=False, use_strategic=False)
        name = "sequence-form LCP (exact Nash, first found)"
    else:
        result = gbt.nash.logit_solve(g, use_strategic=False)
        name = "logit QRE (approximate Nash)"
    seconds = time.perf_counter() - t0
    prof = result.equilibrium                   # pygambit 17: one equilibrium, or None
    if prof is None or not getattr(result, "success", True):
        raise NbgamesError(f"{tree.game.title}: pygambit's {name} found no equilibrium"
                           f"{'' if getattr(result, 'reason', None) is None else f' ({result.reason})'}")
    profile = {}
    for i, info in enumerate(tree.infosets):
        mixed = dict(prof[tree.gambit_infoset(i)])       # {action label: probability}
        profile[i] = [float(mixed[_q(name)]) for name in info["action_names"]]
    payoffs = prof.payoffs
    payoff_values = [float(payoffs[p]) for p in g.players]
    profile = complete(tree, profile)
    scores = values(tree, profile, "scores")
    seat, strategy, avalues, pvalues = _at_root(tree, profile)
    return Solution(seat, strategy, avalues, scores, payoff_values, name, profile, tree, seconds,
                    gambit_profile=prof, payoff_action_values=pvalues)


def _at_root(tree, profile) -> tuple:
    """(seat, {action: probability}, {action: expected final score}, {action:
    expected payoff}) at the information set of the seat to move at the root
    (None, {}, {}, {} if none)."""
    if tree.root_infoset is None:
        return None, {}, {}, {}
    i = tree.root_infoset
    info = tree.infosets[i]
    return (info["seat"], dict(zip(info["actions"], profile[i])),
            dict(zip(info["actions"], action_values(tree, profile, i, "scores"))),
            dict(zip(info["actions"], action_values(tree, profile, i))))


def _solve_highs(tree) -> Solution:
    from .seqlp import solve_zero_sum
    if tree.players != 2 or not _constant_sum(tree):
        raise OptionError(f"method 'highs' solves 2-player zero-sum or constant-sum trees; this one has "
                          f"{tree.players} players{'' if _constant_sum(tree) else ' and is general-sum'}: "
                          f"use 'auto', 'lcp' or 'logit'")
    t0 = time.perf_counter()
    raw, value = solve_zero_sum(tree)
    seconds = time.perf_counter() - t0
    profile = complete(tree, raw)
    payoff_values = values(tree, profile)
    scores = values(tree, profile, "scores")
    seat, strategy, avalues, pvalues = _at_root(tree, profile)
    return Solution(seat, strategy, avalues, scores, payoff_values,
                    "sequence-form LP with scipy HiGHS (exact minimax)", profile, tree, seconds,
                    payoff_action_values=pvalues)


def solve(state, viewer="mover", max_nodes: int = 20000, *, method: str = "auto",
          payoff: str = "margin", worlds: int = 16, seed: int = 0) -> Solution:
    """Build the tree of the rest of the game from ``state`` (hidden holdings
    sampled from what ``viewer`` sees; default: the seat to move) and solve it.
    See :func:`~nbgames.theory.tree.game_tree` and the module doc."""
    if viewer == "mover":
        viewer = state.current_player
    t0 = time.perf_counter()
    tree = game_tree(state, viewer, max_nodes, payoff=payoff, worlds=worlds, seed=seed)
    built = time.perf_counter() - t0
    sol = solve_tree(tree, method)
    sol.build_seconds = built
    return sol
