"""Chill & Chili positions for ``nbgames.theory``: the last pond decisions
(the game's last turn, ``last_turn`` in the observation) of a real greedy game."""

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
