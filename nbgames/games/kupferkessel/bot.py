"""Kupferkessel's heuristic bot (``nbgames.bots.greedy``) and a memory for it.

The bot values each card it may take by the expected change of its own score:
the cards it knows are in its kettle (the top card; in recall mode the whole
kettle, from the observation; with a :class:`Memory`, what it remembers) and,
for the buried cards it does not know, the chance that some are of the same
ingredient (a hypergeometric draw from the cards nobody can see). It adds a
little for the value-1 bonus, for symbols (another turn; an explosion), for its
recipes, and against landing by a corner. It uses symbols when they help (an
explosion only when, as far as it knows, it costs the others) and keeps the last
card when it is worth more than nothing. (Denying opponents the cards they need
was tried and measured worse: 0.57 against 0.62 of 600 recall-mode games against
the forgetful bot, so it is not in.)

``choose(observation, legal_actions, rng)`` remembers what it can: in recall
mode the observation holds every kettle; in table mode it keeps a per-game
:class:`Memory` (the card it takes, the tops and heights it sees: what a careful
player remembers) on its own generator, which the arena gives fresh to every
game. :func:`forgetful` is the same evaluation from the observation alone.

What it maximises: the expected change of its own final score from the decision
at hand (ingredient points, the value-1 bonus, recipes), plus the small bonuses
above; one decision at a time.

:func:`search_prior` and :func:`search_evaluate` give ``nbgames.bots.ismcts`` a
prior and an evaluation (the title's ``SPEC``).
"""

from __future__ import annotations

import math
from functools import cache
from math import comb

from ...core.decisions import decision_rng
from ...core.spec import margin_values
from . import scoring

WAND_BONUS = 2.5
EXPLODE_BONUS = 1.0
ONES_WEIGHT = 1.2


def points(count: int, total: float, doubled: bool, game) -> float:
    """Points of one ingredient on expected totals: the engine's rule (Scoring) with
    the game's component figures (the bonus for all four cards)."""
    return scoring.ingredient_points(count, total, doubled, game.components.four_bonus)


class Knowledge:
    """What a seat believes about every kettle: the known cards by seat, and how many
    buried cards it does not know; plus the pool of cards nobody can see."""

    def __init__(self, obs: dict, game, stacks=None):
        n = obs["players"]
        if stacks is None:
            if obs.get("stacks") is not None:
                stacks = obs["stacks"]
            else:
                stacks = [[-1] * (k - 1) + [t] for k, t in zip(obs["sizes"], obs["tops"])]
        self.known = [[x for x in st if x >= 0] for st in stacks]
        self.unknown = [sum(1 for x in st if x < 0) for st in stacks]
        seen = set(x for x in obs["grid"] if x >= 0)
        for k in self.known:
            seen.update(k)
        if obs["pending"] >= 0:
            seen.add(obs["pending"])
        seen.update(obs.get("deck_bottom", ()))
        seen.update(obs.get("removed_cards", ()))
        ing, val = game.ingredient, game.value
        self.pool_size = game.ncards - len(seen)
        self.pool_count = [0] * len(game.components.ingredients)
        self.pool_sum = [0] * len(game.components.ingredients)
        for c in range(game.ncards):
            if c not in seen:
                self.pool_count[ing[c]] += 1
                self.pool_sum[ing[c]] += val[c]
        self.players = n

    def delta(self, game, seat: int, card: int, sign: int = 1) -> float:
        """Expected change of ``seat``'s ingredient points when ``card`` is added
        (sign=1) or its top card ``card`` removed (sign=-1)."""
        i = game.ingredient[card]
        doubled = game.colour[card] == game.seat_colours[seat]
        have = [c for c in self.known[seat] if game.ingredient[c] == i]
        n0, s0 = len(have), sum(game.value[c] for c in have)
        if sign < 0:                       # the card is among the known ones
            n0, s0 = n0 - 1, s0 - game.value[card]
        v = game.value[card]
        b, N, u = self.unknown[seat], self.pool_size, self.pool_count[i]
        mean = self.pool_sum[i] / u if u else 0.0
        if b <= 0 or u <= 0 or N <= 0:
            d = points(n0 + 1, s0 + v, doubled, game) - points(n0, s0, doubled, game)
            return d if sign > 0 else -d
        total, exp = comb(N, b), 0.0
        for k in range(0, min(u, b, 4 - n0 - 1) + 1):
            p = comb(u, k) * comb(N - u, b - k) / total
            if p <= 0:
                continue
            s = s0 + k * mean
            exp += p * (points(n0 + k + 1, s + v, doubled, game) - points(n0 + k, s, doubled, game))
        return exp if sign > 0 else -exp


