"""Chance made explicit (nbgames.core.chance, ARCHITECTURE.md "Chance points"):
every title's random events are chance points, a position rebuilds from its
start, actions and outcomes, and a seat's worlds are weighted by what the other
seats did."""

import json
import math
import random
from pathlib import Path

import pytest

import nbgames
from nbgames.core import chance
from nbgames.core.conformance import games_of, playout


def _dump(state):
    return json.dumps(state.to_dict(), sort_keys=True)


# each title's final data after a seeded random game (seed 11, 2 players), hashed on
# the code before chance points (commit b9204c2; tests/data/before_chance_points.json):
# records made then replay the same
BEFORE_CHANCE_POINTS = json.loads((Path(__file__).parent / "data" / "before_chance_points.json")
                                  .read_text(encoding="utf-8"))


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
    # a title whose hidden parts are all dealt items (no part resampled by its own
    # rules) gives every determinized world a history
    fields_ = nbgames.load(title).new_state(seed=0).FIELDS.values()
    if not any(p.hook or p.rule is not None for p in fields_):
        assert rebuilt["world"], f"{title}: no determinized world was rebuilt"


def test_a_rebuild_refuses_outcomes_that_do_not_fit():
    state = nbgames.load(nbgames.games()[0], players=2).new_state(seed=4)
    outcomes = state.chance_history()
    kind, n, order = outcomes[0]
    with pytest.raises(nbgames.core.errors.RecordError, match="chance outcome 0"):
        chance.rebuild(state, [(kind, n, order[:-1]), *outcomes[1:]])
    with pytest.raises(nbgames.core.errors.RecordError, match="ran out"):
        chance.rebuild(state, outcomes[:1])




def test_enumerated_worlds_are_every_world_with_its_exact_chance():
    """Where a seat's worlds are few, ``enumerate_worlds`` lists each once with its
    exact chance: they sum to 1, the seat sees the same in every one, and
    determinize draws them about as often as their chances say (the total
    variation of 6000 draws within 1.5 times what sampling alone gives)."""
    from collections import Counter
    found = {}
    for game in (g for title in nbgames.games() for g in list(games_of(title))[:2]):
        for state, _ in playout(game, seed=5):
            if state.is_terminal() or found.get(game.title, 0) >= 2:
                continue
            seat = state.current_player
            every = chance.enumerate_worlds(state, seat, limit=3000)
            if every is None or len(every) < 2:
                continue
            found[game.title] = found.get(game.title, 0) + 1
            assert sum(p for p, _ in every) == 1
            keys = [chance._key(w) for _, w in every]
            assert len(set(keys)) == len(keys)
            for _, w in every:
                assert w.observation(seat) == state.observation(seat)
                assert w.history == [] and w.seed != state.seed
            exact = dict(zip(keys, (float(p) for p, _ in every)))
            rng, n = random.Random(7), 6000
            drawn = Counter(chance._key(state.determinize(seat, rng)) for _ in range(n))
            assert set(drawn) <= set(exact), "determinize drew a world not listed"
            tv = sum(abs(drawn[k] / n - p) for k, p in exact.items()) / 2
            noise = sum((2 * p * (1 - p) / (math.pi * n)) ** 0.5 for p in exact.values()) / 2
            assert tv < 1.5 * noise + 0.01, (tv, noise, len(exact))
    # a title whose decks keep their order has too many worlds to list until late
    assert found, "no title has a position with a few worlds to list"


@pytest.mark.parametrize("title", nbgames.games())
def test_a_world_replayed_from_a_snapshot_is_the_world_replayed_from_the_start(title):
    # the weighted sampler replays a world from the truth's position before the first
    # chance point where their outcomes differ: the very state a replay from the start
    # gives, the same decisions seen on the way
    state = _after(nbgames.load(title, players=2), seed=7, steps=60)
    seat = state.current_player
    truth = chance._Truth(state, seat, 16)
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        outcomes = truth.outcomes_for(state.determinize(seat, rng), rng)
        if outcomes is None:
            continue
        seen_a, seen_b = [], []
        try:
            a = chance.rebuild(state, outcomes, seed=5, quiet=True,
                               on_step=lambda s, aid, seen=seen_a: seen.append((len(s.history), aid)))
        except nbgames.core.errors.RecordError:
            continue
        b = truth.replay(outcomes, lambda i, s, aid, seen=seen_b: seen.append((i, aid)), 5)
        assert chance._key(a) == chance._key(b) and a.chance_history() == b.chance_history()
        assert seen_b == seen_a[len(seen_a) - len(seen_b):]
        checked += 1
    # every title replays some world where its worlds have a history at all
    assert checked or not chance.worlds(state, seat, 8, random.Random(0)).with_past


