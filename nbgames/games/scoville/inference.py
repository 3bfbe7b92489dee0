"""Scoville: what the public events of a round imply about the holdings behind
the screens, and the resample of those holdings that keeps it.

With ``screens=True`` a seat sees the others' peppers, money and cards only
through the public events of the current round (``state.events``, see
:class:`.rules.ScovilleState`). This module is that inference, in one place:

* :func:`facts`: what the events and the decision now say about each seat's
  holdings (the least it held of each colour, the checks the engine made on
  them, the money its bid and its income imply);
* :func:`check_holdings`: the invariants those facts give (the State's
  ``check_invariants`` runs them, so real play and every copy keep them);
* :func:`resample`: the State's ``_resample_more``, the parts ``FIELDS``
  declares ``hook=True`` (money, peppers, held cards), drawn to keep every fact;
* :func:`taken_market`/:func:`taken_recipes`: the ``known=`` of the held cards
  (cards seen taken this round stay behind their takers' screens).
"""

from __future__ import annotations

from operator import add

from . import scoring
from .components import BLACK, WHITE


def _taken(state, kind) -> list[list[int]]:
    out = [[] for _ in range(state.game.players)]
    for e in state.events:
        if e[0] == kind:
            out[e[1]].append(e[2])
    return out


def taken_market(state) -> list[list[int]]:
    """By seat, the market cards everyone saw it take this round (``known=``)."""
    return _taken(state, "market")


def taken_recipes(state) -> list[list[int]]:
    """By seat, the recipes everyone saw it take this round (``known=``)."""
    return _taken(state, "recipe")


# -- the facts of the round ----------------------------------------------------------------
def _memo(state) -> dict:
    """The memo of this position: what :func:`facts` and the resample work out
    from the public parts, kept while the events (a list replaced at every event),
    the phase, the seat to move and its fulfillment flags stay the same (nothing
    else they read changes without an event). Shared with clones and copies."""
    m = state._memo
    key = (state.phase, state.current_player, *state.did)
    if m.get("events") is not state.events or m["key"] != key:
        m.clear()
        m["events"], m["key"] = state.events, key
    return m


def facts(state):
    """:func:`_work_out_facts`, worked out once a position (read-only lists)."""
    m = _memo(state)
    out = m.get("facts")
    if out is None:
        out = m["facts"] = _work_out_facts(state)
    return out


def _work_out_facts(state):
    """What the public events of the current round (``events``) and the decision
    now say about every seat's hidden holdings, one entry a seat:
    ``(need, net, checks, mneed, mnet)``.

    ``need``: the least the seat held of each colour at the start of the round
    (every pepper it planted, paid or sold this round was there in time);
    ``net``: what the round's events gave it minus what they took. ``checks``:
    the moments where the engine's choice depended on its peppers, each
    ``(run, kind, wants)`` with ``run`` the net change up to that moment:
    ``"zero"``: it held no pepper (it skipped planting while a plot was free, its
    planting ended with the tile and a free plot left, it skipped fulfillment, or
    its fulfillment ended before any sale); ``"none"``: it could pay none of
    ``wants`` (its fulfillment ended after its sale: the market cards and
    recipes still open to it); ``"some"``: it could pay at least one of ``wants``
    (it chose ``done`` while planting or fulfilling, or it is asked to plant or
    fulfil now; a want of one pepper of a colour is a possible sale or planting).
    ``mneed``/``mnet``: the same for money (the bid it paid; bids and income)."""
    g = state.game
    c = g.components
    n = g.players
    events = state.events
    run = [[0] * 10 for _ in range(n)]
    low = [[0] * 10 for _ in range(n)]
    mrun = [0] * n
    mlow = [0] * n
    checks = [[] for _ in range(n)]
    did = [[False, False, False] for _ in range(n)]
    ends = []
    planted = sum(1 for x in state.field if x >= 0) - sum(1 for e in events if e[0] == "plant")
    plots = g.field.plots
    for i, e in enumerate(events):
        k, s = e[0], e[1]
        r = run[s]
        if k == "claim":
            for col in c.auction[e[2]]:
                r[col] += 1
        elif k == "step":
            for col in e[3]:
                r[col] += 1
        elif k == "plant":
            col = e[2]
            r[col] -= 1
            if r[col] < low[s][col]:
                low[s][col] = r[col]
            planted += 1
        elif k == "sell":
            col = e[2]
            r[col] -= e[3]
            if r[col] < low[s][col]:
                low[s][col] = r[col]
            mrun[s] += e[4]
            did[s][2] = True
        elif k == "market" or k == "recipe":
            if k == "market":
                m = c.market[e[2]]
                spend = m.wanted
                gain = m.peppers + ((BLACK if e[3] == 1 else WHITE,) if m.choice else ())
                mrun[s] += m.coins
                did[s][0] = True
            else:
                spend, gain = c.recipes[e[2]].peppers, ()
                did[s][1] = True
            lo = low[s]
            for col in spend:
                r[col] -= 1
                if r[col] < lo[col]:
                    lo[col] = r[col]
            for col in gain:
                r[col] += 1
        elif k == "bid":
            mrun[s] -= e[2]
            if mrun[s] < mlow[s]:
                mlow[s] = mrun[s]
        elif k == "skip" or k == "end" or k == "done":
            ph = e[2]
            if ph == "plant":
                if k == "done":
                    checks[s].append((r.copy(), "some", UNITS))
                elif k == "end" or planted < plots:     # a skip with a free plot
                    checks[s].append((r.copy(), "zero", None))
            elif ph == "fulfil":
                if k == "skip" or (k == "end" and not did[s][2]):
                    checks[s].append((r.copy(), "zero", None))
                else:
                    ends.append((i, s, k, did[s].copy(), r.copy()))
    for i, s, k, d, r in ends:
        checks[s].append((r, "none" if k == "end" else "some", _wants(state, d, i)))
    cp = state.current_player
    if cp is not None:
        if state.phase == "plant":
            checks[cp].append((run[cp], "some", UNITS))
        elif state.phase == "fulfil":
            checks[cp].append((run[cp], "some", _wants(state, state.did, len(events))))
    return [([-x for x in low[s]], run[s], checks[s], -mlow[s], mrun[s]) for s in range(n)]