def _recipe_bonus(game, recipes, card: int) -> float:
    c = game.components.cards[card]
    out = 0.0
    for r in recipes:
        rec = game.components.recipes[r]
        k = rec.kind
        if k == "colour_both" and c.colour == rec.colour:
            out += 2.0
        elif k == "colour_one" and c.colour == rec.colour:
            out += 1.0
        elif k == "three_plants" and c.plant:
            out += 1.2
        elif k == "fewer_explode" and c.symbol == 0:
            out -= 3.0
        elif k == "fewer_wand" and c.symbol == 1:
            out -= 3.0
        elif k == "fewer_fours" and c.value == 4:
            out -= 2.5
        elif k == "fewer_cards":
            out -= 0.8
    return out


def _lands_on_corner(game, obs, seat, value) -> bool:
    others = {p for s, p in enumerate(obs["pawns"]) if s != seat}
    path = game.move(obs["pawns"][seat], value, others)
    return game.space_line[path[-1]] < 0


def evaluate(obs: dict, legal, rng, stacks=None) -> int:
    """The bot's decision given what it knows (``stacks``: believed kettles, bottom
    first, -1 for a card it does not know; None: from the observation)."""
    game = legal.game
    ids = [int(a) for a in (legal.ids if hasattr(legal, "ids") else legal)]
    seat = obs["seat"]
    know = Knowledge(obs, game, stacks)
    space = game.action_space
    phase = obs["phase"]
    # does it know any buried card (recall mode, or a memory)?
    informed = any(len(k) > 1 for k in know.known)
    if phase == "last":
        card = obs["pending"]
        gain = know.delta(game, seat, card) + (ONES_WEIGHT if game.value[card] == 1 else 0)
        gain += _recipe_bonus(game, obs["recipes"], card)
        return space.encode("last", choice=0 if gain >= 0 else 1)
    if phase == "symbol":
        _kind, sym = space.unpack(ids[0])[0], space.unpack(ids[0])[1]
        use, forfeit = space.encode("use", symbol=sym), space.encode("forfeit", symbol=sym)
        if sym == 1:                               # another turn: almost always good
            bad = any(game.components.recipes[r].kind == "fewer_cards" for r in obs["recipes"])
            return forfeit if bad else use
        # exploding kettle: good when it costs the others (as far as we know)
        harm = 0.0
        for other in range(obs["players"]):
            if other == seat or obs["sizes"][other] < 2:
                continue
            top = obs["tops"][other]
            harm -= know.delta(game, other, top, sign=-1) if informed else 0.5
        return use if harm >= -0.5 else forfeit
    # take
    best, best_score = ids[0], None
    my_value = game.value
    for aid in ids:
        cell = game.cell_of[aid]
        card = obs["grid"][cell]
        score = know.delta(game, seat, card)
        if my_value[card] == 1:
            score += ONES_WEIGHT
        sym = game.symbol[card]
        if sym == 1 and obs["streak"] < 2:
            score += WAND_BONUS
        elif sym == 0 and any(k > 1 for s, k in enumerate(obs["sizes"]) if s != seat):
            score += EXPLODE_BONUS
        score += _recipe_bonus(game, obs["recipes"], card)
        if _lands_on_corner(game, obs, seat, my_value[card]):
            score -= 1.0
        score += 0.01 * rng.random()
        if best_score is None or score > best_score:
            best, best_score = aid, score
    return best


class Memory:
    """A seat's memory of every kettle, kept between its decisions: bottom-first lists
    of cards, -1 where it does not know the card. It learns the cards it takes and
    every top card it sees, and drops cards when a kettle shrinks (an explosion
    takes the top card)."""

    def __init__(self):
        self.stacks = None
        self.step = -1

    def update(self, obs: dict) -> list[list[int]]:
        if self.stacks is None or len(self.stacks) != obs["players"]:
            self.stacks = [[-1] * (k - 1) + [t] for k, t in zip(obs["sizes"], obs["tops"])]
            return self.stacks
        for s, (size, top) in enumerate(zip(obs["sizes"], obs["tops"])):
            st = self.stacks[s]
            if size < len(st):
                del st[size:]
            elif size > len(st):
                st.extend([-1] * (size - len(st)))
            st[-1] = top
        return self.stacks

    def took(self, seat: int, card: int) -> None:
        self.stacks[seat].append(card)


