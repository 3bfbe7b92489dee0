"""Pure scoring functions of Scoville (no state): cross-breeding, selling prices,
the end-game tally and the bound on money (the tie-break is the State's
``_tiebreak``)."""

from __future__ import annotations

SELL_MAX = 5        # rulebook: Sell a Batch of Peppers ("up to five of their peppers of one color")


def harvest(chart, a: int, b: int) -> tuple[int, ...]:
    """The peppers a step between plots of colours ``a`` and ``b`` harvests
    (rulebook: Cross-Breeding; -1 = an empty plot or outside: nothing)."""
    if a < 0 or b < 0:
        return ()
    return chart[a][b]


def price(field, color: int) -> int:
    """$ per pepper sold: $1 for every two peppers of that colour planted
    (rulebook: Sell a Batch of Peppers)."""
    return sum(1 for c in field if c == color) // 2


def prices(field) -> list[int]:
    counts = [0] * 10
    for c in field:
        if c >= 0:
            counts[c] += 1
    return [k // 2 for k in counts]


def tally(market_vp: int, recipe_vp: int, plaque_vp: int, unused_tiles: int, money: int,
          tile_vp: int = 4) -> dict:
    """The five categories of the Endgame and their total."""
    parts = {"market": market_vp, "recipes": recipe_vp, "plaques": plaque_vp,
             "tiles": unused_tiles * tile_vp, "money": money // 3}
    parts["total"] = sum(parts.values())
    return parts


def money_cap(rounds: int, start_money: int, max_card_coins: int, plots: int) -> int:
    """The most money a player can ever hold in a game of at most ``rounds`` rounds.

    Money comes in only during Fulfillment: at most one Market card a round (at
    most ``max_card_coins``) and one sale a round of at most 5 peppers at
    ``plots // 2`` each (a colour can at most fill the field). Bids only take
    money away. So after round r a player holds at most
    ``start_money + r * (max_card_coins + 5 * (plots // 2))``; with the bundled
    components and 30 rounds: 10 + 30 * (7 + 175) = 5470."""
    return start_money + rounds * (max_card_coins + SELL_MAX * (plots // 2))
