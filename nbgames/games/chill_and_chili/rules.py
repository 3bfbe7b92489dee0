"""Chill & Chili: the Game and its State machine.

Decisions (``game.action_space``; ids are fixed for a game):

====================  ====================================================
kind                  label
====================  ====================================================
``fresh``             ``fresh vegetables: row <1|2>`` (before the main action)
``scarecrow``         ``Scarecrow: draw the top card`` (before the main action)
``accessory``         ``buy <Fertilizer|Watering Can|Wheelbarrow|Scarecrow>``   (A)
``draw``              ``draw the top card``                                      (A)
``market``            ``buy row <r> space <s> (<price> coins)``                  (A)
``plant``             ``plant <Variety> (suns a+b+...)``                         (B)
``layout``            ``lay out <accessory>``                                    (B)
``take``              ``take the pond as <money|water>``                         (C)
``can``               ``Watering Can chips as <money|water>``
``barrow``            ``Wheelbarrow chips as <money|water>``
``water``             ``water bed <b>`` (one drop on a free sun of your bed b)
``compost``           ``compost <card>`` (hand limit, Scarecrow)
====================  ====================================================

A bed is planted by naming the variety and the suns of the cards laid (cards of
one variety with the same suns are identical), so ``plant Tomato (suns 1+2)``
is exactly what a person chooses.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from ...core import Game, Option, components_option, int_range
from ...core.action_space import ActionSpace, Kind
from ...core.errors import OptionError, RecordError
from ...core.fields import derived, hidden, private, public
from ...core.state import State, best_seats
from ...core.validate import as_int
from ...core.words import who_won
from . import scoring
from .components import ACCESSORIES, load_components

FERTILIZER, CAN, BARROW, SCARECROW = 0, 1, 2, 3
MODES = ("money", "water")
STEPS = ("main", "compost", "can", "barrow", "water", "over")


def _plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


class ChillGame(Game):
    title = "chill_and_chili"
    name = "Chill & Chili"
    min_players = 2
    max_players = 5
    options_spec = {
        "first_player": Option(0, "Seat that takes the first turn (rulebook: 'the player who "
                                  "most recently planted something').",
                               check=int_range(0, lambda g: g.players - 1, "a seat")),
        "start_order": Option("any", "Order of the two optional start-of-turn steps, on which "
                                     "the rulebook is silent: 'any' (either first, each at most "
                                     "once), 'fresh_first' (no fresh vegetables after using the "
                                     "Scarecrow) or 'scarecrow_first' (no Scarecrow after fresh "
                                     "vegetables).",
                              choices=("any", "fresh_first", "scarecrow_first")),
        "held_accessories_score": Option(True, "Whether an accessory card still in hand at the "
                                               "end scores 1 point like any card in hand "
                                               "(rulebook: '1 card in hand scores 1 point').",
                                         choices=(True, False)),
        "components": components_option(
            load_components, "None for the bundled components.json, or a path/dict of a "
                              "corrected component file."),
    }

    def _setup(self):
        c = self.components = load_components(self.options["components"])
        r = c.rules
        n = self.players
        if n not in r["removed_chips"]:
            raise OptionError(f"chill_and_chili: the component file gives no removed_chips for "
                              f"{n} players (it has {sorted(r['removed_chips'])})")
        self.pond_start = r["chips"] - r["removed_chips"][n] - n * r["start_coins"]
        if self.pond_start < 1:
            raise OptionError(f"chill_and_chili: {n} players leave {self.pond_start} chips for "
                              f"the pond board; at least 1 is needed")
        # card types: one per (variety, suns)
        self.type_var, self.type_suns, self.type_names, deck = [], [], [], []
        self.var_types = []
        for vi, v in enumerate(c.varieties):
            ts = []
            for s, count in v.suns.items():
                t = len(self.type_var)
                ts.append(t)
                self.type_var.append(vi)
                self.type_suns.append(s)
                self.type_names.append(f"{v.name} {_plural(s, 'sun')}")
                deck += [t] * count
            self.var_types.append(ts)
        self.deck = tuple(deck)
        T = self.ntypes = len(self.type_var)
        self.rows = r["market_rows"]
        self.prices = list(r["market_prices"])
        self.spaces = len(self.prices)
        if n * r["hand_size"] + self.rows * self.spaces > len(deck):
            raise OptionError(f"chill_and_chili: {n} players need "
                              f"{n * r['hand_size'] + self.rows * self.spaces} vegetable cards "
                              f"for the set-up; the component file has {len(deck)}")
        # beds a player may plant: variety + the suns of its cards (a multiset)
        self.combos = []       # (variety, types tuple, needs ((type, k), ...), suns, points)
        self.var_combos = []
        names = []
        for vi, v in enumerate(c.varieties):
            mine = []
            sun_of = {self.type_suns[t]: t for t in self.var_types[vi]}
            for size in range(v.bed_min, v.bed_max + 1):
                for pick in combinations_with_replacement(sorted(sun_of), size):
                    if any(pick.count(s) > v.suns[s] for s in set(pick)):
                        continue
                    types = tuple(sun_of[s] for s in pick)
                    needs = tuple((t, types.count(t)) for t in sorted(set(types)))
                    k = len(self.combos)
                    self.combos.append((vi, types, needs, sum(pick), v.points[size]))
                    names.append(f"{v.name} (suns {'+'.join(map(str, pick))})")
                    mine.append((k, needs))
            self.var_combos.append(mine)
        self.var_min = [v.bed_min for v in c.varieties]
        # a player plants at most once a turn and there are pond_start turns
        self.max_beds = -(-self.pond_start // n)
        acc = [a[0] for a in c.accessories]
        self.acc_price = [a[2] for a in c.accessories]
        self.acc_count = [a[1] for a in c.accessories]
        space_names = [f"{i + 1} ({_plural(p, 'coin')})" for i, p in enumerate(self.prices)]
        self.action_space = sp = ActionSpace(
            Kind("fresh", "fresh vegetables: row {row}", row=(1, self.rows)),
            Kind("scarecrow", "Scarecrow: draw the top card"),
            Kind("accessory", "buy {accessory}", accessory=acc),
            Kind("draw", "draw the top card"),
            Kind("market", "buy row {row} space {space}", row=(1, self.rows), space=space_names),
            Kind("plant", "plant {bed}", bed=names),
            Kind("layout", "lay out {accessory}", accessory=acc),
            Kind("take", "take the pond as {mode}", mode=MODES),
            Kind("can", "Watering Can chips as {mode}", mode=MODES),
            Kind("barrow", "Wheelbarrow chips as {mode}", mode=MODES),
            Kind("water", "water bed {bed}", bed=(1, self.max_beds)),
            Kind("compost", "compost {card}", card=self.type_names + acc),
        )
        k = sp.kind
        self.id_fresh = [k("fresh").id(r + 1) for r in range(self.rows)]
        self.id_scare = k("scarecrow").id()
        self.id_acc = [k("accessory").id(a) for a in range(4)]
        self.id_draw = k("draw").id()
        self.id_market = [[k("market").id(r + 1, p) for p in range(self.spaces)]
                          for r in range(self.rows)]
        self.id_plant = [k("plant").id(i) for i in range(len(self.combos))]
        self.id_layout = [k("layout").id(a) for a in range(4)]
        self.id_take = [k("take").id(m) for m in range(2)]
        self.id_can = [k("can").id(m) for m in range(2)]
        self.id_barrow = [k("barrow").id(m) for m in range(2)]
        self.id_water = [k("water").id(b + 1) for b in range(self.max_beds)]
        self.id_compost = [k("compost").id(t) for t in range(T + 4)]
        self.combo_suns = [cb[3] for cb in self.combos]
        self.combo_points = [cb[4] for cb in self.combos]
        self.combo_names = names
        self.var_names = [v.name for v in c.varieties]

    def accessory_help(self) -> list[str]:
        """What each accessory does once laid out, with this game's figures."""
        r = self.components.rules
        return ["draw the top card whenever you plant",
                f"{_plural(r['watering_can_chips'], 'more chip')} from the well whenever you "
                f"take the pond",
                f"{_plural(r['wheelbarrow_chips'], 'chip')} from the well whenever you plant",
                "at the start of your turn, draw a card, then compost one"]

    def catalog(self) -> dict:
        """Fixed public facts the observation names by index: ``cards`` (vegetable
        card types: variety, suns, name), ``varieties`` (name, count, bed sizes,
        points by bed size), ``beds`` (every plantable bed: variety, card types,
        suns, points, ``watered`` = its points once every sun is covered),
        ``accessories`` (name, price, count, ``card`` = its value of the ``card``
        field of ``compost`` decisions, ``help`` = what it does laid out),
        ``prices`` (market price by space), ``hand_limit``, ``pond_start``,
        ``coins_per_point``, ``fresh_cost`` (coins for fresh vegetables)."""
        c = self.components
        helps = self.accessory_help()
        return {
            "cards": [{"variety": self.type_var[t], "suns": self.type_suns[t],
                       "name": self.type_names[t]} for t in range(self.ntypes)],
            "varieties": [{"name": v.name, "count": v.count, "bed": [v.bed_min, v.bed_max],
                           "points": {str(k): p for k, p in v.points.items()}}
                          for v in c.varieties],
            "beds": [{"variety": vi, "cards": list(types), "suns": suns, "points": pts,
                      "watered": scoring.bed_points(pts, suns, suns), "name": self.combo_names[i]}
                     for i, (vi, types, _, suns, pts) in enumerate(self.combos)],
            "accessories": [{"name": n, "count": k, "price": p, "card": self.ntypes + a,
                             "help": helps[a]}
                            for a, (n, k, p) in enumerate(c.accessories)],
            "prices": list(self.prices),
            "hand_limit": c.rules["hand_limit"],
            "pond_start": self.pond_start,
            "coins_per_point": c.rules["coins_per_point"],
            "fresh_cost": c.rules["fresh_cost"],
        }


