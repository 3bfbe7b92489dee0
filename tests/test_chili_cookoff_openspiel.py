"""OpenSpiel's external-sampling MCCFR on a four-card Great Chili Cookoff (the
smallest that is still a game), through the OpenSpiel face's real chance nodes:
its tree and its exploitability, which falls. Skipped when open-spiel is missing."""

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import exploitability, external_sampling_mccfr  # noqa: E402

from nbgames.adapters import openspiel  # noqa: E402

openspiel.register()

# The smallest Cookoff that is still a game: two players, two cards each, so four
# cards (with one card each there is a single decision, the winner's pick, and no
# interplay); one round; three recipes, one each and one set aside, so neither
# player knows the other's recipe. Cards of one type are identical, so two pairs
# deal in 6 orders, not 24 (the tree is four times smaller than with four ranks).
TINY_COOKOFF = {
    "rules": {"ingredients_per_player": {"value": 2}, "recipes_per_player": {"value": 1},
              "rounds": {"value": 1}, "complete_bonus": {"value": 6}},
    "ingredients": [{"name": "Tomato", "price": 1, "ranks": {"2": 2}},
                    {"name": "Meat", "price": 2, "ranks": {"3": 2}}],
    "recipes": [{"name": "Red", "ingredients": {"Tomato": 2}},
                {"name": "Brown", "ingredients": {"Meat": 2}},
                {"name": "Mixed", "ingredients": {"Tomato": 1, "Meat": 1}}]}


def test_components_parameter_loads_a_corrected_file(tmp_path):
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(TINY_COOKOFF))
    game = pyspiel.load_game("nbgames_chili_cookoff",
                             {"players": 2, "rounds": 1, "components": str(path)})
    assert game.max_chance_outcomes() == 4                     # four cards
    assert game.new_initial_state().chance_outcomes() == [(0, 0.5), (2, 0.5)]  # a Tomato or a Meat
    again = pyspiel.load_game(str(game))                       # the game string loads it back
    assert str(again) == str(game)



@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    path = tmp_path_factory.mktemp("cookoff") / "tiny.json"
    path.write_text(json.dumps(TINY_COOKOFF))
    return pyspiel.load_game("nbgames_chili_cookoff",
                             {"players": 2, "rounds": 1, "components": str(path)})


def test_tiny_cookoff_is_a_game_of_imperfect_information_with_perfect_recall(tiny):
    """The whole tree: its size, and every information state has one set of legal
    actions and is held by one seat."""
    seen: dict = {}
    counts = {"histories": 0, "terminal": 0, "chance": 0}

    def walk(state):
        counts["histories"] += 1
        if state.is_terminal():
            counts["terminal"] += 1
            return
        if state.is_chance_node():
            counts["chance"] += 1
            for a, _ in state.chance_outcomes():
                walk(state.child(a))
            return
        key = state.information_state_string()
        assert seen.setdefault(key, (state.current_player(), state.legal_actions())) == \
            (state.current_player(), state.legal_actions())
        for a in state.legal_actions():
            walk(state.child(a))

    walk(tiny.new_initial_state())
    # 6 orders of the cards (two pairs) x 6 of the recipes, 8 ends a deal on average
    assert counts == {"histories": 1025, "terminal": 288, "chance": 29}
    assert len(seen) == 129
    # a seat cannot tell the recipes the other might hold apart: information sets
    # span several histories
    assert len(seen) < counts["histories"] - counts["terminal"] - counts["chance"]


def test_mccfr_exploitability_falls_on_the_tiny_cookoff(tiny):
    """OpenSpiel's external-sampling MCCFR on the four-card Cookoff: its average
    policy's NashConv (OpenSpiel's exploitability module) falls with iterations."""
    np.random.seed(0)              # the Python solver samples with numpy's global generator
    solver = external_sampling_mccfr.ExternalSamplingSolver(
        tiny, external_sampling_mccfr.AverageType.SIMPLE)
    uniform = exploitability.nash_conv(tiny, policy_lib.UniformRandomPolicy(tiny))
    convs = []
    done = 0
    for target in (30, 300):
        while done < target:
            solver.iteration()
            done += 1
        convs.append(exploitability.nash_conv(tiny, solver.average_policy()))
    assert uniform > convs[0] > convs[1] >= 0
    assert convs[1] < uniform / 4
