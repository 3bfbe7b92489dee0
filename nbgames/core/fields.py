"""A title's state, declared once: which parts everyone sees, which belong to one
seat, which lie face down, and which are derived (see ARCHITECTURE.md, "Hidden
information").

A title's State class sets ``FIELDS``, a dict from attribute name to a
:class:`Part` made by one of :func:`public`, :func:`private`, :func:`hidden` or
:func:`derived`. From that one declaration the core derives, for every title:

* copying (``clone``): code generated once per class, as dataclasses do, so a
  copy costs no more than a hand-written one;
* saving and loading (``to_dict``/``state_from_dict``/``game.scenario``): every
  saved part as JSON data, and back through the part's ``load`` converter;
* the default resample of ``state.determinize``: every *pool* (parts whose
  items are the same physical things, e.g. the cards of hands and of the deck)
  is gathered from what the seat cannot see, sorted (so the result depends on
  what the seat sees and the generator only), shuffled and dealt back into the
  same places, every size kept, the parts' ``rule`` kept; a hidden part outside a
  pool is shuffled within itself (each pile of a ``lists`` part on its own);
* the places a seat cannot see (``hidden_places``, parts the title resamples
  included), which the conformance checks of hidden information
  (``nbgames.core.conformance``) move: observations must not change when anything
  a seat may not see is moved, and a copy must change nothing else.

Kinds of part:

* ``public``: everyone sees it;
* ``private``: one list (or value) a seat: item ``s`` is seen by seat ``s`` only;
* ``hidden``: nobody sees it: a face-down pile (``shape="list"``) or several
  (``"lists"``);
* ``derived``: rebuilt from the others (caches, grids): copied, never saved.

``when(state) -> bool``, on a private or hidden part, says whether it is hidden
*now* (e.g. only in one memory mode, or until the game ends); when it returns
False the part is public. ``pool`` names the things the part holds (or is
``pool(state)``, a name or None: a part may join a pool in some phases only).

What is visible of a part:

* ``top``/``bottom`` (hidden parts): how many items at the end (top) and the
  start (bottom) of each pile everyone sees, an int or ``f(state, seat)`` (e.g.
  a kettle's top card; the cards seen going under a deck);
* ``known`` (private ``lists`` parts): the items of each seat's entry that
  everyone knows (e.g. a card bought face up, a card seen taken this round): the
  name of a public per-seat part, or ``f(state)`` giving one list a seat. They
  stay where they are.

What the rules and the public events imply about the hidden items:

* ``rule(state, seat)`` -> ``[(test, places)]``: the places (``(part, key,
  index)``, as in ``hidden_places``) that must hold an item passing
  ``test(item)`` (e.g. Set-up: a kettle's bottom card is never black or white).
  The deal draws those items first, each uniformly among the items left that
  pass, then shuffles the rest: when no item passes two tests of one pool, every
  deal that keeps the rule is equally likely;
* ``hook=True``: the title resamples the part itself in ``_resample_more``
  (what a deal cannot draw, e.g. money and peppers behind a screen, numbers that the
  round's events bound). Its places still come from the declaration: the
  conformance suite moves them, and fails a resample that changes anything the
  declaration does not hide, or a hook part that never hides a place.

Shapes say how a part is copied and saved: ``"value"`` (an immutable value, or a
container the title replaces and never changes in place: shared by copies),
``"list"`` (a flat list of immutable items), ``"lists"`` (a list of such lists;
numpy arrays work too) and ``"json"`` (anything JSON-like, copied deeply).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

SHAPES = ("value", "list", "lists", "json")
KINDS = ("public", "private", "hidden", "derived")


@dataclass(frozen=True)
class Part:
    """One declared part of a title's state (see the module docstring)."""

    kind: str
    shape: str = "value"
    doc: str = ""
    pool: str | Callable[[Any], str | None] | None = None
    sort: bool = False
    known: str | Callable[[Any], list] | None = None
    when: Callable[[Any], bool] | None = None
    hook: bool = False
    load: Callable[[Any], Any] | None = None
    choices: tuple | None = None
    top: int | Callable[[Any, Any], int] | None = None
    bottom: int | Callable[[Any, Any], int] | None = None
    rule: Callable[[Any, Any], list] | None = None

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"part kind {self.kind!r} is not one of {KINDS}")
        if self.shape not in SHAPES:
            raise ValueError(f"part shape {self.shape!r} is not one of {SHAPES}")
        if self.kind in ("public", "derived") and (self.pool or self.known or self.when or self.hook
                                                   or self.rule or self.top or self.bottom):
            raise ValueError(f"a {self.kind} part has no pool, known, when, hook, rule, top or "
                             f"bottom")
        if self.kind in ("private", "hidden") and self.shape not in ("list", "lists"):
            raise ValueError(f"a {self.kind} part is a list or lists, not {self.shape!r}")
        if (self.top is not None or self.bottom is not None) and (self.sort or self.kind != "hidden"):
            raise ValueError("top and bottom are for hidden piles kept in order (not sort)")
        if self.hook and (self.rule or self.pool):
            raise ValueError("a part the title resamples (hook=True) has no pool or rule")
        if self.known is not None and (self.kind != "private" or self.shape != "lists"):
            raise ValueError("known is for a private part of shape 'lists'")

    @property
    def saved(self) -> bool:
        return self.kind != "derived"

    def hidden_now(self, state) -> bool:
        """Whether the part is hidden (from the others, for a private part) now."""
        return self.kind in ("private", "hidden") and (self.when is None or bool(self.when(state)))


