"""Issue 8: property-based and fuzz tests with Hypothesis, on every title.

1. Random sequences of legal and illegal API calls (apply, undo and goto through a
   Table, clone, determinize, to_dict/state_from_dict, replay), with the
   invariants checked after each call.
2. Random and malformed widget messages: the comm survives, an error shows, and
   the state stays unchanged.
3. Random bytes and JSON as records and state dicts: always a RecordError.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nbgames
from nbgames import NbgamesError, RecordError

TITLES = nbgames.games()
SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=20)

CALLS = st.lists(st.tuples(st.sampled_from(["legal", "illegal", "garbage", "undo", "goto",
                                            "clone", "determinize", "roundtrip", "replay"]),
                           st.integers(0, 2**31)), min_size=1, max_size=40)


def _check(state):
    state.check_invariants()
    assert json.loads(json.dumps(state.observation(None))) == state.observation(None)
    if not state.is_terminal():
        assert len(state.legal_action_ids()) > 0


@pytest.mark.parametrize("title", TITLES)
@SETTINGS
@given(calls=CALLS, players=st.integers(0, 10), seed=st.integers(0, 2**63 - 1))
def test_random_api_call_sequences_keep_the_invariants(title, calls, players, seed):
    probe = nbgames.load(title)
    n = probe.min_players + players % (probe.max_players - probe.min_players + 1)
    game = nbgames.load(title, n)
    table = nbgames.Table(game, seed=seed)
    for op, x in calls:
        state = table.state
        before = state.to_dict()
        if op == "legal" and not state.is_terminal():
            ids = state.legal_action_ids()
            table.act(int(ids[x % len(ids)]))
        elif op == "illegal":
            legal = set(int(a) for a in state.legal_action_ids())
            aid = x % game.num_actions
            if aid not in legal:
                with pytest.raises(nbgames.IllegalActionError):
                    table.act(aid)
                assert state.to_dict() == before
        elif op == "garbage":
            bad = [None, 1.5, "nonsense", -x - 1, game.num_actions + x, b"x", [1]][x % 7]
            with pytest.raises(NbgamesError):
                table.act(bad)
            assert table.state.to_dict() == before
        elif op == "undo":
            if len(state.history) > table.history_start:
                table.undo()
            else:
                with pytest.raises(NbgamesError):
                    table.undo()
        elif op == "goto":
            table.goto(x % (table.history_len + 1))
        elif op == "clone":
            c = state.clone()
            assert c.to_dict() == before
        elif op == "determinize":
            seat = [None, *range(n)][x % (n + 1)]
            d = state.determinize(seat, x)
            assert d.observation(seat) == state.observation(seat)
            d.check_invariants()
            assert state.to_dict() == before
        elif op == "roundtrip":
            back = game.state_from_dict(json.loads(json.dumps(before)))
            assert back.to_dict() == before
        elif op == "replay":
            assert nbgames.replay(state.record()).to_dict() == before
        _check(table.state)


@pytest.mark.parametrize("title", TITLES)
@SETTINGS
@given(messages=st.lists(JSON | st.fixed_dictionaries(
    {"type": st.sampled_from(["action", "step", "play", "pause", "tick", "undo", "goto",
                              "new_game", "viewer", "speed", "clear_error", "reveal", ""])},
    optional={"id": JSON, "step": JSON, "seed": JSON, "seat": JSON, "value": JSON}),
    min_size=1, max_size=12))
def test_malformed_widget_messages_never_break_the_comm(title, messages):
    w = nbgames.widget(title, seats=["human"] + ["random"] * (nbgames.load(title).players - 1),
                       seed=3)
    for _ in range(3):      # a few moves first, so that a refused goto or undo has a line to spoil
        if w.legal_ids:
            w.act(w.legal_ids[len(w.legal_ids) // 2])
    assert w.step_index > 0
    for msg in messages:
        before = w.state.to_dict()
        was = w.step_index
        w._handle_msg({"content": {"data": {"method": "custom", "content": msg}}, "buffers": []})
        if w.error:
            # a refused message changes nothing, whatever its type
            assert w.state.to_dict() == before and w.step_index == was, msg
        assert not w.reveal
        w.state.check_invariants()
    # and the comm is alive: a legal click still plays
    if w.to_move == w.viewer and w.legal_ids:
        w._handle_msg({"content": {"data": {"method": "custom", "content": {
            "type": "action", "id": w.legal_ids[0]}}}, "buffers": []})
        assert w.error == ""


@pytest.mark.parametrize("title", TITLES)
@SETTINGS
@given(junk=JSON, raw=st.binary(max_size=64))
def test_random_data_as_records_and_states_is_refused(title, junk, raw):
    game = nbgames.load(title)
    for bad in (junk, raw, {"format": "nbgames.record/1", "title": title, "players": 2,
                            "options": junk, "seed": junk, "actions": junk}):
        with pytest.raises(RecordError):
            nbgames.replay(bad)
        with pytest.raises(RecordError):
            game.state_from_dict(bad)


@pytest.mark.parametrize("title", TITLES)
@SETTINGS
@given(path_pick=st.integers(0, 10**6), value=JSON)
def test_any_single_change_to_a_state_dict_is_caught_or_harmless(title, path_pick, value):
    """Replace one value anywhere in a real state dict: the load either refuses it
    with a RecordError or gives back exactly the same state (the value was equal)."""
    game = nbgames.load(title)
    state = game.new_state(seed=11)
    for _ in range(6):
        if not state.is_terminal():
            state.apply(int(state.legal_action_ids()[0]))
    d = json.loads(json.dumps(state.to_dict()))
    slots = []

    def walk(node):
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            slots.append((node, k))
            if isinstance(v, (dict, list)):
                walk(v)
    walk(d)
    node, key = slots[path_pick % len(slots)]
    node[key] = value
    try:
        back = game.state_from_dict(d)
    except RecordError:
        return
    assert back.to_dict() == state.to_dict()