def memory_of(book: dict | None, obs: dict) -> Memory | None:
    """The memory of the seat deciding, kept in ``book``: the per-game dict that
    ``nbgames.bots.greedy`` gives its title bot (a fresh one for each game, through
    ``spawn``). Going back in the game (the step goes down, e.g. after undo) starts
    a fresh memory. None without a book."""
    if book is None:
        return None
    key = (obs["seat"], obs["players"])
    mem = book.get(key)
    if mem is None or obs["step"] < mem.step:
        mem = book[key] = Memory()
    mem.step = obs["step"]
    return mem


def choose(obs: dict, legal, rng, memory: dict | None = None) -> int:
    """The greedy decision (the SPEC's bot, ``nbgames.bots.greedy``). In recall mode
    the observation holds every kettle; in table mode the bot remembers what it can
    in its per-game memory (:func:`memory_of`): the cards it took and the tops it saw."""
    if obs.get("stacks") is not None or obs["seat"] is None:
        return evaluate(obs, legal, rng)
    mem = memory_of(memory, obs)
    if mem is None:
        return evaluate(obs, legal, rng)
    aid = evaluate(obs, legal, rng, mem.update(obs))
    if obs["phase"] == "take":
        mem.took(obs["seat"], obs["grid"][legal.game.cell_of[aid]])
    return aid


def forgetful(obs: dict, legal, rng) -> int:
    """The same evaluation from the observation alone: in table mode it knows only the
    top card of each kettle (what the table shows)."""
    table = {k: v for k, v in obs.items() if k not in ("stacks", "deck_bottom", "removed_cards")}
    return evaluate(table, legal, rng)


class Forgetful:
    """:func:`forgetful` as a seeded policy (``spawn(seed)`` like the built-in bots):
    each decision draws its generator from the seed and the observation's seat and
    step, so the same observation and seed always give the same move."""

    __name__ = "forgetful"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def spawn(self, seed: int) -> Forgetful:
        return Forgetful(seed)

    def __call__(self, obs, legal):
        return forgetful(obs, legal, decision_rng(self.seed, obs))


# -- for the search (nbgames.bots.ismcts): a prior and an evaluation on a State -------------
# A position reached in a search is a determinized State: in table mode every buried
# kettle card (the seat's own too) is a sample, so these read an expectation.