def public(shape: str = "value", doc: str = "", *, load=None, choices=None) -> Part:
    """A part everyone sees."""
    return Part("public", shape, doc, load=load, choices=choices)


def private(shape: str = "lists", doc: str = "", *, pool=None, sort=False, known=None, when=None,
            hook=False, load=None, rule=None) -> Part:
    """One entry a seat (``value[s]``), seen by seat ``s`` only."""
    return Part("private", shape, doc, pool=pool, sort=sort, known=known, when=when, hook=hook,
                load=load, rule=rule)


def hidden(shape: str = "list", doc: str = "", *, pool=None, sort=False, when=None, hook=False,
           load=None, top=None, bottom=None, rule=None) -> Part:
    """A face-down pile (or several): seen by nobody, but for its ``top`` and
    ``bottom`` items."""
    return Part("hidden", shape, doc, pool=pool, sort=sort, when=when, hook=hook, load=load,
                top=top, bottom=bottom, rule=rule)


def derived(shape: str = "value", doc: str = "") -> Part:
    """Rebuilt from the saved parts (by the title's ``_loaded``): copied, not saved."""
    return Part("derived", shape, doc)


# -- code generated once per class ------------------------------------------------------
_COPY = {"value": "{v}", "list": "{v}.copy()", "lists": "[x.copy() for x in {v}]",
         "json": "_deep({v})"}


def _deep(x):
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    return x


def make_copier(fields: dict[str, Part]) -> Callable:
    """``copy_into(self, new)``: every declared part of ``self`` set on ``new``, copied
    by its shape. Generated as straight-line code, like a hand-written copy."""
    lines = ["def copy_into(self, new):"]
    for name, part in fields.items():
        lines.append(f"    new.{name} = " + _COPY[part.shape].format(v=f"self.{name}"))
    if len(lines) == 1:
        lines.append("    pass")
    scope = {"_deep": _deep}
    exec("\n".join(lines), scope)      # noqa: S102 - our own declaration, as dataclasses do
    return scope["copy_into"]


PLAIN = frozenset((int, str, float, bool, type(None)))
"""The types of plain JSON values (exactly these: a subclass such as a tagged item
is not plain), which a walk over a state's data passes without a call."""


