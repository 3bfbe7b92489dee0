"""Veggies: the Game, the State machine and the placement geometry.

Decisions (``game.action_space``, ids fixed for a game; ``E = 3 * (stand_cards - 1)``):

* kind ``start``, field ``card`` 0..1: ``start with hand card <card>``;
* kind ``announce``, field ``good`` (strawberry..mushroom): ``announce <good>``;
* kind ``place``, fields ``src`` (held, ramp1, ramp2, ramp3: the ramp's slots
  are numbered 1 to 3, as the boards show them), ``rot`` (0, 90,
  180, 270 clockwise), ``row`` and ``col`` from -E to E:
  ``place <src> r<rot> at (<row>,<col>)``; ``(row, col)`` is the top-left space
  of the rotated card, counted from the top-left space of the starting card.

A card's spaces at ``r0`` are its two printed rows of three; at ``r90``/``r270``
it lies 3 rows high and 2 wide.
"""

from __future__ import annotations

import numpy as np

from ...core import Game, Option, components_option, int_range
from ...core.action_space import ActionSpace, Kind
from ...core.errors import ComponentError, OptionError, RecordError
from ...core.fields import derived, hidden, private, public, to_json
from ...core.state import State, best_seats
from ...core.words import who_won
from . import scoring
from .components import CODE, COLS, GOODS, ROWS, SYMBOLS, load_components

SOURCES = ("held", "ramp1", "ramp2", "ramp3")  # src 1..3 is ramp slot 1..3 (ramp[src - 1])
ROTS = (0, 90, 180, 270)
PH_START, PH_PLACE, PH_ANNOUNCE, PH_OVER = "start", "place", "announce", "over"
_GRID_CHARS = " " + SYMBOLS                 # code -> symbol (0 = no card)


