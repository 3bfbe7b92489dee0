"""The engine contract for every title: loading, errors (one class a cause),
policies, play, replay and tournaments. Nothing here names a title; a title's
own figures (its action count, its labels, its data fields) are tested in its
own files."""

from __future__ import annotations

import json
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

import nbgames
from nbgames import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotLegalError,
    OptionError,
    PolicyError,
    RecordError,
    UnknownGameError,
)

TITLES = nbgames.games()
FIRST = TITLES[0]


def illegal_id(state) -> int:
    """A well-formed id that is not legal for the seat to move."""
    legal = set(int(a) for a in state.legal_action_ids())
    return next(a for a in range(state.game.num_actions) if a not in legal)


def finished(title, players=None, seed=2):
    return nbgames.replay(nbgames.play(nbgames.load(title, players), ["random"] * (
        players or nbgames.load(title).players), seed=seed))


# -- loading ---------------------------------------------------------------------------
def test_unknown_title_lists_choices():
    with pytest.raises(UnknownGameError, match=f"'chess'; choose one of '{FIRST}'"):
        nbgames.load("chess")


@pytest.mark.parametrize("title", TITLES)
def test_unknown_option_lists_valid_options(title):
    first_option = next(iter(nbgames.load(title).options_spec))
    with pytest.raises(OptionError, match=f"unknown option 'speed'; valid options: '{first_option}'"):
        nbgames.load(title, speed=2)


@pytest.mark.parametrize("title", TITLES)
def test_player_count_out_of_range(title):
    g = nbgames.load(title)
    for players in (g.min_players - 1, g.max_players + 1, str(g.min_players), float(g.min_players)):
        with pytest.raises(OptionError, match=f"{g.min_players} to {g.max_players}"):
            nbgames.load(title, players=players)


# -- errors by cause: an action that cannot be played ----------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_an_action_that_is_not_an_action_is_invalid(title):
    """InvalidActionError: a label that does not parse, an id out of range, a value of
    the wrong type, an Action of another game. Nothing changes."""
    game = nbgames.load(title)
    state = game.new_state(seed=1)
    before = state.to_dict()
    other = nbgames.load(next(t for t in TITLES if t != title))
    for bad, said in (("fly to the moon", "no action is labelled 'fly to the moon'"),
                      (-1, "action id -1 is not in range"),
                      (game.num_actions, f"action id {game.num_actions} is not in range"),
                      (2.5, "an action must be an Action, an int id or a label"),
                      (None, "an action must be an Action"), (b"x", "an action must be"),
                      (other.action(0), "belongs to")):
        with pytest.raises(InvalidActionError, match=said) as e:
            state.apply(bad)
        assert isinstance(e.value, IllegalActionError) and isinstance(e.value, ValueError)
        assert not isinstance(e.value, (NotLegalError, GameOverError))
        assert state.to_dict() == before
    with pytest.raises(InvalidActionError, match="unknown action kind 'jump'"):
        game.action_space.encode("jump")


@pytest.mark.parametrize("title", TITLES)
def test_a_well_formed_action_that_is_not_legal_now(title):
    """NotLegalError: the message names the action, the seat, the step and the legal
    actions; its public part (what another viewer may read) leaves them out."""
    state = nbgames.load(title).new_state(seed=1)
    before = state.to_dict()
    seat = state.current_player
    aid = illegal_id(state)
    for bad in (aid, state.game.action_label(aid)):
        with pytest.raises(NotLegalError) as e:
            state.apply(bad)
        err = e.value
        assert isinstance(err, IllegalActionError) and not isinstance(err, InvalidActionError)
        assert f"is not legal for player {seat} at step 0; legal: " in str(err)
        assert state.legal_actions()[0].label in str(err)
        assert err.seat == seat and err.for_viewer(seat) == str(err)
        label = state.game.action_label(aid)
        assert err.public == f"{title}: {label!r} (id {aid}) is not legal for player {seat} at step 0."
        assert err.for_viewer(None) == err.public == err.for_viewer(seat + 1)
        assert state.to_dict() == before