def _wants(state, did, i):
    """What a fulfilling seat could still pay after event ``i`` given what it
    ``did``: the needs of the market cards and recipes on display then (those on
    display now and those taken later this round) and, before its sale, one
    pepper of any colour."""
    g = state.game
    later = state.events[i + 1:]
    out = []
    if not did[0]:
        out += [g.market_need[m] for m in state.market]
        out += [g.market_need[e[2]] for e in later if e[0] == "market"]
    if not did[1]:
        out += [g.recipe_need[r] for r in state.recipes]
        out += [g.recipe_need[e[2]] for e in later if e[0] == "recipe"]
    if not did[2]:
        out += UNITS
    return out


def money_bound(state):
    """The most money a seat can hold at the start of this round."""
    c = state.game.components
    return scoring.money_cap(state.round - 1, c.start_money, max(m.coins for m in c.market),
                             state.game.field.plots)


# -- the resample ---------------------------------------------------------------------------

def resample(state, seat, rng):
    """With the screens up, the other seats' holdings, from what ``seat`` sees and
    ``rng`` only (see the package docstring, "Determinize"): their cards from
    the cards nobody is seen to hold (:func:`_card_plan`), their peppers and
    money from the facts of the round (:func:`_holding_plan`), which every copy
    keeps by construction. The State's ``_resample_more`` (the parts declared
    ``hook=True``); the caller drops the memo afterwards (the holdings changed)."""
    others = [s for s in range(state.game.players) if s != seat]
    if not others:
        return
    r = rng.random                          # draws as int(r() * n): uniform, and fast
    _deal_cards(state, seat, others, r)
    planted, extra, plan = _holding_plan(state)
    for s in others:
        fixed, need, net, checks, caps, mneed, mnet, free = plan[s]
        if fixed is None:
            fixed = _start_peppers(need, checks, caps, planted, int(r() * (extra + 1)), r)
        state.peppers[s] = list(map(add, fixed, net))
        state.money[s] = mneed + int(r() * (free + 1)) + mnet


def _holding_plan(state):
    """What the resample of peppers and money needs, once a position: the planted
    colours (extra peppers are drawn from them), the most extra peppers, and by
    seat ``(fixed, need, net, checks, caps, mneed, mnet, free)``: ``fixed`` the
    start of the round when the events pin it (the seat was seen with no
    pepper), ``caps`` (by colour, or None when a ``"some"`` check still needs a
    want) the most of each colour that keeps every ``"none"`` check, ``free``
    the most money beyond its bid (``$10 + $3`` a round played, within the
    rounds' bound)."""
    m = _memo(state)
    plan = m.get("holdings")
    if plan is None:
        g = state.game
        bound = money_bound(state)
        free = g.components.start_money + 3 * (state.round - 1)
        seats = []
        for need, net, checks, mneed, mnet in facts(state):
            fixed = next(([-x for x in r] for r, kind, _ in checks if kind == "zero"), None)
            caps = None
            if fixed is None and not any(kind == "some" and not _meets(need, r, wants)
                                         for r, kind, wants in checks):
                caps = _caps(need, checks)
            seats.append((fixed, need, net, checks, caps, mneed, mnet,
                          max(0, min(free, bound - mneed))))
        plan = m["holdings"] = (sorted(col for col in state.field if col >= 0),
                                2 + state.round, seats)
    return plan


