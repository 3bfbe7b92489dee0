"""Text picture of a Veggies observation (what one seat, or a spectator, sees).

Symbols: ``S`` strawberry, ``B`` banana, ``G`` grape, ``C`` carrot, ``M``
mushroom, ``.`` empty crate, ``R`` rat, ``·`` no card (the picture prints this key
under its first line). Row and column numbers are counted from the top-left space
of the starting card, as in the action labels; the ramp's slots are numbered 1 to
3 (``ramp1`` .. ``ramp3`` in the labels) and your card is ``held``.
"""

from __future__ import annotations

from ...core.words import who_won
from .components import NAMES, SYMBOLS

KEY = "Key: " + ", ".join(f"{s} {'empty crate' if n == 'empty' else n}"
                          for s, n in zip(SYMBOLS, NAMES)) + ", · no card"


def _card(faces, c) -> list[str]:
    if c is None:
        return ["   ", "   "]
    return [faces[c][:3], faces[c][3:]]


def _stand(stand) -> list[str]:
    rows, (r0, c0) = stand["rows"], stand["origin"]
    if not rows:
        return ["  (no cards yet)"]
    width = len(rows[0])
    head = [" "] * (width + 4)
    for j in range(width):
        if (c0 + j) % 5 == 0:                     # a column ruler every 5 spaces
            mark = f"{c0 + j:+d}"
            if all(ch == " " for ch in head[j:j + len(mark) + 1]):
                head[j:j + len(mark)] = mark
    head = "       " + "".join(head).rstrip()
    out = [head]
    for i, row in enumerate(rows):
        out.append(f"  {r0 + i:+3d}  " + row.replace(" ", "·"))
    return out


def render(obs: dict, game) -> str:
    """``obs`` is an observation of ``game``, whose catalog holds the card faces."""
    faces = game.card_text
    seat = obs.get("seat")
    lines = [f"Veggies, {obs['players']} players - phase {obs['phase']}, step {obs['step']}"
             + ("" if obs["current_player"] is None else f", player {obs['current_player']} to move")
             + ("" if seat is None else f" (you are player {seat})")]
    lines.append(KEY)
    ramp = [_card(faces, c) for c in obs["ramp"]]
    lines.append(f"Ramp:  ramp1  ramp2  ramp3     deck: {obs['deck']} cards")
    for k in range(2):
        lines.append("        " + "    ".join(c[k] for c in ramp))
    if seat is not None:
        hand = [_card(faces, c) for c in obs["hand"]]
        lines.append(f"Your hand{' (held)' if obs['phase'] != 'start' else ''}: "
                     f"{' '.join(f'#{c}' for c in obs['hand']) or '(empty)'}")
        for k in range(2):
            if hand:
                lines.append("        " + "    ".join(c[k] for c in hand))
    teams = obs.get("teams")
    for s, stand in enumerate(obs["stands"]):
        team = f", team {'0+2' if s % 2 == 0 else '1+3'}" if teams else ""
        lines.append(f"Player {s}{' (you)' if s == seat else ''}{team}: "
                     f"{len(stand['cards'])}/{obs['stand_cards']} cards, {stand['rats']} "
                     f"rat{'' if stand['rats'] == 1 else 's'}, "
                     f"holds {stand['hand_size']}")
        lines.extend(_stand(stand))
    if obs["phase"] == "announce":
        done = [str(s) for s, d in enumerate(obs["announced"]) if d]
        lines.append(f"Announced so far: players {', '.join(done) or 'none'} (hidden until all are in)")
        if obs.get("my_announcement"):
            lines.append(f"Your announcement: {', '.join(obs['my_announcement'])}")
    res = obs.get("result")
    if res:
        lines.append("Announcements: " + "; ".join(f"player {s}: {', '.join(a) or '-'}"
                                                    for s, a in enumerate(res["announcements"])))
        lines.append(f"Pooled goods: {', '.join(res['pooled'])}")
        for s, st in enumerate(res["stands"]):
            parts = " + ".join(f"{g} {v['largest']}x{v['groups']}={v['points']}"
                               for g, v in st["goods"].items())
            lines.append(f"  player {s}: {parts} - rats {st['rats']}x2 = {st['total']}")
        if res.get("team_totals"):
            lines.append(f"  teams: 0+2 = {res['team_totals'][0]}, 1+3 = {res['team_totals'][1]}")
        lines.append(f"Game over: {who_won(res['winners'])}")
    return "\n".join(lines)