@pytest.mark.parametrize("title", TITLES)
def test_an_action_after_the_end_is_game_over(title):
    state = finished(title)
    with pytest.raises(GameOverError, match="the game is over"):
        state.apply(0)
    table = nbgames.Table(state)
    for call in (lambda: table.act(0), table.step):
        with pytest.raises(GameOverError, match="the game is over"):
            call()


def test_nothing_to_undo_is_not_legal_now():
    t = nbgames.Table(nbgames.load(FIRST), seed=1)
    with pytest.raises(NotLegalError, match="nothing to undo: the history starts at step 0"):
        t.undo()


def test_errors_keep_their_cause_and_privacy_through_pickle():
    """A tournament on a process pool sends errors between processes."""
    state = nbgames.load(FIRST).new_state(seed=1)
    with pytest.raises(NotLegalError) as e:
        state.apply(illegal_id(state))
    back = pickle.loads(pickle.dumps(e.value))
    assert type(back) is NotLegalError and str(back) == str(e.value)
    assert back.seat == e.value.seat and back.public == e.value.public
    err = PolicyError("full", policy="p", seat=1, public="short")
    back = pickle.loads(pickle.dumps(err))
    assert (back.policy, back.seat, back.for_viewer(0), back.for_viewer(1)) == ("p", 1, "short", "full")


# -- observations, determinize ----------------------------------------------------------
def test_observation_rejects_bad_seat():
    s = nbgames.load(FIRST, players=3).new_state(seed=1)
    with pytest.raises(OptionError,
                       match="seat must be None \\(the spectator\\) or an int from 0 to 2, got 3"):
        s.observation(3)


def test_determinize_accepts_rng_kinds():
    import numpy as np
    s = nbgames.load(FIRST, players=3).new_state(seed=1)
    for rng in (None, 3, random.Random(3), np.random.default_rng(3)):
        assert s.determinize(0, rng).observation(0) == s.observation(0)
    with pytest.raises(OptionError, match="rng must be a random.Random.*got 'x'"):
        s.determinize(0, "x")


@pytest.mark.parametrize("title", TITLES)
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


# -- play, records ------------------------------------------------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_play_returns_record_with_scores_and_replays(title):
    g = nbgames.load(title)
    seats = [nbgames.bots.greedy] + [nbgames.bots.random] * (g.players - 1)
    rec = nbgames.play(g, seats, seed=5)
    assert rec["policies"] == ["greedy"] + ["random"] * (g.players - 1)
    assert len(rec["scores"]) == g.players and rec["winners"]
    json.dumps(rec)
    assert nbgames.replay(rec).scores() == rec["scores"]
    assert nbgames.play(g, seats, seed=5) == rec          # the same seed gives the same game


@pytest.mark.parametrize("title", TITLES)
def test_tampered_record_is_rejected(title):
    g = nbgames.load(title)
    rec = nbgames.play(g, [nbgames.bots.random] * g.players, seed=3)
    bad = dict(rec, scores=[999] + rec["scores"][1:])
    with pytest.raises(RecordError, match="altered"):
        nbgames.replay(bad)
    at5 = nbgames.replay(rec, upto=5)
    bad = dict(rec, actions=rec["actions"][:5] + [illegal_id(at5)] + rec["actions"][6:])
    with pytest.raises(RecordError, match="step 5"):
        nbgames.replay(bad)
    for broken, pattern in [(dict(rec, format="x"), "format"), ({"format": rec["format"]}, "lacks"),
                            (dict(rec, title="nope"), "invalid game"),
                            (dict(rec, actions="1,2"), "list of int"), ("junk", "dict")]:
        with pytest.raises(RecordError, match=pattern):
            nbgames.replay(broken)


# -- policies -------------------------------------------------------------------------------
def raising_policy(obs, legal):
    raise RuntimeError(f"boom, with my hand {obs}")


def garbage_policy(obs, legal):
    return "fly to the moon"


