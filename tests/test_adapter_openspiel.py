"""OpenSpiel's own tools on every title: pyspiel.random_sim_test, and
evaluate_bots with OpenSpiel's ISMCTSBot against its UniformRandomBot; the chance
nodes (the engine's chance points, dealt item by item); resample_from_infostate,
clone and returns (the MCCFR run is in the title's own tests). Skipped when
open-spiel is missing."""

import random

import numpy as np
import pytest

import nbgames

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from nbgames.adapters import openspiel  # noqa: E402
from nbgames.core.chance import ChanceNeeded, advance_with  # noqa: E402
from nbgames.core.errors import OptionError  # noqa: E402

openspiel.register()
TITLES = nbgames.games()

class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTSBot with the restart_at that its own
    evaluate_bots calls (the Python bot lacks it; it keeps no state between
    moves, so restarting is a reset). OpenSpiel's C++ ISMCTSBot cannot be used:
    pyspiel does not forward ResampleFromInfostate to Python games."""

    def restart_at(self, state):
        self.reset()


def _play_random(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _deal(state, rng):
    """Deal the pending chance nodes at random."""
    while state.is_chance_node():
        _play_random(state, rng, 1)
    return state


def _opening_sizes(title):
    """The number of items of every chance point of a new game's deal, straight
    from the engine's chance points."""
    template = nbgames.load(title).new_state(seed=0)
    outcomes, sizes = [], []
    while True:
        try:
            advance_with(template, None, outcomes)
            return sizes
        except ChanceNeeded as e:
            sizes.append(len(e.items))
            outcomes.append((e.kind, len(e.items), tuple(range(e.k))))


def test_register_lists_every_title_and_is_idempotent():
    assert openspiel.register() == [f"nbgames_{t}" for t in TITLES]
    assert set(openspiel.register()) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("title", TITLES)
def test_game_type_and_parameters(title):
    game = pyspiel.load_game(f"nbgames_{title}")
    gt = game.get_type()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    nb = nbgames.load(title)
    assert game.num_distinct_actions() == nb.num_actions
    assert game.observation_tensor_shape() == [nb.observation_layout().size]
    # a chance action indexes the items a chance point deals from
    assert game.max_chance_outcomes() == max(_opening_sizes(title))
    bigger = pyspiel.load_game(f"nbgames_{title}", {"players": nb.max_players})
    assert bigger.num_players() == nb.max_players
    with pytest.raises(pyspiel.SpielError, match="no_such_option"):
        pyspiel.load_game(f"nbgames_{title}", {"no_such_option": 1})
    with pytest.raises(OptionError, match="no_such_file.json"):
        pyspiel.load_game(f"nbgames_{title}", {"components": "no_such_file.json"})


