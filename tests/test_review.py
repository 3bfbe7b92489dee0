"""Issue 23: nbgames.review on every title: rows, classes, summary, frame, plot,
seeds, executors, bad arguments, and what a viewer may see of a review. The
staged positions of section 3 are in the title-named review test file."""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
from widget_kit import NoSkillJudge

import nbgames
import nbgames.arena.judge as judge
import nbgames.arena.review as rv
from nbgames.core.errors import OptionError, RecordError

TITLES = nbgames.games()


def _record(title, seed=3, players=2):
    game = nbgames.load(title, players=players)
    return nbgames.play(game, ["greedy", "random"] + ["greedy"] * (players - 2), seed=seed)


def check_class(r, th=rv.THRESHOLDS):
    """The class of a row is the class of its loss's interval (see judge.verdict)."""
    lo, hi = r["loss_low"], r["loss_high"]
    assert lo <= r["loss"] <= hi
    if r["class"] in ("inaccuracy", "mistake", "blunder"):
        assert rv.classify(lo, th) == r["class"]
    elif r["class"] == "unclear":
        assert lo < th["inaccuracy"] <= hi
    elif r["class"] == "good":
        assert th["good"] < lo and hi < th["inaccuracy"]
    else:
        assert r["class"] == "best" and lo <= th["good"] and hi < th["inaccuracy"]


def _check_rows(review, record):
    state = nbgames.replay(record, upto=0)
    expected = []
    for aid in record["actions"]:
        if state.current_player in review.seats and len(state.legal_action_ids()) > 1:
            expected.append((state.step, state.current_player, aid))
        state.apply(aid)
    assert [(r["step"], r["seat"], r["taken_id"]) for r in review.rows] == expected
    game = nbgames.load(record["title"], record["players"], **record["options"])
    for r in review.rows:
        assert set(rv.COLUMNS) == set(r)
        assert 0 <= r["value_taken"] <= 1 and 0 <= r["value_best"] <= 1
        assert r["value_best"] >= r["value_taken"]          # the move taken never outranks best
        assert r["loss"] == pytest.approx(max(0.0, r["value_best"] - r["value_taken"]), abs=2e-4)
        check_class(r)
        assert r["taken"] == game.action_label(r["taken_id"])
        assert r["best"] == game.action_label(r["best_id"])
        assert r["source"] in ("exact", "search")
        if r["taken_id"] == r["best_id"]:
            assert r["loss"] == 0 and r["class"] in ("best", "unclear")


@pytest.mark.parametrize("title", TITLES)
def test_a_review_runs_for_every_title(title):
    rec = _record(title)
    rev = nbgames.review(rec, seats=[1], budget=4, exact=False, progress=False)
    assert rev.seats == [1] and rev.rows
    _check_rows(rev, rec)
    (summary,) = rev.summary(as_frame=False)
    mine = rev.rows
    assert summary["decisions"] == len(mine)
    assert summary["blunders"] == sum(r["class"] == "blunder" for r in mine)
    assert summary["mistakes"] == sum(r["class"] == "mistake" for r in mine)
    assert summary["mean_loss"] == pytest.approx(sum(r["loss"] for r in mine) / len(mine), abs=1e-4)
    assert summary["name"] == "random"
    assert "rollouts(4)" in rev.advisor and f"{len(mine)} decisions" in repr(rev)


def test_the_frame_the_summary_and_the_plot():
    pd = pytest.importorskip("pandas")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    rec = _record(TITLES[0])
    rev = nbgames.review(rec, budget=10, progress=False)
    df = rev.frame()
    assert isinstance(df, pd.DataFrame) and list(df.columns) == list(rv.COLUMNS)
    assert len(df) == len(rev.rows)
    assert rev.frame(as_frame=False) is rev.rows or rev.frame(as_frame=False) == rev.rows
    s = rev.summary()
    assert list(s["seat"]) == [0, 1] and s["decisions"].sum() == len(rev.rows)
    ax = rev.plot()
    assert ax.get_ylabel() == "estimated win chance"
    lines = [ln for ln in ax.get_lines() if ln.get_label().startswith("player")]
    assert len(lines) == 2
    xs = list(lines[0].get_xdata())
    assert xs == [r["step"] for r in rev.rows if r["seat"] == 0]
    assert "<table>" in rev._repr_html_()
    assert rev.worst(3)[0]["loss"] == max(r["loss"] for r in rev.rows)
    row = rev.worst(1)[0]
    assert rev.position(row["step"]).current_player == row["seat"]


