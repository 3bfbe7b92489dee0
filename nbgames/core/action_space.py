"""One action codec: a title's ids laid out as named kinds with integer fields.

Every title declares its decisions once, as data::

    ActionSpace(
        Kind("start", "start with hand card {card}", card=2),
        Kind("announce", "announce {good}", good=GOODS),
        Kind("place", "place {src} r{rot} at ({row:+d},{col:+d})",
             src=SOURCES, rot=("0", "90", "180", "270"), row=(-E, E), col=(-E, E)),
    )

A field is ``n`` (values ``0 .. n-1``), ``(lo, hi)`` (``lo .. hi`` inclusive) or
a sequence of names (values ``0 .. len-1``, shown by name in labels). Ids are
given kind by kind in declaration order; inside a kind the first field is the
most significant digit (mixed radix). So a layout is fully described by its
JSON (:meth:`ActionSpace.to_json`), and the browser decodes ids with the same
arithmetic (``js/shared.js``, ``decodeAction``) instead of a codec of its own.

``decode(aid)`` gives ``{"kind": ..., field: value, ...}``, ``encode(kind,
**fields)`` the id, ``label(aid)`` the label and ``parse(label)`` the id back
(one compiled regular expression per kind).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .errors import InvalidActionError, choices_text

_PLACEHOLDER = re.compile(r"\{(\w+)(?::([^}]*))?\}")


class Field:
    """One integer field of a kind: values ``lo .. lo + size - 1``; ``names``
    (optional) are what a label shows for each value."""

    __slots__ = ("name", "lo", "size", "names")

    def __init__(self, name: str, spec: Any):
        self.name = name
        self.names: tuple[str, ...] | None = None
        if isinstance(spec, bool):
            raise TypeError(f"field {name}: a size, (lo, hi) or names, got {spec!r}")
        if isinstance(spec, int):
            self.lo, self.size = 0, spec
        elif isinstance(spec, tuple) and len(spec) == 2 and all(isinstance(x, int) for x in spec):
            self.lo, self.size = spec[0], spec[1] - spec[0] + 1
        elif isinstance(spec, Sequence) and not isinstance(spec, str):
            self.names = tuple(str(x) for x in spec)
            if len(set(self.names)) != len(self.names):
                raise ValueError(f"field {name}: names repeat: {self.names}")
            self.lo, self.size = 0, len(self.names)
        else:
            raise TypeError(f"field {name}: a size, (lo, hi) or names, got {spec!r}")
        if self.size < 1:
            raise ValueError(f"field {name} has no values")

    @property
    def hi(self) -> int:
        return self.lo + self.size - 1

    def describe(self) -> str:
        if self.names is not None:
            return f"0..{self.size - 1} ({choices_text(self.names, 6)})"
        return f"{self.lo}..{self.hi}"

    def to_json(self) -> dict:
        out = {"name": self.name, "lo": self.lo, "size": self.size}
        if self.names is not None:
            out["names"] = list(self.names)
        return out


class Kind:
    """One kind of decision: a name, a label template and its fields (in order)."""

    def __init__(self, name: str, label: str, **fields: Any):
        self.name = name
        self.template = label
        self.fields = [Field(k, v) for k, v in fields.items()]
        used = [m[1] for m in _PLACEHOLDER.finditer(label)]
        if sorted(used) != sorted(self.fields_by_name):
            raise ValueError(f"kind {name}: the label {label!r} must name each field once: "
                             f"{list(self.fields_by_name)}")
        self.count = 1
        for f in self.fields:
            self.count *= f.size
        self.base = 0           # set by the ActionSpace
        self._regex = self._compile()

    @property
    def fields_by_name(self) -> dict[str, Field]:
        return {f.name: f for f in self.fields}

    def _compile(self):
        parts, pos = [], 0
        by_name = self.fields_by_name
        for m in _PLACEHOLDER.finditer(self.template):
            parts.append(re.escape(self.template[pos:m.start()]))
            f = by_name[m[1]]
            if f.names is not None:
                alts = sorted(f.names, key=len, reverse=True)
                parts.append(f"(?P<{f.name}>" + "|".join(map(re.escape, alts)) + ")")
            else:
                parts.append(rf"(?P<{f.name}>[+-]?\d+)")
            pos = m.end()
        parts.append(re.escape(self.template[pos:]))
        return re.compile("".join(parts))

    def values(self, offset: int) -> list[int]:
        out = []
        for f in reversed(self.fields):
            offset, v = divmod(offset, f.size)
            out.append(v + f.lo)
        out.reverse()
        return out

    def offset(self, values) -> int:
        x = 0
        for f, v in zip(self.fields, values):
            x = x * f.size + (v - f.lo)
        return x

    def id(self, *values: int) -> int:
        """The id of this kind with ``values`` in field order, unchecked: for
        engines that build ids from values they know are in range (the checked
        form is :meth:`ActionSpace.encode`)."""
        x = 0
        for f, v in zip(self.fields, values):
            x = x * f.size + (v - f.lo)
        return self.base + x

    def label(self, values) -> str:
        shown = {}
        for f, v in zip(self.fields, values):
            shown[f.name] = f.names[v] if f.names is not None else v
        return self.template.format(**shown)

    def to_json(self) -> dict:
        return {"kind": self.name, "base": self.base, "count": self.count,
                "label": self.template, "fields": [f.to_json() for f in self.fields]}


class ActionSpace:
    """The layout of a title's action ids (see the module docstring)."""

    def __init__(self, *kinds: Kind):
        if not kinds:
            raise ValueError("an ActionSpace needs at least one kind")
        names = [k.name for k in kinds]
        if len(set(names)) != len(names):
            raise ValueError(f"kinds repeat: {names}")
        base = 0
        for k in kinds:
            k.base = base
            base += k.count
        self.kinds = list(kinds)
        self.size = base
        self._by_name = {k.name: k for k in kinds}
        self._bases = [k.base for k in kinds]
        self._unpacked: dict[int, tuple] = {}

    def __len__(self) -> int:
        return self.size

    def kind(self, name: str) -> Kind:
        try:
            return self._by_name[name]
        except KeyError:
            raise InvalidActionError(f"unknown action kind {name!r}; kinds: "
                                     f"{choices_text(self._by_name)}") from None

    def _kind_of(self, aid: int) -> Kind:
        if isinstance(aid, bool) or not isinstance(aid, int) or not 0 <= aid < self.size:
            raise InvalidActionError(f"action id {aid!r} is not in range(0, {self.size})")
        lo, hi = 0, len(self._bases) - 1
        while lo < hi:                      # last kind whose base <= aid
            mid = (lo + hi + 1) // 2
            if self._bases[mid] <= aid:
                lo = mid
            else:
                hi = mid - 1
        return self.kinds[lo]

    def unpack(self, aid: int) -> tuple:
        """``(kind name, value, value, ...)``: the fast form of :meth:`decode`
        (cached per id, for the engines' hot paths)."""
        t = self._unpacked.get(aid)
        if t is None:
            k = self._kind_of(aid)
            t = self._unpacked[aid] = (k.name, *k.values(aid - k.base))
        return t

    def decode(self, aid: int) -> dict:
        """``{"kind": name, field: value, ...}`` of an id."""
        k = self._kind_of(aid)
        return {"kind": k.name, **dict(zip((f.name for f in k.fields), k.values(aid - k.base)))}

    def encode(self, kind: str, **fields: int) -> int:
        """The id of ``kind`` with ``fields``; a missing, unknown or out-of-range
        field raises InvalidActionError naming it and its range."""
        k = self.kind(kind)
        names = [f.name for f in k.fields]
        extra = sorted(set(fields) - set(names))
        if extra:
            raise InvalidActionError(f"{kind}: unknown field(s) {', '.join(extra)}; fields: "
                                     f"{', '.join(names) or 'none'}")
        values = []
        for f in k.fields:
            if f.name not in fields:
                raise InvalidActionError(f"{kind}: field {f.name} is missing ({f.describe()})")
            v = fields[f.name]
            if isinstance(v, str) and f.names is not None and v in f.names:
                v = f.names.index(v)
            if hasattr(v, "__index__") and not isinstance(v, bool):
                v = int(v.__index__())
            if not isinstance(v, int) or isinstance(v, bool) or not f.lo <= v <= f.hi:
                raise InvalidActionError(f"{kind}: field {f.name}={v!r} is out of range; "
                                         f"choose {f.describe()}")
            values.append(v)
        return k.base + k.offset(values)

    def label(self, aid: int) -> str:
        k = self._kind_of(aid)
        return k.label(k.values(aid - k.base))

    def parse(self, label: str) -> int:
        """The id of a label; an unknown label raises InvalidActionError showing
        what labels look like."""
        if isinstance(label, str):
            text = label.strip()
            for k in self.kinds:
                m = k._regex.fullmatch(text)
                if m is None:
                    continue
                values = []
                for f in k.fields:
                    raw = m[f.name]
                    v = f.names.index(raw) if f.names is not None else int(raw)
                    if not f.lo <= v <= f.hi:
                        break
                    values.append(v)
                else:
                    return k.base + k.offset(values)
        examples = "; ".join(repr(k.label([f.lo for f in k.fields])) for k in self.kinds)
        raise InvalidActionError(f"no action is labelled {label!r}; labels look like {examples}")

    def to_json(self) -> dict:
        """The layout for the browser: ``{"size": N, "kinds": [...]}``."""
        return {"size": self.size, "kinds": [k.to_json() for k in self.kinds]}

    def __repr__(self):
        return "ActionSpace(" + ", ".join(f"{k.name}[{k.count}]" for k in self.kinds) + ")"
