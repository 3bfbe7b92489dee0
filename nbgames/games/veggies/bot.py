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
"""

from __future__ import annotations

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
