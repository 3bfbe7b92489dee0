"""Kupferkessel scoring as pure functions (rulebook: Scoring; Variant, The Recipe Cards).

Cards are :class:`~.components.Card` objects (or anything with ``index``,
``ingredient``, ``value``, ``colour``, ``plant`` and ``symbol``); a kettle is a list of them.
"""

from __future__ import annotations

from collections import defaultdict
from operator import attrgetter


def ingredient_points(count: int, total: int, doubled: bool, four_bonus: int = 5) -> int:
    """Points of one ingredient with ``count`` cards worth ``total`` (Scoring): one
    card costs its value, two score 0, three their sum, four their sum plus the
    bonus. Own colour (``doubled``) doubles values and penalties but not the bonus."""
    k = 2 if doubled else 1
    if count == 1:
        return -k * total
    if count == 2:
        return 0
    if count == 3:
        return k * total
    if count >= 4:
        return k * total + four_bonus
    return 0


_ORDER = attrgetter("ingredient", "value", "index")


def ingredient_rows(kettle, own_colour: str | None, four_bonus: int = 5) -> list[dict]:
    """The scoring table of one kettle, sorted by ingredient then value (Scoring: 'the
    players sort the cards from their kettle first by type of ingredient and then by
    value'): ``[{ingredient, values, cards, doubled, points}]`` with ``cards`` the
    card indices of the group in the order of ``values``; an ingredient's colour is
    that of its card last put in the kettle."""
    colour = {c.ingredient: c.colour for c in kettle}
    rows = []
    ing, vals, idx = None, None, None
    for c in sorted(kettle, key=_ORDER):        # one sort: the groups come out in order
        if c.ingredient != ing:
            ing, vals, idx = c.ingredient, [], []
            rows.append({"ingredient": ing, "values": vals, "cards": idx})
        vals.append(c.value)
        idx.append(c.index)
    for row in rows:
        vals = row["values"]
        row["doubled"] = doubled = colour[row["ingredient"]] == own_colour
        row["points"] = ingredient_points(len(vals), sum(vals), doubled, four_bonus)
    return rows


def ones_bonus(kettles, bonus: int = 5) -> list[int]:
    """The value-1 bonus by seat: ``bonus`` to the unique player with most cards of
    value 1, nothing to anybody on a tie (Scoring)."""
    ones = [sum(1 for c in k if c.value == 1) for k in kettles]
    top = max(ones)
    return [bonus if o == top and ones.count(top) == 1 else 0 for o in ones]


def _fewer(mine: int, others: list[int]) -> bool:
    """'Fewer than your opponent': strictly fewer than every other player."""
    return all(mine < o for o in others)


def recipe_met(recipe, seat: int, kettles, finisher: int | None, ingredients) -> bool:
    """Whether ``seat`` completed ``recipe`` (The Recipe Cards). ``kettles`` are all
    seats' kettles, ``finisher`` the seat that took the last card of a line,
    ``ingredients`` the component ingredients ({name, colour, plant})."""
    mine = kettles[seat]
    others = [k for s, k in enumerate(kettles) if s != seat]
    kind = recipe.kind
    if kind in ("colour_both", "colour_one"):
        counts = defaultdict(int)
        for c in mine:
            if c.colour == recipe.colour:
                counts[c.ingredient] += 1
        of_colour = [i for i, ing in enumerate(ingredients) if ing["colour"] == recipe.colour]
        ok = [i for i in of_colour if counts[i] >= recipe.min_cards]
        if kind == "colour_both":
            return len(of_colour) > 0 and len(ok) == len(of_colour)
        return len(ok) >= 1
    if kind == "last_card":
        return finisher == seat
    if kind == "three_plants":
        counts = defaultdict(int)
        for c in mine:
            if c.plant:
                counts[c.ingredient] += 1
        return sum(1 for v in counts.values() if v >= 3) >= 3
    if kind == "fewer_explode":
        return _fewer(sum(1 for c in mine if c.symbol == 0),
                      [sum(1 for c in k if c.symbol == 0) for k in others])
    if kind == "fewer_wand":
        return _fewer(sum(1 for c in mine if c.symbol == 1),
                      [sum(1 for c in k if c.symbol == 1) for k in others])
    if kind == "fewer_cards":
        return _fewer(len(mine), [len(k) for k in others])
    if kind == "fewer_fours":
        return _fewer(sum(1 for c in mine if c.value == 4),
                      [sum(1 for c in k if c.value == 4) for k in others])
    raise ValueError(f"unknown recipe kind {kind!r}")


def score_table(kettles, own_colours, recipes=None, finisher=None, ingredients=(),
                ones: int = 5, four_bonus: int = 5) -> list[dict]:
    """The whole scoring by seat: ``{rows, ingredients, ones_bonus, recipes, total}``
    with ``recipes`` as ``[[recipe index, bonus, met], ...]``."""
    bonus = ones_bonus(kettles, ones)
    out = []
    for seat, kettle in enumerate(kettles):
        rows = ingredient_rows(kettle, own_colours[seat], four_bonus)
        base = sum(r["points"] for r in rows)
        rec = []
        for r in (recipes[seat] if recipes else []):
            met = recipe_met(r, seat, kettles, finisher, ingredients)
            rec.append([r.index, r.bonus, met])
        total = base + bonus[seat] + sum(b for _, b, m in rec if m)
        out.append({"rows": rows, "ingredients": base, "ones_bonus": bonus[seat],
                    "recipes": rec, "total": total})
    return out

