"""Chill & Chili positions for ``nbgames.theory``: the last pond decisions
(the game's last turn, ``last_turn`` in the observation) of a real greedy game.

Measured (``bench/theory.py``, 16 worlds): none of them is small. A turn is
several decisions (fresh vegetables, the main action, one decision per water
drop), the actions the bot did not take open whole sub-turns of their own, and
the hidden hands and draw pile multiply everything by the worlds: even the
tree from the game's last single decision is estimated at 17,000 to 330,000
nodes (seeds 1 to 3)."""

from __future__ import annotations


def endgame(seed: int = 0, players: int = 2, steps: int | None = None):
    """The first decision of the last turn, or ``steps`` decisions before the end."""
    import nbgames
    from nbgames.theory.positions import play_until, steps_from_end

    game = nbgames.load("chill_and_chili", players=players)
    if steps is not None:
        return steps_from_end(game, seed, steps)
    return play_until(game, seed, lambda s: s.last)


def endgames(seed: int = 0):
    return [("last turn, 2 players", endgame(seed)),
            ("last 2 decisions, 2 players", endgame(seed, steps=2)),
            ("last 3 decisions, 2 players", endgame(seed, steps=3)),
            ("last 6 decisions, 2 players", endgame(seed, steps=6))]
