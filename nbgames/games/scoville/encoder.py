"""Scoville's observation tensor (``SPEC.encoder``; see ``nbgames.core.encoding``).

Slices after the common ones (counts from ``game.catalog()``: 10 colours, 70
plots, 157 notches, auction / market / recipe cards, 5 plaque stacks; seats
ordered from the viewer, ``n`` players):

* ``phase`` one-hot (bid, spot, claim, plant, plaque, harvest, fulfil, over);
  ``round`` (x 1/round_limit), ``afternoon``, ``final``.
* ``field``: 70 plots x 10 colours, one-hot per planted plot; ``prices`` by colour
  (x 1/35).
* ``farmers[seat+k]`` one-hot notch; ``order`` each seat's place in the turn
  order (one-hot over places, ``n x n``).
* ``auction``, ``market``, ``recipes``: multi-hot of the displayed cards;
  ``decks`` (auction, discard, market; x 1/65).
* ``stacks``: plaques left by stack (x 1/3) and the top value (x 1/12).
* by seat: ``known`` (1 when its holdings are visible to the viewer: its own,
  everyone's with ``screens=False`` or at the end), ``money`` (x 1/50), ``peppers[seat+k]``
  by colour (x 1/5), ``held_market[seat+k]`` and ``held_recipes[seat+k]``
  multi-hot; all zero behind a screen. ``plaques[seat+k]`` counts by stack and
  ``tiles[seat+k]`` flags are public.
* the turn: ``bids`` (once revealed, x 1/50), ``bidding`` flags (*that* a seat
  bid), ``my_bid`` (x 1/50), ``queue`` place in the spot queue, ``spots`` one-hot
  spot by seat, ``walk_seat``, ``walk_path`` multi-hot notches, ``walk_at``
  one-hot notch, ``walk_steps``, ``planted``, ``offer`` one-hot stack, ``did``.
"""

from __future__ import annotations

import numpy as np

from ...core.encoding import relative, seats_from
from .rules import PHASES


def encode(obs, game, t):
    cat = game.catalog()
    ncol, nplots, nnotch = len(cat["colors"]), len(cat["plots"]), len(cat["notches"])
    nauc, nmkt, nrec, nplq = len(cat["auction"]), len(cat["market"]), len(cat["recipes"]), len(cat["plaques"])
    n = game.players
    seats = seats_from(obs)
    t.onehot("phase", PHASES.index(obs["phase"]), len(PHASES), doc="/".join(PHASES))
    t.scalar("round", obs["round"], 1 / obs["round_limit"], doc="round (x 1/round_limit)")
    t.scalar("afternoon", obs["afternoon"], doc="flag")
    t.scalar("final", obs["final"], doc="flag: the last round")
    field = np.zeros((nplots, ncol), np.float32)
    for p, ch in enumerate(obs["field"]):
        if ch != ".":
            field[p, int(ch)] = 1.0
    t.grid("field", field, doc=f"{nplots} plots x {ncol} colours, one-hot colour planted")
    t.values("prices", obs["prices"], ncol, 1 / 35, doc="price by colour (x 1/35)")
    for k, s in enumerate(seats):
        t.onehot(f"farmers[seat+{k}]", obs["farmers"][s], nnotch, doc="notch of the farmer")
    for k, s in enumerate(seats):
        place = obs["order"].index(s) if s in obs["order"] else None
        t.onehot(f"order[seat+{k}]", place, n, doc="place in the turn order")
    t.multihot("auction", obs["auction"], nauc, doc="auction cards on display")
    t.multihot("market", obs["market"], nmkt, doc="market cards on display")
    t.multihot("recipes", obs["recipes"], nrec, doc="recipe cards on display")
    d = obs["decks"]
    t.values("decks", [d["auction"], d["discard"], d["market"]], 3, 1 / 65, doc="deck sizes (x 1/65)")
    stacks = obs["stacks"]
    t.values("stacks", [len(x) for x in stacks], nplq, 1 / 3, doc="plaques left by stack (x 1/3)")
    t.values("stack_tops", [x[0] if x else 0 for x in stacks], nplq, 1 / 12, doc="next plaque value")
    hold = obs["holdings"]
    t.values("known", [hold[s]["money"] is not None for s in seats], n, doc="holdings visible")
    t.values("money", [hold[s]["money"] for s in seats], n, 1 / 50, doc="money (x 1/50)")
    for k, s in enumerate(seats):
        h = hold[s]
        t.values(f"peppers[seat+{k}]", h["peppers"], ncol, 1 / 5, doc="peppers by colour (x 1/5)")
        t.multihot(f"held_market[seat+{k}]", h["market"], nmkt, doc="market cards fulfilled")
        t.multihot(f"held_recipes[seat+{k}]", h["recipes"], nrec, doc="recipes fulfilled")
        t.counts(f"plaques[seat+{k}]", [st for st, _v in h["plaques"]], nplq, doc="plaques by stack")
        t.values(f"tiles[seat+{k}]", h["tiles"], len(cat["tiles"]), doc="bonus tiles held")
    bids = obs["bids"]
    t.values("bids", [bids[s] for s in seats] if bids else [], n, 1 / 50, doc="revealed bids (x 1/50)")
    bidding = obs["bidding"]
    t.values("bidding", [bidding[s] for s in seats] if bidding else [], n, doc="has bid")
    t.scalar("my_bid", obs["my_bid"], 1 / 50, doc="the viewer's own sealed bid (x 1/50)")
    queue = obs["queue"] or []
    t.values("queue", [(queue.index(s) + 1) / n if s in queue else 0 for s in seats], n,
             doc="place in the spot queue (x 1/n)")
    for k, s in enumerate(seats):
        spot = obs["spots"][s]
        t.onehot(f"spots[seat+{k}]", None if spot is None else spot - 1, n, doc="spot chosen")
    walk = obs["walk"]
    t.onehot("walk_seat", relative(obs, walk["seat"]) if walk else None, n, doc="the walking farmer")
    t.multihot("walk_path", walk["path"] if walk else [], nnotch, doc="notches of the walk so far")
    t.onehot("walk_at", walk["path"][-1] if walk and walk["path"] else None, nnotch, doc="where it is")
    t.scalar("walk_steps", walk["steps"] if walk else 0, 1 / 5, doc="steps taken (x 1/5)")
    t.scalar("planted", obs["planted"], 1 / 2, doc="peppers planted this turn (x 1/2)")
    t.onehot("offer", obs["offer"], nplq, doc="plaque stack on offer")
    t.values("did", obs["did"] or [], 3, doc="fulfil steps done this turn")
