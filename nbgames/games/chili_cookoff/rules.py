"""The Great Chili Cookoff: the Game and its State machine.

Decisions (``game.action_space``): ``play <Ingredient> <rank>`` (kind ``play``,
field ``card``: the card type, ids 0..T-1) and ``pick <Ingredient> <rank>``
(kind ``pick``, ids T..2T-1). Cards of one type are identical, so an id names
the type, not the physical card.
"""

from __future__ import annotations

from ...core import Game, Option, State, components_option, int_range
from ...core.action_space import ActionSpace, Kind
from ...core.fields import hidden, private, public
from ...core.state import take
from ...core.words import who_won
from . import scoring
from .components import ComponentError, load_components


class CookoffGame(Game):
    title = "chili_cookoff"
    name = "The Great Chili Cookoff"
    min_players = 2
    max_players = 7
    options_spec = {
        "rounds": Option(3, "Rounds to play (rulebook: three).", check=int_range(1, 10)),
        "first_player": Option(0, "Seat that starts the first hand (rulebook: 'by any method').",
                               check=int_range(0, lambda g: g.players - 1, "a seat")),
        "components": components_option(
            load_components, "None for the bundled components.json, or a path/dict of a "
                              "corrected component file."),
    }

    def _setup(self):
        c = self.components = load_components(self.options["components"])
        if self.players * c.hand_size > len(c.deck):
            raise ComponentError(f"{self.players} players need {self.players * c.hand_size} "
                                 f"ingredient cards; the deck has {len(c.deck)}")
        if self.players * c.recipes_per_player > len(c.recipes):
            raise ComponentError(f"{self.players} players need "
                                 f"{self.players * c.recipes_per_player} recipes; there are "
                                 f"{len(c.recipes)}")
        self.ntypes = len(c.types)
        faces = [f"{t.ingredient} {t.rank}" for t in c.types]
        self.action_space = ActionSpace(Kind("play", "play {card}", card=faces),
                                        Kind("pick", "pick {card}", card=faces))
        # the id of each (kind, card type), built once from the layout
        self.ids = {k.name: [k.id(t) for t in range(self.ntypes)] for k in self.action_space.kinds}
        # the (kind, card type) of every id, read off the codec once for the hot paths
        self.unpacked = [self.action_space.unpack(a) for a in range(self.action_space.size)]
        self.ranks = [t.rank for t in c.types]
        self.card_names = [t.ingredient for t in c.types]
        self.faces = faces
        self.card_dicts = [t.as_dict() for t in c.types]

    def catalog(self) -> dict:
        """``cards``: the card types (``{type, ingredient, rank, price}``) and
        ``recipes``: every recipe (``{name, ingredients, total}``), indexed as the
        observation names them."""
        return {"cards": [dict(c) for c in self.card_dicts],
                "recipes": [self.recipe_dict(r) for r in range(len(self.components.recipes))]}

    def recipe_dict(self, r: int) -> dict:
        name, need = self.components.recipes[r]
        prices = self.components.prices
        total = sum(prices[k] * v for k, v in need.items()) + self.components.bonus
        return {"name": name, "ingredients": dict(need), "total": total}


PLAY, PICK, OVER = "play", "pick", "over"


