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
* drops go to the bed closest to completion (then the more valuable one); a
  compost throws away the card least useful for a bed.
"""

from __future__ import annotations


def _facts(game):
    f = getattr(game, "_bot_facts", None)
    if f is None:
        f = game._bot_facts = {
            "suns": game.combo_suns, "points": game.combo_points,
            "var": game.type_var, "tsuns": game.type_suns,
            "size": [game.components.varieties[v].bed_min for v in range(len(game.var_names))],
            "best": [max(p / len(types) for (vi, types, _, _, p) in game.combos if vi == v)
                     for v in range(len(game.var_names))],
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
    game = legal.game
    f = _facts(game)
    space = game.action_space
    ids = list(legal.ids)
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
                return 5.0                      # keep accessories (compost them last)
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
            rate = (0.35, 0.45, 0.3, 0.05)[a]
            worth = rate * turns_left
            if kind == "accessory":
                return worth - game.acc_price[a] * coin - 1.5
            return worth - 1
        return -1.0                              # fresh vegetables, Scarecrow: not used

    return max(ids, key=lambda a: (value(a), rng.random()))