def rotate(spaces: str, rot: int) -> list[str]:
    """The rows of a card (6 symbols, row-major at r0) turned ``rot`` degrees
    clockwise: 2 rows of 3 at 0/180, 3 rows of 2 at 90/270."""
    a = np.array(list(spaces)).reshape(ROWS, COLS)
    return ["".join(r) for r in np.rot90(a, -(rot // 90) % 4)]


def _widen(masks, pr, pc, h, w):
    """Mark in ``masks`` (2 layers: the top-left positions of a 2x3 card and of a 3x2
    card) every position where such a card would meet a card of shape (h, w) laid
    with its top-left at (pr, pc). A later card of shape (H, W) is legal iff its
    spaces meet the card's spaces or their 4-neighbours (rulebook: a new card
    touches an edge or covers part of the stand): the card plus a one-space
    border, corners excluded."""
    for layer, (H, W) in zip(masks, ((ROWS, COLS), (COLS, ROWS))):
        layer[max(0, pr - H):pr + h + 1, max(0, pc - W + 1):pc + w] = True
        layer[max(0, pr - H + 1):pr + h, max(0, pc - W):pc + w + 1] = True


def mark_legal(m, stamp, pr, pc, h, w, size):
    """Widen the legal positions in ``m`` (the two layers of ``_widen``) for a card
    of shape (h, w) laid with its top-left at (pr, pc) in a window of ``size``: one
    precomputed ``stamp`` away from the window's edges, the clipped rule
    (``_widen``) at them."""
    if 3 <= pr and pr + h < size and 3 <= pc and pc + w < size:
        m[:, pr - 3:pr + h + 1, pc - 3:pc + w + 1] |= stamp
    else:
        _widen(m, pr, pc, h, w)


class VeggiesGame(Game):
    title = "veggies"
    name = "Veggies"
    min_players = 2
    max_players = 4
    options_spec = {
        "stand_cards": Option(8, "Cards in each finished stand, the starting card included "
                                 "(rulebook: 'every player has added 8 cards'; our reading: 8 "
                                 "in all, see nbgames/games/veggies/components.md).",
                          check=int_range(2, 40)),
        "start": Option("secret", "How the starting cards are chosen (the rulebook is silent): "
                                  "'secret' = in seat order, face down, revealed together (the "
                                  "fairer reading: nobody answers a card already shown); 'open' "
                                  "= in seat order, each card public as soon as it is laid.",
                        choices=("secret", "open")),
        "teams": Option(None, "4 players: teams of seats 0+2 against 1+3 (rulebook: 4-Player "
                              "Variant). None = on for 4 players, off otherwise; True needs 4 "
                              "players.", choices=(None, True, False)),
        "components": components_option(
            load_components, "None for the bundled components.json, or a path/dict/list "
                              "of a corrected card file."),
    }

    def _setup(self):
        c = self.components = load_components(self.options["components"])
        n, k, N = self.players, self.options["stand_cards"], len(c.cards)
        if 3 + 2 * n > N:
            raise ComponentError(f"veggies: {n} players need at least {3 + 2 * n} cards for the "
                              f"set-up (3 on the ramp, 2 a player); {c.source} has {N}")
        # Nobody can run out of cards to place while n * k <= N - n + 1 (at worst the
        # other players each still hold one card when the deck and ramp are empty).
        if n * k > N - n + 1:
            raise ComponentError(f"veggies: stand_cards={k} with {n} players needs more cards than "
                              f"{c.source} has ({N}); choose stand_cards <= {(N - n + 1) // n}")
        if self.options["teams"] and n != 4:
            raise OptionError(f"veggies: teams=True needs 4 players (the 4-Player Variant), "
                              f"got players={n}")
        self.teams = [[0, 2], [1, 3]] if (n == 4 and self.options["teams"] is not False) else None
        self.announce_count = 2 if n == 2 else 1
        self.E = E = 3 * (k - 1)
        self.P = P = 2 * E + 1
        self.B = 2 * E + 3                      # board cells -E .. E+2 on each axis
        self.PP = P * P
        self.action_space = ActionSpace(
            Kind("start", "start with hand card {card}", card=2),
            Kind("announce", "announce {good}", good=GOODS),
            Kind("place", "place {src} r{rot} at ({row:+d},{col:+d})", src=SOURCES,
                 rot=tuple(map(str, ROTS)), row=(-E, E), col=(-E, E)))
        self.place = self.action_space.kind("place")
        # The layout is mixed radix, so a place id is linear in its fields: read the
        # strides off the codec once. A legal position (row, col) of the masks below
        # (window indices, row-major, P wide) is then id0 + rot * rot_stride + the
        # mask's flat index, and another source adds src_shift[source].
        first = self.place.id(0, 0, -E, -E)
        self.rot_stride = self.place.id(0, 1, -E, -E) - first
        self.src_shift = [self.place.id(s, 0, -E, -E) - first for s in range(len(SOURCES))]
        assert self.place.id(0, 0, -E + 1, -E) - first == P and \
            self.place.id(0, 0, -E, -E + 1) - first == 1 and self.rot_stride == P * P, \
            "place ids must be row-major, rotation above row"
        # src_column[mask]: a column of id shifts, one for each source whose bit is set
        # in mask and each pair of rotations (r0/r90, then r180/r270), in id order;
        # added to a stand's _block it gives one row of legal ids per (source, pair)
        self.src_column = [np.array([first + self.src_shift[k] + half * 2 * self.rot_stride
                                     for k in range(len(SOURCES)) if m >> k & 1 for half in (0, 1)],
                                    dtype=np.int64)[:, None] for m in range(1 << len(SOURCES))]
        # stamps[q & 1]: what _widen marks around a card of that shape laid at (3, 3)
        # of a small array, so that laying it needs one operation away from the edges
        self.stamps = []
        for h, w in ((ROWS, COLS), (COLS, ROWS)):
            stamp = np.zeros((2, h + 4, w + 4), bool)
            _widen(stamp, 3, 3, h, w)
            self.stamps.append(stamp)
        self.announce = self.action_space.kind("announce")
        self.start = self.action_space.kind("start")
        self.card_codes = [np.array([CODE[s] for s in t], dtype=np.int8).reshape(ROWS, COLS)
                           for t in c.cards]
        # rotated[card][rot index] -> small int8 array
        self.rotated = [[np.ascontiguousarray(np.rot90(a, -q)) for q in range(4)]
                        for a in self.card_codes]
        self.card_text = list(c.cards)


    def catalog(self) -> dict:
        """``cards``: each card's 6 spaces (row-major at r0), indexed by card id;
        ``turned``: each card's rows at r0, r90, r180 and r270 (:func:`rotate`), so
        that the board turns no card itself."""
        return {"cards": list(self.card_text),
                "turned": [[rotate(t, r) for r in ROTS] for t in self.card_text]}


def _ann_opts(v):
    return [None if o is None else (list(o[0]), list(o[1]), int(o[2])) for o in v]


class VeggiesState(State):
    """The state of a Veggies game; ``FIELDS`` says what each seat may see. The
    secret choices in progress (starting cards, tied announcements) are the core's
    (``_secret_open``)."""

    FIELDS = {
        "phase": public(doc="start, place, announce or over",
                        choices=(PH_START, PH_PLACE, PH_ANNOUNCE, PH_OVER)),
        "ramp": public("list", "the loading ramp: 3 card ids, -1 = empty"),
        "stands": public("lists", "(card, rotation index, r, c) by seat, in placing order",
                         load=lambda v: [[tuple(x) for x in st] for st in v]),
        "ann": public("lists", "goods announced by seat (the forced ones; the chosen ones "
                               "are secret until all are in)"),
        "ann_opts": public("list", "(forced, tied, picks) by seat, from the public stands",
                           load=_ann_opts),
        "result": public(doc="the scoring, once the game is over"),
        "hands": private(pool="cards", doc="card ids in hand: 2 during set-up, then 0 or 1"),
        "deck": hidden(pool="cards", doc="card ids, top last"),
        "tops": derived("lists", "the visible grid of codes by seat"),
        "masks": derived("lists", "by seat, a (2, P, P) array: the legal top-left positions "
                                  "of a 2x3 and of a 3x2 card"),
        "_blocks": derived("list", "cached legal positions by seat (arrays never changed)"),
        "_rows": derived("list", "cached visible rows by seat (tuples)"),
        "_groups": derived("list", "cached groups by seat (replaced, never changed)"),
    }

    # -- set-up -----------------------------------------------------------------
    def _start(self):
        g = self.game
        n = g.players
        deck = list(range(len(g.card_codes)))
        self._shuffle(deck, self._rng())
        self.deck = deck
        self.ramp = [deck.pop() for _ in range(3)]
        self.hands = [[deck.pop(), deck.pop()] for _ in range(n)]
        self.stands = [[] for _ in range(n)]
        self.tops = [np.zeros((g.B, g.B), np.int8) for _ in range(n)]
        self.masks = [np.zeros((2, g.P, g.P), bool) for _ in range(n)]
        self._blocks = [None] * n
        self._rows = [None] * n
        self._groups = [None] * n
        self.phase = PH_START
        self.ann = [[] for _ in range(n)]
        self.ann_opts = [None] * n
        self.result = None
        self.current_player = 0
        if g.options["start"] == "secret":
            self._secret_open()
        self._say(f"Veggies, {n} players, {g.options['stand_cards']} cards a stand"
                  + (" (teams: seats 0+2 against 1+3)" if g.teams else "") + ". "
                  f"The loading ramp shows {self._cards_text(self.ramp)}.")
        for s in range(n):
            self._say(f"You are dealt {self._cards_text(self.hands[s])}; choose your "
                      f"starting card.", to=s)

    def _cards_text(self, ids):
        t = self.game.card_text
        return ", ".join("(empty)" if i < 0 else f"#{i} {t[i][:3]}/{t[i][3:]}" for i in ids)

    # -- geometry ---------------------------------------------------------------
    def _paint(self, seat, card, q, pr, pc):
        """Lay a card (rotation index q) with its top-left at board index (pr, pc)
        and widen the legal positions. pr/pc are window indices (= r + E)."""
        g = self.game
        arr = g.rotated[card][q]
        h, w = arr.shape
        self.tops[seat][pr:pr + h, pc:pc + w] = arr
        mark_legal(self.masks[seat], g.stamps[q & 1], pr, pc, h, w, g.P)
        self._blocks[seat] = self._rows[seat] = self._groups[seat] = None

    def _block(self, seat):
        """The legal top-left positions on this stand as flat indices of
        ``masks[seat]`` (cached until the stand changes). The masks are (2, P, P),
        so these are already the id offsets of r0 and r90 (``rot_stride = P * P``);
        ``game.src_column`` turns them into ids."""
        b = self._blocks[seat]
        if b is None:
            b = self._blocks[seat] = np.flatnonzero(self.masks[seat])
        return b

    def visible_rows(self, seat) -> tuple[list[str], list[int]]:
        """The visible grid of a stand, cropped to its cards: (rows, [r, c] of rows[0][0]
        relative to the starting card)."""
        cached = self._rows[seat]
        if cached is None:
            cached = self._rows[seat] = self._crop(seat)
        rows, origin = cached
        return list(rows), list(origin)

    def stand_groups(self, seat) -> dict[str, list[list[list[int]]]]:
        """The cells of every group of every good on a stand (see
        :func:`.scoring.group_cells`; cached until the stand changes): the one pass
        over a stand that announcements, scores and the board's outlines share."""
        found = self._groups[seat]
        if found is None:
            rows, origin = self.visible_rows(seat)
            found = self._groups[seat] = scoring.group_cells(rows, list(GOODS), origin)
        return found

    def _largest(self, seat) -> dict[str, int]:
        return {gd: len(c[0]) if c else 0 for gd, c in self.stand_groups(seat).items()}

    def _options(self, seat) -> tuple[list[str], list[str], int]:
        return scoring.options_by_largest(self._largest(seat), self.game.announce_count)

    def _stand_score(self, seat, pooled) -> dict:
        """The score breakdown of a stand for the pooled goods, from its cached groups."""
        return scoring.score_stand(self.visible_rows(seat)[0], pooled, cells=self.stand_groups(seat))

    def _crop(self, seat):
        top = self.tops[seat]
        rs, cs = np.nonzero(top)
        if len(rs) == 0:
            return (), (0, 0)
        r0, r1, c0, c1 = rs.min(), rs.max() + 1, cs.min(), cs.max() + 1
        rows = tuple("".join(_GRID_CHARS[v] for v in row) for row in top[r0:r1, c0:c1].tolist())
        return rows, (int(r0) - self.game.E, int(c0) - self.game.E)

    # -- decisions --------------------------------------------------------------
    def _source_mask(self, seat) -> int:
        """Bit k set when source k (held, ramp1..ramp3) has a card for ``seat``."""
        r = self.ramp
        return ((1 if self.hands[seat] else 0) | (2 if r[0] >= 0 else 0)
                | (4 if r[1] >= 0 else 0) | (8 if r[2] >= 0 else 0))

    def _legal_ids(self):
        p = self.current_player
        g = self.game
        if self.phase == PH_PLACE:
            # one broadcast: a row of ids a source, the sources in id order
            return (self._block(p) + g.src_column[self._source_mask(p)]).ravel()
        if self.phase == PH_START:
            return [g.start.id(i) for i in range(2)]
        _, tied, _ = self.ann_opts[p]
        mine = self._announced(p)
        return [g.announce.id(GOODS.index(gd)) for gd in tied if gd not in mine]

    def _is_legal(self, aid):
        p = self.current_player
        v = self.game.action_space.unpack(aid)       # (kind, field values...)
        kind = v[0]
        if kind != self.phase:
            return False
        if kind == PH_PLACE:
            _, src, q, r, c = v
            if src == 0:
                if not self.hands[p]:
                    return False
            elif self.ramp[src - 1] < 0:
                return False
            E = self.game.E
            return bool(self.masks[p][q & 1, r + E, c + E])
        if kind == PH_START:
            return True
        gd = GOODS[v[1]]
        return gd in self.ann_opts[p][1] and gd not in self._announced(p)

    def _apply(self, aid):
        p = self.current_player
        g = self.game
        n = g.players
        v = g.action_space.unpack(aid)               # (kind, field values...)
        kind = v[0]
        if kind == PH_PLACE:
            _, src, q, r, c = v
            pr, pc = r + g.E, c + g.E
            card = self.hands[p].pop() if src == 0 else self.ramp[src - 1]
            self._paint(p, card, q, pr, pc)
            self.stands[p].append((card, q, pr - g.E, pc - g.E))
            turned = f", turned {ROTS[q]}° clockwise" if q else ""
            self._say(f"Player {p} places {'their held card' if src == 0 else f'the card of ramp slot {src}'}"
                      f", {self._cards_text([card])}{turned}, with its top-left space at row "
                      f"{pr - g.E:+d}, column {pc - g.E:+d}.")
            if self.deck:
                new = self.deck.pop()
                if src == 0:
                    self.hands[p].append(new)
                    self._say(f"You draw {self._cards_text([new])}.", to=p)
                else:
                    self.ramp[src - 1] = new
                    self._say(f"Ramp slot {src} is refilled with {self._cards_text([new])}.")
            else:
                if src:
                    self.ramp[src - 1] = -1
                self._say("The deck is empty: nothing is drawn.")
            if p == n - 1 and len(self.stands[p]) >= g.options["stand_cards"]:
                self._begin_announcements()
            else:
                self.current_player = (p + 1) % n
            return
        if kind == PH_START:
            if self._secret is None:
                self._lay_start(p, v[1])
            else:
                self._secret_add(p, aid)
                card = self.hands[p][v[1]]
                self._say(f"Player {p} has chosen a starting card.")
                self._say(f"You will start with #{card} {g.card_text[card][:3]}/"
                          f"{g.card_text[card][3:]} (shown when everyone has chosen).", to=p)
                if p == n - 1:
                    for seat, picks in enumerate(self._secret_close()):
                        self._lay_start(seat, g.action_space.unpack(picks[0])[1])
            if p == n - 1:
                self.phase = PH_PLACE
                self.current_player = 0
            else:
                self.current_player = p + 1
            return
        self._secret_add(p, aid)
        self._say(f"You announce {GOODS[v[1]]}.", to=p)
        self._next_announcer(p)

    def _lay_start(self, p, index):
        g = self.game
        card = self.hands[p].pop(index)
        self._paint(p, card, 0, g.E, g.E)
        self.stands[p].append((card, 0, 0, 0))
        self._say(f"Player {p} starts their stand with #{card} "
                  f"{g.card_text[card][:3]}/{g.card_text[card][3:]}.")
        self._say(f"You keep #{self.hands[p][0]} in your hand.", to=p)

    def _announced(self, s):
        """The goods ``s`` announces so far: the forced ones, then its secret choices."""
        space = self.game.action_space
        return self.ann[s] + [GOODS[space.unpack(a)[1]] for a in self._secret_of(s)]

    # -- the end ----------------------------------------------------------------
    def _begin_announcements(self):
        g = self.game
        self.phase = PH_ANNOUNCE
        self._say("Every stand is full. Each player announces the good of their largest "
                  "group" + (" (2 largest groups with 2 players)." if g.announce_count == 2 else "."))
        for s in range(g.players):
            forced, tied, picks = self.ann_opts[s] = self._options(s)
            self.ann[s] = list(forced)
        self._secret_open()
        self._next_announcer(-1)

    def _pending(self, s):
        return len(self._secret_of(s)) < self.ann_opts[s][2]

    def _next_announcer(self, after):
        """Stay with ``after`` while they still owe a choice, else the next seat
        (in seat order) with a tie to decide; nobody left: score the game."""
        for s in range(max(after, 0), self.game.players):
            if self._pending(s):
                if s != after:
                    self._say(f"Player {s} must choose between tied goods.")
                self.current_player = s
                return
        self._finish()

    def _finish(self):
        g = self.game
        self.ann = [self._announced(s) for s in range(g.players)]
        self._secret_close()
        pooled = scoring.pooled(self.ann)
        rows = [self._stand_score(s, pooled) for s in range(g.players)]
        totals = [r["total"] for r in rows]
        rats = [r["rats"] for r in rows]
        team_totals = None
        if g.teams:
            team_totals = [sum(totals[s] for s in t) for t in g.teams]
        self.result = {"announcements": [list(a) for a in self.ann], "pooled": pooled,
                       "stands": rows, "totals": totals, "rats": rats,
                       "teams": g.teams, "team_totals": team_totals,
                       "winners": best_seats(scoring.seat_keys(totals, rats, g.teams))}
        self.phase = PH_OVER
        self.current_player = None
        for s in range(g.players):
            self._say(f"Player {s} announces {' and '.join(self.ann[s]) or 'nothing'}.")
        self._say(f"Pooled goods: {', '.join(pooled) or 'none'}.")
        for s, r in enumerate(rows):
            parts = " + ".join(f"{v['largest']}x{v['groups']} {k}" for k, v in r["goods"].items())
            self._say(f"Player {s}: {parts or '0'} - {r['rats']} rats x 2 = {r['total']}.")
        if team_totals:
            self._say(f"Teams: seats 0+2 score {team_totals[0]}, seats 1+3 score {team_totals[1]}.")
        self._say(f"Game over: {who_won(self.result['winners'])}.")

    def _scores(self):
        if self.result is not None:
            r = self.result
            if r["team_totals"]:
                return [r["team_totals"][0 if s in (0, 2) else 1] for s in range(self.players)]
            return list(r["totals"])
        return self.provisional_scores()

    def provisional_scores(self) -> list[int]:
        """Scores if the game ended now, from public data only: each player's
        announcement ties resolved in the goods' order (strawberry first)."""
        g = self.game
        ann = []
        for s in range(g.players):
            forced, tied, picks = self._options(s)
            ann.append(forced + tied[:picks])
        pooled = scoring.pooled(ann)
        totals = [self._stand_score(s, pooled)["total"] for s in range(g.players)]
        if g.teams:
            t = [totals[0] + totals[2], totals[1] + totals[3]]
            return [t[s % 2] for s in range(g.players)]
        return totals

    def _tiebreak(self, seat):
        """Scoring: on a tie for points, fewer rats win (with teams, the team's
        points and rats: ``_scores`` is the team's total); ``scoring.seat_keys``."""
        r = self.result
        return scoring.seat_keys(r["totals"], r["rats"], r["teams"])[seat][1:]

    # -- views ------------------------------------------------------------------
    def _observation(self, seat):
        g = self.game
        n = g.players
        stands = []
        for s in range(n):
            rows, origin = self.visible_rows(s)
            stands.append({
                "cards": [[c, q, r, cc] for c, q, r, cc in self.stands[s]],
                "rows": rows, "origin": origin, "rats": sum(x.count("R") for x in rows),
                "hand_size": len(self.hands[s])})
        done = self.phase == PH_OVER
        obs = {
            "phase": self.phase, "stand_cards": g.options["stand_cards"], "window": g.E,
            "goods": list(GOODS), "stands": stands,
            "ramp": [None if c < 0 else c for c in self.ramp], "deck": len(self.deck),
            "hand": [] if seat is None else list(self.hands[seat]),
            "teams": g.teams, "announce_count": g.announce_count,
            "announced": [self.phase == PH_OVER or (self.phase == PH_ANNOUNCE
                                                    and not self._pending(s)) for s in range(n)],
            "my_announcement": (self._announced(seat) if seat is not None and
                                self.phase in (PH_ANNOUNCE, PH_OVER) else []),
            "started": [len(self.stands[s]) > 0 or len(self._secret_of(s)) > 0
                        for s in range(n)],
            "my_start": (self.hands[seat][self.game.action_space.unpack(self._secret_of(seat)[0])[1]]
                         if seat is not None and self.phase == PH_START and self._secret_of(seat)
                         else None),
            "announcements": [list(a) for a in self.ann] if done else None,
            "pooled": list(self.result["pooled"]) if done else None,
            "result": to_json(self.result) if done else None,
        }
        if seat is not None and self.phase == PH_ANNOUNCE and self.ann_opts[seat] is not None:
            forced, tied, picks = self.ann_opts[seat]
            sizes = self._largest(seat)
            obs["my_options"] = {"forced": list(forced), "tied": list(tied), "picks": picks,
                                 "largest": {gd: sizes[gd] for gd in forced + tied}}
        return obs

    # -- loading ------------------------------------------------------------------
    def _loaded(self):
        g = self.game
        n = g.players
        if len(self.hands) != n or len(self.stands) != n or len(self.ramp) != 3:
            raise RecordError("corrupt veggies state: seat count or ramp size is wrong")
        self.tops = [np.zeros((g.B, g.B), np.int8) for _ in range(n)]
        self.masks = [np.zeros((2, g.P, g.P), bool) for _ in range(n)]
        self._blocks = [None] * n
        self._rows = [None] * n
        self._groups = [None] * n
        for s, placed in enumerate(self.stands):
            for i, (c, q, r, cc) in enumerate(placed):
                if not (0 <= c < len(g.card_codes) and 0 <= q < 4 and abs(r) <= g.E
                        and abs(cc) <= g.E):
                    raise RecordError(f"corrupt veggies state: seat {s} card {i} {[c, q, r, cc]}")
                if i == 0 and (q, r, cc) != (0, 0, 0):
                    raise RecordError("corrupt veggies state: a starting card lies at r0 (0,0)")
                if i and not self.masks[s][q & 1, r + g.E, cc + g.E]:
                    raise RecordError(f"corrupt veggies state: seat {s} card {i} is not placed "
                                      f"legally")
                self._paint(s, c, q, r + g.E, cc + g.E)
        sizes = [len(s) for s in self.stands]
        if self.phase == PH_START:
            self.current_player = (sizes.index(0) if self._secret is None else
                                   sum(1 for s in range(n) if self._secret_of(s)))
        elif self.phase == PH_PLACE:
            self.current_player = (sum(sizes) - n) % n
        elif self.phase == PH_ANNOUNCE:
            self.current_player = next(s for s in range(n) if self._pending(s))
        else:
            self.current_player = None
            if self.result is None:
                raise RecordError("corrupt veggies state: the game is over but has no result")

    def check_invariants(self):
        """Every card is in exactly one place (deck, ramp, hands, stands); stand
        sizes follow the turn order; the visible grids match the placed cards."""
        g = self.game
        n = g.players
        where = (list(self.deck) + [c for c in self.ramp if c >= 0]
                 + [c for h in self.hands for c in h] + [x[0] for s in self.stands for x in s])
        assert sorted(where) == list(range(len(g.card_codes))), \
            "veggies: cards are not conserved (each card must be in exactly one place)"
        sizes = [len(s) for s in self.stands]
        k = g.options["stand_cards"]
        assert all(0 <= z <= k for z in sizes), f"veggies: stand sizes {sizes} exceed {k}"
        assert max(sizes) - min(sizes) <= 1, f"veggies: stand sizes {sizes} break turn order"
        if self.phase == PH_START:
            assert all(len(self.hands[s]) == (1 if sizes[s] else 2) for s in range(n))
        else:
            assert all(len(h) <= 1 for h in self.hands), "veggies: a hand holds more than 1 card"
        if self.phase in (PH_ANNOUNCE, PH_OVER):
            assert sizes == [k] * n, f"veggies: stands {sizes} are not full at the end"


VeggiesGame.State = VeggiesState
