"""Issue 12, part 1: search that cannot cheat. InfoSet and ISMCTS on every title."""

from __future__ import annotations

import json

import pytest

import nbgames
from nbgames.core.conformance import playout

TITLES = nbgames.games()


def midgame(title, seed=2):
    game = nbgames.load(title)
    states = [s.clone() for s, _ in playout(game, seed)]
    return states[len(states) // 3]


@pytest.mark.parametrize("title", TITLES)
def test_an_infoset_never_holds_the_truth(title):
    s = midgame(title)
    seat = s.current_player
    info = nbgames.InfoSet(s, seat, rng=1)
    assert info.seat == seat and info.observation == s.observation(seat)
    assert list(info.legal_actions.ids) == list(s.legal_action_ids())
    assert not any(v is s for v in (info.observation, info.legal_actions, info.game))
    # the copy it samples from is already resampled: its hidden data is not the state's
    # (for titles with hidden data), and every sample looks the same to the seat
    for k in range(5):
        sample = info.sample(k)
        assert sample.observation(seat) == s.observation(seat)
        assert list(sample.legal_action_ids()) == list(s.legal_action_ids())
    assert info._cover.seed != s.seed


def test_policies_get_an_infoset_only_when_they_ask_for_it():
    seen = []

    def plain(observation, legal_actions):
        seen.append("plain")
        return legal_actions[0]

    def thinker(observation, legal_actions, infoset):
        seen.append(type(infoset).__name__)
        assert infoset.observation == observation
        return infoset.legal_actions[0]

    game = nbgames.load(TITLES[0], 2)
    nbgames.play(game, [plain, thinker], seed=1)
    assert "plain" in seen and "InfoSet" in seen


@pytest.mark.parametrize("title", TITLES)
def test_ismcts_plays_every_title_through_play_table_and_widget(title):
    """The plumbing, not the strength: a tiny budget (4 iterations a decision) keeps
    the longest title's three whole games to seconds."""
    game = nbgames.load(title)
    bot = nbgames.bots.ismcts(iterations=4, seed=1)
    seats = [bot] + ["random"] * (game.players - 1)
    rec = nbgames.play(game, seats, seed=5)
    assert nbgames.replay(rec).winners() == rec["winners"]
    t = nbgames.Table(game, seats=seats, seed=5)       # a second run, through the Table:
    t.run(until="end")                                 # seeded and reproducible
    assert t.state.record()["actions"] == rec["actions"]
    w = nbgames.widget(game, seats=["human"] + [bot] * (game.players - 1), seed=5)
    assert w.to_move in (0, None)
    res = nbgames.tournament(game, {"ismcts": bot, "random": "random"}, games=1, seed=1,
                             progress=False)
    assert res["ismcts"].games == 1 and not res.errors and res.finished == 1


def test_analyse_reports_every_legal_action():
    s = midgame(TITLES[0])
    bot = nbgames.bots.ismcts(iterations=200, seed=3)
    stats = bot.analyse(nbgames.InfoSet(s))
    assert sorted(stats) == sorted(int(a) for a in s.legal_action_ids())
    assert sum(v["visits"] for v in stats.values()) == 200
    assert abs(sum(v["share"] for v in stats.values()) - 1) < 1e-9
    assert all(0 <= v["value"] <= 1 for v in stats.values())
    json.dumps(stats)


def test_ismcts_is_checked_and_named():
    with pytest.raises(nbgames.OptionError, match="iterations must be an int >= 1"):
        nbgames.bots.ismcts(iterations=0)
    with pytest.raises(nbgames.OptionError, match="seconds must be None or a number > 0"):
        nbgames.bots.ismcts(seconds=-1)
    assert nbgames.bots.policy_name(nbgames.bots.ismcts(iterations=50)) == "ismcts(50)"
    t = nbgames.Table(nbgames.load(TITLES[0], 2), seats=["ismcts", "random"], seed=1)
    assert t.seats.names()[0] == "ismcts(1000)"
    assert t.run(until="end", max_steps=2) == 2


def test_ismcts_beats_random_in_a_small_seeded_match():
    game = nbgames.load(TITLES[0], 2)
    res = nbgames.tournament(game, {"ismcts": nbgames.bots.ismcts(iterations=100, seed=1),
                                    "random": "random"}, games=12, seed=4, progress=False)
    assert res["ismcts"].win_rate >= 0.7, res
