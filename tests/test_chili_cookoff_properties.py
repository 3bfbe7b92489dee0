"""Property-based checks (hypothesis) of scoring and of the contract over many seeds."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import nbgames
from nbgames.games.chili_cookoff import scoring
from nbgames.games.chili_cookoff.components import load_components

C = load_components()
ingredient = st.sampled_from(C.ingredients)


@given(st.lists(ingredient, max_size=7), st.integers(0, 14))
def test_recipe_score_bounds_and_monotone(cards, r):
    """Scoring: a recipe never scores more than its printed total, and one more
    collected card never lowers it."""
    name, need = C.recipes[r]
    total = sum(C.prices[k] * v for k, v in need.items()) + C.bonus
    points, matched, complete = scoring.recipe_score(cards, need, C.prices)
    assert 0 <= points <= total and matched <= len(cards)
    assert complete == (points == total)
    for extra in C.ingredients:
        assert scoring.recipe_score(cards + [extra], need, C.prices)[0] >= points


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**40), st.integers(2, 7), st.integers(0, 10**6))
def test_any_seed_any_count_replays(seed, players, policy_seed):
    game = nbgames.load("chili_cookoff", players=players)
    s = game.new_state(seed=seed)
    rng = random.Random(policy_seed)
    while not s.is_terminal():
        ids = s.legal_action_ids()
        s.apply(ids[rng.randrange(len(ids))])
    s.check_invariants()
    assert nbgames.replay(s.record()).to_dict() == s.to_dict()
    assert sum(len(c) for c in s.collected) == 7 * players