class _Tables:
    """What the search's prior and evaluation read of a kettle, by the cards of each
    ingredient in it: a kettle is a bit mask of its cards (``game.card_bit``), and
    the cards of ingredient ``i`` are the ``game.width`` bits from ``game.ing_shift[i]``
    (the ingredient's mask, ``m``). Built once a game (kept on it, :func:`_tables`):
    a playout asks the same few questions again and again.

    ``points[seat][j][b]``: the ingredient points (Scoring, doubled in the seat's
    colour) of the ingredients of chunk ``j`` of a kettle's mask, ``b`` its bits
    (``chunk`` bits from ``chunk * j``: whole ingredients, at most 8 bits, so a
    kettle's points are a few lookups); ``take[seat][card][m]`` and
    ``keep[seat][card][m]``: the prior's weight of taking ``card`` (keeping it as
    the last card) with ``m`` in the kettle, :func:`_prior_weight` filled in on first
    use."""

    def __init__(self, game):
        c = game.components
        width = game.width
        self.full = (1 << width) - 1
        masks = range(1 << width)
        # the cards and total value of an ingredient's mask (bit j: the j-th value)
        self.count = [m.bit_count() for m in masks]
        self.total = [sum(v for j, v in enumerate(c.values) if m >> j & 1) for m in masks]
        ing_colour = [x["colour"] for x in c.ingredients]
        four = c.four_bonus
        per = max(1, 8 // width)                       # ingredients a chunk
        self.chunk, chunks = per * width, range(0, len(ing_colour), per)
        self.chunk_mask = (1 << self.chunk) - 1
        self.chunk_shifts = [self.chunk * j for j in range(len(chunks))]

        def chunk_points(own, first):
            """The points of the chunk of ingredients from ``first``, by its bits."""
            table = [0]
            for i in range(first, min(first + per, len(ing_colour))):
                # the next ingredient of the chunk: its bits above those of the ones before it
                doubled = ing_colour[i] == own
                pts = [scoring.ingredient_points(self.count[m], self.total[m], doubled, four)
                       for m in masks]
                table = [low + x for x in pts for low in table]
            return table

        self.points = [[chunk_points(own, first) for first in chunks] for own in game.seat_colours]
        n = game.ncards
        self.take = [[[None] * len(masks) for _ in range(n)] for _ in game.seat_colours]
        self.keep = [[[None] * len(masks) for _ in range(n)] for _ in game.seat_colours]

    def weight(self, game, seat: int, card: int, m: int, ones: bool) -> float:
        """The prior's weight of taking ``card`` (``ones``) or keeping it as the last
        card, the kettle holding ``m`` of its ingredient: as a tally of the kettle
        gives it (doubled: the ingredient's colour is the seat's, with cards of it)."""
        own = game.seat_colours[seat]
        k = self.count[m]
        doubled = k > 0 and game.colour[card] == own       # an ingredient has one colour
        w = _prior_weight(k, self.total[m], doubled, game.value[card], game.colour[card] == own,
                          game.components.four_bonus, ones)
        (self.take if ones else self.keep)[seat][card][m] = w
        return w


def _tables(game) -> _Tables:
    """The game's :class:`_Tables`, built on first use and kept on the game (they
    depend on its components and seat colours only)."""
    try:
        return game._kk_search_tables
    except AttributeError:
        t = game._kk_search_tables = _Tables(game)
        return t


def _mask(game, kettle) -> int:
    """A kettle as the bit mask of its cards."""
    return sum(map(game.card_bit.__getitem__, kettle))


def _ones(game, masks) -> list[int]:
    """The value-1 bonus by seat (Scoring) of the kettles' masks."""
    ones_mask = game.ones_mask
    ones = [(m & ones_mask).bit_count() for m in masks]
    bonus = game.components.ones_bonus
    top = max(ones)
    return [bonus if o == top and ones.count(top) == 1 else 0 for o in ones]


@cache
def _prior_weight(count: int, total: int, doubled: bool, value: int, own: bool, four: int,
                  ones: bool) -> float:
    """The prior's weight of adding a card of ``value`` (``own``: of the seat's colour) to
    an ingredient of ``count`` cards worth ``total`` (only that ingredient's points
    change; ``ones``: the little more for a value-1 card)."""
    gain = (scoring.ingredient_points(count + 1, total + value, own, four)
            - scoring.ingredient_points(count, total, doubled, four))
    gain += 0.8 if ones and value == 1 else 0.0
    return math.exp(max(-12.0, min(gain, 12.0)) / 3.0)


def search_prior(state, ids) -> list[float]:
    """How likely the seat to move is to take each legal action: a take by how much
    the card changes its kettle's points (a softmax over 3 points), a little more
    for value-1 cards; symbols are mostly used and a last card kept when it helps."""
    g = state.game
    seat = state.current_player
    t = _tables(g)
    mask = -1                                            # the kettle's, once a card needs it
    take, keep, full = t.take[seat], t.keep[seat], t.full
    shift, ing, cell_of, grid = g.ing_shift, g.ingredient, g.cell_of, state.grid
    out = []
    for a in ids:
        cell = cell_of.get(a)
        if cell is not None:                             # take a card
            card = grid[cell]
            row = take[card]
        elif a == g.last_ids[0]:                         # keep the last one
            card = state.pending
            row = keep[card]
        elif a in g.use_ids:
            out.append(3.0)
            continue
        else:
            out.append(1.0)
            continue
        if mask < 0:
            mask = _mask(g, state.kettles[seat])
        m = (mask >> shift[ing[card]]) & full
        w = row[m]
        out.append(w if w is not None else t.weight(g, seat, card, m, cell is not None))
    return out


def search_evaluate(state) -> list[float]:
    """Each seat's expected share of the win: a logistic, over 8 points, of its
    lead over the best other seat if the game were scored now (ingredient points
    of its kettle and the value-1 bonus; recipes are left out)."""
    g = state.game
    if state.current_player is None:
        est = [r["total"] for r in state.result]
        scale = 2.0
    else:
        t = _tables(g)
        shifts, bits = t.chunk_shifts, t.chunk_mask
        masks = [_mask(g, k) for k in state.kettles]
        ones = _ones(g, masks)
        # each seat's ingredient points: a lookup for each chunk of its kettle's mask
        est = [sum(p[(m >> sh) & bits] for p, sh in zip(t.points[s], shifts)) + ones[s]
               for s, m in enumerate(masks)]
        scale = 8.0
    return margin_values(est, scale)
