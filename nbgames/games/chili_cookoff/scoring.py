"""Pure scoring of the Cookoff (rulebook: Scoring)."""

from __future__ import annotations

from collections import Counter


def recipe_score(collected: list[str], need: dict[str, int], prices: dict[str, int],
                 bonus: int = 6) -> tuple[int, int, bool]:
    """(points, matching cards, complete) of one recipe for the collected
    ingredient names. Each collected card that the recipe shows scores its price,
    counted with multiplicity up to the recipe's count; a complete recipe adds the
    bonus. Cards the recipe does not use score nothing."""
    return _score(Counter(collected), need, prices, bonus)


def _score(have: Counter, need: dict[str, int], prices: dict[str, int], bonus: int):
    cards = points = wanted = 0
    for k, v in need.items():
        m = have[k]
        if m > v:
            m = v
        cards += m
        points += prices[k] * m
        wanted += v
    complete = cards == wanted
    return points + (bonus if complete else 0), cards, complete


def recipe_progress(collected: list[str], hand: list[str], need: dict[str, int],
                    prices: dict[str, int]) -> dict:
    """How far one recipe is, for the board: ``held`` (collected cards counted up
    to the need, by ingredient, in the recipe's order), ``in_hand`` (cards of the
    recipe's ingredients still in hand), ``cards`` and ``points`` as
    :func:`recipe_score` counts them now (the bonus only once complete), and
    ``complete``."""
    have, mine = Counter(collected), Counter(hand)
    points, cards, complete = _score(have, need, prices, 0)
    return {"held": [min(have[k], v) for k, v in need.items()],
            "in_hand": [mine[k] for k in need], "cards": cards, "points": points,
            "complete": complete}


def pick_order(ranks: list[int]) -> list[int]:
    """The order in which the cards played (``ranks`` in play order) pick: indices
    into the play order, highest rank first; on equal ranks the card played later
    picks first (rulebook: Playing the Game, "Important: ... the card played
    last is the higher card")."""
    return sorted(range(len(ranks)), key=lambda i: (ranks[i], i), reverse=True)


def best_recipe(collected: list[str], recipes: list[tuple[str, dict[str, int]]],
                prices: dict[str, int], bonus: int = 6) -> dict:
    """The recipe a player scores with: the most points; on equal points the one
    matching more cards (the rulebook's Vegetarian note), then the first dealt."""
    best = None
    have = Counter(collected)
    for i, (name, need) in enumerate(recipes):
        points, cards, complete = _score(have, need, prices, bonus)
        key = (points, cards, -i)
        if best is None or key > best[0]:
            best = (key, {"recipe": name, "points": points, "cards": cards, "complete": complete})
    return best[1]
