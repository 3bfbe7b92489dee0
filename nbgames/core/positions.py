"""Finding positions to solve: play a real game with each title's heuristic bot
(its ``SPEC.bot``, seeded per seat as ``nbgames.bots.greedy`` is) and stop where a
title's predicate says so. Titles supply their positions in their own
``nbgames/games/<title>/endgames.py`` (a function ``endgames(seed)``), which
``bench/theory.py`` and the tests import by the module's name; it lives in core
so that a title needs nothing above the engine to stage them.

>>> import nbgames
>>> from nbgames.core.positions import steps_from_end
>>> state = steps_from_end(nbgames.load(nbgames.games()[0], players=2), seed=1, steps=2)
>>> len(state.legal_actions()) > 0
True
"""

from __future__ import annotations

from .decisions import call_bot, decision_rng
from .registry import spec


def greedy_line(game, seed: int):
    """The states of a game played from ``seed`` by the title's bot in every seat
    (seat ``s`` seeded ``seed + s``, each with its own memory), the first position
    first; each is the live state, so clone what you keep."""
    bot = spec(game.title).bot
    memories = [{} for _ in range(game.players)]
    state = game.new_state(seed=seed)
    while not state.is_terminal():
        yield state
        seat = state.current_player
        obs = state.observation(seat)
        choice = call_bot(bot, obs, state.legal_actions(), decision_rng(seed + seat, obs),
                          memories[seat])
        state.apply(choice)


def play_until(game, seed: int, stop, last: bool = False):
    """Play ``game`` from ``seed`` with the title's bot (:func:`greedy_line`) and
    return the first state where ``stop(state)`` holds (``last=True``: the last
    such state before the end), or None if the game ends first."""
    found = None
    for state in greedy_line(game, seed):
        if stop(state):
            if not last:
                return state.clone()
            found = state.clone()
    return found


def steps_from_end(game, seed: int, steps: int):
    """The position ``steps`` decisions before the end of a greedy game."""
    history = [state.clone() for state in greedy_line(game, seed)]
    return history[max(0, len(history) - steps)]
