"""Worlds weighted by what the other seats did (nbgames.core.chance.worlds), on
positions of The Great Chili Cookoff where a seat's picks tell about its recipes:
a model that rules a recipe out is never contradicted, one that makes it likelier
shifts the odds, and the weighted worlds keep the guarantees of determinize."""

import random

import pytest

import nbgames
from nbgames.core import chance


def _cookoff_after_a_meat_pick():
    """A 2-player Cookoff position, seat 0 to move, in which seat 1 picked a Meat card
    this round (greedy bots play both seats)."""
    game = nbgames.load("chili_cookoff", players=2)
    greedy = nbgames.bots.greedy
    for seed in range(40):
        state = game.new_state(seed=seed)
        from nbgames.agents.adapter import decide
        meat = False
        while not state.is_terminal() and state.observation(0)["round"] == 1:
            if state.current_player == 0 and meat:
                return state
            aid = decide(greedy, state)
            kind, t = game.unpacked[aid]
            if state.current_player == 1 and kind == "pick" and game.card_names[t] == "Meat":
                meat = True
            state.apply(aid)
    raise AssertionError("no seeded game where seat 1 picks Meat in the first round")


def _needs_meat(game, recipes):
    return any("Meat" in game.components.recipes[r][1] for r in recipes)


def _meat_model(strength):
    """A model of the other seat: it picks ingredients its recipes need ``strength``
    times as often as others (0: never picks what it does not need)."""
    def model(state, ids):
        game = state.game
        mine = state.recipes[state.current_player]
        need = {k for r in mine for k in game.components.recipes[r][1]}
        out = []
        for a in ids:
            kind, t = game.unpacked[a]
            if kind != "pick":
                out.append(1.0)
            else:
                out.append(1.0 if game.card_names[t] in need else strength)
        return out
    return model


def test_worlds_the_others_moves_rule_out_are_never_drawn():
    state = _cookoff_after_a_meat_pick()
    game = state.game
    uniform = chance.worlds(state, 0, 120, random.Random(1))
    assert uniform.worlds, uniform.note
    # without a model, some worlds give seat 1 no recipe with Meat: the test can fail
    assert not all(_needs_meat(game, w.recipes[1]) for w in uniform.worlds)
    ruled = chance.worlds(state, 0, 120, random.Random(1), model=_meat_model(0.0))
    assert ruled.worlds, ruled.note
    assert all(_needs_meat(game, w.recipes[1]) for w in ruled.worlds)
    # and what the search draws from the pool follows it
    rng = random.Random(2)
    assert all(_needs_meat(game, ruled.draw(rng).recipes[1]) for _ in range(50))


def test_worlds_shift_the_odds_where_the_moves_only_make_a_card_likelier():
    state = _cookoff_after_a_meat_pick()
    game = state.game
    pool = chance.worlds(state, 0, 200, random.Random(3), model=_meat_model(0.25))
    flags = [_needs_meat(game, w.recipes[1]) for w in pool.worlds]
    before = sum(flags) / len(flags)
    after = sum(w for w, f in zip(pool.weights, flags) if f) / sum(pool.weights)
    assert 0 < before < 1
    # Bayes: each unneeded pick weighs 0.25, so the worlds without a Meat recipe
    # lose most of their share (most recipes need Meat: the share they had is small)
    assert (1 - after) < 0.7 * (1 - before), (before, after)
    # a soft model rules nothing out: worlds without Meat keep some weight
    assert any(w > 0 for w, f in zip(pool.weights, flags) if not f)


def test_a_weighted_world_holds_no_trace_of_the_truth():
    # two games the seat cannot tell apart (a determinized twin played on) give the
    # same pool of worlds from the same generator
    state = _cookoff_after_a_meat_pick()
    a = chance.worlds(state, 0, 30, random.Random(5), model=_meat_model(0.25))
    for w in a.worlds:
        assert w.seed != state.seed and w.history == []
        assert all(to in (None, 0) for to, _ in w.log_entries())
    # the rebuilt worlds the model saw never carry the true seed
    seen = []
    chance.worlds(state, 0, 5, random.Random(6), model=lambda s, ids: seen.append(s.seed) or
                  [1.0] * len(ids))
    assert seen and state.seed not in seen


def test_the_infoset_draws_weighted_worlds_and_says_so():
    state = _cookoff_after_a_meat_pick()
    info = nbgames.InfoSet(state, 0, random.Random(0), worlds=chance.Worlds(count=16))
    assert info.pool is not None and info.pool.worlds and "weighted by" in info.pool.note
    sample = info.sample(random.Random(1))
    assert sample.observation(0) == state.observation(0)
    with pytest.raises(nbgames.core.errors.OptionError, match="Worlds"):
        nbgames.InfoSet(state, 0, random.Random(0), worlds={"count": 3})
    with pytest.raises(nbgames.core.errors.OptionError, match="Worlds count"):
        chance.Worlds(count=0)


def test_the_default_search_weighs_its_worlds_at_two_players_and_says_so():
    # the Cookoff declares weighted worlds at 2 and 7 players (SPEC.extra["worlds"],
    # measured in bench/search.py and at 7 players); the default search with a time
    # budget uses them, with the title's sharpened prior, and last_search says which
    # worlds it searched; at 4 players (not measured) it searches uniform worlds
    from nbgames.agents.adapter import decide
    from nbgames.core.registry import spec
    said = spec("chili_cookoff").extra["worlds"]
    assert said["players"] == (2, 7) and said["sharpen"] > 1
    state = _cookoff_after_a_meat_pick()
    bot = nbgames.bots.ismcts(seconds=0.05, clock="cpu", seed=0)
    decide(bot, state, 0, random.Random(0))
    assert "weighted by" in bot.last_search["worlds"]
    four = nbgames.load("chili_cookoff", players=4).new_state(seed=1)
    bot = nbgames.bots.ismcts(seconds=0.05, clock="cpu", seed=0)
    decide(bot, four, four.current_player, random.Random(0))
    assert "declares no weighted worlds" in bot.last_search["worlds"]


def test_the_search_carries_its_worlds_on_to_its_next_decision_and_says_so():
    # within a round nothing is dealt: the search's pool from its last decision is
    # played on with the moves since (a particle filter), not drawn again
    from nbgames.agents.adapter import decide
    game = nbgames.load("chili_cookoff", players=2)
    state = game.new_state(seed=4)
    bot = nbgames.bots.ismcts(seconds=0.05, clock="cpu", seed=0)
    notes = []
    while not state.is_terminal() and state.observation(0)["round"] == 1:
        seat = state.current_player
        if seat == 0 and len(state.legal_action_ids()) > 1:
            aid = decide(bot, state, 0, random.Random(len(state.history)))
            notes.append(bot.last_search["worlds"])
            assert bot.kept_worlds[0] is not None and bot.kept_worlds[0].carry["seat"] == 0
        else:
            aid = decide(nbgames.bots.greedy, state)
        state.apply(aid)
    assert any("carried on from the last decision" in n for n in notes), notes
    # the first decision of the round has nothing to carry
    assert "carried on" not in notes[0]
