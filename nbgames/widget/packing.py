"""Compact views: send card types as ints against a catalogue sent once.

A title may register a packer here: ``catalog(game)`` gives the public list of
card faces (index = card type) and ``pack(view)`` replaces each card dict in the
observation by its index. The board module in ``js/`` exports the matching
``unpack(view, catalog)``, and the shell unpacks before drawing, so boards always
draw from the plain observation. The catalogue is public information (the
Cookoff's menu card lists every ingredient, rank and price); packing changes the
encoding of the viewer's observation, never what it contains.
"""

from __future__ import annotations

PACKED = "cards/1"


def _cookoff_catalog(game) -> list[dict] | None:
    cards = getattr(game, "card_dicts", None)
    if not cards or any(c.get("type") != i for i, c in enumerate(cards)):
        return None
    return [dict(c) for c in cards]


def _cookoff_pack(view: dict, catalog: list[dict]) -> dict | None:
    def t(card):
        i = card["type"]
        if not (isinstance(i, int) and 0 <= i < len(catalog) and catalog[i] == card):
            raise ValueError("card does not match the catalogue")
        return i

    try:
        out = dict(view)
        out["hand_cards"] = [t(c) for c in view.get("hand_cards", [])]
        out["played"] = [[p["seat"], t(p["card"])] for p in view.get("played", [])]
        out["table"] = [t(c) for c in view.get("table", [])]
        out["collected"] = [[t(c) for c in col] for col in view.get("collected", [])]
        out["last_hand"] = [[x["seat"], t(x["played"]), t(x["took"])]
                            for x in view.get("last_hand", [])]
        if "reveal" in view:
            out["reveal"] = [{**r, "hand_cards": [t(c) for c in r["hand_cards"]]}
                             if "hand_cards" in r else r for r in view["reveal"]]
    except (KeyError, TypeError, ValueError):
        return None              # an unexpected shape: send the plain view
    out["packed"] = PACKED
    return out


PACKERS = {"chili_cookoff": (_cookoff_catalog, _cookoff_pack)}


def catalog_for(game) -> list:
    entry = PACKERS.get(game.title)
    return (entry[0](game) or []) if entry else []


def pack(game, view: dict, catalog: list) -> dict:
    entry = PACKERS.get(game.title)
    if not entry or not catalog:
        return view
    return entry[1](view, catalog) or view


def unpack_cookoff(view: dict, catalog: list) -> dict:
    """The inverse of the Cookoff packer (the JS ``unpack`` does the same; tests
    compare both)."""
    if view.get("packed") != PACKED:
        return view
    c = lambda i: dict(catalog[i])  # noqa: E731
    out = {k: v for k, v in view.items() if k != "packed"}
    out["hand_cards"] = [c(i) for i in view["hand_cards"]]
    out["played"] = [{"seat": s, "card": c(i)} for s, i in view["played"]]
    out["table"] = [c(i) for i in view["table"]]
    out["collected"] = [[c(i) for i in col] for col in view["collected"]]
    out["last_hand"] = [{"seat": s, "played": c(p), "took": c(t)} for s, p, t in view["last_hand"]]
    if "reveal" in view:
        out["reveal"] = [{**r, "hand_cards": [c(i) for i in r["hand_cards"]]}
                         if "hand_cards" in r else r for r in view["reveal"]]
    return out