def test_the_same_seed_gives_the_same_review_on_any_executor():
    rec = _record(TITLES[0], seed=5)
    kw = {"seats": [0], "budget": 10, "progress": False}
    serial = nbgames.review(rec, seed=7, **kw)
    again = nbgames.review(rec, seed=7, **kw)
    assert serial.rows == again.rows
    assert any(r["source"] == "exact" for r in serial.rows)
    with ThreadPoolExecutor(2) as ex:
        threads = nbgames.review(rec, seed=7, executor=ex, batch=5, **kw)
    with ProcessPoolExecutor(2) as ex:
        procs = nbgames.review(rec, seed=7, executor=ex, **kw)
    assert threads.rows == serial.rows == procs.rows
    other = nbgames.review(rec, seed=8, **kw)
    assert [r["step"] for r in other.rows] == [r["step"] for r in serial.rows]


def test_a_state_can_be_reviewed_mid_game():
    game = nbgames.load(TITLES[0], players=2)
    t = nbgames.Table(game, seats=["greedy", "greedy"], seed=2, auto=False)
    t.run(until="end", max_steps=12)
    rev = nbgames.review(t.state, budget=5, exact=False, progress=False)
    assert rev.rows and max(r["step"] for r in rev.rows) < 12


class Fixed:
    """An advisor whose values are a function of the action id: the loss and
    class of every row can be worked out by hand."""

    name = "fixed"

    def __init__(self, value):
        self.value = value

    def analyse(self, infoset, progress=None):
        return {int(a): {"value": self.value(int(a)), "visits": 100, "share": 0.0}
                for a in infoset.legal_actions.ids}


class Paired(Fixed):
    """A paired advisor giving each playout's value: move ``a``'s playout ``i`` is
    its value plus or minus ``spread(a)`` by the parity of ``i``. A round's mean is
    then the value exactly (its rounds never vary), but two moves' playouts do."""

    name = "paired"
    paired = True
    playouts = 10

    def __init__(self, value, spread):
        super().__init__(value)
        self.spread = spread

    def analyse(self, infoset, progress=None):
        return {int(a): {"value": self.value(int(a)), "visits": self.playouts, "share": 0.0,
                         "playouts": [self.value(int(a)) + self.spread(int(a)) * (-1) ** i
                                      for i in range(self.playouts)]}
                for a in infoset.legal_actions.ids}


def test_the_noise_of_paired_playouts_is_measured_over_the_playouts():
    """Where the advisor gives each playout's value, a loss's standard error is the
    spread of the paired playouts' differences over the square root of their number:
    rounds whose means agree by luck do not hide the noise (with only a few rounds
    their spread could be near zero and settle a class too early)."""
    rec = _record(TITLES[0])

    def value(aid):
        return (aid % 7) / 7.0

    def spread(aid):
        return 0.05 * (aid % 3 + 1)

    rev = nbgames.review(rec, advisor=Paired(value, spread), exact=False, progress=False)
    checked = 0
    for r in rev.rows:
        t, b = r["taken_id"], r["best_id"]
        n = r["rounds"] * Paired.playouts
        assert r["se_taken"] == pytest.approx(spread(t) * (n / (n - 1)) ** 0.5 / n ** 0.5, abs=1e-4)
        if b != t:
            # the differences are value(b) - value(t) +- (spread(b) - spread(t))
            gap = abs(spread(b) - spread(t))
            assert r["se_loss"] == pytest.approx(gap * (n / (n - 1)) ** 0.5 / n ** 0.5, abs=1e-4)
            checked += gap > 0
    assert checked, "some rows should compare moves of different spreads"
    # the noise widens an interval the rounds alone would call exact
    assert any(r["se_loss"] > 0 for r in rev.rows)


