"""Kupferkessel Co.: the Game and its State machine.

Geometry (``g`` = 6). Cells are numbered ``row * g + col`` (row 0 on top). The
pawns stand on the 4(g-1) = 20 *spaces* around the grid, numbered clockwise
from the top-left corner: space 0 is the top-left corner, 1..4 the top edge
cards (columns 1..4), 5 the top-right corner, 6..9 the right edge (rows 1..4),
10 the bottom-right corner, 11..14 the bottom edge (columns 4..1), 15 the
bottom-left corner and 16..19 the left edge (rows 4..1). A *line* is a row or a
column 1..4 (6 cards each): lines 0..3 are rows 1..4, lines 4..7 columns 1..4.

Decisions (``game.action_space``):

* ``take row R col C`` (kind ``take``, fields ``row``, ``col``): take that card
  of the line in front of your pawn;
* ``use the exploding kettle`` / ``use the magic wand and hat`` (kind ``use``)
  and ``forfeit the ...`` (kind ``forfeit``): announce the symbol of the card
  you just took, or let it go;
* ``keep the last card`` / ``discard the last card`` (kind ``last``).

Moving is not a decision (the distance is the value of your top card), nor is
stopping next to a corner: those happen as soon as a turn begins.
"""

from __future__ import annotations

from operator import itemgetter

from ...core import Game, Option, State, components_option
from ...core.action_space import ActionSpace, Kind
from ...core.errors import RecordError
from ...core.fields import derived, hidden, private, public
from ...core.words import who_won
from . import scoring
from .components import ComponentError, load_components

TAKE, SYMBOL, LAST, OVER = 0, 1, 2, 3
PHASES = ("take", "symbol", "last", "over")
GAP, CORNER = -1, -2
EXPLODE, WAND = 0, 1
MEMORY = ("table", "recall")


