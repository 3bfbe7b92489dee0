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

def _tally(game, kettle, seat: int) -> dict:
    """By ingredient of one kettle: [cards, total value, doubled] (Scoring; doubled: the
    ingredient is the seat's own colour, as its last card says)."""
    ing, val, col = game.ingredient, game.value, game.colour
    own = game.seat_colours[seat]
    out: dict = {}
    for c in kettle:
        t = out.setdefault(ing[c], [0, 0, False])
        t[0] += 1
        t[1] += val[c]
        t[2] = col[c] == own
    return out


def _kettle_points(game, kettle, seat: int) -> float:
    """Ingredient points of one kettle (Scoring), without the value-1 bonus."""
    four = game.components.four_bonus
    return sum(scoring.ingredient_points(k, total, doubled, four)
               for k, total, doubled in _tally(game, kettle, seat).values())


def _ones(game, kettles) -> list[int]:
    val = game.value
    ones = [sum(1 for c in k if val[c] == 1) for k in kettles]
    bonus = game.components.ones_bonus
    top = max(ones)
    return [bonus if o == top and ones.count(top) == 1 else 0 for o in ones]


@cache
def _prior_weight(count: int, total: int, doubled: bool, value: int, own: bool, four: int,
                  ones: bool) -> float:
    """The prior's weight of adding a card of ``value`` (``own``: of the seat's colour) to
    an ingredient of ``count`` cards worth ``total`` (only that ingredient's points
    change; ``ones``: the little more for a value-1 card), memoised: a playout asks
    for the same few again and again."""
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
    tally = _tally(g, state.kettles[seat], seat)
    ing, val, col, cell_of, grid = g.ingredient, g.value, g.colour, g.cell_of, state.grid
    own, four = g.seat_colours[seat], g.components.four_bonus
    out = []
    for a in ids:
        cell = cell_of.get(a)
        if cell is not None or a == g.last_ids[0]:      # take a card, or keep the last one
            card = grid[cell] if cell is not None else state.pending
            k, total, doubled = tally.get(ing[card], (0, 0, False))
            out.append(_prior_weight(k, total, doubled, val[card], col[card] == own, four,
                                     cell is not None))
        elif a in g.use_ids:
            out.append(3.0)
        else:
            out.append(1.0)
    return out


def search_evaluate(state) -> list[float]:
    """Each seat's expected share of the win: a logistic, over 8 points, of its
    lead over the best other seat if the game were scored now (ingredient points
    of its kettle and the value-1 bonus; recipes are left out)."""
    g = state.game
    n = g.players
    if state.current_player is None:
        est = [r["total"] for r in state.result]
        scale = 2.0
    else:
        kettles = state.kettles
        ones = _ones(g, kettles)
        est = [_kettle_points(g, kettles[s], s) + ones[s] for s in range(n)]
        scale = 8.0
    return margin_values(est, scale)