def test_losses_and_classes_follow_the_advisor_and_the_thresholds():
    rec = _record(TITLES[0])

    def value(aid):
        return (aid % 7) / 7.0

    rev = nbgames.review(rec, advisor=Fixed(value), exact=False, progress=False)
    assert rev.advisor == "fixed" and rev.exact == ""
    state = nbgames.replay(rec, upto=0)
    by_step = {r["step"]: r for r in rev.rows}
    for aid in rec["actions"]:
        if state.step in by_step:
            legal = [int(a) for a in state.legal_action_ids()]
            r = by_step[state.step]
            assert value(r["best_id"]) == max(value(a) for a in legal)
            loss = max(0.0, max(value(a) for a in legal) - value(aid))
            assert r["loss"] == pytest.approx(loss, abs=1e-4)
            # values that never vary have no noise: the class is the loss's own
            assert r["se_loss"] == 0 and r["class"] == rv.classify(loss)
        state.apply(aid)
    assert {r["class"] for r in rev.rows} - {"best"}, "the fixed values should give some losses"


def test_the_class_lines():
    assert rv.classify(0.0) == "best"
    assert rv.classify(0.02) == "best"                # a loss the search cannot tell from none
    assert rv.classify(0.0201) == "good"
    assert rv.classify(0.05) == "inaccuracy"
    assert rv.classify(0.0999) == "inaccuracy"
    assert rv.classify(0.10) == "mistake"
    assert rv.classify(0.20) == "blunder"
    assert rv.classify(1.0) == "blunder"
    assert rv.classify(0.15, {**rv.THRESHOLDS, "blunder": 0.15}) == "blunder"
    assert rv.verdict(-0.03, 0.04) == "best"          # within the noise of the best move
    assert rv.verdict(0.01, 0.04) == "best"          # may be below the good line
    assert rv.verdict(0.021, 0.04) == "good"
    assert rv.verdict(0.01, 0.06) == "unclear"        # may or may not reach the inaccuracy line
    assert rv.verdict(0.05, 0.30) == "inaccuracy"     # the low end decides
    assert rv.verdict(0.12, 0.30) == "mistake"
    assert rv.verdict(0.21, 0.30) == "blunder"
    # the rounds stop once the class is said for good: not unclear, and a bad move's
    # interval inside one class
    assert rv.settled(-0.03, 0.04) and rv.settled(0.021, 0.04)
    assert not rv.settled(0.01, 0.06)                 # unclear
    assert not rv.settled(0.06, 0.12) and rv.settled(0.06, 0.09)
    assert not rv.settled(0.12, 0.25) and rv.settled(0.21, 0.90)
    # past half its rounds, a loss on a class line stops: even FUTILE times the
    # half-width the last round could reach would leave it across the line
    assert judge.futile(0.05, 0.01, 2.0, 8, 16)              # +-0.0071 at 16 rounds: across 0.05
    assert not judge.futile(0.05, 0.01, 2.0, 7, 16)          # not before half the rounds
    assert not judge.futile(0.05, 0.01, 2.0, 16, 16)         # the last round ends it anyway
    assert not judge.futile(0.08, 0.01, 2.0, 8, 16)          # would settle as an inaccuracy
    assert judge.futile(0.097, 0.004, 2.0, 20, 32)           # 0.003 below the mistake line
    assert not judge.futile(0.093, 0.004, 2.0, 20, 32)


def test_the_moves_compared_are_each_searched_alone_in_rounds():
    """A search spends few visits on moves it does not like, and can leave the best
    move with one unlucky visit: the candidates are each searched alone with the
    whole budget, then the move taken and its rival again in paired rounds (more
    of them where the class is unclear)."""
    rec = _record(TITLES[0], seed=11)
    rev = nbgames.review(rec, seats=[1], budget=30, exact=False, progress=False)
    assert any(r["taken_id"] != r["best_id"] for r in rev.rows)
    for r in rev.rows:
        assert r["focused"] and rv.MIN_ROUNDS <= r["rounds"] <= rv.MAX_ROUNDS
        assert r["visits_taken"] == 30 * r["rounds"] and r["visits_best"] == 30 * r["rounds"]
        moves = min(r["legal"], rv.CANDIDATES)
        assert f"{moves} moves each measured alone, then the move taken and the best of the " \
               f"others in {r['rounds']} rounds" in r["method"]
        if 2 * r["rounds"] < rv.MAX_ROUNDS:
            assert r["class"] != "unclear"            # rounds stop once the class is clear
        elif r["class"] == "unclear" and r["rounds"] < rv.MAX_ROUNDS:
            # stopped past half its rounds only as judge.futile says: even FUTILE times the
            # half-width the last round could reach leaves it across a line (the row's
            # figures are rounded to 4 places, hence the 0.0002)
            h = judge.FUTILE * 2.0 * r["se_loss"] * (r["rounds"] / rv.MAX_ROUNDS) ** 0.5
            assert not rv.settled(r["loss"] - h - 0.0002, r["loss"] + h + 0.0002), r