def illegal_policy(obs, legal):
    return next(a for a in range(10**6) if a not in legal.ids)


@pytest.mark.parametrize("title", TITLES)
def test_policy_errors_name_policy_seat_and_state_and_keep_the_seat_private(title):
    """PolicyError says everything in Python; its public part (what another seat's
    viewer reads) leaves out what the policy said or returned and its legal actions."""
    g = nbgames.load(title)
    others = [nbgames.bots.random] * (g.players - 1)
    for policy, full, public in (
            (raising_policy, r"'raising_policy' \(seat 0\) raised RuntimeError: boom, with my hand",
             f"policy 'raising_policy' (seat 0) raised RuntimeError at {title} step 0"),
            (garbage_policy, r"'garbage_policy' \(seat 0\) returned 'fly to the moon'.*such as",
             f"policy 'garbage_policy' (seat 0) returned something that is not an action at "
             f"{title} step 0"),
            (illegal_policy, r"'illegal_policy' \(seat 0\) returned .* which is not legal; \d+ legal",
             f"policy 'illegal_policy' (seat 0) returned an action that is not legal at "
             f"{title} step 0")):
        with pytest.raises(PolicyError, match=full) as e:
            nbgames.play(g, [policy, *others], seed=1)
        err = e.value
        assert (err.policy, err.seat) == (policy.__name__, 0)
        assert err.public == public and err.for_viewer(1) == public and err.for_viewer(None) == public
        assert err.for_viewer(0) == str(err)


def test_policy_may_return_label_or_action():
    def by_label(obs, legal):
        return legal[0].label

    def by_action(obs, legal):
        return legal[-1]
    g = nbgames.load(FIRST)
    rec = nbgames.play(g, [by_label, by_action] + ["random"] * (g.players - 2), seed=1)
    assert rec["policies"][:2] == ["by_label", "by_action"]


def test_random_bot_is_seeded():
    g = nbgames.load(FIRST, players=2)
    r1 = nbgames.play(g, [nbgames.bots.RandomPolicy(1), nbgames.bots.RandomPolicy(2)], seed=4)
    r2 = nbgames.play(g, [nbgames.bots.RandomPolicy(1), nbgames.bots.RandomPolicy(2)], seed=4)
    assert r1["actions"] == r2["actions"]


# -- tournaments --------------------------------------------------------------------------------
def test_tournament_rotates_seats_and_splits():
    g = nbgames.load(FIRST, players=3)
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
    a = nbgames.tournament(FIRST, pols, games=6, seed=7, progress=False)
    with ProcessPoolExecutor(max_workers=2) as ex:
        b = nbgames.tournament(FIRST, pols, games=6, seed=7, progress=False, executor=ex)
    assert a.table() == b.table()
    assert [r["actions"] for r in a.records] == [r["actions"] for r in b.records]


def test_tournament_forfeit_goes_on():
    res = nbgames.tournament(FIRST, {"bad": raising_policy, "ok": nbgames.bots.random},
                             games=4, seed=1, progress=False)
    assert len(res.errors) == 4 and "boom" in res.errors[0]["error"]
    assert res["bad"].forfeits == 4 and res["bad"].wins == 0 and res["ok"].wins == 4


def test_tournament_progress_bar_in_terminal(capsys):
    nbgames.tournament(FIRST, {"a": nbgames.bots.random, "b": nbgames.bots.random},
                       games=3, seed=1, progress=True)
    assert "3/3" in capsys.readouterr().err


def test_tournament_progress_is_a_bar_nothing_or_a_function():
    """The shared progress helper (arena/progress.py), as review uses it: a function
    is told (done, total) from 0 to the end; anything but a bool or a function is
    refused before a game is played."""
    seen = []
    nbgames.tournament(FIRST, {"a": nbgames.bots.random, "b": nbgames.bots.random},
                       games=3, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    with pytest.raises(nbgames.OptionError, match="progress must be True, False or a function"):
        nbgames.tournament(FIRST, {"a": nbgames.bots.random}, games=1, progress="yes")
