"""Issue 23, section 3: the review is honest about hidden information, shown on the
Cookoff's last decision (the last pick of the last hand: every move after it is
forced, so what a pick is worth depends only on the cards the picker cannot see,
the other seat's recipes).

The truth these tests compare with is computed here, independently of the
review: the win chance of each pick over 300 deals drawn from the picker's
information set, and the outcome of each pick in the actual deal. Positions are
found among greedy games by that truth alone, then staged with
``game.scenario``."""

from __future__ import annotations

import random

import pytest

import nbgames
from nbgames.core.infoset import InfoSet

GAME = nbgames.load("chili_cookoff", players=2)


def _share(state, seat) -> float:
    w = state.winners()
    return 1 / len(w) if seat in w else 0.0


def _finish(state):
    """Play the forced moves to the end (None if a real choice comes first)."""
    while not state.is_terminal():
        ids = state.legal_action_ids()
        if len(ids) != 1:
            return None
        state.apply(int(ids[0]))
    return state


def last_pick(seed):
    """The position before the last real decision of a greedy game, if every move
    from it ends the game by forced moves; else None."""
    rec = nbgames.play(GAME, ["greedy", "greedy"], seed=seed)
    s = nbgames.replay(rec, upto=0)
    last = None
    for a in rec["actions"]:
        if len(s.legal_action_ids()) > 1:
            last = s.clone()
        s.apply(a)
    ids = [int(a) for a in last.legal_action_ids()]
    if any(_finish(last.clone().apply(a)) is None for a in ids):
        return None
    return last


def truth(state, deals=300):
    """{aid: win chance over deals drawn from the seat's information set}, the deals."""
    seat = state.current_player
    info = InfoSet(state, seat, random.Random(1))
    rng = random.Random(2)
    worlds = [info.sample(rng) for _ in range(deals)]
    ids = [int(a) for a in state.legal_action_ids()]
    return {a: sum(_share(_finish(w.clone().apply(a)), seat) for w in worlds) / deals
            for a in ids}, worlds


def stage(state):
    """The position as a staged scenario (a new game starting there, at the
    position's step: the review's rows and the board's scrubber count from it)."""
    return GAME.scenario({**state.to_dict(), "step": state.step})


def played(staged, aid):
    """The record of the staged game in which ``aid`` is played, then forced moves."""
    s = staged.clone()
    s.apply(aid)
    _finish(s)
    return s.record()


def find(want, seeds=range(80)):
    for seed in seeds:
        pos = last_pick(seed)
        if pos is None:
            continue
        got = want(pos)
        if got is not None:
            return got
    raise AssertionError("no position of the kind wanted among the greedy games searched")


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "search"])
def test_a_move_best_by_what_the_seat_knew_that_lost_to_the_deal_is_best(exact):
    def unlucky(pos):
        seat = pos.current_player
        val, worlds = truth(pos)
        if len(val) != 2:
            return None
        best = max(val, key=val.get)
        other = min(val, key=val.get)
        if val[best] - val[other] < 0.2:
            return None
        for w in worlds:           # a deal the seat cannot tell from the others where it loses
            if _share(_finish(w.clone().apply(best)), seat) == 0 and \
                    _share(_finish(w.clone().apply(other)), seat) > 0:
                return w, seat, best, other, val
        return None

    # such a game is rare among greedy games: the first from seed 80 on is seed 384 (searched
    # in order, with the greedy bot's per-decision generator)
    world, seat, best, other, val = find(unlucky, seeds=range(384, 400))
    staged = stage(world)
    assert staged.observation(seat)["hand_cards"] == world.observation(seat)["hand_cards"]
    rec = played(staged, best)
    assert seat not in rec["winners"]                         # it lost to the actual deal
    assert seat in played(staged, other)["winners"]          # where the other pick would not
    rev = nbgames.review(rec, seats=[seat], exact=exact, budget=200, progress=False)
    (row,) = rev.rows
    assert row["step"] == staged.step == world.step
    assert row["taken_id"] == best and row["best_id"] == best
    assert row["class"] == "best" and row["loss"] == 0
    assert row["source"] == ("exact" if exact else "search")
    assert abs(row["value_taken"] - val[best]) < 0.2, (row, val)


@pytest.mark.parametrize("exact", [True, False], ids=["exact", "search"])
def test_a_move_that_throws_away_a_won_game_is_a_blunder(exact):
    def won_then_thrown(pos):
        val, _ = truth(pos)
        if len(val) != 2:
            return None
        best, bad = max(val, key=val.get), min(val, key=val.get)
        if val[best] == 1.0 and val[bad] <= 0.5:
            return pos, best, bad, val
        return None

    pos, best, bad, val = find(won_then_thrown)
    seat = pos.current_player
    staged = stage(pos)
    rec = played(staged, bad)
    assert seat in played(staged, best)["winners"]
    rev = nbgames.review(rec, seats=[seat], exact=exact, budget=200, progress=False)
    (row,) = rev.rows
    assert row["taken_id"] == bad and row["best_id"] == best
    assert row["value_best"] == pytest.approx(1.0)
    assert row["class"] == "blunder", row
    assert row["loss_low"] >= 0.2 and abs(row["value_taken"] - val[bad]) < 0.2


def test_the_review_of_a_seat_is_the_same_in_deals_it_cannot_tell_apart():
    """Twin staged positions: the picker's view is the same, the other seat's
    hidden recipes differ. The review of the picker says the same in both."""
    pos = find(lambda p: p if len(p.legal_action_ids()) == 2 else None)
    seat = pos.current_player
    twin = pos.determinize(seat, random.Random(5))
    assert twin.observation(seat) == pos.observation(seat)
    assert twin.to_dict()["data"] != pos.to_dict()["data"]
    aid = int(pos.legal_action_ids()[0])
    rows = []
    for s in (pos, twin):
        rec = played(stage(s), aid)
        rows.append(nbgames.review(rec, seats=[seat], budget=50, progress=False).rows)
    assert rows[0] == rows[1]


def test_the_exported_review_is_the_same_in_deals_the_viewer_cannot_tell_apart():
    """The page exported for the picker, with its review, is byte for byte the same
    whatever the other seat's hidden recipes, in twins the picker cannot tell apart
    to the very end (the final scores reveal the recipes, so the twin is a world
    whose final scores are the truth's)."""
    from nbgames.widget.export import record_html
    pos = find(lambda p: p if len(p.legal_action_ids()) == 2 else None)
    seat = pos.current_player
    aid = int(pos.legal_action_ids()[0])
    truth = played(stage(pos), aid)
    end = nbgames.replay(truth)
    twin = None
    for k in range(200):
        cand = pos.determinize(seat, random.Random(k))
        if cand.to_dict()["data"]["recipes"] == pos.to_dict()["data"]["recipes"]:
            continue
        if nbgames.replay(played(stage(cand), aid)).observation(seat) == end.observation(seat):
            twin = cand
            break
    assert twin is not None, "no world with other recipes and the same final scores"
    pages = []
    for rec in (truth, played(stage(twin), aid)):
        rev = nbgames.review(rec, seats=[seat], budget=30, progress=False)
        pages.append(record_html(rec, viewer=seat, review=rev))
    assert f'"rows":{{"{pos.step}"' in pages[0]          # keyed by the staged position's step
    assert pages[0] == pages[1]