class CookoffState(State):
    """The state of a Cookoff game; ``FIELDS`` says what each seat may see."""

    FIELDS = {
        "round": public(doc="rounds finished"),
        "hand_no": public(doc="hands played this round"),
        "phase": public(doc="play, pick or over", choices=(PLAY, PICK, OVER)),
        "leader": public(doc="the seat that leads the hand"),
        "totals": public("list", "points by seat"),
        "results": public(doc="each finished round's scoring (replaced, never changed)"),
        "last_hand": public(doc="the hand just finished: [seat, played, taken] in pick order"),
        "played": public("lists", "[seat, card type] of this hand, in play order"),
        "pick_order": public("list", "seats in pick order, once every card is down"),
        "table": public("list", "card types still to pick"),
        "collected": public("lists", "card types taken, by seat"),
        "hands": private(pool="cards", sort=True, doc="ingredient card types in hand"),
        "undealt": hidden(pool="cards", sort=True, doc="this round's cards nobody was dealt"),
        "recipes": private(pool="recipes", doc="each seat's secret recipes"),
        "undealt_recipes": hidden(pool="recipes", sort=True, doc="recipes nobody was dealt"),
    }

    def _start(self):
        g = self.game
        self.round = 0
        self.last_hand = []
        self.totals = [0] * g.players
        self.results = []
        self._deal(g.options["first_player"])

    def _deal(self, starter):
        g, c = self.game, self.game.components
        rng = self._rng()
        deck = self._shuffle(list(c.deck), rng)                      # chance points
        recipes = self._shuffle(list(range(len(c.recipes))), rng)
        n, h, r = g.players, c.hand_size, c.recipes_per_player
        self.hands = [sorted(deck[i * h:(i + 1) * h]) for i in range(n)]
        self.undealt = sorted(deck[n * h:])
        self.recipes = [recipes[i * r:(i + 1) * r] for i in range(n)]
        self.undealt_recipes = sorted(recipes[n * r:])
        self.collected = [[] for _ in range(n)]
        self.hand_no = 0
        self.phase = PLAY
        self.leader = starter
        self.played = []
        self.pick_order = []
        self.table = []
        self.current_player = starter
        self._say(f"Round {self.round + 1}: each player gets {h} ingredients and {r} recipes; "
                  f"player {starter} starts.")
        for seat in range(n):
            names = ", ".join(c.recipes[i][0] for i in self.recipes[seat])
            self._say(f"Your recipes: {names}.", to=seat)

    # -- decisions --------------------------------------------------------------
    def _legal_ids(self):
        ids = self.game.ids[self.phase]
        if self.phase == PLAY:                  # hands are kept sorted: drop repeats only
            return [ids[t] for t in dict.fromkeys(self.hands[self.current_player])]
        return [ids[t] for t in sorted(set(self.table))]

    def _is_legal(self, aid):
        if self._legal is not None:             # the legal list is at hand: look it up
            return aid in self._legal
        kind, t = self.game.unpacked[aid]
        if kind != self.phase:
            return False
        return t in (self.hands[self.current_player] if kind == PLAY else self.table)

    def _apply(self, aid):
        g = self.game
        seat = self.current_player
        n = g.players
        t = g.unpacked[aid][1]
        if self.phase == PLAY:
            self.played.append([seat, take(self.hands[seat], t)])
            self._say(f"Player {seat} plays {g.faces[t]}.")
            if len(self.played) < n:
                self.current_player = (seat + 1) % n
                return
            order = scoring.pick_order([g.ranks[t] for _, t in self.played])
            self.pick_order = [self.played[i][0] for i in order]
            self.table = [t for _, t in self.played]
            self.phase = PICK
            self.current_player = self.pick_order[0]
            self._say(f"Player {self.current_player} played the highest card and picks first.")
            return
        self.collected[seat].append(take(self.table, t))
        self._say(f"Player {seat} takes {g.faces[t]}.")
        k = len(self.pick_order) - len(self.table)   # picks made so far
        if k < n - 1:
            self.current_player = self.pick_order[k]
            return
        last = self.pick_order[-1]
        t = self.table.pop()
        self.collected[last].append(t)
        self._say(f"Player {last} takes the last card, {g.faces[t]}.")
        self._end_hand()

    def _end_hand(self):
        winner = self.pick_order[0]
        played = {seat: t for seat, t in self.played}
        # public summary of the hand just finished, in pick order: [seat, played, taken]
        self.last_hand = [[seat, played[seat], self.collected[seat][-1]] for seat in self.pick_order]
        self.hand_no += 1
        self.played = []
        self.pick_order = []
        self.leader = winner
        if self.hand_no < self.game.components.hand_size:
            self.phase = PLAY
            self.current_player = winner
            return
        self._end_round(winner)

    def _end_round(self, last_winner):
        g, c = self.game, self.game.components
        rows = []
        for seat in range(g.players):
            got = [g.card_names[t] for t in self.collected[seat]]
            mine = [c.recipes[r] for r in self.recipes[seat]]
            best = scoring.best_recipe(got, mine, c.prices, c.bonus)
            self.totals[seat] += best["points"]
            rows.append({"seat": seat, **best})
            done = f"complete, +{c.bonus} bonus" if best["complete"] else "not complete"
            self._say(f"Player {seat} scores {best['points']} with {best['recipe']} ({done}).")
        self.results = self.results + [{"round": self.round + 1, "rows": rows}]  # copy-on-write
        self.round += 1
        if self.round >= g.options["rounds"]:
            self.phase = OVER
            self.current_player = None
            self._say(f"Game over: {who_won(self.winners())}.")
            return
        # Rulebook: "the player with the most points so far starts the first hand of
        # the next round". Ties (unspecified): the tied player first clockwise from
        # the winner of the round's last hand, that winner included.
        top = max(self.totals)
        n = g.players
        starter = next(s % n for s in range(last_winner, last_winner + n) if self.totals[s % n] == top)
        self._deal(starter)

    # -- views ------------------------------------------------------------------
    def _observation(self, seat):
        g = self.game
        obs = {
            "round": min(self.round + 1, g.options["rounds"]), "rounds": g.options["rounds"],
            "hand": min(self.hand_no + 1, g.components.hand_size),
            "hands_per_round": g.components.hand_size, "phase": self.phase,
            "leader": self.leader,
            "hand_cards": [] if seat is None else list(self.hands[seat]),
            "recipes": [] if seat is None else list(self.recipes[seat]),
            "played": [[s, t] for s, t in self.played],
            "pick_places": self._pick_places(),
            "pick_order": list(self.pick_order),
            "last_hand": [[s, p, t] for s, p, t in self.last_hand],
            "table": list(self.table),
            "collected": [list(col) for col in self.collected],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.totals),
            "round_results": [{"round": r["round"], "rows": [dict(x) for x in r["rows"]]}
                              for r in self.results],
            "recipe_progress": [] if seat is None else self._progress(seat),
        }
        return obs

    def _pick_places(self) -> list[int]:
        """The pick place (1 = first) of each card played so far, in play order: the
        pick-order rule applied to the cards down (a preview until all are down)."""
        order = scoring.pick_order([self.game.ranks[t] for _, t in self.played])
        places = [0] * len(order)
        for k, i in enumerate(order):
            places[i] = k + 1
        return places

    def _progress(self, seat) -> list[dict]:
        """Each of ``seat``'s recipes against its collected cards and hand
        (:func:`.scoring.recipe_progress`)."""
        g, c = self.game, self.game.components
        got = [g.card_names[t] for t in self.collected[seat]]
        hand = [g.card_names[t] for t in self.hands[seat]]
        return [scoring.recipe_progress(got, hand, c.recipes[r][1], c.prices)
                for r in self.recipes[seat]]

    def _scores(self):
        return list(self.totals)

    # -- loading ------------------------------------------------------------------
    def _loaded(self):
        n = self.game.players
        if self.phase == OVER:
            self.current_player = None
        elif self.phase == PLAY:
            self.current_player = (self.leader + len(self.played)) % n
        else:
            self.current_player = self.pick_order[len(self.pick_order) - len(self.table)]

    def check_invariants(self):
        """Every ingredient card and every recipe of the round is in exactly one place."""
        g = self.game
        where = (self.undealt + self.table + [t for h in self.hands for t in h]
                 + [t for c in self.collected for t in c]
                 + ([] if self.phase == PICK else [t for _, t in self.played]))
        assert sorted(where) == sorted(g.components.deck), "ingredient cards are not conserved"
        recs = self.undealt_recipes + [r for rs in self.recipes for r in rs]
        assert sorted(recs) == list(range(len(g.components.recipes))), "recipes are not conserved"
        assert all(0 <= len(h) <= g.components.hand_size for h in self.hands), "bad hand size"
        assert len(self.totals) == g.players and len(self.hands) == g.players, "bad seat count"
        picks = len(self.pick_order) - len(self.table)
        expected = g.players * self.hand_no + (picks if self.phase == PICK else 0)
        if self.phase != OVER:
            assert sum(len(c) for c in self.collected) == expected, \
                "collected cards do not match the hands played"


CookoffGame.State = CookoffState
