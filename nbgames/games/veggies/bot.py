"""The greedy Veggies bot: ``choose(observation, legal_actions, rng) -> action id``.

It sees the observation only. For a placement it samples up to ``MAX_CANDIDATES``
legal placements, lays each card on a copy of its own visible grid and keeps the
one with the best value:

    sum over goods of weight(good) * largest group * number of groups  -  2 * rats

where a good weighs 1 when it is likely to be pooled (it is the largest group of
this stand after the placement, or of another player's stand now) and 0.25
otherwise (it may still be pooled later). The starting card is the one with the
better value alone; a tied announcement is the good that maximises its own score
minus the best opponent's (team sums in the 4-player game), with the opponents'
announcements guessed from their public stands.

What it maximises: that value of its own stand after the placement (one ply: it
does not look at the next cards or at the other players' replies); for a tied
announcement, its score margin over the best opponent.

:func:`search_prior` and :func:`search_evaluate` give ``nbgames.bots.ismcts`` a
prior over placements and an evaluation (the title's ``SPEC``).
"""

from __future__ import annotations

import math

import numpy as np

from . import scoring
from .components import GOODS
from .rules import rotate

MAX_CANDIDATES = 400
OTHER_WEIGHT = 0.25
GOOD_SYMBOLS = "SBGCM"


def _ids(legal_actions):
    ids = getattr(legal_actions, "ids", None)
    if ids is None:
        ids = [int(a) for a in legal_actions]
    return ids


def _top_goods(rows, count):
    forced, tied, picks = scoring.announcement_options(rows, count)
    return set(forced) | set(tied)


class _Grid:
    """One stand's visible grid as a padded flat list, ready for trial placements."""

    def __init__(self, rows, origin, margin=4):
        h = len(rows)
        w = max((len(r) for r in rows), default=0)
        self.r0 = origin[0] - margin
        self.c0 = origin[1] - margin
        self.W = w + 2 * margin
        self.flat = [" "] * (self.W * (h + 2 * margin))
        self.occ = []
        for i, row in enumerate(rows):
            base = (i + margin) * self.W + margin
            for j, ch in enumerate(row):
                if ch != " ":
                    self.flat[base + j] = ch
                    self.occ.append(base + j)
        self.rats = sum(r.count("R") for r in rows)

    def value(self, weights, card_rows=None, r=0, c=0):
        flat, W = self.flat, self.W
        occ = self.occ
        rats = self.rats
        if card_rows is not None:
            flat = flat.copy()
            occ = set(occ)
            base = (r - self.r0) * W + (c - self.c0)
            for i, row in enumerate(card_rows):
                k = base + i * W
                for j, ch in enumerate(row):
                    old = flat[k + j]
                    rats += (ch == "R") - (old == "R")
                    flat[k + j] = ch
                    occ.add(k + j)
        found = scoring.group_sizes(flat, W, GOOD_SYMBOLS, occ)
        best = {v: sizes[0] for v, sizes in found.items()}
        count = {v: len(sizes) for v, sizes in found.items()}
        if not best:
            return -2 * rats
        top = max(best.values())
        total = -2.0 * rats
        for v, n in best.items():
            w = 1.0 if (n == top or v in weights) else OTHER_WEIGHT
            total += w * n * count[v]
        return total


def _others_pool(obs, seat):
    count = obs["announce_count"]
    pool = set()
    for s, st in enumerate(obs["stands"]):
        if s != seat and st["rows"]:
            pool |= {scoring.GOOD_SYMBOL[g] for g in _top_goods(st["rows"], count)}
    return pool


def _choose_start(obs, ids, space, faces, rng):
    def value(aid):
        card = faces[obs["hand"][space.decode(aid)["card"]]]
        return _Grid([card[:3], card[3:]], [0, 0]).value(set()) + rng.random() * 1e-6
    return max(ids, key=value)


def _choose_announcement(obs, ids, space, rng):
    seat = obs["seat"]
    count = obs["announce_count"]
    stands = [st["rows"] for st in obs["stands"]]
    guess = []
    for s, rows in enumerate(stands):
        if s == seat:
            continue
        forced, tied, picks = scoring.announcement_options(rows, count)
        guess.extend(forced + tied[:picks])

    def value(aid):
        mine = list(obs["my_announcement"]) + [GOODS[space.decode(aid)["good"]]]
        pool = scoring.pooled([guess, mine])
        totals = [scoring.score_stand(rows, pool)["total"] for rows in stands]
        if obs.get("teams"):
            me = totals[seat] + totals[(seat + 2) % 4]
            them = totals[(seat + 1) % 4] + totals[(seat + 3) % 4]
            v = me - them
        else:
            v = totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
        return v + rng.random() * 1e-6
    return max(ids, key=value)


def _choose_place(obs, ids, space, faces, rng):
    seat = obs["seat"]
    stand = obs["stands"][seat]
    grid = _Grid(stand["rows"], stand["origin"])
    weights = _others_pool(obs, seat)
    n = len(ids)
    picks = range(n) if n <= MAX_CANDIDATES else rng.sample(range(n), MAX_CANDIDATES)
    cards = [faces[obs["hand"][0]] if obs["hand"] else None] + \
        [None if c is None else faces[c] for c in obs["ramp"]]
    rotated = {}
    best, choice = None, int(ids[0])
    for k in picks:
        aid = int(ids[k])
        _, src, q, r, c = space.unpack(aid)
        key = (src, q)
        rows = rotated.get(key)
        if rows is None:
            rows = rotated[key] = rotate(cards[src], 90 * q)
        v = grid.value(weights, rows, r, c) + rng.random() * 1e-6
        if best is None or v > best:
            best, choice = v, aid
    return choice


