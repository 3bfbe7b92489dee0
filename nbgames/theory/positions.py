"""Finding positions to solve: play a real game with the greedy bots and stop
where a title's predicate says so. Titles supply their positions in their own
``nbgames/games/<title>/endgames.py`` (a function ``endgames(seed)``), which
``bench/theory.py`` and the tests import by the module's name."""

from __future__ import annotations

from ..agents.adapter import decide
from ..agents.basic import GreedyPolicy


def play_until(game, seed: int, stop, policies=None, last: bool = False):
    """Play ``game`` from ``seed`` with ``policies`` (greedy bots by default)
    and return the first state where ``stop(state)`` holds (``last=True``: the
    last such state before the end), or None if the game ends first."""
    policies = policies or [GreedyPolicy(seed + s) for s in range(game.players)]
    state = game.new_state(seed=seed)
    found = None
    while not state.is_terminal():
        if stop(state):
            if not last:
                return state.clone()
            found = state.clone()
        state.apply(decide(policies[state.current_player], state))
    return found


def steps_from_end(game, seed: int, steps: int, policies=None):
    """The position ``steps`` decisions before the end of a greedy game."""
    policies = policies or [GreedyPolicy(seed + s) for s in range(game.players)]
    state = game.new_state(seed=seed)
    history = []
    while not state.is_terminal():
        history.append(state.clone())
        state.apply(decide(policies[state.current_player], state))
    return history[max(0, len(history) - steps)]
