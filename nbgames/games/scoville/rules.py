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
from ...core.fields import derived, hidden, private, public
from ...core.state import State, best_seats
from ...core.words import who_won
from . import inference, scoring
from .components import BLACK, COLORS, WHITE, load_components
from .field import Field

PHASES = ("bid", "spot", "claim", "plant", "plaque", "harvest", "fulfil", "over")
T_PLANT, T_STEP, T_BACK = 0, 1, 2
REWARDS = ("as shown", "black", "white")


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
        self.afternoon_market = tuple(m.afternoon for m in c.market)
        self.morning_ids = [i for i, m in enumerate(c.market) if not m.afternoon]
        self.afternoon_ids = [i for i, m in enumerate(c.market) if m.afternoon]
        self.recipe_need = [_counts(r.peppers) for r in c.recipes]
        self._id_tables()

    def _id_tables(self):
        """The ids the engine lists, looked up instead of built from their values
        (a playout lists thousands), and each card's needs as ``(colour, count)``
        pairs of the colours it names (a payability check reads only those)."""
        c, f, K = self.components, self.field, self.K
        self.spot_ids = [K["spot"].id(i + 1) for i in range(self.max_players)]
        self.claim_ids = [K["claim"].id(card) for card in range(len(c.auction))]
        # plant_ids[colour][plot]
        self.plant_ids = [[K["plant"].id(col, p) for p in range(f.plots)]
                          for col in range(len(COLORS))]
        self.plaque_ids = [K["plaque"].id(0), K["plaque"].id(1)]
        self.step_ids = [K["step"].id(q) for q in range(f.notches)]
        self.back_ids = [K["back"].id(q) for q in range(f.notches)]
        self.done_id = K["done"].id()
        # a market card's ids: (black, white) on the cards that offer the choice
        self.market_ids = [(K["market"].id(i, 1), K["market"].id(i, 2)) if m.choice
                           else (K["market"].id(i, 0),) for i, m in enumerate(c.market)]
        self.recipe_ids = [K["recipe"].id(i) for i in range(len(c.recipes))]
        # sell_ids[colour][k - 1]: sell k peppers of that colour
        self.sell_ids = [tuple(K["sell"].id(k, col) for k in range(1, scoring.SELL_MAX + 1))
                         for col in range(len(COLORS))]
        self.market_pairs = [_pairs(n) for n in self.market_need]
        self.recipe_pairs = [_pairs(n) for n in self.recipe_need]

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


def _pairs(need) -> tuple:
    """``need`` (counts by colour) as ``(colour, count)`` pairs of its colours."""
    return tuple((i, k) for i, k in enumerate(need) if k)


def _pays(have, pairs) -> bool:
    """Whether pepper counts ``have`` pay the needs ``pairs`` (:func:`_pairs`)."""
    for i, k in pairs:
        if have[i] < k:
            return False
    return True


def _screened(state) -> bool:
    """Whether the holdings are behind the screens now: with ``screens=True``, until
    the game is over (the tally is made in the open)."""
    return state.game.options["screens"] and state.phase != "over"


