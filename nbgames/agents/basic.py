"""The random policy and the dispatcher to each title's heuristic bot.

Both are reproducible on their own: each decision draws a fresh generator from
the policy's ``seed`` and what identifies the decision in the observation (title,
seat, step), so the same observation and seed give the same move whether the bot
is called directly, wrapped in a user's function or played in a tournament. There
is no shared generator: ``nbgames.bots.greedy`` called twice on one position
answers the same twice. The arena gives every game its own copy (``spawn``),
seeded for that game.
"""

from __future__ import annotations

from ..core.decisions import call_bot, decision_rng
from ..core.registry import spec


class RandomPolicy:
    """Uniform over the legal actions, drawn from ``decision_rng`` (the seed and
    the observation). Samples an index, so no Action object is built."""

    __name__ = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def spawn(self, seed: int) -> RandomPolicy:
        return RandomPolicy(seed)

    def __call__(self, observation, legal_actions):
        rng = decision_rng(self.seed, observation)
        ids = getattr(legal_actions, "ids", None)
        if ids is None:
            return legal_actions[rng.randrange(len(legal_actions))]
        return int(ids[rng.randrange(len(ids))])

    def __repr__(self):
        return f"nbgames.bots.RandomPolicy(seed={self.seed})"


class GreedyPolicy:
    """Each title's heuristic bot (the ``bot`` of its :class:`~nbgames.core.spec.TitleSpec`),
    picked by the observation's ``title``; each title's bot docstring says what it
    maximises. Ties (and any sampling) use ``decision_rng`` (the seed and the
    observation). A title bot that remembers (it takes ``memory``) keeps its memory
    in this copy: the arena gives every game a fresh one (``spawn``)."""

    __name__ = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.memory: dict = {}      # per game: a title bot that remembers keeps it here

    def spawn(self, seed: int) -> GreedyPolicy:
        return GreedyPolicy(seed)

    def __call__(self, observation, legal_actions):
        return call_bot(spec(observation["title"]).bot, observation, legal_actions,
                        decision_rng(self.seed, observation), self.memory)

    def __repr__(self):
        return f"nbgames.bots.GreedyPolicy(seed={self.seed})"


BUILT_IN = {"random": RandomPolicy(seed=0), "greedy": GreedyPolicy(seed=0)}
