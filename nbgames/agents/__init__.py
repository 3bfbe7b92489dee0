"""Policies. A policy is any callable ``policy(observation, legal_actions) -> action``
(an Action, an id or a label). Bots see the observation only.

``random`` picks uniformly; ``greedy`` is each title's heuristic bot; ``ismcts``
searches; ``rollouts`` plays each move out (the review's judge). Both are
seeded: the arena gives every game its own copy through ``spawn(seed)``.
"""

from .adapter import as_policy, policy_name, spawn_policy
from .basic import BUILT_IN, GreedyPolicy, RandomPolicy
from .rollouts import RolloutPolicy, rollouts
from .search import ISMCTSPolicy, ismcts

random = BUILT_IN["random"]
greedy = BUILT_IN["greedy"]

__all__ = ["random", "greedy", "ismcts", "rollouts", "RandomPolicy", "GreedyPolicy", "ISMCTSPolicy",
           "RolloutPolicy",
           "as_policy", "policy_name", "spawn_policy"]