def _deal_cards(state, seat, others, r):
    """The market cards and recipes behind the other screens (see
    :func:`_card_plan`), dealt with ``r`` (a generator's ``random``): each card
    drawn from its pool without replacement, behind a random other screen."""
    known, (market, recipes), morning = _card_plan(state, seat)
    draws = [(state.held_market, known[0], [market]), (state.held_recipes, known[1], [recipes])]
    if morning is not None:
        pool, lo, hi = morning
        draws[0][2].append((pool, lo + int(r() * (hi - lo + 1))))
    k = len(others)
    for held, kn, piles in draws:
        for s in others:
            held[s] = []
        for pool, count in piles:
            rest = pool.copy()
            for _ in range(count):
                i = int(r() * len(rest))
                rest[i], rest[-1] = rest[-1], rest[i]
                held[others[int(r() * k)]].append(rest.pop())
        for s in others:              # this round's takes last, in order, as play adds them
            held[s] += kn[s]


def _card_plan(state, seat):
    """The cards behind the screens of the seats other than ``seat``, from what
    it sees: those it saw taken this round stay with their takers (``known``,
    market and recipes by seat); the others are as many as the table says
    (every card dealt at set-up is on display or held) drawn from the cards it
    has not seen: ``pools`` ``[(cards, count)]`` for market and recipes and,
    in the afternoon, the morning market cards ``(cards, least, most)`` (the
    morning display was short, fewer than the players, when it ended)."""
    own_m = state.held_market[seat] if seat is not None else []
    own_r = state.held_recipes[seat] if seat is not None else []
    m = _memo(state)
    key = ("cards", seat, *own_m, None, *own_r)
    plan = m.get(key)
    if plan is None:
        g = state.game
        c = g.components
        n = g.players
        k = c.market_count[n]
        known_m = taken_market(state)
        known_r = taken_recipes(state)
        seen = set(state.recipes).union(own_r, *known_r)
        recipes = ([r for r in range(len(c.recipes)) if r not in seen],
                   c.recipe_count[n] - len(seen))
        seen = set(state.market).union(own_m, *known_m)
        afternoon = g.afternoon_market
        morning = None
        if state.afternoon:
            count = k - sum(1 for x in seen if afternoon[x])
            market = ([x for x in g.afternoon_ids if x not in seen], count)
            mine = sum(1 for x in own_m if not afternoon[x])
            morning = ([x for x in g.morning_ids if x not in seen],
                       max(k - n + 1, mine) - mine, k - mine)
        else:
            market = ([x for x in g.morning_ids if x not in seen], k - len(seen))
        plan = m[key] = ((known_m, known_r), (market, recipes), morning)
    return plan


# -- the round undone ------------------------------------------------------------------------

def roll_back(start, now):
    """The holdings and decks of ``now`` (a world: the truth's or one the resample
    drew) as they stood at the start of its round, set in place on ``start`` (the
    round's first position, which holds ``now``'s): every seat's peppers and money
    less the round's net change (:func:`facts`), the cards it took this round
    back on display, and the auction cards dealt to the display this round back
    on top of their deck (the refill pops them one by one). Only public events and
    ``now``'s own parts are read. False where the round cannot be undone (a card
    taken this round is not behind its taker's screen)."""
    n = now.game.players
    taken = (taken_market(now), taken_recipes(now))
    for s, (_need, net, _checks, _mneed, mnet) in enumerate(facts(now)):
        start.peppers[s] = [a - b for a, b in zip(now.peppers[s], net)]
        start.money[s] = now.money[s] - mnet
    for held, took in ((start.held_market, taken[0]), (start.held_recipes, taken[1])):
        for s in range(n):
            left = list(held[s])
            k = len(took[s])
            if k and left[-k:] != took[s]:
                return False
            held[s] = left[:len(left) - k]
    per = 1 if start.afternoon else 0
    dealt = [x for x in now.auction if x not in start.auction]
    start.auction_deck = [list(d) for d in start.auction_deck]
    start.auction_deck[per] += dealt[::-1]
    start._memo = {}
    return True


# -- the invariants they give -----------------------------------------------------------------

