"""The Cookoff's own figures in the engine contract: its options, its action ids
and labels, and its state fields. The contract every title shares is tested in
tests/test_contract.py."""

import pytest

import nbgames
from nbgames import OptionError, RecordError


def test_games_lists_registered_titles():
    assert "chili_cookoff" in nbgames.games()


def test_bad_option_value_names_value():
    with pytest.raises(OptionError, match="first_player=9"):
        nbgames.load("chili_cookoff", players=3, first_player=9)


def test_game_attributes():
    g = nbgames.load("chili_cookoff", players=4)
    assert (g.title, g.players, g.min_players, g.max_players) == ("chili_cookoff", 4, 2, 7)
    assert g.options == {"rounds": 3, "first_player": 0, "components": None}
    assert g.num_actions == 62
    assert g.action_label(0) == "play Tomato 1" and g.action_label(31) == "pick Tomato 1"
    assert repr(g) == "nbgames.load('chili_cookoff', players=4)"


def test_corrupt_state_dict_is_rejected():
    g = nbgames.load("chili_cookoff", players=3)
    s = g.new_state(seed=1)
    d = s.to_dict()
    d["data"]["hands"][0].append(0)      # a card from nowhere
    with pytest.raises(RecordError, match=r"field data.hands\[0\]=.* does not match"):
        g.state_from_dict(d)
    with pytest.raises(RecordError, match="conserved"):   # nor can it be staged
        g.scenario(d)
    d = s.to_dict()
    d["data"]["phase"] = "dance"
    with pytest.raises(RecordError, match="phase"):
        g.state_from_dict(d)
    with pytest.raises(RecordError, match="players"):
        nbgames.load("chili_cookoff", players=4).state_from_dict(s.to_dict())
