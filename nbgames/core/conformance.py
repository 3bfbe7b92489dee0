"""The conformance suite every title must pass.

``tests/test_conformance.py`` runs every check below (and the widget's checks in
the widget package's ``conformance`` module) on every title found in ``nbgames/games/``,
at every supported player count, with the default options and with each option
set of the title's ``SPEC.variants``. A new title joins the suite by existing.
Each check raises AssertionError with the game, the seed and the step where it
failed.
"""

from __future__ import annotations

import json
import random

from . import fields as _fields
from .errors import IllegalActionError
from .registry import load, spec


def games_of(title: str):
    """Every game the suite runs for a title: each player count, with the default
    options and with each option set of ``SPEC.variants``."""
    first = load(title)
    for options in ({}, *spec(title).variants):
        for n in range(first.min_players, first.max_players + 1):
            yield load(title, n, **options)


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
    for game in games_of(title):
        for seed in seeds:
            for state, _aid in playout(game, seed):
                try:
                    state.check_invariants()
                except AssertionError as e:
                    raise AssertionError(f"{_where(game, seed, state)}: invariant: {e}") from None
            assert state.is_terminal() and state.current_player is None
            assert len(state.scores()) == game.players, _where(game, seed, state)
            assert state.winners() and all(0 <= w < game.players for w in state.winners())
            assert state.legal_action_ids() == [] or len(state.legal_action_ids()) == 0


def check_determinism(title, seed=3):
    """The same seed and the same ids give the same to_dict()."""
    for game in games_of(title):
        *_, (end, _) = playout(game, seed)
        again = game.new_state(seed=seed)
        for aid in end.history:
            again.apply(aid)
        assert again.to_dict() == end.to_dict(), f"{game!r} seed {seed}: not deterministic"
        assert game.new_state(seed=seed).to_dict() != game.new_state(seed=seed + 1).to_dict(), \
            f"{game!r}: different seeds give the same start"


