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

from ...core import Game, Option, State, components_option
from ...core.action_space import ActionSpace, Kind
from ...core.errors import RecordError
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
        path, pos, n = [], start, self.spaces
        while steps > 0:
            pos = (pos + 1) % n
            path.append(pos)
            if pos not in others:
                steps -= 1
        return path


class KupferkesselState(State):
    """Data: ``grid`` (card by cell, -1 gap, -2 corner), ``deck`` (bottom first, top
    last), ``kettles`` (bottom first, top last, by seat), ``removed`` (out of the
    game, in order), ``pawns`` (spaces), ``phase``, ``seat`` (whose turn), ``streak``
    (turns in a row of that seat), ``gap`` (cell to refill after the symbol
    decision), ``pending`` (the last card, while its taker decides), ``finisher``,
    ``recipes``/``spare`` (recipe indices), ``events`` (since the last decision),
    ``known`` (cards at the bottom of the deck a perfect memory knows),
    ``pin_under``/``pin_removed`` (cards put under the deck / removed since the
    last decision: seen by everyone just now)."""

    # -- set-up -----------------------------------------------------------------
    def _start(self):
        g = self.game
        n = g.players
        rng = self._rng()
        cards = list(range(g.ncards))
        rng.shuffle(cards)
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
            rrng.shuffle(pool)
            k = g.recipes_each
            self.recipes = [sorted(pool[i * k:(i + 1) * k]) for i in range(n)]
            self.spare = sorted(pool[n * k:])
            for seat in range(n):
                texts = "; ".join(f"{g.components.recipes[r].text} (+{g.components.recipes[r].bonus})"
                                  for r in self.recipes[seat])
                self._say(f"Your secret recipes: {texts}.", to=seat)
        self.gap = -1
        self.pending = -1
        self.finisher = -1
        self.kept = -1
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
        for _ in range(64 * n):
            others = [p for s, p in enumerate(self.pawns) if s != seat]
            start = self.pawns[seat]
            steps = g.value[self.kettles[seat][-1]]
            path = g.move(start, steps, others)
            end = path[-1]
            self.pawns[seat] = end
            # the spaces passed between start and end (flat: events hold no nested lists)
            self.events.append(["move", seat, start, end, *path[:-1]])
            self.seat, self.streak = seat, streak
            if g.space_line[end] >= 0:
                self.phase = TAKE
                self.current_player = seat
                return
            self.events.append(["corner", seat, end])
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

    def _cards_of_line(self, line: int):
        grid = self.grid
        return [cell for cell in self.game.lines[line] if grid[cell] >= 0]

    # -- decisions ------------------------------------------------------------------
    def _legal_ids(self):
        g = self.game
        ph = self.phase
        if ph == TAKE:
            grid = self.grid
            return [g.take_ids[cell] for cell in self._line() if grid[cell] >= 0]
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
        g = self.game
        seat = self.seat
        self.events = []
        self.pin_under = self.pin_removed = 0
        ph = self.phase
        if ph == TAKE:
            cell = g.cell_of[aid]
            card = self.grid[cell]
            self.grid[cell] = GAP
            self.events.append(["take", seat, cell, card])
            r, c = divmod(cell, g.size)
            if not self.deck and any(not self._cards_of_line(li) for li in g.cell_lines[cell]):
                # End of the Game: the last card of a line; keep or discard, no symbol
                self.phase = LAST
                self.pending = card
                self.finisher = seat
                self._say(f"P{seat} takes {g.card_names[card]} at row {r} col {c}, the last "
                          f"card of a line: the game ends.")
                return
            self.kettles[seat].append(card)
            self.gap = cell
            self._say(f"P{seat} takes {self._name(card)} at row {r} col {c}.")
            s = g.symbol[card]
            if s == EXPLODE:
                if any(len(k) > 1 for i, k in enumerate(self.kettles) if i != seat):
                    self.phase = SYMBOL
                    return
                self.events.append(["symbol", seat, s, -1])
                self._say(f"P{seat}'s exploding kettle has no effect: no other kettle has "
                          f"more than one card.")
            elif s == WAND:
                if self.streak < 2:
                    self.phase = SYMBOL
                    return
                self.events.append(["symbol", seat, s, -1])
                self._say(f"P{seat}'s magic wand and hat has no effect: no more than two "
                          f"turns in a row.")
            self._end_turn(False)
            return
        if ph == SYMBOL:
            s = g.symbol[self.kettles[seat][-1]]
            used = aid == g.use_ids[s]
            self.events.append(["symbol", seat, s, 1 if used else 0])
            sname = g.components.symbol_names[s]
            if not used:
                self._say(f"P{seat} forfeits the {sname}.")
                self._end_turn(False)
                return
            self._say(f"P{seat} uses the {sname}.")
            if s == EXPLODE:
                for other in range(g.players):
                    k = self.kettles[other]
                    if other == seat or len(k) < 2:
                        continue
                    card = k.pop()
                    if self.deck:
                        self.deck.insert(0, card)
                        self.known += 1
                        self.pin_under += 1
                        self.events.append(["explode", other, card, 0])
                        self._say(f"P{other}'s top card ({self._name(card)}) goes under the deck.")
                    else:
                        self.removed.append(card)
                        self.pin_removed += 1
                        self.events.append(["explode", other, card, 1])
                        self._say(f"P{other}'s top card ({self._name(card)}) leaves the game.")
                self._end_turn(False)
            else:
                self._end_turn(True)
            return
        # LAST
        card = self.pending
        self.pending = -1
        keep = aid == g.last_ids[0]
        self.kept = 1 if keep else 0
        if keep:
            self.kettles[seat].append(card)
        else:
            self.removed.append(card)
            self.pin_removed += 1
        self.events.append(["last", seat, card, self.kept])
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
        totals = [r["total"] for r in self.result]
        for seat, t in enumerate(totals):
            self._say(f"P{seat} scores {t}.")
        self._say(f"Game over. Winner(s): {', '.join(f'P{w}' for w in scoring.winners(totals))}.")

    def _score(self) -> list[dict]:
        g = self.game
        c = g.components
        cards = c.cards
        kettles = [[cards[x] for x in k] for k in self.kettles]
        recipes = [[c.recipes[r] for r in rs] for rs in self.recipes] if g.recipes_each else None
        return scoring.score_table(kettles, g.seat_colours, recipes,
                                   self.finisher if self.finisher >= 0 else None,
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
            "finisher": self.finisher,
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
            obs["kept"] = self.kept
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

    def _winners(self):
        return scoring.winners([r["total"] for r in self.result])

    # -- copies and serialization ------------------------------------------------------
    def _copy_into(self, new):
        new.grid = self.grid.copy()
        new.deck = self.deck.copy()
        new.kettles = [k.copy() for k in self.kettles]
        new.removed = self.removed.copy()
        new.pawns = self.pawns.copy()
        new.recipes = self.recipes          # replaced, never changed in place
        new.spare = self.spare
        new.events = self.events            # replaced at every decision; appended only before
        new.phase = self.phase
        new.seat = self.seat
        new.streak = self.streak
        new.gap = self.gap
        new.pending = self.pending
        new.finisher = self.finisher
        new.kept = self.kept
        new.known = self.known
        new.pin_under = self.pin_under
        new.pin_removed = self.pin_removed
        new.result = self.result            # set once at the end

    _FIELDS = ("grid", "deck", "kettles", "removed", "pawns", "recipes", "spare", "events",
               "phase", "seat", "streak", "gap", "pending", "finisher", "kept", "known",
               "pin_under", "pin_removed")

    def _payload(self):
        import copy
        return {k: copy.deepcopy(getattr(self, k)) for k in self._FIELDS}

    def _load(self, d):
        import copy
        missing = [k for k in self._FIELDS if k not in d]
        if missing:
            raise RecordError(f"corrupt kupferkessel state: missing {missing}")
        for k in self._FIELDS:
            setattr(self, k, copy.deepcopy(d[k]))
        if self.phase not in (TAKE, SYMBOL, LAST, OVER):
            raise RecordError(f"corrupt kupferkessel state: phase {self.phase!r} is not 0..3")
        self.result = self._score() if self.phase == OVER else None
        self.current_player = None if self.phase == OVER else self.seat

    def _resample(self, seat, rng):
        """Shuffle what ``seat`` cannot see, keeping every count. Table mode: the
        deck, every buried kettle card (its own included) and the cards out of the
        game, except the cards seen going under the deck or out of the game since
        the last decision; recall mode: the deck above the cards a perfect memory
        knows at its bottom. Both: the recipes of the other seats and the spare ones.
        At the end every kettle is shown: only the deck (and the out-of-game pile in
        table mode) is shuffled."""
        g = self.game
        over = self.phase == OVER
        if g.recall:
            top = sorted(self.deck[self.known:])   # sorted: depends on the view and rng only
            rng.shuffle(top)
            self.deck[self.known:] = top
        else:
            pu = min(self.pin_under, len(self.deck))
            pr = self.pin_removed
            keep_removed = self.removed[len(self.removed) - pr:] if pr else []
            pool = self.deck[pu:] + self.removed[:len(self.removed) - pr]
            if not over:
                for k in self.kettles:
                    pool.extend(k[:-1])
            pool.sort()                             # the view and rng only decide the result
            rng.shuffle(pool)
            i = len(self.deck) - pu
            self.deck[pu:] = pool[:i]
            j = i + len(self.removed) - pr
            self.removed = pool[i:j] + keep_removed
            if not over:
                for k in self.kettles:
                    b = len(k) - 1
                    k[:-1] = pool[j:j + b]
                    j += b
        if g.recipes_each:
            others = [s for s in range(g.players) if s != seat and not over]
            rpool = sorted(list(self.spare) + [r for s in others for r in self.recipes[s]])
            rng.shuffle(rpool)
            recipes = [list(r) for r in self.recipes]
            for s in others:
                k = len(recipes[s])
                recipes[s], rpool = sorted(rpool[:k]), rpool[k:]
            self.recipes = recipes
            self.spare = sorted(rpool)

    def check_invariants(self):
        """Every ingredient card is in exactly one place; kettles never empty; pawns
        on distinct spaces; the phase matches the data."""
        g = self.game
        where = [x for x in self.grid if x >= 0] + self.deck + self.removed + \
            [x for k in self.kettles for x in k] + ([self.pending] if self.pending >= 0 else [])
        assert sorted(where) == list(range(g.ncards)), "ingredient cards are not conserved"
        assert all(len(k) >= 1 for k in self.kettles), "a kettle is empty"
        assert len(set(self.pawns)) == len(self.pawns), "two pawns share a space"
        assert all(self.grid[c] == CORNER for c in g.corner_cells), "a corner card is missing"
        assert 0 <= self.known <= len(self.deck), "known deck bottom out of range"
        if self.phase == TAKE:
            assert g.space_line[self.pawns[self.seat]] >= 0, "the pawn to take is at a corner"
        if self.phase == LAST:
            assert self.pending >= 0 and not self.deck
        if self.phase != LAST:
            assert self.pending == -1
        rec = sorted(self.spare + [r for rs in self.recipes for r in rs])
        assert rec == sorted(g.recipe_pool), "recipes are not conserved"


KupferkesselGame.State = KupferkesselState
