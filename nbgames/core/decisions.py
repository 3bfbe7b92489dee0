"""One decision of a bot, reproducible on its own: the generator it draws from
(``decision_rng``: a seed and what identifies the decision in the observation,
nothing else) and how a title's heuristic bot is called (``call_bot``: with a
``memory`` dict when its signature takes one).

The engine's own: the arena's policies (``nbgames.agents``), a title's seeded
policies (its ``bot.py``) and the greedy play that finds positions to solve
(:mod:`nbgames.core.positions`) all decide through these, so a bot answers the
same on the same observation and seed wherever it is called.
"""

from __future__ import annotations

import inspect
import random


def decision_rng(seed, observation) -> random.Random:
    """The generator of one decision: from a bot's ``seed`` and the observation's
    title, seat and step (nothing else), so a position always gets the same draw."""
    return random.Random(f"{seed}|{observation.get('title')}|{observation.get('seat')}|"
                         f"{observation.get('step')}")


_MEMORY: dict = {}


def takes_memory(bot) -> bool:
    """A title bot that remembers between decisions takes a ``memory`` dict."""
    found = _MEMORY.get(bot)
    if found is None:
        found = _MEMORY[bot] = "memory" in inspect.signature(bot).parameters
    return found


def call_bot(bot, observation, legal_actions, rng, memory: dict):
    """``bot(observation, legal_actions, rng)``, with ``memory=memory`` for a bot
    that remembers (the caller keeps one dict a game and seat)."""
    if takes_memory(bot):
        return bot(observation, legal_actions, rng, memory=memory)
    return bot(observation, legal_actions, rng)
