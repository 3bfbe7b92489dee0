"""The Veggies widget without a browser: driven by the messages the board sends
(start choice, placements, announcements as action ids), the synced traits
checked, the hidden held cards proved absent, and the JS board run on real
synced states of a whole game (node --test js/tests/veggies.test.mjs)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from widget_kit import board_choice, click, play_by_clicks, send, synced

import nbgames
from nbgames.widget.assets import compose_css, compose_esm

ROOT = Path(__file__).resolve().parents[1]
greedy = nbgames.bots.greedy
SEED = 7_362_514_908_331     # long enough that its digits cannot appear by chance



def new(seed=4, **kw):
    return nbgames.widget("veggies", players=2, seats=["human", greedy], seed=seed, **kw)


def test_the_veggies_board_module_is_composed():
    src = compose_esm("veggies")
    assert "// ---- js/veggies.js ----" in src and src.rstrip().endswith("createWidget(__nbg_veggies.board);")
    assert ".vg-board" in compose_css("veggies") and ".nbg-btn" in compose_css("veggies")
    assert type(new()).__name__ == "VeggiesWidget"


def test_a_whole_game_by_clicks_start_place_announce():
    """The shared whole-game driver (tests/widget_kit.py): the start card, seven
    placements sent as ids of a run-length coded list, and an announcement (seed 7: the
    first seed whose clicked game gives seat 0 a tie to announce)."""
    w = new(seed=7)
    assert [w.game.action_space.label(a) for a in w.legal_ids] == ["start with hand card 0",
                                                                   "start with hand card 1"]
    assert w.view["phase"] == "start" and len(w.view["hand"]) == 2
    # hundreds of placements travel as a few runs of ids, no labels
    click(w, board_choice(w))
    assert w.view["phase"] == "place" and len(w.legal) < len(w.legal_ids)
    phases = ["start"] + [view["phase"] for view, _ in play_by_clicks(w)]
    assert phases.count("start") == 1 and phases.count("place") == 7
    assert "announce" in phases, "seed 7 gives seat 0 a tie to announce"
    assert w.view["phase"] == "over" and w.view["result"]["totals"] == w.state.scores()
    assert len(w.state.history) >= 2 * 8


def test_illegal_and_malformed_clicks_change_nothing():
    w = new(seed=4)
    click(w, 0)
    snap = json.dumps(w.state.to_dict(), sort_keys=True)
    # nowhere near the stand
    far = w.game.action_space.encode("place", src=0, rot=0, row=w.game.E, col=w.game.E)
    for bad in (far, 0, 3, w.game.num_actions, -1, "7", None, 1.5):
        click(w, bad)
        assert w.error, bad
        assert json.dumps(w.state.to_dict(), sort_keys=True) == snap
    send(w, {"type": "clear_error"})
    assert w.error == ""
    # a legal click clears nothing but moves on
    click(w, w.legal_ids[0])
    assert w.error == "" and w.to_move == 0


def test_undo_goto_and_new_game_with_the_numpy_state():
    w = new(seed=4)
    click(w, 1)
    click(w, board_choice(w))
    step = w.step_index
    assert step == 4
    view = w.view
    send(w, {"type": "undo"})
    assert w.step_index == 2 and w.view["phase"] == "place"
    assert len(w.view["stands"][0]["cards"]) == 1
    send(w, {"type": "goto", "step": step})
    assert w.view == view
    send(w, {"type": "new_game", "seed": 9})
    assert w.step_index == 0 and w.state.seed == 9 and w.view["phase"] == "start"


def test_spectator_and_other_viewers_get_no_moves():
    w = nbgames.widget("veggies", players=2, seats=["human", "human"], seed=3, viewers="all")
    assert w.viewer == 0 and w.legal
    send(w, {"type": "viewer", "seat": None})
    assert w.legal == [] and w.view["hand"] == []
    click(w, 0)
    assert "spectator" in w.error


def test_four_player_teams_widget():
    w = nbgames.widget("veggies", players=4, seats=["human", greedy, greedy, greedy], seed=2,
                       stand_cards=3)
    while w.to_move is not None:
        click(w, board_choice(w))
        assert w.error == ""
    assert w.view["teams"] == [[0, 2], [1, 3]]
    r = w.view["result"]
    assert r["team_totals"] == [r["totals"][0] + r["totals"][2], r["totals"][1] + r["totals"][3]]
    assert set(w.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})


# -- hidden information ------------------------------------------------------------

def positions(players: int, seed: int, every: int):
    """States along a seeded greedy-vs-random game, every ``every`` decisions, plus
    every state of the announcement phase and the end."""
    game = nbgames.load("veggies", players=players)
    state = game.new_state(seed=seed)
    bots = [nbgames.bots.RandomPolicy(seed=i) if i % 2 else nbgames.bots.GreedyPolicy(seed=i)
            for i in range(players)]
    out = []
    while not state.is_terminal():
        if len(state.history) % every == 0 or state.observation(None)["phase"] == "announce":
            out.append(state.clone())
        state.apply(bots[state.current_player](state.observation(state.current_player),
                                               state.legal_actions()))
    out.append(state.clone())
    return out


def _cards_in(view, found):
    """Every card id the observation names (cards are ids into the catalog): the
    placed cards, the ramp, the viewer's hand, the viewer's secret start card and,
    in teaching mode, the revealed hands."""
    for stand in view["stands"]:
        found.update(c[0] for c in stand["cards"])
    found.update(c for c in view["ramp"] if c is not None)
    found.update(view["hand"])
    if view.get("my_start") is not None:
        found.add(view["my_start"])
    for r in view.get("reveal") or []:
        found.update(r.get("hand", []))
    return found


# the keys of an observation _cards_in knows (a new key must be added there too)
KNOWN_KEYS = {"title", "players", "seat", "current_player", "step", "phase", "stand_cards", "window",
              "goods", "stands", "ramp", "deck", "hand", "teams", "announce_count", "announced",
              "my_announcement", "started", "my_start", "announcements", "pooled", "result",
              "my_options"}


def _announce_case():
    """A 2-player position in the announcement phase where seat 0 has made a hidden
    tie choice and seat 1 still owes one (found by search over seeds)."""
    game = nbgames.load("veggies", players=2)
    bot = nbgames.bots.GreedyPolicy(seed=1)
    for seed in range(200):
        state = game.new_state(seed=SEED + seed)
        while not state.is_terminal():
            obs = state.observation(None)
            if obs["phase"] == "announce" and state.current_player == 1 and obs["announced"][0]:
                if state.observation(0)["my_options"]["picks"]:
                    return state
            p = state.current_player
            state.apply(bot(state.observation(p), state.legal_actions()))
    raise AssertionError("no announcement case found")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_states_sync_identical_traits(players):
    rng = random.Random(players)
    n = phases = 0
    cases = positions(players, SEED + players, every={2: 3, 3: 5, 4: 7}[players])
    if players == 2:
        cases.append(_announce_case())
    seen = set()
    for state in cases:
        seen.add(state.observation(None)["phase"])
        for viewer in [*range(players), None]:
            real = synced(nbgames.widget(state=state, viewer=viewer))
            for _ in range(2):
                fake_state = state.determinize(viewer, rng)
                fake = synced(nbgames.widget(state=fake_state, viewer=viewer))
                assert fake == real, (players, len(state.history), viewer)
                n += 1
            phases += 1
    assert {"start", "place", "announce", "over"} <= seen
    assert n > 30


@pytest.mark.parametrize("players", [2, 4])
def test_other_held_cards_and_the_deck_never_reach_the_browser(players):
    cases = positions(players, SEED + 10 * players, every=2) + ([_announce_case()] if players == 2 else [])
    for state in cases:
        for viewer in [*range(players), None]:
            w = nbgames.widget(state=state, viewer=viewer)
            data = synced(w)
            text = json.dumps(data)
            assert str(state.seed) not in text, "the seed reached the browser"
            for key in ("deck_order", "hands", "ann_opts", "seed", "history", "tops", "masks"):
                assert f'"{key}"' not in text, key
            assert data["view"] == state.observation(viewer)
            hidden = set(state.deck)
            for s in range(players):
                if s != viewer:
                    hidden.update(state.hands[s])
            shown = _cards_in(data["view"], set())
            assert set(data["view"]) <= KNOWN_KEYS, set(data["view"]) - KNOWN_KEYS
            assert not (shown & hidden), (len(state.history), viewer, shown & hidden)
            # card numbers in the log lines the viewer reads: never a hidden card
            logged = {int(x) for line in data["log_lines"] for x in re.findall(r"#(\d+)", line)}
            assert not (logged & hidden), (len(state.history), viewer, logged & hidden)
            # another seat's tie choice stays hidden until all are in
            obs = data["view"]
            if obs["phase"] == "announce":
                assert obs["announcements"] is None and obs["pooled"] is None
                assert not any(re.match(r"Player \d announces", line) for line in data["log_lines"])
                mine = [] if viewer is None else state.ann[viewer] + [
                    state.game.action_label(a).removeprefix("announce ")
                    for a in state.secret_choices(viewer)]
                assert obs["my_announcement"] == mine


def test_legal_moves_only_for_the_human_seat_to_move():
    for state in positions(2, SEED, every=3)[:-1]:
        for viewer in (0, 1, None):
            w = nbgames.widget(state=state, viewer=viewer)
            if viewer == state.current_player:
                assert w.legal_ids == sorted(int(x) for x in state.legal_actions().ids)
            else:
                assert w.legal == [] and w.legal_ids == []


# -- payloads (the JS board on real synced states: tests/test_js.py) -----------------

def test_update_payloads_stay_moderate():
    """The size of what one click sends back (JSON of the changed traits). The legal
    list dominates while placing: hundreds of ids, sent as runs."""
    w = new(seed=4)
    sizes = []
    while w.to_move is not None:
        before = synced(w)
        click(w, board_choice(w))
        after = synced(w)
        sizes.append(len(json.dumps({k: v for k, v in after.items() if before.get(k) != v})))
    assert max(sizes) < 150_000, sizes


def test_run_length_coding_of_long_legal_lists():
    from nbgames.widget.wire import expand_runs, run_length
    # [gap, count, ...]: 3..5, then 3 after 6: 9..10, then 9 after 11: 20
    assert run_length([5, 3, 4, 9, 10, 20]) == [3, 3, 3, 2, 9, 1]
    assert run_length([0, 1]) == [0, 2]
    assert run_length([]) == []
    assert expand_runs(run_length([5, 3, 4, 9, 10, 20])) == [3, 4, 5, 9, 10, 20]
