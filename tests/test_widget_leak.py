"""Hidden information is a security boundary (DESIGN.md): the browser may learn
nothing that the viewer's seat could not see.

Two proofs on many positions, viewers and player counts:
1. A widget made from a state and one made from ``state.determinize(viewer, rng)``
   (everything the viewer cannot see resampled: other hands, other recipes, the
   deck, the seed) sync byte-identical traits.
2. No synced trait contains another seat's hand or recipes, the deck, or the seed.
"""

from __future__ import annotations

import json
import random

import pytest

import nbgames
from nbgames.widget.packing import unpack_cookoff

SEED = 8_675_309_123_457      # long enough that its digits cannot appear by chance
FIXED = {"_esm", "_css", "_anywidget_id", "_model_id", "_view_count", "_dom_classes",
         "layout", "tabbable", "tooltip"}


def synced(w) -> dict:
    """Everything the browser receives: the widget's whole comm state."""
    state = w.get_state()
    return {k: v for k, v in state.items() if k not in FIXED and not k.startswith("_model")
            and not k.startswith("_view")}


def positions(players: int, every: int = 7):
    """States along a seeded game between bots, every ``every`` decisions."""
    game = nbgames.load("chili_cookoff", players=players)
    state = game.new_state(seed=SEED + players)
    bots = [nbgames.bots.RandomPolicy(seed=i) for i in range(players)]
    out = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            out.append(state.clone())
        state.apply(bots[state.current_player](state.observation(state.current_player),
                                               state.legal_actions()))
    out.append(state.clone())
    return out


def cases():
    for players in (2, 4, 7):
        for state in positions(players, every={2: 5, 4: 11, 7: 23}[players]):
            yield players, state


@pytest.mark.parametrize("players", [2, 4, 7])
def test_determinized_states_sync_identical_traits(players):
    rng = random.Random(players)
    n = 0
    for state in positions(players, every={2: 5, 4: 11, 7: 23}[players]):
        for viewer in [*range(players), None]:
            real = nbgames.widget(state=state, viewer=viewer)
            for _ in range(2):
                fake_state = state.determinize(viewer, rng)
                fake = nbgames.widget(state=fake_state, viewer=viewer)
                assert synced(fake) == synced(real), (len(state.history), viewer)
                n += 1
            # and the resampling really changed what the viewer cannot see
    assert n > 20


def _walk(value):
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


def _multiset(cards):
    return sorted(json.dumps(c, sort_keys=True) for c in cards)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_no_other_seat_secret_in_any_synced_trait(players):
    catalog = None
    for state in positions(players, every=9):
        for viewer in [*range(players), None]:
            w = nbgames.widget(state=state, viewer=viewer)
            data = synced(w)
            text = json.dumps(data)
            # no seed, no deck, no engine internals
            assert str(state.seed) not in text, "the seed reached the browser"
            for key in ("undealt", "undealt_recipes", "hands", "deck", "seed", "history",
                        "chance", "reveal"):
                assert f'"{key}"' not in text, key
            # the view is exactly the viewer's observation, nothing added
            view = unpack_cookoff(data["view"], data["catalog"])
            assert view == state.observation(viewer)
            # cards and recipes travel only in the view (and the public card faces)
            catalog = catalog or data["catalog"]
            assert data["catalog"] == catalog, "the catalogue is the same public list always"
            for key, value in data.items():
                if key in ("view", "catalog"):
                    continue
                for v in _walk(value):
                    assert not (isinstance(v, dict) and ({"ingredient", "ingredients"} & set(v))), key
            # and in the view, never another seat's hand or recipes
            for seat in range(players):
                if seat == viewer:
                    continue
                other = state.observation(seat)
                if len(other["hand_cards"]) >= 2 and viewer is not None:
                    assert _multiset(view["hand_cards"]) != _multiset(other["hand_cards"]) or \
                        _multiset(other["hand_cards"]) == _multiset(
                            state.observation(viewer)["hand_cards"])
                for recipe in other["recipes"]:
                    assert recipe not in view["recipes"]
            # the log holds no other seat's private line
            for line in data["log_lines"]:
                assert line in state.log(viewer)


def test_reveal_is_the_only_way_to_see_other_hands():
    state = positions(3, every=10)[2]
    shut = nbgames.widget(state=state, viewer=0)
    shown = nbgames.widget(state=state, viewer=0, reveal=True)
    assert "reveal" not in shut.view
    hands = [c for r in unpack_cookoff(shown.view, shown.catalog)["reveal"]
             for c in r["hand_cards"]]
    assert hands == [c for s in (1, 2) for c in state.observation(s)["hand_cards"]]
    # a browser cannot switch it on
    shut._handle_msg({"content": {"data": {"method": "update", "state": {"reveal": True}}},
                      "buffers": []})
    shut._handle_msg({"content": {"data": {"method": "custom",
                                           "content": {"type": "reveal", "on": True}}},
                      "buffers": []})
    assert not shut.reveal and "reveal" not in shut.view


def test_legal_actions_are_sent_only_to_the_seat_to_move():
    for state in positions(3, every=6)[:-1]:
        for viewer in (0, 1, 2, None):
            w = nbgames.widget(state=state, viewer=viewer)
            if viewer == state.current_player:
                assert w.legal == [[a.id, a.label] for a in state.legal_actions()]
            else:
                assert w.legal == []