class ScovilleState(State):
    """The state of a Scoville game; ``FIELDS`` says what each seat may see.

    ``events`` are the public events of the current round, in order (what the
    table shows and what a copy must keep true; see :func:`.inference.facts`):
    ``["bid", s, $]``, ``["spot", s, spot]``, ``["claim", s, card]``,
    ``["plant", s, colour, plot]``, ``["tile", s, tile]``, ``["plaque", s, stack,
    value]``, ``["step", s, notch, harvest, from notch]``, ``["market", s, card,
    reward]``, ``["recipe", s, card]``, ``["sell", s, colour, n, $]``,
    ``["skip", s, phase]`` (a turn the engine skipped: plant, harvest or fulfil),
    ``["done", s, phase]`` (the seat chose ``done``) and ``["end", s, phase]``
    (the engine played ``done``, the only answer: a planting after the first
    pepper with the tile and a free plot but no pepper left; a fulfillment with
    nothing payable left and, if nothing was sold yet, no pepper).
    """

    FIELDS = {
        "round": public(doc="the round number, from 1"),
        "afternoon": public(doc="the afternoon has begun"),
        "final": public(doc="this is the last round"),
        "phase": public(doc="what is decided now", choices=PHASES),
        "turn": public(doc="index into the acting order of the phase"),
        "order": public(doc="seats by spot on the turn-order track (replaced, never changed)"),
        "queue": public("list", "bidders still to choose a spot, in choosing order"),
        "spots": public("list", "the spot (0-based) each seat took this round, None before"),
        "bids": public(doc="this round's bids once revealed (replaced, never changed)"),
        "field": public("list", "70 plot colours, -1 = empty"),
        "farmers": public("list", "the notch of each seat's farmer, -1 = not yet placed"),
        "tiles": public("lists", "the bonus tiles each seat has not used (a used one is "
                                 "discarded face up)"),
        "won": public("lists", "[stack, value] plaques by seat (in front of the screens)"),
        "stacks": public("lists", "plaque values left by stack, top first"),
        "plaque_round": public("list", "seats that took a plaque this round"),
        "auction": public("list", "the auction cards on display"),
        "auction_discard": public("lists", "claimed auction cards (morning, afternoon), face up"),
        "market": public("list", "the market cards on display"),
        "recipes": public("list", "the recipe cards on display"),
        "walk": public(doc="the walking farmer [seat, corner arrived by, steps, path] "
                           "(replaced, never changed)"),
        "planted": public(doc="peppers planted in this planting turn"),
        "offer": public(doc="the plaque stack on offer, -1 = none"),
        "did": public("list", "market, recipe, sale done in this fulfillment turn"),
        "events": public(doc="the public events of the current round (replaced, never "
                             "changed; see the class docstring)"),
        "result": public(doc="the tally once the game is over"),
        "money": private("list", "each seat's coins", when=_screened, hook=True),
        "peppers": private("lists", "each seat's pepper counts by colour", when=_screened,
                           hook=True),
        "held_market": private("lists", "market cards behind each screen", when=_screened,
                               hook=True, known=inference.taken_market),
        "held_recipes": private("lists", "recipe cards behind each screen", when=_screened,
                                hook=True, known=inference.taken_recipes),
        "auction_deck": hidden("lists", "the face-down auction decks (morning, afternoon), "
                                        "top last"),
        "market_deck": hidden("list", "the face-down afternoon market deck"),
        "_memo": derived(doc="what the public parts say about the hidden ones, worked out once "
                             "for a position (shared by copies, checked against the events)"),
    }

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
        picks = self._sample(start, c.start_planted, self._rng())
        for p, col in zip(g.field.start_plots, picks):
            self.field[p] = col
        self.farmers = [-1] * n
        morning = [i for i, m in enumerate(c.market) if not m.afternoon]
        afternoon = [i for i, m in enumerate(c.market) if m.afternoon]
        self._shuffle(morning, self._rng())
        self._shuffle(afternoon, self._rng())
        k = c.market_count[n]
        self.market = morning[:k]
        self.market_deck = afternoon
        recipes = list(range(len(c.recipes)))
        self._shuffle(recipes, self._rng())
        self.recipes = sorted(recipes[:c.recipe_count[n]], key=lambda r: (c.recipes[r].vp, r))
        am = [i for i, a in enumerate(c.auction_afternoon) if not a]
        aa = [i for i, a in enumerate(c.auction_afternoon) if a]
        self._shuffle(am, self._rng())
        self._shuffle(aa, self._rng())
        self.auction_deck = [am, aa]
        self.auction_discard = [[], []]
        self.auction = []
        self.stacks = [list(vals[c.removed_2_3p:] if n <= 3 else vals)
                       for _, _, vals in c.plaques]
        order = list(range(n))
        self._shuffle(order, self._rng())
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
        self._memo = {}
        self.plaque_round = [False] * n
        self.phase = "claim"
        self.turn = 0
        self._refill_auction()
        self._say(f"Scoville, {n} players. Starting plots: {COLORS[picks[0]]} and "
                  f"{COLORS[picks[1]]}. Turn order: " + ", ".join(f"P{s}" for s in order) + ".")
        self._begin_round()

    # -- helpers --------------------------------------------------------------------
    def _ev(self, *e):
        self.events = [*self.events, list(e)]      # replaced: copies share the old list

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
                self._shuffle(deck, self._rng())
                self._say("The auction deck ran out: its discards are shuffled into a new deck.")
            self.auction.append(deck.pop())

    def _begin_round(self):
        n = self.game.players
        self.events = []
        self.plaque_round = [False] * n
        self.bids = None
        self.spots = [None] * n
        if not self._quiet:
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
        if not self._quiet:
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
        if not self._quiet:
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
        if not self._quiet:
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
        if not self._quiet:
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
        return any(self.peppers[s]) and self.game.field.can_plant(self.field)

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
            if not self._quiet:
                self._say(f"P{s} cannot plant and skips.")
            self.turn += 1
        self._begin_harvest()

    def _after_plant(self, s):
        self.phase = "plant"
        if self.planted == 1 and self.tiles[s][T_PLANT]:
            if any(self.peppers[s]):
                if self.game.field.can_plant(self.field):
                    return                      # plant another (the tile) or done
            elif self.game.field.can_plant(self.field):
                self._ev("end", s, "plant")     # done was the only answer
                if not self._quiet:
                    self._say(f"P{s} has no pepper left for an extra planting.")
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
                if not self._quiet:
                    self._say(f"P{s} places their farmer on the star.")
            # walk: [seat, corner arrived by (-1 = none yet), steps, path]; replaced, never
            # changed in place (copies share it)
            self.walk = [s, -1, 0, [self.farmers[s]]]
            if self._steps(s):
                self.current_player = s
                return
            self._ev("skip", s, "harvest")
            if not self._quiet:
                self._say(f"P{s}'s farmer is blocked and skips.")
            self.walk = None
            self.turn += 1
        self.walk = None
        self._begin_fulfil()

    def _steps(self, s):
        """(forward, back) legal target notches of the walking seat."""
        _, came, steps, _ = self.walk
        if steps >= 4 or (steps == 3 and not self.tiles[s][T_STEP]):
            return None
        occupied = {x for o, x in enumerate(self.farmers) if o != s and x >= 0}
        return self.game.field.targets(self.farmers[s], came, self.tiles[s][T_BACK], occupied)

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
            if not self._quiet:
                self._say(f"P{s} plays Move 1 Extra Step.")
        if back:
            self.tiles[s][T_BACK] = False
            self._ev("tile", s, T_BACK)
            if not self._quiet:
                self._say(f"P{s} plays Double Back Once.")
        self.farmers[s] = q
        self.walk = [s, corner, walk[2] + 1, [*walk[3], q]]
        got = self._harvest_at(q)
        for col in got:
            self.peppers[s][col] += 1
        self._ev("step", s, q, list(got), pos)
        if not self._quiet:
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
        mp, rp = g.market_pairs, g.recipe_pairs
        return ([c for c in self.market if _pays(have, mp[c])],
                [c for c in self.recipes if _pays(have, rp[c])])

    def _options(self, s):
        """Legal fulfillment ids except ``done``."""
        g = self.game
        have = self.peppers[s]
        did = self.did
        out = []
        if not did[0]:
            mp, ids = g.market_pairs, g.market_ids
            for card in self.market:
                if _pays(have, mp[card]):
                    out.extend(ids[card])
        if not did[1]:
            rp, ids = g.recipe_pairs, g.recipe_ids
            for card in self.recipes:
                if _pays(have, rp[card]):
                    out.append(ids[card])
        if not did[2]:
            sell, most = g.sell_ids, scoring.SELL_MAX
            for col, k in enumerate(have):
                if k > 0:
                    out.extend(sell[col][:k if k < most else most])
        return out

    def _has_options(self, s) -> bool:
        """``bool(self._options(s))``, without listing them: a sale is possible
        whenever the seat has a pepper and has not sold yet."""
        have = self.peppers[s]
        did = self.did
        if not did[2] and max(have) > 0:
            return True
        g = self.game
        if not did[0]:
            mp = g.market_pairs
            if any(_pays(have, mp[c]) for c in self.market):
                return True
        if not did[1]:
            rp = g.recipe_pairs
            if any(_pays(have, rp[c]) for c in self.recipes):
                return True
        return False

    def _next_fulfiller(self, new=False):
        n = self.game.players
        while self.turn < n:
            s = self.order[self.turn]
            if new:
                self.did = [False, False, False]
            if self._has_options(s):
                self.current_player = s
                return
            if new:
                self._ev("skip", s, "fulfil")
                if not self._quiet:
                    self._say(f"P{s} has nothing to fulfil.")
            else:                               # done was the only answer
                self._ev("end", s, "fulfil")
                if not self._quiet:
                    self._say(f"P{s} has nothing more to fulfil.")
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
                       "winners": best_seats([(t, *self._tiebreak(s)) for s, t in enumerate(totals)])}
        self.phase = "over"
        self.current_player = None
        self.walk = None
        if self._quiet:
            return
        self._say(f"Game over: {why}.")
        for s, r in enumerate(rows):
            self._say(f"P{s}: market {r['market']} + recipes {r['recipes']} + plaques "
                      f"{r['plaques']} + tiles {r['tiles']} + money {r['money']} "
                      f"= {r['total']} (${self.money[s]}).")
        self._say(f"Game over: {who_won(self.result['winners'])}.")

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
            ids = g.spot_ids
            return [ids[i] for i in self._free_spots()]
        if ph == "claim":
            ids = g.claim_ids
            return [ids[c] for c in sorted(self.auction)]
        if ph == "plant":
            plots = g.field.plantable(self.field)
            out = []
            for col, k in enumerate(self.peppers[s]):
                if k:
                    ids = g.plant_ids[col]
                    out.extend([ids[p] for p in plots])
            if self.planted:
                out.append(g.done_id)
            return out
        if ph == "plaque":
            return list(g.plaque_ids)
        if ph == "harvest":
            fwd, back = self._steps(s)
            step, bk = g.step_ids, g.back_ids
            out = [step[q] for q in sorted(fwd)] + [bk[q] for q in sorted(back)]
            if self.walk[2] >= 1:
                out.append(g.done_id)
            return out
        if ph == "fulfil":
            out = self._options(s)
            out.append(g.done_id)
            return out
        return []

    def _apply(self, aid):
        self._memo = {}                 # a new position: its own memo (clones keep theirs)
        g = self.game
        s = self.current_player
        kind, *v = g.action_space.unpack(aid)
        n = g.players
        if kind == "bid":
            self._secret_add(s, aid)
            if not self._quiet:          # a search's quiet copy writes no log text
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
                if not self._quiet:
                    self._say(f"P{s} plays Plant 1 Extra Pepper.")
            self.peppers[s][col] -= 1
            self.field[p] = col
            self.planted += 1
            self._ev("plant", s, col, p)
            if not self._quiet:
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
                if not self._quiet:
                    self._say(f"P{s} takes the {g.components.plaques[st][0]} plaque worth {value}.")
            elif not self._quiet:
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
            if not self._quiet:
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
            if not self._quiet:
                self._say(f"P{s} cooks {r.name} ({r.vp} points).")
            self._next_fulfiller()
        elif kind == "sell":
            k, col = v
            coins = k * scoring.price(self.field, col)
            self.peppers[s][col] -= k
            self.money[s] += coins
            self.did[2] = True
            self._ev("sell", s, col, k, coins)
            if not self._quiet:
                self._say(f"P{s} sells {k} {COLORS[col]} for ${coins}.")
            self._next_fulfiller()
        else:                                   # done
            self._ev("done", s, self.phase)
            if self.phase == "plant":
                if not self._quiet:
                    self._say(f"P{s} is done planting.")
                self.turn += 1
                self._next_planter()
            elif self.phase == "harvest":
                if not self._quiet:
                    self._say(f"P{s} stops.")
                self._end_walk()
            else:
                if not self._quiet:
                    self._say(f"P{s} is done.")
                self.turn += 1
                self._next_fulfiller(new=True)

    # -- views --------------------------------------------------------------------------------
    def _sees(self, viewer, s):
        """Whether ``viewer`` sees the holdings of seat ``s`` (its own; all without
        screens, and at the end, when the screens come down for the tally)."""
        return viewer == s or not self.game.options["screens"] or self.phase == "over"

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
            "discard": list(self.auction_discard[1 if self.afternoon else 0]),
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

    def _tiebreak(self, seat):
        """Endgame: "In case of a tie, the player with the most money wins" (then the
        victory is shared: our reading, the rulebook names nothing further)."""
        return (self.money[seat],)

    # -- loading --------------------------------------------------------------------------
    def _loaded(self):
        g = self.game
        n = g.players
        self._memo = {}
        for name in ("money", "peppers", "tiles", "won", "held_market", "held_recipes",
                     "farmers", "spots", "plaque_round"):
            if len(getattr(self, name)) != n:
                raise RecordError(f"scoville: field data.{name} has {len(getattr(self, name))} "
                                  f"entries, not one a seat ({n})")
        if sorted(self.order) != list(range(n)):
            raise RecordError(f"scoville: field data.order={self.order!r} is not an order of "
                              f"the {n} seats")
        ph = self.phase
        secret = self._secret
        if (ph == "bid") != (secret is not None):
            raise RecordError(f"scoville: a sealed-bid round (field secret) is open exactly in the "
                              f"bid phase, not in phase {ph!r}")
        if ph == "over":
            self.current_player = None
        elif ph == "bid":                       # seats bid in seat order, one bid each
            cp = sum(1 for p in secret if p)
            if cp >= n or any(len(p) != (s < cp) for s, p in enumerate(secret)):
                raise RecordError(f"scoville: field secret={secret!r} is not one bid from each of "
                                  f"the first seats")
            self.current_player = cp
        elif ph == "spot":
            if not self.queue:
                raise RecordError("scoville: the spot phase needs a bidder in field data.queue")
            self.current_player = self.queue[0]
        elif ph == "harvest":
            if self.walk is None or self.walk[0] != self.order[n - 1 - self.turn]:
                raise RecordError(f"scoville: field data.walk={self.walk!r} is not the walk of the "
                                  f"seat whose turn it is")
            self.current_player = self.walk[0]
        else:
            if not 0 <= self.turn < n:
                raise RecordError(f"scoville: field data.turn={self.turn!r} is not in 0..{n - 1}")
            self.current_player = self.order[self.turn]

    # -- determinize ------------------------------------------------------------------------
    def _resample_more(self, seat, rng):
        """The holdings behind the other screens (the parts declared ``hook=True``),
        drawn to keep what the round's public events imply: :func:`.inference.resample`."""
        if _screened(self):
            inference.resample(self, seat, rng)
        self._memo = {}                         # its own from here (it will move on)

    # -- the remembered round (nbgames.core.chance, worlds with a past) ---------------------------
    def _window_mark(self):
        """What a seat remembers is the current round (its public events,
        :mod:`.inference`): the weighted sampler replays a world over it."""
        return self.round

    def _roll_back(self, now):
        """On this round's first position holding the holdings and decks of ``now``
        (a world, as it stands now), undo what the round's public events did to
        them: :func:`.inference.roll_back`."""
        return inference.roll_back(self, now)

    # -- invariants -------------------------------------------------------------------------------
    def check_invariants(self):
        """The rules' constraints (cards conserved, money within what the rounds allow,
        a connected field) and the consistency of every seat's holdings with the
        public events of the round (:func:`.inference.check_holdings`: what the events
        imply; a harvest skipped only when the farmer was boxed in)."""
        g = self.game
        c = g.components
        n = g.players
        assert all(0 <= m <= g.cap for m in self.money), f"scoville: money {self.money} out of 0..{g.cap}"
        assert all(x >= 0 for p in self.peppers for x in p), "scoville: a negative pepper count"
        cards = self.market + self.market_deck + [x for h in self.held_market for x in h]
        assert len(cards) == len(set(cards)), "scoville: a market card is in two places"
        rec = self.recipes + [x for h in self.held_recipes for x in h]
        assert len(rec) == len(set(rec)), "scoville: a recipe card is in two places"
        # Setup C/D and Time Check: the cards dealt are on display or behind a screen
        assert len(rec) == c.recipe_count[n], \
            f"scoville: {len(rec)} recipes on display or held, not the {c.recipe_count[n]} dealt"
        k = c.market_count[n]
        aft = g.afternoon_market
        held = [x for h in self.held_market for x in h]
        held_aft = sum(1 for x in held if aft[x])
        if self.afternoon:
            assert not self.market_deck and all(aft[x] for x in self.market), \
                "scoville: the afternoon market holds a morning card or the deck is not boxed"
            assert len(self.market) + held_aft == k, \
                f"scoville: {len(self.market) + held_aft} afternoon market cards, not the {k} dealt"
            assert k - n + 1 <= len(held) - held_aft <= k, \
                "scoville: the morning market cards held do not fit a short morning display"
        else:
            assert sorted(self.market_deck) == g.afternoon_ids, \
                "scoville: the afternoon market deck is not the afternoon cards"
            assert len(self.market) + len(held) == k, \
                f"scoville: {len(self.market) + len(held)} morning market cards, not the {k} dealt"
        auc = self.auction + [x for d in self.auction_deck + self.auction_discard for x in d]
        assert len(auc) == len(set(auc)), "scoville: an auction card is in two places"
        if not self.afternoon:
            assert len(auc) == len(c.auction), "scoville: auction cards are not conserved"
        else:
            assert sum(c.auction_afternoon[x] for x in auc) == sum(c.auction_afternoon), \
                "scoville: afternoon auction cards are not conserved"
        assert sorted(self.order) == list(range(n)), "scoville: the turn order is not a permutation"
        planted = [p for p, col in enumerate(self.field) if col >= 0]
        assert len(planted) >= 2
        nb = g.field.neighbours
        assert all(p in g.field.start_plots or any(self.field[q] >= 0 for q in nb[p])
                   for p in planted), "scoville: a pepper is not connected"
        for s in range(n):
            assert sum(1 for st, _ in self.won[s]) <= self.round, "scoville: too many plaques"
        if self._secret is not None:
            sp = g.action_space
            for s, picks in enumerate(self._secret):
                assert all(sp.unpack(a)[1] <= self.money[s] for a in picks), \
                    f"scoville: seat {s} bid more than its ${self.money[s]}"
        inference.check_holdings(self)


ScovilleGame.State = ScovilleState
