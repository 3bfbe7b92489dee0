"""The hint overlay and "show thinking", for every title: the advisor sees the
viewer's infoset only, runs in the background, is cancelled when the position
changes, and its numbers reach the browser only for the viewer's legal moves."""

import threading
import time

import pytest

import nbgames
from nbgames.widget.conformance import synced

TITLES = nbgames.games()


def board(title, advisor=None, **kw):
    kw.setdefault("seats", ["human", "greedy"])
    return nbgames.widget(title, players=2, seed=4, advisor=advisor, **kw)


def join(w, timeout=120):
    th = w._advice.thread
    if th is not None:
        th.join(timeout)
        assert not th.is_alive(), "the hint thread did not finish"


class Blocking:
    """An advisor that searches until told to stop (progress returns False)."""

    seed = 0

    def __init__(self):
        self.started = threading.Event()
        self.stopped = threading.Event()
        self.seen = []

    def analyse(self, infoset, progress=None):
        self.seen.append(infoset)
        self.started.set()
        done = 0
        while done < 10_000:
            done += 1
            if progress(done, None) is False:
                break
            time.sleep(0.005)
        self.stopped.set()
        return {int(a): {"visits": 1, "value": 0.5, "share": 1 / len(infoset.legal_actions)}
                for a in infoset.legal_actions.ids}


@pytest.mark.parametrize("title", TITLES)
def test_hint_covers_exactly_the_viewers_legal_moves(title):
    w = board(title, nbgames.bots.ismcts(iterations=60, seed=2))
    assert w.advisor == "ismcts(60)"
    stats = w.hint(wait=True)
    legal = sorted(int(a) for a in w.state.legal_action_ids())
    assert sorted(stats) == legal == w.legal_ids
    h = w.hints
    assert h["status"] == "done" and h["seat"] == w.viewer and h["step"] == len(w.state.history)
    assert sorted(map(int, h["moves"])) == legal
    assert sum(m["share"] for m in h["moves"].values()) == pytest.approx(1.0, abs=1e-3)
    assert h["done"] == 60
    assert all(m["visits"] == stats[int(a)]["visits"] for a, m in h["moves"].items())


@pytest.mark.parametrize("title", TITLES)
def test_background_hint_matches_the_synchronous_one_then_a_move_clears_it(title):
    adv = nbgames.bots.ismcts(iterations=80, seed=3)
    w1, w2 = board(title, adv), board(title, adv)
    w1.hint(wait=True)
    w2.hint()
    join(w2)
    timeless = lambda h: {k: v for k, v in h.items() if k != "elapsed"}   # noqa: E731
    assert timeless(w2.hints) == timeless(w1.hints)
    assert w1.hints["value"] is not None and "share of the win" in w1.hints["meaning"]
    w2.act(w2.legal_ids[0])
    assert w2.hints == {}


@pytest.mark.parametrize("title", TITLES)
def test_acting_undo_goto_new_game_cancel_a_running_hint(title):
    for change in ("act", "undo", "goto", "new_game", "cancel"):
        adv = Blocking()
        w = board(title, adv)
        if change in ("undo", "goto"):
            w.act(w.legal_ids[0])
            if w.state.current_player != w.viewer:
                continue
        w.hint()
        assert adv.started.wait(10)
        assert w.hints["status"] == "running"
        if change == "act":
            w.act(w.legal_ids[0])
        elif change == "undo":
            w.undo()
        elif change == "goto":
            w.goto(w.table.history_start)
        elif change == "new_game":
            w.new_game(5)
        else:
            w.cancel_hint()
        assert adv.stopped.wait(10), f"{change} did not stop the search"
        join(w)
        assert w.hints == {}, f"{change}: a stale hint stayed on the board"
        # the advisor only ever saw an infoset of the viewer, never the state
        assert all(type(x).__name__ == "InfoSet" and x.seat == 0 for x in adv.seen)


