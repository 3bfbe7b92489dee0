"""The conformance suite every title must pass.

``tests/test_conformance.py`` runs every check below on every registered title
at every supported player count, so a new title joins the suite by its one line
in ``registry.TITLES``. Each check raises AssertionError with the title, the
player count, the seed and the step where it failed.
"""

from __future__ import annotations

import json
import random

from .errors import IllegalActionError
from .registry import load


def _counts(title):
    g = load(title)
    return range(g.min_players, g.max_players + 1)


def playout(game, seed: int, max_steps: int = 20_000):
    """Yield (state, chosen id) along a seeded random game; the last state is terminal."""
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if state.is_terminal():
            yield state, None
            return
        ids = state.legal_action_ids()
        assert len(ids) > 0, f"{game!r} seed {seed}: no legal action at step {len(state.history)}"
        aid = int(ids[rng.randrange(len(ids))])
        yield state, aid
        state.apply(aid)
    raise AssertionError(f"{game!r} seed {seed}: no end after {max_steps} steps")


def _where(game, seed, state):
    return f"{game!r} seed {seed} step {len(state.history)}"


def check_runs_to_end(title, seeds=(0, 1)):
    """Seeded random games end at every player count, with scores and winners; the
    title's invariants (conservation of cards and chips) hold at every step."""
    for n in _counts(title):
        game = load(title, n)
        for seed in seeds:
            for state, aid in playout(game, seed):
                try:
                    state.check_invariants()
                except AssertionError as e:
                    raise AssertionError(f"{_where(game, seed, state)}: invariant: {e}") from None
            assert state.is_terminal() and state.current_player is None
            assert len(state.scores()) == n, _where(game, seed, state)
            assert state.winners() and all(0 <= w < n for w in state.winners())
            assert state.legal_action_ids() == [] or len(state.legal_action_ids()) == 0


def check_determinism(title, seed=3):
    """The same seed and the same ids give the same to_dict()."""
    for n in _counts(title):
        game = load(title, n)
        *_, (end, _) = playout(game, seed)
        again = game.new_state(seed=seed)
        for aid in end.history:
            again.apply(aid)
        assert again.to_dict() == end.to_dict(), f"{game!r} seed {seed}: not deterministic"
        assert game.new_state(seed=seed).to_dict() != game.new_state(seed=seed + 1).to_dict(), \
            f"{game!r}: different seeds give the same start"


def check_round_trip(title, seed=4):
    """to_dict is JSON-able and state_from_dict rebuilds an equal state at every step,
    and the rebuilt state plays on identically."""
    for n in _counts(title):
        game = load(title, n)
        for state, aid in playout(game, seed):
            d = state.to_dict()
            d2 = json.loads(json.dumps(d))
            back = game.state_from_dict(d2)
            assert back.to_dict() == d, f"{_where(game, seed, state)}: round trip differs"
            assert list(back.legal_action_ids()) == list(state.legal_action_ids())
            if aid is not None:
                assert back.apply(aid).to_dict() == state.clone().apply(aid).to_dict()


def check_clone_independent(title, seed=5):
    """A clone and its original never share mutable data."""
    for n in _counts(title):
        game = load(title, n)
        for state, aid in playout(game, seed):
            if aid is None:
                break
            before = state.to_dict()
            c = state.clone()
            assert c.to_dict() == before, _where(game, seed, state)
            c.apply(aid)
            assert state.to_dict() == before, f"{_where(game, seed, state)}: clone shares data"
            # and the other way round: playing on the original leaves an older clone alone
            c2 = state.clone()
            snap = c2.to_dict()
            state.clone().apply(aid)
            assert c2.to_dict() == snap


