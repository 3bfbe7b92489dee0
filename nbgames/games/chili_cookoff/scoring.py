"""Pure scoring of the Cookoff (rulebook: Scoring)."""

from __future__ import annotations

from collections import Counter


def recipe_score(collected: list[str], need: dict[str, int], prices: dict[str, int],
                 bonus: int = 6) -> tuple[int, int, bool]:
    """(points, matching cards, complete) of one recipe for the collected
    ingredient names. Each collected card that the recipe shows scores its price,
    counted with multiplicity up to the recipe's count; a complete recipe adds the
    bonus. Cards the recipe does not use score nothing."""
    have = Counter(collected)
    matched = {k: min(have[k], v) for k, v in need.items()}
    cards = sum(matched.values())
    points = sum(prices[k] * n for k, n in matched.items())
    complete = cards == sum(need.values())
    return points + (bonus if complete else 0), cards, complete


def best_recipe(collected: list[str], recipes: list[tuple[str, dict[str, int]]],
                prices: dict[str, int], bonus: int = 6) -> dict:
    """The recipe a player scores with: the most points; on equal points the one
    matching more cards (the rulebook's Vegetarian note), then the first dealt."""
    best = None
    for i, (name, need) in enumerate(recipes):
        points, cards, complete = recipe_score(collected, need, prices, bonus)
        key = (points, cards, -i)
        if best is None or key > best[0]:
            best = (key, {"recipe": name, "points": points, "cards": cards, "complete": complete})
    return best[1]


def winners(totals: list[int]) -> list[int]:
    """Seats with the most points; the rulebook names no tie-break, so a tie is a
    shared victory."""
    top = max(totals)
    return [i for i, t in enumerate(totals) if t == top]
