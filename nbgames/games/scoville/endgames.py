"""Scoville positions for ``nbgames.theory``: the sealed bid of the final round
of a real greedy game, and the last decisions of that game.

Measured (``bench/theory.py``, 16 worlds, seed 1): the final bid is far too
large. Its tree holds the whole final round after it (the claims, planting,
each farmer's walk of 1 to 3 steps with its harvests, the market and recipe
decisions): about 10^16 nodes by estimate. The last 2 decisions of the game
give 9,099 nodes (planting and walking offer dozens of options, and the worlds
of hidden holdings multiply them), solved in 0.2 s with ``method="highs"``;
3 decisions before the end estimate at 37,000 nodes."""

from __future__ import annotations

from ...core.positions import play_until, steps_from_end
from ...core.registry import load


def endgame(seed: int = 0, players: int = 2, steps: int | None = None):
    game = load("scoville", players=players)
    if steps is not None:
        return steps_from_end(game, seed, steps)
    return play_until(game, seed, lambda s: s.final and s.phase == "bid"
                      and not any(s._secret_of(p) for p in range(players)))


def endgames(seed: int = 0):
    return [("final bid, 2 players", endgame(seed)),
            ("last 2 decisions, 2 players", endgame(seed, steps=2)),
            ("last 3 decisions, 2 players", endgame(seed, steps=3))]
