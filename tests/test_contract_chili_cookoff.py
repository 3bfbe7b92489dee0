"""The engine contract, errors, policies, play, replay and tournaments."""

import json
from concurrent.futures import ProcessPoolExecutor

import pytest

import nbgames
from nbgames import IllegalActionError, OptionError, PolicyError, RecordError, UnknownGameError


def test_games_lists_registered_titles():
    assert "chili_cookoff" in nbgames.games()


def test_unknown_title_lists_choices():
    with pytest.raises(UnknownGameError, match="chess.*chili_cookoff"):
        nbgames.load("chess")


def test_unknown_option_lists_valid_options():
    with pytest.raises(OptionError, match="'speed'.*rounds"):
        nbgames.load("chili_cookoff", players=3, speed=2)


def test_bad_option_value_names_value():
    with pytest.raises(OptionError, match="first_player=9"):
        nbgames.load("chili_cookoff", players=3, first_player=9)


@pytest.mark.parametrize("players", [1, 8, "3", 2.0])
def test_player_count_out_of_range(players):
    with pytest.raises(OptionError, match="2 to 7"):
        nbgames.load("chili_cookoff", players=players)


def test_game_attributes():
    g = nbgames.load("chili_cookoff", players=4)
    assert (g.title, g.players, g.min_players, g.max_players) == ("chili_cookoff", 4, 2, 7)
    assert g.options == {"rounds": 3, "first_player": 0, "components": None}
    assert g.num_actions == 62
    assert g.action_label(0) == "play Tomato 1" and g.action_label(31) == "pick Tomato 1"
    assert repr(g) == "nbgames.load('chili_cookoff', players=4)"


def test_illegal_action_message_and_state_unchanged():
    s = nbgames.load("chili_cookoff", players=3).new_state(seed=1)
    before = s.to_dict()
    illegal = next(a for a in range(62) if a not in s.legal_action_ids())
    with pytest.raises(IllegalActionError) as e:
        s.apply(illegal)
    msg = str(e.value)
    assert "player 0" in msg and s.legal_actions()[0].label in msg
    assert isinstance(e.value, ValueError)
    assert s.to_dict() == before


def test_apply_after_end_is_rejected():
    rec = nbgames.play(nbgames.load("chili_cookoff", players=2),
                       [nbgames.bots.random, nbgames.bots.random], seed=2)
    s = nbgames.replay(rec)
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply(0)


def test_play_returns_record_with_scores_and_replays():
    g = nbgames.load("chili_cookoff", players=3)
    rec = nbgames.play(g, [nbgames.bots.greedy, nbgames.bots.random, nbgames.bots.random], seed=5)
    assert rec["policies"] == ["greedy", "random", "random"]
    assert len(rec["scores"]) == 3 and rec["winners"]
    json.dumps(rec)
    assert nbgames.replay(rec).scores() == rec["scores"]
    # the same seed gives the same game
    assert nbgames.play(g, [nbgames.bots.greedy, nbgames.bots.random, nbgames.bots.random],
                        seed=5) == rec


def test_tampered_record_is_rejected():
    g = nbgames.load("chili_cookoff", players=2)
    rec = nbgames.play(g, [nbgames.bots.random, nbgames.bots.random], seed=3)
    bad = dict(rec, scores=[999, 0])
    with pytest.raises(RecordError, match="altered"):
        nbgames.replay(bad)
    bad = dict(rec, actions=rec["actions"][:5] + [61] + rec["actions"][6:])
    with pytest.raises(RecordError, match="step 5"):
        nbgames.replay(bad)
    for broken, pattern in [(dict(rec, format="x"), "format"), ({"format": rec["format"]}, "lacks"),
                            (dict(rec, title="nope"), "invalid game"),
                            (dict(rec, actions="1,2"), "list of int"), ("junk", "dict")]:
        with pytest.raises(RecordError, match=pattern):
            nbgames.replay(broken)


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


def raising_policy(obs, legal):
    raise RuntimeError("boom")


def garbage_policy(obs, legal):
    return "fly to the moon"


def test_policy_errors_name_policy_seat_and_state():
    g = nbgames.load("chili_cookoff", players=2)
    with pytest.raises(PolicyError, match=r"'raising_policy' \(seat 0\) raised RuntimeError: boom "
                                          r"at chili_cookoff step 0"):
        nbgames.play(g, [raising_policy, nbgames.bots.random], seed=1)
    with pytest.raises(PolicyError, match=r"'garbage_policy' \(seat 1\) returned 'fly to the moon'"):
        nbgames.play(g, [nbgames.bots.random, garbage_policy], seed=1)


