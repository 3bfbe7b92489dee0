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
  what the seat sees and the generator only), shuffled and dealt back, every
  size kept; a hidden part outside a pool is shuffled within itself;
* the conformance checks of hidden information (``nbgames.core.conformance``):
  observations must not change when anything a seat may not see is moved.

Kinds of part:

* ``public``: everyone sees it;
* ``private``: one list (or value) a seat: item ``s`` is seen by seat ``s`` only;
* ``hidden``: nobody sees it: a face-down pile (``shape="list"``) or several
  (``"lists"``);
* ``derived``: rebuilt from the others (caches, grids): copied, never saved.

``when(state) -> bool``, on a private or hidden part, says whether it is hidden
*now* (e.g. only in one memory mode, or until the game ends); when it returns
False the part is public. ``pool`` names the things the part holds; ``hook=True``
leaves its resample to the title's ``_resample_more`` (rules that demand more than
a re-deal, such as a set-up constraint). ``known`` (private parts) names a public
per-seat part listing items of each seat that everyone knows (e.g. a card bought
face up): they stay where they are.

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
    pool: str | None = None
    sort: bool = False
    known: str | None = None
    when: Callable[[Any], bool] | None = None
    hook: bool = False
    load: Callable[[Any], Any] | None = None
    choices: tuple | None = None

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"part kind {self.kind!r} is not one of {KINDS}")
        if self.shape not in SHAPES:
            raise ValueError(f"part shape {self.shape!r} is not one of {SHAPES}")
        if self.kind in ("public", "derived") and (self.pool or self.known or self.when or self.hook):
            raise ValueError(f"a {self.kind} part has no pool, known, when or hook")

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
            hook=False, load=None) -> Part:
    """One entry a seat (``value[s]``), seen by seat ``s`` only."""
    return Part("private", shape, doc, pool, sort, known, when, hook, load)


def hidden(shape: str = "list", doc: str = "", *, pool=None, sort=False, when=None, hook=False,
           load=None) -> Part:
    """A face-down pile (or several): seen by nobody."""
    return Part("hidden", shape, doc, pool, sort, None, when, hook, load)


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


def to_json(x):
    """A JSON-able deep copy: tuples become lists, numpy scalars Python numbers."""
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


def pools(fields: dict[str, Part]) -> dict[str, list[str]]:
    """pool name -> the names of its parts, in declaration order."""
    out: dict[str, list[str]] = {}
    for name, part in fields.items():
        if part.pool is not None and not part.hook:
            out.setdefault(part.pool, []).append(name)
    return out


def shuffle(items: list, rng) -> None:
    """Shuffle ``items`` in place: sorted by a random key each (uniform, like
    ``rng.shuffle``, and several times faster on long piles)."""
    r = rng.random
    items.sort(key=lambda _: r())


def resample_plan(fields: dict[str, Part]) -> tuple:
    """What :func:`resample` does for a class, worked out once: the pools, each a
    tuple of (name, part), and the hidden parts outside any pool."""
    grouped = tuple(tuple((n, fields[n]) for n in names) for names in pools(fields).values())
    alone = tuple((n, p) for n, p in fields.items()
                  if p.kind == "hidden" and p.pool is None and not p.hook)
    return grouped, alone


def resample(state, plan: tuple, seat, rng) -> None:
    """The default resample (see the module docstring), in place on ``state``: new
    containers are set, never the old ones changed (copies share ``value`` parts)."""
    grouped, alone = plan
    others = [s for s in range(state.game.players) if s != seat]
    for pool in grouped:
        parts = [(n, p, getattr(state, n)) for n, p in pool if p.when is None or p.when(state)]
        if not parts:
            continue
        items = []
        for _name, part, v in parts:
            if part.kind == "hidden":
                if part.shape == "list":
                    items += v
                else:
                    for pile in v:
                        items += pile
            elif part.known:
                known = getattr(state, part.known)
                for s in others:
                    items += _unknown(v[s], known[s]) if known[s] else v[s]
            else:
                for s in others:
                    items += v[s]
        items.sort()
        shuffle(items, rng)
        i = 0
        for name, part, v in parts:
            if part.kind == "hidden":
                if part.shape == "list":
                    j = i + len(v)
                    new = items[i:j]
                    i = j
                    if part.sort:
                        new.sort()
                else:
                    new = []
                    for pile in v:
                        j = i + len(pile)
                        new.append(sorted(items[i:j]) if part.sort else items[i:j])
                        i = j
            else:
                known = getattr(state, part.known) if part.known else None
                new = list(v)
                for s in others:
                    keep = known[s] if known else ()
                    j = i + len(v[s]) - len(keep)
                    new[s] = [*keep, *items[i:j]]
                    i = j
                    if part.sort:
                        new[s].sort()
            setattr(state, name, new)
    for name, part in alone:
        if part.when is not None and not part.when(state):
            continue
        v = getattr(state, name)
        if part.shape == "list":
            pile = sorted(v)
            shuffle(pile, rng)
            setattr(state, name, pile)
        else:
            new = []
            for pile in v:
                pile = sorted(pile)
                shuffle(pile, rng)
                new.append(pile)
            setattr(state, name, new)


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
            what.append(f"pool {part.pool}")
        if part.known:
            what.append(f"but for the items in ``{part.known}``")
        if part.when is not None:
            what.append("hidden only in some modes or phases")
        if part.hook:
            what.append("resampled by the title's own rule")
        doc = f": {part.doc}" if part.doc else ""
        lines.append(f"* ``{name}`` ({'; '.join(what)}){doc}")
    return "\n".join(lines)