def test_hint_progress_is_synced_while_searching():
    adv = Blocking()
    w = board(TITLES[0], adv)
    w.hint()
    assert adv.started.wait(10)
    deadline = time.time() + 10
    while w.hints.get("done", 0) == 0 and time.time() < deadline:
        time.sleep(0.05)
    assert w.hints["status"] == "running" and w.hints["done"] > 0 and w.hints["moves"] == {}
    w.cancel_hint()
    join(w)


@pytest.mark.parametrize("title", TITLES)
def test_hints_are_refused_where_they_do_not_belong(title):
    with pytest.raises(nbgames.OptionError, match="no advisor"):
        board(title).hint()
    w = board(title, nbgames.bots.ismcts(iterations=10), viewers="all")
    w.viewer = 1
    with pytest.raises(nbgames.NotLegalError, match="human seat to move"):
        w.hint()
    assert "human seat to move" in w.error
    w.viewer = None
    with pytest.raises(nbgames.IllegalActionError):
        w.hint(wait=True)
    spectator = board(title, nbgames.bots.ismcts(iterations=10), seats=["greedy", "greedy"])
    with pytest.raises(nbgames.IllegalActionError):
        spectator.hint()


def test_advisor_argument_is_checked():
    w = board(TITLES[0], "ismcts")
    assert w.advisor.startswith("ismcts")
    for bad in ("alphazero", 3, nbgames.bots.greedy):
        with pytest.raises(nbgames.OptionError, match="advisor must be None"):
            board(TITLES[0], bad)
    with pytest.raises(nbgames.OptionError, match="show_thinking"):
        board(TITLES[0], show_thinking="yes")


def test_browser_messages_start_and_cancel_hints_but_cannot_wait():
    adv = Blocking()
    w = board(TITLES[0], adv)
    w._on_msg(w, {"type": "hint"}, [])
    assert adv.started.wait(10)
    w._on_msg(w, {"type": "cancel_hint"}, [])
    assert adv.stopped.wait(10)
    join(w)
    assert w.hints == {}
    w._on_msg(w, {"type": "hint_wait"}, [])       # Python only: a browser may not block
    assert "unknown message type" in w.error


@pytest.mark.parametrize("title", TITLES)
def test_show_thinking_only_to_the_bots_own_seat_or_with_reveal(title):
    bot = nbgames.bots.ismcts(iterations=30, seed=1)
    w = nbgames.widget(title, players=2, seed=6, seats=["human", bot], show_thinking=True,
                       viewers="all")
    for _ in range(20):                  # until the bot has made a decision
        if w.state.current_player is None:
            break
        if w.thinking:
            break
        w.act(w.legal_ids[0])
    th = w.thinking
    assert th and th["seat"] == 1 and th.get("hidden") is True and "moves" not in th
    assert "moves" not in str(synced(w)["thinking"])
    w.viewer = 1
    assert w.thinking["chosen"] == w.state.history[th["step"]]
    assert str(w.thinking["chosen"]) in w.thinking["moves"]
    w.viewer = 0
    w.reveal = True
    assert "moves" in w.thinking
    off = nbgames.widget(title, players=2, seed=6, seats=["human", bot], reveal=True)
    off.act(off.legal_ids[0])
    assert off.thinking == {}


@pytest.mark.parametrize("title", TITLES)
def test_a_timed_hint_says_how_far_it_is_and_what_its_values_mean(title):
    """Issue 20: the default advisor thinks for a time; the running hint carries the
    time spent and the budget (the browser shows the progress), the finished one the
    value of the position for the viewer and what a value means."""
    w = board(title, nbgames.bots.ismcts(seconds=0.3, seed=2))
    seen = []
    w.observe(lambda ch: seen.append(dict(ch["new"])), names="hints")
    w.hint()
    join(w)
    h = w.hints
    assert h["status"] == "done" and h["seconds"] == 0.3 and h["total"] is None
    assert h["done"] > 0                              # it searched (how long is bench's to say)
    assert 0 <= h["value"] <= 1 and "share of the win" in h["meaning"]
    running = [x for x in seen if x.get("status") == "running"]
    assert running and all(x["seconds"] == 0.3 and x["total"] is None for x in running)
    # the progress only grows: time spent and iterations, up to the finished hint
    times = [x["elapsed"] for x in running] + [h["elapsed"]]
    counts = [x["done"] for x in running] + [h["done"]]
    assert times == sorted(times) and counts == sorted(counts) and times[0] >= 0
    # the default advisor's budget is a time too (a hint within about 2 s)
    assert board(title, "ismcts").advisor == "ismcts(1s)"


