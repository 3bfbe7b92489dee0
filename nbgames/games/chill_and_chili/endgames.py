"""Chill & Chili positions for ``nbgames.theory``: the last pond decisions
(the game's last turn, ``last_turn`` in the observation) of a real greedy game.

Measured (``bench/theory.py``, 16 worlds, seed 1): the first decision of the
last turn gives 7,185 nodes, built in 0.7 s and solved exactly in 0.2 s with
``method="highs"`` (pygambit's own LP is far slower at that size). Anything
earlier is out of reach: a turn is several decisions (fresh vegetables, the
main action, one decision per water drop), the actions the bot did not take
open whole sub-turns of their own, and the hidden hands and draw pile
multiply everything by the worlds: 2 decisions before the end of that game
already estimate at 65,000 nodes, 6 decisions at 380 million."""

from __future__ import annotations

from ...core.positions import play_until, steps_from_end
from ...core.registry import load


def endgame(seed: int = 0, players: int = 2, steps: int | None = None):
    """The first decision of the last turn, or ``steps`` decisions before the end."""
    game = load("chill_and_chili", players=players)
    if steps is not None:
        return steps_from_end(game, seed, steps)
    return play_until(game, seed, lambda s: s.last)


def endgames(seed: int = 0):
    return [("last turn, 2 players", endgame(seed)),
            ("last 2 decisions, 2 players", endgame(seed, steps=2)),
            ("last 3 decisions, 2 players", endgame(seed, steps=3)),
            ("last 6 decisions, 2 players", endgame(seed, steps=6))]
