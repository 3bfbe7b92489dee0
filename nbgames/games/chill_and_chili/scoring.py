"""Pure scoring of Chill & Chili (rulebook: End of Game)."""

from __future__ import annotations


def watered(suns: int, drops: int) -> bool:
    """Every sun of a bed is covered (its points are doubled)."""
    return drops >= suns


def bed_points(points: int, suns: int, drops: int) -> int:
    """A bed scores its top card's points, doubled once every sun is covered
    (rulebook: End of Game; C) Take Chips: 'If even one water drop is missing,
    only the printed, single victory points are scored')."""
    return 2 * points if watered(suns, drops) else points


def player_points(beds, hand_cards: int, coins: int, coins_per_point: int = 3,
                  per_card: int = 1) -> dict:
    """The score lines of one player. ``beds`` is a list of (points, suns, drops)."""
    b = sum(bed_points(p, s, d) for p, s, d in beds)
    h = hand_cards * per_card
    c = coins // coins_per_point
    return {"beds": b, "hand": h, "coins": c, "total": b + h + c}
