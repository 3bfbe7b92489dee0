"""Chill & Chili heuristic bot (``nbgames.bots.greedy``).

It values every legal decision in estimated end-game points and takes the best
(ties broken by the seeded generator):

* taking the pond as **water** is worth the beds it completes (their points
  again) plus a share of the progress on a bed it does not finish; as **money**
  each coin is worth a third of a point at the end and more while there is
  still time to spend it;
* **planting** is worth the bed's points less the cards leaving the hand (1 point
  each), plus a chance of watering it later that shrinks with its suns and with
  the turns left;
* a **card** (drawn or bought) is worth its hand point plus its progress toward
  a bed, less the price; **accessories** are bought and laid out early only;
* **fresh vegetables** (before the main action) are worth what a buy from the
  renewed row would beat the best main action by, less their coin: the new row's
  cards are valued at the mean worth of the vegetable cards nobody holds in view
  (the draw pile's composition is unknown, so the bot uses every card type not in
  its hand, the market or the compost), bought at the row's cheapest space; so it
  renews a row only when it means to buy and the market offers nothing good;
* the **Scarecrow** (draw the top card, then compost one) is worth the expected
  gain of swapping the least useful card in hand for a random one: used whenever
  the hand holds a card worth less than an average draw. Buying it is valued
  like the other accessories but at a low rate, so the bot rarely buys it: at
  the other accessories' rate (0.3 a turn left) it bought and used it in every
  game and lost, 0.435 of 200 duplicate games against the bot that never buys it;
* a compost throws away the card least useful for a bed, an accessory in hand
  last;
* drops go to the bed closest to completion (then the more valuable one).

It maximises that estimate of its own end-game points for the decision at hand
(one ply: it does not look at the other players' replies).

:func:`search_prior` and :func:`search_evaluate` give ``nbgames.bots.ismcts`` a
prior and an evaluation (the title's ``SPEC``).
"""

from __future__ import annotations

import math

from ...core.spec import margin_values


def _facts(game):
    f = getattr(game, "_greedy_facts", None)
    if f is None:
        f = game._greedy_facts = {
            "suns": game.combo_suns, "points": game.combo_points,
            "var": game.type_var, "tsuns": game.type_suns,
            "size": [game.components.varieties[v].bed_min for v in range(len(game.var_names))],
            "best": [max(p / len(types) for (vi, types, _, _, p) in game.combos if vi == v)
                     for v in range(len(game.var_names))],
            "copies": [game.deck.count(t) for t in range(game.ntypes)],
            "fresh_cost": game.components.rules["fresh_cost"],
        }
    return f


def _water_gain(free, drops, points_of):
    """Points gained by ``drops`` placed on beds (``free`` = [(free suns, points)]),
    closest to completion first."""
    gain = 0.0
    for k, pts in sorted(free):
        if drops <= 0:
            break
        if drops >= k:
            gain += pts
            drops -= k
        else:
            gain += 0.3 * pts * drops / k
            drops = 0
    return gain


def choose(obs: dict, legal, rng) -> int:
    """The greedy decision: the legal action of highest :func:`action_values` (ties
    by ``rng``)."""
    ids = [int(a) for a in legal.ids]
    values = action_values(obs, ids, legal.game)
    return max(zip(ids, values), key=lambda x: (x[1], rng.random()))[0]


ACCESSORY_RATE = (0.35, 0.45, 0.3, 0.1)
"""What a laid-out accessory is worth a turn, in end-game points, by accessory
(Fertilizer, Watering Can, Wheelbarrow, Scarecrow): the bot's estimate of what its
lasting advantage (rulebook, "Laying Out an Accessory Card") brings."""


