"""The view model (nbgames.widget.view), tested once: what one viewer receives from
a Table. The widget syncs it and the HTML export writes it, so both are checked
to be exactly it."""

from __future__ import annotations

import json

import pytest

import nbgames
from nbgames import NotLegalError, PolicyError
from nbgames.core.conformance import playout
from nbgames.widget import view
from nbgames.widget.export import frames
from nbgames.widget.wire import expand_runs, run_length

TITLES = nbgames.games()


def positions(title, players=3, seed=8_675_309_123_457, count=5):
    """Tables at a few positions along a seeded random game (and its end); the seed is
    long, so its digits cannot appear in a frame by chance."""
    game = nbgames.load(title, players)
    states = [s.clone() for s, _ in playout(game, seed)]
    picks = states[:: max(1, len(states) // count)] + [states[-1]]
    return [nbgames.Table(s, seats=["human", "greedy", "human"]) for s in picks]


@pytest.mark.parametrize("title", TITLES)
def test_a_frame_is_what_the_viewer_may_see(title):
    for table in positions(title):
        state = table.state
        for viewer in (0, 1, 2, None):
            f = view.frame(table, viewer)
            assert tuple(f) == view.FRAME
            assert f["view"] == state.observation(viewer)
            assert f["log_lines"] == state.log(viewer)[-20:]
            assert f["scores"] == state.scores() and f["winners"] == state.winners()
            assert f["to_move"] == state.current_player
            assert f["step_index"] == len(state.history) == f["history_start"] == f["history_len"]
            assert f["seat_info"][1] == {"seat": 1, "kind": "policy", "name": "greedy"}
            mine = viewer is not None and viewer == state.current_player and viewer != 1
            assert expand_runs(f["legal"]) == (sorted(int(a) for a in state.legal_action_ids())
                                               if mine else [])
            assert json.loads(json.dumps(f)) == f
            assert str(state.seed) not in json.dumps(f)
            quiet = view.frame(table, viewer, interactive=False, log_limit=3)
            assert quiet["legal"] == [] and len(quiet["log_lines"]) <= 3


def test_status_says_whose_move_it_is_and_who_won():
    info = [{"seat": 0, "kind": "human", "name": "human"},
            {"seat": 1, "kind": "policy", "name": "greedy"}]
    state = nbgames.load(TITLES[0], 2).new_state(seed=1)
    seat = state.current_player
    said = f"Player {seat} ({info[seat]['name']}) to move."
    assert view.status(state, seat, info) == ("Your move (player 0)." if seat == 0 else said)
    assert view.status(state, None, info) == said
    assert view.status(state, seat, info, interactive=False) == said     # a recorded game
    end = nbgames.replay(nbgames.play(state.game, ["random", "random"], seed=3))
    won = end.winners()
    assert view.status(end, 0, info) == (f"Game over: player {won[0]} wins." if len(won) == 1
                                         else "Game over: player 0 and player 1 win.")


def test_reveal_adds_only_what_differs_from_the_spectator():
    table = positions(TITLES[0])[1]
    state = table.state
    f = view.frame(table, 0, reveal=True)
    public = state.observation(None)
    assert [r["seat"] for r in f["view"]["reveal"]] == [1, 2]
    for r in f["view"]["reveal"]:
        own = state.observation(r["seat"])
        assert all(k == "seat" or (own[k] == v and public.get(k) != v) for k, v in r.items())
    assert "reveal" not in view.frame(table, 0)["view"]


def test_an_error_about_another_seat_is_shown_without_its_private_part():
    err = PolicyError("policy 'p' (seat 1) returned 'X' ...; legal: 'A', 'B'", policy="p", seat=1,
                      public="policy 'p' (seat 1) returned an action that is not legal")
    assert view.error_text(err, 1) == str(err)                 # that seat's own view
    for viewer in (0, 2, None):
        assert view.error_text(err, viewer) == err.public
    assert view.error_text(err, 0, reveal=True) == str(err)   # teaching mode shows all
    assert view.error_text(NotLegalError("no"), 0) == "no"     # nothing private in it
    assert view.error_text("malformed message", None) == "malformed message"
    assert view.error_text(None, 0) == ""


def fails(observation, legal_actions):
    """A policy that fails, saying something only its seat may read."""
    raise KeyError(observation.get("seat"), "the secret of seat 1")


@pytest.mark.parametrize("title", TITLES)
def test_a_policy_that_failed_here_is_in_the_frame_without_its_message(title):
    """Issue 32: the policy to move failed at this position: the status says so, the
    offers are its next steps (retry; take the seat over only where the board may
    view it; undo only after a move), and the error reads as the viewer may read it."""
    table = nbgames.Table(nbgames.load(title, 2), seats=["human", fails], seed=4)
    err = None
    while err is None:
        try:
            if table.current_player == 0:
                table.act(table.state.legal_action_ids()[0])    # the policy answers at once
            else:
                table.step()
        except PolicyError as e:
            err = e
    retry = {"label": "Retry the policy", "message": {"type": "step"}}
    undo = {"label": "Undo", "message": {"type": "undo"}}
    take = {"label": "Play player 1 yourself", "message": {"type": "take_over", "seat": 1}}
    for viewer in (0, None):
        f = view.frame(table, viewer, error=err, viewers=[0, 1, None])
        assert f["status"].startswith("Player 1's policy (fails) failed at this move")
        assert f["offers"] == ([retry, take, undo] if table.state.step else [retry, take])
        assert f["error"] == err.public and "secret" not in json.dumps(f)
        assert view.frame(table, viewer, error=err)["offers"] == [retry] + [undo] * (table.state.step > 0)
        quiet = view.frame(table, viewer, error=err, interactive=False)   # a recorded game
        assert quiet["offers"] == [] and "failed" not in quiet["status"]
    assert "the secret of seat 1" in view.frame(table, 1, error=err)["error"]
    table.seats[1] = "greedy"                      # fixed from Python: nothing is stuck
    assert view.frame(table, 0, error=err)["offers"] == []
    assert "to move" in view.frame(table, 0, error=err)["status"]


def test_thinking_is_for_the_policy_seat_or_reveal():
    bot = nbgames.bots.ismcts(iterations=12, seed=1)
    table = nbgames.Table(nbgames.load(TITLES[0], 2), seats=[bot, bot], seed=1)
    assert view.thinking(table, 0) == {}
    seat = table.current_player
    table.step()
    hidden = view.thinking(table, 1 - seat)
    assert hidden == {"seat": seat, "step": 0, "hidden": True}
    for shown in (view.thinking(table, seat), view.thinking(table, 1 - seat, reveal=True)):
        assert shown["chosen"] == table.state.history[0] and str(shown["chosen"]) in shown["moves"]


@pytest.mark.parametrize("title", TITLES)
def test_the_widget_syncs_exactly_the_view_model(title):
    w = nbgames.widget(title, players=3, seats=["human", "greedy", "greedy"], seed=5,
                       viewers="all")
    for viewer in (0, 1, None):
        w.viewer = viewer
        f = view.frame(w.table, viewer)
        assert {k: getattr(w, k) for k in view.FRAME} == json.loads(json.dumps(f))
        assert {k: getattr(w, k) for k in view.STATIC} == json.loads(json.dumps(view.static(w.game)))
        # no advisor, no review, no thinking: the session is the view model's default one
        assert {k: getattr(w, k) for k in view.SESSION} == \
            view.session(viewer, viewers=[0, 1, 2, None], speed=w.speed)


@pytest.mark.parametrize("title", TITLES)
def test_the_export_writes_exactly_the_view_model(title):
    game = nbgames.load(title, 2)
    rec = nbgames.play(game, ["greedy", "random"], seed=11)
    for viewer in (0, None):
        static, fr = frames(rec, viewer)
        assert len(fr) == len(rec["actions"]) + 1
        info = [{"seat": 0, "kind": "policy", "name": "greedy"},
                {"seat": 1, "kind": "policy", "name": "random"}]
        for i in (0, len(fr) // 2, len(fr) - 1):
            table = nbgames.Table(nbgames.replay(rec, upto=i), seats=["human", "human"])
            want = view.frame(table, viewer, interactive=False, seat_info=info)
            got = {**{k: static[k] for k in view.FRAME if k in static}, **fr[i]}
            assert (got["history_start"], got["history_len"]) == (0, len(rec["actions"]))
            for k in ("history_start", "history_len"):
                del got[k], want[k]
            assert got == json.loads(json.dumps(want))
        assert {k: static[k] for k in view.STATIC} == view.static(game)
        assert {k: static[k] for k in view.SESSION} == view.session(viewer)


def test_the_wire_coding_round_trips():
    assert run_length([5, 3, 4, 9, 10, 20]) == [3, 3, 3, 2, 9, 1]
    assert run_length([0, 1]) == [0, 2] and run_length([]) == []
    for ids in ([0], [7, 8, 9, 20], list(range(0, 500, 3)), list(range(1000))):
        assert expand_runs(run_length(ids)) == ids
