"""The Chill & Chili widget without a browser: driven by the messages the board
sends (action ids), the synced traits checked, hidden information proved absent
(a widget from a state and one from ``state.determinize(viewer)`` sync identical
traits), update sizes measured, and the JS board run on every synced state of a
whole game (node --test js/tests/chill_and_chili.test.mjs)."""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
from pathlib import Path

import pytest
from widget_kit import board_choice, board_says, click, play_by_clicks, send, synced

import nbgames
from nbgames.widget.assets import compose_css, compose_esm

ROOT = Path(__file__).resolve().parents[1]
greedy = nbgames.bots.greedy
SEED = 5_918_273_645_001     # long enough that its digits cannot appear by chance



def new(seed=4, players=2, **kw):
    return nbgames.widget("chill_and_chili", players=players,
                          seats=["human"] + [greedy] * (players - 1), seed=seed, **kw)


def test_the_board_module_is_composed():
    src = compose_esm("chill_and_chili")
    assert "// ---- js/chill_and_chili.js ----" in src
    assert src.rstrip().endswith("createWidget(__nbg_chill_and_chili.board);")
    assert ".cc-board" in compose_css("chill_and_chili") and ".nbg-btn" in compose_css("chill_and_chili")
    assert type(new()).__name__ == "ChillAndChiliWidget"


def test_composed_module_loads_in_node(tmp_path):
    """The string anywidget receives is one self-contained ES module with render()."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    mod = tmp_path / "cc.mjs"
    mod.write_text(compose_esm("chill_and_chili"))
    code = ("import(process.argv[1]).then(m => { if (typeof m.default.render !== 'function') "
            "process.exit(3); console.log('ok'); }).catch(e => { console.error(e); process.exit(2); })")
    r = subprocess.run([node, "--input-type=module", "-e", code, str(mod)], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_a_whole_game_by_clicks_reaches_the_main_step_and_the_result():
    """The shared whole-game driver (tests/widget_kit.py) on this board."""
    w = new(seed=4)
    stages = {view["stage"] for view, _ in play_by_clicks(w)}
    assert {"main"} <= stages
    assert w.view["result"]["winners"] == w.state.winners() == w.winners


def test_water_drops_by_clicks():
    """C) Take Chips through the widget: take as water, then click a bed's sun."""
    w = new(seed=11)
    g = w.game
    for _ in range(400):
        if w.to_move is None:
            break
        legal = w.legal_ids
        water = [a for a in legal if g.action_space.unpack(a)[0] == "water"]
        if water:
            drops = w.view["drops"]
            click(w, water[-1])
            assert w.error == ""
            assert w.view["drops"] < drops or w.view["stage"] != "water"
            return
        take = g.action_space.encode("take", mode=1)
        beds = w.view["beds"][0]
        free = sum(1 for c, d in beds if d < w.catalog["beds"][c]["suns"])
        click(w, take if take in legal and free >= 2 and w.view["take"] >= 2 else board_choice(w))
    pytest.fail("no water choice in this game")


def test_illegal_and_malformed_clicks_change_nothing():
    w = new(seed=4)
    snap = json.dumps(w.state.to_dict(), sort_keys=True)
    water = w.game.action_space.encode("water", bed=1)
    for bad in (water, w.game.num_actions, -1, "7", None, 1.5):
        click(w, bad)
        assert w.error, bad
        assert json.dumps(w.state.to_dict(), sort_keys=True) == snap
    send(w, {"type": "clear_error"})
    assert w.error == ""


def test_undo_and_new_game():
    w = new(seed=4)
    click(w, board_choice(w))
    step = w.step_index
    view = w.view
    send(w, {"type": "undo"})
    assert w.step_index < step
    send(w, {"type": "goto", "step": step})
    assert w.view == view
    send(w, {"type": "new_game", "seed": 9})
    assert w.state.seed == 9 and w.view["pond"] == 1


def test_spectator_gets_no_moves_and_no_hand():
    w = nbgames.widget("chill_and_chili", players=2, seats=["human", "human"], seed=3,
                       viewers="all")
    assert w.viewer == 0 and w.legal
    send(w, {"type": "viewer", "seat": None})
    assert w.legal == [] and w.view["hand"] == []
    click(w, w.game.action_space.encode("take", mode=0))
    assert w.error


# -- hidden information ------------------------------------------------------------