def test_a_title_may_declare_that_its_review_affords_more_playouts(monkeypatch):
    """A title whose playouts are cheap declares how many times the default budget its
    review spends (its spec's extra["review"]["budget"]); the review's playouts a move
    follow it, and every other title keeps the default."""
    from nbgames.core.registry import spec
    scales = {t: rv.budget_scale(t) for t in TITLES}
    for t, s in scales.items():
        assert s == spec(t).extra.get("review", {}).get("budget", 1.0) and s >= 1
    assert any(s > 1 for s in scales.values())          # at least one title declares one
    assert rv.default_budget(300) == max(rv.LEAST_BUDGET, rv.GAME_BUDGET // 2400)
    assert rv.default_budget(300, 3.0) == max(rv.LEAST_BUDGET, 3 * rv.GAME_BUDGET // 2400)
    assert rv.default_budget(1, 3.0) == 3 * rv.DEFAULT_BUDGET
    monkeypatch.setattr(rv, "DEFAULT_BUDGET", 4)
    for t in sorted(scales, key=scales.get)[-1:] + sorted(scales, key=scales.get)[:1]:
        state = nbgames.replay(_record(t), upto=0)
        while len(state.legal_action_ids()) < 2:
            state.apply(state.legal_action_ids()[0])
        (row,) = nbgames.review(state.clone().apply(state.legal_action_ids()[0]).record(),
                                seats=[state.current_player], exact=False, progress=False).rows
        assert row["method"].startswith(f"rollouts({round(4 * scales[t])}):"), (t, row["method"])


def test_a_title_may_declare_the_view_its_review_judges_with(monkeypatch):
    """A title whose rule asks players to remember what the game showed declares the
    options its review judges with (a perfect memory: review_view): every decision is
    judged in the record replayed with them and the Review says so; view={} judges as
    played; a view the title does not declare, or a value it refuses, is named."""
    from nbgames.arena import review_run
    declaring = [t for t in TITLES if rv.review_view(t)]
    assert declaring, "no title declares the view its review judges with"
    title = declaring[0]
    view = rv.review_view(title)
    rec = _record(title, seed=1)
    assert any(rec["options"].get(k) != v for k, v in view.items())
    seen = []
    judge_one = review_run.judge

    def spy(state, *args, **kwargs):
        seen.append({k: state.game.options[k] for k in view})
        return judge_one(state, *args, **kwargs)

    monkeypatch.setattr(review_run, "judge", spy)
    rev = nbgames.review(rec, seats=[0], budget=8, exact=False, progress=False)
    assert rev.view == view and seen and all(o == view for o in seen)
    assert "judged with" in repr(rev) and rev.to_dict()["view"] == view
    assert rev.record is rec                       # the game as played, for the board
    seen.clear()
    rev = nbgames.review(rec, seats=[0], budget=8, exact=False, progress=False, view={})
    assert rev.view == {} and seen and all(o == {k: rec["options"][k] for k in view} for o in seen)
    assert "judged with" not in repr(rev)
    with pytest.raises(OptionError, match="view must be .* among"):
        nbgames.review(rec, progress=False, view={"no such option": 1})
    with pytest.raises(OptionError, match="view must be"):
        nbgames.review(rec, progress=False, view=next(iter(view.values())))
    with pytest.raises(OptionError, match=r"view=\{"):
        nbgames.review(rec, progress=False, view={next(iter(view)): "no such value"})
    other = next(t for t in TITLES if not rv.review_view(t))
    with pytest.raises(OptionError, match="declares no view"):
        nbgames.review(_record(other), progress=False, view=view)


def test_a_title_may_declare_more_rounds_for_its_close_decisions(monkeypatch):
    """A title declares a searched decision's rounds at most (extra["review"]["rounds"],
    else judge.MAX_ROUNDS); the review hands it to every decision, and no decision
    goes past it."""
    from nbgames.core.registry import spec
    rounds = {t: rv.review_rounds(t) for t in TITLES}
    for t, r in rounds.items():
        assert r == spec(t).extra.get("review", {}).get("rounds", rv.MAX_ROUNDS) >= rv.MIN_ROUNDS
    seen = []
    real = rv.run
    monkeypatch.setattr(rv, "run", lambda *a: seen.append(a[-1]) or real(*a))
    cap = rv.MIN_ROUNDS + 2
    monkeypatch.setattr(rv, "review_rounds", lambda title: cap)
    for t in TITLES:                 # at 8 playouts some decisions of the first take 16 rounds
        rows = nbgames.review(_record(t), seats=[0], exact=False, budget=8, progress=False).rows
        assert seen[-1] == cap and max(r["rounds"] for r in rows) <= cap
        if max(r["rounds"] for r in rows) == cap:
            break
    else:
        pytest.fail("no decision reached the rounds' cap")


def test_exact_rows_say_so():
    rec = _record(TITLES[0], seed=4)
    rev = nbgames.review(rec, seats=[0], budget=10, progress=False)
    exact = [r for r in rev.rows if r["source"] == "exact"]
    assert exact, "the last hands of a 2-player game are small enough to solve"
    listed = 0
    for r in exact:
        assert r["visits_taken"] is None and "exact" in r["method"]
        if "every world" in r["method"]:
            # every world the seat cannot tell apart, with its exact chance: no sampling error
            import random
            pos = nbgames.replay(rec, upto=r["step"])
            every = nbgames.InfoSet(pos, r["seat"], random.Random(5)).enumerate(rv.EXACT_NODES)
            assert every is not None and r["worlds"] == len(every) and r["se_loss"] == 0
            assert f"every world ({len(every)}) with its exact chance" in r["method"]
            listed += 1
        else:
            assert f"hidden cards: {r['worlds']} deals drawn from the review's seed" in r["method"]
            assert r["worlds"] % rv.EXACT_WORLDS == 0 and r["se_loss"] is not None
    assert listed, "the last decision of the game has few enough worlds to list"
    assert rev.exact.startswith("nbgames.theory.solver(") and "payoff='win'" in rev.exact
    assert all(r["source"] == "search" for r in
               nbgames.review(rec, seats=[0], budget=10, exact=False, progress=False).rows)


def test_what_a_viewer_may_see_of_a_review():
    rec = _record(TITLES[0])
    rev = nbgames.review(rec, budget=5, exact=False, progress=False)
    assert {r["seat"] for r in rev.for_viewer(0)} == {0}
    assert rev.for_viewer(None) == []
    assert rev.for_viewer(None, reveal=True) == rev.rows
    marks = rev.marks(1)
    assert marks["seats"] == [1]
    assert all(m["seat"] == 1 for m in marks["rows"].values())
    assert set(marks["rows"]) == {str(r["step"]) for r in rev.rows if r["seat"] == 1}
    assert rev.marks(None)["rows"] == {}


@pytest.mark.parametrize("kwargs, words", [
    ({"seats": [2]}, "seats must be distinct seats from 0 to 1"),
    ({"seats": "0"}, "seats must be None"),
    ({"seats": [0, 0]}, "distinct"),
    ({"budget": 0}, "budget must be None"),
    ({"budget": 2.5}, "budget must be None"),
    ({"advisor": "greedy"}, "advisor must be None"),
    ({"advisor": nbgames.bots.ismcts(iterations=5), "budget": 9}, "has its own budget"),
    ({"exact": "yes"}, "exact must be True, False or a solver"),
    ({"thresholds": {"blunder": 0.01}}, "rising from good to blunder"),
    ({"thresholds": {"awful": 0.5}}, "keys among"),
    ({"seed": "1"}, "seed must be an int"),
])
def test_bad_arguments_are_named(kwargs, words):
    rec = _record(TITLES[0])
    with pytest.raises(OptionError, match=words):
        nbgames.review(rec, progress=False, **kwargs)


def test_a_solver_with_another_payoff_is_refused():
    solver = nbgames.theory.solver(payoff="margin")
    with pytest.raises(OptionError, match="payoff=\"win\""):
        nbgames.review(_record(TITLES[0]), advisor=solver, progress=False)
    with pytest.raises(OptionError, match="enumerate must be True or False, got 'yes'"):
        nbgames.theory.solver(enumerate="yes")


def test_a_bad_record_is_a_record_error():
    rec = _record(TITLES[0])
    with pytest.raises(RecordError):
        nbgames.review({**rec, "actions": rec["actions"][:-1] + [10**6]}, progress=False)
    with pytest.raises(OptionError, match="review needs a record"):
        nbgames.review([1, 2], progress=False)


@pytest.mark.parametrize("title", TITLES)
def test_the_board_shows_the_viewer_its_own_reviewed_decisions(title):
    w = nbgames.widget(title, players=2, seats=["greedy", "random"], seed=4, viewers=[0, 1, None])
    w.play()
    assert w.state.is_terminal()
    rev = w.review(advisor=NoSkillJudge(), exact=False, progress=False)   # who sees which rows
    assert rev.record["actions"] == w.state.history
    assert rev.names == ["greedy", "random"]
    w.viewer = 0
    rows = w.reviewed["rows"]
    assert rows and all(r["seat"] == 0 for r in rows.values())
    assert set(rows) == {str(r["step"]) for r in rev.rows if r["seat"] == 0}
    w.viewer = None
    assert w.reviewed["rows"] == {}                  # the spectator sees no seat's review
    w.reveal = True
    assert len(w.reviewed["rows"]) == len(rev.rows)
    w.reveal = False
    w.viewer = 1
    step = int(next(iter(w.reviewed["rows"])))
    w.goto(step)                                     # scrubbing keeps the review
    assert str(step) in w.reviewed["rows"]
    w.new_game(seed=5)
    assert w.reviewed == {}                          # another game: the review is gone


def test_a_review_goes_stale_when_a_move_leaves_the_line_and_can_be_shown_again():
    w = nbgames.widget(TITLES[0], players=2, seats=["human", "greedy"], seed=2)
    bot = nbgames.bots.greedy.spawn(1)
    while not w.state.is_terminal():
        w.act(bot(w.state.observation(0), w.state.legal_actions()))
    rev = w.review(seats=[0], budget=3, exact=False, progress=False)
    assert w.reviewed["rows"]
    with pytest.raises(OptionError, match="give no other"):
        w.review(rev, budget=3)
    w.goto(0)
    legal = [a for a in w.state.legal_action_ids() if a != rev.record["actions"][0]]
    w.act(legal[0])                                  # another first move: a new line
    assert w.reviewed == {}
    with pytest.raises(OptionError, match="another game or line"):
        w.review(rev)


def _cli(*args):
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("NBGAMES_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "nbgames", "review", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=300)


def test_the_review_command_prints_writes_rows_and_the_page(tmp_path):
    import json
    rec = _record(TITLES[0])
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    rows, page = tmp_path / "rows.json", tmp_path / "page.html"
    r = _cli(path, "--seats", "1", "--budget", "3", "--no-exact", "--quiet", "--json", rows,
             "--html", page, "--viewer", "1")
    assert r.returncode == 0, r.stderr
    assert "Review:" in r.stdout and "random" in r.stdout and "reviewed in" in r.stdout
    got = json.loads(rows.read_text())
    same = nbgames.review(rec, seats=[1], budget=3, exact=False, progress=False)
    assert got["rows"] == same.rows
    text = page.read_text()
    assert text.startswith("<!doctype html>") and "Reviewed by rollouts(3)" in text
    assert '"reviewed":{"classes"' in text


@pytest.mark.parametrize("args, message", [
    (("--seats", "x"), "--seats 'x': comma-separated seats"),
    (("--seats", "7"), "seats must be distinct seats"),
    (("--budget", "0"), "budget must be None"),
    (("--viewer", "9"), "--viewer '9'"),
])
def test_the_review_command_names_bad_arguments(tmp_path, args, message):
    import json
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(_record(TITLES[0])))
    r = _cli(path, "--quiet", *args)
    assert r.returncode == 2 and message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_the_review_button_reviews_a_finished_game_in_the_background(monkeypatch):
    monkeypatch.setattr(rv, "DEFAULT_BUDGET", 3)
    w = nbgames.widget(TITLES[0], players=2, seats=["greedy", "random"], seed=6, viewers=[0, 1])
    w.viewer = 0
    assert w.reviewed == {}                                # not over: no button
    w._on_msg(w, {"type": "review"}, [])
    assert "finished game" in w.error and w.reviewed == {}
    w.play()
    assert w.reviewed == {"ready": True}
    w._on_msg(w, {"type": "review"}, [])
    job = w._reviews.job
    assert w.reviewed.get("status") == "running" or job is None
    if job is not None:
        job["thread"].join(timeout=600)
    rows = w.reviewed["rows"]
    assert rows and {r["seat"] for r in rows.values()} == {0}
    w.viewer = 1
    assert rows.keys().isdisjoint(w.reviewed["rows"])      # every seat was reviewed
    w.goto(3)
    assert w.reviewed["rows"]                              # kept while scrubbing


def test_a_review_running_when_the_board_moves_on_is_dropped(monkeypatch):
    monkeypatch.setattr(rv, "DEFAULT_BUDGET", 3)
    w = nbgames.widget(TITLES[0], players=2, seats=["greedy", "random"], seed=6, viewers=[0])
    w.viewer = 0
    w.play()
    w._on_msg(w, {"type": "review"}, [])
    job = w._reviews.job
    w.new_game(seed=7)
    job["thread"].join(timeout=600)
    assert w._reviews.shown is None and w.reviewed == {}


# -- issue 31: staged positions whose truth is computed here, independently of the review ---------
# (game seed, step) of a greedy-vs-random game (_record) per title, or (game seed, step,
# policies) of another game, found by the truths below alone, searched in order over the games'
# last decisions: a position where one move is clearly worse than another, and one where every
# move is worth the same (tests/data/review_positions.json: "clear" and "equal" by title, and
# "review_disagrees": the titles whose clear position the review does not call a mistake or a
# blunder at the default budget, with what was measured). "Clearly worse" is said by two ways
# of playing on, not one: greedy play to the end (a gap of 0.4 at least) and the title's prior
# played to the end (0.2 at least). Greedy play alone was not enough: greedy against greedy is
# close to one line of play a deal, and in one title it put a gap of 0.4 or more at 9 and 14
# of the last 29 decisions of game seeds 0 and 1, where the prior put less than 0.2 at 19 of
# those 23 and reversed 6 (the first of them, step 41 of game seed 0: 0.69 by greedy play,
# 0.17 by the prior; the review said "inaccuracy" there). Both truths are measured as the
# review sees the position: with the options its title judges with (rv.review_view).
_POSITIONS = json.loads((Path(__file__).parent / "data" / "review_positions.json")
                        .read_text(encoding="utf-8"))
CLEAR = {t: tuple(v) if v else None for t, v in _POSITIONS["clear"].items()}
EQUAL = {t: tuple(v) if v else None for t, v in _POSITIONS["equal"].items()}
DISAGREES = _POSITIONS["review_disagrees"]
AGREEING = _POSITIONS["agreeing_deals"]


def _share(state, seat):
    w = state.winners()
    return 1 / len(w) if seat in w else 0.0


def _finish(state, bot):
    while not state.is_terminal():
        ids = state.legal_action_ids()
        state.apply(int(ids[0]) if len(ids) == 1 else
                    bot(state.observation(state.current_player), state.legal_actions()))
    return state


def _deals(state, deals):
    """``deals`` worlds drawn from the information set of the seat to move (fixed seeds)."""
    import random
    info = nbgames.InfoSet(state, state.current_player, random.Random(1))
    rng = random.Random(2)
    return [info.sample(rng) for _ in range(deals)]


def truth(state, deals=24):
    """{aid: the seat's win share with greedy play afterwards, over deals drawn from
    its information set} for the greedy move and up to five others."""
    import random
    seat = state.current_player
    worlds = _deals(state, deals)
    bot = nbgames.bots.greedy.spawn(7)
    ids = [int(a) for a in state.legal_action_ids()]
    if len(ids) > 6:
        g = int(bot(state.observation(seat), state.legal_actions()))
        ids = sorted({g, *random.Random(3).sample(ids, 5)})
    return {a: sum(_share(_finish(w.clone().apply(a), bot), seat) for w in worlds) / deals
            for a in ids}


def prior_truth(state, ids, deals=24):
    """{aid: the seat's win share when everyone plays on by the title's prior to the end}
    over the deals of :func:`truth`, for the moves ``ids``."""
    import random

    from nbgames.agents.search import title_parts
    seat, prior = state.current_player, title_parts(state.game)[0]
    worlds, play = _deals(state, deals), random.Random(4)

    def finish(s):
        while not s.is_terminal():
            ids_ = s.legal_action_ids()
            s.advance(int(play.choices(ids_, weights=prior(s, ids_))[0]))
        return _share(s, seat)
    return {a: sum(finish(w.clone().apply(a)) for w in worlds) / deals for a in ids}


def staged(title, where):
    """The position as a staged scenario (a new game starting at its step), and the
    position as the review sees it: with the options its title judges with
    (rv.review_view, a perfect memory where declared), which the truth is measured in."""
    seed, step, *policies = where
    rec = (nbgames.play(nbgames.load(title, players=2), policies[0], seed=seed) if policies else
           _record(title, seed=seed))
    pos = nbgames.replay(rec, upto=step)
    start = pos.game.scenario({**pos.to_dict(), "step": pos.step})
    assert start.step == pos.step == step and start.observation(pos.current_player) == \
        pos.observation(pos.current_player)
    seen = nbgames.replay(dict(rec, options={**rec["options"], **rv.review_view(title)}), upto=step)
    assert seen.history == pos.history
    return start, seen


@pytest.mark.parametrize("title", [
    pytest.param(t, marks=pytest.mark.xfail(reason=DISAGREES[t], strict=False)) if t in DISAGREES
    else t
    for t in TITLES if CLEAR.get(t)])
def test_a_clearly_worse_move_is_a_mistake_or_a_blunder_at_its_step(title):
    start, seen = staged(title, CLEAR[title])
    val = truth(seen)
    seat = start.current_player
    bad, good = min(val, key=val.get), max(val, key=val.get)
    assert val[good] - val[bad] >= 0.4, val
    by_prior = prior_truth(seen, (bad, good))
    assert by_prior[good] - by_prior[bad] >= 0.2, by_prior
    rec = start.clone().apply(bad).record()            # the staged game, the bad move played
    assert "start" in rec
    rev = nbgames.review(rec, seats=[seat], progress=False)
    (row,) = rev.rows
    assert row["step"] == start.step and row["taken_id"] == bad
    assert row["class"] in ("mistake", "blunder"), row
    assert row["loss_low"] > 0 and row["value_best"] > row["value_taken"]
    # the marks sit at the scrubber's step (state.step), and position() finds it
    assert list(rev.marks(seat)["rows"]) == [str(start.step)]
    assert rev.position(start.step).observation(seat) == start.observation(seat)


@pytest.mark.parametrize("title", [t for t in TITLES if EQUAL.get(t)])
def test_moves_worth_the_same_are_never_a_mistake(title):
    start, seen = staged(title, EQUAL[title])
    val = truth(seen)
    seat = start.current_player
    assert len(set(val.values())) == 1, val
    for aid in list(val)[:2]:
        rec = start.clone().apply(aid).record()
        for seed in (0, 1):
            (row,) = nbgames.review(rec, seats=[seat], seed=seed, progress=False).rows
            assert row["class"] not in ("mistake", "blunder"), row
            assert row["value_best"] >= row["value_taken"]


@pytest.mark.parametrize("title", list(AGREEING))
def test_deals_that_all_agree_do_not_settle_an_exact_row(title, monkeypatch):
    """An exact row over sampled deals measures its noise over them; where the first
    deals all give the two moves the same value, that is no proof of no noise, and
    more deals are solved (tests/data/review_positions.json: "agreeing_deals")."""
    from nbgames.arena import judge as jd
    from nbgames.theory.advisor import solver
    p = AGREEING[title]
    rec = nbgames.play(nbgames.load(title, players=2), p["policies"], seed=p["game_seed"])
    state = nbgames.replay(rec, upto=p["step"])
    seat, taken = state.current_player, rec["actions"][p["step"]]
    exact = solver(max_nodes=rv.EXACT_NODES, worlds=rv.EXACT_WORLDS, payoff="win", method="highs",
                   enumerate=True)

    def row():
        return jd.judge(state.clone(), seat, taken, nbgames.bots.rollouts(n=8), exact,
                        seed=p["review_seed"])

    with monkeypatch.context() as m:                   # the first deals alone: they all agree
        m.setattr(jd, "EXACT_SOLVES", 1)
        first = row()
    assert first["source"] == "exact" and first["worlds"] == rv.EXACT_WORLDS, first
    assert first["se_loss"] == 0, first
    got = row()
    assert got["source"] == "exact" and got["worlds"] > rv.EXACT_WORLDS, got
    assert got["se_loss"] > 0 and got["class"] != "best", got
