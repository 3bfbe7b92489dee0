"""Pure scoring of Veggies (rulebook: Scoring, 2-Player Variant, 4-Player Variant).

A stand is given as its visible grid: a list of equal-length strings, one a row,
with the symbols of :mod:`.components` (``S B G C M`` goods, ``.`` empty, ``R``
rat) and a space ``' '`` where no card lies. Covered spaces are not in the grid:
only the top card of each space counts.

>>> ola = ["SSSGGG",
...        "SRSG.G",
...        "BB.RRS",
...        "BSSM.S",
...        "CS.SSB"]
>>> groups(ola)["strawberry"]
[5, 3, 2, 2]
>>> score_stand(ola, ["strawberry", "banana", "grape"])["total"]
25
"""

from __future__ import annotations

from .components import GOODS, SYMBOLS

GOOD_SYMBOL = dict(zip(GOODS, SYMBOLS))
SYMBOL_GOOD = {s: g for g, s in GOOD_SYMBOL.items()}


def _flat(rows: list[str]) -> tuple[str, int]:
    """The grid as one string, ``w`` wide, with a blank row above and below and one
    blank column at the right (the left neighbour of column 0 is the blank column
    of the row above): neighbours never leave the string. Cell (r, c) of ``rows``
    is at ``(r + 1) * w + c``."""
    w = max((len(r) for r in rows), default=0) + 1
    blank = " " * w
    return blank + "".join(r.ljust(w) for r in rows) + blank, w


def _components(flat, w: int, goods=None, cells=None, members: bool = False) -> list:
    """The 4-connected groups of each good in a padded flat grid, as ``(value,
    size)``, or ``(value, [flat indices])`` with ``members`` (any cell values;
    ``goods`` are the values that count, default the good symbols; ``cells``,
    when given, are the only indices a group may start from, e.g. the occupied
    ones)."""
    goods = set(GOOD_SYMBOL.values()) if goods is None else set(goods)
    seen = bytearray(len(flat))
    out = []
    for i in range(len(flat)) if cells is None else cells:
        v = flat[i]
        if seen[i] or v not in goods:
            continue
        seen[i] = 1
        stack = [i]
        found = [] if members else None
        n = 0
        while stack:
            j = stack.pop()
            n += 1
            if members:
                found.append(j)
            for k in (j - 1, j + 1, j - w, j + w):
                if not seen[k] and flat[k] == v:
                    seen[k] = 1
                    stack.append(k)
        out.append((v, found if members else n))
    return out


def group_sizes(flat, w: int, goods=None, cells=None) -> dict:
    """Sizes of the groups of each good (see :func:`_components`):
    {value: [sizes, largest first]}."""
    out: dict = {}
    for v, n in _components(flat, w, goods, cells):
        out.setdefault(v, []).append(n)
    for sizes in out.values():
        sizes.sort(reverse=True)
    return out


def group_cells(rows: list[str], goods: list[str], origin=(0, 0)) -> dict[str, list[list[list[int]]]]:
    """The cells of every group of ``goods``, largest group first, as ``[row, col]``
    shifted by ``origin`` (the position of ``rows[0][0]``): what the board outlines
    at the end, so the browser does not find groups itself."""
    flat, w = _flat(rows)
    want = {GOOD_SYMBOL[g] for g in goods}
    out: dict[str, list] = {g: [] for g in goods}
    for v, found in _components(flat, w, want, members=True):
        cells = sorted([j // w - 1 + origin[0], j % w + origin[1]] for j in found)
        out[SYMBOL_GOOD[v]].append(cells)
    for found in out.values():
        found.sort(key=len, reverse=True)
    return out


def groups(rows: list[str]) -> dict[str, list[int]]:
    """Every good's group sizes (largest first; [] when the good is absent).
    A group is a cluster of spaces of one good touching side to side
    (rulebook: Scoring)."""
    flat, w = _flat(rows)
    found = group_sizes(flat, w)
    return {g: found.get(GOOD_SYMBOL[g], []) for g in GOODS}


def rats(rows: list[str]) -> int:
    """Visible rats (each costs 2 points)."""
    return sum(r.count("R") for r in rows)


def largest(rows: list[str]) -> dict[str, int]:
    """The size of each good's largest group (0 when absent)."""
    return {g: (s[0] if s else 0) for g, s in groups(rows).items()}


def announcement_options(rows: list[str], count: int = 1) -> tuple[list[str], list[str], int]:
    """What a player announces (rulebook: Scoring; 2-Player Variant with count=2).

    Goods are ranked by their largest group. Returns ``(forced, tied, picks)``:
    the goods that must be announced, the goods tied at the boundary, and how
    many of the tied ones the player must choose (0 when nothing is to decide).
    Goods absent from the stand are never announced, so a stand with fewer goods
    than ``count`` announces what it has.
    """
    return options_by_largest(largest(rows), count)


def options_by_largest(sizes: dict[str, int], count: int = 1) -> tuple[list[str], list[str], int]:
    """:func:`announcement_options` from each good's largest group (:func:`largest`),
    for a caller that has them already."""
    sizes = {g: s for g, s in sizes.items() if s > 0}
    ranked = sorted(sizes.values(), reverse=True)
    if len(ranked) <= count:
        return [g for g in GOODS if g in sizes], [], 0
    edge = ranked[count - 1]
    forced = [g for g in GOODS if sizes.get(g, 0) > edge]
    tied = [g for g in GOODS if sizes.get(g, 0) == edge]
    picks = count - len(forced)
    if picks == len(tied):
        return forced + tied, [], 0
    return forced, tied, picks


def pooled(announcements: list[list[str]]) -> list[str]:
    """The shared list: every announced good once, in the goods' order."""
    named = {g for a in announcements for g in a}
    return [g for g in GOODS if g in named]


def score_stand(rows: list[str], goods: list[str], origin=None, cells=None) -> dict:
    """The breakdown of one stand for the pooled goods: per good (largest group)
    x (number of groups), minus 2 a visible rat (rulebook: Scoring). With
    ``origin`` (the position of ``rows[0][0]``) it also gives ``groups``: the
    cells of every group of those goods (see :func:`group_cells`), from the same
    pass over the stand; ``cells`` passes that :func:`group_cells` result (for
    these goods or more) when the caller has it already."""
    if cells is None and origin is not None:
        cells = group_cells(rows, goods, origin)
    if cells is None:
        found = groups(rows)
    else:
        found = {g: [len(c) for c in cells.get(g, [])] for g in goods}
    per = {}
    for g in goods:
        sizes = found[g]
        big = sizes[0] if sizes else 0
        per[g] = {"largest": big, "groups": len(sizes), "points": big * len(sizes)}
    r = rats(rows)
    total = sum(p["points"] for p in per.values()) - 2 * r
    out = {"goods": per, "rats": r, "penalty": -2 * r, "total": total}
    if cells is not None:
        out["groups"] = {g: cells.get(g, []) for g in goods}
    return out


def seat_keys(totals: list[int], rat_counts: list[int],
              teams: list[list[int]] | None = None) -> list[tuple[int, int]]:
    """What decides the winners, one key a seat (the highest keys win, ties shared:
    :func:`nbgames.core.state.best_seats`): most points, and on a tie fewer rats
    (rulebook: Scoring). With teams (4-Player Variant) a seat's key is its team's:
    the team's points, then the team's rats."""
    if teams is None:
        teams = [[s] for s in range(len(totals))]
    team_of = {s: t for t in teams for s in t}
    return [(sum(totals[x] for x in team_of[s]), -sum(rat_counts[x] for x in team_of[s]))
            for s in range(len(totals))]
