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
table unseen) is drawn afresh, not kept from the truth: the weights depend on
what the seat saw and on the generator only.

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
    decisions each was weighted by; ``seconds``: the CPU time it took; ``note``:
    what was done, in words."""

    worlds: list = field(default_factory=list)
    weights: list = field(default_factory=list)
    tried: int = 0
    with_past: int = 0
    weighed: int = 0
    seconds: float = 0.0
    note: str = ""

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
            if not _walk(x, y, out, fixed):
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
        if not part.saved:
            continue
        value = getattr(state, name)
        if hasattr(value, "tolist"):                  # a numpy array: in full
            value = value.tolist()
        elif type(value) in (list, tuple) and value and hasattr(value[0], "tolist"):
            value = [x.tolist() for x in value]
        hide = boxes.get(name)
        if hide:
            # the hidden places left out, their number too (a world may hold their
            # items in other places of the pool)
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
                    out.append((name, key, sorted(int(x) for x in keep)))
            value = [[x for x in p if x is not _HIDDEN] if i in keys else p
                     for i, p in enumerate(value)] if keys else \
                [x for x in value if x is not _HIDDEN]
        out.append(value)
    return repr(out)


_HIDDEN = object()


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
            tags: set = set()
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
        self.weigh = set(others[-window:]) if window else set()
        # items still in play when the weighed decisions begin: one gone since, unseen,
        # is drawn afresh in each world (its true value must not reach the weights)
        first = min(self.weigh) if self.weigh else n_hist
        self.live = present[first] if first < len(present) else set()
        self.outcomes = state.chance_history()
        counts: dict = {}
        _copies(_parts(self.tagged), counts)
        self.fixed = {t: v for t, (c, v) in counts.items() if c > 1}

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

    def outcomes_for(self, world, rng) -> list | None:
        """The chance outcomes that deal ``world``'s items where the truth's stand,
        or None where the world's items cannot be so placed."""
        values: dict = {}
        if not _walk(_parts(self.tagged), _parts(world), values, self.fixed):
            return None
        outcomes = list(self.outcomes)
        for point, fresh in enumerate(self.tagged._fresh):
            if not fresh:
                continue
            kind, n, order = outcomes[point]
            # what was dealt and is gone unseen is drawn afresh among the point's unseen
            # items (never the truth's values); what was gone before the weighed
            # decisions began touches no weight and stays as dealt
            loose = [i for i in fresh if (point, i) not in values and (point, i) not in self.seen
                     and (point, i) in self.live]
            if loose:
                vals = [fresh[i] for i in loose]
                rng.shuffle(vals)
                values.update({(point, i): v for i, v in zip(loose, vals)})
            free: dict = {}
            for i, v in fresh.items():
                free.setdefault(v, []).append(i)
            new = []
            for i in order:
                if i not in fresh:                 # dealt before: it flows as in the truth
                    new.append(i)
                    continue
                pile = free.get(values.get((point, i), fresh[i]))
                if not pile:
                    return None
                new.append(pile.pop())
            outcomes[point] = (kind, n, tuple(new))
        return outcomes


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

    def build(self, state, seat, rng) -> WorldPool:
        use = self.for_title(state.game)
        if use is None:
            return WorldPool(note=f"{state.game.title} ({state.game.players} players) declares "
                                  f"no weighted worlds: uniform ones")
        model = use.model
        if model == "prior":
            from .registry import spec
            model = spec(state.game.title).prior
        return worlds(state, seat, use.count, rng, model=model, window=use.window,
                      seconds=use.seconds, sharpen=use.sharpen)


def worlds(state, seat: int, count: int, rng: random.Random, model=None, window: int = 16,
           seconds: float | None = None, sharpen: float = 1.0) -> WorldPool:
    """Up to ``count`` worlds of ``seat`` (``state.determinize(seat)`` each), weighted
    by the likelihood of the other seats' last ``window`` decisions in each world's
    rebuilt history under ``model(state, ids) -> weights``, raised to ``sharpen``
    (None: every world
    weighs 1; the worlds still need a history). ``seconds`` caps the CPU time.
    Worlds without a history that rebuilds them are left out; when none has one the
    pool is empty and its ``note`` says why (the caller then samples uniformly); it
    stops after ``PROBE`` worlds when none of them had one. A decision seen from the
    same view (``view_key``) in two worlds is weighed once."""
    clock = time.thread_time
    t0 = clock()
    pool = WorldPool()
    try:
        truth = _Window(state, seat, window) if _Window.applies(state) else \
            _Truth(state, seat, window)
    except RecordError as e:
        pool.note = f"no history to rebuild ({e})"
        pool.seconds = clock() - t0
        return pool
    weighed = truth.weigh
    pool.weighed = len(weighed)
    # the model reads the mover's view only: a decision seen from the same view in
    # another world has the same likelihood (worlds differ mostly in what the mover
    # cannot see, such as the deck's order)
    memo: dict = {}
    asks, hits = [0], [0]      # the memo is dropped when under a fifth of it is found
    for _ in range(count):
        if pool.tried >= PROBE and not pool.with_past:
            break           # no world has a history here: uniform ones, at little cost
        if seconds is not None and clock() - t0 > (seconds if pool.worlds else 2 * seconds):
            break           # out of time (twice it while no world could be weighted yet)
        pool.tried += 1
        w = state.determinize(seat, rng)
        logp = [0.0]

        def weigh(i, before, aid, logp=logp):
            if model is not None and i in weighed and logp[0] > -math.inf:
                if asks[0] < 32 or hits[0] * 5 >= asks[0]:
                    key = (i, view_key(before, before.current_player))
                    p = memo.get(key)
                    asks[0] += 1
                    if p is None:
                        p = memo[key] = likelihood(model, before, aid, sharpen)
                    else:
                        hits[0] += 1
                else:
                    p = likelihood(model, before, aid, sharpen)
                logp[0] += math.log(p) if p > 0 else -math.inf

        rebuilt = truth.rebuild_world(w, weigh, rng)
        if rebuilt is None or not _same(rebuilt, w):
            continue
        pool.with_past += 1
        if logp[0] == -math.inf:
            continue                                   # the others' moves rule it out
        pool.worlds.append(w)
        pool.weights.append(logp[0])
    if pool.worlds:
        top = max(pool.weights)
        pool.weights = [math.exp(x - top) for x in pool.weights]
    pool.seconds = clock() - t0
    pool.note = (f"{len(pool.worlds)} worlds of {pool.tried} drawn, weighted by {pool.weighed} "
                 f"decisions of the others (effective {pool.ess:.1f})" if pool.worlds else
                 f"no world of {pool.tried} drawn had a history that rebuilds it"
                 if not pool.with_past else
                 f"the others' decisions rule out all {pool.with_past} worlds with a history")
    return pool


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
