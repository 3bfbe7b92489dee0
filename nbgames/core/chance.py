"""Chance made explicit: rebuild a position from its start, its actions and a list
of chance outcomes, and the worlds a seat cannot tell apart, each with a history
(see ARCHITECTURE.md, "Chance points").

Every random event of a title is a *chance point*: :meth:`State._shuffle` (a deck
shuffled: every order of its items) or :meth:`State._sample` (``k`` items drawn).
A game played from a seed draws each outcome from the seed, exactly as before, and
records it (``state.chance_history()``). :func:`rebuild` replays a position from
its start with the outcomes given instead: the true ones give the same state; other
ones give another world with the same public history.

:func:`worlds` uses that to give a seat's worlds a past. A world is what
``state.determinize(seat)`` gives (uniform over what the seat cannot tell apart, no
trace of the truth); its chance outcomes are found by replaying the game once with
every dealt item *tagged* with where it was dealt from, and reading, place by
place, which world item stands where the true one stands. Replaying the actions
with those outcomes must give exactly the determinized world; where it does not
(a title whose hidden parts are not dealt items, or a rule that moves items by
what they are), the world has no history and is not used.

A title whose hidden holdings are redrawn by its own rules (``hook`` parts, such
as money behind a screen) gives its worlds a shorter past instead: the stretch
of play a seat remembers. Its State gives two optional hooks:
``_window_mark()``, a value that stays the same over the stretch and never
comes back once it changed (the round number, say), and ``_roll_back(now)``,
called on the stretch's first position holding ``now``'s hidden and private
parts (``now``: a world as it stands): it undoes on them, in place, what the
stretch's public events did (what was taken, paid, harvested, dealt to a
display), reading only ``now``, and returns False where it cannot. The stretch
is then replayed in the world (the open round's secret choices are the world's
own draws) and must end in exactly the world. The first position's public parts
and seat to move come from the truth's own replay, everything else from the
world, so no hidden value of the truth reaches a world or its weights. A
stretch with a chance point in it (a reshuffle) or begun inside a round of
secret choices gives no window (uniform worlds).

With a history, each world is weighted by how likely the other
seats were to take their last decisions in it under a model of them (the title's
prior by default): the *inference* a card player makes when an opponent keeps
taking Meat. The weights are importance weights of a uniform proposal, so the
drawn worlds follow the posterior of that model.

What a world's past holds and the seat never saw (an item dealt and gone from the
table unseen) is drawn afresh from what its deal leaves over once the seat's
sightings and the world's own items are counted, never kept from the truth; a
hand kept sorted is matched to the world's by where its cards were dealt, not by
the truth's sort order. So the weights depend on what the seat saw and on the
generator only, which ``tests/test_chance.py`` checks on twins (the same game
with the unseen items dealt again). A title where that cannot hold (where two
equal cards leave a sorted hand by value, the truth decides which dealt places
stay in it, and a world's past follows them) declares it
(``SPEC.extra["no_weighted_worlds"]``, the reason): :func:`worlds` then gives
no world and says why, and the caller samples uniformly.

**Carried on.** A seat's pool from its last decision is played on with the
actions since, where nothing was dealt in between (``worlds(..., kept=)``, a
particle filter; the search keeps its pools): a survivor costs a few steps
instead of a rebuilt past (``bench/search.py --worlds`` measures both along a
game; the figures are in the declaring title's spec). Worlds in which the others'
moves reveal cards (a card named by its place in a hidden hand) rarely survive,
and such a title's pools are mostly drawn afresh.

Cost: a world replays from the truth's own position before the first chance point
where its outcomes differ (earlier rounds are not replayed: the state is the one a
replay from the start gives; a remembered stretch replays from its start), and a
decision seen from the same view in two worlds (``view_key``) is weighed once. The model may be sharpened
(``Worlds.sharpen``: a search plays its prior's favourite move far more often
than the prior's weights say), and a title declares where weighted worlds help
(``SPEC.extra["worlds"]``, read by ``Worlds(declared=True)``).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field

from .errors import RecordError
from .fields import PLAIN


class _Item(int):
    """A dealt item in a tagged rebuild: the same int, plus ``tag``, the chance point
    and the place in its list it was dealt from."""


class ChanceNeeded(Exception):
    """Raised by :func:`advance_with` when an action reaches a chance point with no
    outcome left: ``kind`` ("shuffle" or "sample"), ``items`` (the values dealt
    from, in order), ``k`` (how many are drawn) and ``index`` (the chance point's
    number in the action). The state it was raised in is a throwaway copy."""

    def __init__(self, kind: str, items: list, k: int, index: int):
        super().__init__(f"chance point {index}: a {kind} of {len(items)} items ({k} drawn)")
        self.kind, self.items, self.k, self.index = kind, items, k, index


def draw_outcomes(items: list, taken: list[int]) -> list[tuple[int, float]]:
    """One draw of a chance point dealt item by item: given the indices already
    ``taken`` (in order), every distinct next item as ``(index, probability)``: the
    lowest free index of each value, with the share of the free items of that value
    (a uniform shuffle or draw, dealt one item at a time, as OpenSpiel's chance nodes
    list them)."""
    free: dict = {}
    used = set(taken)
    left = 0
    for i, x in enumerate(items):
        if i in used:
            continue
        left += 1
        v = int(x)
        if v in free:
            free[v][1] += 1
        else:
            free[v] = [i, 1]
    return [(i, c / left) for i, c in free.values()]


def advance_with(state, aid: int | None, outcomes: list):
    """A copy of ``state`` with ``aid`` played (None: a new game's start, from
    ``state``'s game), its chance points taking ``outcomes`` in order (each
    ``(kind, n, order)``). Raises :class:`ChanceNeeded` at the first chance point
    with none left: the caller lists its outcomes and calls again with one more.
    The copy keeps a log and a record like any state."""
    if aid is None:
        s = type(state)._bare(state.game, state.seed)
        s._forced = list(outcomes)
        s._asking = True
        s._start()
    else:
        s = state.clone()
        s._forced = list(outcomes)
        s._asking = True
        if not s.is_legal(aid):
            raise RecordError(f"{state.game.title}: {state.game.action_label(aid)!r} is not legal")
        s.advance(aid)
    left = s._forced
    del s._forced, s._asking
    if left:
        raise RecordError(f"{state.game.title}: {len(left)} chance outcomes were left over")
    return s


def take_outcome(state, kind: str, items, k: int) -> tuple:
    """The next forced outcome of a rebuild, checked against the chance point."""
    forced = state._forced
    n = len(items)
    if not forced:
        if getattr(state, "_asking", False):
            raise ChanceNeeded(kind, [int(x) for x in items], k if kind == "sample" else n,
                               len(state._outcomes))
        raise RecordError(f"{state.game.title}: a rebuild ran out of chance outcomes at "
                          f"chance point {len(state._outcomes)} ({kind} of {n})")
    got = forced.pop(0)
    if not (isinstance(got, (tuple, list)) and len(got) == 3):
        raise RecordError(f"{state.game.title}: chance outcome {len(state._outcomes)} must be "
                          f"(kind, n, order), got {got!r}"[:200])
    gkind, gn, order = got
    want = n if kind == "shuffle" else k
    if (gkind != kind or gn != n or len(order) != want or len(set(order)) != want
            or not all(type(i) is int and 0 <= i < n for i in order)):
        raise RecordError(f"{state.game.title}: chance outcome {len(state._outcomes)} is "
                          f"{gkind!r} of {gn} with order {tuple(order)!r}, but the chance "
                          f"point is a {kind} of {n} items ({want} drawn)"[:300])
    return tuple(order)


def tag_items(state, items) -> None:
    """Mark, in place, every int item not yet marked with (chance point, index), and
    note the values so marked (``state._fresh``, one dict a chance point)."""
    point = len(state._outcomes)
    fresh = {}
    for i, x in enumerate(items):
        if type(x) is int:
            item = _Item(x)
            item.tag = (point, i)
            items[i] = item
            fresh[i] = x
    state._fresh = [*getattr(state, "_fresh", ()), fresh]


def rebuild(state, outcomes=None, *, tag: bool = False, on_step=None, seed: int | None = None,
            quiet: bool = False):
    """The position ``state`` replayed from its start (its seed's, or a scenario's)
    with the chance outcomes ``outcomes`` (default: its own, ``chance_history()``)
    and its actions. ``on_step(before, aid)`` is called before each action with the
    position it is played in. ``seed`` replaces the state's seed in the rebuilt
    world (a world given to a model must not carry the truth's seed); ``quiet``
    keeps no log (nor the private lines of an earlier deal). Raises RecordError
    when an outcome does not fit its chance point or an action is not legal in the
    rebuilt world."""
    game = state.game
    outcomes = state.chance_history() if outcomes is None else list(outcomes)
    start = state._start_position()
    cls = type(state)
    seed = state.seed if seed is None else seed
    if start is None:
        s = cls._bare(game, seed)
        if quiet:
            s.quiet()
        s._forced = list(outcomes)
        s._tagging = tag
        s._start()
    else:
        s = cls._scenario(game, {**start, "history": [], "start": None, "log": []}
                          if quiet else {**start, "history": [], "start": None}, seed)
        if quiet:
            s.quiet()
        s._forced = list(outcomes)
        s._tagging = tag
    _play_on(s, state, 0, None if on_step is None else lambda i, before, aid: on_step(before, aid))
    if tag:
        del s._tagging
        s._fresh = getattr(s, "_fresh", [])
    return s


def _play_on(s, state, first: int, on_step) -> None:
    """Play ``state``'s actions from the ``first`` on ``s`` (a rebuild under way,
    its outcomes in ``s._forced``), ``on_step(i, before, aid)`` before each; then
    no outcome may be left over."""
    game = state.game
    history = state.history
    for i in range(first, len(history)):
        aid = history[i]
        if on_step is not None:
            on_step(i, s, aid)
        if not s.is_legal(aid):
            raise RecordError(f"{game.title}: action {i} ({game.action_label(aid)!r}) is not "
                              f"legal in the rebuilt world")
        s.advance(aid)
    left = s._forced
    del s._forced
    if left:
        raise RecordError(f"{game.title}: {len(left)} chance outcomes were left over")


# -- worlds with a past ---------------------------------------------------------------
@dataclass
class WorldPool:
    """Worlds of one seat, each with its importance weight.

    ``worlds``: determinized states (as ``determinize`` makes them); ``weights``:
    their weights (all 1.0 when uniform); ``tried``: worlds drawn; ``with_past``: how
    many of them had a history that rebuilds them; ``weighed``: the other seats'
    decisions each was weighted by; ``seconds``: the CPU time it took; ``kept``: how
    many of ``worlds`` were carried on from the seat's last pool (``worlds(...,
    kept=)``) rather than drawn; ``note``: what was done, in words.

    ``logs`` (each world's log-likelihood of every weighed decision, by step) and
    ``carry`` (what a later pool of the same seat checks before it carries these
    worlds on: the public history they stand at and the options they were weighed
    with) serve :func:`worlds` only."""

    worlds: list = field(default_factory=list)
    weights: list = field(default_factory=list)
    tried: int = 0
    with_past: int = 0
    weighed: int = 0
    seconds: float = 0.0
    kept: int = 0
    note: str = ""
    logs: list = field(default_factory=list, repr=False)
    carry: dict | None = field(default=None, repr=False)

    @property
    def ess(self) -> float:
        """The effective number of worlds (Kish): how many equal worlds the weights
        are worth."""
        total = sum(self.weights)
        sq = sum(w * w for w in self.weights)
        return total * total / sq if sq else 0.0

    def draw(self, rng: random.Random):
        """One world, by weight, as a fresh copy with its own seed for later chance."""
        if not self.worlds:
            return None
        w = rng.choices(self.worlds, weights=self.weights)[0] if len(self.worlds) > 1 \
            else self.worlds[0]
        copy = w.clone()
        copy.seed = rng.getrandbits(63)
        return copy


def _walk(a, b, out: dict, fixed: dict) -> bool:
    """Pair the tagged items of ``a`` (the tagged truth's data) with the values at the
    same places of ``b`` (a world's): ``out[tag] = value``. An item that stands in
    two places (a copy in a public list of what a seat bought, say) is public: it
    keeps its value (``fixed``), and a flat list is matched as a multiset, those
    first. False on a clash or a shape that differs."""
    if isinstance(a, _Item):
        if type(b) not in (int, _Item):
            return False
        v = int(b)
        return out.setdefault(a.tag, v) == v
    if isinstance(a, (list, tuple)):
        if not isinstance(b, (list, tuple)) or len(a) != len(b):
            return False
        if fixed and any(isinstance(x, _Item) and x.tag in fixed for x in a):
            rest = [int(y) if type(y) in (int, _Item) else y for y in b]
            loose = []
            for x in a:
                if isinstance(x, _Item) and x.tag in fixed:
                    try:
                        rest.remove(fixed[x.tag])
                    except ValueError:
                        return False
                    out[x.tag] = fixed[x.tag]
                else:
                    loose.append(x)
            return all(_walk(x, y, out, fixed) for x, y in zip(loose, rest))
        for x, y in zip(a, b):
            if type(x) not in PLAIN and not _walk(x, y, out, fixed):    # plain: no item
                return False
        return True
    if isinstance(a, dict):
        if not isinstance(b, dict) or a.keys() != b.keys():
            return False
        return all(_walk(a[k], b[k], out, fixed) for k in a)
    return True


def _copies(x, counts: dict) -> None:
    """How often each tagged item stands in ``x``, with its value."""
    if isinstance(x, _Item):
        c = counts.get(x.tag)
        counts[x.tag] = (c[0] + 1, c[1]) if c else (1, int(x))
    elif isinstance(x, (list, tuple)):
        for y in x:
            if type(y) not in PLAIN:        # no tagged item in it
                _copies(y, counts)
    elif isinstance(x, dict):
        for y in x.values():
            if type(y) not in PLAIN:        # no tagged item in it
                _copies(y, counts)


def _tags_in(x, out: set) -> None:
    if isinstance(x, _Item):
        out.add(x.tag)
    elif isinstance(x, (list, tuple)):
        for y in x:
            if type(y) not in PLAIN:        # no tagged item in it
                _tags_in(y, out)
    elif isinstance(x, dict):
        for y in x.values():
            if type(y) not in PLAIN:        # no tagged item in it
                _tags_in(y, out)


def _parts(state) -> dict:
    return {name: getattr(state, name) for name, part in state.FIELDS.items()
            if part.kind != "derived"}


def _key(state) -> str:
    return json.dumps([state._payload(), state._secret], sort_keys=True)


def _same(a, b) -> bool:
    """Whether two states hold the same data and secret choices (``_key``): their
    parts compared as they are first (equal values save the JSON), then as JSON."""
    return (a._secret == b._secret and _parts(a) == _parts(b)) or _key(a) == _key(b)


def view_key(state, seat) -> str:
    """What ``seat`` sees of ``state`` as a string: every saved part with each place
    hidden from the seat blanked (``fields.hidden_boxes``; the items everyone knows
    of a hidden place listed beside it), the seat to move and the seat's own
    secret choices. Two positions with the same key look alike to the seat, so a
    model of it (which reads the seat's view only) gives them the same weights."""
    from .fields import hidden_boxes
    boxes = hidden_boxes(state, seat)
    out = [state.current_player, state._secret[seat] if state._secret is not None else None]
    for name, part in state.FIELDS.items():
        if part.saved:
            out += _seen(getattr(state, name), boxes.get(name))
    return repr(out)


def _seen(value, hide) -> list:
    """A part's ``value`` as a seat sees it (``hide``: its hidden boxes, or None):
    ``[value]`` with the hidden places left out (their number too: a world may hold
    their items in other places of the pool), the known items of each hidden place
    after it."""
    if hasattr(value, "tolist"):                  # a numpy array: in full
        value = value.tolist()
    elif type(value) in (list, tuple) and value and hasattr(value[0], "tolist"):
        value = [x.tolist() for x in value]
    if not hide:
        return [value]
    kept = []
    value = list(value)
    keys = set()
    for key, lo, hi, keep in hide:
        if key is not None:
            if key not in keys:
                value[key] = list(value[key])
                keys.add(key)
            pile = value[key]
        else:
            pile = value
        pile[lo:hi] = [_HIDDEN] * (hi - lo)
        if keep:
            kept.append((key, sorted(int(x) for x in keep)))
    value = [[x for x in p if x is not _HIDDEN] if i in keys else p
             for i, p in enumerate(value)] if keys else \
        [x for x in value if x is not _HIDDEN]
    return [value, *kept]


class _Sight:
    """What ``seat`` sees of ``truth``, to tell quickly whether a world looks the
    same (as ``view_key`` would): a part the seat sees whole is compared as it is,
    a part hidden now is compared with its hidden places blanked. Whether a part
    is hidden now, and where, depends on what the seat sees (the phase, the size
    of a hand), so the truth's boxes serve the world too: a world where they would
    differ looks different anyway."""

    def __init__(self, truth, seat):
        from .fields import hidden_boxes
        self.seat = seat
        self.boxes = hidden_boxes(truth, seat)
        self.names = [n for n, p in truth.FIELDS.items() if p.saved]
        self.want = self._of(truth)

    def _parts(self, state):
        """What the seat sees of each part of ``state``, in turn (after the seat to
        move and its secret choices)."""
        yield state.current_player
        yield state._secret[self.seat] if state._secret is not None else None
        for name in self.names:
            value = getattr(state, name)
            hide = self.boxes.get(name)
            yield (_seen(value, hide) if hide or hasattr(value, "tolist") or (
                type(value) in (list, tuple) and value and hasattr(value[0], "tolist"))
                else value)

    def _of(self, state):
        return list(self._parts(state))

    def alike(self, world) -> bool:
        """Does the seat see ``world`` as it sees the truth? (The first part that
        differs says no: the rest is not looked at.)"""
        return all(a == b for a, b in zip(self._parts(world), self.want))


_HIDDEN = object()


class _Memo:
    """The model's likelihoods of the others' decisions, asked once per view: the
    model reads the mover's view only, so a decision seen from the same view
    (``view_key``) in another world has the same likelihood (worlds differ mostly
    in what the mover cannot see, such as the deck's order). A key costs about
    what a cheap model does (one title's prior: 0.04 ms a call against 0.1-0.2 ms a
    key), so the memo is kept only while what it saves (its hits times a model
    call) outweighs what its keys cost, both timed: after 4 asks it is dropped
    where a key costs more than a model call (no hit rate could pay for it), after
    :data:`MEMO_TRIAL` where its hits saved less than its keys cost; it then stays
    as it was judged. It changes the time only: a hit is the value the model would
    give."""

    def __init__(self, model, sharpen):
        self.model, self.sharpen = model, sharpen
        self.seen: dict | None = {}
        self.asks = self.hits = 0
        self.key_time = self.model_time = 0.0

    def likelihood(self, i, before, aid) -> float:
        if self.seen is None:
            return likelihood(self.model, before, aid, self.sharpen)
        clock = time.thread_time
        t0 = clock()
        key = (i, view_key(before, before.current_player))
        t1 = clock()
        p = self.seen.get(key)
        self.asks += 1
        if p is None:
            p = self.seen[key] = likelihood(self.model, before, aid, self.sharpen)
            self.model_time += clock() - t1
        else:
            self.hits += 1
        self.key_time += t1 - t0
        if self.asks in (4, MEMO_TRIAL):
            # what the hits saved; after 4 asks, what all of them could have saved
            per_call = self.model_time / max(1, self.asks - self.hits)
            saved = (self.hits if self.asks == MEMO_TRIAL else self.asks) * per_call
            if saved <= self.key_time:
                self.seen = None                    # its keys cost more than it saves
        return p


MEMO_TRIAL = 32
"""Asks over which :class:`_Memo` weighs what its keys cost against what it saves."""


def likelihood(model, state, aid: int, sharpen: float = 1.0) -> float:
    """P(the seat to move in ``state`` plays ``aid``) under ``model(state, ids) ->
    weights``, each weight raised to ``sharpen`` (above 1: the model's favourite
    moves more likely still): its weight over the sum (0 where the model rules it
    out)."""
    ids = state.legal_action_ids()
    if type(ids) is not list:
        ids = ids.tolist()
    w = model(state, ids)
    if sharpen != 1.0:
        w = [x ** sharpen for x in w]
    total = float(sum(w))
    if total <= 0:
        return 1.0 / len(ids)           # a model with no opinion: every move alike
    try:
        return float(w[ids.index(aid)]) / total
    except ValueError:
        return 0.0


class _Truth:
    """The tagged rebuild of the true position, kept only while a pool is made:
    where each dealt item went, which ones the seat saw, and the others' decisions
    it may weigh."""

    def __init__(self, state, seat, window):
        self.state = state
        self.seat = seat
        seen: set = set()
        self.steps = []              # the seat to move at each step
        present = []                 # the dealt items in the state before each step
        dealt = []                   # chance outcomes drawn before each step

        def watch(before, aid):
            _tags_in(before._observation(seat), seen)
            self.steps.append(before.current_player)
            dealt.append(len(before._outcomes))
            tags: set | None = None
            if dealt[-1] == len(state._outcomes):    # past the last chance point: the
                tags = set()                         # weighed decisions are there
                _tags_in(_parts(before), tags)
            present.append(tags)

        self.tagged = rebuild(state, tag=True, on_step=watch)
        _tags_in(self.tagged._observation(seat), seen)
        dealt.append(len(self.tagged._outcomes))
        # the position before each action that reaches a chance point, as the truth's
        # own replay has it: a world whose outcomes agree with the truth's up to that
        # point replays from there (the same state a replay from the start gives)
        self.snaps: list = []
        draws = {i for i in range(len(state.history)) if dealt[i] < dealt[i + 1]}
        if draws:
            def snap(before, aid):
                if len(before.history) in draws:
                    self.snaps.append((len(before.history), dealt[len(before.history)],
                                       before.clone()))
            rebuild(state, on_step=snap, quiet=True)
        self.seen = seen
        # the secret choices of an open round are hidden: only decisions before it count
        n_hist = len(state.history)
        open_from = n_hist
        if state._secret is not None:
            open_from = n_hist - sum(len(p) for p in state._secret)
        # only decisions since the last chance point: an earlier deal's hidden items
        # are gone or were scored in public, and a world's past before it cannot be
        # drawn afresh without contradicting what was shown
        since = next((i for i, k in enumerate(dealt) if k == len(self.tagged._outcomes)),
                     n_hist)
        others = [i for i, p in enumerate(self.steps[:open_from])
                  if i >= since and p != seat and p is not None]
        self.others = others
        self.weigh = set(others[-window:]) if window else set()
        # items still in play when the weighed decisions begin: one gone since, unseen,
        # is drawn afresh in each world (its true value must not reach the weights),
        # as is every item of the last deal gone unseen
        first = min(self.weigh) if self.weigh else n_hist
        self.live = present[first] if first < len(present) else set()
        assert self.live is not None          # the weighed decisions follow every deal
        self.outcomes = state.chance_history()
        counts: dict = {}
        _copies(_parts(self.tagged), counts)
        self.fixed = {t: v for t, (c, v) in counts.items() if c > 1}
        # where each dealt item went at its chance point (its place in the outcome;
        # an item a sample did not draw after them all): the order worlds fill in
        # items by, the same in every world the seat cannot tell apart (an item's
        # tag is its index before the shuffle: which card it was, the truth's)
        self.place = {(p, i): j for p, (_, _, order) in enumerate(self.outcomes)
                      for j, i in enumerate(order)}
        # parts whose order is not part of the state: paired as sets (_pair)
        self.unordered = [n for n, p in state.FIELDS.items() if p.sort and p.shape in ("list", "lists")]
        self.plans: list | None = None

    def unseen_outcomes(self, rng) -> list | None:
        """Other outcomes that change only what the seat never saw: at the last
        chance point that dealt items, those it never saw anywhere are dealt again
        among their places (a world a perfect memory cannot tell apart; an earlier
        deal's unseen items may have shaped what was scored in public since)."""
        outcomes = list(self.outcomes)
        last = max((p for p, f in enumerate(self.tagged._fresh) if f), default=None)
        for point, fresh in enumerate(self.tagged._fresh):
            if point != last:
                continue
            loose = [i for i in fresh if (point, i) not in self.seen]
            if len(loose) < 2:
                continue
            kind, n, order = outcomes[point]
            moved = list(loose)
            rng.shuffle(moved)
            swap = dict(zip(loose, moved))
            outcomes[point] = (kind, n, tuple(swap.get(i, i) for i in order))
        return outcomes

    def replay(self, outcomes, on_step, seed):
        """``rebuild(state, outcomes, on_step=..., seed=seed, quiet=True)``, from the
        latest snapshot whose outcomes so far agree with ``outcomes``;
        ``on_step(step, before, aid)`` gets the action's index in the history."""
        state = self.state
        start = None
        for i, k, s in self.snaps:
            if tuple(outcomes[:k]) != tuple(self.outcomes[:k]):
                break
            start = (i, k, s)
        if start is None:
            return rebuild(state, outcomes, seed=seed, quiet=True,
                           on_step=lambda before, aid: on_step(len(before.history), before, aid))
        i, k, snap = start
        s = snap.clone()
        s.quiet()
        s.seed = seed
        s._forced = list(outcomes[k:])
        _play_on(s, state, i, on_step)
        return s

    def rebuild_world(self, world, on_step, rng):
        """``world`` rebuilt from its own chance outcomes (:meth:`outcomes_for`) and
        the actions, ``on_step(step, before, aid)`` before each replayed action; None
        where it has none. Its secret choices are the world's own draws."""
        outcomes = self.outcomes_for(world, rng)
        if outcomes is None:
            return None
        try:
            rebuilt = self.replay(outcomes, on_step, rng.getrandbits(63))
        except RecordError:
            return None
        if self.state._secret is not None:
            rebuilt._secret = [list(p) for p in world._secret]
        return rebuilt

    def _dealt(self, tag) -> tuple:
        return (self.place.get(tag, len(self.place)), tag)

    def _pair(self, a, b, out: dict, rng) -> bool:
        """Pair the items of a part kept sorted (``a``: the tagged truth's, ``b``:
        the world's; a list of piles, or one pile): in a pile, an item the seat saw
        (or one standing in two places) keeps its value, the others take the
        world's remaining values in a random order, by where they were dealt
        (never by the truth's values: its sort order, or which card was where in
        the deck before the shuffle). False on a clash."""
        piles = zip(a, b) if a and isinstance(a[0], (list, tuple)) else [(a, b)]
        if len(a) != len(b):
            return False
        for pa, pb in piles:
            if len(pa) != len(pb):
                return False
            rest = [int(y) for y in pb]
            loose = []
            for x in pa:
                if isinstance(x, _Item) and x.tag not in self.seen and x.tag not in self.fixed:
                    loose.append(x.tag)
                    continue
                v = self.fixed.get(x.tag, int(x)) if isinstance(x, _Item) else int(x)
                if v not in rest:
                    return False
                rest.remove(v)
                if isinstance(x, _Item) and out.setdefault(x.tag, v) != v:
                    return False
            rng.shuffle(rest)
            for tag, v in zip(sorted(loose, key=self._dealt), rest):
                if out.setdefault(tag, v) != v:
                    return False
        return True

    def outcomes_for(self, world, rng) -> list | None:
        """The chance outcomes that deal ``world``'s items where the truth's stand,
        or None where the world's items cannot be so placed."""
        values: dict = {}
        truth, mine = _parts(self.tagged), _parts(world)
        for name in self.unordered:
            if not self._pair(truth.pop(name), mine.pop(name), values, rng):
                return None
        if not _walk(truth, mine, values, self.fixed):
            return None
        plans = self._plans()
        for point, fresh, last, live, dead in plans:
            # what was dealt and is gone unseen is drawn afresh from what the point
            # dealt less what the seat saw and what the world holds: never the truth's
            # values (the items gone unseen are what the truth holds back). An earlier
            # deal's items gone before the weighed decisions began stay as dealt
            # (they touch no weight, and may have shaped what was scored in public);
            # where such a deal also left items in play that are gone since, the
            # world has no past (what they leave over would count the truth's)
            redraw = [i for i in live if (point, i) not in values]
            if redraw:
                if not last and any((point, i) not in values for i in dead):
                    return None
                left = Counter(fresh.values())
                for i, v in fresh.items():
                    v = values.get((point, i), v if (point, i) in self.seen else None)
                    if v is not None:
                        left[v] -= 1
                vals = sorted(left.elements())
                if len(vals) != len(redraw) or min(left.values()) < 0:
                    return None
                rng.shuffle(vals)
                values.update({(point, i): v for i, v in zip(redraw, vals)})
        # an item dealt with the truth's value keeps its index: the same deal (equal
        # items are alike to a replay), so the replay of a world whose deals so far have
        # the truth's values starts from the truth's snapshot there (replay); the others
        # take an index of their value among those freed
        fresh_of = self.tagged._fresh
        freed: dict = {}
        for tag, w in values.items():
            v = fresh_of[tag[0]].get(tag[1])
            if v is not None and v != w:
                freed.setdefault(tag[0], {}).setdefault(v, []).append(tag[1])
        outcomes = list(self.outcomes)
        for point, free in freed.items():
            fresh = fresh_of[point]
            kind, n, order = outcomes[point]
            new = []
            for i in order:
                v = fresh.get(i)
                w = v if v is None else values.get((point, i), v)
                if w == v:                         # dealt before, or as in the truth
                    new.append(i)
                    continue
                pile = free.get(w)
                if not pile:
                    return None
                new.append(pile.pop())
            outcomes[point] = (kind, n, tuple(new))
        return outcomes

    def _plans(self) -> list:
        """Per chance point that dealt items: ``(point, fresh, last, live, dead)``, its
        items the seat never saw in the order worlds fill them in (where they were
        dealt), those a world draws afresh where it does not hold them (``live``: at
        the last such point all, before it those still in play when the weighed
        decisions begin) and the others (``dead``). The truth's alone: made once."""
        if self.plans is None:
            fresh_of = self.tagged._fresh
            last = max((p for p, f in enumerate(fresh_of) if f), default=None)
            self.plans = []
            for point, fresh in enumerate(fresh_of):
                if not fresh:
                    continue
                loose = sorted((i for i in fresh if (point, i) not in self.seen),
                               key=lambda i, point=point: self._dealt((point, i)))
                live = [i for i in loose if point == last or (point, i) in self.live]
                dead = [i for i in loose if point != last and (point, i) not in self.live]
                self.plans.append((point, fresh, point == last, live, dead))
        return self.plans


class _Window:
    """The stretch of play a seat remembers, for a title whose hidden holdings are
    redrawn by its own rules (``hook`` parts, hidden now) rather than dealt: a
    world's history is that stretch replayed from the world's own holdings rolled
    back to its start. Kept only while a pool is made.

    The title's State gives two hooks (see the module docstring):
    ``_window_mark()``, the same over the stretch and never again after it (a
    round number, say), and ``_roll_back(now)``, called on the stretch's first
    position holding ``now``'s non-public parts (a world, as it stands now): it
    undoes on them, in place, what the stretch's public events did (read off
    ``now``), and returns False where it cannot. The first position's
    public parts, seat to move and (empty) secret choices come from the truth's own
    replay, everything else from the world: no hidden part of the truth reaches a
    world or its weights. A stretch with a chance point in it, or begun inside a
    round of secret choices, has no window."""

    @staticmethod
    def applies(state) -> bool:
        return hasattr(state, "_roll_back") and any(
            p.hook and p.hidden_now(state) for p in state.FIELDS.values())

    def __init__(self, state, seat, window):
        self.state = state
        self.seat = seat
        mark = state._window_mark()
        steps: list = []
        first: list = []

        def watch(before, aid):
            if not first and before._window_mark() == mark:
                first.append((len(before.history), len(before._outcomes), before.clone()))
            steps.append(before.current_player)

        end = rebuild(state, on_step=watch, quiet=True)
        if not first:
            first.append((len(end.history), len(end._outcomes), end))
        self.begin, dealt, start = first[0]
        if dealt != len(end._outcomes):
            raise RecordError(f"{state.game.title}: a chance point in the remembered stretch")
        if start._secret is not None and any(start._secret):
            raise RecordError(f"{state.game.title}: the remembered stretch begins inside a "
                              f"round of secret choices")
        self.steps = steps
        self.current_player = start.current_player
        self.secret = start._secret
        self.public = [name for name, part in state.FIELDS.items() if part.kind == "public"]
        self.start = start
        n_hist = len(state.history)
        self.open_from = n_hist
        if state._secret is not None:
            self.open_from = n_hist - sum(len(p) for p in state._secret)
        others = [i for i in range(self.begin, self.open_from)
                  if steps[i] != seat and steps[i] is not None]
        self.others = others
        self.weigh = set(others[-window:]) if window else set()

    def rebuild_world(self, world, on_step, rng):
        """``world`` replayed over the stretch from its own holdings rolled back, the
        open round's secret choices its own draws; None where the title cannot roll
        it back or an action is not legal in it."""
        state = self.state
        s = world.clone()
        fresh = self.start.clone()                # the stretch's public parts, copied
        for name in self.public:
            setattr(s, name, getattr(fresh, name))
        s.current_player = self.current_player
        s._step0 = world._step0 - (len(state.history) - self.begin)    # the stretch's step
        s._secret = None if self.secret is None else [[] for _ in self.secret]
        s._legal = None
        s.quiet()
        s.seed = rng.getrandbits(63)
        if s._roll_back(world) is False:
            return None
        s._legal = None
        s._forced = []
        history = state.history
        picks = [0] * state.game.players
        try:
            for i in range(self.begin, len(history)):
                aid = history[i]
                if i >= self.open_from:           # a secret choice: the world's own
                    mover = self.steps[i]
                    if picks[mover] >= len(world._secret[mover]):
                        return None
                    aid = world._secret[mover][picks[mover]]
                    picks[mover] += 1
                on_step(i, s, aid)
                if not s.is_legal(aid):
                    return None
                s.advance(aid)
        except RecordError:
            return None                           # it reached a chance point the truth did not
        del s._forced
        return s


PROBE = 16
"""Worlds drawn before :func:`worlds` gives up where none has a history."""


@dataclass(frozen=True)
class Worlds:
    """What a policy asks of its information set's worlds (data only: the core
    builds them, so no policy code ever touches the true state).

    ``count``: worlds to draw at most; ``window``: the other seats' last decisions
    (since the last chance point) each world is weighted by; ``seconds``: the CPU
    time the drawing may take at most; ``model``: ``"prior"`` (the title's prior, the
    model the search's tree uses) or a callable ``model(state, ids) -> weights``,
    called only on rebuilt worlds; ``sharpen``: the power each of the model's move
    weights is raised to (above 1: a sharper model of the others, who play the
    model's favourite move more often than its weights say).

    ``declared``: only where the title declares that weighted worlds help, in its
    spec's ``extra["worlds"]``: a dict of these options as measured there (e.g.
    ``{"sharpen": 3.0, "players": (2,)}``; ``players``: the player counts it was
    measured at), which replace this object's own. Elsewhere ``build`` gives
    an empty pool at no cost, and the information set samples uniformly."""

    count: int = 64
    window: int = 16
    seconds: float | None = None
    model: object = "prior"
    sharpen: float = 1.0
    declared: bool = False

    def __post_init__(self):
        from .errors import OptionError
        from .validate import as_int
        as_int(self.count, "Worlds count", 1, None, OptionError)
        as_int(self.window, "Worlds window", 0, None, OptionError)
        if self.seconds is not None and (isinstance(self.seconds, bool) or not isinstance(
                self.seconds, (int, float)) or self.seconds <= 0):
            raise OptionError(f"Worlds seconds must be None or a number > 0, got {self.seconds!r}")
        if isinstance(self.sharpen, bool) or not isinstance(self.sharpen, (int, float)) or \
                self.sharpen <= 0:
            raise OptionError(f"Worlds sharpen must be a number above 0, got {self.sharpen!r}")
        if self.model != "prior" and not callable(self.model):
            raise OptionError(f"Worlds model must be 'prior' or a callable model(state, ids) -> "
                              f"weights, got {self.model!r}"[:200])

    def for_title(self, game) -> Worlds | None:
        """The options used in ``game``: the title's declared ones over these (see
        ``declared``), or None where a ``declared`` request finds no declaration
        for this title and player count."""
        from dataclasses import replace

        from .registry import spec
        said = spec(game.title).extra.get("worlds")
        if said is None:
            return None if self.declared else self
        said = dict(said)
        players = said.pop("players", None)
        if self.declared and players is not None and game.players not in players:
            return None
        return replace(self, **said)

    def build(self, state, seat, rng, kept: WorldPool | None = None) -> WorldPool:
        """The seat's pool (:func:`worlds` with these options); ``kept``: the pool
        this seat was given at its last decision, carried on where it can be."""
        use = self.for_title(state.game)
        if use is None:
            return WorldPool(note=f"{state.game.title} ({state.game.players} players) declares "
                                  f"no weighted worlds: uniform ones")
        model = use.model
        if model == "prior":
            from .registry import spec
            model = spec(state.game.title).prior
        return worlds(state, seat, use.count, rng, model=model, window=use.window,
                      seconds=use.seconds, sharpen=use.sharpen, kept=kept)


KEEP = 0.5
"""A pool carried on from the seat's last decision is filled up with fresh worlds
where fewer than this share of its ``count`` survive the actions since."""


def worlds(state, seat: int, count: int, rng: random.Random, model=None, window: int = 16,
           seconds: float | None = None, sharpen: float = 1.0,
           kept: WorldPool | None = None) -> WorldPool:
    """Up to ``count`` worlds of ``seat`` (``state.determinize(seat)`` each), weighted
    by the likelihood of the other seats' last ``window`` decisions in each world's
    rebuilt history under ``model(state, ids) -> weights``, raised to ``sharpen``
    (None: every world
    weighs 1; the worlds still need a history). ``seconds`` caps the CPU time.
    Worlds without a history that rebuilds them are left out; when none has one the
    pool is empty and its ``note`` says why (the caller then samples uniformly); it
    stops after ``PROBE`` worlds when none of them had one. A decision seen from the
    same view (``view_key``) in two worlds is weighed once.

    ``kept``: the pool ``seat`` was given at its last decision of this game (a
    particle filter). Where nothing was dealt since (no chance point), no round of
    secret choices is open then or now, the remembered stretch is the same
    (``_window_mark``) and the options are the same, its worlds are carried on: each
    is played on with the actions since (all public), and survives only where they
    are legal in it, it reaches no chance point and the seat then sees exactly
    what it sees in the truth (``view_key``). A survivor keeps the likelihoods it
    had and is weighed by the others' new decisions: it is a fresh draw
    conditioned on what happened since, at the cost of a few steps instead of a
    rebuilt past (``bench/search.py --worlds``). Where fewer than ``KEEP`` ×
    ``count`` survive, fresh worlds fill the pool up to ``count``. A world ruled out
    by a decision that has since left the window stays out (a fresh draw would be
    weighed without it)."""
    clock = time.thread_time
    t0 = clock()
    pool = WorldPool()
    from .registry import spec
    refused = spec(state.game.title).extra.get("no_weighted_worlds")
    if refused:
        pool.note = f"{state.game.title} has no weighted worlds ({refused}): uniform ones"
        return pool
    memo = _Memo(model, sharpen)

    def weigh(i, before, aid, logs) -> bool:
        """Note the log-likelihood of decision ``i`` in ``logs``; False where the
        model rules it out."""
        p = memo.likelihood(i, before, aid)
        logs[i] = math.log(p) if p > 0 else -math.inf
        return p > 0

    opts = (model, window, sharpen)
    carried = _carry_on(kept, state, seat, opts, weigh, rng) if kept is not None else None
    lost = ""
    if carried is not None and carried[1]:
        others, survivors = carried
        pool.tried = pool.with_past = len(kept.worlds)
        weighed = set(others[-window:]) if window else set()
        for w, logs in survivors:
            pool.worlds.append(w)
            pool.logs.append(logs)
        pool.kept = len(survivors)
        if len(survivors) < KEEP * count:
            fresh = worlds(state, seat, count - len(survivors), rng, model, window,
                           None if seconds is None else max(1e-9, seconds - (clock() - t0)),
                           sharpen)
            pool.tried += fresh.tried
            pool.with_past += fresh.with_past
            if fresh.carry is not None and fresh.carry["others"] != others:
                pool.worlds, pool.logs, pool.kept = [], [], 0      # not the same decisions
            pool.worlds += fresh.worlds
            pool.logs += fresh.logs
        pool.weighed = len(weighed)
        return _finish(pool, state, seat, weighed, opts, others, t0)
    if carried is not None:
        lost = f"none of the {len(kept.worlds)} worlds of the last decision fit the actions since; "
    try:
        truth = _Window(state, seat, window) if _Window.applies(state) else \
            _Truth(state, seat, window)
    except RecordError as e:
        pool.note = f"{lost}no history to rebuild ({e})"
        pool.seconds = clock() - t0
        return pool
    weighed = truth.weigh
    pool.weighed = len(weighed)
    for _ in range(count):
        if pool.tried >= PROBE and not pool.with_past:
            break           # no world has a history here: uniform ones, at little cost
        if seconds is not None and clock() - t0 > (seconds if pool.worlds else 2 * seconds):
            break           # out of time (twice it while no world could be weighted yet)
        pool.tried += 1
        w = state.determinize(seat, rng)
        logs: dict = {}

        def on_step(i, before, aid, logs=logs):
            if model is not None and i in weighed and -math.inf not in logs.values():
                weigh(i, before, aid, logs)

        rebuilt = truth.rebuild_world(w, on_step, rng)
        if rebuilt is None or not _same(rebuilt, w):
            continue
        pool.with_past += 1
        if -math.inf in logs.values():
            continue                                   # the others' moves rule it out
        pool.worlds.append(w)
        pool.logs.append(logs)
    return _finish(pool, state, seat, weighed, opts, truth.others, t0, lost)


def _finish(pool, state, seat, weighed, opts, others, t0, lost="") -> WorldPool:
    """The pool's weights (from its worlds' logs over ``weighed``), what a later
    pool of the seat needs to carry it on, its time and its note."""
    if pool.worlds:
        sums = [sum(logs.get(i, 0.0) for i in weighed) for logs in pool.logs]
        top = max(sums)
        pool.weights = [math.exp(x - top) for x in sums]
    if state._secret is None:           # the history is public: a later pool may go on
        pool.carry = {"seat": seat, "at": len(state.history), "history": tuple(state.history),
                      "dealt": len(state._outcomes), "mark": _mark(state), "opts": opts,
                      "others": list(others)}
    pool.seconds = time.thread_time() - t0
    carried = f", {pool.kept} carried on from the last decision" if pool.kept else ""
    pool.note = lost + (f"{len(pool.worlds)} worlds of {pool.tried} drawn{carried}, weighted by "
                 f"{pool.weighed} decisions of the others (effective {pool.ess:.1f})"
                 if pool.worlds else
                 f"no world of {pool.tried} drawn had a history that rebuilds it"
                 if not pool.with_past else
                 f"the others' decisions rule out all {pool.with_past} worlds with a history")
    return pool


def _mark(state):
    return state._window_mark() if _Window.applies(state) else None


def _carry_on(kept, state, seat, opts, weigh, rng):
    """``kept``'s worlds played on to ``state`` (see :func:`worlds`): the others'
    decisions since the last chance point (by step) and the survivors, each
    ``(world, logs)`` (none: the others' decisions then are not known); None where
    the pool cannot be carried on."""
    from .state import _PENDING
    c = kept.carry if isinstance(kept, WorldPool) and kept.worlds else None
    if c is None or c["seat"] != seat or c["opts"] != opts or state._secret is not None:
        return None
    history = state.history
    at = c["at"]
    if (len(history) < at or len(state._outcomes) != c["dealt"] or _mark(state) != c["mark"]
            or tuple(history[:at]) != c["history"]):
        return None
    model = opts[0]
    sight = _Sight(state, seat)
    seen_log = [x for x in state._log if x[0] is None or x[0] == seat]
    step0 = state._step0 + len(history)
    movers = None
    survivors = []
    for w, logs in zip(kept.worlds, kept.logs):
        s = w.clone().quiet()
        s._forced = []                   # a chance point the truth did not reach: out
        logs = dict(logs)
        went = []
        try:
            for i in range(at, len(history)):
                aid = history[i]
                mover = s.current_player
                went.append(mover)
                if mover != seat and mover is not None and model is not None and \
                        not weigh(i, s, aid, logs):
                    raise RecordError("ruled out")
                if not s.is_legal(aid):
                    raise RecordError("not legal")
                s.advance(aid)
        except RecordError:
            continue
        if (movers is not None and went != movers) or not sight.alike(s):
            continue
        movers = went
        # as a fresh draw stands: its own start here, a new seed, the seat's lines
        del s._forced, s._quiet
        s.history = []
        s._step0 = step0
        s._origin = _PENDING
        s._chance = 0
        s._log = list(seen_log)
        s.seed = rng.getrandbits(63)
        survivors.append((s, logs))
    if movers is None:
        return None, []                  # none survived: the caller draws afresh
    others = c["others"] + [i for i, p in zip(range(at, len(history)), movers)
                            if p != seat and p is not None]
    return others, survivors


# -- every world, where few -----------------------------------------------------------
def enumerate_worlds(state, seat, limit: int = 2000):
    """Every world ``seat`` cannot tell apart from ``state``, with its exact chance,
    as ``[(Fraction, state)]``: the distinct ways the items it cannot see may lie
    (each pool's hidden items over its hidden places, every size kept), each
    weighted by how many of the deck's orders deal it. None where there are more
    than ``limit``, where a title resamples a part by its own rules (``hook``
    parts hidden now), or while secret choices are open (those are the others'
    decisions, not chance). The worlds are determinized copies
    (``state.determinize``'s form: no trace of the truth)."""
    from fractions import Fraction

    from .fields import _groups, box_sizes, deal_back, gather

    if state._secret is not None:
        return None
    if any(p.hook and p.hidden_now(state) for p in state.FIELDS.values()):
        return None
    parts, rules = state._resample_plan
    if any(p.when is None or p.when(state) for p in rules):
        return None                     # a deal with a rule: not listed here
    groups = _groups(state, parts, seat)

    def deals(counts, places):
        """Every distinct filling of ``places`` from the multiset ``counts``, with its
        number of physical deals."""
        if not places:
            yield [], 1
            return
        size, ordered = places[0]
        for content, ways in _fillings(counts, size, ordered):
            left = dict(counts)
            for x in content:
                left[x] -= 1
            for rest, w in deals(left, places[1:]):
                yield [*content, *rest], ways * w

    per_group = []
    total = 1
    for _pool, members in groups:
        counts: dict = {}
        for x in gather(members):
            counts[int(x)] = counts.get(int(x), 0) + 1
        found = []
        for items, ways in deals(counts, box_sizes(members)):
            found.append((items, ways))
            if len(found) * total > limit:
                return None
        total *= max(1, len(found))
        per_group.append((members, found))
    out = [(Fraction(1), [])]
    for members, found in per_group:
        norm = sum(w for _, w in found)
        out = [(p * Fraction(w, norm), [*chosen, (members, items)]) for p, chosen in out
               for items, w in found]
    rng = random.Random(0)
    worlds_out = []
    for p, chosen in out:
        w = state.determinize(seat, rng)
        new: dict = {}
        for members, items in chosen:
            deal_back(members, list(items), new)
        for name, value in new.items():
            setattr(w, name, value)
        w._legal = None
        worlds_out.append((p, w))
    return worlds_out


def _fillings(counts: dict, size: int, ordered: bool):
    """Each distinct content of one place of ``size`` items drawn from the multiset
    ``counts``, with the number of the pile's orders that deal it there relative to
    the others (a sequence where the place keeps its order, else a sorted multiset,
    counted size! / prod(c!) times)."""
    from math import comb, factorial
    values = sorted(v for v, c in counts.items() if c > 0)
    after = [0] * (len(values) + 1)          # items left from value i on
    for i in range(len(values) - 1, -1, -1):
        after[i] = after[i + 1] + counts[values[i]]

    def rec(i, left, acc):
        if left == 0:
            yield acc
            return
        if after[i] < left:
            return
        if after[i] == left:                  # the rest, all of it
            yield acc + [v for v in values[i:] for _ in range(counts[v])]
            return
        v = values[i]
        for take in range(min(counts[v], left), -1, -1):
            yield from rec(i + 1, left - take, acc + [v] * take)

    for multiset in rec(0, size, []):
        # the physical cards that deal it: a set of them for a place without order,
        # a sequence of them (m! orders of each value's m copies) for one with order
        ways = 1
        for v in set(multiset):
            c = multiset.count(v)
            ways *= comb(counts[v], c) * (factorial(c) if ordered else 1)
        if not ordered:
            yield multiset, ways
            continue
        for seq in _distinct_orders(multiset):
            yield seq, ways


def _distinct_orders(items):
    items = sorted(items)
    if not items:
        yield []
        return
    seen = set()
    for i, x in enumerate(items):
        if x in seen:
            continue
        seen.add(x)
        for rest in _distinct_orders(items[:i] + items[i + 1:]):
            yield [x, *rest]
