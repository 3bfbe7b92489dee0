"""Chill & Chili's observation tensor (``SPEC.encoder``; see ``nbgames.core.encoding``).

Slices after the common ones (``T`` card types and ``B`` bed kinds of
``game.catalog()``, ``A`` accessories, seats ordered from the viewer):

* ``stage`` one-hot (main, compost, can, barrow, water, over); ``turn``: turns begun
  so far, one a chip pushed into the pond (x 1/50).
* ``pond_board``, ``pond``, ``well``, ``take`` (chips, x 1/pond_start);
  ``draw`` (x 1/100); ``compost`` counts by card type (x 1/10).
* ``market[r][c]`` one-hot card type of each market slot (zero when empty);
  ``stacks`` accessories left (x 1/5).
* by seat: ``coins`` (x 1/10), ``laid[seat+k]`` and ``held[seat+k]`` multi-hot
  accessories, ``hand_sizes`` (x 1/7), ``beds[seat+k]`` counts by bed kind,
  ``bed_drops[seat+k]`` the drops on those beds by bed kind (x 1/4), ``scores``
  (x 1/50).
* ``drops`` still to place, ``fresh_used``, ``scarecrow_used``, ``last_turn``.
* by seat: ``known[seat+k]`` counts by card type of the cards everyone knows are in
  that hand (bought face up from the market).
* private: ``my_hand`` and ``drew`` counts by card type (the viewer's own).
"""

from __future__ import annotations

from ...core.encoding import seats_from

STAGES = ("main", "compost", "can", "barrow", "water", "over")


def encode(obs, game, t):
    cat = game.catalog()
    ntypes, nbeds, nacc = len(cat["cards"]), len(cat["beds"]), len(cat["accessories"])
    pond = cat["pond_start"]
    n = game.players
    seats = seats_from(obs)
    t.onehot("stage", STAGES.index(obs["stage"]), len(STAGES), doc="/".join(STAGES))
    t.scalar("turn", pond - obs["pond_board"], 1 / 50,
             doc="turns begun: chips pushed into the pond (x 1/50)")
    for key in ("pond_board", "pond", "well", "take"):
        t.scalar(key, obs[key], 1 / pond, doc="water chips (x 1/pond_start)")
    t.scalar("draw", obs["draw"], 1 / 100, doc="cards in the draw pile (x 1/100)")
    t.values("compost", obs["compost"], ntypes, 1 / 10, doc="compost by card type (x 1/10)")
    for r, row in enumerate(obs["market"]):
        for c, card in enumerate(row):
            t.onehot(f"market[{r}][{c}]", card, ntypes, doc="card type in the market slot")
    t.values("stacks", obs["stacks"], nacc, 1 / 5, doc="accessories left by kind (x 1/5)")
    t.values("coins", [obs["coins"][s] for s in seats], n, 1 / 10, doc="coins (x 1/10)")
    for k, s in enumerate(seats):
        t.multihot(f"laid[seat+{k}]", obs["laid"][s], nacc, doc="accessories laid out")
        t.multihot(f"held[seat+{k}]", obs["held"][s], nacc, doc="accessories in hand")
    t.values("hand_sizes", [obs["hand_sizes"][s] for s in seats], n, 1 / 7, doc="cards in hand (x 1/7)")
    for k, s in enumerate(seats):
        t.counts(f"beds[seat+{k}]", [b for b, _ in obs["beds"][s]], nbeds, doc="beds by kind")
        drops = [0.0] * nbeds
        for b, d in obs["beds"][s]:
            drops[b] += d
        t.values(f"bed_drops[seat+{k}]", drops, nbeds, 1 / 4, doc="drops on beds by kind (x 1/4)")
    t.values("scores", [obs["scores"][s] for s in seats], n, 1 / 50, doc="score now (x 1/50)")
    t.scalar("drops", obs["drops"], 1 / 4, doc="drops still to place (x 1/4)")
    for key in ("fresh_used", "scarecrow_used", "last_turn"):
        t.scalar(key, obs[key], doc="flag")
    t.counts("my_hand", obs["hand"], ntypes, doc="the viewer's hand by card type")
    for k, s in enumerate(seats):
        t.counts(f"known[seat+{k}]", obs["known"][s], ntypes,
                 doc="cards known to be in that hand (bought face up), by type")
    t.counts("drew", obs["drew"], ntypes,
             doc="what the viewer drew face down in its latest turn and still holds")