def positions(players: int, seed: int, every: int):
    """States along a seeded greedy-vs-random game, every ``every`` decisions, and the end."""
    game = nbgames.load("chill_and_chili", players=players)
    state = game.new_state(seed=seed)
    bots = [nbgames.bots.RandomPolicy(seed=i) if i % 2 else nbgames.bots.GreedyPolicy(seed=i)
            for i in range(players)]
    out = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            out.append(state.clone())
        p = state.current_player
        state.apply(bots[p](state.observation(p), state.legal_actions()))
    out.append(state.clone())
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_leak_determinized_states_sync_identical_traits(players):
    """Hidden information is a security boundary: a widget built from a state and one
    built from state.determinize(viewer) sync the same traits, for every viewer.
    (The title has one hidden-information mode: hands and the draw pile hidden.)"""
    rng = random.Random(players)
    n = changed = 0
    for state in positions(players, SEED + players, every={2: 4, 3: 7, 5: 11}[players]):
        for viewer in [*range(players), None]:
            real = synced(nbgames.widget(state=state, viewer=viewer))
            for _ in range(2):
                fake_state = state.determinize(viewer, rng)
                if fake_state.to_dict()["data"] != state.to_dict()["data"]:
                    changed += 1
                assert synced(nbgames.widget(state=fake_state, viewer=viewer)) == real, \
                    (len(state.history), viewer)
                n += 1
    assert n > 40 and changed > n // 2, "the resampling must really change hidden data"


@pytest.mark.parametrize("players", [2, 4])
def test_no_other_hand_or_draw_pile_in_any_synced_trait(players):
    for state in positions(players, SEED, every=9):
        for viewer in [*range(players), None]:
            data = synced(nbgames.widget(state=state, viewer=viewer))
            text = json.dumps(data)
            assert str(state.seed) not in text, "the seed reached the browser"
            for key in ("hands", "todo", "history", "chance", "reveal", "draw_pile"):
                assert f'"{key}"' not in text, key
            assert data["view"] == state.observation(viewer)
            assert isinstance(data["view"]["draw"], int)
            for line in data["log_lines"]:
                assert line in state.log(viewer)


def test_legal_actions_only_to_the_seat_to_move():
    for state in positions(3, SEED, every=6)[:-1]:
        for viewer in (0, 1, 2, None):
            w = nbgames.widget(state=state, viewer=viewer, seats=["human"] * 3)
            if viewer == state.current_player:
                assert w.legal_ids == sorted(int(a) for a in state.legal_action_ids())
            else:
                assert w.legal == []


# -- size and the JS board -------------------------------------------------------------

def test_update_payload_median_under_3kb():
    """Issue 10: median update at most 3 KB (bench/payload.py measures the same)."""
    for players in (2, 5):
        w = new(seed=4, players=players)
        sizes = []
        while w.to_move is not None:
            before = synced(w)
            click(w, board_choice(w))
            after = synced(w)
            sizes.append(len(json.dumps({k: v for k, v in after.items() if before.get(k) != v})))
        assert statistics.median(sizes) <= 3000, (players, statistics.median(sizes))


def test_js_board_shows_configured_rule_figures(tmp_path):
    """The figures the board prints come from Python: with a corrected component file
    (fresh vegetables 2 coins, 4 coins a point, Watering Can and Wheelbarrow 3 chips)
    the board shows those, never the bundled 1, 3 and 2."""
    from nbgames.games.chill_and_chili.components import DEFAULT
    data = json.loads(DEFAULT.read_text())
    for k, v in (("fresh_cost", 2), ("coins_per_point", 4), ("watering_can_chips", 3),
                 ("wheelbarrow_chips", 3)):
        data["rules"][k]["value"] = v
    w = new(seed=3, components=data)
    sp = w.game.action_space
    buy, lay = sp.encode("accessory", accessory=1), sp.encode("layout", accessory=1)
    money, can_money = sp.encode("take", mode=0), sp.encode("can", mode=0)

    def snap(name, expect, absent):
        cases.append({"name": name, "expect": expect, "absent": absent, "state": synced(w)})

    cases = []
    snap("start", ["fresh row (2 coins)", "fresh vegetables: row 1 (2 coins)",
                   "buy Watering Can for 1: 3 more chips from the well whenever you take the pond",
                   "3 chips from the well whenever you plant"],
         ["fresh row (1 coin)", "row 1 (1 coin)", "2 more chips", "2 chips from"])
    can_seen = False
    while w.to_move is not None:
        legal, v = w.legal_ids, w.view
        if v["stage"] == "can" and not can_seen:
            assert v["pending_chips"] == 3
            snap("Watering Can", ["Watering Can: 3 chips from the well as"], ["2 chips"])
            coins = v["coins"][0]
            click(w, can_money)
            assert w.view["coins"][0] == coins + 3, "the board said 3 chips: the engine gives 3"
            can_seen = True
            continue
        if v["stage"] == "main" and 1 in v["laid"][0] and v["well"] >= 3 and not can_seen:
            assert v["take_preview"]["can"] == 3
            snap("take preview", ["+ 3 from the well (Watering Can)"], [])
            click(w, money)
            continue
        click(w, next((a for a in (buy, lay) if a in legal), None) or board_choice(w))
    assert can_seen
    snap("game over", ["coins ÷ 4"], ["÷ 3"])
    said = board_says("chill_and_chili", [c["state"] for c in cases], tmp_path)
    for case, text in zip(cases, said, strict=True):
        assert "board failed to draw" not in text, case["name"]
        for want in case["expect"]:
            assert want in text, f"{case['name']}: the board shows {want!r}"
        for not_there in case["absent"]:
            assert not_there not in text, f"{case['name']}: the board does not show {not_there!r}"
