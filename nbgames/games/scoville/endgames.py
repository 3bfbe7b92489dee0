"""Scoville positions for ``nbgames.theory``: the sealed bid of the final round
of a real greedy game, and the last decisions of that game."""

from __future__ import annotations


def endgame(seed: int = 0, players: int = 2, steps: int | None = None):
    import nbgames
    from nbgames.theory.positions import play_until, steps_from_end

    game = nbgames.load("scoville", players=players)
    if steps is not None:
        return steps_from_end(game, seed, steps)
    return play_until(game, seed, lambda s: s.final and s.phase == "bid"
                      and not any(s._secret_of(p) for p in range(players)))


def endgames(seed: int = 0):
    return [("final bid, 2 players", endgame(seed)),
            ("last 2 decisions, 2 players", endgame(seed, steps=2)),
            ("last 3 decisions, 2 players", endgame(seed, steps=3))]