def check_action_ids(title, seed=6):
    """Legal ids are unique ints in range(num_actions), labels are unique, and
    action_label / action_id are inverse."""
    for n in _counts(title):
        game = load(title, n)
        for state, aid in playout(game, seed):
            ids = [int(a) for a in state.legal_action_ids()]
            assert len(set(ids)) == len(ids), f"{_where(game, seed, state)}: duplicate ids"
            assert all(0 <= a < game.num_actions for a in ids)
            acts = state.legal_actions()
            labels = [a.label for a in acts]
            assert len(set(labels)) == len(labels), f"{_where(game, seed, state)}: duplicate labels"
            for a in acts[:50]:
                assert game.action_id(a.label) == a.id and game.action_label(a.id) == a.label


def check_apply_by_label(title, seed=7):
    """Applying an Action, its id or its label gives the same state."""
    for n in _counts(title):
        game = load(title, n)
        for state, aid in playout(game, seed):
            if aid is None:
                break
            action = game.action(aid)
            by_id = state.clone().apply(aid).to_dict()
            assert state.clone().apply(action.label).to_dict() == by_id, _where(game, seed, state)
            assert state.clone().apply(action).to_dict() == by_id


def check_rejects_cleanly(title, seed=8):
    """Illegal ids, labels and garbage raise IllegalActionError and change nothing."""
    for n in _counts(title):
        game = load(title, n)
        for state, aid in playout(game, seed):
            before = state.to_dict()
            legal = set(int(a) for a in state.legal_action_ids())
            illegal = [a for a in range(game.num_actions) if a not in legal][:3]
            bad = illegal + [game.action_label(a) for a in illegal[:1]] + \
                [-1, game.num_actions, "no such action", 2.5, None, True]
            for b in bad:
                try:
                    state.apply(b)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{_where(game, seed, state)}: {b!r} was accepted")
                assert state.to_dict() == before, f"{_where(game, seed, state)}: {b!r} changed state"


def check_determinize(title, seed=9, every=3):
    """determinize(seat) keeps observation(seat) (and, for the player to move, the
    legal actions), and really resamples hidden data somewhere in the game."""
    for n in _counts(title):
        game = load(title, n)
        resampled = False
        for state, aid in playout(game, seed):
            if len(state.history) % every:
                continue
            rng = random.Random(len(state.history))
            for seat in [None, *range(n)]:
                det = state.determinize(seat, rng)
                assert det.observation(seat) == state.observation(seat), \
                    f"{_where(game, seed, state)}: determinize({seat}) changed the observation"
                if seat is not None and seat == state.current_player:
                    assert list(det.legal_action_ids()) == list(state.legal_action_ids())
                det.check_invariants()
                if det.to_dict()["data"] != state.to_dict()["data"]:
                    resampled = True
        assert resampled, f"{game!r}: determinize never resampled any hidden data"


def check_observation_json(title, seed=10, every=5):
    """Every seat's observation (and the spectator's) survives a JSON round trip."""
    for n in _counts(title):
        game = load(title, n)
        for state, aid in playout(game, seed):
            if len(state.history) % every:
                continue
            for seat in [None, *range(n)]:
                obs = state.observation(seat)
                assert json.loads(json.dumps(obs)) == obs, _where(game, seed, state)


def check_replay(title, seed=11):
    """replay(record()) gives the same state, and replay(upto=k) the k-th state."""
    from .registry import replay
    for n in _counts(title):
        game = load(title, n)
        states = []
        for state, aid in playout(game, seed):
            states.append(state.to_dict())
        end = state
        rec = json.loads(json.dumps(end.record()))
        assert replay(rec).to_dict() == end.to_dict(), f"{game!r}: replay differs"
        k = len(rec["actions"]) // 2
        mid = replay(rec, upto=k).to_dict()
        assert mid["history"] == rec["actions"][:k]


CHECKS = [check_runs_to_end, check_determinism, check_round_trip, check_clone_independent,
          check_action_ids, check_apply_by_label, check_rejects_cleanly, check_determinize,
          check_observation_json, check_replay]


def check_title(title: str) -> None:
    """Run the whole suite on one title."""
    for check in CHECKS:
        check(title)
