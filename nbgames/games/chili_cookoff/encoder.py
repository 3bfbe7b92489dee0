"""The Cookoff's observation tensor (``SPEC.encoder``; layout in ``nbgames.core.encoding``).

Slices after the common ones (seats ordered from the viewer, ``C`` card types and
``R`` recipes of ``game.catalog()``, ``n`` players):

* ``phase`` one-hot (play, pick, over); ``round`` and ``hand`` as fractions;
  ``leader`` one-hot over seats.
* ``my_hand`` counts by card type, ``my_recipes`` multi-hot over recipes (the
  viewer's own: empty for the spectator).
* ``played``: for each seat a one-hot card type of the card it played this hand
  (``n * C``); ``table`` counts of the cards left to pick; ``pick_rank`` by
  seat, its place in the pick order (x 1/n).
* ``collected``: for each seat counts by card type (``n * C``, scaled by 1/4);
  ``hand_sizes`` and ``scores`` by seat (scaled by 1/7 and 1/50).
"""

from __future__ import annotations

from ...core.encoding import relative, seats_from

PHASES = ("play", "pick", "over")


def encode(obs, game, t):
    cat = game.catalog()
    c, r, n = len(cat["cards"]), len(cat["recipes"]), game.players
    seats = seats_from(obs)
    t.onehot("phase", PHASES.index(obs["phase"]), len(PHASES), doc="play, pick, over")
    t.scalar("round", obs["round"], 1 / obs["rounds"], doc="round / rounds")
    t.scalar("hand", obs["hand"], 1 / obs["hands_per_round"], doc="hand / hands per round")
    t.onehot("leader", relative(obs, obs["leader"]), n, doc="the leader of this hand")
    t.counts("my_hand", obs["hand_cards"], c, doc="the viewer's hand, count by card type")
    t.multihot("my_recipes", obs["recipes"], r, doc="the viewer's recipes")
    played = dict((s, ty) for s, ty in obs["played"])
    for k, s in enumerate(seats):
        t.onehot(f"played[seat+{k}]", played.get(s), c, doc="card type played this hand")
    t.counts("table", obs["table"], c, doc="cards left to pick, by type")
    order = obs["pick_order"]
    t.values("pick_rank", [(order.index(s) + 1) if s in order else 0 for s in seats], n, 1 / n,
             doc="place in this hand's pick order (x 1/n; 0 before the picks)")
    for k, s in enumerate(seats):
        t.counts(f"collected[seat+{k}]", obs["collected"][s], c, 0.25,
                 doc="collected cards by type (x 1/4)")
    t.values("hand_sizes", [obs["hand_sizes"][s] for s in seats], n, 1 / 7, doc="cards in hand (x 1/7)")
    t.values("scores", [obs["scores"][s] for s in seats], n, 1 / 50, doc="total points (x 1/50)")