def test_a_deal_a_world_leaves_as_the_truth_dealt_it_keeps_the_truths_outcome():
    # equal items are alike to a replay, so a world that deals the truth's values at a
    # chance point gets the truth's very outcome there (not another order of equal
    # items): its replay then starts from the truth's snapshot past that point
    kept = 0
    for title in nbgames.games():
        state = _after(nbgames.load(title, players=2), seed=7, steps=60)
        seat = state.current_player
        truth = chance._Truth(state, seat, 16)
        rng = random.Random(3)
        for _ in range(20):
            outcomes = truth.outcomes_for(state.determinize(seat, rng), rng)
            for point, (mine, true) in enumerate(zip(outcomes or (), truth.outcomes)):
                fresh = truth.tagged._fresh[point]
                if fresh and [fresh.get(i) for i in mine[2]] == [fresh.get(i) for i in true[2]]:
                    assert mine == true, (title, point)
                    kept += point < len(truth.outcomes) - 1
    assert kept, "no world kept an earlier deal of the truth"


def _after(game, seed, steps):
    """The position after up to ``steps`` random moves (before the end, with secret
    choices closed), a seat to move."""
    last = None
    for state, _ in playout(game, seed=seed):
        if state.is_terminal() or len(state.history) > steps:
            break
        if not state.secret_open():
            last = state.clone()
    return last


def test_a_sharper_model_weighs_its_favourite_move_more():
    state = _after(nbgames.load(nbgames.games()[0], players=2), seed=2, steps=3)
    ids = [int(a) for a in state.legal_action_ids()]
    weights = [float(i + 1) for i in range(len(ids))]

    def model(s, legal):
        return weights[:len(legal)]

    for k in (1.0, 3.0):
        p = chance.likelihood(model, state, ids[-1], sharpen=k)
        assert p == pytest.approx(weights[-1] ** k / sum(w ** k for w in weights))
    assert chance.likelihood(model, state, ids[-1], sharpen=3.0) > \
        chance.likelihood(model, state, ids[-1])
    with pytest.raises(nbgames.core.errors.OptionError, match="sharpen"):
        chance.Worlds(sharpen=0)


@pytest.mark.parametrize("title", nbgames.games())
def test_declared_worlds_are_weighed_only_where_the_title_declares_them(title):
    from nbgames.core.registry import spec
    said = spec(title).extra.get("worlds")
    for n in sorted({2, max(spec(title).bench_players or (2,))}):
        state = _after(nbgames.load(title, players=n), seed=4, steps=12)
        seat = state.current_player
        pool = chance.Worlds(count=4, declared=True).build(state, seat, random.Random(0))
        wanted = said is not None and n in said.get("players", (n,))
        assert bool(pool.tried) == wanted, pool.note
        if not wanted:
            assert not pool.worlds and "declares no weighted worlds" in pool.note
        # asked for everywhere, a title's declared options still apply
        use = chance.Worlds(count=4).for_title(state.game)
        assert use is not None
        if said is not None:
            assert use.sharpen == said.get("sharpen", 1.0)


@pytest.mark.parametrize("title", nbgames.games())
def test_a_world_the_seat_cannot_tell_apart_has_the_same_view_key(title):
    # the weighted sampler asks the model once a view (chance.view_key): a world the
    # seat cannot tell apart must give its key, one where the seat's own cards differ
    # must not
    differ = 0
    for game in games_of(title):
        for state, _ in playout(game, seed=5):
            if state.is_terminal() or len(state.history) % 11 != 3:
                continue
            for seat in range(game.players):
                key = chance.view_key(state, seat)
                rng = random.Random(len(state.history))
                assert chance.view_key(state.determinize(seat, rng), seat) == key, \
                    f"{game!r} step {state.step} seat {seat}"
                other = state.determinize((seat + 1) % game.players, rng)
                if other.observation(seat) != state.observation(seat):
                    assert chance.view_key(other, seat) != key, f"{game!r} step {state.step}"
                    differ += 1
    assert differ, f"{title}: no position where another seat's world changes this seat's view"


# -- a pool carried on from the seat's last decision (a particle filter) -------------
def _seat_decisions(title, seat=0, seed=3):
    """Every position of a 2-player greedy game where ``seat`` decides."""
    from nbgames.core.registry import replay
    rec = nbgames.play(nbgames.load(title, players=2), ["greedy", "greedy"], seed=seed)
    s = replay(rec, upto=0)
    out = []
    for aid in rec["actions"]:
        if s.current_player == seat:
            out.append(s.clone())
        s.advance(int(aid))
    return out