# -- the hint job without a widget ------------------------------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_a_table_is_advised_without_a_widget_as_the_board_is(title):
    """arena.advice.Advice over a bare Table gives the widget's hint: the same numbers
    for the same advisor, from the seat's infoset only."""
    from nbgames.arena.advice import Advice
    adv = nbgames.bots.ismcts(iterations=40, seed=3)
    table = nbgames.Table(nbgames.load(title, 2), seats=["human", "greedy"], seed=4)
    table.run(until="human")
    advice = Advice(table, adv)
    assert advice.name == "ismcts(40)" and advice.label == "Hint" and advice.ready(0)
    assert not advice.ready(1) and not advice.ready(None)
    stats = advice.start(0, wait=True)
    assert sorted(stats) == sorted(int(a) for a in table.state.legal_action_ids())
    assert advice.hints["status"] == "done" and advice.hints["seat"] == 0
    w = board(title, adv)
    timeless = lambda h: {k: v for k, v in h.items() if k != "elapsed"}   # noqa: E731
    assert w.hint(wait=True) == stats and timeless(w.hints) == timeless(advice.hints)


def test_the_table_advice_runs_in_the_background_and_goes_stale_when_the_table_moves():
    from nbgames.arena.advice import Advice
    seen = []
    adv = Blocking()
    table = nbgames.Table(nbgames.load(TITLES[0], 2), seats=["human", "greedy"], seed=4)
    table.run(until="human")
    advice = Advice(table, adv, on_change=lambda hints, error: seen.append((hints, error)))
    assert advice.start(0) is None
    assert adv.started.wait(10) and advice.hints["status"] == "running"
    table.act(table.state.legal_action_ids()[0])
    advice.refresh(0)                              # the position changed: cancelled
    assert adv.stopped.wait(10)
    advice.thread.join(10)
    assert advice.hints == {} and seen[-1] == ({}, None)
    assert all(x.seat == 0 and type(x).__name__ == "InfoSet" for x in adv.seen)


def test_the_table_advice_refuses_what_it_cannot_do_by_cause():
    from nbgames.arena.advice import Advice
    table = nbgames.Table(nbgames.load(TITLES[0], 2), seats=["human", "greedy"], seed=4)
    with pytest.raises(nbgames.OptionError, match="no advisor"):
        Advice(table, None).start(0)
    with pytest.raises(nbgames.OptionError, match="advisor must be None"):
        Advice(table, "alphazero")
    with pytest.raises(nbgames.NotLegalError, match="human seat to move"):
        Advice(table, nbgames.bots.ismcts(iterations=5)).start(1)


def test_a_failing_advisor_is_reported_without_killing_anything():
    from nbgames.arena.advice import Advice

    class Broken:
        seed = 0

        def analyse(self, infoset, progress=None):
            raise ValueError(f"cannot read {infoset.observation['step']}")
    seen = []
    table = nbgames.Table(nbgames.load(TITLES[0], 2), seats=["human", "greedy"], seed=4)
    advice = Advice(table, Broken(), on_change=lambda hints, error: seen.append(error))
    assert advice.start(0, wait=True) is None
    err = seen[-1]
    assert str(err) == "advisor failed: ValueError: cannot read 0"
    assert err.for_viewer(0) == str(err) and err.for_viewer(1) == "advisor failed: ValueError"
    w = board(TITLES[0], Broken())
    w.hint(wait=True)
    assert w.error == "advisor failed: ValueError: cannot read 0" and w.hints == {}
