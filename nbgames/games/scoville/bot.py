"""Scoville's heuristic bot (``nbgames.bots.greedy``).

It sees only its observation (its own holdings and the public table) and the
game's fixed facts (``legal.game``: the breeding chart, the cards, the field).

* Pepper worth: a rough number of points per colour (hotter is worth more),
  raised for the peppers the best reachable recipe (and a market card one
  pepper short or less) still needs, and lowered for every pepper of a colour
  held beyond what is needed (hoarded browns are planted or sold).
* Bids: a small bid (about a tenth of the money, at most $3) when it has money to
  spare; as a bidder it takes the first free spot (first to claim and plant).
* Claims: the auction card whose peppers are worth most.
* Planting: the pepper worth least to keep, on the plot whose new pairs breed
  best, plus the plaque it would earn (plaques are always taken).
* Harvest: searches every walk of the remaining steps (tiles only when they gain
  more than the 4 points a tile keeps) and takes the first step of the best.
* Fulfilment: the best recipe it can pay; a market card if its reward beats the
  peppers paid; then it sells the colour that fetches most among the peppers no
  target needs.

What it maximises: the worth of its own holdings in points, one decision at a
time (a walk: its whole remaining walk), with peppers valued by the worth above,
money at $3 a point and a bonus tile at 4 points; the bid and the spot follow
fixed rules. It does not model the other players.

:func:`search_prior` and :func:`search_evaluate` give ``nbgames.bots.ismcts``
a prior and an evaluation (the title's ``SPEC``).
"""

from __future__ import annotations

import math

from ...core.spec import margin_values

WORTH = [0.5, 0.5, 0.5, 1.0, 1.0, 1.0, 1.6, 2.6, 2.6, 5.0]
TILE_POINTS = 4


def _need(obs, game):
    """Extra worth of each colour for the cheapest-to-finish valuable recipe."""
    cat = game.components
    have = obs["holdings"][obs["seat"]]["peppers"]
    bonus = [0.0] * 10
    best = None
    for r in obs["recipes"]:
        rec = cat.recipes[r]
        need = [0] * 10
        for c in rec.peppers:
            need[c] += 1
        missing = sum(max(0, need[i] - have[i]) for i in range(10))
        score = rec.vp / (1 + missing)
        if best is None or score > best[0]:
            best = (score, need, rec.vp)
    if best:
        _, need, vp = best
        for i in range(10):
            if need[i]:
                bonus[i] = vp / (2 * sum(need))
    need = list(best[1]) if best else [0] * 10
    # the market card closest to being paid: keep its peppers too
    close = None
    for m in obs["market"]:
        card = cat.market[m]
        want = [0] * 10
        for c in card.wanted:
            want[c] += 1
        missing = sum(max(0, want[i] - have[i]) for i in range(10))
        if close is None or missing < close[0]:
            close = (missing, want)
    if close and close[0] <= 1:
        for i in range(10):
            need[i] = max(need[i], close[1][i])
            if close[1][i]:
                bonus[i] += 0.5
    return bonus, need


def _worth(counts, worth):
    return sum(k * worth[i] for i, k in enumerate(counts))


