"""The random policy and the dispatcher to each title's heuristic bot."""

from __future__ import annotations

import inspect
import random as _random

from ..core.registry import spec


class RandomPolicy:
    """Uniform over the legal actions, from its own seeded generator. Samples an
    index, so no Action object is built."""

    __name__ = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = _random.Random(seed)

    def spawn(self, seed: int) -> RandomPolicy:
        return RandomPolicy(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def __call__(self, observation, legal_actions):
        ids = getattr(legal_actions, "ids", None)
        if ids is None:
            return legal_actions[self.rng.randrange(len(legal_actions))]
        return int(ids[self.rng.randrange(len(ids))])

    def __repr__(self):
        return f"nbgames.bots.RandomPolicy(seed={self.seed})"


def _takes_memory(bot) -> bool:
    """A title bot that remembers between decisions takes a ``memory`` dict."""
    found = _MEMORY.get(bot)
    if found is None:
        found = _MEMORY[bot] = "memory" in inspect.signature(bot).parameters
    return found


_MEMORY: dict = {}


class GreedyPolicy:
    """Each title's heuristic bot (the ``bot`` of its :class:`~nbgames.core.spec.TitleSpec`),
    picked by the observation's ``title``. Ties are broken by its seeded generator."""

    __name__ = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = _random.Random(seed)
        self.memory: dict = {}      # per game: a title bot that remembers keeps it here

    def spawn(self, seed: int) -> GreedyPolicy:
        return GreedyPolicy(seed)

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def __call__(self, observation, legal_actions):
        bot = spec(observation["title"]).bot
        if _takes_memory(bot):
            return bot(observation, legal_actions, self.rng, memory=self.memory)
        return bot(observation, legal_actions, self.rng)

    def __repr__(self):
        return f"nbgames.bots.GreedyPolicy(seed={self.seed})"


BUILT_IN = {"random": RandomPolicy(seed=0), "greedy": GreedyPolicy(seed=0)}
