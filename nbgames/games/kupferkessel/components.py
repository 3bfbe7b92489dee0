"""Load and check Kupferkessel's component file (``components.json`` beside this
file, or a corrected one a user passes as the ``components`` option).

Cards are numbered ``ingredient * V + (value - 1)`` where ``V`` is the number of
values (4): card 0 is the first ingredient's 1, card 55 the last one's 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.errors import ComponentError  # raised by the loader; re-exported
from ...core.game import read_components

DEFAULT = Path(__file__).with_name("components.json")

SYMBOLS = ("explode", "wand")           # symbol codes: 0 exploding kettle, 1 wand and hat
RECIPE_KINDS = ("colour_both", "colour_one", "last_card", "fewer_explode", "three_plants",
                "fewer_wand", "fewer_cards", "fewer_fours")


@dataclass(frozen=True)
class Card:
    index: int
    ingredient: int          # index into Components.ingredients
    name: str                # the ingredient's name
    value: int
    colour: str
    plant: bool
    symbol: int              # -1 none, 0 exploding kettle, 1 magic wand and hat

    def as_dict(self) -> dict:
        return {"card": self.index, "ingredient": self.ingredient, "name": self.name,
                "value": self.value, "colour": self.colour, "plant": self.plant,
                "symbol": self.symbol}


@dataclass(frozen=True)
class Recipe:
    index: int
    kind: str
    bonus: int
    text: str
    colour: str | None = None
    min_cards: int = 3
    in_3p: bool = False

    def as_dict(self) -> dict:
        return {"recipe": self.index, "kind": self.kind, "bonus": self.bonus, "text": self.text,
                "colour": self.colour}


@dataclass(frozen=True)
class Components:
    ingredients: tuple[dict, ...]        # {name, colour, plant}
    cards: tuple[Card, ...]
    values: tuple[int, ...]
    colours: tuple[str, ...]
    player_colours: tuple[str, ...]
    third_colours: tuple[str, ...]
    symbol_names: tuple[str, ...]        # by symbol code
    recipes: tuple[Recipe, ...]
    grid: int
    recipes_per_player: int
    recipes_per_player_3p: int
    ones_bonus: int
    four_bonus: int


def _value(node):
    return node["value"] if isinstance(node, dict) else node


def load_components(source=None) -> Components:
    """Read a component file (path, dict, or None for the bundled one)."""
    data, _ = read_components(source, DEFAULT, "Kupferkessel components")
    try:
        rules = data["rules"]
        grid = int(_value(rules["grid_size"]))
        values = tuple(int(v) for v in _value(rules["values"]))
        colours = tuple(str(c) for c in _value(data["colours"]))
        players = tuple(str(c) for c in _value(data["player_colours"]))
        thirds = tuple(str(c) for c in _value(data["third_colours"]))
        sym = _value(data["symbols"])
        symbol_names = tuple(str(sym[k]) for k in SYMBOLS)
        if grid < 4:
            raise ComponentError(f"grid_size must be at least 4, got {grid}")
        if not values or sorted(set(values)) != list(values) or values[0] < 1:
            raise ComponentError(f"values must be increasing positive ints, got {list(values)}")
        for c in players + thirds:
            if c not in colours:
                raise ComponentError(f"colour {c!r} is not one of the colours {list(colours)}")
        if len(players) != 2 or len(set(players)) != 2:
            raise ComponentError(f"player_colours must name 2 colours, got {list(players)}")
        ingredients, cards = [], []
        names = set()
        for i, ing in enumerate(data["ingredients"]):
            name, colour, plant = str(ing["name"]), str(ing["colour"]), bool(ing["plant"])
            if name in names:
                raise ComponentError(f"ingredient {name!r} is listed twice")
            names.add(name)
            if colour not in colours:
                raise ComponentError(f"ingredient {name!r}: colour {colour!r} is not one of "
                                     f"{list(colours)}")
            symbols = {int(v): str(s) for v, s in ing.get("symbols", {}).items()}
            for v, s in symbols.items():
                if v not in values or s not in SYMBOLS:
                    raise ComponentError(f"ingredient {name!r}: symbol {s!r} on value {v}: the "
                                         f"value must be one of {list(values)} and the symbol one "
                                         f"of {list(SYMBOLS)}")
            ingredients.append({"name": name, "colour": colour, "plant": plant})
            for v in values:
                s = symbols.get(v)
                cards.append(Card(len(cards), i, name, v, colour, plant,
                                  -1 if s is None else SYMBOLS.index(s)))
        recipes = []
        for r in data["recipes"]:
            kind = str(r["kind"])
            if kind not in RECIPE_KINDS:
                raise ComponentError(f"recipe kind {kind!r} is not one of {list(RECIPE_KINDS)}")
            colour = r.get("colour")
            if kind.startswith("colour") and colour not in colours:
                raise ComponentError(f"recipe {r.get('text')!r}: colour {colour!r} is not one of "
                                     f"{list(colours)}")
            recipes.append(Recipe(len(recipes), kind, int(r["bonus"]), str(r["text"]), colour,
                                  int(r.get("min_cards", 3)), bool(r.get("in_3p", False))))
        c = Components(tuple(ingredients), tuple(cards), values, colours, players, thirds,
                       symbol_names, tuple(recipes), grid, int(_value(rules["recipes_per_player"])),
                       int(_value(rules["recipes_per_player_3p"])), int(_value(rules["ones_bonus"])),
                       int(_value(rules["four_bonus"])))
    except ComponentError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ComponentError(f"malformed Kupferkessel component file: {type(e).__name__}: {e}") from None
    inner = 4 * (grid - 2) + (grid - 2) ** 2          # grid cards without the corners
    starters = sum(1 for card in c.cards if card.colour not in players)
    if len(c.cards) < inner + 3 or starters < 3:
        raise ComponentError(f"the grid needs {inner} ingredient cards plus a first kettle card "
                             f"of a non-player colour for up to 3 players; the file has "
                             f"{len(c.cards)} cards, {starters} of a non-player colour")
    return c