class ChillState(State):
    """The state of a Chill & Chili game; ``FIELDS`` says what each seat may see.

    Rulebook (Setup; A) Buy a Card): cards in hand are dealt and drawn face down,
    market cards are face up. So a card bought from the market is known to be in
    its buyer's hand until that player plants or composts a card of its kind
    (``known``: a lower bound everyone can keep), and a face-down draw is seen by
    the drawer only (``drew``; how many: ``draws``, public)."""

    FIELDS = {
        "turn": public(doc="the seat whose turn it is (None at the end)"),
        "stage": public(doc="what is decided now", choices=STEPS),
        "todo": public(doc="the steps of the turn after this one", load=tuple),
        "drops": public(doc="water still to place"),
        "fresh_used": public(doc="fresh vegetables bought this turn"),
        "scare_used": public(doc="the Scarecrow used this turn"),
        "last": public(doc="the pond board is empty: the last turn"),
        "pond_board": public(), "pond": public(), "well": public(),
        "market": public("lists", "rows of card types, -1 = empty space"),
        "compost": public("list", "the compost pile, in the order the cards went there"),
        "held": public("list", "accessories in hand by seat (bit masks)"),
        "laid": public("list", "accessories laid out by seat (bit masks)"),
        "stacks": public("list", "accessories left by kind"),
        "coins": public("list"),
        "beds": public("lists", "(bed kind, drops) by seat",
                       load=lambda v: [[tuple(x) for x in b] for b in v]),
        "result": derived(doc="the scoring, once the game is over (from the rest)"),
        "known": public("lists", "card types everyone knows are in each hand (bought face "
                                 "up from the market, not since planted or composted)"),
        "draws": public("list", "face-down draws in each seat's latest turn"),
        "hands": private(pool="veg", sort=True, known="known",
                         doc="vegetable card types in hand, sorted"),
        "drew": private(hook=True, doc="the cards drawn face down in the seat's latest turn "
                                       "that it still holds"),
        "draw": hidden(pool="veg", doc="the draw pile, top last"),
    }

    # -- set-up -----------------------------------------------------------------
    def _start(self):
        g = self.game
        r = g.components.rules
        n = g.players
        deck = list(g.deck)
        self._shuffle(deck, self._rng())
        self.hands = [sorted(deck.pop() for _ in range(r["hand_size"])) for _ in range(n)]
        self.market = [[deck.pop() for _ in range(g.spaces)] for _ in range(g.rows)]
        self.draw = deck
        self.compost = []
        self.held = [0] * n
        self.laid = [0] * n
        self.stacks = list(g.acc_count)
        self.coins = [r["start_coins"]] * n
        self.beds = [[] for _ in range(n)]
        self.pond_board = g.pond_start
        self.pond = 0
        self.well = 0
        self.drops = 0
        self.todo = ()
        self.result = None
        self.drew = [[] for _ in range(n)]
        self.draws = [0] * n
        self.known = [[] for _ in range(n)]
        if not self._quiet:
            self._say(f"Chill & Chili, {n} players: {g.pond_start} chips on the pond board, "
                      f"{r['start_coins']} coins and {r['hand_size']} cards each.")
        for s in range(n):
            if not self._quiet:
                self._say("You are dealt " + self._cards(self.hands[s]) + ".", to=s)
        self._begin_turn(g.options["first_player"])

    def _cards(self, types):
        names = self.game.type_names
        return ", ".join(names[t] for t in types) or "nothing"

    def _begin_turn(self, seat):
        self.turn = self.current_player = seat
        self.pond_board -= 1
        self.pond += 1
        self.last = self.pond_board == 0
        self.stage = "main"
        self.todo = ()
        self.fresh_used = self.scare_used = False
        self.drew[seat] = []
        self.draws[seat] = 0
        if not self._quiet:
            self._say(f"Player {seat} pushes a chip into the pond ({self.pond} in the pond, "
                      f"{self.pond_board} left on the pond board"
                      + (": last turn" if self.last else "") + ").")

    # -- cards ------------------------------------------------------------------
    def _reshuffle(self):
        self.draw = self.compost
        self.compost = []
        self._shuffle(self.draw, self._rng())
        if not self._quiet:
            self._say(f"The compost ({_plural(len(self.draw), 'card')}) is shuffled into a new "
                      f"draw pile.")

    def _draw(self) -> int:
        """The top card of the draw pile (-1 when no card is left anywhere); an
        emptied draw pile is replaced at once by the shuffled compost."""
        if not self.draw:
            if not self.compost:
                return -1
            self._reshuffle()
        t = self.draw.pop()
        if not self.draw and self.compost:
            self._reshuffle()
        return t

    def _take_card(self, seat, t, face_up=False):
        """``t`` into the hand of ``seat`` (the seat whose turn it is): bought face up
        (everyone knows it is there) or drawn face down."""
        h = self.hands[seat]
        h.append(t)
        h.sort()
        if face_up:
            self.known[seat].append(t)
        else:
            self.drew[seat].append(t)
            self.draws[seat] += 1

    def _lose_card(self, seat, t):
        """``t`` leaves the hand of ``seat`` face up (planted or composted): it is no
        longer known to be there, and a drawn card of its kind is gone if the hand
        has no other."""
        h = self.hands[seat]
        h.remove(t)
        if t in self.known[seat]:
            self.known[seat].remove(t)
        d = self.drew[seat]
        if d.count(t) > h.count(t) - self.known[seat].count(t):
            d.remove(t)

    def hand_size(self, seat) -> int:
        return len(self.hands[seat]) + self.held[seat].bit_count()

    def _can_draw(self):
        return bool(self.draw) or bool(self.compost)

    # -- decisions --------------------------------------------------------------
    def _legal_ids(self):
        g = self.game
        seat = self.turn
        step = self.stage
        if step == "main":
            return self._main_ids(seat)
        if step == "water":
            return [g.id_water[b] for b, _ in self._free_suns(seat)]
        if step == "compost":
            ids = [g.id_compost[t] for t in sorted(set(self.hands[seat]))]
            held = self.held[seat]
            ids += [g.id_compost[g.ntypes + a] for a in range(4) if held >> a & 1]
            return ids
        if step == "can":
            return list(g.id_can)
        if step == "barrow":
            return list(g.id_barrow)
        return []

    def _main_ids(self, seat):
        g = self.game
        rules = g.components.rules
        coins = self.coins[seat]
        ids = []
        order = g.options["start_order"]
        laid = self.laid[seat]
        if not self.fresh_used and coins >= rules["fresh_cost"] and not (
                order == "fresh_first" and self.scare_used):
            ids += g.id_fresh
        if (laid >> SCARECROW & 1 and not self.scare_used and self._can_draw()
                and not (order == "scarecrow_first" and self.fresh_used)):
            ids.append(g.id_scare)
        owned = laid | self.held[seat]
        for a in range(4):
            if self.stacks[a] and coins >= g.acc_price[a] and not owned >> a & 1:
                ids.append(g.id_acc[a])
        if self._can_draw():
            ids.append(g.id_draw)
        prices = g.prices
        for r, row in enumerate(self.market):
            mids = g.id_market[r]
            for p, t in enumerate(row):
                if t >= 0 and coins >= prices[p]:
                    ids.append(mids[p])
        hand = self.hands[seat]
        if hand:
            cnt = [0] * g.ntypes
            for t in hand:
                cnt[t] += 1
            type_var = g.type_var
            per_var = [0] * len(g.var_combos)
            for t in hand:
                per_var[type_var[t]] += 1
            for v, k in enumerate(per_var):
                if k >= g.var_min[v]:
                    for combo, needs in g.var_combos[v]:
                        for t, need in needs:
                            if cnt[t] < need:
                                break
                        else:
                            ids.append(g.id_plant[combo])
        held = self.held[seat]
        if held:
            ids += [g.id_layout[a] for a in range(4) if held >> a & 1]
        ids += g.id_take
        return ids

    def _apply(self, aid):
        g = self.game
        seat = self.turn
        kind, *v = g.action_space.unpack(aid)
        rules = g.components.rules
        if kind == "water":
            b = v[0] - 1
            c, d = self.beds[seat][b]
            self.beds[seat][b] = (c, d + 1)
            self.drops -= 1
            if not self._quiet:
                self._say(f"Player {seat} waters bed {b + 1} ({g.combo_names[c].split(' (')[0]}).")
            self._proceed(("water",) + self.todo)
        elif kind == "compost":
            x = v[0]
            if x < g.ntypes:
                self._lose_card(seat, x)
                self.compost.append(x)
                what = g.type_names[x]
            else:
                a = x - g.ntypes
                self.held[seat] &= ~(1 << a)
                self.stacks[a] += 1
                what = f"{ACCESSORIES[a]} (back to its stack)"
            if not self._quiet:
                self._say(f"Player {seat} composts {what}.")
            self._proceed(self.todo)
        elif kind in ("can", "barrow"):
            k = self._accessory_chips(kind)
            self.well -= k
            who = "Watering Can" if kind == "can" else "Wheelbarrow"
            if v[0] == 0:
                self.coins[seat] += k
            else:
                self.drops += k
            if not self._quiet:
                self._say(f"Player {seat}'s {who}: {_plural(k, 'chip')} from the well as "
                          f"{MODES[v[0]]}.")
            self._proceed(self.todo)
        elif kind == "fresh":
            r = v[0] - 1
            cost = rules["fresh_cost"]
            self.coins[seat] -= cost
            self.well += cost
            old = [t for t in self.market[r] if t >= 0]
            self.compost += old
            row = self.market[r] = [-1] * g.spaces
            for p in range(g.spaces):
                row[p] = self._draw()
            self.fresh_used = True
            if not self._quiet:
                self._say(f"Player {seat} pays {_plural(cost, 'coin')} for fresh vegetables: row "
                          f"{r + 1} ({self._cards(old)}) goes to the compost; new: "
                          f"{self._cards([t for t in row if t >= 0])}.")
        elif kind == "scarecrow":
            self.scare_used = True
            t = self._draw()
            self._take_card(seat, t)
            if not self._quiet:
                self._say(f"Player {seat} uses the Scarecrow: draws the top card, then composts a card.")
                self._say(f"You draw {g.type_names[t]}.", to=seat)
            self._proceed(("compost", "main"))
        elif kind == "accessory":
            a = v[0]
            price = g.acc_price[a]
            self.coins[seat] -= price
            self.well += price
            self.stacks[a] -= 1
            self.held[seat] |= 1 << a
            if not self._quiet:
                self._say(f"Player {seat} buys a {ACCESSORIES[a]} for {_plural(price, 'coin')}.")
            self._proceed(("limit", "end"))
        elif kind == "draw":
            t = self._draw()
            self._take_card(seat, t)
            if not self._quiet:
                self._say(f"Player {seat} draws the top card.")
                self._say(f"You draw {g.type_names[t]}.", to=seat)
            self._proceed(("limit", "end"))
        elif kind == "market":
            r, p = v[0] - 1, v[1]
            row = self.market[r]
            t = row[p]
            price = g.prices[p]
            self.coins[seat] -= price
            self.well += price
            self._take_card(seat, t, face_up=True)
            new = self._draw()
            self.market[r] = [new] + row[:p] + row[p + 1:]
            if not self._quiet:
                self._say(f"Player {seat} buys {g.type_names[t]} from row {r + 1} for "
                          f"{_plural(price, 'coin')}; the cards slide right"
                          + (f" and {g.type_names[new]} is laid out." if new >= 0 else "."))
            self._proceed(("limit", "end"))
        elif kind == "plant":
            c = v[0]
            for t in g.combos[c][1]:
                self._lose_card(seat, t)
            self.beds[seat].append((c, 0))
            if not self._quiet:
                self._say(f"Player {seat} plants {g.combo_names[c]} as bed {len(self.beds[seat])}, "
                          f"worth {g.combo_points[c]} (double when its {g.combo_suns[c]} suns are "
                          f"watered).")
            self._proceed(("fert", "limit", "barrow", "water", "end"))
        elif kind == "layout":
            a = v[0]
            self.held[seat] &= ~(1 << a)
            self.laid[seat] |= 1 << a
            if not self._quiet:
                self._say(f"Player {seat} lays out a {ACCESSORIES[a]}.")
            self._proceed(("end",))
        elif kind == "take":
            n = self._take_chips()
            self.pond -= n
            if v[0] == 0:
                self.coins[seat] += n
            else:
                self.drops += n
            if not self._quiet:
                self._say(f"Player {seat} takes {_plural(n, 'chip')} from the pond as {MODES[v[0]]} "
                          f"({self.pond} left).")
            self._proceed(("can", "water", "end"))
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(kind)

    def _proceed(self, todo):
        """Run the steps of the turn in ``todo`` until one needs a decision."""
        g = self.game
        seat = self.turn
        rules = g.components.rules
        while todo:
            s, todo = todo[0], todo[1:]
            if s == "limit":
                if self.hand_size(seat) > rules["hand_limit"]:
                    self.stage, self.todo = "compost", todo
                    return
            elif s == "compost":
                if self.hand_size(seat):
                    self.stage, self.todo = "compost", todo
                    return
            elif s == "fert":
                if self.laid[seat] >> FERTILIZER & 1:
                    t = self._draw()
                    if t >= 0:
                        self._take_card(seat, t)
                        if not self._quiet:
                            self._say(f"Player {seat}'s Fertilizer: draws the top card.")
                            self._say(f"You draw {g.type_names[t]}.", to=seat)
            elif s in ("can", "barrow"):
                if self._accessory_asks(seat, s):
                    self.stage, self.todo = s, todo
                    return
            elif s == "water":
                if self._water_auto(seat):
                    self.stage, self.todo = "water", todo
                    return
            elif s == "main":
                self.stage, self.todo = "main", ()
                return
            elif s == "end":
                self._end_turn()
                return

    def _water_auto(self, seat) -> bool:
        """Place drops where there is no choice (one bed with free suns), pour the
        surplus into the well when every sun is covered; True when a choice remains."""
        beds = self.beds[seat]
        while self.drops:
            free = self._free_suns(seat)
            if len(free) > 1:
                return True
            if not free:
                self.well += self.drops
                if not self._quiet:
                    self._say(f"Every sun of player {seat} is covered: "
                              f"{_plural(self.drops, 'drop')} go into the well.")
                self.drops = 0
                return False
            b, k = free[0]
            c, d = beds[b]
            k = min(self.drops, k)
            beds[b] = (c, d + k)
            self.drops -= k
            if not self._quiet:
                self._say(f"Player {seat} waters bed {b + 1} with {_plural(k, 'drop')}.")
        return False

    def _free_suns(self, seat):
        """[(bed, free suns)] of the beds of ``seat`` that still have a free sun."""
        suns = self.game.combo_suns
        return [(b, suns[c] - d) for b, (c, d) in enumerate(self.beds[seat]) if d < suns[c]]

    def _take_chips(self) -> int:
        """Chips that taking the pond gives now: half of it, rounded up."""
        return (self.pond + 1) // 2

    def _accessory_chips(self, kind) -> int:
        """Chips the Watering Can (``kind="can"``) or the Wheelbarrow (``"barrow"``)
        gives from the well now: its figure, or what the well holds when less."""
        r = self.game.components.rules
        return min(r["watering_can_chips" if kind == "can" else "wheelbarrow_chips"], self.well)

    def _compost_counts(self) -> list[int]:
        """The compost's count by card type (a fresh list)."""
        counts = [0] * self.game.ntypes
        for t in self.compost:
            counts[t] += 1
        return counts

    def _accessory_asks(self, seat, kind) -> bool:
        """Whether the Watering Can (``kind="can"``) or the Wheelbarrow
        (``"barrow"``) asks ``seat`` for its chips now: laid out, and the well
        holds some."""
        return bool(self.laid[seat] >> (CAN if kind == "can" else BARROW) & 1) and self.well > 0

    def _can_after_take(self, seat) -> int:
        """The Watering Can's chips that taking the pond now would bring ``seat``
        (0 when it asks nothing; the take leaves the well as it is)."""
        return self._accessory_chips("can") if self._accessory_asks(seat, "can") else 0

    def _take_preview(self, seat):
        """What taking the pond would bring ``seat`` (the seat deciding its main
        action), played out by the engine on a quiet copy: the take as water, the
        Watering Can's chips (if it asks) as money so that only the pond's drops
        are placed, and every drop that is a choice on the bed closest to complete
        (then the first). -> {can, free, covered, complete, to_well}."""
        g = self.game
        sim = self.clone()
        sim.quiet()
        sim.advance(g.id_take[1])
        can = 0
        if sim.stage == "can":
            can = sim._accessory_chips("can")
            sim.advance(g.id_can[0])
        while sim.stage == "water":
            b, _ = min(sim._free_suns(seat), key=lambda x: (x[1], x[0]))
            sim.advance(g.id_water[b])
        suns = g.combo_suns
        before, after = self.beds[seat], sim.beds[seat]
        covered = sum(d for _, d in after) - sum(d for _, d in before)
        complete = (sum(scoring.watered(suns[c], d) for c, d in after)
                    - sum(scoring.watered(suns[c], d) for c, d in before))
        return {"can": can, "free": sum(k for _, k in self._free_suns(seat)),
                "covered": covered, "complete": complete,
                "to_well": self._take_chips() - covered}

    def _end_turn(self):
        self.todo = ()
        if self.last:
            self.stage = "over"
            self.turn = self.current_player = None
            self.result = self._table()
            if not self._quiet:
                self._say(f"The last chip is in the pond: game over: {who_won(self.result['winners'])}.")
            return
        self._begin_turn((self.turn + 1) % self.game.players)

    # -- scores -------------------------------------------------------------------
    def _lines(self):
        g = self.game
        r = g.components.rules
        count_held = g.options["held_accessories_score"]
        out = []
        for s in range(g.players):
            beds = [(g.combo_points[c], g.combo_suns[c], d) for c, d in self.beds[s]]
            cards = len(self.hands[s]) + (self.held[s].bit_count() if count_held else 0)
            out.append(scoring.player_points(beds, cards, self.coins[s], r["coins_per_point"],
                                             r["points_per_hand_card"]))
        return out

    def _table(self):
        lines = self._lines()
        return {"rows": lines,
                "winners": best_seats([(x["total"], *self._tiebreak(s)) for s, x in enumerate(lines)])}

    def _scores(self):
        return [x["total"] for x in self._lines()]

    def _tiebreak(self, seat):
        """Rulebook, End of Game: "If there is a tie, the player among them who has
        planted more beds wins. If there is still no clear winner, there are several
        winners." """
        return (len(self.beds[seat]),)

    # -- views ------------------------------------------------------------------
    def _decision_view(self, seat):
        """The title's part of ``observation(seat)`` a decision reads (the bot's
        ``action_values`` and the search's prior, a playout at a time): the same
        values, built without the rest (scores, bed values, draws); ``observation``
        adds the rest and the core keys."""
        g = self.game
        n = g.players
        mine = seat is not None
        obs = {
            "stage": self.stage, "turn": self.turn,
            "pond_board": self.pond_board, "take": self._take_chips(),
            "compost": self._compost_counts(),
            "market": [list(r) for r in self.market],
            "coins": list(self.coins),
            "laid": [[a for a in range(4) if self.laid[s] >> a & 1] for s in range(n)],
            "beds": [[[c, d] for c, d in b] for b in self.beds],
            "drops": self.drops,
            "hand": list(self.hands[seat]) if mine else [],
        }
        if self.stage in ("can", "barrow"):
            obs["pending_chips"] = self._accessory_chips(self.stage)
        if mine and seat == self.turn and self.stage == "main":
            obs["take_preview"] = self._take_preview(seat)
        return obs

    def _observation(self, seat):
        g = self.game
        n = g.players
        mine = seat is not None
        obs = self._decision_view(seat)
        obs.update({
            "pond": self.pond, "well": self.well,
            "take_left": self.pond - self._take_chips(),
            "draw": len(self.draw),
            "stacks": list(self.stacks),
            "held": [[a for a in range(4) if self.held[s] >> a & 1] for s in range(n)],
            "hand_sizes": [self.hand_size(s) for s in range(n)],
            "bed_values": [[scoring.bed_points(g.combo_points[c], g.combo_suns[c], d)
                            for c, d in b] for b in self.beds],
            "watered": [[i for i, (c, d) in enumerate(b) if scoring.watered(g.combo_suns[c], d)]
                        for b in self.beds],
            "fresh_used": self.fresh_used, "scarecrow_used": self.scare_used,
            "last_turn": self.last,
            "drew": sorted(self.drew[seat]) if mine else [],
            "known": [list(k) for k in self.known],
            "scores": self._scores(),
        })
        if self.result is not None:
            obs["result"] = {"rows": [dict(x) for x in self.result["rows"]],
                             "winners": list(self.result["winners"])}
        return obs

    # -- loading and resampling --------------------------------------------------------
    def _loaded(self):
        n = self.game.players
        if len(self.hands) != n or len(self.beds) != n or len(self.coins) != n:
            raise RecordError("corrupt chill_and_chili state: the seat count is wrong")
        self.result = None
        if self.stage == "over":
            if self.turn is not None:
                raise RecordError("corrupt chill_and_chili state: the game is over but turn "
                                  f"is {self.turn!r}")
            self.current_player = None
            self.result = self._table()
            return
        self.turn = as_int(self.turn, "corrupt chill_and_chili state: turn", 0, n - 1, RecordError)
        self.current_player = self.turn

    def _resample_more(self, seat, rng):
        """The face-down draws of the others (``drew``): as many of the cards in their
        resampled hands (those not known to be there) as they drew and could still
        hold: ``min(draws, unknown cards)``. Any such choice fits what everyone saw:
        the cards they planted or composted since could have been older ones."""
        for s in range(self.game.players):
            k = self.draws[s]
            if s == seat or not k:
                continue
            unknown = self.hands[s]
            if self.known[s]:
                unknown = list(unknown)
                for t in self.known[s]:
                    unknown.remove(t)
            k = min(k, len(unknown))
            self.drew[s] = sorted(rng.sample(unknown, k)) if k else []

    def check_invariants(self):
        """Chips, vegetable cards and accessories are conserved; hands keep the
        limit except while a compost is due; nobody owns an accessory twice."""
        g = self.game
        r = g.components.rules
        n = g.players
        water = sum(d for b in self.beds for _, d in b)
        chips = (self.pond_board + self.pond + self.well + sum(self.coins) + water + self.drops
                 + r["removed_chips"][n])
        assert chips == r["chips"], f"chips are not conserved: {chips} != {r['chips']}"
        assert min(self.coins) >= 0 and self.pond >= 0 and self.well >= 0 and self.pond_board >= 0
        cards = (self.draw + self.compost + [t for row in self.market for t in row if t >= 0]
                 + [t for h in self.hands for t in h]
                 + [t for b in self.beds for c, _ in b for t in g.combos[c][1]])
        assert sorted(cards) == sorted(g.deck), "vegetable cards are not conserved"
        for a in range(4):
            owners = sum(1 for s in range(n) if (self.held[s] | self.laid[s]) >> a & 1)
            assert self.stacks[a] + owners == g.acc_count[a], f"{ACCESSORIES[a]}s not conserved"
        assert all(self.held[s] & self.laid[s] == 0 for s in range(n)), "an accessory owned twice"
        for s in range(n):
            rest = list(self.hands[s])
            for t in self.known[s] + self.drew[s]:
                assert t in rest, f"seat {s}: a known or drawn {t} is not in its hand {self.hands[s]}"
                rest.remove(t)
            assert len(self.drew[s]) <= self.draws[s], f"seat {s} holds more drawn cards than it drew"
            assert len(self.beds[s]) <= g.max_beds
            for c, d in self.beds[s]:
                assert 0 <= d <= g.combo_suns[c], "more drops than suns on a bed"
            if not (s == self.turn and self.stage == "compost"):
                assert self.hand_size(s) <= r["hand_limit"], f"seat {s} is over the hand limit"
        assert all(len(row) == g.spaces for row in self.market)


ChillGame.State = ChillState
