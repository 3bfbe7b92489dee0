"""Chill & Chili heuristic bot (``nbgames.bots.greedy``)."""

from __future__ import annotations


def choose(obs: dict, legal, rng) -> int:
    ids = legal.ids
    return int(ids[rng.randrange(len(ids))])
