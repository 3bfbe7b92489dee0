"""Cookoff positions small enough to solve exactly (``nbgames.theory``).

``endgame(seed, hands=2, players=2, rounds=3)``: a real game played by the
greedy bots from ``seed`` up to the start of the last ``hands`` hands of the
last round. With 2 players and 2 hands left each seat holds 2 cards: the tree
over 16 sampled worlds has about 500 nodes and solves in a fraction of a
second; with 3 hands left it has about 9,000.
"""

from __future__ import annotations

from ...core.positions import play_until
from ...core.registry import load


def endgame(seed: int = 0, hands: int = 2, players: int = 2, rounds: int = 3):
    game = load("chili_cookoff", players=players, rounds=rounds)
    size = game.components.hand_size
    return play_until(game, seed, lambda s: (s.round == rounds - 1 and s.hand_no == size - hands
                                             and s.phase == "play" and not s.played))


def endgames(seed: int = 0):
    """[(name, state)]: the positions ``bench/theory.py`` measures."""
    return [("last 2 hands, 2 players", endgame(seed, 2)),
            ("last 3 hands, 2 players", endgame(seed, 3)),
            ("last 2 hands, 3 players", endgame(seed, 2, players=3))]
