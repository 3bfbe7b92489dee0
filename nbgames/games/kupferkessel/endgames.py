"""Kupferkessel positions for ``nbgames.theory``: the last decisions of a real
greedy game in ``memory="recall"`` (the observation is the full public
history, so information sets are what a perfect memory knows)."""

from __future__ import annotations

from ...core.positions import steps_from_end
from ...core.registry import load


def endgame(seed: int = 0, steps: int = 4, players: int = 2):
    return steps_from_end(load("kupferkessel", players=players, memory="recall"), seed, steps)


def endgames(seed: int = 0):
    return [(f"last {k} decisions, recall, 2 players", endgame(seed, k)) for k in (3, 4, 5)]