class KupferkesselGame(Game):
    title = "kupferkessel"
    name = "Kupferkessel Co."
    min_players = 2
    max_players = 3
    options_spec = {
        "memory": Option("table", "What a seat's observation holds: 'table' (the rulebook: only "
                                  "what lies on the table, buried kettle cards are hidden from "
                                  "everyone, the owner included) or 'recall' (the public history a "
                                  "perfect memory holds: every kettle's cards and the cards put "
                                  "under the deck).", choices=MEMORY),
        "recipes": Option(False, "Play the recipe variant (rulebook: Variant): 2 secret recipe "
                                 "cards each, 1 with 3 players.", choices=(False, True)),
        "third_colour": Option("lilac", "The third player's colour with 3 players (rulebook: "
                                        "'purple, brown, green, gray'); its ingredients score "
                                        "double for that player.",
                               choices=("lilac", "brown", "green", "gray")),
        "components": components_option(
            load_components, "None for the bundled components.json, or a path/dict of a "
                             "corrected component file."),
    }

    def _setup(self):
        c = self.components = load_components(self.options["components"])
        if self.options["third_colour"] not in c.colours:
            raise ComponentError(f"third_colour {self.options['third_colour']!r} is not a colour "
                                 f"of the component file: {list(c.colours)}")
        g = self.size = c.grid
        self.recall = self.options["memory"] == "recall"
        cards = c.cards
        self.ncards = len(cards)
        self.value = [x.value for x in cards]
        self.ingredient = [x.ingredient for x in cards]
        self.symbol = [x.symbol for x in cards]
        self.colour = [x.colour for x in cards]
        self.seat_colours = list(c.player_colours) + [self.options["third_colour"]]
        self.seat_colours = self.seat_colours[:self.players]
        # Set-up: a first kettle card is never black or white (the player colours)
        self.player_card = [x in c.player_colours for x in self.colour]
        # geometry
        self.spaces = 4 * (g - 1)
        self.corner_cells = (0, g - 1, g * g - g, g * g - 1)
        self.lines = [tuple((r + 1) * g + col for col in range(g)) for r in range(g - 2)] + \
                     [tuple(row * g + c1 + 1 for row in range(g)) for c1 in range(g - 2)]
        self.line_names = [f"row {r + 1}" for r in range(g - 2)] + \
                          [f"column {c1 + 1}" for c1 in range(g - 2)]
        self.cell_lines = [[] for _ in range(g * g)]
        for li, cells in enumerate(self.lines):
            for cell in cells:
                self.cell_lines[cell].append(li)
        self.space_line = []
        self.space_cell = []
        for p in range(self.spaces):
            side, k = divmod(p, g - 1)
            if side == 0:
                cell, line = k, (g - 2) + (k - 1)
            elif side == 1:
                cell, line = k * g + g - 1, k - 1
            elif side == 2:
                cell, line = (g - 1) * g + (g - 1 - k), (g - 2) + (g - 1 - k - 1)
            else:
                cell, line = (g - 1 - k) * g, g - 1 - k - 1
            self.space_cell.append(cell)
            self.space_line.append(-1 if k == 0 else line)
        # start spaces: white top-left, black bottom-right (diagonally opposite),
        # the third pawn at the top-right corner (a free corner)
        self.start_spaces = [0, 2 * (g - 1), g - 1][:self.players]
        # a walk of each value from each space with no pawn in the way, as move() walks
        # it: (its spaces, as a set)
        self.walks = {}
        for p in range(self.spaces):
            for v in c.values:
                walk = tuple(self.move(p, v, ()))
                self.walks[p, v] = (walk, frozenset(walk))
        names = [f"{x.name} {x.value}" for x in cards]
        self.card_names = names
        sym_names = c.symbol_names
        self.action_space = ActionSpace(
            Kind("take", "take row {row} col {col}", row=g, col=g),
            Kind("use", "use the {symbol}", symbol=sym_names),
            Kind("forfeit", "forfeit the {symbol}", symbol=sym_names),
            Kind("last", "{choice} the last card", choice=("keep", "discard")),
        )
        sp = self.action_space
        # ids built once from the layout: the take of each cell, each symbol's use and
        # forfeit, keep/discard; and the cell of each take id
        self.take_ids = [sp.kind("take").id(*divmod(cell, g)) for cell in range(g * g)]
        self.cell_of = {aid: cell for cell, aid in enumerate(self.take_ids)}
        self.use_ids = [sp.kind("use").id(k) for k in range(len(sym_names))]
        self.forfeit_ids = [sp.kind("forfeit").id(k) for k in range(len(sym_names))]
        self.last_ids = [sp.kind("last").id(k) for k in range(2)]
        # for a quick look at a kettle (the search's prior and evaluation): a kettle as a
        # bit mask of its cards (the sum of card_bit), the cards of an ingredient being
        # ``width`` consecutive bits from ``ing_shift`` (cards are numbered ingredient *
        # width + value index: components.py), and the value-1 cards' bits
        self.width = len(c.values)
        if any(x.ingredient != x.index // self.width for x in cards):
            raise ComponentError("cards must be numbered ingredient * values + value index")
        self.card_bit = [1 << x for x in range(self.ncards)]
        self.ing_shift = [self.width * i for i in range(len(c.ingredients))]
        self.ones_mask = sum(1 << x.index for x in cards if x.value == 1)
        # the lines through each cell, each as one getter of its cells' cards
        # (``cell_line_cards[cell][k](grid)``)
        self.cell_line_cards = [[itemgetter(*self.lines[li]) for li in lis]
                                for lis in self.cell_lines]
        if self.options["recipes"]:
            pool = [r.index for r in c.recipes if (self.players == 2 or r.in_3p)]
            per = c.recipes_per_player if self.players == 2 else c.recipes_per_player_3p
            if per * self.players > len(pool):
                raise ComponentError(f"{self.players} players need {per * self.players} recipe "
                                     f"cards; the component file has {len(pool)} for this count")
            self.recipe_pool, self.recipes_each = pool, per
        else:
            self.recipe_pool, self.recipes_each = [], 0

    def catalog(self) -> dict:
        """``cards`` (``{card, ingredient, name, value, colour, plant, symbol}``, symbol
        -1 none, 0 exploding kettle, 1 magic wand and hat), ``ingredients``
        (``{name, colour, plant}``), ``recipes`` (``{recipe, kind, bonus, text,
        colour}``), ``symbols`` (names by code), ``seat_colours``, ``grid`` (6),
        ``spaces`` (the cell beside each pawn space), ``space_lines`` (the line in
        front of each space, -1 at a corner), ``lines`` (the cells of each line),
        ``line_names`` (``"row 1"`` .. ``"row 4"``, ``"column 1"`` .. ``"column 4"``, by
        line) and ``start_spaces``."""
        c = self.components
        return {"cards": [x.as_dict() for x in c.cards],
                "ingredients": [dict(i) for i in c.ingredients],
                "recipes": [r.as_dict() for r in c.recipes],
                "symbols": list(c.symbol_names), "seat_colours": list(self.seat_colours),
                "grid": self.size, "spaces": list(self.space_cell),
                "space_lines": list(self.space_line), "lines": [list(x) for x in self.lines],
                "line_names": list(self.line_names),
                "start_spaces": list(self.start_spaces)}

    def move(self, start: int, steps: int, others) -> list[int]:
        """The spaces a pawn passes moving ``steps`` clockwise from ``start``, the
        last one where it stops: spaces with another pawn are passed over without
        being counted (Moving Pawns)."""
        free = self.walks.get((start, steps))
        if free is not None and free[1].isdisjoint(others):    # no pawn in the way
            return list(free[0])
        path, pos, n = [], start, self.spaces
        while steps > 0:
            pos = (pos + 1) % n
            path.append(pos)
            if pos not in others:
                steps -= 1
        return path


def _table(state) -> bool:
    """Table memory (the rulebook): buried kettle cards and the out-of-game pile are
    hidden from everyone; recall memory shows them (a perfect memory)."""
    return not state.game.recall


def _deck_seen(state, seat) -> int:
    """How many cards at the bottom of the deck everyone knows: every card seen
    going under it in recall memory, in table memory those put under since the
    last decision."""
    return state.known if state.game.recall else state.pin_under


def _removed_seen(state, seat) -> int:
    """How many cards at the end of the out-of-game pile everyone saw leave just now."""
    return state.pin_removed


def _in_play(state) -> str | None:
    """The pool of the buried and out-of-game cards: one with the deck while the game
    is on; at the end every kettle's cards are shown, so each kettle (and the
    out-of-game pile) only hides its order."""
    return None if state.phase == OVER else "cards"


def _setup_rule(state, seat) -> list:
    """What the set-up rule asks of the hidden cards (Set-up): a kettle's first card,
    its bottom, is never black or white (the exploding kettle takes only the top of
    a kettle of two or more); the cards put under the deck then are, and while still
    in the deck (and not seen just now) they lie at
    ``deck[max(exploded_under, pin_under):known]``."""
    bw = state.game.player_card
    out = [(lambda c: not bw[c], [("kettles", s, 0) for s, k in enumerate(state.kettles)
                                  if len(k) > 1])]
    lo = max(state.exploded_under, state.pin_under)
    if lo < state.known:
        out.append((bw.__getitem__, [("deck", None, i) for i in range(lo, state.known)]))
    return out


def _playing(state) -> bool:
    """Recipes (in the recipe variant) are secret until the end, when every recipe is
    shown."""
    return state.phase != OVER and state.game.recipes_each > 0


class KupferkesselState(State):
    """The state of a Kupferkessel game; ``FIELDS`` says what each seat may see.

    Ingredient cards are hidden from everyone alike (the owner of a kettle
    included); what is hidden depends on the ``memory`` option, and the deal of the
    hidden cards keeps the set-up rule (``_setup_rule``): every deal that keeps it is
    equally likely. Recall memory hides only the deck above the cards seen going
    under it; table memory pools the deck (but the cards seen going under it just
    now), every kettle's buried cards (the owner's included) and the out-of-game
    pile (but the cards seen leaving just now); at the end every kettle's cards are
    shown, so only the order under each top (and of the pile) is hidden.

    Not reconstructed: the play that led here. A pawn walks the value of its
    kettle's top card, so the buried cards (and those exploded since) made the
    walks so far; a copy keeps every pawn where it is but does not choose buried
    cards that could have walked it there.
    """

    FIELDS = {
        "grid": public("list", "the card in each cell (row * 6 + col), -1 a gap, -2 a corner card"),
        "pawns": public("list", "each seat's pawn space, 0..19 clockwise from the top-left corner"),
        "phase": public(doc="0 take, 1 symbol, 2 last card, 3 over",
                        choices=(TAKE, SYMBOL, LAST, OVER)),
        "seat": public(doc="whose turn it is (at the last card and at the end: the seat that "
                           "took the last card of a line)"),
        "streak": public(doc="turns in a row of that seat (2 on the magic wand's extra turn)"),
        "gap": public(doc="the cell to refill once the symbol is decided, else -1"),
        "pending": public(doc="the last card of a line while its taker decides, else -1"),
        "events": public(doc="what happened since the last decision (replaced at every "
                             "decision; at the end, the last card kept or discarded)"),
        "known": public(doc="how many cards at the bottom of the deck were seen going under it "
                            "(fewer once the deck runs down to them): a perfect memory knows them"),
        "exploded_under": public(doc="cards the exploding kettle put under the deck so far: they "
                                     "lie below the set-up's, so deck[exploded_under:known] are "
                                     "the black and white cards put under at set-up"),
        "pin_under": public(doc="of the known cards, those put under since the last decision "
                                "(deck[:pin_under]: everyone saw them just now)"),
        "pin_removed": public(doc="cards at the end of removed that left the game since the last "
                                  "decision (everyone saw them just now)"),
        "deck": hidden("list", pool="cards", bottom=_deck_seen,
                       doc="face down, bottom first, top last; its bottom deck[:known] is known in "
                           "recall memory, deck[:pin_under] in table memory"),
        "kettles": hidden("lists", pool=_in_play, top=1, when=_table, rule=_setup_rule,
                          doc="each seat's Magic Kettle, bottom first: the top card is public; the "
                              "buried cards are hidden from everyone (the owner too) in table "
                              "memory, their order even at the end; public in recall memory"),
        "removed": hidden("list", pool=_in_play, top=_removed_seen, when=_table,
                          doc="out of the game, in order: public in recall memory; in table "
                              "memory only the last pin_removed"),
        "recipes": private(pool="recipes", sort=True, when=_playing,
                           doc="each seat's secret recipe cards (all shown at the end)"),
        "spare": hidden(pool="recipes", sort=True, when=_playing,
                        doc="the recipe cards nobody was dealt (back in the box)"),
        "result": derived(doc="the final scoring table by seat, rebuilt from the kettles"),
    }

    # -- set-up -----------------------------------------------------------------
    def _start(self):
        g = self.game
        n = g.players
        rng = self._rng()
        cards = list(range(g.ncards))
        self._shuffle(cards, rng)
        self.grid = [GAP] * (g.size * g.size)
        for cell in g.corner_cells:
            self.grid[cell] = CORNER
        it = iter(cards)
        for cell in range(g.size * g.size):
            if self.grid[cell] == GAP:
                self.grid[cell] = next(it)
        self.deck = list(it)
        self.deck.reverse()              # the first card left over is the top (last)
        self.removed = []
        self.kettles = []
        self.known = 0
        self.exploded_under = 0
        self.pin_under = 0
        self.pin_removed = 0
        self.events = []
        players = g.components.player_colours
        for seat in range(n):
            card = self.deck.pop()
            while g.colour[card] in players:
                self.deck.insert(0, card)
                self.known += 1
                self.pin_under += 1
                self.events.append(["under", seat, card])
                self._say(f"P{seat} draws {self._name(card)} ({g.colour[card]}) and puts it "
                          f"under the deck.")
                card = self.deck.pop()
                self.known = min(self.known, len(self.deck))
                self.pin_under = min(self.pin_under, len(self.deck))
            self.kettles.append([card])
            self.events.append(["start", seat, card])
            self._say(f"P{seat} ({g.seat_colours[seat]}) starts the kettle with "
                      f"{self._name(card)}.")
        self.pawns = list(g.start_spaces)
        self.recipes = [[] for _ in range(n)]
        self.spare = []
        if g.recipes_each:
            rrng = self._rng()
            pool = list(g.recipe_pool)
            self._shuffle(pool, rrng)
            k = g.recipes_each
            self.recipes = [sorted(pool[i * k:(i + 1) * k]) for i in range(n)]
            self.spare = sorted(pool[n * k:])
            for seat in range(n):
                texts = "; ".join(f"{g.components.recipes[r].text} (+{g.components.recipes[r].bonus})"
                                  for r in self.recipes[seat])
                self._say(f"Your secret recipes: {texts}.", to=seat)
        self.gap = -1
        self.pending = -1
        self.result = None
        self._begin_turn(0, 1)

    # -- helpers ------------------------------------------------------------------
    def _name(self, card: int) -> str:
        """A card's name in the log: in table mode the log does not name cards that
        end up buried (it would be a perfect memory)."""
        return self.game.card_names[card] if self.game.recall else "a card"

    def _begin_turn(self, seat: int, streak: int):
        """Move the pawn of ``seat``; at a corner the turn ends at once."""
        g = self.game
        n = g.players
        pawns, events = self.pawns, self.events
        for _ in range(64 * n):
            start = pawns[seat]
            steps = g.value[self.kettles[seat][-1]]
            path = g.move(start, steps, pawns[:seat] + pawns[seat + 1:])
            end = path[-1]
            pawns[seat] = end
            # the spaces passed between start and end (flat: events hold no nested lists)
            events.append(["move", seat, start, end, *path[:-1]])
            self.seat, self.streak = seat, streak
            if g.space_line[end] >= 0:
                self.phase = TAKE
                self.current_player = seat
                return
            events.append(["corner", seat, end])
            if not self._quiet:
                self._say(f"P{seat} moves {steps} to a corner and takes nothing.")
            seat, streak = (seat + 1) % n, 1
        raise RuntimeError("no pawn can stop next to a line")   # never happens: see tests

    def _line(self) -> tuple[int, ...]:
        """The cells of the line in front of the turn seat's pawn (to take)."""
        g = self.game
        return g.lines[g.space_line[self.pawns[self.seat]]]

    def _next_seat(self, again: bool) -> int:
        """The seat whose turn comes when this one ends: the same seat after the
        magic wand and hat (``again``), else the next one (its pawn moves even if the
        move ends next to a corner)."""
        return self.seat if again else (self.seat + 1) % self.game.players

    # -- decisions ------------------------------------------------------------------
    def _legal_ids(self):
        g = self.game
        ph = self.phase
        if ph == TAKE:
            grid, take_ids = self.grid, g.take_ids
            return [take_ids[cell] for cell in g.lines[g.space_line[self.pawns[self.seat]]]
                    if grid[cell] >= 0]
        if ph == SYMBOL:
            s = g.symbol[self.kettles[self.seat][-1]]
            return [g.use_ids[s], g.forfeit_ids[s]]
        if ph == LAST:
            return list(g.last_ids)
        return []

    def _is_legal(self, aid):
        g = self.game
        ph = self.phase
        if ph == TAKE:
            cell = g.cell_of.get(aid, -1)
            return cell >= 0 and self.grid[cell] >= 0 and cell in self._line()
        if ph == SYMBOL:
            s = g.symbol[self.kettles[self.seat][-1]]
            return aid == g.use_ids[s] or aid == g.forfeit_ids[s]
        if ph == LAST:
            return aid in g.last_ids
        return False

    def _apply(self, aid):
        # a search's quiet copy keeps no log: its lines are not even written (``loud``)
        g = self.game
        seat = self.seat
        self.events = events = []
        self.pin_under = self.pin_removed = 0
        loud = not self._quiet
        ph = self.phase
        if ph == TAKE:
            cell = g.cell_of[aid]
            grid = self.grid
            card = grid[cell]
            grid[cell] = GAP
            events.append(["take", seat, cell, card])
            if not self.deck:
                for cards_of in g.cell_line_cards[cell]:
                    if max(cards_of(grid)) < 0:      # gaps and corners only: the line is empty
                        # End of the Game: the last card of a line; keep or discard, no symbol
                        self.phase = LAST
                        self.pending = card
                        if loud:
                            r, c = divmod(cell, g.size)
                            self._say(f"P{seat} takes {g.card_names[card]} at row {r} col {c}, "
                                      f"the last card of a line: the game ends.")
                        return
            kettles = self.kettles
            kettles[seat].append(card)
            self.gap = cell
            if loud:
                r, c = divmod(cell, g.size)
                self._say(f"P{seat} takes {self._name(card)} at row {r} col {c}.")
            s = g.symbol[card]
            if s == EXPLODE:
                if max(map(len, kettles[:seat] + kettles[seat + 1:])) > 1:   # another has 2+
                    self.phase = SYMBOL
                    return
                events.append(["symbol", seat, s, -1])
                if loud:
                    self._say(f"P{seat}'s exploding kettle has no effect: no other kettle has "
                              f"more than one card.")
            elif s == WAND:
                if self.streak < 2:
                    self.phase = SYMBOL
                    return
                events.append(["symbol", seat, s, -1])
                if loud:
                    self._say(f"P{seat}'s magic wand and hat has no effect: no more than two "
                              f"turns in a row.")
            self._end_turn(False)
            return
        if ph == SYMBOL:
            s = g.symbol[self.kettles[seat][-1]]
            used = aid == g.use_ids[s]
            events.append(["symbol", seat, s, 1 if used else 0])
            if not used:
                if loud:
                    self._say(f"P{seat} forfeits the {g.components.symbol_names[s]}.")
                self._end_turn(False)
                return
            if loud:
                self._say(f"P{seat} uses the {g.components.symbol_names[s]}.")
            if s == EXPLODE:
                for other in range(g.players):
                    k = self.kettles[other]
                    if other == seat or len(k) < 2:
                        continue
                    card = k.pop()
                    if self.deck:
                        self.deck.insert(0, card)
                        self.known += 1
                        self.exploded_under += 1
                        self.pin_under += 1
                        events.append(["explode", other, card, 0])
                        if loud:
                            self._say(f"P{other}'s top card ({self._name(card)}) goes under the "
                                      f"deck.")
                    else:
                        self.removed.append(card)
                        self.pin_removed += 1
                        events.append(["explode", other, card, 1])
                        if loud:
                            self._say(f"P{other}'s top card ({self._name(card)}) leaves the game.")
                self._end_turn(False)
            else:
                self._end_turn(True)
            return
        # LAST
        card = self.pending
        self.pending = -1
        keep = aid == g.last_ids[0]
        if keep:
            self.kettles[seat].append(card)
        else:
            self.removed.append(card)
            self.pin_removed += 1
        events.append(["last", seat, card, 1 if keep else 0])
        if loud:
            self._say(f"P{seat} {'keeps' if keep else 'discards'} {g.card_names[card]}.")
        self._finish()

    def _end_turn(self, again: bool):
        """Replace the ingredient card, then the next turn (the same seat's with the
        magic wand and hat)."""
        if self.gap >= 0:
            if self.deck:
                card = self.deck.pop()
                self.grid[self.gap] = card
                if self.known > len(self.deck):
                    self.known = len(self.deck)
                if self.pin_under > len(self.deck):
                    self.pin_under = len(self.deck)
                self.events.append(["refill", self.gap, card])
            self.gap = -1
        self._begin_turn(self._next_seat(again), self.streak + 1 if again else 1)

    def _finish(self):
        self.phase = OVER
        self.current_player = None
        self.result = self._score()
        if self._quiet:
            return
        totals = [r["total"] for r in self.result]
        for seat, t in enumerate(totals):
            self._say(f"P{seat} scores {t}.")
        self._say(f"Game over: {who_won(self.winners())}.")

    def _score(self) -> list[dict]:
        g = self.game
        c = g.components
        cards = c.cards
        kettles = [[cards[x] for x in k] for k in self.kettles]
        recipes = [[c.recipes[r] for r in rs] for rs in self.recipes] if g.recipes_each else None
        # the game ends at the last card of a line: the seat whose turn it is took it
        return scoring.score_table(kettles, g.seat_colours, recipes, self.seat,
                                   c.ingredients, c.ones_bonus, c.four_bonus)

    # -- views ------------------------------------------------------------------------
    def _observation(self, seat):
        g = self.game
        obs = {
            "memory": g.options["memory"],
            "phase": PHASES[self.phase],
            "turn_seat": self.seat if self.phase != OVER else None,
            "streak": self.streak,
            "grid": list(self.grid),
            "pawns": list(self.pawns),
            "tops": [k[-1] for k in self.kettles],
            "sizes": [len(k) for k in self.kettles],
            "deck": len(self.deck),
            "removed": len(self.removed),
            "events": [list(e) for e in self.events],
            "pending": self.pending,
            "finisher": self.seat if self.phase >= LAST else -1,
            "recipes": [] if seat is None else list(self.recipes[seat]),
            "recipe_counts": [len(r) for r in self.recipes],
        }
        # derived public facts for the board: where each pawn's next move would go
        # with its current top card, and (to take) where each value would send you
        pawns = self.pawns
        obs["paths"] = [g.move(pawns[s], g.value[k[-1]], [p for t, p in enumerate(pawns) if t != s])
                        for s, k in enumerate(self.kettles)]
        # whose pawn moves next if no magic wand is announced (none once the game ends)
        obs["next_seat"] = self._next_seat(False) if self.phase in (TAKE, SYMBOL) else None
        if self.phase == TAKE:
            others = [p for t, p in enumerate(pawns) if t != self.seat]
            obs["after"] = [g.move(pawns[self.seat], v, others) for v in g.components.values]
            obs["line"] = list(self._line())
        if g.recall:
            obs["stacks"] = [list(k) for k in self.kettles]
            obs["deck_bottom"] = self.deck[:self.known]
            obs["removed_cards"] = list(self.removed)
        if self.phase == OVER:
            obs["kettles"] = [sorted(k) for k in self.kettles]
            obs["all_recipes"] = [list(r) for r in self.recipes]
            obs["result"] = [{**r, "rows": [dict(x, values=list(x["values"]), cards=list(x["cards"]))
                                            for x in r["rows"]],
                              "recipes": [list(x) for x in r["recipes"]]} for r in self.result]
            obs["kept"] = self.events[-1][3]        # the last decision: keep (1) or discard
        return obs

    def _scores(self):
        if self.phase == OVER:
            return [r["total"] for r in self.result]
        if not self.game.recall:
            return [0] * self.game.players      # the buried cards are nobody's knowledge
        g = self.game
        cards = g.components.cards
        kettles = [[cards[x] for x in k] for k in self.kettles]
        rows = scoring.score_table(kettles, g.seat_colours, None, None, (),
                                   g.components.ones_bonus, g.components.four_bonus)
        return [r["total"] for r in rows]

    # -- loading and hidden information ----------------------------------------------
    def _loaded(self):
        n = self.game.players
        if type(self.seat) is not int or not 0 <= self.seat < n:
            raise RecordError(f"kupferkessel: field data.seat={self.seat!r} is not a seat "
                              f"(0 to {n - 1})")
        self.result = self._score() if self.phase == OVER else None
        self.current_player = None if self.phase == OVER else self.seat

    def check_invariants(self):
        """The rules' constraints, on hidden parts too (so a resampled copy is a state
        the rules can produce, consistent with what the seats saw):

        * every ingredient card in exactly one place, every recipe too; kettles never
          empty; pawns on distinct spaces; corner cards in the corners; the phase
          matching the data;
        * Set-up: a kettle's bottom card (its first card: the exploding kettle takes
          only the top of a kettle of two or more) is never black or white; the cards
          put under the deck at set-up are, and while still in the deck they lie at
          ``deck[exploded_under:known]`` (under it only later explosions);
        * Exploding kettle, End of the Game: cards leave the game only once the deck
          is exhausted;
        * the events since the last decision (what every seat saw just now, in both
          memory modes): the cards seen going under the deck lie at its bottom, most
          recent first; those seen leaving the game end the out-of-game pile; a taken
          or kept card tops its taker's kettle (or is the pending last card); a
          refill lies in its cell; a first kettle card is the whole kettle. (In recall
          memory the rest of the public history is in the parts it shows: every
          kettle, the deck's known bottom and the out-of-game pile.)"""
        g = self.game
        deck, kettles, removed = self.deck, self.kettles, self.removed
        where = [x for x in self.grid if x >= 0] + deck + removed + \
            [x for k in kettles for x in k] + ([self.pending] if self.pending >= 0 else [])
        assert sorted(where) == list(range(g.ncards)), "ingredient cards are not conserved"
        assert len(kettles) == g.players and all(len(k) >= 1 for k in kettles), "a kettle is empty"
        assert len(set(self.pawns)) == len(self.pawns) == g.players, "two pawns share a space"
        assert all(self.grid[c] == CORNER for c in g.corner_cells), "a corner card is missing"
        assert 0 <= self.pin_under <= self.known <= len(deck), "known deck bottom out of range"
        assert 0 <= self.pin_removed <= len(removed), "seen out-of-game cards out of range"
        assert self.exploded_under >= 0, "negative count of exploded cards"
        if self.phase == TAKE:
            assert g.space_line[self.pawns[self.seat]] >= 0, "the pawn to take is at a corner"
        if self.phase == LAST:
            assert self.pending >= 0 and not deck
        if self.phase != LAST:
            assert self.pending == -1
        if self.phase == OVER:
            assert self.events and self.events[-1][:2] == ["last", self.seat], \
                "the game ended without the last card's decision"
        rec = sorted(self.spare + [r for rs in self.recipes for r in rs])
        assert rec == sorted(g.recipe_pool), "recipes are not conserved"
        # (d) the rules' constraints on hidden cards
        bw = g.player_card
        assert not any(bw[k[0]] for k in kettles), \
            "a kettle's bottom card is black or white (Set-up)"
        assert all(bw[c] for c in deck[self.exploded_under:self.known]), \
            "a card put under the deck at set-up is not black or white (Set-up)"
        assert not removed or not deck, "a card left the game before the deck was exhausted"
        # (e) the events since the last decision
        under, out = [], []
        for e in self.events:
            kind = e[0]
            if kind == "under":
                assert bw[e[2]], "a card put under the deck at set-up is not black or white"
                under.append(e[2])
            elif kind == "start":
                assert kettles[e[1]] == [e[2]], "a first kettle card is not the kettle"
            elif kind == "explode":
                (out if e[3] else under).append(e[2])
            elif kind == "take":
                assert kettles[e[1]][-1] == e[3] or self.pending == e[3], \
                    "a card taken just now is not its taker's top card"
            elif kind == "last":
                if e[3]:
                    assert kettles[e[1]][-1] == e[2], "the last card kept is not on top"
                else:
                    out.append(e[2])
            elif kind == "refill":
                assert self.grid[e[1]] == e[2], "a card refilled just now is not in its cell"
        assert self.pin_under == min(len(under), len(deck)) and \
            deck[:self.pin_under] == under[::-1][:self.pin_under], \
            "the cards seen going under the deck just now are not at its bottom"
        assert self.pin_removed == len(out) and removed[len(removed) - len(out):] == out, \
            "the cards seen leaving the game just now do not end the out-of-game pile"


KupferkesselGame.State = KupferkesselState
