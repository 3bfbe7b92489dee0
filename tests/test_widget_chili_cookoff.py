"""The widget without a browser: drive it with the messages a front-end sends
(through ipywidgets' own comm handler) and check the state and the synced traits."""

from __future__ import annotations

import ast
import json
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

import nbgames
from nbgames import IllegalActionError, OptionError, PolicyError
from nbgames.widget import GameWidget, HumanTurnError
from nbgames.widget.assets import compose_css, compose_esm

ROOT = Path(__file__).resolve().parents[1]
greedy, rand = nbgames.bots.greedy, nbgames.bots.random


def send(w, content):
    """Exactly what a browser message does: a comm msg handled by ipywidgets."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                   "buffers": []})


def click(w, aid):
    send(w, {"type": "action", "id": aid})


def plain_view(w):
    return w.view


def snapshot(w):
    return json.dumps(w.state.to_dict(), sort_keys=True)


def my_policy(observation, legal_actions):
    """Always the last legal action."""
    return legal_actions[-1]


@pytest.fixture
def w4():
    return nbgames.widget("chili_cookoff", players=4, seats=["human", greedy, rand, my_policy],
                          seed=3)


# -- construction and the public API --------------------------------------------------

def test_issue_example(w4):
    assert isinstance(w4, GameWidget)
    assert w4.state.current_player == 0 and w4.to_move == 0
    assert w4.seats.names() == ["human", "greedy", "random", "my_policy"]
    assert w4.seat_info[3] == {"seat": 3, "kind": "policy", "name": "my_policy"}
    assert w4.viewer == 0 and w4.viewers == [0]
    assert plain_view(w4) == w4.state.observation(0)
    assert w4.legal_ids == [a.id for a in w4.state.legal_actions()]
    assert w4.log_lines == w4.state.log(0)[-20:]
    assert w4.scores == w4.state.scores()
    assert w4.status == "Your move (player 0)."


def test_nbgames_widget_stays_callable():
    """Importing the package nbgames.widget must not break the function nbgames.widget."""
    a = nbgames.widget("chili_cookoff", players=2, seed=1)
    b = nbgames.widget("chili_cookoff", players=2, seed=1)
    assert plain_view(a) == plain_view(b)


def test_bots_answer_at_once_when_a_human_seat_exists():
    w = nbgames.widget("chili_cookoff", players=3, seats=[greedy, rand, "human"], seed=8)
    assert w.state.current_player == 2            # seats 0 and 1 already played
    assert w.step_index == 2 and w.legal


def test_no_human_seat_means_nothing_moves_until_asked():
    w = nbgames.widget("chili_cookoff", players=2, seats=[greedy, rand], seed=8)
    assert w.step_index == 0 and w.viewer is None and w.legal == []
    a = w.step()
    assert a.label.startswith("play ") and w.step_index == 1
    assert w.play(max_steps=5) == 5 and w.step_index == 6
    n = w.play()
    assert w.state.is_terminal() and n > 0
    assert w.winners == w.state.winners() and w.status.startswith("Game over")
    assert w.play() == 0


def test_same_seed_same_game():
    def run():
        w = nbgames.widget("chili_cookoff", players=3, seats=["human", greedy, rand], seed=21)
        while w.to_move is not None:
            click(w, w.legal_ids[0])
        return w.state.record()
    assert run() == run()


def test_step_on_a_human_seat_is_a_clear_error(w4):
    with pytest.raises(HumanTurnError, match="seat 0 is human"):
        w4.step()


def test_state_and_viewer():
    state = nbgames.load("chili_cookoff", players=3).new_state(seed=4)
    for aid in [state.legal_action_ids()[0] for _ in range(1)]:
        state.apply(aid)
    w = nbgames.widget(state=state, viewer=1)
    assert w.seats.names() == ["human"] * 3
    assert w.viewer == 1 and w.step_index == 1 and w.history_start == 1
    assert plain_view(w) == state.observation(1)
    assert w.state is not state and w.state.to_dict() == state.to_dict()
    assert w.legal                                         # player 1 to move, viewed by 1
    spectator = nbgames.widget(state=state, viewer=None)
    assert spectator.legal == [] and plain_view(spectator)["hand_cards"] == []
    assert spectator.status == "Player 1 (human) to move."


def test_act_from_python(w4):
    aid = w4.legal_ids[0]
    w4.act(aid)
    assert w4.state.history[0] == aid and w4.to_move == 0
    w4.act(w4.game.action_label(w4.legal_ids[0]))          # a label works too
    with pytest.raises(IllegalActionError):
        w4.act("pick Honey 4")


def test_unknown_arguments_are_refused():
    with pytest.raises(OptionError, match="'colour'.*widget arguments.*chili_cookoff options"):
        nbgames.widget("chili_cookoff", players=2, colour="red")
    w = nbgames.widget("chili_cookoff", players=2, rounds=1, seed=2)   # a game option
    assert w.state.game.options["rounds"] == 1
    with pytest.raises(OptionError, match="needs 3 seats"):
        nbgames.widget("chili_cookoff", players=3, seats=["human"])
    with pytest.raises(OptionError, match="seat 1: 42 is not a policy; use \"human\", \"greedy\""):
        nbgames.widget("chili_cookoff", players=2, seats=["human", 42])
    with pytest.raises(OptionError, match="seat 1: 'bot' is not a policy"):
        nbgames.widget("chili_cookoff", players=2, seats=["human", "bot"])
    with pytest.raises(OptionError, match="viewer"):
        nbgames.widget("chili_cookoff", players=2, viewer=5)
    with pytest.raises(OptionError, match="unexpected"):
        nbgames.widget(state=nbgames.load("chili_cookoff", players=2).new_state(seed=1), rounds=2)
    with pytest.raises(nbgames.UnknownGameError):
        nbgames.widget("chess")
    with pytest.raises(OptionError, match="reveal"):
        nbgames.widget("chili_cookoff", players=2, reveal="yes")


def test_players_follow_the_seats_list():
    w = nbgames.widget("chili_cookoff", seats=["human", greedy, greedy])
    assert w.players == 3


def test_repr_is_deterministic(w4):
    text = repr(w4)
    assert text == ("GameWidget('chili_cookoff', players=4, seats=[human, greedy, random, "
                    "my_policy], viewer=0: step 0, player 0 to move)")
    assert "0x" not in text and "seed" not in text
    w4.reveal = True
    assert repr(w4).endswith("reveal=True: step 0, player 0 to move)")
    data, _meta = w4._repr_mimebundle_()
    assert data["text/plain"] == repr(w4)


def test_every_trait_has_a_docstring():
    tree = ast.parse((ROOT / "nbgames" / "widget" / "base.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameWidget")
    body = cls.body
    traits = []
    for i, node in enumerate(body):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and "tag" in ast.unparse(node.value)):
            name = node.targets[0].id
            traits.append(name)
            nxt = body[i + 1] if i + 1 < len(body) else None
            assert (isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
                    and isinstance(nxt.value.value, str) and nxt.value.value.strip()), \
                f"trait {name} has no docstring under it"
    synced = {k for k in GameWidget.class_trait_names(sync=True) if not k.startswith("_")}
    ours = synced - {"layout", "tabbable", "tooltip"}
    assert ours <= set(traits), ours - set(traits)


def test_engine_never_imports_the_widget():
    code = ("import sys, nbgames; g = nbgames.load('chili_cookoff', players=3); "
            "s = g.new_state(seed=1); nbgames.play(g, [nbgames.bots.greedy]*3, seed=1); "
            "s.observation(0); s.render(0); "
            "bad = [m for m in sys.modules if m.startswith(('nbgames.widget', 'anywidget', "
            "'ipywidgets'))]; assert not bad, bad")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    for part in ("core", "games", "agents", "arena"):
        for path in (ROOT / "nbgames" / part).rglob("*.py"):
            text = path.read_text()
            assert "nbgames.widget" not in text and "from ..widget" not in text \
                and "from ...widget" not in text, path


# -- the message path -------------------------------------------------------------------

def test_click_plays_and_bots_answer(w4):
    aid = w4.legal_ids[2]
    click(w4, aid)
    assert w4.error == ""
    assert w4.state.history[0] == aid
    assert w4.state.current_player == 0           # the three policies answered
    assert w4.step_index == len(w4.state.history) == w4.history_len
    assert plain_view(w4) == w4.state.observation(0)
    assert w4.legal_ids == [a.id for a in w4.state.legal_actions()]


def test_a_whole_game_by_clicks(w4):
    clicks = 0
    while w4.to_move is not None:
        assert w4.legal, "the human must have a move whenever it is its turn"
        click(w4, w4.legal_ids[clicks % len(w4.legal_ids)])
        assert w4.error == ""
        clicks += 1
    assert w4.state.is_terminal() and w4.legal == []
    assert w4.scores == w4.state.scores() and w4.winners == w4.state.winners()
    replayed = nbgames.replay(w4.state.record())
    assert replayed.scores() == w4.state.scores()


BAD_MESSAGES = [
    ("not a dict", "malformed"),
    (["action", 1], "malformed"),
    ({}, "malformed"),
    ({"type": 5}, "malformed"),
    ({"type": "hack"}, "unknown message type"),
    ({"type": "reveal", "value": True}, "unknown message type"),
    ({"type": "action"}, "needs an int id"),
    ({"type": "action", "id": "3"}, "needs an int id"),
    ({"type": "action", "id": True}, "needs an int id"),
    ({"type": "action", "id": 1.0}, "needs an int id"),
    ({"type": "action", "id": -1}, "not in range"),
    ({"type": "action", "id": 10**30}, "not in range"),
    ({"type": "action", "id": 62}, "not in range"),
    ({"type": "goto", "step": 99}, "goto"),
    ({"type": "goto", "step": "1"}, "goto"),
    ({"type": "new_game", "seed": -4}, "seed"),
    ({"type": "new_game", "seed": "abc"}, "seed"),
    ({"type": "viewer", "seat": 2}, "may not be viewed"),
    ({"type": "viewer", "seat": "0"}, "may not be viewed"),
    ({"type": "speed", "value": "fast"}, "speed"),
    ({"type": "speed", "value": 1e9}, "speed"),
    ({"type": "step"}, "human"),
    ({"type": "play"}, "human"),
    ({"type": "undo"}, "nothing to undo"),
]


@pytest.mark.parametrize("msg,expected", BAD_MESSAGES, ids=[str(m)[:40] for m, _ in BAD_MESSAGES])
def test_bad_messages_become_errors_and_change_nothing(w4, msg, expected):
    before, step, speed = snapshot(w4), w4.step_index, w4.speed
    send(w4, msg)
    assert expected in w4.error
    assert snapshot(w4) == before and w4.step_index == step and w4.speed == speed
    assert not w4.reveal and w4.viewer == 0
    # the comm is alive: a good click still works and clears the error
    click(w4, w4.legal_ids[0])
    assert w4.error == "" and w4.step_index > step


def test_illegal_card_is_refused(w4):
    hand = set(w4.state.observation(0)["hand_cards"])
    not_in_hand = next(t for t in range(31) if t not in hand)
    before = snapshot(w4)
    click(w4, not_in_hand)
    assert "not legal" in w4.error and snapshot(w4) == before
    click(w4, 31 + next(iter(hand)))                       # a pick during the play phase
    assert "not legal" in w4.error and snapshot(w4) == before


def test_other_seat_and_spectator_cannot_move():
    w = nbgames.widget("chili_cookoff", players=2, seats=["human", "human"], seed=6,
                       viewer=0, viewers=[0, None])
    click(w, w.legal_ids[0])
    assert w.state.current_player == 1 and w.viewer == 0 and w.legal == []
    before = snapshot(w)
    legal1 = w.state.legal_action_ids()[0]
    click(w, legal1)
    assert "player 1's turn" in w.error and snapshot(w) == before
    send(w, {"type": "viewer", "seat": None})
    assert w.viewer is None and w.error == ""
    click(w, legal1)
    assert "spectator" in w.error and snapshot(w) == before


def test_policy_seat_cannot_be_clicked_for():
    w = nbgames.widget("chili_cookoff", players=2, seats=[greedy, greedy], seed=6,
                       viewer=0)
    assert w.legal == []                                   # not a human seat
    click(w, w.state.legal_action_ids()[0])
    assert "played by 'greedy'" in w.error and w.step_index == 0


def test_hot_seat_follows_the_next_human():
    w = nbgames.widget("chili_cookoff", players=2, seats=["human", "human"], seed=6)
    assert w.viewers == [0, 1]
    click(w, w.legal_ids[0])
    assert w.viewer == 1 and w.legal and plain_view(w) == w.state.observation(1)


def test_the_browser_cannot_write_traits(w4):
    """A front-end 'update' (what model.save_changes() sends) is refused: teaching
    mode, the viewer and the view stay what Python says."""
    before = snapshot(w4)
    w4._handle_msg({"content": {"data": {"method": "update", "state": {
        "viewer": 1, "view": {"hand_cards": []}, "speed": 9.0, "playing": True,
        "reveal": True}}}, "buffers": []})
    assert "may not set" in w4.error
    assert w4.viewer == 0 and not w4.reveal and w4.speed == 2.0 and not w4.playing
    assert plain_view(w4) == w4.state.observation(0) and snapshot(w4) == before


def test_policy_errors_are_shown_and_the_widget_survives():
    def broken(obs, legal):
        raise RuntimeError("no idea")

    w = nbgames.widget("chili_cookoff", players=2, seats=["human", broken], seed=2)
    click(w, w.legal_ids[0])
    assert "policy 'broken' (seat 1) raised RuntimeError" in w.error
    assert w.state.current_player == 1 and w.step_index == 1   # the human's move stands
    w.seats[1] = greedy
    send(w, {"type": "step"})
    assert w.error == "" and w.step_index == 2
    bots = nbgames.widget("chili_cookoff", players=2, seats=[broken, greedy], seed=2)
    with pytest.raises(PolicyError, match="broken"):
        bots.step()
    assert "broken" in bots.error and bots.step_index == 0


def test_hot_swap(w4):
    w4.seats[3] = greedy
    assert w4.seat_info[3]["name"] == "greedy"
    w4.seats[0] = rand
    assert w4.seat_info[0] == {"seat": 0, "kind": "policy", "name": "random"}
    assert w4.legal == [] and "Player 0 (random) to move" in w4.status
    a = w4.step()
    assert w4.state.history == [a.id]
    w4.seats = ["human", "human", greedy, greedy]
    assert w4.seats.names() == ["human", "human", "greedy", "greedy"]
    with pytest.raises(OptionError):
        w4.seats[1] = "robot"
    with pytest.raises(OptionError):
        del w4.seats[0]
    with pytest.raises(OptionError):
        w4.seats.append(greedy)
    with pytest.raises(OptionError, match="seat 7 does not exist"):
        w4.seats[7] = greedy
    assert len(w4.seats) == 4


def test_undo_goto_and_the_redo_line(w4):
    click(w4, w4.legal_ids[0])
    mid = w4.step_index                                   # our play + 3 answers
    second = w4.legal_ids[0]
    click(w4, second)
    end = w4.step_index
    assert w4.history_len == end
    send(w4, {"type": "undo"})
    assert w4.step_index == mid and w4.state.current_player == 0 and w4.history_len == end
    assert plain_view(w4) == w4.state.observation(0) and w4.error == ""
    send(w4, {"type": "goto", "step": end})                # redo
    assert w4.step_index == end and w4.state.current_player == 0
    w4.goto(mid)
    w4.act(second)                                         # the same decision keeps the line
    assert w4.step_index == end and w4.history_len == end
    w4.goto(mid)
    other = next(a for a in w4.state.legal_action_ids() if a != second)
    w4.act(other)                                          # a different one cuts it
    assert w4.history_len == w4.step_index and w4.state.history[mid] == other
    w4.undo()
    w4.undo()
    assert w4.step_index == 0
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        w4.undo()
    with pytest.raises(OptionError):
        w4.goto(10_000)


def test_undo_then_same_move_gives_the_same_bot_answers(w4):
    aid = w4.legal_ids[1]
    click(w4, aid)
    after = list(w4.state.history)
    w4.undo()
    click(w4, aid)
    assert w4.state.history == after


def test_undo_without_humans_is_one_step():
    w = nbgames.widget("chili_cookoff", players=2, seats=[greedy, rand], seed=1)
    w.play(max_steps=3)
    assert w.undo() == 2 and w.step_index == 2


def test_new_game(w4):
    click(w4, w4.legal_ids[0])
    send(w4, {"type": "new_game", "seed": 12})
    assert w4.step_index == 0 and w4.history_len == 0 and w4.error == ""
    ref = nbgames.widget("chili_cookoff", players=4, seats=["human", greedy, rand, my_policy],
                         seed=12)
    assert plain_view(w4) == plain_view(ref)
    send(w4, {"type": "new_game", "seed": None})
    assert w4.step_index == 0
    w4.new_game(seed=12)
    assert plain_view(w4) == plain_view(ref)


def test_play_pause_tick_from_the_browser():
    w = nbgames.widget("chili_cookoff", players=2, seats=[greedy, rand], seed=4, viewer=0,
                       viewers="all")
    assert w.viewers == [0, 1, None]
    send(w, {"type": "speed", "value": 8})
    assert w.speed == 8.0
    send(w, {"type": "tick", "step": 0})                    # not playing: ignored
    assert w.step_index == 0
    send(w, {"type": "play"})
    assert w.playing and w.error == ""
    send(w, {"type": "tick", "step": 0})
    assert w.step_index == 1
    send(w, {"type": "tick", "step": 0})                    # stale: ignored
    assert w.step_index == 1
    send(w, {"type": "pause"})
    assert not w.playing
    send(w, {"type": "play"})
    while w.playing:
        send(w, {"type": "tick", "step": w.step_index})
    assert w.state.is_terminal()
    send(w, {"type": "play"})
    assert "game is over" in w.error


def test_reveal_is_python_only_and_shows_every_hand():
    w = nbgames.widget("chili_cookoff", players=3, seats=["human", greedy, greedy], seed=9)
    assert "reveal" not in w.view
    w.reveal = True
    rev = plain_view(w)["reveal"]
    assert [r["seat"] for r in rev] == [1, 2]
    for r in rev:
        obs = w.state.observation(r["seat"])
        assert r["hand_cards"] == obs["hand_cards"] and r["recipes"] == obs["recipes"]
    w.reveal = False
    assert "reveal" not in w.view
    with pytest.raises(OptionError):
        w.reveal = 1


def test_viewer_from_python():
    w = nbgames.widget("chili_cookoff", players=3, seats=["human", greedy, greedy], seed=9)
    w.viewer = 2
    assert w.viewers == [0, 2] and plain_view(w) == w.state.observation(2) and w.legal == []
    w.viewer = None
    assert plain_view(w)["hand_cards"] == []
    with pytest.raises(OptionError):
        w.viewer = 3


def test_payloads_are_small():
    """Median update message <= 4 KB (the target of issue 3), 4 and 7 players."""
    for n in (4, 7):
        w = nbgames.widget("chili_cookoff", players=n, seats=["human"] + [greedy] * (n - 1),
                           seed=31)
        sizes = []
        real = w._send

        def spy(msg, buffers=None, sizes=sizes, real=real):
            sizes.append(len(json.dumps(msg)))
            return real(msg, buffers=buffers)

        w._send = spy
        while w.to_move is not None:
            click(w, w.legal_ids[0])
        assert statistics.median(sizes) <= 4096, (n, statistics.median(sizes))


# -- the composed front-end ----------------------------------------------------------

def test_composition():
    esm = compose_esm("chili_cookoff")
    assert esm.endswith("export default __nbg_shared.createWidget(__nbg_chili_cookoff.board);\n")
    assert not any(line.startswith("import") for line in esm.splitlines())
    assert "lastHandText" in esm and "class Shell" in esm
    css = compose_css("chili_cookoff")
    assert ".nbg" in css and ".ck-card" in css


def test_each_title_gets_its_own_widget_class():
    a = nbgames.widget("chili_cookoff", players=2, seed=1)
    b = nbgames.widget("chili_cookoff", players=3, seed=1)
    assert isinstance(a, nbgames.widget.widget_class("chili_cookoff"))
    assert a._anywidget_id == b._anywidget_id == "nbgames.widget.base.ChiliCookoffWidget"
    assert a._esm == compose_esm("chili_cookoff") and a._css == compose_css("chili_cookoff")