@pytest.mark.parametrize("title", nbgames.games())
def test_a_pool_carried_on_holds_worlds_the_seat_cannot_tell_apart(title):
    # the worlds carried on from the seat's last pool are what a fresh draw could
    # give: the seat's view, step and log, a history of their own that starts here,
    # no true seed, a state that reloads; weighed by the same decisions of the others
    from nbgames.core.registry import spec
    use = chance.Worlds(count=12, model=spec(title).prior)
    refused = spec(title).extra.get("no_weighted_worlds")
    if refused:                          # no weighted world there, carried or not
        state = _seat_decisions(title)[3]
        pool = use.build(state, 0, random.Random(0))
        assert not pool.worlds and refused in pool.note
        return
    kept = None
    carried = could = 0
    last = None
    for state in _seat_decisions(title)[:40]:
        pool = use.build(state, 0, random.Random(len(state.history)), kept=kept)
        fresh = use.build(state, 0, random.Random(len(state.history)))
        may = last is not None and last[0] and not state.secret_open() and not last[2] and \
            len(state.chance_history()) == last[1]
        could += may                    # nothing dealt since a pool with worlds
        if may and not pool.kept:       # the actions since ruled every world out
            assert pool.note.startswith(f"none of the {len(kept.worlds)} worlds"), pool.note
        if pool.kept:
            assert may, pool.note       # never across a chance point or a secret round
            carried += 1
            assert pool.weighed == fresh.weighed, (pool.note, fresh.note)
            assert "carried on" in pool.note
            key = chance.view_key(state, 0)
            for w in pool.worlds:
                assert chance.view_key(w, 0) == key and w.step == state.step
                assert w.history == [] and w.seed != state.seed
                assert w.log(0) == state.log(0) and all(to in (None, 0) for to, _ in w.log_entries())
                again = state.game.state_from_dict(w.to_dict())
                assert chance._key(again) == chance._key(w)
            assert len(pool.weights) == len(pool.worlds) and max(pool.weights) == 1.0
        last = (bool(pool.worlds), len(state.chance_history()), state.secret_open())
        kept = pool
    # where it may, the pool is carried on, or the note says why not (a title where
    # the others' moves show cards named by their place in a hidden hand: a world
    # then shows other cards)
    assert could, "nothing to carry in this game: the test proves nothing"


@pytest.mark.parametrize("title", nbgames.games())
def test_the_sight_check_agrees_with_the_view_key(title):
    # a carried world is kept only where the seat sees it as the truth: the quick
    # check (chance._Sight) must say what comparing view keys says
    differ = 0
    for state in _seat_decisions(title)[::7]:
        sight = chance._Sight(state, 0)
        key = chance.view_key(state, 0)
        rng = random.Random(len(state.history))
        later = state.clone()
        later.apply(int(state.legal_action_ids()[0]))
        for w in (state.determinize(0, rng), state.determinize(1, rng), later.determinize(0, rng)):
            assert sight.alike(w) == (chance.view_key(w, 0) == key), state.step
            differ += not sight.alike(w)
    assert differ, "no world the seat could tell apart: the check was never tried"


def _twins_at_decisions(title):
    """Consecutive decisions of seat 0 with nothing dealt between them, the later
    one's truth and a twin the seat cannot tell apart (the same game with the items
    the seat never saw at the last deal dealt again): ``(before, truth, twin)``."""
    decisions = _seat_decisions(title)
    for before, state in zip(decisions, decisions[1:]):
        if state.secret_open() or before.secret_open() or \
                len(state.chance_history()) != len(before.chance_history()):
            continue
        rng = random.Random(state.step)
        try:
            twin = chance.rebuild(state, chance._Truth(state, 0, 16).unseen_outcomes(rng))
        except nbgames.core.errors.RecordError:
            continue
        if chance._key(twin) != chance._key(state):
            assert chance.view_key(twin, 0) == chance.view_key(state, 0)
            yield before, state, twin


def _same_pools(a, b):
    assert a.note == b.note, (a.note, b.note)
    assert [chance._key(w) for w in a.worlds] == [chance._key(w) for w in b.worlds]
    assert a.weights == b.weights


def test_a_carried_pool_holds_no_trace_of_the_truth():
    # the same pool carried on in the truth and in its twin, with the same
    # generator: the same worlds, weights and note (a count of 2: the survivors
    # alone, no fresh world drawn beside them). Every title where some world
    # survives from one decision to the next is compared.
    from nbgames.core.registry import spec
    compared = {}
    for title in nbgames.games():
        prior = spec(title).prior
        for before, state, twin in _twins_at_decisions(title):
            kept = chance.worlds(before, 0, 12, random.Random(1), model=prior)
            got = [chance.worlds(s, 0, 2, random.Random(9), model=prior, kept=kept)
                   for s in (state, twin)]
            if got[0].kept or got[1].kept:
                _same_pools(*got)
                compared[title] = compared.get(title, 0) + 1
    assert len(compared) >= 2, compared


@pytest.mark.parametrize("title", nbgames.games())
def test_a_fresh_pool_holds_no_trace_of_the_truth(title):
    # a pool drawn afresh in the truth and in its twin: the same worlds and weights;
    # a title that declares it cannot promise this gives no weighted world at all
    from nbgames.core.registry import spec
    prior = spec(title).prior
    refused = spec(title).extra.get("no_weighted_worlds")
    compared = 0
    for _, state, twin in _twins_at_decisions(title):
        got = [chance.worlds(s, 0, 12, random.Random(9), model=prior) for s in (state, twin)]
        _same_pools(*got)
        if refused:
            assert not got[0].worlds and refused in got[0].note
            assert not chance.Worlds().build(state, 0, random.Random(0)).worlds
        compared += 1
    assert compared, f"{title}: no twin to compare"