def check_holdings(state):
    """The holdings against the public events of the round (:func:`facts`): every
    pepper planted, paid or sold was there in time, every check of the engine on
    the peppers holds, the money fits the bid and the rounds played; and a harvest
    skipped only when the farmer was boxed in."""
    bound = money_bound(state)
    for s, (need, net, checks, mneed, mnet) in enumerate(facts(state)):
        start = [state.peppers[s][i] - net[i] for i in range(10)]
        assert all(start[i] >= need[i] for i in range(10)), \
            (f"scoville: seat {s} plants, pays or sells peppers this round it did not hold "
             f"(round start {start}, needed {need})")
        for r, kind, wants in checks:
            have = [start[i] + r[i] for i in range(10)]
            if kind == "zero":
                assert not any(have), \
                    f"scoville: seat {s} held {have} where the engine saw no pepper"
            elif kind == "none":
                assert not _meets(have, [0] * 10, wants), \
                    f"scoville: seat {s} could pay a card where its fulfillment was ended"
            else:
                assert _meets(have, [0] * 10, wants), \
                    f"scoville: seat {s} had nothing to do where it was asked or chose done"
        m0 = state.money[s] - mnet
        assert mneed <= m0 <= bound, \
            (f"scoville: seat {s} began the round with ${m0}: its bid was ${mneed}, round "
             f"{state.round} allows at most ${bound}")
    _check_blocked_skips(state)


def _check_blocked_skips(state):
    """Harvesting: a skipped walk had no step (every notch next to the farmer held
    another farmer where the others stood then)."""
    g = state.game
    n = g.players
    events = state.events
    for i, e in enumerate(events):
        if e[0] != "skip" or e[2] != "harvest":
            continue
        s = e[1]
        after = state.order.index(s)          # harvest runs in reverse order
        occupied = set()
        for o in range(n):
            if o == s:
                continue
            at = state.farmers[o]
            if state.order.index(o) < after:  # o walked later
                first = next((x for x in events[i + 1:] if x[0] == "step" and x[1] == o), None)
                at = -1 if state.round == 1 else first[4] if first else at
            if at >= 0:
                occupied.add(at)
        assert g.field.targets(state.farmers[s], -1, False, occupied) is None, \
            f"scoville: seat {s} skipped its walk but had a step"


UNITS = tuple(tuple(int(i == c) for i in range(10)) for c in range(10))


def _meets(start, r, wants) -> bool:
    """Whether a seat that began the round with ``start`` could pay one of
    ``wants`` at the moment the round's net change was ``r``."""
    for w in wants:
        for i in range(10):
            if start[i] + r[i] < w[i]:
                break
        else:
            return True
    return False


def _caps(start, checks):
    """The most of each colour a start of the round at least ``start`` may hold and
    keep every ``"none"`` check: for each want of such a check, the colour where
    it is furthest from being paid stays short of it (a separable rule, so extra
    peppers are checked one colour at a time)."""
    caps = [1 << 30] * 10
    for r, kind, wants in checks:
        if kind != "none":
            continue
        for w in wants:
            best, room = -1, 0
            for i in range(10):
                gap = w[i] - start[i] - r[i]
                if gap > room:
                    best, room = i, gap
            if best < 0:
                raise AssertionError("scoville: a seat could pay a card where its fulfillment "
                                     "was ended (the state breaks its invariants)")
            if start[best] + room - 1 < caps[best]:
                caps[best] = start[best] + room - 1
    return caps


def _start_peppers(need, checks, caps, planted, extras, rand):
    """A seat's peppers at the start of the round that keep every check of
    :func:`facts` not pinned to no pepper, by construction: the
    least the round needed, raised to a want of each ``"some"`` check it misses
    (chosen at random among those that keep every ``"none"`` check: the true
    start keeps them all and lies above the least, so one always does), plus up
    to ``extras`` peppers of colours drawn from the planted field, each within
    ``caps`` (:func:`_caps`, worked out here when None)."""
    start = list(need)
    if caps is None:
        nones = [(r, [w]) for r, kind, ws in checks if kind == "none" for w in ws]
        for r, kind, wants in checks:
            if kind != "some" or _meets(start, r, wants):
                continue
            fits = []
            for w in wants:
                up = [max(start[i], w[i] - r[i]) for i in range(10)]
                if not any(_meets(up, r2, w2) for r2, w2 in nones):
                    fits.append(up)
            if not fits:
                raise AssertionError("scoville: no holding fits the round's events (the state "
                                     "breaks its invariants)")
            start = fits[int(rand() * len(fits))]
        caps = _caps(start, checks)
    if extras and planted:
        k = len(planted)
        for _ in range(extras):
            col = planted[int(rand() * k)]
            if start[col] < caps[col]:
                start[col] += 1
    return start