def choose(obs: dict, legal, rng) -> int:
    game = legal.game
    space = game.action_space
    ids = [int(a) for a in legal.ids]
    me = obs["seat"]
    mine = obs["holdings"][me]
    bonus, need = _need(obs, game)
    have = mine["peppers"]
    # a pepper is worth less the more of that colour is held beyond what is needed
    worth = [(WORTH[i] + bonus[i]) / (1 + max(0, have[i] - max(2, need[i])) / 3)
             for i in range(10)]
    ph = obs["phase"]
    if ph == "bid":
        money = mine["money"]
        bid = min(3, money // 10)
        return game.K["bid"].id(min(bid, money))
    if ph == "spot":
        return min(ids)
    if ph == "claim":
        cards = game.components.auction
        return max(ids, key=lambda a: (sum(worth[c] for c in cards[space.unpack(a)[1]]),
                                       rng.random()))
    if ph == "plaque":
        return space.encode("plaque", choice="take")
    field = [-1 if ch == "." else int(ch) for ch in obs["field"]]
    if ph == "plant":
        return _plant(obs, game, ids, field, worth, need)
    if ph == "harvest":
        return _walk(obs, game, ids, field, worth)
    return _fulfil(obs, game, ids, field, worth, need)


def _plant(obs, game, ids, field, worth, need):
    space = game.action_space
    f = game.field
    chart = game.components.chart
    me = obs["seat"]
    have = obs["holdings"][me]["peppers"]
    done = space.encode("done")
    stacks = obs["stacks"]
    took = any(e[0] == "plaque" and e[1] == me for e in obs["events"])
    best, best_v = None, None
    for a in ids:
        if a == done:
            continue
        _, col, p = space.unpack(a)
        v = -worth[col]
        if have[col] <= need[col]:
            v -= 2
        st = game.plaque_of[col]
        if st >= 0 and stacks[st] and not took:
            v += stacks[st][0]
        for q in f.neighbours[p]:
            if field[q] >= 0:
                v += 0.3 * sum(WORTH[x] for x in chart[col][field[q]])
        if best_v is None or v > best_v:
            best, best_v = a, v
    if done in ids and (best is None or best_v < TILE_POINTS - 4.5):
        return done
    return best


def _walk(obs, game, ids, field, worth):
    space = game.action_space
    f = game.field
    chart = game.components.chart
    me = obs["seat"]
    walk = obs["walk"]
    path = walk["path"]
    pos = path[-1]
    came = f.corner_between(path[-2], pos) if len(path) > 1 else -1
    if len(path) > 1 and path[-2] == pos:
        came = -1
    tiles = obs["holdings"][me]["tiles"]
    occupied = {x for s, x in enumerate(obs["farmers"]) if s != me and x is not None}

    def gain(q):
        a, b = f.notch_plots[q]
        if a < 0 or b < 0 or field[a] < 0 or field[b] < 0:
            return 0.0
        return sum(worth[x] for x in chart[field[a]][field[b]])

    def search(pos, came, steps, extra, back):
        """Best total from here (value, penalty of tiles used)."""
        best = 0.0
        if steps >= 4 or (steps == 3 and not extra):
            return best
        cost = TILE_POINTS if steps == 3 else 0
        a, b = f.notch_corners[pos]
        corners = (a, b) if came < 0 else (f.other_corner(pos, came),)
        for c in corners:
            for q in f.corner_notches[c]:
                if q != pos and q not in occupied:
                    v = gain(q) - cost + search(q, c, steps + 1, extra and steps != 3, back)
                    best = max(best, v)
        if back and came >= 0:
            for q in f.corner_notches[came]:
                if q != pos and q not in occupied:
                    v = gain(q) - cost - TILE_POINTS + search(q, came, steps + 1,
                                                              extra and steps != 3, False)
                    best = max(best, v)
        return best

    steps = walk["steps"]
    extra, back = tiles[1], tiles[2]
    cost = TILE_POINTS if steps == 3 else 0
    best, best_v = None, None
    for a in ids:
        kind, *v = space.unpack(a)
        if kind == "done":
            val = 0.0
        elif kind == "step":
            q = v[0]
            c = f.corner_between(pos, q)
            val = gain(q) - cost + search(q, c, steps + 1, extra and steps != 3, back)
        else:
            q = v[0]
            val = gain(q) - cost - TILE_POINTS + search(q, came, steps + 1,
                                                        extra and steps != 3, False)
        if best_v is None or val > best_v + 1e-9:
            best, best_v = a, val
    return best


def _fulfil(obs, game, ids, field, worth, need):
    space = game.action_space
    c = game.components
    me = obs["seat"]
    have = obs["holdings"][me]["peppers"]
    done = space.encode("done")
    recipes = [a for a in ids if space.unpack(a)[0] == "recipe"]
    if recipes:
        return max(recipes, key=lambda a: c.recipes[space.unpack(a)[1]].vp)
    best, best_v = None, 0.3
    for a in ids:
        kind, *v = space.unpack(a)
        if kind == "market":
            m = c.market[v[0]]
            gets = list(m.peppers) + ([8 if v[1] == 1 else 7] if m.choice else [])
            val = m.vp + m.coins / 3 + sum(worth[x] for x in gets) - sum(worth[x] for x in m.wanted)
        elif kind == "sell":
            k, col = v
            keep = need[col]
            if have[col] - k < keep:
                continue
            val = k * obs["prices"][col] / 3 - k * worth[col] + 0.01 * k
            if obs["prices"][col] == 0:
                continue
        else:
            continue
        if val > best_v:
            best, best_v = a, val
    return best if best is not None else done


# -- for the search (nbgames.bots.ismcts): a prior and an evaluation on a State -------------
# A position reached in a search is a determinized State: behind the screens the other
# seats' peppers, money and cards are samples.

def search_prior(state, ids) -> list[float]:
    """How likely the seat to move is to take each legal action: bids near what
    ``choose`` bids (a tenth of the money, at most $3; the weight falls by e
    with every $1 away), auction cards by the worth of their peppers, plaques
    taken, harvest steps by the worth of what they harvest less the bonus tile
    they would spend (a double back, a step past the third), against 1 for
    stopping; fulfilment by what a card earns (recipes and market cards before
    sales, sales before done), planting as ``_plant_prior`` says; otherwise
    uniform."""
    g = state.game
    ph = state.phase
    if ph == "bid":
        base = g.K["bid"].id(0)              # bid ids run in order of the amount
        usual = min(3, state.money[state.current_player] // 10)    # what ``choose`` bids
        return [math.exp(-abs(a - base - usual)) + 0.01 for a in ids]
    t = _prior_tables(g)
    if ph == "plaque":
        w = t["plaque"]
        return [w[a] for a in ids]
    if ph == "plant":
        return _plant_prior(state, ids)
    if ph == "claim":
        w = t["claim"]
        return [w[a] for a in ids]
    if ph == "harvest":
        extra = state.walk[2] >= 3           # a step now plays the extra-step tile
        steps, plots, pair_worth = t["step"], g.field.notch_plots, t["pair_worth"]
        field = state.field
        out = []
        for a in ids:
            step = steps.get(a)
            if step is None:                 # done
                out.append(1.0)
                continue
            q, back = step
            # what the step harvests (``state._harvest_at(q)``): nothing next to an
            # empty plot or the outer edge
            x, y = plots[q]
            x = field[x] if x >= 0 else -1
            y = field[y] if y >= 0 else -1
            gain = (pair_worth[x][y] if x >= 0 and y >= 0 else 0) + 0.3
            if back or extra:                # a bonus tile is worth TILE_POINTS kept
                gain -= TILE_POINTS + 0.5
            out.append(math.exp(max(-10.0, min(gain, 10.0))))
        return out
    if ph == "fulfil":
        w = t["fulfil"]
        return [w[a] for a in ids]
    return [1.0] * len(ids)


def _prior_tables(g) -> dict:
    """For ``search_prior`` and ``_plant_prior``, per game: the weights that depend
    on the id alone (``"plaque"``, ``"claim"``: by id; ``"fulfil"``: a list indexed
    by id, 0.6 for ``done``), the harvest ids (``"step"``: id -> (notch, a double
    back)), the worth of what two planted colours breed (``"pair_worth"[a][b]``) and
    0.3 times it (``"breed"``), each worked out as the prior did per call."""
    t = getattr(g, "_prior_tables", None)
    if t is not None:
        return t
    c, space = g.components, g.action_space
    chart = c.chart
    colours = range(len(chart))
    pair_worth = [[sum(WORTH[x] for x in chart[a][b]) for b in colours] for a in colours]
    fulfil = [0.6] * space.size
    for card, ids in enumerate(g.market_ids):
        m = c.market[card]
        for a in ids:
            fulfil[a] = math.exp(min(m.vp + m.coins / 3, 12) / 3.0) + 1.0
    for card, a in enumerate(g.recipe_ids):
        fulfil[a] = math.exp(min(c.recipes[card].vp, 12) / 3.0) + 1.0
    for ids in g.sell_ids:
        for a in ids:
            fulfil[a] = 0.4
    step = {a: (q, False) for q, a in enumerate(g.step_ids)}
    step.update({a: (q, True) for q, a in enumerate(g.back_ids)})
    t = g._prior_tables = {
        "plaque": {g.plaque_ids[0]: 4.0, g.plaque_ids[1]: 1.0},
        "claim": {a: math.exp(min(10.0, sum(WORTH[x] for x in c.auction[card])) / 2.0)
                  for card, a in enumerate(g.claim_ids)},
        "fulfil": fulfil,
        "step": step,
        "pair_worth": pair_worth,
        "breed": [[0.3 * w for w in row] for row in pair_worth],
    }
    return t


def _eval_cards(g):
    """For ``_holdings_worth``, per game: each recipe's and market card's needs as
    (points, number of peppers, [(colour, count), ...]) (only the colours it names)."""
    f = getattr(g, "_eval_cards", None)
    if f is None:
        c = g.components

        def sparse(need):
            return [(i, k) for i, k in enumerate(need) if k]
        f = g._eval_cards = (
            [(c.recipes[r].vp, sum(n), sparse(n)) for r, n in enumerate(g.recipe_need)],
            [(c.market[m].vp + c.market[m].coins / 3, sum(n), sparse(n))
             for m, n in enumerate(g.market_need)])
    return f


def _holdings_worth(state, s) -> float:
    """Points a seat's peppers and money are likely to become: every pepper at 60%
    of its ``WORTH``, money at $3 a point (not rounded down), and the best recipe
    or market card on display weighted by how much of it the peppers already pay
    (its points times the square of the share paid, at 60%)."""
    recipes, market = _eval_cards(state.game)
    have = state.peppers[s]
    v = 0.6 * sum(k * w for k, w in zip(have, WORTH)) + state.money[s] / 3
    best = 0.0
    for table, cards in ((recipes, state.recipes), (market, state.market)):
        for card in cards:
            worth, total, need = table[card]
            if not total:
                continue
            paid = 0
            for i, k in need:
                h = have[i]
                paid += h if h < k else k
            x = worth * paid * paid / (total * total)
            if x > best:
                best = x
    return v + 0.6 * best


def _plant_prior(state, ids) -> list[float]:
    """``_plant``'s reasoning as weights: plant the pepper worth least to keep,
    where its new neighbours breed best, for the plaque it earns; a second pepper
    (it spends the bonus tile) only when that is worth the tile."""
    g = state.game
    unpack = g.action_space.unpack
    neighbours = g.field.neighbours
    breed = _prior_tables(g)["breed"]
    field = state.field
    me = state.current_player
    done = g.done_id
    took = state.plaque_round[me]
    stacks = state.stacks
    second = state.planted >= 1
    out = []
    for a in ids:
        if a == done:
            out.append(1.0)
            continue
        _, col, p = unpack(a)
        v = -WORTH[col]
        st = g.plaque_of[col]
        if st >= 0 and stacks[st] and not took:
            v += stacks[st][0]
        row = breed[col]
        for q in neighbours[p]:
            x = field[q]
            if x >= 0:
                v += row[x]
        if second:
            v -= TILE_POINTS + 0.5
        out.append(math.exp(max(-10.0, min(v, 10.0))))
    return out


def search_evaluate(state) -> list[float]:
    """Each seat's expected share of the win: a logistic of its lead over the best
    other seat, in points: the points it holds now (cards won, plaques, unused
    tiles) plus what its peppers and money are likely to become
    (``_holdings_worth``). The scale is 15 points: what the seat sees of the
    others is a sample (behind the screens), so a lead is never sure."""
    n = state.game.players
    if state.current_player is None:
        est = list(state.result["totals"])
        scale = 2.0
    else:
        tv = state.game.components.tile_vp
        est = [sum(v for _, v in state.won[s]) + tv * sum(state.tiles[s])
               + _market_recipe_vp(state, s) + _holdings_worth(state, s) for s in range(n)]
        scale = 15.0
    return margin_values(est, scale)


def _market_recipe_vp(state, s) -> int:
    c = state.game.components
    return (sum(c.market[m].vp for m in state.held_market[s])
            + sum(c.recipes[r].vp for r in state.held_recipes[s]))