@pytest.mark.parametrize("title", TITLES)
def test_openspiel_random_sim_test(title):
    nb = nbgames.load(title)
    game = pyspiel.load_game(f"nbgames_{title}", {"players": nb.min_players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("title", TITLES)
def test_openspiel_random_sim_test_at_most_players(title):
    nb = nbgames.load(title)
    game = pyspiel.load_game(f"nbgames_{title}", {"players": nb.max_players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("title", TITLES)
def test_chance_nodes_deal_the_engines_chance_points(title):
    """A new game starts with its deal; every chance node lists the distinct items
    left with their shares; the chance actions are the indices the engine's
    chance points record, in order (the rest of a point dealt without a node only
    where every item left is alike); decisions that reach a chance point are
    followed by its chance nodes."""
    game = pyspiel.load_game(f"nbgames_{title}")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.nb_state is None
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    rng = np.random.default_rng(5)
    dealt: dict[int, list[int]] = {}          # chance point -> the chance actions applied
    items_of: dict[int, list[int]] = {}       # chance point -> the items it deals from
    mid_game = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
            continue
        point = state.chance_point()
        items, taken = point["items"], point["taken"]
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        assert state.legal_actions() == actions == sorted(actions)
        assert all(0 <= a < game.max_chance_outcomes() for a in actions)
        free = [i for i in range(len(items)) if i not in taken]
        assert len(outcomes) >= 2                              # a single outcome is no node
        assert sorted(items[a] for a in actions) == sorted(set(items[i] for i in free))
        for a, p in outcomes:
            assert p == pytest.approx(sum(items[i] == items[a] for i in free) / len(free))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        mid_game += point["decision"] is not None
        with pytest.raises(ValueError, match="not an outcome"):
            state.clone().apply_action(len(items))
        a = int(rng.choice(actions))
        dealt.setdefault(point["index"], []).append(a)
        items_of[point["index"]] = items
        state.apply_action(a)
    history = state.nb_state.chance_history()
    assert dealt and set(dealt) <= set(range(len(history)))
    for index, mine in dealt.items():
        kind, n, order = history[index]
        assert list(order[:len(mine)]) == mine                 # the items dealt are the actions
        items = items_of[index]
        assert len({items[i] for i in order[len(mine):]}) <= 1     # the rest was forced
    if len(history) > len(game.nb.new_state(seed=0).chance_history()):
        assert mid_game > 0                                    # dealt after decisions too


@pytest.mark.parametrize("title", TITLES)
def test_an_engine_game_replays_as_chance_actions(title):
    """from_engine: a game the engine dealt from a seed is the OpenSpiel game with
    the chance actions of the engine's outcomes (the seed no longer hides chance)."""
    game = pyspiel.load_game(f"nbgames_{title}")
    engine = game.nb.new_state(seed=20261203)
    rng = random.Random(1)
    for _ in range(60):
        if engine.is_terminal():
            break
        engine.apply(int(rng.choice(list(engine.legal_action_ids()))))
    state = openspiel.from_engine(game, engine)
    assert state.nb_state.to_dict()["data"] == engine.to_dict()["data"]
    assert len(state.nb_state.chance_history()) == len(engine.chance_history())
    assert state.legal_actions() == sorted(int(a) for a in engine.legal_action_ids())
    decisions = [pa.action for pa in state.full_history() if pa.player >= 0]
    assert decisions == list(engine.history)
    chance = [pa.action for pa in state.full_history() if pa.player == pyspiel.PlayerId.CHANCE]
    assert chance and all(0 <= a < game.max_chance_outcomes() for a in chance)
    with pytest.raises(ValueError, match="does not start at its seed"):
        openspiel.from_engine(game, engine.determinize(0, 3))


@pytest.mark.parametrize("title", TITLES)
def test_resample_clone_and_returns(title):
    game = pyspiel.load_game(f"nbgames_{title}")
    rng = np.random.default_rng(3)
    state = _play_random(_deal(game.new_initial_state(), rng), rng, 4)
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    resampled_any = False
    for _ in range(40):
        if state.is_terminal():
            break
        _deal(state, rng)
        p = state.current_player()
        for q in range(game.num_players()):
            r = state.resample_from_infostate(q, sampler)
            assert r.information_state_string(q) == state.information_state_string(q)
            assert r.observation_string(q) == state.observation_string(q)
            assert np.array_equal(r.observation_tensor(q), state.observation_tensor(q))
            resampled_any |= r.nb_state.to_dict()["data"] != state.nb_state.to_dict()["data"]
            # the world carries no other seat's true past
            for o in range(game.num_players()):
                if o != q:
                    assert (r.information_state_string(o).split()[2]
                            != state.information_state_string(o).split()[2])
        r = state.resample_from_infostate(p, sampler)
        assert r.legal_actions() == state.legal_actions()
        before = str(state)
        c = state.clone()
        c.apply_action(c.legal_actions()[0])
        assert str(state) == before and len(c.history()) == len(state.history()) + 1
        # perfect recall: the information state changes with every decision seen
        info = state.information_state_string(p)
        _play_random(state, rng, 1)
        assert state.is_terminal() or state.information_state_string(p) != info
    assert resampled_any
    _play_random(state, rng, 100_000)
    assert state.is_terminal()
    returns = state.returns()
    winners = state.nb_state.winners()
    assert abs(sum(returns)) < 1e-9
    assert all((returns[s] > 0) == (s in winners and len(winners) < game.num_players())
               for s in range(game.num_players()))


@pytest.mark.parametrize("title", TITLES)
def test_openspiel_evaluate_bots_ismcts_vs_uniform_random(title):
    game = pyspiel.load_game(f"nbgames_{title}")
    sims = 8 if nbgames.load(title).num_actions < 1000 else 2     # long games: a small budget
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=sims,
                      random_state=np.random.RandomState(2)),
            uniform_random.UniformRandomBot(1, rng)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2 and abs(sum(returns)) < 1e-9
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
