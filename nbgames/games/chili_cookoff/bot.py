"""The Cookoff's heuristic bot (``nbgames.bots.greedy``).

Picking: take the card that raises the best reachable recipe value most.
Playing: estimate which pick slot each card would buy among the cards already
on the table (a later card wins a tie), value the card we would get there,
and charge a little for spending a high rank early.
"""

from __future__ import annotations

from collections import Counter


def _recipe_value(have: Counter, recipe: dict, prices: dict) -> float:
    """Points the recipe gives for ``have`` plus a share of the bonus by progress."""
    need = recipe["ingredients"]
    matched = sum(min(have[k], v) for k, v in need.items())
    points = sum(prices[k] * min(have[k], v) for k, v in need.items())
    size = sum(need.values())
    return points + 6 * (matched / size) ** 2


def _value(have: Counter, obs: dict, prices: dict) -> float:
    return max((_recipe_value(have, r, prices) for r in obs["recipes"]), default=0.0)


def _gain(card: dict, have: Counter, obs: dict, prices: dict, base: float) -> float:
    more = have.copy()
    more[card["ingredient"]] += 1
    return _value(more, obs, prices) - base + 0.01 * card["price"]


def choose(obs: dict, legal, rng) -> int:
    """The greedy decision: ``obs`` names cards by type (see the title's docstring);
    the card faces and recipes come from ``legal.game`` (public, fixed facts)."""
    game = legal.game
    cards = game.card_dicts
    recipes = [game.recipe_dict(r) for r in obs["recipes"]]
    view = {"recipes": recipes}
    prices = {c["ingredient"]: c["price"] for c in cards}
    seat = obs["seat"]
    have = Counter(cards[t]["ingredient"] for t in obs["collected"][seat])
    base = _value(have, view, prices)
    space = game.action_space
    if obs["phase"] == "pick":
        best = max(sorted(set(obs["table"])),
                   key=lambda t: (_gain(cards[t], have, view, prices, base), rng.random()))
        return space.encode("pick", card=best)
    played = [cards[t] for _, t in obs["played"]]
    still_to_play = obs["players"] - len(played) - 1
    options = []
    for t in sorted(set(obs["hand_cards"])):
        c = cards[t]
        pool = played + [c]
        gains = sorted((_gain(x, have, view, prices, base) for x in pool), reverse=True)
        slot = sum(1 for p in played if p["rank"] > c["rank"])
        # Players still to play may overtake us; assume each beats us half the time
        # when our rank is not high.
        slot += still_to_play * (0.5 if c["rank"] < 6 else 0.15)
        slot = min(int(round(slot)), len(gains) - 1)
        keep = _gain(c, have, view, prices, base)          # what the card is worth to keep
        score = gains[slot] - 0.25 * keep - 0.15 * c["rank"] + 0.001 * rng.random()
        options.append((score, t))
    best = max(options, key=lambda x: x[0])[1]
    return space.encode("play", card=best)
