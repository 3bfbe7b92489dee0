"""PettingZoo's own tests (api_test, seed_test) on every title at two player
counts, plus the parts of the contract they do not check."""

import functools
import warnings

import numpy as np
import pytest

import nbgames

pz = pytest.importorskip("nbgames.adapters.pettingzoo", exc_type=ImportError)
from pettingzoo.test import api_test, seed_test  # noqa: E402


def _two_counts(title):
    g = nbgames.load(title)
    return sorted({g.min_players, g.max_players})


CASES = [(t, n) for t in nbgames.games() for n in _two_counts(t)]


@pytest.mark.parametrize("title,players", CASES)
def test_pettingzoo_api_and_seed_tests(title, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # PettingZoo's advice on Dict spaces (the classic style)
        api_test(pz.env(title, players=players), num_cycles=2000)
        seed_test(functools.partial(pz.env, title, players=players), num_cycles=200)


@pytest.mark.parametrize("title", nbgames.games())
def test_random_masked_loop_ends_with_rewards_and_replays(title):
    e = pz.env(title, players=2, render_mode="ansi")
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    taken, total = [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        total[agent] += reward
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        taken.append(action)
        e.step(action)
    state = nbgames.load(title, 2).new_state(seed=5)
    for a in taken:
        state.apply(a)
    assert state.is_terminal()
    winners = state.winners()
    want = {f"player_{s}": (0 if len(winners) == 2 else (1 if s in winners else -1)) for s in range(2)}
    assert total == want
    assert isinstance(e.unwrapped.render(), str) and e.unwrapped.render()


def test_bad_arguments_are_nbgames_errors():
    with pytest.raises(nbgames.NbgamesError, match="render_mode='human'.*'ansi'"):
        pz.env(nbgames.games()[0], render_mode="human")
    with pytest.raises(nbgames.UnknownGameError):
        pz.env("no_such_title")
    with pytest.raises(nbgames.OptionError, match="players"):
        pz.env(nbgames.games()[0], players=99)
    e = pz.env(nbgames.games()[0], players=2)
    e.reset(seed=1)
    mask = e.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(nbgames.IllegalActionError):
        e.step(illegal)