def illegal_policy(obs, legal):
    return 61 if 61 not in legal.ids else 0


def test_policy_returning_illegal_id():
    with pytest.raises(PolicyError, match="not legal"):
        nbgames.play(nbgames.load("chili_cookoff", players=2), [illegal_policy, illegal_policy], seed=1)


def test_policy_may_return_label_or_action():
    def by_label(obs, legal):
        return legal[0].label

    def by_action(obs, legal):
        return legal[-1]
    rec = nbgames.play(nbgames.load("chili_cookoff", players=2), [by_label, by_action], seed=1)
    assert rec["policies"] == ["by_label", "by_action"]


def test_tournament_rotates_seats_and_splits():
    g = nbgames.load("chili_cookoff", players=3)
    res = nbgames.tournament(g, {"a": nbgames.bots.random, "b": nbgames.bots.random,
                                 "c": nbgames.bots.greedy}, games=9, seed=1, progress=False)
    seatings = [r["names"] for r in res.records]
    for seat in range(3):
        assert sorted(s[seat] for s in seatings) == ["a"] * 3 + ["b"] * 3 + ["c"] * 3
    total = sum(r.wins for r in res.rows.values())
    assert total == pytest.approx(9)
    for row in res.rows.values():
        lo, hi = row.ci
        assert 0 <= lo <= row.win_rate <= hi <= 1
    text = repr(res)
    assert "win rate" in text and "95% CI" in text and "greedy" not in text.split("\n")[0]
    assert "<table>" in res._repr_html_()


def test_tournament_is_seeded_and_executor_agnostic():
    pols = {"greedy": nbgames.bots.greedy, "random": nbgames.bots.random}
    a = nbgames.tournament("chili_cookoff", pols, games=6, seed=7, progress=False)
    with ProcessPoolExecutor(max_workers=2) as ex:
        b = nbgames.tournament("chili_cookoff", pols, games=6, seed=7, progress=False, executor=ex)
    assert a.table() == b.table()
    assert [r["actions"] for r in a.records] == [r["actions"] for r in b.records]


def test_tournament_forfeit_goes_on():
    res = nbgames.tournament("chili_cookoff", {"bad": raising_policy, "ok": nbgames.bots.random},
                             games=4, seed=1, progress=False)
    assert len(res.errors) == 4 and "boom" in res.errors[0]["error"]
    assert res["bad"].forfeits == 4 and res["bad"].wins == 0 and res["ok"].wins == 4


def test_tournament_progress_bar_in_terminal(capsys):
    nbgames.tournament("chili_cookoff", {"a": nbgames.bots.random, "b": nbgames.bots.random},
                       games=3, seed=1, progress=True)
    assert "3/3" in capsys.readouterr().err


def test_random_bot_is_seeded():
    g = nbgames.load("chili_cookoff", players=2)
    r1 = nbgames.play(g, [nbgames.bots.RandomPolicy(1), nbgames.bots.RandomPolicy(2)], seed=4)
    r2 = nbgames.play(g, [nbgames.bots.RandomPolicy(1), nbgames.bots.RandomPolicy(2)], seed=4)
    assert r1["actions"] == r2["actions"]


def test_determinize_accepts_rng_kinds():
    import random

    import numpy as np
    s = nbgames.load("chili_cookoff", players=3).new_state(seed=1)
    for rng in (None, 3, random.Random(3), np.random.default_rng(3)):
        assert s.determinize(0, rng).observation(0) == s.observation(0)
    with pytest.raises(OptionError, match="rng must be a random.Random.*got 'x'"):
        s.determinize(0, "x")


def test_observation_rejects_bad_seat():
    s = nbgames.load("chili_cookoff", players=3).new_state(seed=1)
    with pytest.raises(OptionError,
                       match="seat must be None \\(the spectator\\) or an int from 0 to 2, got 3"):
        s.observation(3)


@pytest.mark.parametrize("title", nbgames.games())
def test_action_list_is_a_sequence_of_actions(title):
    """legal_actions() indexes, slices, iterates and tests membership alike, whether
    the title keeps its ids in a list or a numpy array."""
    g = nbgames.load(title)
    s = g.new_state(seed=1)
    acts = s.legal_actions()
    first = acts[0]
    assert acts[:1] == [first] and all(isinstance(a, nbgames.Action) for a in acts[:3])
    assert first in acts and first.id in acts and first.label in acts
    assert -5 not in acts and "nonsense" not in acts
    assert list(acts) == [g.action(int(i)) for i in acts.ids]
