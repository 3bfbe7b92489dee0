"""Load and check the Scoville component file (``components.json`` beside this
file, or a corrected one a user passes as the ``components`` option).

The bundled file is the published, complete data (``components.md`` says where it comes from)
with the provenance of every figure. Colours are named in the file and become
indices ``0..9`` in the engine (:data:`COLORS` order). Market cards are numbered
morning first (0..23) then afternoon (24..47); auction cards are expanded from
their ``count`` into single cards, morning first (0..29) then afternoon (30..64).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.errors import ComponentError
from ...core.game import read_components

DEFAULT = Path(__file__).with_name("components.json")

COLORS = ("red", "yellow", "blue", "green", "orange", "purple", "brown", "white", "black",
          "phantom")
CI = {c: i for i, c in enumerate(COLORS)}
BLACK, WHITE = CI["black"], CI["white"]
TILES = ("plant", "step", "back")        # Plant 1 Extra Pepper, Move 1 Extra Step, Double Back Once
CHOICE = "black_or_white"


@dataclass(frozen=True)
class Market:
    wanted: tuple[int, ...]
    peppers: tuple[int, ...]       # reward peppers (a choice card has none here)
    coins: int
    vp: int
    choice: bool                   # the reward is one black or one white pepper, player's choice
    afternoon: bool


@dataclass(frozen=True)
class Recipe:
    name: str
    peppers: tuple[int, ...]
    vp: int


@dataclass(frozen=True)
class Components:
    colors: tuple[str, ...]
    chart: tuple[tuple[tuple[int, ...], ...], ...]   # chart[a][b] -> colours harvested
    cols: int
    rows: int
    start_plots: tuple[tuple[int, int], ...]         # 0-based (x, y)
    start_money: int
    start_peppers: tuple[int, ...]
    start_planted: int
    plaques: tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]   # (name, colours, values high->low)
    removed_2_3p: int
    tile_names: tuple[str, ...]
    tile_vp: int
    market_count: dict
    recipe_count: dict
    market: tuple[Market, ...]
    recipes: tuple[Recipe, ...]
    auction: tuple[tuple[int, ...], ...]              # peppers of each auction card
    auction_afternoon: tuple[bool, ...]
    source: str


def _color(name, where):
    if name not in CI:
        raise ComponentError(f"{where}: unknown pepper colour {name!r}; colours: {', '.join(COLORS)}")
    return CI[name]


def _value(data, key, label):
    if key not in data:
        raise ComponentError(f"Scoville components from {label}: missing {key!r}")
    v = data[key]
    return v["value"] if isinstance(v, dict) and "value" in v and "source" in v else v


def load_components(source=None) -> Components:
    """Read a component file: a path, the parsed dict, or None for the bundled file."""
    data, label = read_components(source, DEFAULT, "Scoville components")
    if not isinstance(data, dict):
        raise ComponentError(f"Scoville components from {label}: expected a JSON object")
    try:
        return _parse(data, label)
    except ComponentError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise ComponentError(f"Scoville components from {label}: malformed ({type(e).__name__}: "
                             f"{e})") from None


def _parse(data, label) -> Components:
    where = f"Scoville components from {label}"
    colors = tuple(_value(data, "colors", label))
    if colors != COLORS:
        raise ComponentError(f"{where}: colors must be {list(COLORS)} in this order")
    raw = _value(data, "breeding_chart", label)
    chart = []
    for a in COLORS:
        row = []
        for b in COLORS:
            got = raw[a][b]
            row.append(tuple(_color(c, f"{where}: breeding_chart[{a}][{b}]") for c in got))
        chart.append(tuple(row))
    for i in range(10):
        for j in range(10):
            if sorted(chart[i][j]) != sorted(chart[j][i]):
                raise ComponentError(f"{where}: the breeding chart is not symmetric at "
                                     f"{COLORS[i]}/{COLORS[j]}")
    field = _value(data, "field", label)
    cols, rows = int(field["cols"]), int(field["rows"])
    start_plots = tuple((int(x) - 1, int(y) - 1) for x, y in field["starting_plots"])
    if len(start_plots) != 2 or start_plots[0][1] != start_plots[1][1] or \
            start_plots[1][0] - start_plots[0][0] != 1:
        raise ComponentError(f"{where}: the two starting plots must be side by side in a row")
    start = _value(data, "start", label)
    pl = _value(data, "award_plaques", label)
    plaques = tuple((name, tuple(_color(c, f"{where}: plaques") for c in v["colors"]),
                     tuple(sorted((int(x) for x in v["values"]), reverse=True)))
                    for name, v in pl.items())
    tiles = _value(data, "bonus_tiles", label)
    if len(tiles["kinds"]) != 3:
        raise ComponentError(f"{where}: bonus_tiles must list the 3 kinds (plant, step, back)")

    def market(cards, afternoon):
        out = []
        for k, c in enumerate(cards):
            w = f"{where}: {'afternoon' if afternoon else 'morning'}_market[{k}]"
            rp = list(c["reward_peppers"])
            choice = CHOICE in rp
            rp = [x for x in rp if x != CHOICE]
            out.append(Market(tuple(_color(x, w) for x in c["wanted"]),
                              tuple(_color(x, w) for x in rp), int(c["reward_coins"]),
                              int(c["vp"]), choice, afternoon))
        return out

    mk = tuple(market(data["morning_market"], False) + market(data["afternoon_market"], True))
    recipes = tuple(Recipe(str(r["name"]), tuple(_color(x, f"{where}: recipe {r['name']}")
                                                  for x in r["peppers"]), int(r["vp"]))
                    for r in data["recipes"])
    auction, aft = [], []
    for afternoon, key in ((False, "auction_morning"), (True, "auction_afternoon")):
        for c in data[key]:
            for _ in range(int(c["count"])):
                auction.append(tuple(_color(x, f"{where}: {key}") for x in c["peppers"]))
                aft.append(afternoon)
    mc = {int(k): int(v) for k, v in _value(data, "market_cards_by_players", label).items()}
    rc = {int(k): int(v) for k, v in _value(data, "recipe_cards_by_players", label).items()}
    return Components(COLORS, tuple(chart), cols, rows, start_plots, int(start["money"]),
                      tuple(_color(x, where) for x in start["peppers"]),
                      int(start["starting_plot_peppers"]), plaques,
                      int(_value(data, "plaques_removed_2_3p", label)),
                      tuple(tiles["kinds"]), int(tiles["vp_unused"]), mc, rc, mk, recipes,
                      tuple(auction), tuple(aft), label)
