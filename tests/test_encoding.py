"""Observation tensors: the layout documents every entry, the tensor reads only the
observation (never the state), and bad slice names fail clearly."""

import numpy as np
import pytest

import nbgames
from nbgames.core.encoding import encode_observation


@pytest.mark.parametrize("title", nbgames.games())
def test_layout_covers_the_tensor_without_gaps(title):
    game = nbgames.load(title)
    layout = game.observation_layout()
    stop = 0
    for s in layout:
        assert s.start == stop and s.doc, s
        stop = s.stop
    assert stop == layout.size == game.new_state(seed=1).observation_tensor(0).size
    assert layout.describe().count("\n") == len(layout.slices)
    with pytest.raises(nbgames.NbgamesError, match="no slice 'nope'"):
        layout["nope"]


@pytest.mark.parametrize("title", nbgames.games())
def test_the_tensor_is_a_function_of_the_observation(title):
    game = nbgames.load(title)
    state = game.new_state(seed=3)
    for seat in range(game.players):
        obs = state.observation(seat)
        assert np.array_equal(encode_observation(obs, game), state.observation_tensor(seat))
    # seats see different private data at the start of every title
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))
