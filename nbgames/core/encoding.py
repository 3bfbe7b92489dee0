"""Observation tensors: a fixed-shape ``float32`` vector of what one seat sees.

Each title declares an encoder in its spec (``SPEC.encoder``), a function
``encode(obs, game, t)`` that writes the seat's observation (never the state)
into ``t``, a :class:`Tensor`, slice by named slice::

    t.onehot("phase", PHASES.index(obs["phase"]), len(PHASES))
    t.counts("hand", obs["hand"], len(catalog["cards"]))
    t.scalar("round", obs["round"], scale=1 / 3)

Because the encoder reads only ``state.observation(seat)``, what the seat may
not see cannot reach the tensor. Every slice's size depends only on the game
(player count and options), so the shape is fixed per game configuration; the
conformance suite (``check_encoder``) checks that, that every value is finite,
and that a determinized copy gives the same tensor for the viewer.

Per-seat slices are ordered from the viewer: ``seat+0`` is the viewer itself,
``seat+1`` the next seat in turn order, and so on (the spectator's view,
``seat=None``, starts at seat 0). So one policy network serves every seat.

>>> import nbgames
>>> from nbgames.core.encoding import encode, layout
>>> game = nbgames.load(nbgames.games()[0], players=2)
>>> x = encode(game.new_state(seed=1), 0)
>>> x.dtype.name, x.shape == (layout(game).size,)
('float32', True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .errors import OptionError


@dataclass(frozen=True)
class Slice:
    """One named part of the tensor: ``x[start:stop]``, ``kind`` (onehot, multihot,
    counts, scalar, bits, values) and the meaning in ``doc``."""

    name: str
    start: int
    stop: int
    kind: str
    doc: str

    @property
    def size(self) -> int:
        return self.stop - self.start


class Tensor:
    """A float32 vector written slice by slice (see the module docstring)."""

    def __init__(self):
        self._parts: list[np.ndarray] = []
        self.slices: list[Slice] = []
        self._n = 0

    def _add(self, name: str, values, kind: str, doc: str) -> None:
        arr = np.asarray(values, dtype=np.float32).reshape(-1)
        self.slices.append(Slice(name, self._n, self._n + arr.size, kind, doc))
        self._n += arr.size
        self._parts.append(arr)

    def onehot(self, name: str, index, n: int, doc: str = "") -> None:
        """``n`` entries, a 1 at ``index`` (all zero when ``index`` is None or -1)."""
        v = np.zeros(n, np.float32)
        if index is not None and index >= 0:
            v[index] = 1.0
        self._add(name, v, "onehot", doc)

    def multihot(self, name: str, indices, n: int, doc: str = "") -> None:
        """``n`` entries, 1 at each index present (negative indices and None skipped)."""
        v = np.zeros(n, np.float32)
        for i in indices or ():
            if i is not None and i >= 0:
                v[i] = 1.0
        self._add(name, v, "multihot", doc)

    def counts(self, name: str, indices, n: int, scale: float = 1.0, doc: str = "") -> None:
        """``n`` entries: how often each index occurs, times ``scale``."""
        v = np.zeros(n, np.float32)
        for i in indices or ():
            if i is not None and i >= 0:
                v[i] += scale
        self._add(name, v, "counts", doc)

    def scalar(self, name: str, value, scale: float = 1.0, doc: str = "") -> None:
        """One entry, ``value * scale`` (None and False give 0, True gives ``scale``)."""
        self._add(name, [0.0 if value is None else float(value) * scale], "scalar", doc)

    def values(self, name: str, values, n: int, scale: float = 1.0, doc: str = "") -> None:
        """``n`` entries: ``values`` times ``scale`` (None entries 0), padded with zeros.
        More than ``n`` values is a bug of the encoder and raises."""
        values = list(values or ())
        if len(values) > n:
            raise AssertionError(f"slice {name}: {len(values)} values for {n} places")
        v = np.zeros(n, np.float32)
        for i, x in enumerate(values):
            v[i] = 0.0 if x is None else float(x) * scale
        self._add(name, v, "values", doc)

    def grid(self, name: str, array, doc: str = "") -> None:
        """A multi-dimensional block (e.g. cells x channels), flattened row-major."""
        self._add(name, array, "grid", doc)

    def array(self) -> np.ndarray:
        return np.concatenate(self._parts) if self._parts else np.zeros(0, np.float32)


@dataclass(frozen=True)
class Layout:
    """Which slice of the tensor means what, for one game configuration."""

    title: str
    players: int
    slices: tuple[Slice, ...]

    @property
    def size(self) -> int:
        return self.slices[-1].stop if self.slices else 0

    def __getitem__(self, name: str) -> Slice:
        for s in self.slices:
            if s.name == name:
                return s
        raise OptionError(f"{self.title}: no slice {name!r} in the observation tensor; slices: "
                          f"{', '.join(s.name for s in self.slices)}")

    def __iter__(self):
        return iter(self.slices)

    def describe(self) -> str:
        """One line a slice: range, name, kind and meaning."""
        lines = [f"{self.title}, {self.players} players: float32[{self.size}]"]
        for s in self.slices:
            lines.append(f"  [{s.start:>6}:{s.stop:<6}] {s.name:<24} {s.kind:<9} {s.doc}")
        return "\n".join(lines)

    def __repr__(self):
        return self.describe()


def seats_from(obs: dict) -> list[int]:
    """The seats in tensor order: the viewer first, then the following seats
    (the spectator's view starts at seat 0)."""
    n = obs["players"]
    me = obs["seat"] or 0
    return [(me + k) % n for k in range(n)]


def relative(obs: dict, seat) -> int:
    """A seat as the encoder writes it: 0 the viewer, 1 the next seat, ... (-1 for None)."""
    if seat is None or seat < 0:
        return -1
    return (seat - (obs["seat"] or 0)) % obs["players"]


def common(obs: dict, t: Tensor) -> None:
    """The core keys every tensor starts with: is the viewer to move, who moves
    (relative, one-hot), whether the game is over."""
    n = obs["players"]
    cp = obs["current_player"]
    t.scalar("my_turn", cp is not None and cp == obs["seat"], doc="1 when the viewer is to decide")
    t.onehot("to_move", relative(obs, cp), n, doc="who decides, relative to the viewer")
    t.scalar("over", cp is None, doc="1 when the game is over")


def _encoder(game):
    from .registry import spec
    enc = spec(game.title).encoder
    if enc is None:
        raise OptionError(f"{game.title}: its SPEC declares no observation encoder")
    return enc


def encode_observation(obs: dict, game) -> np.ndarray:
    """The tensor of an observation (``state.observation(seat)``)."""
    t = Tensor()
    common(obs, t)
    _encoder(game)(obs, game, t)
    return t.array()


def encode(state, seat) -> np.ndarray:
    """The tensor of what ``seat`` sees in ``state`` (``None``: the spectator)."""
    return encode_observation(state.observation(seat), state.game)


_LAYOUTS: dict = {}


def layout(game) -> Layout:
    """The :class:`Layout` of a game configuration (from a fresh game's view of seat 0)."""
    import json
    key = json.dumps(game.config(), sort_keys=True, default=str)
    found = _LAYOUTS.get(key)
    if found is None:
        t = Tensor()
        obs = game.new_state(seed=0).observation(0)
        common(obs, t)
        _encoder(game)(obs, game, t)
        found = _LAYOUTS[key] = Layout(game.title, game.players, tuple(t.slices))
    return found


def shape(game) -> tuple[int]:
    return (layout(game).size,)

