"""Solve it exactly: the game tree of the rest of a game, its equilibria
(pygambit), and how exploitable a policy is.

>>> import nbgames
>>> from nbgames import theory
>>> from nbgames.core.positions import steps_from_end
>>> state = steps_from_end(nbgames.load(nbgames.games()[0], players=2), seed=1, steps=2)
>>> tree = theory.game_tree(state, viewer=state.current_player)
>>> sol = theory.solve(state)                                      # doctest: +SKIP
>>> sol.strategy, sol.values                                       # doctest: +SKIP
>>> gains = theory.exploitability("greedy", state).gains           # seat by seat
>>> [g >= -1e-9 for g in gains]                                    # a best response never loses
[True, True]

* :func:`game_tree`: the extensive-form game (``tree.gambit`` is the pygambit
  game; ``tree.efg()`` its EFG text). Hidden holdings at the start are a chance
  node over worlds consistent with the viewer's observation (uniform, sampled
  unless the title enumerates them), information sets are exactly the seats'
  observation sequences; see :mod:`nbgames.theory.tree`.
* :func:`solve`: an exact sequence-form equilibrium for 2 players (LP when
  constant-sum, else LCP), logit QRE for 3 or more; see :mod:`nbgames.theory.solve`.
* :func:`exploitability`: what a best response gains against a policy
  (``"greedy"``, ``"random"``, ``nbgames.bots.ismcts(...)`` or any policy)
  played by every other seat, seat by seat.
* :func:`solver`: the board's advisor (``analyse``/``can_solve`` on an InfoSet).

Needs ``pip install 'nbgames[theory]'`` (pygambit 17 or newer, which has wheels;
16.x builds from source and has another API) to solve with pygambit's methods;
``method="highs"`` (scipy) solves 2-player zero-sum trees without it, and building
trees and measuring exploitability are pure Python.

How far it reaches
------------------
Trees grow with the product of the choices and with the sampled worlds, and
pygambit's sequence-form LP slows down sharply past a few hundred nodes
(measured, pygambit 16.7 on a loaded 2-core machine: a 481-node endgame with
16 worlds solves in 0.25 s; a 692-node one with one world and deeper play
loads in 0.03 s but its LP takes 17-31 s; an 8,852-node one took about 10 s to
load and its LP did not finish in 5 minutes; the first ``import pygambit``
itself takes a few seconds). ``method="highs"`` (2 players, zero-sum) solves the same
sequence-form LP with scipy's sparse HiGHS: 692 nodes in 0.02 s, 9,000 in
under half a second. ``bench/theory.py`` measures real positions of every
title that ships ``endgames.py``. Positions that solve in seconds are the last
two hands of a trick-taking round (three hands with HiGHS), a few decisions
from the end of a memory game, secret announcements at the end of a game, and
the last turn or last two decisions of the games with long turns (with HiGHS).
Positions whose decisions have dozens of options (placing, walking, planting)
or whose last round holds many decisions are out of reach even a few
decisions from the end: the tree of a final sealed bid contains the whole
final round (about 10^16 nodes), and every world of hidden holdings multiplies
the tree.
"""

from __future__ import annotations

from ..agents.adapter import policy_name
from .advisor import Solver, solver
from .draw import draw
from .exploit import Exploitability, best_response, exploitability_of_profile, policy_profile, values
from .solve import Solution, solve, solve_tree
from .tree import GameTree, TreeTooLarge, estimate_size, game_tree, worlds_of


def exploitability(policy, state=None, *, tree=None, viewer="mover", max_nodes: int = 20000,
                   payoff: str = "margin", worlds: int = 16, seed: int = 0,
                   samples: int = 1) -> Exploitability:
    """How much a best response gains against ``policy`` in the subgame from
    ``state`` (or on a given ``tree``): every seat but one plays ``policy``, the
    one seat best-responds; ``gains[s]`` is what seat ``s`` gains over playing
    ``policy`` itself, ``nash_conv`` their sum, in the units of ``payoff``
    (default "margin", as :func:`solve`). ``policy`` may also be a
    :class:`Solution` (its equilibrium: gains ~0 for an exact one)."""
    if tree is None:
        if state is None:
            from ..core.errors import OptionError
            raise OptionError("exploitability needs a state or a tree")
        if viewer == "mover":
            viewer = state.current_player
        tree = game_tree(state, viewer, max_nodes, payoff=payoff, worlds=worlds, seed=seed)
    if isinstance(policy, Solution):
        return exploitability_of_profile(tree, policy.profile, policy.method)
    profile = policy_profile(tree, policy, samples=samples, seed=seed)
    return exploitability_of_profile(tree, profile, policy_name(policy))


__all__ = ["draw", "game_tree", "solve", "solve_tree", "exploitability", "solver", "Solver", "GameTree",
           "Solution", "Exploitability", "TreeTooLarge", "best_response", "values", "policy_profile",
           "exploitability_of_profile", "estimate_size", "worlds_of"]
