"""The widget of every title without a browser: driven by the messages a
front-end sends (through ipywidgets' own comm handler) and checked on the state
and the synced traits. Nothing here names a title; a board's own drawing is
tested in tests/test_widget_<title>.py and js/tests/."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from widget_kit import board_choice, click, play_by_clicks, send, synced

import nbgames
from nbgames import GameOverError, HumanTurnError, IllegalActionError, NotLegalError, OptionError, PolicyError
from nbgames.widget import GameWidget
from nbgames.widget.assets import compose_css, compose_esm

ROOT = Path(__file__).resolve().parents[1]
TITLES = nbgames.games()
FIRST = TITLES[0]
greedy, rand = nbgames.bots.greedy, nbgames.bots.random


def my_policy(observation, legal_actions):
    """Always the last legal action."""
    return legal_actions[-1]


def seats_for(title):
    """A human at seat 0 and up to three policies (as many as the title allows)."""
    n = min(4, nbgames.load(title).max_players)
    return ["human", greedy, rand, my_policy][:n]


def new(title, seed=3, **kw):
    kw.setdefault("seats", seats_for(title))
    return nbgames.widget(title, seed=seed, **kw)


def snapshot(w):
    return json.dumps(w.state.to_dict(), sort_keys=True)


def play_until(w, done, limit=2000):
    """Click the board (the seat to move must be the viewer) until ``done(w)``."""
    for _ in range(limit):
        if done(w):
            return w
        click(w, board_choice(w))
        assert w.error == "", w.error
    raise AssertionError("never got there")


# -- construction and the public API --------------------------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_a_new_board_shows_the_human_seat_its_own_view(title):
    w = new(title)
    assert isinstance(w, GameWidget) and type(w).__name__.endswith("Widget")
    assert w.state.current_player == 0 == w.to_move          # the policies answered at once
    assert w.seats.names() == [s if isinstance(s, str) else s.__name__ for s in seats_for(title)]
    assert w.seat_info[1] == {"seat": 1, "kind": "policy", "name": "greedy"}
    assert w.viewer == 0 and w.viewers == [0]
    assert w.view == w.state.observation(0)
    assert w.legal_ids == sorted(a.id for a in w.state.legal_actions())
    assert w.log_lines == w.state.log(0)[-20:]
    assert w.scores == w.state.scores()
    assert w.status == "Your move (player 0)."


def test_nbgames_widget_stays_callable():
    """Importing the package nbgames.widget must not break the function nbgames.widget."""
    a = nbgames.widget(FIRST, players=2, seed=1)
    b = nbgames.widget(FIRST, players=2, seed=1)
    assert a.view == b.view


@pytest.mark.parametrize("title", TITLES)
def test_policies_answer_at_once_when_a_human_seat_exists(title):
    w = nbgames.widget(title, players=3, seats=[greedy, rand, "human"], seed=8)
    assert w.state.current_player == 2 == w.to_move and w.step_index > 0 and w.legal


@pytest.mark.parametrize("title", TITLES)
def test_no_human_seat_means_nothing_moves_until_asked(title):
    w = nbgames.widget(title, players=2, seats=[greedy, rand], seed=8)
    assert w.step_index == 0 and w.viewer is None and w.legal == []
    a = w.step()
    assert a.id == w.state.history[0] and w.step_index == 1
    assert w.play(max_steps=5) == 5 and w.step_index == 6
    n = w.play()
    assert w.state.is_terminal() and n > 0
    assert w.winners == w.state.winners() and w.status.startswith("Game over")
    assert w.play() == 0


def test_same_seed_same_game():
    def run():
        w = nbgames.widget(FIRST, players=3, seats=["human", greedy, rand], seed=21)
        while w.to_move is not None:
            click(w, w.legal_ids[0])
        return w.state.record()
    assert run() == run()


def test_step_on_a_human_seat_is_a_clear_error():
    w = new(FIRST)
    with pytest.raises(HumanTurnError, match="seat 0 is human"):
        w.step()


@pytest.mark.parametrize("title", TITLES)
def test_a_board_from_a_state_and_a_viewer(title):
    state = nbgames.load(title, players=3).new_state(seed=4)
    state.apply(state.legal_action_ids()[0])
    seat = state.current_player
    w = nbgames.widget(state=state, viewer=seat)
    assert w.seats.names() == ["human"] * 3
    assert w.viewer == seat and w.step_index == 1 and w.history_start == 1
    assert w.view == state.observation(seat)
    assert w.state is not state and w.state.to_dict() == state.to_dict()
    assert w.legal_ids == sorted(int(a) for a in state.legal_action_ids())
    spectator = nbgames.widget(state=state, viewer=None)
    assert spectator.legal == [] and spectator.view == state.observation(None)
    assert spectator.status == f"Player {seat} (human) to move."


@pytest.mark.parametrize("title", TITLES)
def test_act_from_python(title):
    w = new(title)
    aid = w.legal_ids[0]
    w.act(aid)
    assert w.state.history[0] == aid and w.to_move in (0, None)
    if w.to_move is None:
        return
    w.act(w.game.action_label(w.legal_ids[0]))          # a label works too
    bad = next(a for a in range(w.game.num_actions) if a not in w.legal_ids)
    with pytest.raises(NotLegalError):
        w.act(w.game.action_label(bad))


def test_unknown_and_bad_arguments_are_refused_with_the_choices():
    game = nbgames.load(FIRST)
    name, opt = next(iter(game.options_spec.items()))
    with pytest.raises(OptionError, match=f"'colour'.*widget arguments.*{FIRST} options: {name}"):
        nbgames.widget(FIRST, players=2, colour="red")
    w = nbgames.widget(FIRST, players=2, seed=2, **{name: opt.default})   # a game option
    assert w.state.game.options[name] == opt.default
    for kwargs, said in (
            ({"players": 3, "seats": ["human"]}, "needs 3 seats"),
            ({"players": 2, "seats": ["human", 42]}, "seat 1: 42 is not a policy; use \"human\", \"greedy\""),
            ({"players": 2, "seats": ["human", "bot"]}, "seat 1: 'bot' is not a policy"),
            ({"players": 2, "viewer": 5}, "viewer: a seat is None"),
            ({"players": 2, "viewers": "some"}, "viewers must be None"),
            ({"players": 2, "reveal": "yes"}, "reveal must be True or False"),
            ({"players": 2, "show_thinking": 1}, "show_thinking must be True or False"),
            ({"players": 2, "log_limit": 0}, "log_limit must be a positive int"),
            ({"players": 2, "speed": 100}, "speed must be from 0.25 to 50.0"),
            ({"players": 2, "speed": "fast"}, "speed must be a number"),
            ({"players": 2, "advisor": "alphazero"}, "advisor must be None")):
        with pytest.raises(OptionError, match=re.escape(said) if "\"" in said else said):
            nbgames.widget(FIRST, **kwargs)
    state = game.new_state(seed=1)
    with pytest.raises(OptionError, match="unexpected"):
        nbgames.widget(state=state, **{name: opt.default})
    with pytest.raises(OptionError, match="give either a State or a seed, not both"):
        nbgames.widget(state=state, seed=3)
    with pytest.raises(OptionError, match="players"):
        nbgames.widget(state=state, players=game.players + 1)
    with pytest.raises(nbgames.UnknownGameError):
        nbgames.widget("chess")


def test_a_bad_speed_is_an_option_error_however_it_comes():
    """A speed out of range is a bad setting, not an illegal action: from the
    constructor, from Python and from the browser alike."""
    w = new(FIRST)
    with pytest.raises(OptionError, match="speed must be from 0.25 to 50.0"):
        w.speed = 100.0
    send(w, {"type": "speed", "value": 1e9})
    assert "speed must be from 0.25 to 50.0" in w.error and w.speed == 2.0
    assert isinstance(w.last_error, OptionError) and not isinstance(w.last_error, IllegalActionError)
    send(w, {"type": "speed", "value": 8})
    assert w.speed == 8.0


def test_players_follow_the_seats_list():
    w = nbgames.widget(FIRST, seats=["human", greedy, greedy])
    assert w.players == 3


def test_repr_is_deterministic():
    w = nbgames.widget(FIRST, players=3, seats=["human", greedy, my_policy], seed=3)
    text = repr(w)
    assert text == (f"GameWidget({FIRST!r}, players=3, seats=[human, greedy, my_policy], "
                    f"viewer=0: step 0, player 0 to move)")
    assert "0x" not in text and "seed" not in text
    w.reveal = True
    assert repr(w).endswith("reveal=True: step 0, player 0 to move)")
    data, _meta = w._repr_mimebundle_()
    assert data["text/plain"] == repr(w)


def test_every_trait_has_a_docstring():
    tree = ast.parse((ROOT / "nbgames" / "widget" / "traits.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "BoardTraits")
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
    ours = {k for k in GameWidget.class_trait_names(sync=True) if not k.startswith("_")}
    ours -= {"layout", "tabbable", "tooltip"}
    assert ours <= set(traits), ours - set(traits)


def test_every_synced_trait_is_declared_once_and_computed_by_the_view_model():
    """Issue 30: the trait list was written in three places (the widget's traits, a
    TRAITS list in js/shared.js, the network seat's defaults). Now the declarations
    (widget/traits.py) are the one list: the view model computes exactly their
    parts, the widget, a hosted seat and an exported page send every one of them,
    and the browser keeps no list (it reads what is synced)."""
    from nbgames.net import frames as net_frames
    from nbgames.widget import view
    from nbgames.widget.export import frames as page_frames
    names = set(view.TRAITS)
    assert names == set(view.STATIC) | set(view.FRAME) | set(view.SESSION)
    assert len(view.TRAITS) == len(view.STATIC) + len(view.FRAME) + len(view.SESSION)
    python = {k for k in GameWidget.class_trait_names(sync=True) if not k.startswith("_")}
    assert python - {"layout", "tabbable", "tooltip"} == names       # ipywidgets' own aside
    w = new(FIRST)
    assert set(synced(w)) == names
    assert tuple(view.static(w.game)) == view.STATIC
    assert tuple(view.frame(w.table, 0)) == view.FRAME
    assert tuple(view.session(0)) == view.SESSION
    # a hosted seat and an exported page: the static part and a frame give every trait
    assert set(net_frames.static(w.game, 0)) | set(net_frames.frame(w.table, 0)) == names
    w.act(w.legal_ids[0])
    static, pages = page_frames(w.state.record(), 0)
    assert all(set(static) | set(f) == names for f in pages)
    # the browser reads what is synced: js/shared.js lists no traits
    src = (ROOT / "js" / "shared.js").read_text()
    for block in re.findall(r"\[([^\[\]]*)\]", src):
        listed = set(re.findall(r'"([a-z_]+)"', block)) & names
        assert len(listed) < 5, f"js/shared.js lists synced traits: {sorted(listed)}"


def raises_a_key_error(observation, legal_actions):
    """A user's policy with a bug: it looks a card up in a dict that lacks it."""
    return {}[f"card {len(legal_actions)}"]


def failed_board(viewers=None):
    """Seat 1 plays raises_a_key_error; seat 0 (the viewer) clicks until it fails."""
    w = nbgames.widget(FIRST, players=2, seats=["human", raises_a_key_error], seed=2,
                       viewers=viewers)
    while w.error == "":
        click(w, w.legal_ids[0])
    return w


def test_a_failed_policy_says_so_and_offers_retry_take_over_and_undo():
    """Issue 32: a failing policy showed "raised KeyError at step 4" and the board sat
    at "to move". Now the status says the seat's policy failed and where the whole
    error is, and the board offers the next steps; the key stays private to seat 1."""
    w = failed_board(viewers=[0, 1])
    err = w.last_error
    assert isinstance(err, PolicyError) and err.seat == 1 and "KeyError: 'card " in str(err)
    assert "to move" not in w.status
    assert w.status.startswith("Player 1's policy (raises_a_key_error) failed at this move")
    assert "w.last_error" in w.status
    assert w.offers == [
        {"label": "Retry the policy", "message": {"type": "step"}},
        {"label": "Play player 1 yourself", "message": {"type": "take_over", "seat": 1}},
        {"label": "Undo", "message": {"type": "undo"}}]
    assert "card " not in w.error and "card " not in json.dumps(synced(w))   # seat 1's own
    w.viewer = 1
    assert "KeyError: 'card " in w.error                 # that seat's own view reads the key
    w.viewer = 0
    step = w.step_index
    send(w, w.offers[0]["message"])                      # retry: it fails again, same offers
    assert w.step_index == step and isinstance(w.last_error, PolicyError) and w.offers
    send(w, w.offers[1]["message"])                      # take the seat over
    assert w.seats.names()[1] == "human" and w.viewer == 1 and w.error == "" and w.offers == []
    assert w.legal_ids == sorted(int(a) for a in w.state.legal_action_ids())
    assert w.status == "Your move (player 1)."


def test_a_failed_policy_offers_only_what_the_board_may_do():
    """A seat the board may not view is not offered (taking it over would show its
    hand), and a browser that asks anyway is refused; undo takes back the human's
    move and leaves the failure behind."""
    w = failed_board()
    assert w.viewers == [0]
    assert [o["label"] for o in w.offers] == ["Retry the policy", "Undo"]
    send(w, {"type": "take_over", "seat": 1})
    assert "may not be taken over" in w.error and w.seats.names()[1] == "raises_a_key_error"
    assert w.viewer == 0 and w.legal == []
    send(w, {"type": "undo"})
    assert w.error == "" and w.offers == [] and w.status == "Your move (player 0)."


def test_legal_actions_are_the_shown_seats_on_its_turn_as_on_a_joined_board():
    """Issue 32: boards of nbgames.join(...) had .legal_actions(), widget boards not.
    The same meaning: the legal actions of the seat the board shows, on its turn."""
    w = new(FIRST)
    got = w.legal_actions()
    assert len(got) > 0 and [a.id for a in got] == w.legal_ids
    assert [a.label for a in got] == [a.label for a in w.state.legal_actions()]
    w.act(got[0])
    spectator = nbgames.widget(state=w.state, viewer=None)
    other = nbgames.widget(state=w.state, viewer=(w.state.current_player + 1) % w.game.players)
    assert len(spectator.legal_actions()) == 0 and len(other.legal_actions()) == 0


def test_engine_never_imports_the_widget():
    code = ("import sys, nbgames; t = nbgames.games()[0]; g = nbgames.load(t, players=3); "
            "s = g.new_state(seed=1); nbgames.play(g, [nbgames.bots.greedy]*3, seed=1); "
            "s.observation(0); s.render(0); t = nbgames.Table(g, seed=1); "
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
@pytest.mark.parametrize("title", TITLES)
def test_click_plays_and_policies_answer(title):
    w = new(title)
    aid = w.legal_ids[-1]
    click(w, aid)
    assert w.error == ""
    assert w.state.history[0] == aid
    assert w.state.current_player in (0, None)         # the policies answered
    assert w.step_index == len(w.state.history) == w.history_len
    assert w.view == w.state.observation(0)
    assert w.legal_ids == sorted(a.id for a in w.state.legal_actions())


def whole_games():
    """Every title at its smallest and largest player count, and each option set of
    its ``SPEC.variants`` at the smallest."""
    for title in TITLES:
        small = nbgames.load(title)
        yield pytest.param(title, small.min_players, {}, id=f"{title}-{small.min_players}p")
        yield pytest.param(title, small.max_players, {}, id=f"{title}-{small.max_players}p")
        for options in nbgames.core.spec(title).variants:
            yield pytest.param(title, small.min_players, options,
                               id=f"{title}-{small.min_players}p-" + "-".join(map(str, options.values())))


@pytest.mark.parametrize("title, players, options", list(whole_games()))
def test_a_whole_game_by_clicks(title, players, options):
    """A person plays seat 0 by clicking the board against the greedy bot in every
    other seat (``widget_kit.play_by_clicks``: the view, legal ids and scores are the
    engine's after every click; the game ends with its winners and replays); the
    clicks use more than one kind of action."""
    game = nbgames.load(title, players, **options)
    w = nbgames.widget(game, seats=["human"] + [greedy] * (players - 1), seed=4)
    kinds = {game.action_space.decode(aid)["kind"] for _view, aid in play_by_clicks(w)}
    assert len(kinds) >= min(2, len(game.action_space.kinds)), kinds


def bad_messages(num_actions):
    return [
        ("not a dict", "malformed"),
        (["action", 1], "malformed"),
        ({}, "malformed"),
        ({"type": 5}, "malformed"),
        ({"type": "hack"}, "unknown message type"),
        ({"type": "reveal", "value": True}, "unknown message type"),
        ({"type": "hint_wait"}, "unknown message type"),
        ({"type": "action"}, "needs an int id"),
        ({"type": "action", "id": "3"}, "needs an int id"),
        ({"type": "action", "id": True}, "needs an int id"),
        ({"type": "action", "id": 1.0}, "needs an int id"),
        ({"type": "action", "id": -1}, "not in range"),
        ({"type": "action", "id": 10**30}, "not in range"),
        ({"type": "action", "id": num_actions}, "not in range"),
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


BAD = bad_messages(nbgames.load(FIRST).num_actions)


@pytest.mark.parametrize("msg,expected", BAD, ids=[str(m)[:40] for m, _ in BAD])
def test_bad_messages_become_errors_and_change_nothing(msg, expected):
    w = new(FIRST)
    before, step, speed = snapshot(w), w.step_index, w.speed
    send(w, msg)
    assert expected in w.error
    assert snapshot(w) == before and w.step_index == step and w.speed == speed
    assert not w.reveal and w.viewer == 0
    # the comm is alive: a good click still works and clears the error
    click(w, w.legal_ids[0])
    assert w.error == "" and w.step_index > step


def test_each_refusal_raises_the_error_of_its_cause():
    """From Python the same refusals raise: one class a cause."""
    w = new(FIRST)
    for call, cls in ((lambda: w.act("fly to the moon"), nbgames.InvalidActionError),
                      (lambda: w.act(-1), nbgames.InvalidActionError),
                      (lambda: w.undo(), NotLegalError),
                      (lambda: w.goto(99), OptionError),
                      (lambda: w.new_game(-4), OptionError),
                      (lambda: w.step(), HumanTurnError)):
        with pytest.raises(cls):
            call()
        assert w.error and w.last_error is not None
    w.seats = [greedy] * w.players
    w.play()
    for call in (lambda: w.act(0), w.step):
        with pytest.raises(GameOverError, match="the game is over"):
            call()
    send(w, {"type": "play"})
    assert "the game is over" in w.error and isinstance(w.last_error, GameOverError)


@pytest.mark.parametrize("title", TITLES)
def test_other_seat_and_spectator_cannot_move(title):
    w = nbgames.widget(title, players=2, seats=["human", "human"], seed=6, viewer=0,
                       viewers=[0, None])
    play_until(w, lambda w: w.state.current_player != 0)
    assert w.state.current_player == 1 and w.viewer == 0 and w.legal == []
    before = snapshot(w)
    legal1 = int(w.state.legal_action_ids()[0])
    click(w, legal1)
    assert "player 1's turn" in w.error and snapshot(w) == before
    assert isinstance(w.last_error, NotLegalError)
    send(w, {"type": "viewer", "seat": None})
    assert w.viewer is None and w.error == ""
    click(w, legal1)
    assert "spectator" in w.error and snapshot(w) == before


def test_policy_seat_cannot_be_clicked_for():
    w = nbgames.widget(FIRST, players=2, seats=[greedy, greedy], seed=6, viewer=0)
    assert w.legal == []                                   # not a human seat
    click(w, int(w.state.legal_action_ids()[0]))
    assert "played by 'greedy'" in w.error and w.step_index == 0


@pytest.mark.parametrize("title", TITLES)
def test_hot_seat_follows_the_next_human(title):
    w = nbgames.widget(title, players=2, seats=["human", "human"], seed=6)
    assert w.viewers == [0, 1]
    while w.state.current_player == 0:
        click(w, w.legal_ids[0])
    assert w.viewer == 1 and w.legal and w.view == w.state.observation(1)


def test_the_browser_cannot_write_traits():
    """A front-end 'update' (what model.save_changes() sends) is refused: teaching
    mode, the viewer and the view stay what Python says."""
    w = new(FIRST)
    before = snapshot(w)
    w._handle_msg({"content": {"data": {"method": "update", "state": {
        "viewer": 1, "view": {"anything": []}, "speed": 9.0, "playing": True,
        "reveal": True}}}, "buffers": []})
    assert "may not set" in w.error
    assert w.viewer == 0 and not w.reveal and w.speed == 2.0 and not w.playing
    assert w.view == w.state.observation(0) and snapshot(w) == before


@pytest.mark.parametrize("title", TITLES)
def test_policy_errors_are_shown_and_the_widget_survives(title):
    def broken(obs, legal):
        raise RuntimeError("no idea")

    w = nbgames.widget(title, players=2, seats=["human", broken], seed=2)
    clicks = 0
    while w.error == "":
        click(w, w.legal_ids[0])
        clicks += 1
    assert w.error.startswith("policy 'broken' (seat 1) raised RuntimeError at ")
    assert w.state.current_player == 1 and w.step_index == clicks   # the human's moves stand
    w.seats[1] = greedy
    send(w, {"type": "step"})
    assert w.error == ""
    bots = nbgames.widget(title, players=2, seats=[broken, broken], seed=2)
    with pytest.raises(PolicyError, match="broken"):
        bots.step()
    assert "broken" in bots.error and bots.step_index == 0


def test_hot_swap():
    w = new(FIRST, seats=["human", greedy, rand])
    w.seats[2] = greedy
    assert w.seat_info[2]["name"] == "greedy"
    w.seats[0] = rand
    assert w.seat_info[0] == {"seat": 0, "kind": "policy", "name": "random"}
    assert w.legal == [] and "Player 0 (random) to move" in w.status
    a = w.step()
    assert w.state.history == [a.id]
    w.seats = ["human", "human", greedy]
    assert w.seats.names() == ["human", "human", "greedy"]
    with pytest.raises(OptionError):
        w.seats[1] = "robot"
    with pytest.raises(OptionError):
        del w.seats[0]
    with pytest.raises(OptionError):
        w.seats.append(greedy)
    with pytest.raises(OptionError, match="seat 7 does not exist"):
        w.seats[7] = greedy
    assert len(w.seats) == 3


def test_undo_goto_and_the_redo_line():
    w = new(FIRST)
    click(w, w.legal_ids[0])
    mid = w.step_index                                    # our play + the answers
    second = w.legal_ids[0]
    click(w, second)
    end = w.step_index
    assert w.history_len == end
    send(w, {"type": "undo"})
    assert w.step_index == mid and w.state.current_player == 0 and w.history_len == end
    assert w.view == w.state.observation(0) and w.error == ""
    send(w, {"type": "goto", "step": end})                # redo
    assert w.step_index == end and w.state.current_player == 0
    w.goto(mid)
    w.act(second)                                          # the same decision keeps the line
    assert w.step_index == end and w.history_len == end
    w.goto(mid)
    other = next(a for a in w.state.legal_action_ids() if a != second)
    w.act(other)                                           # a different one cuts it
    assert w.history_len == w.step_index and w.state.history[mid] == other
    w.undo()
    w.undo()
    assert w.step_index == 0
    with pytest.raises(NotLegalError, match="nothing to undo"):
        w.undo()
    with pytest.raises(OptionError):
        w.goto(10_000)


def test_undo_then_same_move_gives_the_same_policy_answers():
    w = new(FIRST)
    aid = w.legal_ids[1]
    click(w, aid)
    after = list(w.state.history)
    w.undo()
    click(w, aid)
    assert w.state.history == after


def test_undo_without_humans_is_one_step():
    w = nbgames.widget(FIRST, players=2, seats=[greedy, rand], seed=1)
    w.play(max_steps=3)
    assert w.undo() == 2 and w.step_index == 2


def test_new_game():
    w = new(FIRST)
    click(w, w.legal_ids[0])
    send(w, {"type": "new_game", "seed": 12})
    assert w.step_index == 0 and w.history_len == 0 and w.error == ""
    ref = new(FIRST, seed=12)
    assert w.view == ref.view
    send(w, {"type": "new_game", "seed": None})
    assert w.step_index == 0
    w.new_game(seed=12)
    assert w.view == ref.view


def test_play_pause_tick_from_the_browser():
    w = nbgames.widget(FIRST, players=2, seats=[greedy, rand], seed=4, viewer=0, viewers="all")
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


@pytest.mark.parametrize("title", TITLES)
def test_reveal_is_python_only_and_shows_every_seat(title):
    w = nbgames.widget(title, players=3, seats=["human", greedy, greedy], seed=9)
    assert "reveal" not in w.view
    w.reveal = True
    rev = w.view["reveal"]
    assert [r["seat"] for r in rev] == [1, 2]
    for r in rev:
        obs = w.state.observation(r["seat"])
        assert all(obs[k] == v for k, v in r.items())
    w.reveal = False
    assert "reveal" not in w.view
    with pytest.raises(OptionError):
        w.reveal = 1


def test_viewer_from_python():
    w = nbgames.widget(FIRST, players=3, seats=["human", greedy, greedy], seed=9)
    w.viewer = 2
    assert w.viewers == [0, 2] and w.view == w.state.observation(2) and w.legal == []
    w.viewer = None
    assert w.view == w.state.observation(None)
    with pytest.raises(OptionError):
        w.viewer = 3


# -- the composed front-end ----------------------------------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_each_title_gets_its_own_widget_class(title):
    a = nbgames.widget(title, players=2, seed=1)
    b = nbgames.widget(title, players=3, seed=1)
    assert isinstance(a, nbgames.widget.widget_class(title))
    name = "".join(p.title() for p in title.split("_")) + "Widget"
    assert a._anywidget_id == b._anywidget_id == f"nbgames.widget.base.{name}"
    assert a._esm == compose_esm(title) and a._css == compose_css(title)
    assert a._esm.rstrip().endswith(f"createWidget(__nbg_{title}.board);")
    assert not any(line.startswith("import") for line in a._esm.splitlines())
