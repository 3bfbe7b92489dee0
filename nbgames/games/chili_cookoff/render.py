"""A text picture of a Cookoff observation."""

from __future__ import annotations


def face(c: dict) -> str:
    return f"[{c['rank']} {c['ingredient']} ${c['price']}]"


def render(obs: dict, game) -> str:
    """``obs`` is an observation of ``game``; cards and recipes are indices into
    ``game.catalog()``."""
    cat = game.catalog()
    cards, recipes = cat["cards"], cat["recipes"]

    def card(t: int) -> str:
        return face(cards[t])

    seat = obs["seat"]
    who = "spectator" if seat is None else f"player {seat}"
    lines = [f"The Great Chili Cookoff, round {obs['round']}/{obs['rounds']}, hand {obs['hand']}/7 "
             f"({obs['phase']}), seen by {who}"]
    lines.append("scores: " + "  ".join(f"P{i}={s}" for i, s in enumerate(obs["scores"])))
    if obs["played"]:
        lines.append("played: " + "  ".join(f"P{s}{card(t)}" for s, t in obs["played"]))
    if obs["phase"] == "pick":
        lines.append("pick order: " + " > ".join(f"P{s}" for s in obs["pick_order"]))
        lines.append("to pick: " + " ".join(card(c) for c in obs["table"]))
    for i, col in enumerate(obs["collected"]):
        lines.append(f"P{i} collected: " + (" ".join(card(c) for c in col) or "-"))
    if obs["hand_cards"]:
        lines.append("your hand: " + " ".join(card(c) for c in obs["hand_cards"]))
    for r in (recipes[i] for i in obs["recipes"]):
        need = ", ".join(f"{n} {k}" for k, n in r["ingredients"].items())
        lines.append(f"recipe {r['name']} ({r['total']}): {need}")
    if obs["current_player"] is None:
        lines.append("game over")
    else:
        lines.append(f"player {obs['current_player']} to {obs['phase']}")
    return "\n".join(lines)
