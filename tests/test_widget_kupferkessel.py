"""The Kupferkessel widget without a browser: driven by the messages the board sends
(take, symbol, keep/discard as action ids), the synced traits checked, the
buried kettle cards proved absent in table mode (leak proof in both memory modes),
and the JS board run on real synced states of whole games
(node --test js/tests/kupferkessel.test.mjs)."""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path

import pytest
from widget_kit import board_choice, click, play_by_clicks, send, synced

import nbgames
from nbgames.widget.assets import compose_css, compose_esm

ROOT = Path(__file__).resolve().parents[1]
greedy = nbgames.bots.greedy
SEED = 5_318_008_271_337     # long enough that its digits cannot appear by chance



def new(seed=4, **kw):
    opts = {k: kw.pop(k) for k in ("memory", "recipes", "players") if k in kw}
    players = opts.pop("players", 2)
    game = nbgames.load("kupferkessel", players=players, **opts)
    return nbgames.widget(game, seats=["human"] + [greedy] * (players - 1), seed=seed, **kw)


def test_the_board_module_is_composed():
    """Issue 9, board: the title's board module and CSS are composed into the widget."""
    src = compose_esm("kupferkessel")
    assert "// ---- js/kupferkessel.js ----" in src
    assert src.rstrip().endswith("createWidget(__nbg_kupferkessel.board);")
    assert ".kk-board" in compose_css("kupferkessel") and ".nbg-btn" in compose_css("kupferkessel")


@pytest.mark.parametrize("memory", ["table", "recall"])
def test_a_whole_game_by_clicks_takes_and_uses_symbols(memory):
    """Issue 9, board: the shared whole-game driver (tests/widget_kit.py) with
    recipes, in both memory modes: takes, symbols, the last card."""
    w = new(seed=4, memory=memory, recipes=True)
    kinds = [w.game.action_space.decode(aid)["kind"] for _, aid in play_by_clicks(w)]
    assert "take" in kinds and "use" in kinds
    assert [r["total"] for r in w.view["result"]] == w.state.scores()
    assert ("stacks" in w.view) == (memory == "recall")


def test_illegal_and_malformed_clicks_change_nothing():
    """Bad input: a click that is not legal shows an error and changes nothing."""
    w = new(seed=4)
    snap = json.dumps(w.state.to_dict(), sort_keys=True)
    sp = w.game.action_space
    for bad in (sp.encode("take", row=0, col=0), sp.encode("last", choice=0),
                sp.encode("use", symbol=0), w.game.num_actions, -1, "7", None, 1.5):
        click(w, bad)
        assert w.error, bad
        assert json.dumps(w.state.to_dict(), sort_keys=True) == snap
    send(w, {"type": "clear_error"})
    assert w.error == ""
    click(w, w.legal_ids[0])
    assert w.error == ""


def test_undo_and_new_game():
    """Controls: undo returns to the human's decision; a new game with a seed starts over."""
    w = new(seed=4)
    view = w.view
    click(w, w.legal_ids[0])
    send(w, {"type": "undo"})
    assert w.view == view
    send(w, {"type": "new_game", "seed": 9})
    assert w.step_index == 0 and w.state.seed == 9


def positions(players, memory, seed, every=3, recipes=True):
    game = nbgames.load("kupferkessel", players=players, memory=memory, recipes=recipes)
    state = game.new_state(seed=seed)
    bots = [nbgames.bots.RandomPolicy(seed=i) for i in range(players)]
    out = []
    seen = set()                        # every phase at least once, whatever the seeded moves
    while not state.is_terminal():
        phase = state.observation(None)["phase"]
        if len(state.history) % every == 0 or phase not in seen:
            seen.add(phase)
            out.append(state.clone())
        state.apply(bots[state.current_player](state.observation(state.current_player),
                                               state.legal_actions()))
    out.append(state.clone())
    return out


