"""Load and check the Chill & Chili component file (``components.json`` beside
this file, or a corrected one a user passes as the ``components`` option).

The file lists the six vegetable varieties (count, bed size range, points, the
number of cards showing 1, 2 or 3 suns), the four accessory kinds (count,
price) and the rule figures (chips, start coins, chips removed by player count,
market prices, hand limit, ...). Every figure carries a ``source``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.errors import ComponentError  # raised by the loader; re-exported
from ...core.game import read_components
from ...core.validate import as_int

DEFAULT = Path(__file__).with_name("components.json")
ACCESSORIES = ("Fertilizer", "Watering Can", "Wheelbarrow", "Scarecrow")


@dataclass(frozen=True)
class Variety:
    name: str
    count: int
    bed_min: int
    bed_max: int
    points: dict            # bed size -> points of the bed (same for every size but pumpkin)
    suns: dict              # suns on a card -> number of such cards


@dataclass(frozen=True)
class Components:
    varieties: tuple[Variety, ...]
    accessories: tuple[tuple[str, int, int], ...]   # (name, count, price) in ACCESSORIES order
    rules: dict
    source: str


_RULES = ("chips", "start_coins", "removed_chips", "hand_size", "market_rows", "market_prices",
          "hand_limit", "fresh_cost", "watering_can_chips", "wheelbarrow_chips",
          "coins_per_point", "points_per_hand_card")


def _int(x, what):
    return as_int(x, what, None, None, ComponentError)


def load_components(source=None) -> Components:
    """Read a component file: a path, a dict (the parsed JSON) or None for the
    bundled file. Raises ComponentError naming what is wrong."""
    data, label = read_components(source, DEFAULT, "Chill & Chili components")
    try:
        rules = {}
        for k in _RULES:
            if k not in data["rules"]:
                raise ComponentError(f"rules.{k} is missing; rule figures: {', '.join(_RULES)}")
            rules[k] = data["rules"][k]["value"]
        rules["removed_chips"] = {int(k): _int(v, f"rules.removed_chips[{k}]")
                                  for k, v in rules["removed_chips"].items()}
        rules["market_prices"] = [_int(p, "rules.market_prices") for p in rules["market_prices"]]
        for k in _RULES:
            if k not in ("removed_chips", "market_prices"):
                rules[k] = _int(rules[k], f"rules.{k}")
        if not rules["market_prices"]:
            raise ComponentError("rules.market_prices must list at least one price")
        varieties = []
        for v in data["varieties"]:
            name = str(v["name"])
            lo, hi = (_int(x, f"{name}.bed") for x in v["bed"])
            if not 1 <= lo <= hi:
                raise ComponentError(f"{name}: bed must be [min, max] with 1 <= min <= max, "
                                     f"got {v['bed']!r}")
            pts = v["points"]
            if isinstance(pts, dict):
                points = {int(k): _int(p, f"{name}.points[{k}]") for k, p in pts.items()}
                if sorted(points) != list(range(lo, hi + 1)):
                    raise ComponentError(f"{name}: points must give every bed size {lo}..{hi}, "
                                         f"got sizes {sorted(points)}")
            else:
                points = {n: _int(pts, f"{name}.points") for n in range(lo, hi + 1)}
            suns = {int(k): _int(c, f"{name}.suns[{k}]") for k, c in v["suns"].items()}
            if any(not 1 <= s <= 9 for s in suns) or any(c < 0 for c in suns.values()):
                raise ComponentError(f"{name}: suns must map 1..9 suns to card counts, got {suns}")
            suns = {s: c for s, c in sorted(suns.items()) if c}
            count = _int(v["count"], f"{name}.count")
            if sum(suns.values()) != count:
                raise ComponentError(f"{name}: the sun counts {suns} add up to "
                                     f"{sum(suns.values())} cards, not count={count}")
            varieties.append(Variety(name, count, lo, hi, points, suns))
        names = [v.name for v in varieties]
        if len(set(names)) != len(names):
            raise ComponentError(f"a variety is listed twice: {names}")
        acc = {str(a["name"]): (_int(a["count"], f"{a['name']}.count"),
                                _int(a["price"], f"{a['name']}.price"))
               for a in data["accessories"]}
        if sorted(acc) != sorted(ACCESSORIES):
            raise ComponentError(f"accessories must be exactly {', '.join(ACCESSORIES)}; "
                                 f"got {', '.join(acc)}")
        accessories = tuple((n, *acc[n]) for n in ACCESSORIES)
    except ComponentError as e:
        raise ComponentError(f"Chill & Chili components from {label}: {e}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ComponentError(f"malformed Chill & Chili component file {label}: "
                             f"{type(e).__name__}: {e}") from None
    return Components(tuple(varieties), accessories, rules, label)
