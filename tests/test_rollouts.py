"""Rollouts (nbgames.bots.rollouts): the review's default judge. Every value is a
mean of playouts from worlds of the seat's information set; moves measured with
one seed share their worlds (the review's paired rounds)."""

from __future__ import annotations

import random

import pytest

import nbgames
from nbgames.arena.judge import Focused
from nbgames.core.errors import OptionError, PolicyError

TITLES = nbgames.games()


def _position(title, seed=3, upto=6):
    rec = nbgames.play(nbgames.load(title, players=2), ["greedy", "random"], seed=seed)
    state = nbgames.replay(rec, upto=upto)
    while len(state.legal_action_ids()) < 2:
        state.apply(int(state.legal_action_ids()[0]))
    return state


class Recording:
    """An information set that remembers the worlds it gave (as dicts)."""

    def __init__(self, infoset):
        self.inner = infoset
        self.seat, self.game = infoset.seat, infoset.game
        self.observation, self.legal_actions = infoset.observation, infoset.legal_actions
        self.drawn = []

    def sample(self, rng=None):
        world = self.inner.sample(rng)
        self.drawn.append(world.to_dict())
        return world


@pytest.mark.parametrize("title", TITLES)
def test_every_legal_move_gets_a_value_in_win_chance_and_the_same_seed_repeats_it(title):
    state = _position(title)
    info = nbgames.InfoSet(state, state.current_player, random.Random(1))
    bot = nbgames.bots.rollouts(n=16, seed=4)
    got = bot.analyse(info)
    legal = [int(a) for a in state.legal_action_ids()]
    assert sorted(got) == sorted(legal)
    per = max(8, 16 // len(legal)) if len(legal) > 1 else 16    # the playouts are shared
    assert all(0.0 <= v["value"] <= 1.0 and v["visits"] >= per for v in got.values())
    # each playout's value is given (what the review measures its noise over)
    assert all(len(v["playouts"]) == v["visits"] and v["value"] == pytest.approx(
        sum(v["playouts"]) / v["visits"]) for v in got.values())
    assert nbgames.bots.rollouts(n=16, seed=4).analyse(info) == got


@pytest.mark.parametrize("title", TITLES)
def test_two_moves_measured_with_one_seed_are_measured_in_the_same_worlds(title):
    """Common random numbers: what the review's paired rounds rely on."""
    state = _position(title)
    seat = state.current_player
    a, b = (int(x) for x in state.legal_action_ids()[:2])
    worlds = {}
    for aid in (a, b):
        rec = Recording(nbgames.InfoSet(state, seat, random.Random(1)))
        nbgames.bots.rollouts(n=6, seed=9).analyse(Focused(rec, (aid,)))
        worlds[aid] = rec.drawn
    assert len(worlds[a]) == 6 and worlds[a] == worlds[b]
    rec = Recording(nbgames.InfoSet(state, seat, random.Random(1)))
    nbgames.bots.rollouts(n=6, seed=10).analyse(Focused(rec, (a,)))
    assert rec.drawn != worlds[a] or len(set(map(str, worlds[a]))) == 1   # another seed: others


@pytest.mark.parametrize("title", TITLES)
def test_a_move_measured_in_kept_worlds_gets_what_fresh_worlds_give(title):
    """A spawned twin replays the worlds its parent drew with that seed (copies of
    them, with the generator where the draw left it): each value is what a fresh
    advisor, drawing every world anew, gives; the kept worlds do not change."""
    state = _position(title)
    info = nbgames.InfoSet(state, state.current_player, random.Random(1))
    a, b = (int(x) for x in state.legal_action_ids()[:2])
    parent = nbgames.bots.rollouts(n=6, seed=9)
    first = parent.analyse(Focused(info, (a,)))[a]
    second = parent.spawn(9).analyse(Focused(info, (b,)))[b]
    for aid, got in ((a, first), (b, second)):
        assert nbgames.bots.rollouts(n=6, seed=9).analyse(Focused(info, (aid,)))[aid] == got
    # a third time, in the kept worlds: playing in copies of them left them as drawn
    assert parent.spawn(9).analyse(Focused(info, (a,)))[a] == first
    other = parent.spawn(10).analyse(Focused(info, (a,)))[a]       # another seed: drawn anew
    assert other == nbgames.bots.rollouts(n=6, seed=10).analyse(Focused(info, (a,)))[a]
    # the worlds are drawn once: the second move draws none
    rec = Recording(info)
    twin = nbgames.bots.rollouts(n=6, seed=11)
    twin.analyse(Focused(rec, (a,)))
    twin.spawn(11).analyse(Focused(rec, (b,)))
    assert len(rec.drawn) == 6


def test_rollouts_play_a_game_and_are_checked_and_named():
    game = nbgames.load(TITLES[0], players=2)
    bot = nbgames.bots.rollouts(n=4, seed=1)
    rec = nbgames.play(game, [bot, "random"], seed=2)
    assert len(rec["winners"]) >= 1
    assert repr(bot) == "nbgames.bots.rollouts(n=4, depth=8, seed=1)" and bot.paired
    for bad, word in (({"n": 0}, r"n \(playouts a move\) must be an int >= 1, got 0"),
                      ({"depth": -1}, "depth"), ({"seed": "x"}, "seed"), ({"widen": 0}, "widen")):
        with pytest.raises(OptionError, match=word):
            nbgames.bots.rollouts(**bad)
    state = game.new_state(seed=1)
    with pytest.raises(PolicyError, match="infoset=nbgames.InfoSet"):
        bot(state.observation(state.current_player), state.legal_actions())


def test_the_review_judges_by_rollouts_unless_told_to_search():
    rec = nbgames.play(nbgames.load(TITLES[0], players=2), ["random", "greedy"], seed=3)
    by_default = nbgames.review(rec, seats=[1], budget=4, exact=False, progress=False)
    searched = nbgames.review(rec, seats=[1], budget=4, exact=False, progress=False,
                              advisor="ismcts")
    assert by_default.advisor.startswith("rollouts(4): 4 playouts a move")
    assert searched.advisor.startswith("ismcts(4): 4 iterations a search")
    assert [r["step"] for r in by_default.rows] == [r["step"] for r in searched.rows]
    with pytest.raises(OptionError, match='"rollouts", "ismcts"'):
        nbgames.review(rec, advisor="mcts", progress=False)


def test_a_first_look_halves_to_the_better_moves():
    """Every move gets its share of playouts, then the better half (by those) twice
    as many, until four remain; the first share of a move is what a focused
    measure of it with as many playouts says (the same worlds)."""
    # the first title with a position of 9 to 40 moves early on (halving runs there)
    state = next(s for s in (_position(t, upto=k) for t in TITLES for k in range(2, 12))
                 if 8 < len(s.legal_action_ids()) <= 40)
    info = nbgames.InfoSet(state, state.current_player, random.Random(1))
    legal = [int(a) for a in state.legal_action_ids()]
    assert len(legal) > 8
    got = nbgames.bots.rollouts(n=40, seed=2).analyse(info)
    first = {a: nbgames.bots.rollouts(n=8, seed=2).analyse(Focused(info, (a,)))[a]["value"]
             for a in legal}
    kept = sorted(legal, key=lambda a: (-first[a], a))[:(len(legal) + 1) // 2]
    assert {a for a in legal if got[a]["visits"] > 8} == set(kept)
    assert {got[a]["visits"] for a in legal} >= {8, 16}
    assert sum(got[a]["visits"] == max(v["visits"] for v in got.values()) for a in legal) >= 4


def test_a_playout_draws_a_move_as_random_choices_would():
    """``weighted_pick`` (a playout's draw by the prior) is ``rng.choices(ids, w)[0]``
    from the same generator state, and refuses weights that cannot be drawn from."""
    from nbgames.agents.search import weighted_pick
    gen = random.Random(5)
    for _ in range(300):
        ids = list(range(gen.randint(1, 9)))
        w = [gen.choice((0.0, 0.5, 1.0, 3.0, 1e-9)) for _ in ids]
        if sum(w) == 0:
            w[0] = 1.0
        a, b = random.Random(len(ids)), random.Random(len(ids))
        assert weighted_pick(ids, w, a) == b.choices(ids, weights=w)[0]
        assert a.random() == b.random()
    for bad in ([0.0, 0.0], [1.0, float("inf")], [1.0]):
        with pytest.raises(ValueError, match="weights"):
            weighted_pick([3, 4], bad, random.Random(0))