def action_values(obs: dict, ids: list[int], game) -> list[float]:
    """What the bot thinks each of ``ids`` is worth, in end-game points (see the
    module docstring)."""
    f = _facts(game)
    space = game.action_space
    me = obs["seat"]
    suns, points = f["suns"], f["points"]
    beds = obs["beds"][me]
    free = [(suns[c] - d, points[c]) for c, d in beds if d < suns[c]]
    turns_left = obs["pond_board"] / obs["players"]
    coin = 1 / 3 if turns_left < 2 else 0.55
    hand = obs["hand"]
    per_var = [0] * len(f["size"])
    for t in hand:
        per_var[f["var"][t]] += 1

    def card_value(t, delta=1):
        v = f["var"][t]
        have = per_var[v] + (1 if delta > 0 else 0)
        need = f["size"][v]
        progress = min(have, need) / need
        return 1 + (progress * f["best"][v] * 0.6 if turns_left > 1 else 0) - 0.1 * f["tsuns"][t]

    def value(aid):
        kind, *v = space.unpack(aid)
        if kind == "water":
            c, d = beds[v[0] - 1]
            k = suns[c] - d
            return -k + 0.01 * points[c]
        if kind in ("can", "barrow"):
            k = obs["pending_chips"]
            w = _water_gain(free, k + obs["drops"], points) - _water_gain(free, obs["drops"], points)
            return w if v[0] == 1 else k * coin
        if kind == "compost":
            x = v[0]
            if x >= game.ntypes:
                return -5.0                     # keep accessories (compost them last)
            return -card_value(x, 0)
        if kind == "take":
            n = obs["take"]
            can = obs["take_preview"]["can"] > 0
            if v[0] == 1:
                return _water_gain(free, n, points) + (0.3 if can else 0)
            return n * coin + (0.3 if can else 0) - (0.5 if turns_left > 3 and n < 4 else 0)
        if kind == "plant":
            c = v[0]
            n = len(game.combos[c][1])
            later = 0.5 * points[c] * max(0.0, 1 - suns[c] / 9) if turns_left > 2 else 0
            extra = (0.8 if 0 in obs["laid"][me] else 0) + (0.6 if 2 in obs["laid"][me] else 0)
            return points[c] - n + later + extra + 0.5
        if kind == "market":
            t = obs["market"][v[0] - 1][v[1]]
            return card_value(t) - game.prices[v[1]] * coin
        if kind == "draw":
            return 1.2
        if kind in ("accessory", "layout"):
            a = v[0]
            worth = ACCESSORY_RATE[a] * turns_left
            if kind == "accessory":
                return worth - game.acc_price[a] * coin - 1.5
            return worth - 1
        return -1.0

    kinds = {a: space.unpack(a)[0] for a in ids}
    main = [a for a in ids if kinds[a] not in ("fresh", "scarecrow")]
    best_main = max((value(a) for a in main), default=0.0)
    if any(kinds[a] in ("fresh", "scarecrow") for a in ids):
        mean = _mean_card(obs, f, card_value)
        fresh_cost = f["fresh_cost"]

    def value_all(aid):
        kind = kinds[aid]
        if kind == "fresh":
            # a buy from the renewed row (its cheapest space) against the best main action
            cheapest = min(game.prices)
            new_buy = mean + 0.3 - cheapest * coin
            if obs["coins"][me] < fresh_cost + cheapest:
                return best_main - 1.0
            return best_main + max(0.0, new_buy - best_main) - fresh_cost * coin - 0.05
        if kind == "scarecrow":
            worst = min((card_value(t, 0) for t in hand), default=mean)
            return best_main + max(0.0, mean - worst) * 0.8 + 0.05
        return value(aid)

    return [value_all(a) for a in ids]


def _mean_card(obs, f, card_value) -> float:
    """The mean worth (``card_value``) of a card drawn blind: over the card types
    whose cards are not all in view (hand, market, compost), weighted by how many
    of each are unaccounted for."""
    total = f["copies"]
    seen = list(obs["compost"])
    for t in obs["hand"]:
        seen[t] += 1
    for row in obs["market"]:
        for t in row:
            if t >= 0:
                seen[t] += 1
    weight = [max(0, total[t] - seen[t]) for t in range(len(total))]
    w = sum(weight)
    if not w:
        return 1.0
    return sum(k * card_value(t) for t, k in enumerate(weight) if k) / w


# -- for the search (nbgames.bots.ismcts): a prior and an evaluation on a State -------------

def search_prior(state, ids) -> list[float]:
    """How likely the seat to move is to take each legal action: a softmax, over
    0.7 points, of :func:`action_values` from its own view of the position (the
    part of its observation a decision reads: ``_decision_view``)."""
    seat = state.current_player
    view = state._decision_view(seat)
    view.update(seat=seat, players=state.game.players)     # the core keys it reads
    values = action_values(view, ids, state.game)
    top = max(values)
    return [math.exp((v - top) / 0.7) for v in values]


def search_evaluate(state) -> list[float]:
    """Each seat's expected share of the win: a logistic of its lead over the best
    other seat, in points as the game would score now (beds, doubled when watered;
    cards in hand; coins), coins valued higher while there are turns to spend them,
    unwatered beds at a share of their missing points, and accessories at what they
    bring in the turns left (:data:`ACCESSORY_RATE` a turn; one in hand at 0.6 of
    that from the next turn on: it must first be laid out). The scale is 5 points.

    Without the accessories a search saw a purchase as coins lost: judged against
    greedy play to the end over 40 deals (12 early decisions of a random-vs-greedy
    game, game seeds 1 and 2), the playouts' losses correlated 0.11 and 0.16 with it;
    with them 0.60 and 0.84."""
    g = state.game
    n = g.players
    lines = state._lines()
    if state.current_player is None:
        return margin_values([x["total"] for x in lines], 2.0)
    f = _facts(g)
    suns, points = f["suns"], f["points"]
    turns_left = state.pond_board / n
    coin = 0.15 if turns_left > 2 else 0.0
    est = []
    for s in range(n):
        v = lines[s]["total"] + coin * state.coins[s]
        for c, d in state.beds[s]:
            if d < suns[c]:
                v += 0.3 * points[c] * d / suns[c] * min(1.0, turns_left / 3)
        laid, held = state.laid[s], state.held[s]
        if laid | held:
            for a, rate in enumerate(ACCESSORY_RATE):
                if laid >> a & 1:
                    v += rate * turns_left
                elif held >> a & 1:
                    v += 0.6 * rate * max(0.0, turns_left - 1)
        est.append(v)
    return margin_values(est, 5.0)
