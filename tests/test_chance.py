"""Chance made explicit (nbgames.core.chance, ARCHITECTURE.md "Chance points"):
every title's random events are chance points, a position rebuilds from its
start, actions and outcomes, and a seat's worlds are weighted by what the other
seats did."""

import json
import random

import pytest

import nbgames
from nbgames.core import chance
from nbgames.core.conformance import games_of, playout


def _dump(state):
    return json.dumps(state.to_dict(), sort_keys=True)


# each title's final data after a seeded random game (seed 11, 2 players), hashed on
# the code before chance points (commit b9204c2): records made then replay the same
BEFORE_CHANCE_POINTS = {"chili_cookoff": "98671f0208c5bab7", "chill_and_chili": "92bac4f10dc39e02",
                        "kupferkessel": "5060249327f3ce51", "scoville": "552d830180d19951",
                        "veggies": "6b63c2870d2744e8"}


@pytest.mark.parametrize("title", sorted(BEFORE_CHANCE_POINTS))
def test_a_seed_deals_exactly_what_it_dealt_before_chance_points(title):
    import hashlib
    state = nbgames.load(title, players=2).new_state(seed=11)
    rng = random.Random(11)
    while not state.is_terminal():
        ids = state.legal_action_ids()
        state.apply(int(ids[rng.randrange(len(ids))]))
    data = json.dumps(state.to_dict()["data"], sort_keys=True).encode()
    assert hashlib.sha1(data).hexdigest()[:16] == BEFORE_CHANCE_POINTS[title]


@pytest.mark.parametrize("title", nbgames.games())
def test_every_title_declares_its_chance_points(title):
    for game in games_of(title):
        start = game.new_state(seed=1)
        points = start.chance_history()
        assert points, f"{game!r}: a new game records no chance point"
        for kind, n, order in points:
            assert kind in ("shuffle", "sample")
            assert len(set(order)) == len(order) and all(0 <= i < n for i in order)


@pytest.mark.parametrize("title", nbgames.games())
def test_rebuilding_with_the_true_outcomes_gives_the_same_state(title):
    for game in games_of(title):
        for state, _ in playout(game, seed=2):
            if len(state.history) % 17 == 0 or state.is_terminal():
                assert _dump(chance.rebuild(state)) == _dump(state), f"{game!r} step {state.step}"


# titles whose hidden parts are all dealt items in their default options, so
# determinized worlds have a history (the others fall back to uniform worlds where
# a world has none: the pool says so)
WORLDS_WITH_PAST = ("chili_cookoff", "chill_and_chili", "veggies")


@pytest.mark.parametrize("title", nbgames.games())
def test_other_outcomes_give_a_world_the_seat_cannot_tell_apart(title):
    """Two kinds of other outcomes, for every title and variant: the items the seat
    never saw at the last deal dealt again (``unseen_outcomes``), and the outcomes
    of a ``determinize`` world (``outcomes_for``, what the weighted sampler uses,
    kept only where replaying them gives that world). Where they rebuild, the seat
    sees the same observation, log and legal actions, and the unseen re-deal must
    rebuild somewhere in every title."""
    rebuilt = {"unseen": 0, "world": 0}
    for game in games_of(title):
        for state, _ in playout(game, seed=3):
            if state.is_terminal() or len(state.history) % 23 != 4 or state.secret_open():
                continue
            seat = state.current_player
            truth = chance._Truth(state, seat, window=8)
            rng = random.Random(len(state.history))
            det = state.determinize(seat, rng)
            tries = [("unseen", truth.unseen_outcomes(rng)), ("world", truth.outcomes_for(det, rng))]
            for kind, outcomes in tries:
                if outcomes is None:
                    continue
                try:
                    world = chance.rebuild(state, outcomes)
                except nbgames.core.errors.RecordError:
                    continue
                if kind == "world" and chance._key(world) != chance._key(det):
                    continue              # no history gives this world: the sampler drops it
                where = f"{game!r} step {state.step} ({kind})"
                assert world.observation(seat) == state.observation(seat), where
                assert world.log(seat) == state.log(seat), where
                assert list(world.legal_action_ids()) == list(state.legal_action_ids()), where
                rebuilt[kind] += 1
    assert rebuilt["unseen"], f"{title}: no position rebuilt with the unseen items dealt again"
    if title in WORLDS_WITH_PAST:
        assert rebuilt["world"], f"{title}: no determinized world was rebuilt"


def test_a_rebuild_refuses_outcomes_that_do_not_fit():
    state = nbgames.load("chili_cookoff", players=2).new_state(seed=4)
    outcomes = state.chance_history()
    kind, n, order = outcomes[0]
    with pytest.raises(nbgames.core.errors.RecordError, match="chance outcome 0"):
        chance.rebuild(state, [(kind, n, order[:-1]), *outcomes[1:]])
    with pytest.raises(nbgames.core.errors.RecordError, match="ran out"):
        chance.rebuild(state, outcomes[:1])


# -- worlds weighted by what the others did ------------------------------------------
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
