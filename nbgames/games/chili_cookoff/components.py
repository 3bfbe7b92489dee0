"""Load and check the Cookoff's component file (``components.json`` beside this
file, or a corrected one a user passes as the ``components`` option)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core.errors import ComponentError  # raised by the loader; re-exported
from ...core.game import read_components

DEFAULT = Path(__file__).with_name("components.json")


@dataclass(frozen=True)
class CardType:
    """One kind of ingredient card: an ingredient at one rank."""
    index: int
    ingredient: str
    rank: int
    price: int

    def as_dict(self) -> dict:
        return {"type": self.index, "ingredient": self.ingredient, "rank": self.rank,
                "price": self.price}


@dataclass(frozen=True)
class Components:
    types: tuple[CardType, ...]          # card kinds, index = card type id
    deck: tuple[int, ...]                # one entry per physical card: its type id
    ingredients: tuple[str, ...]         # ingredient names in file order
    prices: dict[str, int]
    recipes: tuple[tuple[str, dict[str, int]], ...]   # (name, {ingredient: count})
    hand_size: int
    recipes_per_player: int
    rounds: int
    bonus: int


def load_components(source=None) -> Components:
    """Read a component file (path, dict, or None for the bundled one)."""
    data, _ = read_components(source, DEFAULT, "Cookoff components")
    try:
        rules = {k: int(data["rules"][k]["value"]) for k in
                 ("ingredients_per_player", "recipes_per_player", "rounds", "complete_bonus")}
        types, deck, prices, names = [], [], {}, []
        for ing in data["ingredients"]:
            name, price = str(ing["name"]), int(ing["price"])
            if name in prices:
                raise ComponentError(f"ingredient {name!r} is listed twice")
            prices[name] = price
            names.append(name)
            for rank in sorted(ing["ranks"], key=int):
                count = int(ing["ranks"][rank])
                if count < 1:
                    raise ComponentError(f"{name} rank {rank}: count must be >= 1, got {count}")
                t = CardType(len(types), name, int(rank), price)
                types.append(t)
                deck.extend([t.index] * count)
        recipes = []
        for r in data["recipes"]:
            need = {str(k): int(v) for k, v in r["ingredients"].items()}
            unknown = set(need) - set(prices)
            if unknown:
                raise ComponentError(f"recipe {r['name']!r} needs unknown ingredient(s) "
                                     f"{sorted(unknown)}; known: {names}")
            for k, v in need.items():
                have = sum(1 for t in deck if types[t].ingredient == k)
                if v > have:
                    raise ComponentError(f"recipe {r['name']!r} needs {v} {k} but the deck has {have}")
            recipes.append((str(r["name"]), need))
    except ComponentError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise ComponentError(f"malformed Cookoff component file: {type(e).__name__}: {e}") from None
    return Components(tuple(types), tuple(deck), tuple(names), prices, tuple(recipes),
                      rules["ingredients_per_player"], rules["recipes_per_player"],
                      rules["rounds"], rules["complete_bonus"])