@pytest.mark.parametrize("memory", ["table", "recall"])
@pytest.mark.parametrize("players", [2, 3])
def test_determinized_states_sync_identical_traits(players, memory):
    """ARCHITECTURE.md, "Hidden information"; issue 9 leak proof in both memory modes: a
    widget made from a state and one made from state.determinize(viewer) sync identical traits,
    for every viewer; and the resampling really changed hidden data."""
    rng = random.Random(players)
    n = changed = 0
    phases = set()
    for state in positions(players, memory, SEED + players):
        phases.add(state.observation(None)["phase"])
        for viewer in [*range(players), None]:
            real = synced(nbgames.widget(state=state, viewer=viewer))
            for _ in range(2):
                fake_state = state.determinize(viewer, rng)
                fake = synced(nbgames.widget(state=fake_state, viewer=viewer))
                assert fake == real, (players, memory, len(state.history), viewer)
                changed += fake_state.to_dict()["data"] != state.to_dict()["data"]
                n += 1
    assert {"take", "symbol", "over"} <= phases
    assert n > 40 and changed > n // 2


@pytest.mark.parametrize("players", [2, 3])
def test_buried_cards_never_reach_the_browser_in_table_mode(players):
    """Issue 9, table memory: no synced trait names a buried kettle card (the owner's
    included), a deck card, or another seat's recipe, before the end."""
    for state in positions(players, "table", SEED + 7 * players, every=2)[:-1]:
        d = state.to_dict()["data"]
        hidden = set(d["deck"][d["pin_under"]:]) | {x for k in d["kettles"] for x in k[:-1]}
        names = state.game.card_names
        for viewer in [*range(players), None]:
            w = nbgames.widget(state=state, viewer=viewer)
            data = synced(w)
            view = data["view"]
            assert "stacks" not in view and "kettles" not in view
            shown = {x for x in view["grid"] if x >= 0} | set(view["tops"])
            shown |= {e[2] for e in view["events"] if e[0] in ("start", "under", "explode")}
            shown |= {e[3] for e in view["events"] if e[0] == "take"}
            shown |= {e[2] for e in view["events"] if e[0] == "refill"}
            assert not (shown & hidden), (len(state.history), viewer)
            assert str(state.seed) not in json.dumps(data)
            # the log does not name cards that end up buried
            for line in data["log_lines"]:
                for x in hidden:
                    assert f"{names[x]} " not in line + " " and f"{names[x]}." not in line, line
            assert view["recipes"] == (d["recipes"][viewer] if viewer is not None else [])


def test_recall_mode_syncs_the_memory_table_mode_not():
    """Issue 9, board: recall mode sends every kettle's cards (the memory panel);
    table mode sends only tops and heights."""
    for memory in ("table", "recall"):
        w = new(seed=3, memory=memory)
        for _ in range(6):
            click(w, board_choice(w))
        v = w.view
        assert v["sizes"][0] > 1
        if memory == "recall":
            assert v["stacks"] == w.state.to_dict()["data"]["kettles"]
        else:
            assert "stacks" not in v and v["tops"] == [k[-1] for k in w.state.to_dict()["data"]["kettles"]]


def test_legal_moves_only_for_the_human_seat_to_move():
    """Issue 9, board: only the human seat to move gets clickable actions."""
    for state in positions(2, "table", SEED, every=3)[:-1]:
        for viewer in (0, 1, None):
            w = nbgames.widget(state=state, viewer=viewer)
            if viewer == state.current_player:
                assert w.legal_ids == sorted(int(x) for x in state.legal_action_ids())
            else:
                assert w.legal == [] and w.legal_ids == []


def test_update_payload_median_under_3kb():
    """Issue 9, widget: the median update (changed synced traits) is at most 3 KB."""
    sizes = []
    for memory in ("table", "recall"):
        for seed in (1, 2):
            w = new(seed=seed, memory=memory)
            before = synced(w)
            while w.to_move is not None:
                click(w, board_choice(w))
                after = synced(w)
                sizes.append(len(json.dumps({k: v for k, v in after.items() if before.get(k) != v},
                                            separators=(",", ":"))))
                before = after
    assert statistics.median(sizes) <= 3000, statistics.median(sizes)
