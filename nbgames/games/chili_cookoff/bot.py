"""The Cookoff's heuristic bot (``nbgames.bots.greedy``).

Picking: take the card that raises the best reachable recipe value most.
Playing: estimate which pick slot each card would buy among the cards already
on the table (a later card wins a tie), value the card we would get there,
and charge a little for spending a high rank early.

What it maximises: its own recipe value this round, one decision at a time:
``max over its recipes of (prices of the matching cards collected + 6 *
(matched / needed) ** 2)`` (the bonus weighed by progress), for a pick the gain
of the card taken, for a play the gain of the card the slot is expected to buy
less a quarter of what the card played would have been worth and a little for
its rank. It ignores the other players' recipes.

:func:`search_prior` gives ``nbgames.bots.ismcts`` the same view of a position
(the title's ``SPEC``); the search's evaluation is learned from self-play
(:mod:`.value`).
"""

from __future__ import annotations

import math
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


# -- for the search (nbgames.bots.ismcts): a prior on a State ---------------------------
# It reads a position reached in a search (a determinized State: the other seats'
# hands and recipes are samples), each seat from its own cards; value.py values it.

def _facts(game):
    """Per game, once: each card type's ingredient index and price, each recipe's
    needs as (ingredient index, count, price) triples."""
    f = getattr(game, "_search_facts", None)
    if f is None:
        c = game.components
        names = list(c.ingredients)
        ing = [names.index(t.ingredient) for t in c.types]
        recipes = [[(names.index(k), v, c.prices[k]) for k, v in need.items()]
                   for _, need in c.recipes]
        f = game._search_facts = {"ing": ing, "recipes": recipes, "bonus": c.bonus,
                                  "hand_size": c.hand_size, "nings": len(names)}
    return f


GUESS = 0.45
"""The chance the prior gives each card a recipe misses to come before the round ends."""


def _recipe_parts(f, have, hand, recipe) -> tuple[int, int, int]:
    """``(points now, cards missing, missing cards in hand)`` of one recipe for a
    seat's collected ingredients ``have`` and its ``hand`` (counts by ingredient;
    None: 0 in hand)."""
    pts = missing = inh = 0
    for i, need, price in f["recipes"][recipe]:
        m = have[i]
        if m >= need:
            pts += price * need
        else:
            pts += price * m
            missing += need - m
            if hand is not None:
                inh += min(hand[i], need - m)
    return pts, missing, inh


def _round_value(f, have, recipes, hands_left) -> float:
    """What a seat's collected ingredients (counts by ingredient) are likely to score
    this round: its best recipe's points now, plus the bonus weighted by how few
    ingredients are missing for the hands left (``GUESS`` a card)."""
    best = 0.0
    bonus = f["bonus"]
    for r in recipes:
        pts, missing, _ = _recipe_parts(f, have, None, r)
        if missing == 0:
            v = pts + bonus
        elif missing > hands_left:
            v = pts
        else:
            v = pts + bonus * GUESS ** missing
        if v > best:
            best = v
    return best


def _counts(f, cards):
    have = [0] * f["nings"]
    ing = f["ing"]
    for t in cards:
        have[ing[t]] += 1
    return have


def search_prior(state, ids) -> list[float]:
    """How likely the seat to move is to take each legal action, from its own cards
    (a softmax over 1.5 points of :func:`choose`'s reasoning on a State): a pick by
    how much the card raises its best recipe's value; a play by the gain of the card
    its pick place is expected to buy, less a quarter of the card's own worth and a
    little for its rank."""
    g = state.game
    f = _facts(g)
    seat = state.current_player
    hands_left = f["hand_size"] - state.hand_no - 1
    have = _counts(f, state.collected[seat])
    recipes = state.recipes[seat]
    base = _round_value(f, have, recipes, hands_left)
    ing = f["ing"]
    unpacked = g.unpacked
    memo: dict = {}

    def gain(t):
        v = memo.get(t)
        if v is None:
            i = ing[t]
            have[i] += 1
            v = memo[t] = _round_value(f, have, recipes, hands_left) - base
            have[i] -= 1
        return v

    if state.phase == "pick":
        scores = [gain(unpacked[a][1]) for a in ids]
    else:
        ranks = g.ranks
        played = [t for _, t in state.played]
        pg = [gain(t) for t in played]
        still = g.players - len(played) - 1
        scores = []
        for a in ids:
            t = unpacked[a][1]
            r = ranks[t]
            mine = gain(t)
            gains = sorted(pg + [mine], reverse=True)
            slot = sum(1 for p in played if ranks[p] > r) + still * (0.5 if r < 6 else 0.15)
            slot = min(int(round(slot)), len(gains) - 1)
            scores.append(gains[slot] - 0.25 * mine - 0.15 * r)
    top = max(scores)
    return [math.exp((x - top) / 1.5) for x in scores]


def _mid_hand(state) -> bool:
    """A hand is under way: a card is down or the picks have begun."""
    return state.current_player is not None and (state.phase == "pick" or bool(state.played))


def _hand_played_out(state):
    """``state`` if no hand is under way, else a copy with the hand played out, each
    seat taking :func:`search_prior`'s favourite (the move :func:`choose` makes): a
    card played is worth the card its pick place buys, which the collected cards
    alone do not show until the picks are made."""
    if not _mid_hand(state):
        return state
    s = state.clone()
    while _mid_hand(s):
        ids = s.legal_action_ids()
        w = search_prior(s, ids) if len(ids) > 1 else (1.0,)
        s.advance(int(ids[max(range(len(ids)), key=w.__getitem__)]))
    return s