def check_round_trip(title, seed=4, positions=60):
    """to_dict is JSON-able at every step, and state_from_dict rebuilds an equal
    state that plays on identically: at every step of a game of up to
    ``positions`` decisions, and at ``positions`` steps spread evenly over a longer
    one (its first and last included). Rebuilding replays the history from the
    seed, so checking every step of a 400-decision game would replay 80,000
    decisions; the spread keeps every phase of the game in the check."""
    for game in games_of(title):
        length = sum(1 for _ in playout(game, seed))
        stride = max(1, -(-length // positions))
        for state, aid in playout(game, seed):
            d = state.to_dict()
            d2 = json.loads(json.dumps(d))
            assert d2 == d, f"{_where(game, seed, state)}: to_dict is not plain JSON data"
            step = len(state.history)
            if step % stride and step != length - 1:
                continue
            back = game.state_from_dict(d2)
            assert back.to_dict() == d, f"{_where(game, seed, state)}: round trip differs"
            assert list(back.legal_action_ids()) == list(state.legal_action_ids())
            if aid is not None:
                assert back.apply(aid).to_dict() == state.clone().apply(aid).to_dict()


def check_clone_independent(title, seed=5):
    """A clone and its original never share mutable data."""
    for game in games_of(title):
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
    for game in games_of(title):
        for state, _aid in playout(game, seed):
            ids = [int(a) for a in state.legal_action_ids()]
            assert len(set(ids)) == len(ids), f"{_where(game, seed, state)}: duplicate ids"
            assert all(0 <= a < game.num_actions for a in ids)
            acts = state.legal_actions()
            labels = [a.label for a in acts]
            assert len(set(labels)) == len(labels), f"{_where(game, seed, state)}: duplicate labels"
            for a in acts[:50]:
                assert game.action_id(a.label) == a.id and game.action_label(a.id) == a.label


def check_action_space(title, sample=3000):
    """The layout covers ``range(num_actions)`` kind by kind; decode/encode and
    label/parse are inverse on every id (or a seeded sample of a large space);
    the JSON layout is what the browser needs to decode ids."""
    rng = random.Random(0)
    for game in games_of(title):
        space = game.action_space
        layout = json.loads(json.dumps(space.to_json()))
        assert layout["size"] == game.num_actions == sum(k["count"] for k in layout["kinds"])
        bases = [k["base"] for k in layout["kinds"]]
        assert bases == sorted(bases) and bases[0] == 0
        ids = range(game.num_actions) if game.num_actions <= sample else \
            sorted(rng.sample(range(game.num_actions), sample))
        for aid in ids:
            fields = space.decode(aid)
            assert space.encode(**fields) == aid, f"{game!r}: encode(decode({aid})) = {fields}"
            assert space.parse(space.label(aid)) == aid, f"{game!r}: label of {aid} does not parse"


def check_apply_by_label(title, seed=7):
    """Applying an Action, its id or its label gives the same state."""
    for game in games_of(title):
        for state, aid in playout(game, seed):
            if aid is None:
                break
            action = game.action(aid)
            by_id = state.clone().apply(aid).to_dict()
            assert state.clone().apply(action.label).to_dict() == by_id, _where(game, seed, state)
            assert state.clone().apply(action).to_dict() == by_id


def check_rejects_cleanly(title, seed=8):
    """Illegal ids, labels and garbage raise IllegalActionError and change nothing."""
    for game in games_of(title):
        for state, _aid in playout(game, seed):
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
            if state.to_dict() != before:        # one comparison a step; on a change, find which
                for b in bad:
                    probe = game.state_from_dict(before)
                    try:
                        probe.apply(b)
                    except IllegalActionError:
                        pass
                    assert probe.to_dict() == before, f"{_where(game, seed, state)}: {b!r} changed state"
                raise AssertionError(f"{_where(game, seed, state)}: refused actions changed the state")


def check_determinize(title, seed=9, every=3):
    """``determinize(seat)`` (ARCHITECTURE.md, "Hidden information"), at every 3rd
    step of a random game, for every seat and the spectator:

    (a) the same observation, legal actions (for the seat to move) and step;
    (b) consistent with itself: ``state_from_dict(copy.to_dict())`` rebuilds it from
        its own start and history, before and after a move (checked for one seat a
        position, each seat in turn);
    (c) its log is the lines the seat read in the truth, nothing more;
    (d, e) the title's invariants hold on it: the rules' constraints and the
        consistency of hidden parts with the public events the seat saw;
    and it really resamples hidden data somewhere in the game."""
    for game in games_of(title):
        resampled = False
        for state, _aid in playout(game, seed):
            if len(state.history) % every:
                continue
            rng = random.Random(len(state.history))
            seats = [None, *range(game.players)]
            reload_seat = seats[(len(state.history) // every) % len(seats)]
            for seat in seats:
                where = f"{_where(game, seed, state)} determinize({seat})"
                det = state.determinize(seat, rng)
                assert det.observation(seat) == state.observation(seat), \
                    f"{where}: the observation changed"
                assert det.step == state.step, f"{where}: step {det.step} != {state.step}"
                if seat is not None and seat == state.current_player:
                    assert list(det.legal_action_ids()) == list(state.legal_action_ids()), \
                        f"{where}: the legal actions changed"
                seen = [x for x in state._log if x[0] is None or x[0] == seat]
                assert det._log == seen, f"{where}: the copy's log is not the lines the seat read"
                for other in range(game.players):
                    assert det.log(other) == [t for to, t in seen if to is None or to == other]
                try:
                    det.check_invariants()
                except AssertionError as e:
                    raise AssertionError(f"{where}: a copy breaks an invariant: {e}") from None
                if seat == reload_seat:      # (b) for one seat a position, in turn: rebuilding
                    _check_reloads(game, det, where)     # is the costly part
                if det.to_dict()["data"] != state.to_dict()["data"]:
                    resampled = True
        assert resampled, f"{game!r}: determinize never resampled any hidden data"


def _check_reloads(game, det, where):
    """(b): the copy, and the copy after one legal move, reload through state_from_dict."""
    d = json.loads(json.dumps(det.to_dict()))
    try:
        back = game.state_from_dict(d)
    except Exception as e:     # noqa: BLE001 - reported with the place
        raise AssertionError(f"{where}: state_from_dict refuses the copy: {e}") from None
    assert back.to_dict() == d, f"{where}: the copy does not reload equal"
    if not det.is_terminal():
        ids = det.legal_action_ids()
        moved = det.clone().apply(int(ids[len(ids) // 2]))
        d2 = json.loads(json.dumps(moved.to_dict()))
        assert game.state_from_dict(d2).to_dict() == d2, f"{where}: a moved copy does not reload"
        assert d2["start"] == d["start"] and len(d2["history"]) == 1


# -- twins: true states a seat cannot tell apart -----------------------------------------
def hidden_places(state, seat):
    """Every place of ``state.to_dict()["data"]`` that ``seat`` cannot see, by pool:
    {pool: [(part, key, index)]}, derived from the title's ``FIELDS`` alone
    (:func:`nbgames.core.fields.hidden_places`; parts declared ``hook=True``
    included)."""
    return _fields.hidden_places(state, seat)


def twin(state, seat, rng, tries: int = 40):
    """A genuinely different true state that ``seat`` cannot tell apart from
    ``state``: two different items in places ``seat`` cannot see (a pool of the
    title's FIELDS) swapped, staged with ``game.scenario`` at the same step, and
    accepted only if the title's invariants hold and the seat's observation, log
    and legal actions are the same. None when no such swap is found."""
    game = state.game
    places = hidden_places(state, seat)
    pools = [p for p in places.values() if len(p) >= 2]
    d = state.to_dict()
    for _ in range(tries if pools else 0):
        where = pools[rng.randrange(len(pools))]
        (pa, sa, ia), (pb, sb, ib) = rng.sample(where, 2)
        data = json.loads(json.dumps(d["data"]))
        box_a = data[pa] if sa is None else data[pa][sa]
        box_b = data[pb] if sb is None else data[pb][sb]
        if box_a[ia] == box_b[ib]:
            continue
        box_a[ia], box_b[ib] = box_b[ib], box_a[ia]
        try:
            other = game.scenario({**d, "history": [], "start": None, "data": data,
                                   "step": state.step})
        except Exception:     # noqa: BLE001 - a swap the rules forbid: try another
            continue
        if (other.observation(seat) == state.observation(seat) and other.log(seat) == state.log(seat)
                and (seat != state.current_player
                     or list(other.legal_action_ids()) == list(state.legal_action_ids()))):
            return other
    return None


def check_determinize_twins(title, seed=13, every=4, walk=60):
    """(c) Two true states that a seat cannot tell apart give equal copies for the
    same generator, field for field (seed, start, history, log, data). The twins
    are genuinely different games: a start whose hidden cards differ (a swap the
    title's FIELDS allow, staged with ``game.scenario``), then the same decisions
    played into both, chosen at random among those legal in both that keep the
    seat's observation and log equal; compared at every 4th step."""
    for game in games_of(title):
        for seat in range(game.players):
            rng = random.Random(seed * 31 + seat)
            a = game.new_state(seed=seed + seat)
            b = twin(a, seat, rng)
            assert b is not None, f"{game!r}: no twin of the start for seat {seat}"
            compared = 0
            for k in range(walk):
                if a.is_terminal():
                    break
                if k % every == 0:
                    r = rng.getrandbits(32)
                    ca = a.determinize(seat, random.Random(r)).to_dict()
                    cb = b.determinize(seat, random.Random(r)).to_dict()
                    if ca != cb:
                        bad = [key for key in ca if ca[key] != cb[key]]
                        if "data" in bad:
                            bad += [f"data.{x}" for x in ca["data"] if ca["data"][x] != cb["data"][x]]
                        raise AssertionError(f"{game!r} seed {seed} step {a.step}: the copies of "
                                             f"two states seat {seat} cannot tell apart differ "
                                             f"at {bad}")
                    compared += 1
                common = [int(x) for x in a.legal_action_ids()
                          if int(x) in set(int(y) for y in b.legal_action_ids())]
                rng.shuffle(common)
                for aid in common:
                    a2, b2 = a.clone().apply(aid), b.clone().apply(aid)
                    if a2.observation(seat) == b2.observation(seat) and a2.log(seat) == b2.log(seat):
                        a, b = a2, b2
                        break
                else:
                    break
            assert compared >= 1, f"{game!r} seat {seat}: no twin position compared"


def check_observation_hides(title, seed=14, every=5):
    """The observation shows a seat nothing it may not see: moving any two items
    between places the title's FIELDS declare hidden from the seat (a swap staged
    with ``game.scenario``) leaves the seat's observation unchanged. Swaps the
    rules forbid (the title's invariants) are skipped; some must be possible."""
    for game in games_of(title):
        swapped = 0
        for state, _aid in playout(game, seed):
            if len(state.history) % every:
                continue
            rng = random.Random(state.step)
            for seat in [None, *range(game.players)]:
                places = hidden_places(state, seat)
                d = state.to_dict()
                for where in places.values():
                    if len(where) < 2:
                        continue
                    (pa, sa, ia), (pb, sb, ib) = rng.sample(where, 2)
                    data = json.loads(json.dumps(d["data"]))
                    box_a = data[pa] if sa is None else data[pa][sa]
                    box_b = data[pb] if sb is None else data[pb][sb]
                    box_a[ia], box_b[ib] = box_b[ib], box_a[ia]
                    try:
                        other = game.scenario({**d, "history": [], "start": None, "data": data,
                                               "step": state.step})
                    except Exception:     # noqa: BLE001 - a swap the rules forbid
                        continue
                    swapped += 1
                    assert other.observation(seat) == state.observation(seat), \
                        (f"{_where(game, seed, state)}: seat {seat}'s observation changes when "
                         f"{pa}{'' if sa is None else f'[{sa}]'}[{ia}] and "
                         f"{pb}{'' if sb is None else f'[{sb}]'}[{ib}] (hidden from it) swap")
        assert swapped, f"{game!r}: no hidden swap was possible in a whole game"


def _masked(state, data, boxes_of):
    """``data`` (a copy of a state's saved parts) with every box of ``boxes_of``
    (what the declaration hides from one seat) replaced by a mark, and a message
    (or None) about what a copy must
    keep inside one: a hidden pile's size (a face-down pile shows how many cards it
    holds) and the items everyone knows (``known``)."""
    for name, boxes in boxes_of.items():
        for key, lo, hi, keep in boxes:
            box = data[name] if key is None else data[name][key]
            if keep is not None:
                rest = list(box)
                for x in keep:
                    if x not in rest:
                        return None, f"{name}[{key}] lost the known {x!r}"
                    rest.remove(x)
            if key is not None and type(state).FIELDS[name].kind == "private":
                data[name][key] = "(hidden)"      # its size may be hidden too
            else:
                box[lo:hi] = ["(hidden)"] * (hi - lo)
    return data, None


def check_resample_stays_hidden(title, seed=15, every=4):
    """The declaration is whole: ``determinize(seat)`` (the core's deal and the
    title's ``_resample_more`` alike) changes nothing but the places ``FIELDS``
    hides from the seat (a part's ``top``/``bottom``, ``known`` items, a hidden
    pile's size and every public part stay), checked at every 4th step of a random
    game for every seat and the spectator; and every part declared ``hook=True``
    hides places from some seat in the title's games (a part the title resamples
    but the declaration never hides fails here, as would the conformance swaps
    that never move it)."""
    hooks = {n for n, p in load(title).State.FIELDS.items() if p.hook}
    placed = set()
    for game in games_of(title):
        for state, _aid in playout(game, seed):
            seats = [None, *range(game.players)]
            for seat in seats:
                places = hidden_places(state, seat)
                placed.update(n for where in places.values() for n, _k, _i in where)
            if len(state.history) % every:
                continue
            truth = json.loads(json.dumps(state.to_dict()["data"]))
            rng = random.Random(state.step)
            for seat in seats:
                boxes = _fields.hidden_boxes(state, seat)
                det = json.loads(json.dumps(state.determinize(seat, rng).to_dict()["data"]))
                want, _ = _masked(state, json.loads(json.dumps(truth)), boxes)
                got, lost = _masked(state, det, boxes)
                where = f"{_where(game, seed, state)} determinize({seat})"
                assert lost is None, f"{where}: {lost}"
                if got != want:
                    bad = [k for k in want if got.get(k) != want[k]]
                    raise AssertionError(f"{where}: the copy changed {bad} where FIELDS hides "
                                         f"nothing from the seat")
    assert hooks <= placed, (f"{title}: the parts {sorted(hooks - placed)} are resampled by the "
                             f"title (hook=True) but hide no place from any seat in its games")


def check_observation_json(title, seed=10, every=5):
    """Every seat's observation (and the spectator's) survives a JSON round trip."""
    for game in games_of(title):
        for state, _aid in playout(game, seed):
            if len(state.history) % every:
                continue
            for seat in [None, *range(game.players)]:
                obs = state.observation(seat)
                assert json.loads(json.dumps(obs)) == obs, _where(game, seed, state)


def check_replay(title, seed=11):
    """replay(record()) gives the same state, and replay(upto=k) the k-th state."""
    from .registry import replay
    for game in games_of(title):
        states = []
        for state, _aid in playout(game, seed):
            states.append(state.to_dict())
        end = state
        rec = json.loads(json.dumps(end.record()))
        assert replay(rec).to_dict() == end.to_dict(), f"{game!r}: replay differs"
        k = len(rec["actions"]) // 2
        mid = replay(rec, upto=k).to_dict()
        assert mid["history"] == rec["actions"][:k]


def check_encoder(title, seed=12, every=3):
    """The observation tensor: float32, the same shape at every step and for every
    seat (the layout's size), finite values, and a determinized copy gives the
    viewer the same tensor (so it holds nothing the viewer cannot see)."""
    import numpy as np
    for game in games_of(title):
        layout = game.observation_layout()
        names = [s.name for s in layout]
        assert len(set(names)) == len(names), f"{game!r}: slice names repeat"
        assert all(s.stop > s.start for s in layout), f"{game!r}: an empty slice"
        rng = random.Random(seed)
        for state, _aid in playout(game, seed):
            if len(state.history) % every and not state.is_terminal():
                continue
            for seat in [None, *range(game.players)]:
                x = state.observation_tensor(seat)
                where = f"{_where(game, seed, state)} seat {seat}"
                assert x.dtype == np.float32 and x.shape == (layout.size,), \
                    f"{where}: tensor {x.dtype}{x.shape}, layout says float32[{layout.size}]"
                assert np.all(np.isfinite(x)), f"{where}: a value is not finite"
                for sl in layout:
                    part = x[sl.start:sl.stop]
                    if sl.kind in ("onehot", "multihot", "grid"):
                        assert part.min() >= 0 and part.max() <= 1, \
                            f"{where}: {sl.kind} slice {sl.name} has values outside 0..1"
                    if sl.kind == "onehot":
                        assert part.sum() <= 1, f"{where}: one-hot slice {sl.name} has several 1s"
                    if sl.kind == "counts":
                        assert part.min() >= 0, f"{where}: counts slice {sl.name} is negative"
                if seat is not None:
                    det = state.determinize(seat, rng).observation_tensor(seat)
                    if not np.array_equal(det, x):
                        bad = [s.name for s in layout
                               if not np.array_equal(det[s.start:s.stop], x[s.start:s.stop])]
                        raise AssertionError(f"{where}: a determinized copy changes the tensor "
                                             f"at {bad}")


CHECKS = [check_runs_to_end, check_determinism, check_round_trip, check_clone_independent,
          check_action_ids, check_action_space, check_apply_by_label, check_rejects_cleanly,
          check_determinize, check_determinize_twins, check_observation_hides,
          check_resample_stays_hidden,
          check_observation_json, check_replay, check_encoder]


def check_title(title: str) -> None:
    """Run the whole engine suite on one title (the widget's checks are in
    the widget package)."""
    for check in CHECKS:
        check(title)