def choose(observation, legal_actions, rng) -> int:
    """The greedy decision for ``observation`` among ``legal_actions`` (ties by ``rng``)."""
    ids = _ids(legal_actions)
    phase = observation["phase"]
    if len(ids) == 1:
        return int(ids[0])
    game = legal_actions.game
    space, faces = game.action_space, game.card_text
    if phase == "start":
        return _choose_start(observation, [int(i) for i in ids], space, faces, rng)
    if phase == "announce":
        return _choose_announcement(observation, [int(i) for i in ids], space, rng)
    return _choose_place(observation, ids, space, faces, rng)


# -- for the search (nbgames.bots.ismcts): an evaluation on a State ----------------------------

def search_evaluate(state) -> list[float]:
    """Each seat's expected share of the win: a logistic of its lead (its team's, in
    the 4-player team game) over the best other seat or team, in the points the
    stands would score if the game ended now (``scores()``: from public data,
    announcement ties in the goods' order). The scale is 6 points."""
    g = state.game
    n = g.players
    est = state.scores()
    scale = 2.0 if state.current_player is None else 6.0
    teams = g.teams
    out = []
    for s in range(n):
        if teams:
            mine = 0 if s in teams[0] else 1
            best = max(est[t] for t in teams[1 - mine])
        else:
            best = max(est[t] for t in range(n) if t != s)
        out.append(1.0 / (1.0 + math.exp(-(est[s] - best) / scale)))
    return out


_DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _place_facts(game):
    """Per game, once: how a place id splits into source, rotation and position, and
    each card's count of same-good neighbour pairs inside it; ``tables`` caches the
    gain tables of a stand (by its grid) and card, which a search meets again and
    again."""
    f = getattr(game, "_search_facts", None)
    if f is None:
        P, PP = game.P, game.PP
        first = game.place.id(0, 0, -game.E, -game.E)
        inner = []
        for arr in game.card_codes:
            h, w = arr.shape
            k = 0
            for i in range(h):
                for j in range(w):
                    v = arr[i, j]
                    if 1 <= v <= 5:
                        k += (i + 1 < h and arr[i + 1, j] == v) + (j + 1 < w and arr[i, j + 1] == v)
            inner.append(float(k))
        f = game._search_facts = {"first": first, "P": P, "PP": PP, "inner": inner}
    return f


def _place_table(game, top, card, q, f, r0, r1, c0, c1):
    """A rough gain of laying ``card`` at rotation ``q`` at every top-left position
    (r0..r1-1, c0..c1-1) of the window: +1 for every side it shares with the same
    good on the stand (groups grow), -1 for every space of another good it covers,
    +2 for every rat it covers, -2 for every rat it shows."""
    arr = game.rotated[card][q]
    h, w = arr.shape
    H, W = r1 - r0, c1 - c0
    score = np.full((H, W), f["inner"][card])
    for i in range(h):
        for j in range(w):
            v = int(arr[i, j])
            under = top[1 + r0 + i:1 + r0 + i + H, 1 + c0 + j:1 + c0 + j + W]
            score += 2.0 * (under == 7)
            score -= ((under >= 1) & (under <= 5) & (under != v))
            if v == 7:
                score -= 2.0
            elif 1 <= v <= 5:
                for di, dj in _DIRS:
                    ii, jj = i + di, j + dj
                    if 0 <= ii < h and 0 <= jj < w:
                        continue
                    score += top[1 + r0 + ii:1 + r0 + ii + H, 1 + c0 + jj:1 + c0 + jj + W] == v
    return score


def search_prior(state, ids) -> list[float]:
    """How likely the seat to move is to make each placement: a softmax, over 1.5,
    of a rough gain computed for every position at once (:func:`_place_table`: sides
    shared with the same good, goods covered, rats covered or shown). Other
    decisions are uniform."""
    if state.phase != "place":
        return [1.0] * len(ids)
    g = state.game
    f = _place_facts(g)
    seat = state.current_player
    PP = f["PP"]
    off = np.asarray(ids, dtype=np.int64) - f["first"]
    src = off // (4 * PP)
    q = (off // PP) % 4
    pos = off % PP
    key = src * 4 + q
    P = f["P"]
    row, col = pos // P, pos % P
    r0, c0 = int(row.min()), int(col.min())
    r1, c1 = int(row.max()) + 1, int(col.max()) + 1
    tops = state.tops[seat]
    top = None
    stand = tops.tobytes()
    cache = f.setdefault("tables", {})
    if len(cache) > 4000:
        cache.clear()
    cards = [state.hands[seat][0] if state.hands[seat] else -1] + list(state.ramp)
    out = np.zeros(len(ids))
    for k in np.unique(key).tolist():
        card = cards[k // 4]
        mask = key == k
        ck = (stand, card, k % 4, r0, r1, c0, c1)
        table = cache.get(ck)
        if table is None:
            if top is None:
                top = np.pad(tops, 1)
            table = cache[ck] = _place_table(g, top, card, k % 4, f, r0, r1, c0, c1)
        out[mask] = table[row[mask] - r0, col[mask] - c0]
    return np.exp(np.clip(out, -10, 10) / 1.5).tolist()
