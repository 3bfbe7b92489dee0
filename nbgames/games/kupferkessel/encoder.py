"""Kupferkessel Co.'s observation tensor (``SPEC.encoder``; see ``nbgames.core.encoding``).

Slices after the common ones (``K`` cards of ``game.catalog()["cards"]``, seats
ordered from the viewer, ``n`` players):

* ``phase`` one-hot (take, symbol, last, over); ``turn_seat`` one-hot;
  ``streak`` (turns in a row).
* ``grid``: 36 cells x (``K`` card one-hot + 1 gap flag); corners are all zero.
* ``pawns[seat+k]`` one-hot over the 20 spaces; ``tops[seat+k]`` one-hot card
  on top of each kettle; ``sizes`` kettle heights (x 1/20).
* ``deck``, ``removed`` (counts x 1/56); ``pending`` one-hot card (the last card
  while its taker decides); ``finisher`` one-hot seat.
* ``my_recipes`` multi-hot over recipes (the viewer's own); ``recipe_counts``.
* ``after``: for a new top card of value 1..4, one-hot of the space where the
  mover's pawn would stop (to take; zero otherwise).
* With ``memory="recall"`` only (what a perfect memory knows): ``stacks[seat+k]``
  counts by card of each kettle, ``deck_bottom`` and ``removed_cards`` counts.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import relative, seats_from

PHASES = ("take", "symbol", "last", "over")


def encode(obs, game, t):
    cat = game.catalog()
    k_cards = len(cat["cards"])
    nspaces = len(cat["spaces"])
    n = game.players
    seats = seats_from(obs)
    t.onehot("phase", PHASES.index(obs["phase"]), len(PHASES), doc="take, symbol, last, over")
    t.onehot("turn_seat", relative(obs, obs["turn_seat"]), n, doc="whose turn it is")
    t.scalar("streak", obs["streak"], 0.5, doc="turns in a row (x 1/2)")
    grid = np.zeros((len(obs["grid"]), k_cards + 1), np.float32)
    for i, card in enumerate(obs["grid"]):
        if card != -2:
            grid[i, card if card >= 0 else k_cards] = 1.0
    t.grid("grid", grid, doc=f"{len(obs['grid'])} cells x ({k_cards} cards + gap), one-hot")
    for k, s in enumerate(seats):
        t.onehot(f"pawns[seat+{k}]", obs["pawns"][s], nspaces, doc="space of the pawn")
    for k, s in enumerate(seats):
        t.onehot(f"tops[seat+{k}]", obs["tops"][s], k_cards, doc="top card of the kettle")
    t.values("sizes", [obs["sizes"][s] for s in seats], n, 1 / 20, doc="kettle heights (x 1/20)")
    t.scalar("deck", obs["deck"], 1 / k_cards, doc="cards in the deck (x 1/cards)")
    t.scalar("removed", obs["removed"], 1 / k_cards, doc="cards out of the game (x 1/cards)")
    t.onehot("pending", obs["pending"], k_cards, doc="the last card while its taker decides")
    t.onehot("finisher", relative(obs, obs["finisher"]), n, doc="who ended the game")
    t.multihot("my_recipes", obs["recipes"], len(cat["recipes"]), doc="the viewer's recipes")
    t.values("recipe_counts", [obs["recipe_counts"][s] for s in seats], n, 1 / 4,
             doc="recipes held (x 1/4)")
    after = obs.get("after") or []
    for v in range(4):
        path = after[v] if v < len(after) else []
        t.onehot(f"after[{v + 1}]", path[-1] if path else None, nspaces,
                 doc=f"where the mover's pawn stops with a new top card of value {v + 1}")
    if game.options["memory"] == "recall":
        stacks = obs["stacks"]
        for k, s in enumerate(seats):
            t.counts(f"stacks[seat+{k}]", stacks[s], k_cards, doc="the kettle's cards (recall)")
        t.counts("deck_bottom", obs["deck_bottom"], k_cards, doc="cards seen going under the deck")
        t.counts("removed_cards", obs["removed_cards"], k_cards, doc="cards out of the game")
