"""OpenSpiel's own tools on every title: pyspiel.random_sim_test, and
evaluate_bots with OpenSpiel's ISMCTSBot against its UniformRandomBot; plus
resample_from_infostate, clone and returns. Skipped when open-spiel is missing."""

import numpy as np
import pytest

import nbgames

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from nbgames.adapters import openspiel  # noqa: E402

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
    bigger = pyspiel.load_game(f"nbgames_{title}", {"players": nb.max_players})
    assert bigger.num_players() == nb.max_players
    with pytest.raises(pyspiel.SpielError, match="no_such_option"):
        pyspiel.load_game(f"nbgames_{title}", {"no_such_option": 1})


@pytest.mark.parametrize("title", TITLES)
def test_openspiel_random_sim_test(title):
    nb = nbgames.load(title)
    for players in sorted({nb.min_players, nb.max_players}):
        game = pyspiel.load_game(f"nbgames_{title}", {"players": players})
        sims = 2 if players == nb.min_players else 1
        pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


@pytest.mark.parametrize("title", TITLES)
def test_the_seed_bytes_give_the_engine_game(title):
    game = pyspiel.load_game(f"nbgames_{title}")
    state = game.new_initial_state()
    for b in (0, 1, 2, 3):
        assert state.is_chance_node()
        state.apply_action(b)
    seed = int.from_bytes(bytes([0, 1, 2, 3]), "big")
    engine = nbgames.load(title).new_state(seed=seed)
    assert state.nb_state.to_dict() == engine.to_dict()
    assert state.legal_actions() == sorted(int(a) for a in engine.legal_action_ids())


@pytest.mark.parametrize("title", TITLES)
def test_resample_clone_and_returns(title):
    game = pyspiel.load_game(f"nbgames_{title}")
    rng = np.random.default_rng(3)
    state = _play_random(game.new_initial_state(), rng, 4)
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    resampled_any = False
    for _ in range(40):
        if state.is_terminal():
            break
        p = state.current_player()
        for q in range(game.num_players()):
            r = state.resample_from_infostate(q, sampler)
            assert r.information_state_string(q) == state.information_state_string(q)
            assert r.observation_string(q) == state.observation_string(q)
            assert np.array_equal(r.observation_tensor(q), state.observation_tensor(q))
            resampled_any |= r.nb_state.to_dict()["data"] != state.nb_state.to_dict()["data"]
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
