"""Scoville: the Game, the State machine of the five phases.

Decisions (``game.action_space``; ids fixed for a game, ``CAP`` = the money cap):

* ``bid $<amount>`` (0..CAP): the sealed bid for turn order, from round 2;
* ``take spot <1..6>``: a bidder's spot on the turn-order track;
* ``claim auction card <card>``: the auction card (index into ``catalog()['auction']``);
* ``plant <colour> at <plot>``: plant a pepper (a second one uses the Plant 1
  Extra Pepper tile);
* ``take the plaque`` / ``decline the plaque``: after a planting that qualifies;
* ``step to <notch>``: one harvest step (the 4th uses the Move 1 Extra Step tile);
* ``double back to <notch>``: a step that turns around (uses Double Back Once);
* ``market card <card> (as shown|black|white)``: fulfil a Market card (the
  black/white choice only on the cards that offer it);
* ``recipe <card>``: fulfil a Recipe card;
* ``sell <n> <colour>``: sell 1..5 peppers of one colour;
* ``done``: end your planting (after the first pepper), your walk (after the
  first step) or your fulfillment.

A decision with a single possible answer is made by the engine and logged
(e.g. the last auction card, the last free spot, a player with nothing to do).
"""

from __future__ import annotations

from ...core import Game, Option, components_option, int_range
from ...core.action_space import ActionSpace, Kind
from ...core.errors import OptionError, RecordError
from ...core.state import State
from . import scoring
from .components import COLORS, load_components
from .field import Field

PHASES = ("bid", "spot", "claim", "plant", "plaque", "harvest", "fulfil", "over")
T_PLANT, T_STEP, T_BACK = 0, 1, 2
REWARDS = ("as shown", "black", "white")
BLACK, WHITE = COLORS.index("black"), COLORS.index("white")


class ScovilleGame(Game):
    title = "scoville"
    name = "Scoville"
    min_players = 2
    max_players = 6
    options_spec = {
        "screens": Option(True, "True (faithful): a seat sees only the public table and its own "
                                "holdings (peppers, money, cards); False: everything is open, as "
                                "a player with perfect memory could know it.",
                          choices=(True, False)),
        "round_limit": Option(30, "The game ends after this round at the latest. The rulebook "
                                  "has no limit (a game where nobody fulfils a Market card would "
                                  "never end); games between the greedy bots last 7 to 30 rounds "
                                  "(median 17 with 2 players, 8 with 6). It also bounds money, "
                                  "hence the bid ids.",
                              check=int_range(2, 60)),
        "components": components_option(load_components, "None for the bundled components.json "
                                                         "(published data), or a path/dict of "
                                                         "a corrected file."),
    }

    def _setup(self):
        c = self.components = load_components(self.options["components"])
        n = self.players
        for what, table in (("market", c.market_count), ("recipe", c.recipe_count)):
            if n not in table:
                raise OptionError(f"scoville: {c.source} gives no {what} card count for {n} players")
        morning = sum(1 for m in c.market if not m.afternoon)
        if c.market_count[n] > min(morning, len(c.market) - morning) or \
                c.recipe_count[n] > len(c.recipes):
            raise OptionError(f"scoville: {c.source} has too few cards for {n} players")
        self.field = Field(c.cols, c.rows, c.start_plots)
        f = self.field
        self.cap = scoring.money_cap(self.options["round_limit"], c.start_money,
                                     max(m.coins for m in c.market), f.plots)
        self.action_space = ActionSpace(
            Kind("bid", "bid ${amount}", amount=(0, self.cap)),
            Kind("spot", "take spot {spot}", spot=(1, self.max_players)),
            Kind("claim", "claim auction card {card}", card=len(c.auction)),
            Kind("plant", "plant {pepper} at {plot}", pepper=COLORS, plot=f.plot_names),
            Kind("plaque", "{choice} the plaque", choice=("take", "decline")),
            Kind("step", "step to {notch}", notch=f.notch_names),
            Kind("back", "double back to {notch}", notch=f.notch_names),
            Kind("market", "market card {card} ({reward})", card=len(c.market), reward=REWARDS),
            Kind("recipe", "recipe {card}", card=len(c.recipes)),
            Kind("sell", "sell {n} {pepper}", n=(1, scoring.SELL_MAX), pepper=COLORS),
            Kind("done", "done"))
        sp = self.action_space
        self.K = {k.name: k for k in sp.kinds}
        self.plaque_of = [-1] * 10           # colour -> plaque stack
        for i, (_, colors, _) in enumerate(c.plaques):
            for col in colors:
                self.plaque_of[col] = i
        self.market_need = [_counts(m.wanted) for m in c.market]
        self.recipe_need = [_counts(r.peppers) for r in c.recipes]

    def catalog(self) -> dict:
        """Fixed public facts the observation names by index."""
        c, f = self.components, self.field
        return {
            "colors": list(COLORS),
            "chart": [[list(x) for x in row] for row in c.chart],
            "cols": f.cols, "rows": f.rows, "plots": list(f.plot_names),
            "start_plots": list(f.start_plots), "star": f.star,
            "notches": [{"name": f.notch_names[i], "xy": list(f.notch_xy[i]),
                         "plots": list(f.notch_plots[i])} for i in range(f.notches)],
            "market": [{"wanted": list(m.wanted), "peppers": list(m.peppers), "coins": m.coins,
                        "vp": m.vp, "choice": m.choice, "afternoon": m.afternoon}
                       for m in c.market],
            "recipes": [{"name": r.name, "peppers": list(r.peppers), "vp": r.vp}
                        for r in c.recipes],
            "auction": [list(a) for a in c.auction],
            "auction_afternoon": list(c.auction_afternoon),
            "plaques": [{"name": name, "colors": list(cols), "values": list(vals)}
                        for name, cols, vals in c.plaques],
            "tiles": list(c.tile_names), "tile_vp": c.tile_vp,
            "market_count": c.market_count[self.players],
            "recipe_count": c.recipe_count[self.players],
            "cap": self.cap,
        }


