"""A text picture of a Chill & Chili observation."""

from __future__ import annotations

from ...core.words import who_won

ACC_SHORT = ("Fert", "Can", "Barrow", "Scare")


def render(obs: dict, game) -> str:
    """``obs`` is an observation of ``game``; cards and beds are indices into
    ``game.catalog()``."""
    cat = game.catalog()
    cards, beds, accs = cat["cards"], cat["beds"], cat["accessories"]

    def card(t):
        return "[    ----    ]" if t < 0 else f"[{cards[t]['name']:^12}]"

    seat = obs["seat"]
    who = "spectator" if seat is None else f"player {seat}"
    lines = [f"Chill & Chili, step {obs['step']}, seen by {who}",
             f"pond board {obs['pond_board']}  pond {obs['pond']} (take {obs['take']})  "
             f"well {obs['well']}  draw pile {obs['draw']}  compost {sum(obs['compost'])}"
             + ("  LAST TURN" if obs["last_turn"] else "")]
    prices = "".join(f"{p:^14}" for p in cat["prices"])
    lines.append(f"market   {prices}")
    for r, row in enumerate(obs["market"]):
        lines.append(f"row {r + 1}    " + "".join(card(t) + "  " for t in row))
    lines.append("accessories: " + "  ".join(f"{a['name']} ${a['price']} x{k}"
                                             for a, k in zip(accs, obs["stacks"])))
    for s in range(obs["players"]):
        mark = ">" if s == obs["current_player"] else " "
        laid = ",".join(ACC_SHORT[a] for a in obs["laid"][s]) or "-"
        held = ",".join(ACC_SHORT[a] for a in obs["held"][s]) or "-"
        lines.append(f"{mark}P{s}: coins {obs['coins'][s]}  hand {obs['hand_sizes'][s]}  "
                     f"laid out {laid}  in hand {held}  score {obs['scores'][s]}")
        for i, ((c, d), value) in enumerate(zip(obs["beds"][s], obs["bed_values"][s])):
            b = beds[c]
            full = i in obs["watered"][s]
            lines.append(f"     bed {i + 1}: {b['name']} {'*' * d}{'o' * (b['suns'] - d)} "
                         f"= {value}{' (watered)' if full else ''}")
    if obs["hand"]:
        lines.append("your hand: " + ", ".join(cards[t]["name"] for t in obs["hand"]))
    if obs["drops"]:
        lines.append(f"{obs['drops']} water drop(s) to place")
    if obs["current_player"] is None:
        res = obs.get("result")
        if res:
            for s, row in enumerate(res["rows"]):
                lines.append(f"P{s}: beds {row['beds']} + hand {row['hand']} + coins "
                             f"{row['coins']} = {row['total']}")
            lines.append(who_won(res["winners"], [f"P{s}" for s in range(len(res["rows"]))]) + ".")
        lines.append("game over")
    else:
        lines.append(f"player {obs['current_player']} to decide ({obs['stage']})")
    return "\n".join(lines)
