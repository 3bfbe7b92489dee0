"""Veggies' observation tensor (``SPEC.encoder``; see ``nbgames.core.encoding``).

Slices after the common ones (``C`` cards of ``game.catalog()["cards"]``, seats
ordered from the viewer, ``n`` players, ``W`` = the stand window + 3):

* ``phase`` one-hot (start, place, announce, over).
* ``stand[seat+k]``: the visible spaces of each stand, ``W x W`` cells (the
  stand's top-left visible space at cell 0, 0) x 7 channels (strawberry,
  banana, grape, carrot, mushroom, empty, rat), row-major, channel last.
* ``placed[seat+k]`` multi-hot of the cards in each stand; ``rats`` and
  ``hand_size`` by seat.
* ``my_hand`` multi-hot (the viewer's own cards); ``ramp[i]`` one-hot card of
  each ramp slot (zero when empty); ``deck`` (x 1/cards).
* ``started`` and ``announced`` flags by seat (*that* a seat chose, never what);
  ``my_start`` one-hot (the viewer's own secret starting card);
  ``my_announcement`` and ``pooled`` multi-hot over the five goods.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import seats_from
from .components import GOODS, SYMBOLS

PHASES = ("start", "place", "announce", "over")


def encode(obs, game, t):
    ncards = len(game.catalog()["cards"])
    n = game.players
    w = obs["window"] + 3
    seats = seats_from(obs)
    t.onehot("phase", PHASES.index(obs["phase"]), len(PHASES), doc="start, place, announce, over")
    for k, s in enumerate(seats):
        grid = np.zeros((w, w, len(SYMBOLS)), np.float32)
        rows = obs["stands"][s]["rows"]
        if len(rows) > w or any(len(r) > w for r in rows):
            raise AssertionError(f"veggies encoder: a stand of {len(rows)} rows exceeds {w}")
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch != " ":
                    grid[y, x, SYMBOLS.index(ch)] = 1.0
        t.grid(f"stand[seat+{k}]", grid,
               f"{w}x{w} cells x channels {'/'.join(GOODS)}/empty/rat, visible spaces")
    for k, s in enumerate(seats):
        t.multihot(f"placed[seat+{k}]", [c[0] for c in obs["stands"][s]["cards"]], ncards,
                   doc="cards in the stand")
    t.values("rats", [obs["stands"][s]["rats"] for s in seats], n, 1 / 10, doc="visible rats (x 1/10)")
    t.values("hand_size", [obs["stands"][s]["hand_size"] for s in seats], n, 1 / 3,
             doc="cards in hand (x 1/3)")
    t.multihot("my_hand", obs["hand"], ncards, doc="the viewer's cards")
    for i, c in enumerate(obs["ramp"]):
        t.onehot(f"ramp[{i}]", c, ncards, doc="card on the ramp slot")
    t.scalar("deck", obs["deck"], 1 / ncards, doc="cards in the deck (x 1/cards)")
    t.values("started", [obs["started"][s] for s in seats], n, doc="chose a starting card")
    t.values("announced", [obs["announced"][s] for s in seats], n, doc="is done announcing")
    t.onehot("my_start", obs["my_start"], ncards, doc="the viewer's secret starting card")
    t.multihot("my_announcement", [GOODS.index(g) for g in obs["my_announcement"]], len(GOODS),
               doc="goods the viewer announced")
    t.multihot("pooled", [GOODS.index(g) for g in (obs["pooled"] or [])], len(GOODS),
               doc="goods scored (at the end)")
