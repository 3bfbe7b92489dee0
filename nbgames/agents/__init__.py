"""Policies. A policy is any callable ``policy(observation, legal_actions) -> action``
(an Action, an id or a label). Bots see the observation only.

``random`` picks uniformly; ``greedy`` is each title's heuristic bot. Both are
seeded: the arena gives every game its own copy through ``spawn(seed)``.
"""

from .adapter import policy_name, spawn_policy
from .basic import GreedyPolicy, RandomPolicy

random = RandomPolicy(seed=0)
greedy = GreedyPolicy(seed=0)

__all__ = ["random", "greedy", "RandomPolicy", "GreedyPolicy", "policy_name", "spawn_policy"]
