"""Veggies positions for ``nbgames.theory``: the announcement subgame (the
secret announcements when largest groups tie) of a real greedy game."""

from __future__ import annotations

from ...core.positions import play_until
from ...core.registry import load


def endgame(seed: int = 0, players: int = 2):
    """The first announcement decision of a greedy game from ``seed`` (None
    when no seat has to announce in that game)."""
    return play_until(load("veggies", players=players), seed, lambda s: s.phase == "announce")


def endgames(seed: int = 0):
    """The first game from ``seed`` on (2 players, then 3) that reaches an announcement."""
    out = []
    for players in (2, 3):
        for k in range(30):
            s = endgame(seed + k, players)
            if s is not None:
                out.append((f"announcement subgame, {players} players (seed {seed + k})", s))
                break
    return out
