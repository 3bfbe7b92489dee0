"""Load and check the Veggies card file (``components.json`` beside this file,
or a corrected one a user passes as the ``components`` option).

A card is 2 rows x 3 columns of spaces, written as two strings of three symbols:

====  =============================================
 S    strawberry
 B    banana
 G    grape
 C    carrot
 M    mushroom
 .    empty crate / pallet / barrel
 R    rat
====  =============================================

The bundled 40 cards are reconstructed (the rulebook does not list them); see
:func:`generate_cards` for the deterministic recipe and ``components.json`` for the
provenance of every figure.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

from ...core.errors import ComponentError  # raised by the loader; re-exported
from ...core.game import read_components

DEFAULT = Path(__file__).with_name("components.json")

GOODS = ("strawberry", "banana", "grape", "carrot", "mushroom")
SYMBOLS = "SBGCM.R"                 # code 1..7 (0 = no card on that space)
NAMES = GOODS + ("empty", "rat")
CODE = {s: i + 1 for i, s in enumerate(SYMBOLS)}
EMPTY, RAT = 6, 7
ROWS, COLS = 2, 3


@dataclass(frozen=True)
class Components:
    cards: tuple[str, ...]        # one 6-symbol string a card, row-major at rotation 0
    source: str                   # where they came from (for messages)

    def __len__(self):
        return len(self.cards)


def _check_card(i, card) -> str:
    where = f"card {i}"
    if isinstance(card, dict):
        if "spaces" not in card:
            raise ComponentError(f"{where} has no 'spaces' (expected two strings of 3 symbols, "
                                 f"e.g. ['SSB', 'GR.'])")
        card = card["spaces"]
    if isinstance(card, str):
        rows = card.split("/") if "/" in card else [card[:3], card[3:]]
    elif isinstance(card, (list, tuple)) and all(isinstance(r, str) for r in card):
        rows = list(card)
    else:
        raise ComponentError(f"{where}: spaces must be two strings of 3 symbols, got {card!r}")
    if len(rows) != ROWS or any(len(r) != COLS for r in rows):
        raise ComponentError(f"{where}: a card is {ROWS} x {COLS} spaces; got {rows!r}")
    text = "".join(rows).upper()
    bad = sorted(set(text) - set(SYMBOLS))
    if bad:
        raise ComponentError(f"{where}: unknown symbol(s) {bad} in {rows!r}; known symbols: "
                             + ", ".join(f"{s}={n}" for s, n in zip(SYMBOLS, NAMES)))
    return text


def load_components(source=None) -> Components:
    """Read a card file: a path, a dict (the parsed json: ``{"cards": [...]}``), a
    plain list of cards, or None for the bundled file. Each card is
    ``{"spaces": ["SSB", "GR."]}``, ``["SSB", "GR."]`` or ``"SSBGR."``.

    Only the shape is enforced for user files (2 x 3 spaces, known symbols); the
    count is checked against the player count by the game."""
    data, label = read_components(source, DEFAULT, "Veggies cards", parsed=(dict, list))
    cards = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(cards, list) or not cards:
        raise ComponentError(f"Veggies cards from {label}: expected a non-empty list under "
                             f"'cards', got {type(cards).__name__}")
    try:
        texts = tuple(_check_card(i, c) for i, c in enumerate(cards))
    except ComponentError as e:
        raise ComponentError(f"Veggies cards from {label}: {e}") from None
    return Components(texts, label)


def generate_cards(seed: int = 2024) -> list[str]:
    """The deterministic recipe behind the bundled cards (reconstructed).

    Constraints (components.md, "Reconstructed"): 40 cards, 240 spaces = 40 of each of
    the 5 goods + 20 empty + 20 rats, at most one bad (rat or empty) space per
    card, no card showing a single good. 40 bad spaces on 40 cards means exactly
    one each. The 5 goods of a card are split by a pattern cycled through
    (3+2, 2+2+1, 4+1, 3+1+1, 2+2+1) and laid out along a snake through the card;
    then the bad space is inserted at a random one of the 6 positions, which can
    split a good's run: on 17 of the 40 bundled cards some good's spaces do not
    all touch (tests/test_veggies.py counts them), so a card alone can hold two
    groups of one good.
    """
    rng = random.Random(seed)
    patterns = [(3, 2), (2, 2, 1), (4, 1), (3, 1, 1), (2, 2, 1)]
    snake = [0, 1, 2, 5, 4, 3]          # row-major indices along a path of adjacent spaces
    left = {g: 40 for g in "SBGCM"}
    bads = ["."] * 20 + ["R"] * 20
    rng.shuffle(bads)
    cards = []
    for i in range(40):
        pattern = patterns[i % len(patterns)]
        # biggest share to the good with most left (random among equals), all distinct
        order = sorted(left, key=lambda g: (-left[g], rng.random()))
        chosen = order[:len(pattern)]
        seq = []
        for g, n in zip(chosen, pattern):
            left[g] -= n
            seq.extend([g] * n)
        if rng.random() < 0.5:
            seq.reverse()
        pos = rng.randrange(6)
        seq.insert(pos, bads[i])
        spaces = [""] * 6
        for k, idx in enumerate(snake):
            spaces[idx] = seq[k]
        cards.append("".join(spaces))
    return cards


def write_default(path=DEFAULT, seed: int = 2024) -> None:    # pragma: no cover - run once
    """Write the bundled components.json from :func:`generate_cards`."""
    cards = generate_cards(seed)
    why = (f"reconstructed: the rulebook does not list the cards; generated by "
           f"components.generate_cards(seed={seed}) under the constraints of components.md")
    data = {
        "title": "Veggies",
        "about": "Component facts with provenance. Every figure says where it comes from: "
                 "rulebook (section quoted), deduced, published, or reconstructed (our choice, "
                 "with the reason). Load a corrected file with "
                 "nbgames.load('veggies', components='path.json').",
        "legend": {s: n for s, n in zip(SYMBOLS, NAMES)},
        "rules": {
            "cards": {"value": 40, "source": "rulebook: Components (40 cards)"},
            "spaces_per_card": {"value": 6, "source": "rulebook: Components (Each card is made "
                                                      "up of 6 spaces)"},
            "card_shape": {"value": [2, 3], "source": "published: the cards are 2 x 3 spaces "
                                                      "(components.md, geometry known)"},
            "goods": {"value": list(GOODS), "source": "rulebook: Components (strawberries, "
                                                      "bananas, grapes, carrots, or mushrooms)"},
            "per_good": {"value": 40, "source": "reconstructed: 240 spaces split evenly, 40 of "
                                                "each good (components.md)"},
            "empty": {"value": 20, "source": "reconstructed: components.md"},
            "rats": {"value": 20, "source": "reconstructed: components.md"},
            "bad_per_card": {"value": 1, "source": "reconstructed: at most one rat or empty "
                                                   "space per card (components.md); 40 bad "
                                                   "spaces on 40 cards makes it exactly one"},
            "single_good_cards": {"value": 0, "source": "reconstructed: no card shows a single "
                                                        "good (components.md)"},
        },
        "cards": [{"id": i, "spaces": [c[:3], c[3:]], "source": why} for i, c in enumerate(cards)],
    }
    Path(path).write_text(json.dumps(data, indent=1) + "\n")
