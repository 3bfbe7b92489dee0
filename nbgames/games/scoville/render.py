"""A text picture of a Scoville observation."""

from __future__ import annotations

from ...core.words import who_won

LETTERS = "RYBGOPNWKF"      # red yellow blue green orange purple browN White blacK phantom(F)


def peppers_text(counts, colors) -> str:
    return ", ".join(f"{k} {colors[i]}" for i, k in enumerate(counts) if k) or "none"


def field_text(obs, game) -> list[str]:
    """The field as rows of plot letters ('.' empty) with farmers listed below."""
    cat = game.catalog()
    cols, rows = cat["cols"], cat["rows"]
    f = obs["field"]
    out = ["    " + " ".join(chr(97 + x) for x in range(cols))]
    for y in range(rows):
        out.append(f"{y + 1:>3} " + " ".join("." if f[y * cols + x] == "." else
                                             LETTERS[int(f[y * cols + x])] for x in range(cols)))
    names = [n["name"] for n in cat["notches"]]
    farm = [f"P{s}@{names[x]}" for s, x in enumerate(obs["farmers"]) if x is not None]
    if farm:
        out.append("farmers: " + "  ".join(farm))
    return out


def render(obs: dict, game) -> str:
    cat = game.catalog()
    colors = cat["colors"]
    seat = obs["seat"]
    who = "spectator" if seat is None else f"player {seat}"
    lines = [f"Scoville, round {obs['round']} ({'afternoon' if obs['afternoon'] else 'morning'}"
             f"{', last round' if obs['final'] else ''}), phase {obs['phase']}, seen by {who}"]
    lines.append("turn order: " + " > ".join(f"P{s}" for s in obs["order"]))
    lines += field_text(obs, game)
    lines.append("auction: " + "  ".join(
        f"#{a}[{'+'.join(colors[x] for x in cat['auction'][a])}]" for a in obs["auction"]))
    for m in obs["market"]:
        c = cat["market"][m]
        got = [colors[x] for x in c["peppers"]] + (["black/white"] if c["choice"] else [])
        lines.append(f"market #{m}: {'+'.join(colors[x] for x in c['wanted'])} -> "
                     f"{'+'.join(got) or '-'}{' $' + str(c['coins']) if c['coins'] else ''} "
                     f"({c['vp']} pt)")
    for r in obs["recipes"]:
        c = cat["recipes"][r]
        lines.append(f"recipe #{r} {c['name']}: {'+'.join(colors[x] for x in c['peppers'])} "
                     f"({c['vp']} pt)")
    lines.append("plaques: " + "  ".join(f"{p['name']} {obs['stacks'][i]}"
                                         for i, p in enumerate(cat["plaques"])))
    lines.append("prices: " + ", ".join(f"{colors[i]} ${v}" for i, v in enumerate(obs["prices"]) if v))
    for s, p in enumerate(obs["holdings"]):
        tiles = ", ".join(t for t, u in zip(cat["tiles"], p["tiles"]) if u) or "none"
        parts = [f"P{s}:"]
        if p["money"] is not None:
            parts.append(f"${p['money']}; peppers {peppers_text(p['peppers'], colors)}; "
                         f"market {p['market']}; recipes {p['recipes']};")
        else:
            parts.append("(behind the screen);")
        parts.append(f"plaques {[v for _, v in p['plaques']]}; tiles: {tiles}")
        lines.append(" ".join(parts))
    if obs["bids"] is not None:
        lines.append("bids: " + ", ".join(f"P{s} ${b}" for s, b in enumerate(obs["bids"])))
    if obs["walk"]:
        names = [n["name"] for n in cat["notches"]]
        lines.append(f"P{obs['walk']['seat']} walks: " + " > ".join(names[x] for x in obs["walk"]["path"]))
    if obs["result"]:
        totals = obs["result"]["totals"]
        lines.append("final: " + ", ".join(f"P{s} {t}" for s, t in enumerate(totals))
                     + f"; {who_won(obs['result']['winners'], [f'P{s}' for s in range(len(totals))])}")
    elif obs["current_player"] is not None:
        lines.append(f"player {obs['current_player']} to {obs['phase']}")
    return "\n".join(lines)