def _counts(colors) -> list[int]:
    out = [0] * 10
    for c in colors:
        out[c] += 1
    return out


class ScovilleState(State):
    """Data (all plain lists and ints, see :meth:`_payload`):

    ``field`` (70 plot colours, -1 empty), ``farmers`` (notch by seat, -1 not yet
    placed), ``money``, ``peppers`` (10 counts by seat), ``tiles`` (3 bools by
    seat: still unused), ``won`` ([stack, value] plaques by seat), ``held_market``
    and ``held_recipes`` (card ids by seat), the displays ``market``,
    ``recipes``, ``auction``, the hidden decks ``market_deck`` (afternoon) and
    ``auction_deck`` (morning, afternoon), the public ``auction_discard``
    (morning, afternoon), ``stacks`` (plaque values left, top first), ``order``
    (seats by spot), ``round``, ``afternoon``, ``final``, ``phase``, ``turn``
    (index into the acting order), the turn state (``planted``, ``offer``,
    ``did``, ``walk``), ``queue``/``spots`` of the spot choice, ``bids`` (the
    revealed bids), ``plaque_round`` and ``events`` (the public events of the
    current round) and ``result``.
    """

    # -- set-up -------------------------------------------------------------------
    def _start(self):
        g = self.game
        c, n = g.components, g.players
        self.money = [c.start_money] * n
        self.peppers = [_counts(c.start_peppers) for _ in range(n)]
        self.tiles = [[True, True, True] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.held_market = [[] for _ in range(n)]
        self.held_recipes = [[] for _ in range(n)]
        self.field = [-1] * g.field.plots
        start = list(c.start_peppers)
        picks = self._rng().sample(start, c.start_planted)
        for p, col in zip(g.field.start_plots, picks):
            self.field[p] = col
        self.farmers = [-1] * n
        morning = [i for i, m in enumerate(c.market) if not m.afternoon]
        afternoon = [i for i, m in enumerate(c.market) if m.afternoon]
        self._rng().shuffle(morning)
        self._rng().shuffle(afternoon)
        k = c.market_count[n]
        self.market = morning[:k]
        self.market_deck = afternoon
        recipes = list(range(len(c.recipes)))
        self._rng().shuffle(recipes)
        self.recipes = sorted(recipes[:c.recipe_count[n]], key=lambda r: (c.recipes[r].vp, r))
        am = [i for i, a in enumerate(c.auction_afternoon) if not a]
        aa = [i for i, a in enumerate(c.auction_afternoon) if a]
        self._rng().shuffle(am)
        self._rng().shuffle(aa)
        self.auction_deck = [am, aa]
        self.auction_discard = [[], []]
        self.auction = []
        self.stacks = [list(vals[c.removed_2_3p:] if n <= 3 else vals)
                       for _, _, vals in c.plaques]
        order = list(range(n))
        self._rng().shuffle(order)
        self.order = order
        self.round = 1
        self.afternoon = False
        self.final = False
        self.result = None
        self.bids = None
        self.queue = []
        self.spots = [None] * n
        self.walk = None
        self.planted = 0
        self.offer = -1
        self.did = [False, False, False]
        self.events = []
        self.plaque_round = [False] * n
        self.phase = "claim"
        self.turn = 0
        self._refill_auction()
        self._say(f"Scoville, {n} players. Starting plots: {COLORS[picks[0]]} and "
                  f"{COLORS[picks[1]]}. Turn order: " + ", ".join(f"P{s}" for s in order) + ".")
        self._begin_round()

    # -- helpers --------------------------------------------------------------------
    def _ev(self, *e):
        self.events.append(list(e))

    def _refill_auction(self):
        g = self.game
        n = g.players
        per = 1 if self.afternoon else 0
        deck = self.auction_deck[per]
        while len(self.auction) < n:
            if not deck:
                if not self.auction_discard[per]:
                    break
                deck.extend(self.auction_discard[per])
                self.auction_discard[per] = []
                self._rng().shuffle(deck)
                self._say("The auction deck ran out: its discards are shuffled into a new deck.")
            self.auction.append(deck.pop())

    def _begin_round(self):
        n = self.game.players
        self.events = []
        self.plaque_round = [False] * n
        self.bids = None
        self.spots = [None] * n
        self._say(f"Round {self.round} ({'afternoon' if self.afternoon else 'morning'}"
                  f"{', the last round' if self.final else ''}).")
        if self.round == 1:
            self._begin_claims()
            return
        self.phase = "bid"
        self._secret_open()
        self.current_player = 0

    # -- auction ------------------------------------------------------------------------
    def _resolve_bids(self):
        g = self.game
        n = g.players
        sp = g.action_space
        bids = [sp.unpack(p[0])[1] for p in self._secret_close()]
        self.bids = bids
        prev = self.order
        for s in range(n):
            self.money[s] -= bids[s]
            self._ev("bid", s, bids[s])
        self._say("Bids: " + ", ".join(f"P{s} ${bids[s]}" for s in range(n)) + ".")
        rank = {s: i for i, s in enumerate(prev)}
        self.queue = sorted((s for s in prev if bids[s] > 0), key=lambda s: (-bids[s], rank[s]))
        self.spots = [None] * n
        self.phase = "spot"
        self._next_spot()

    def _free_spots(self):
        taken = {x for x in self.spots if x is not None}
        return [i for i in range(self.game.players) if i not in taken]

    def _take_spot(self, s, spot):
        self.spots[s] = spot
        self._ev("spot", s, spot + 1)
        self._say(f"P{s} takes spot {spot + 1}.")

    def _next_spot(self):
        while self.queue:
            s = self.queue[0]
            free = self._free_spots()
            if len(free) > 1:
                self.current_player = s
                return
            self.queue.pop(0)
            self._take_spot(s, free[0])
        prev = self.order
        for s in prev:                           # zero bids, in the previous order
            if self.spots[s] is None:
                self._take_spot(s, self._free_spots()[0])
        self.order = sorted(range(self.game.players), key=lambda s: self.spots[s])
        self._say("Turn order: " + ", ".join(f"P{s}" for s in self.order) + ".")
        self._begin_claims()

    def _begin_claims(self):
        self.phase = "claim"
        self.turn = 0
        self._next_claim()

    def _claim(self, s, card):
        g = self.game
        self.auction.remove(card)
        per = 1 if g.components.auction_afternoon[card] else 0
        if per or not self.afternoon:        # a morning card claimed in the afternoon leaves the game
            self.auction_discard[per].append(card)
        for col in g.components.auction[card]:
            self.peppers[s][col] += 1
        self._ev("claim", s, card)
        self._say(f"P{s} claims auction card {card}: "
                  f"{', '.join(COLORS[x] for x in g.components.auction[card])}.")

    def _next_claim(self):
        n = self.game.players
        while self.turn < n:
            s = self.order[self.turn]
            if len(self.auction) > 1:
                self.current_player = s
                return
            if self.auction:
                self._claim(s, self.auction[0])
            self.turn += 1
        self._refill_auction()
        self.phase = "plant"
        self.turn = 0
        self._next_planter()

    # -- planting ---------------------------------------------------------------------
    def _can_plant(self, s):
        return any(self.peppers[s]) and bool(self.game.field.plantable(self.field))

    def _next_planter(self):
        n = self.game.players
        while self.turn < n:
            s = self.order[self.turn]
            self.planted = 0
            self.offer = -1
            if self._can_plant(s):
                self.current_player = s
                return
            self._ev("skip", s, "plant")
            self._say(f"P{s} cannot plant and skips.")
            self.turn += 1
        self._begin_harvest()

    def _after_plant(self, s):
        if self.planted == 1 and self.tiles[s][T_PLANT] and self._can_plant(s):
            self.phase = "plant"
            return
        self.phase = "plant"
        self.turn += 1
        self._next_planter()

    # -- harvesting ---------------------------------------------------------------------
    def _begin_harvest(self):
        self.phase = "harvest"
        self.turn = 0
        self._next_walker()

    def _next_walker(self):
        g = self.game
        n = g.players
        while self.turn < n:
            s = self.order[n - 1 - self.turn]
            if self.farmers[s] < 0:
                self.farmers[s] = g.field.star
                self._say(f"P{s} places their farmer on the star.")
            # walk: [seat, corner arrived by (-1 = none yet), steps, path]
            self.walk = [s, -1, 0, [self.farmers[s]]]
            if self._steps(s):
                self.current_player = s
                return
            self._ev("skip", s, "harvest")
            self._say(f"P{s}'s farmer is blocked and skips.")
            self.walk = None
            self.turn += 1
        self.walk = None
        self._begin_fulfil()

    def _steps(self, s):
        """(forward, back) legal target notches of the walking seat."""
        f = self.game.field
        _, came, steps, _ = self.walk
        if steps >= 4 or (steps == 3 and not self.tiles[s][T_STEP]):
            return None
        pos = self.farmers[s]
        occupied = {x for o, x in enumerate(self.farmers) if o != s and x >= 0}
        a, b = f.notch_corners[pos]
        fwd = []
        for c in ((a, b) if came < 0 else (f.other_corner(pos, came),)):
            fwd.extend(q for q in f.corner_notches[c] if q != pos and q not in occupied)
        back = []
        if came >= 0 and self.tiles[s][T_BACK]:
            back = [q for q in f.corner_notches[came] if q != pos and q not in occupied]
        if not fwd and not back:
            return None
        return fwd, back

    def _harvest_at(self, q):
        """The peppers a step ending on notch ``q`` harvests now (the two plots either
        side cross-bred; nothing next to an empty plot or the outer edge)."""
        g = self.game
        a, b = g.field.notch_plots[q]
        return scoring.harvest(g.components.chart, self.field[a] if a >= 0 else -1,
                               self.field[b] if b >= 0 else -1)

    def _step(self, s, q, back):
        g = self.game
        f = g.field
        walk = self.walk
        pos = self.farmers[s]
        corner = walk[1] if back else f.corner_between(pos, q)
        if walk[2] == 3:
            self.tiles[s][T_STEP] = False
            self._ev("tile", s, T_STEP)
            self._say(f"P{s} plays Move 1 Extra Step.")
        if back:
            self.tiles[s][T_BACK] = False
            self._ev("tile", s, T_BACK)
            self._say(f"P{s} plays Double Back Once.")
        self.farmers[s] = q
        walk[1] = corner
        walk[2] += 1
        walk[3].append(q)
        got = self._harvest_at(q)
        for col in got:
            self.peppers[s][col] += 1
        self._ev("step", s, q, list(got))
        self._say(f"P{s} steps to {f.notch_names[q]}"
                  + (f" and harvests {', '.join(COLORS[x] for x in got)}." if got else "."))
        if not self._steps(s):
            self._end_walk()

    def _end_walk(self):
        self.walk = None
        self.turn += 1
        self._next_walker()

    # -- fulfillment --------------------------------------------------------------------
    def _begin_fulfil(self):
        self.phase = "fulfil"
        self.turn = 0
        self._next_fulfiller(new=True)

    def _payable(self, s):
        """(market cards, recipes) on display whose peppers seat ``s`` can pay now."""
        g = self.game
        have = self.peppers[s]

        def pays(need):
            return all(have[i] >= need[i] for i in range(10))
        return ([c for c in self.market if pays(g.market_need[c])],
                [c for c in self.recipes if pays(g.recipe_need[c])])

    def _options(self, s):
        """Legal fulfillment ids except ``done``."""
        g = self.game
        K = g.K
        have = self.peppers[s]
        out = []
        market, recipes = self._payable(s)
        if not self.did[0]:
            mk = K["market"]
            for card in market:
                if g.components.market[card].choice:
                    out.append(mk.id(card, 1))
                    out.append(mk.id(card, 2))
                else:
                    out.append(mk.id(card, 0))
        if not self.did[1]:
            rk = K["recipe"]
            for card in recipes:
                out.append(rk.id(card))
        if not self.did[2]:
            sk = K["sell"]
            for col in range(10):
                for k in range(1, min(scoring.SELL_MAX, have[col]) + 1):
                    out.append(sk.id(k, col))
        return out

    def _next_fulfiller(self, new=False):
        n = self.game.players
        while self.turn < n:
            s = self.order[self.turn]
            if new:
                self.did = [False, False, False]
            if self._options(s):
                self.current_player = s
                return
            if new:
                self._ev("skip", s, "fulfil")
                self._say(f"P{s} has nothing to fulfil.")
            self.turn += 1
            new = True
        self._time_check()

    # -- time check and the end ---------------------------------------------------------
    def _time_check(self):
        g = self.game
        c, n = g.components, g.players
        if self.final:
            self._end("the last round is over")
            return
        if self.round >= g.options["round_limit"]:
            self._end(f"the round limit ({g.options['round_limit']}) is reached")
            return
        if not self.afternoon:
            if len(self.recipes) < n:
                self.final = True
                self._say(f"Only {len(self.recipes)} recipes remain: the afternoon is skipped; "
                          f"one more round is played.")
            elif len(self.market) < n:
                self.afternoon = True
                k = c.market_count[n]
                self.market = self.market_deck[:k]
                self.market_deck = []
                self.auction_deck[0] = []
                self.auction_discard[0] = []
                self._say(f"Afternoon: the Farmer's Market is dealt {k} afternoon cards and the "
                          f"morning auction deck leaves the game.")
        else:
            m, r = len(self.market) < n, len(self.recipes) < n
            if m and r:
                self._end("both the Farmer's Market and the Chili Cook-off are short")
                return
            if m or r:
                self.final = True
                self._say("One more round is played, then the game ends.")
        self.round += 1
        self._begin_round()

    def tally(self, s) -> dict:
        g = self.game
        c = g.components
        return scoring.tally(sum(c.market[m].vp for m in self.held_market[s]),
                             sum(c.recipes[r].vp for r in self.held_recipes[s]),
                             sum(v for _, v in self.won[s]), sum(self.tiles[s]), self.money[s],
                             c.tile_vp)

    def _end(self, why):
        n = self.game.players
        rows = [self.tally(s) for s in range(n)]
        totals = [r["total"] for r in rows]
        self.result = {"why": why, "tally": rows, "totals": totals,
                       "winners": scoring.winners(totals, self.money)}
        self.phase = "over"
        self.current_player = None
        self.walk = None
        self._say(f"Game over: {why}.")
        for s, r in enumerate(rows):
            self._say(f"P{s}: market {r['market']} + recipes {r['recipes']} + plaques "
                      f"{r['plaques']} + tiles {r['tiles']} + money {r['money']} "
                      f"= {r['total']} (${self.money[s]}).")
        self._say("Winner(s): " + ", ".join(f"P{w}" for w in self.result["winners"]) + ".")

    # -- decisions ------------------------------------------------------------------------
    def _bid_max(self, s):
        """The highest bid seat ``s`` may make: all its money."""
        return self.money[s]

    def _top_plaque(self, st):
        """The value of the plaque a take from stack ``st`` gets (the top one)."""
        return self.stacks[st][0]

    def _legal_ids(self):
        g = self.game
        K = g.K
        s = self.current_player
        ph = self.phase
        if ph == "bid":
            bid = K["bid"]               # one field: its ids run in order of the amount
            return list(range(bid.id(0), bid.id(self._bid_max(s)) + 1))
        if ph == "spot":
            k = K["spot"]
            return [k.id(i + 1) for i in self._free_spots()]
        if ph == "claim":
            k = K["claim"]
            return [k.id(c) for c in sorted(self.auction)]
        if ph == "plant":
            k = K["plant"]
            plots = g.field.plantable(self.field)
            out = [k.id(col, p) for col in range(10) if self.peppers[s][col] for p in plots]
            if self.planted:
                out.append(K["done"].id())
            return out
        if ph == "plaque":
            return [K["plaque"].id(0), K["plaque"].id(1)]
        if ph == "harvest":
            fwd, back = self._steps(s)
            out = [K["step"].id(q) for q in sorted(fwd)] + [K["back"].id(q) for q in sorted(back)]
            if self.walk[2] >= 1:
                out.append(K["done"].id())
            return out
        if ph == "fulfil":
            return self._options(s) + [K["done"].id()]
        return []

    def _apply(self, aid):
        g = self.game
        s = self.current_player
        kind, *v = g.action_space.unpack(aid)
        n = g.players
        if kind == "bid":
            self._secret_add(s, aid)
            self._say(f"P{s} has bid.")
            self._say(f"You bid ${v[0]}.", to=s)
            if s == n - 1:
                self._resolve_bids()
            else:
                self.current_player = s + 1
        elif kind == "spot":
            self.queue.pop(0)
            self._take_spot(s, v[0] - 1)
            self._next_spot()
        elif kind == "claim":
            self._claim(s, v[0])
            self.turn += 1
            self._next_claim()
        elif kind == "plant":
            col, p = v
            if self.planted == 1:
                self.tiles[s][T_PLANT] = False
                self._ev("tile", s, T_PLANT)
                self._say(f"P{s} plays Plant 1 Extra Pepper.")
            self.peppers[s][col] -= 1
            self.field[p] = col
            self.planted += 1
            self._ev("plant", s, col, p)
            self._say(f"P{s} plants {COLORS[col]} at {g.field.plot_names[p]}.")
            st = g.plaque_of[col]
            if st >= 0 and self.stacks[st] and not self.plaque_round[s]:
                self.offer = st
                self.phase = "plaque"
            else:
                self._after_plant(s)
        elif kind == "plaque":
            st = self.offer
            self.offer = -1
            if v[0] == 0:
                value = self._top_plaque(st)
                self.stacks[st].pop(0)
                self.won[s].append([st, value])
                self.plaque_round[s] = True
                self._ev("plaque", s, st, value)
                self._say(f"P{s} takes the {g.components.plaques[st][0]} plaque worth {value}.")
            else:
                self._say(f"P{s} declines the plaque.")
            self._after_plant(s)
        elif kind in ("step", "back"):
            self._step(s, v[0], kind == "back")
        elif kind == "market":
            card, reward = v
            m = g.components.market[card]
            self.market.remove(card)
            self.held_market[s].append(card)
            for col in m.wanted:
                self.peppers[s][col] -= 1
            gained = list(m.peppers) + ([BLACK if reward == 1 else WHITE] if m.choice else [])
            for col in gained:
                self.peppers[s][col] += 1
            self.money[s] += m.coins
            self.did[0] = True
            self._ev("market", s, card, reward)
            self._say(f"P{s} fulfils market card {card}: pays "
                      f"{', '.join(COLORS[x] for x in m.wanted)}, gets "
                      f"{', '.join([COLORS[x] for x in gained] + ([f'${m.coins}'] if m.coins else []))}"
                      f" and {m.vp} point(s).")
            self._next_fulfiller()
        elif kind == "recipe":
            card = v[0]
            r = g.components.recipes[card]
            self.recipes.remove(card)
            self.held_recipes[s].append(card)
            for col in r.peppers:
                self.peppers[s][col] -= 1
            self.did[1] = True
            self._ev("recipe", s, card)
            self._say(f"P{s} cooks {r.name} ({r.vp} points).")
            self._next_fulfiller()
        elif kind == "sell":
            k, col = v
            coins = k * scoring.price(self.field, col)
            self.peppers[s][col] -= k
            self.money[s] += coins
            self.did[2] = True
            self._ev("sell", s, col, k, coins)
            self._say(f"P{s} sells {k} {COLORS[col]} for ${coins}.")
            self._next_fulfiller()
        else:                                   # done
            if self.phase == "plant":
                self.turn += 1
                self._next_planter()
            elif self.phase == "harvest":
                self._say(f"P{s} stops.")
                self._end_walk()
            else:
                self.turn += 1
                self._next_fulfiller(new=True)

    # -- views --------------------------------------------------------------------------------
    def _sees(self, viewer, s):
        return viewer == s or not self.game.options["screens"]

    def _observation(self, seat):
        g = self.game
        n = g.players
        players = []
        for s in range(n):
            see = self._sees(seat, s)
            players.append({
                "money": self.money[s] if see else None,
                "peppers": list(self.peppers[s]) if see else None,
                "market": list(self.held_market[s]) if see else None,
                "recipes": list(self.held_recipes[s]) if see else None,
                "plaques": [list(x) for x in self.won[s]],
                "tiles": list(self.tiles[s]),
            })
        obs = {
            "phase": self.phase, "round": self.round, "afternoon": self.afternoon,
            "final": self.final, "round_limit": g.options["round_limit"],
            "screens": g.options["screens"],
            "order": list(self.order),
            "field": "".join("." if c < 0 else str(c) for c in self.field),
            "farmers": [None if x < 0 else x for x in self.farmers],
            "auction": list(self.auction), "market": list(self.market),
            "recipes": list(self.recipes),
            "decks": {"auction": len(self.auction_deck[1 if self.afternoon else 0]),
                      "discard": len(self.auction_discard[1 if self.afternoon else 0]),
                      "market": len(self.market_deck)},
            "stacks": [list(x) for x in self.stacks],
            "holdings": players,
            "prices": scoring.prices(self.field),
            "events": [list(e) for e in self.events],
            "bids": list(self.bids) if self.bids is not None else None,
            "bidding": ([len(self._secret_of(s)) > 0 for s in range(n)]
                        if self.phase == "bid" else None),
            "my_bid": (g.action_space.unpack(self._secret_of(seat)[0])[1]
                       if seat is not None and self.phase == "bid" and self._secret_of(seat)
                       else None),
            "queue": list(self.queue) if self.phase == "spot" else None,
            "spots": [None if x is None else x + 1 for x in self.spots],
            "walk": self._walk_view(),
            "planted": self.planted if self.phase in ("plant", "plaque") else 0,
            "offer": self.offer if self.phase == "plaque" else None,
            "did": list(self.did) if self.phase == "fulfil" else None,
            "result": self.result,
        }
        # derived facts, only where they apply (small payloads)
        me = seat is not None and seat == self.current_player
        if self.phase == "bid" and me:
            obs["bid_max"] = self._bid_max(seat)
        if self.phase == "plaque":
            obs["offer_value"] = self._top_plaque(self.offer)
        if self.phase == "harvest" and me and self.walk:
            steps = self._steps(seat)
            if steps:
                obs["harvest"] = {str(q): list(self._harvest_at(q)) for q in sorted(set(steps[0] + steps[1]))}
        if seat is not None and self.phase != "over":
            market, recipes = self._payable(seat)
            if market or recipes:
                obs["affordable"] = {"market": market, "recipes": recipes}
        return obs

    def _walk_view(self):
        if not self.walk:
            return None
        f = self.game.field
        path = self.walk[3]
        return {"seat": self.walk[0], "path": list(path), "steps": self.walk[2],
                "corners": [list(f.corner_xy[f.corner_between(a, b)]) for a, b in zip(path, path[1:])]}

    def _scores(self):
        n = self.game.players
        if self.result is not None:
            return list(self.result["totals"])
        if not self.game.options["screens"]:
            return [self.tally(s)["total"] for s in range(n)]
        tv = self.game.components.tile_vp
        return [sum(v for _, v in self.won[s]) + tv * sum(self.tiles[s]) for s in range(n)]

    def _winners(self):
        return list(self.result["winners"])

    # -- copies and serialization ----------------------------------------------------------
    _LISTS = ("money", "field", "farmers", "market", "market_deck", "recipes", "auction",
              "order", "queue", "spots", "did", "plaque_round")
    _NESTED = ("peppers", "tiles", "held_market", "held_recipes", "auction_deck",
               "auction_discard", "stacks")
    _SCALARS = ("round", "afternoon", "final", "phase", "turn", "planted", "offer")

    def _copy_into(self, new):
        for k in self._LISTS:
            setattr(new, k, getattr(self, k).copy())
        for k in self._NESTED:
            setattr(new, k, [x.copy() for x in getattr(self, k)])
        for k in self._SCALARS:
            setattr(new, k, getattr(self, k))
        new.won = [[x.copy() for x in w] for w in self.won]
        new.events = self.events.copy()          # events are appended, never changed
        new.bids = self.bids                     # replaced, never changed
        new.result = self.result                 # set once at the end
        w = self.walk
        new.walk = None if w is None else [w[0], w[1], w[2], w[3].copy()]

    def _payload(self):
        d = {k: getattr(self, k) for k in self._LISTS + self._NESTED + self._SCALARS}
        d = {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()}
        for k in self._NESTED:
            d[k] = [list(x) for x in getattr(self, k)]
        d["won"] = [[list(x) for x in w] for w in self.won]
        d["events"] = [list(e) for e in self.events]
        d["bids"] = None if self.bids is None else list(self.bids)
        d["result"] = self.result
        d["walk"] = None if self.walk is None else [self.walk[0], self.walk[1], self.walk[2],
                                                    list(self.walk[3])]
        d["cp"] = self.current_player
        return _json(d)

    def _load(self, d):
        for k in self._LISTS:
            setattr(self, k, list(d[k]))
        for k in self._NESTED:
            setattr(self, k, [list(x) for x in d[k]])
        for k in self._SCALARS:
            setattr(self, k, d[k])
        if self.phase not in PHASES:
            raise RecordError(f"corrupt scoville state: phase {self.phase!r}")
        self.won = [[list(x) for x in w] for w in d["won"]]
        self.events = [list(e) for e in d["events"]]
        self.bids = d["bids"]
        self.result = d["result"]
        w = d["walk"]
        self.walk = None if w is None else [w[0], w[1], w[2], list(w[3])]
        self.current_player = d["cp"]
        n = self.game.players
        if len(self.money) != n or len(self.peppers) != n or len(self.order) != n:
            raise RecordError("corrupt scoville state: the seat count is wrong")

    # -- determinize ----------------------------------------------------------------------------
    def _flows(self, s):
        """(pepper need, pepper net, money need, money net) of seat ``s`` over the
        public events of the round: the least it must have held at the start of
        the round to afford each event in order, and the net change."""
        c = self.game.components
        run, low = [0] * 10, [0] * 10
        mrun = mlow = 0
        for e in self.events:
            if e[1] != s:
                continue
            spend, gain, mout, min_ = (), (), 0, 0
            k = e[0]
            if k == "bid":
                mout = e[2]
            elif k == "claim":
                gain = c.auction[e[2]]
            elif k == "plant":
                spend = (e[2],)
            elif k == "step":
                gain = e[3]
            elif k == "market":
                m = c.market[e[2]]
                spend = m.wanted
                gain = tuple(m.peppers) + ((BLACK if e[3] == 1 else WHITE,) if m.choice else ())
                min_ = m.coins
            elif k == "recipe":
                spend = c.recipes[e[2]].peppers
            elif k == "sell":
                spend = (e[2],) * e[3]
                min_ = e[4]
            for col in spend:
                run[col] -= 1
                if run[col] < low[col]:
                    low[col] = run[col]
            for col in gain:
                run[col] += 1
            mrun -= mout
            mlow = min(mlow, mrun)
            mrun += min_
        return [-x for x in low], run, -mlow, mrun

    def _resample(self, seat, rng):
        """Resample what ``seat`` cannot see, from what it sees and ``rng`` only (so
        a search's advice never depends on the hidden truth).

        Always: the order of the hidden decks (the auction decks, the afternoon
        Market deck), each sorted first. The other seats' secret bids are resampled
        by the core.

        With screens (the default), for every other seat: (1) the Market and Recipe
        cards the others took before this round (the seat no longer sees who holds
        them) are dealt again among the others at random, one by one; cards taken
        this round stay with their takers, the seat saw it. (2) Peppers: the least
        that the public events of this round require (every pepper it planted, paid
        or sold this round was there in time), plus a random number of extra
        peppers (0 to 2 + the round number), each of a colour drawn from the
        peppers planted on the field (public); the round's public gains and
        spendings are then applied again. (3) Money likewise: the least this
        round's bids needed, plus a random rest from 0 to the starting money plus
        $3 a round played, never above the money bound of the round. Counts and
        sums are therefore not kept: they are hidden behind the screens too."""
        for d in self.auction_deck:
            d.sort()
            rng.shuffle(d)
        self.market_deck.sort()
        rng.shuffle(self.market_deck)
        g = self.game
        if not g.options["screens"]:
            return
        n = g.players
        others = [s for s in range(n) if s != seat]
        if not others:
            return
        # (1) cards
        this_round = {(e[0], e[2]) for e in self.events if e[0] in ("market", "recipe")}
        for kind, held in (("market", self.held_market), ("recipe", self.held_recipes)):
            keep = {s: [x for x in held[s] if (kind, x) in this_round] for s in others}
            pool = sorted(x for s in others for x in held[s] if (kind, x) not in this_round)
            rng.shuffle(pool)
            for s in others:
                held[s] = keep[s]
            for x in pool:
                held[others[rng.randrange(len(others))]].append(x)
        # (2) peppers and (3) money
        planted = sorted(col for col in self.field if col >= 0)
        bound = scoring.money_cap(self.round - 1, g.components.start_money,
                                  max(m.coins for m in g.components.market), g.field.plots)
        for s in others:
            need, net, mneed, mnet = self._flows(s)
            new = need.copy()
            for _ in range(rng.randint(0, 2 + self.round) if planted else 0):
                new[planted[rng.randrange(len(planted))]] += 1
            self.peppers[s] = [new[i] + net[i] for i in range(10)]
            free = rng.randint(0, g.components.start_money + 3 * (self.round - 1))
            self.money[s] = min(mneed + free, max(bound, mneed)) + mnet

    def check_invariants(self):
        g = self.game
        c = g.components
        n = g.players
        assert all(0 <= m <= g.cap for m in self.money), f"scoville: money {self.money} out of 0..{g.cap}"
        assert all(x >= 0 for p in self.peppers for x in p), "scoville: a negative pepper count"
        cards = self.market + self.market_deck + [x for h in self.held_market for x in h]
        assert len(cards) == len(set(cards)), "scoville: a market card is in two places"
        rec = self.recipes + [x for h in self.held_recipes for x in h]
        assert len(rec) == len(set(rec)) and len(rec) <= len(c.recipes), \
            "scoville: a recipe card is in two places"
        auc = self.auction + [x for d in self.auction_deck + self.auction_discard for x in d]
        assert len(auc) == len(set(auc)), "scoville: an auction card is in two places"
        if not self.afternoon:
            assert len(auc) == len(c.auction), "scoville: auction cards are not conserved"
        assert sorted(self.order) == list(range(n)), "scoville: the turn order is not a permutation"
        planted = [p for p, col in enumerate(self.field) if col >= 0]
        assert len(planted) >= 2
        nb = g.field.neighbours
        assert all(p in g.field.start_plots or any(self.field[q] >= 0 for q in nb[p])
                   for p in planted), "scoville: a pepper is not connected"
        for s in range(n):
            assert sum(1 for st, _ in self.won[s]) <= self.round, "scoville: too many plaques"


def _json(x):
    if isinstance(x, dict):
        return {k: _json(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_json(v) for v in x]
    return x


ScovilleGame.State = ScovilleState
