"""A text picture of a Kupferkessel observation."""

from __future__ import annotations

SYM = {-1: "", 0: "*", 1: "~"}          # * exploding kettle, ~ magic wand and hat


def face(card: dict) -> str:
    """``[Toad 2*]``: name, value and symbol (* kettle, ~ wand)."""
    return f"[{card['name']} {card['value']}{SYM[card['symbol']]}]"


def short(card: dict) -> str:
    """A 5-character cell: ingredient initials, value, symbol."""
    initials = "".join(w[0] for w in card["name"].split())[:2]
    return f"{initials:<2}{card['value']}{SYM[card['symbol']]:<1}"


def render(obs: dict, game) -> str:
    """``obs`` is an observation of ``game``; cards are indices into ``game.catalog()``."""
    cat = game.catalog()
    cards, g = cat["cards"], cat["grid"]
    pawn_at = {p: s for s, p in enumerate(obs["pawns"])}
    seat = obs["seat"]
    who = "spectator" if seat is None else f"player {seat}"
    lines = [f"Kupferkessel Co. ({obs['memory']} memory), step {obs['step']}, seen by {who}; "
             f"deck {obs['deck']}, out of the game {obs['removed']}"]

    def space_mark(p):
        s = pawn_at.get(p)
        return f" P{s}  " if s is not None else "  .  "

    # the spaces around the grid: top row, then each row with left/right spaces
    n = g - 1
    top = [space_mark(k) for k in range(0, n + 1)]
    lines.append("      " + "".join(f"{t:^6}" for t in top[1:n]))
    for r in range(g):
        row = []
        for c in range(g):
            x = obs["grid"][r * g + c]
            row.append(" (##) " if x == -2 else "  --  " if x == -1 else f" {short(cards[x])} ")
        left = space_mark(4 * n - r) if 0 < r < n else space_mark({0: 0, n: 3 * n}[r])
        right = space_mark(n + r) if 0 < r < n else space_mark({0: n, n: 2 * n}[r])
        lines.append(f"{left}" + "".join(row) + f"{right}")
    bottom = [space_mark(3 * n - c) for c in range(1, n)]
    lines.append("      " + "".join(f"{b:^6}" for b in bottom))
    for s, (t, k) in enumerate(zip(obs["tops"], obs["sizes"])):
        mark = " <" if obs["current_player"] == s else ""
        lines.append(f"P{s} ({cat['seat_colours'][s]}) kettle: {k} card(s), top {face(cards[t])}{mark}")
        if obs.get("stacks"):
            lines.append("   remembered: " + " ".join(face(cards[x]) for x in obs["stacks"][s]))
    for r in obs["recipes"]:
        rec = cat["recipes"][r]
        lines.append(f"your recipe: {rec['text']} (+{rec['bonus']})")
    if obs["pending"] >= 0:
        lines.append(f"last card: {face(cards[obs['pending']])}: keep or discard")
    if obs["current_player"] is None:
        for s, res in enumerate(obs["result"]):
            parts = [f"{cat['ingredients'][row['ingredient']]['name']} {row['values']}={row['points']:+d}"
                     for row in res["rows"]]
            extra = f", ones +{res['ones_bonus']}" if res["ones_bonus"] else ""
            recs = "".join(f", {cat['recipes'][i]['text']} {'+' + str(b) if m else 'missed'}"
                           for i, b, m in res["recipes"])
            lines.append(f"P{s}: " + "; ".join(parts) + extra + recs + f" = {res['total']}")
        lines.append("game over")
    else:
        lines.append(f"player {obs['current_player']} to {obs['phase']}")
    return "\n".join(lines)