def to_json(x):
    """A JSON-able deep copy: tuples become lists, numpy scalars Python numbers.
    Plain values (exactly int, str, float, bool or None) are taken as they are
    without a call: a state's data is mostly lists of them."""
    t = type(x)
    if t is list or t is tuple:
        return [v if type(v) in PLAIN else to_json(v) for v in x]
    if t is dict:
        return {k if type(k) is str else str(k): v if type(v) in PLAIN else to_json(v)
                for k, v in x.items()}
    if isinstance(x, dict):
        return {str(k): to_json(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [to_json(v) for v in x]
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if hasattr(x, "item"):
        return x.item()
    raise TypeError(f"{type(x).__name__} {x!r} is not JSON data")


def payload(state, fields: dict[str, Part]) -> dict:
    """The saved parts of ``state`` as JSON data."""
    return {name: to_json(getattr(state, name)) for name, part in fields.items() if part.saved}


def load_parts(state, fields: dict[str, Part], d: dict, title: str) -> None:
    """Set every saved part of ``state`` from ``d`` (JSON data, already a private
    copy): through the part's ``load`` converter, checked against its ``choices``,
    private parts declared ``sort`` sorted seat by seat, hidden ones sorted."""
    from .errors import RecordError
    missing = [k for k, p in fields.items() if p.saved and k not in d]
    if missing:
        raise RecordError(f"{title}: the state data lacks {', '.join(missing)}")
    for name, part in fields.items():
        if not part.saved:
            continue
        value = d[name]
        if part.choices is not None and value not in part.choices:
            raise RecordError(f"{title}: field data.{name}={value!r} is not one of "
                              f"{list(part.choices)}")
        if part.sort:
            value = [sorted(v) for v in value] if part.kind == "private" else sorted(value)
        if part.load is not None:
            value = part.load(value)
        setattr(state, name, value)


def shuffle(items: list, rng) -> None:
    """Shuffle ``items`` in place: sorted by a random key each (uniform, like
    ``rng.shuffle``, and several times faster on long piles)."""
    r = rng.random
    items.sort(key=lambda _: r())


def resample_plan(fields: dict[str, Part]) -> tuple:
    """What :func:`resample` deals, worked out once a class: the private and hidden
    parts not declared ``hook=True`` (in declaration order), and the rules they
    declare."""
    parts = tuple((n, p) for n, p in fields.items()
                  if p.kind in ("private", "hidden") and not p.hook)
    return parts, tuple(p for _n, p in parts if p.rule is not None)


def _boxes(state, part, value, seat, others) -> list:
    """Where ``part`` (``value``, hidden now) hides items from ``seat`` (``others``:
    the other seats): a list of ``(key, lo, hi, keep)``: ``value[lo:hi]`` (key
    None) or ``value[key][lo:hi]``, ``keep`` the items of it everyone knows (they
    stay), or None."""
    if part.kind == "hidden":
        top, bottom = part.top, part.bottom
        if top is None and bottom is None:
            if part.shape == "list":
                return [(None, 0, len(value), None)]
            return [(p, 0, len(pile), None) for p, pile in enumerate(value)]
        lo = (bottom(state, seat) if callable(bottom) else bottom) if bottom is not None else 0
        top = (top(state, seat) if callable(top) else top) if top is not None else 0
        if part.shape == "list":
            return [(None, lo, max(lo, len(value) - top), None)]
        return [(p, lo, max(lo, len(pile) - top), None) for p, pile in enumerate(value)]
    if part.shape == "list":                  # one value a seat
        return [(None, s, s + 1, None) for s in others]
    if part.known is None:
        return [(s, 0, len(value[s]), None) for s in others]
    known = part.known(state) if callable(part.known) else getattr(state, part.known)
    return [(s, 0, len(value[s]), known[s] or None) for s in others]


def _groups(state, parts, seat) -> list:
    """The parts hidden from ``seat`` now, by what the resample deals together: a
    list of ``(pool, [(name, part, value, boxes)])``, every pool first (in order of
    declaration), then each part outside a pool (each pile of a hidden ``lists``
    part on its own)."""
    others = [s for s in range(state.game.players) if s != seat]
    pooled: dict = {}
    alone = []
    for name, part in parts:
        if part.when is not None and not part.when(state):
            continue
        value = getattr(state, name)
        boxes = _boxes(state, part, value, seat, others)
        pool = part.pool
        if pool is not None and not isinstance(pool, str):
            pool = pool(state)
        if pool is not None:
            members = pooled.get(pool)
            if members is None:
                pooled[pool] = [(name, part, value, boxes)]
            else:
                members.append((name, part, value, boxes))
        elif part.kind == "hidden" and part.shape == "lists":
            alone += [(f"part {name}[{b[0]}]", [(name, part, value, [b])]) for b in boxes]
        else:
            alone.append((f"part {name}", [(name, part, value, boxes)]))
    return [*pooled.items(), *alone] if alone else list(pooled.items())


def hidden_boxes(state, seat) -> dict:
    """``{part: [(key, lo, hi, keep)]}``: where each part hidden now hides items
    from ``seat`` (parts declared ``hook=True`` included; see :func:`_boxes`)."""
    others = [s for s in range(state.game.players) if s != seat]
    return {n: _boxes(state, p, getattr(state, n), seat, others) for n, p in type(state).FIELDS.items()
            if p.hidden_now(state)}


def hidden_places(state, seat) -> dict:
    """Every place of ``state.to_dict()["data"]`` that ``seat`` cannot see, by what
    the resample deals together: ``{pool: [(part, key, index)]}`` for
    ``data[part][key][index]`` (or ``data[part][index]`` when key is None), from
    ``FIELDS`` alone: parts declared ``hook=True`` included, the items everyone
    knows (``known``, ``top``, ``bottom``) excluded. A hidden part outside a pool is
    a pool of its own (each pile of a ``lists`` part)."""
    parts = [(n, p) for n, p in type(state).FIELDS.items() if p.kind in ("private", "hidden")]
    out: dict[str, list] = {}
    for pool, members in _groups(state, parts, seat):
        where = []
        for name, _part, value, boxes in members:
            for key, lo, hi, keep in boxes:
                if keep is None:
                    where += [(name, key, i) for i in range(lo, hi)]
                    continue
                skip = list(keep)
                for i, x in enumerate(value[key][lo:hi], lo):
                    if x in skip:
                        skip.remove(x)
                    else:
                        where.append((name, key, i))
        if where:
            out.setdefault(pool, []).extend(where)
    return out


def resample(state, plan: tuple, seat, rng) -> None:
    """The default resample (see the module docstring), in place on ``state``: new
    containers are set, never the old ones changed (copies share ``value`` parts).
    Each pool is gathered from its boxes, sorted, dealt by the parts' ``rule``
    (the items a rule asks for first, drawn at random among those that fit), then
    shuffled and dealt back in the same places."""
    parts, rules = plan
    groups = _groups(state, parts, seat)
    if not groups:
        return
    ruled = _rules(state, rules, seat, groups) if rules else None
    new: dict = {}
    for g, (_pool, members) in enumerate(groups):
        items = gather(members)
        items.sort()
        if ruled and g in ruled:
            _ruled_deal(items, ruled[g], rng)
        else:
            shuffle(items, rng)
        deal_back(members, items, new)
    for name, value in new.items():
        setattr(state, name, value)


def gather(members) -> list:
    """The items a group of :func:`_groups` hides, box by box, in order."""
    items = []
    for _name, _part, value, boxes in members:
        for key, lo, hi, keep in boxes:
            box = value if key is None else value[key]
            if keep is not None:
                items += _unknown(box, keep)
            elif lo == 0 and hi == len(box):
                items += box
            else:
                items += box[lo:hi]
    return items


def box_sizes(members) -> list:
    """How many items each box of a group hides (the order :func:`gather` reads and
    :func:`deal_back` fills them in), with whether its order is part of the state
    (a part not kept sorted)."""
    out = []
    for _name, part, _value, boxes in members:
        for _key, lo, hi, keep in boxes:
            out.append((hi - lo - (len(keep) if keep is not None else 0), not part.sort))
    return out


def deal_back(members, items, new: dict) -> None:
    """Deal ``items`` into the boxes of a group in order (what :func:`gather` read),
    into ``new`` (part name -> its new value; set on the state by the caller)."""
    i = 0
    for name, part, value, boxes in members:
        out = new.get(name)
        if out is None:
            out = new[name] = list(value)
        for key, lo, hi, keep in boxes:
            if keep is None:
                j = i + hi - lo
                dealt = items[i:j]
                if part.sort:
                    dealt.sort()
                if key is None:
                    out[lo:hi] = dealt
                elif lo == 0 and hi == len(value[key]):
                    out[key] = dealt
                else:
                    pile = value[key]
                    out[key] = [*pile[:lo], *dealt, *pile[hi:]]
            else:
                j = i + hi - lo - len(keep)
                out[key] = [*keep, *items[i:j]]
                if part.sort:
                    out[key].sort()
            i = j


def _rules(state, rules, seat, groups) -> dict:
    """The constraints of the ``rule`` of each part hidden now, by group: ``{group:
    [(test, [offset in the group's deal])]}``."""
    asked = []                                    # (test, {(part, key): [index]})
    for part in rules:
        if part.when is None or part.when(state):
            for test, places in part.rule(state, seat):
                where: dict = {}
                for name, key, i in places:
                    at = where.get((name, key))
                    if at is None:
                        where[(name, key)] = [i]
                    else:
                        at.append(i)
                asked.append((test, where))
    if not asked:
        return {}
    out: dict = {}
    for g, (_pool, members) in enumerate(groups):
        at = 0
        for name, _part, _value, boxes in members:
            for key, lo, hi, keep in boxes:
                for test, where in asked:
                    wanted = where.get((name, key))
                    inside = [i for i in wanted if lo <= i < hi] if wanted else None
                    if not inside or keep is not None:
                        continue
                    for i in inside:
                        wanted.remove(i)
                    mine = out.setdefault(g, [])
                    if mine and mine[-1][0] is test:      # one draw a test (the same rule)
                        mine[-1][1].extend(at + i - lo for i in inside)
                    else:
                        mine.append((test, [at + i - lo for i in inside]))
                at += hi - lo - (len(keep) if keep is not None else 0)
    left = [f"{name}[{key}]{wanted}" for _t, where in asked for (name, key), wanted in where.items()
            if wanted]
    if left:
        raise ValueError(f"a rule names {', '.join(left)}, not places the seat cannot see")
    return out


def _ruled_deal(items: list, constraints: list, rng) -> None:
    """Shuffle ``items`` (sorted) in place so that, for each ``(test, offsets)``,
    items passing ``test`` lie at those offsets: each drawn uniformly among the
    items not drawn yet that pass it, the rest shuffled into the other offsets.
    When no item passes two tests, every order that keeps the constraints is
    equally likely."""
    n = len(items)
    r = rng.random
    chosen: dict = {}                             # index in items -> offset
    for test, offsets in constraints:
        k = len(offsets)
        got: list = []
        for _ in range(64 * k):                   # a uniform draw among those that pass
            if len(got) == k:
                break
            i = int(r() * n)
            if i not in chosen and i not in got and test(items[i]):
                got.append(i)
        if len(got) < k:                          # few pass: draw among them only
            left = [i for i in range(n) if i not in chosen and i not in got and test(items[i])]
            if len(left) < k - len(got):
                raise AssertionError(f"{k} places need an item that fits a rule, only "
                                     f"{len(got) + len(left)} do (the state breaks its "
                                     f"invariants)")
            got += rng.sample(left, k - len(got))
        for i, o in zip(got, offsets):
            chosen[i] = o
    placed = sorted((o, items[i]) for i, o in chosen.items())
    for i in sorted(chosen, reverse=True):
        del items[i]
    shuffle(items, rng)
    for o, x in placed:
        items.insert(o, x)


def _unknown(items, known):
    """``items`` less one of each item of ``known`` (multisets)."""
    rest = list(items)
    for x in known:
        rest.remove(x)
    return rest


def describe(fields: dict[str, Part]) -> str:
    """The declaration as text, for a title's help: one line a part."""
    lines = []
    for name, part in fields.items():
        what = [part.kind]
        if part.pool:
            what.append(f"pool {part.pool}" if isinstance(part.pool, str) else "pooled in some phases")
        if part.known:
            what.append(f"but for the items in ``{part.known}``" if isinstance(part.known, str)
                        else "but for the items everyone saw it get")
        if part.when is not None:
            what.append("hidden only in some modes or phases")
        if part.top or part.bottom:
            what.append("its top and bottom items seen by all" if part.top and part.bottom else
                        "its top items seen by all" if part.top else "its bottom items seen by all")
        if part.rule is not None:
            what.append("dealt by the rules' constraints")
        if part.hook:
            what.append("drawn by the title's own resample")
        doc = f": {part.doc}" if part.doc else ""
        lines.append(f"* ``{name}`` ({'; '.join(what)}){doc}")
    return "\n".join(lines)
