"""Ratings, payoff tables, duplicate deals, per-seat results and seat advantage
(nbgames.arena.analysis), over every title."""

import pytest

import nbgames
from nbgames.arena import analysis
from nbgames.core.registry import spec

TITLES = nbgames.games()


def _max_players(title):
    return max(spec(title).bench_players or (2,))


def test_ranks_winners_first_then_score_ties_equal():
    rec = {"names": ["a", "b", "c", "d"], "winners": [1, 3], "scores": [5, 9, 7, 9]}
    assert analysis.ranks(rec) == [3, 0, 2, 0]
    rec = {"names": ["a", "b", "c"], "winners": [0], "scores": [9, 4, 4]}
    assert analysis.ranks(rec) == [0, 1, 1]
    forfeit = {"names": ["a", "b", "a"], "error": "x", "forfeit_seat": 1}
    assert analysis.ranks(forfeit) == [0, 2, 0]


@pytest.mark.parametrize("title", TITLES)
def test_ranks_follow_the_games_winners_at_every_player_count(title):
    for n in sorted({2, _max_players(title)}):
        res = nbgames.tournament(title, {"g": "greedy", "r": "random"}, games=4, seed=1,
                                 players=n, progress=False)
        for rec in analysis.finished(res.records):
            r = analysis.ranks(rec)
            assert {i for i in range(n) if r[i] == 0} == set(rec["winners"]), rec
            assert len(r) == n


@pytest.mark.parametrize("title", TITLES)
def test_ratings_rank_greedy_above_random_and_show_mu_sigma_ordinal(title):
    res = nbgames.tournament(title, {"greedy": "greedy", "random": "random"}, games=20, seed=3,
                             progress=False)
    table = res.ratings(as_frame=False)
    assert table.columns[:4] == ["policy", "mu", "sigma", "ordinal"]
    by = {r["policy"]: r for r in table}
    assert by["greedy"]["mu"] > by["random"]["mu"], table
    for r in table:
        assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=0.01)
        assert r["games"] == 20
    assert "ordinal" in repr(table)


def test_ties_are_rated_equal():
    recs = [{"names": ["a", "b"], "winners": [0, 1], "scores": [3, 3]} for _ in range(5)]
    rows = {r["policy"]: r for r in analysis.ratings(recs, ["a", "b"], as_frame=False)}
    assert rows["a"]["mu"] == rows["b"]["mu"]
    assert rows["a"]["sigma"] == rows["b"]["sigma"] < 25 / 3


def test_ratings_and_tables_as_dataframes():
    pd = pytest.importorskip("pandas")
    res = nbgames.tournament(TITLES[0], {"greedy": "greedy", "random": "random"}, games=6,
                             progress=False)
    for df in (res.ratings(), res.payoff_table(), res.seat_advantage(), res.per_seat(),
               res.pairwise()):
        assert isinstance(df, pd.DataFrame) and len(df) > 0


@pytest.mark.parametrize("title", TITLES)
def test_payoff_table_two_players(title):
    res = nbgames.tournament(title, {"greedy": "greedy", "random": "random", "r2": "random"},
                             games=12, seed=2, progress=False, players=2)
    table = res.payoff_table(as_frame=False)
    cell = {(r["policy"], r["opponent"]): r for r in table}
    for (a, b), r in cell.items():
        assert a != b                       # no self-play in a 3-policy rotation
        assert r["win_rate"] + cell[(b, a)]["win_rate"] == pytest.approx(1.0)
        assert r["win_ci_low"] <= r["win_rate"] <= r["win_ci_high"]
        assert r["score_ci_low"] <= r["mean_score"] <= r["score_ci_high"]
        assert r["games"] == 4
    names, m = res.payoff_matrix()
    assert names == ["greedy", "random", "r2"] and m[0][0] == 0.5
    assert m[0][1] == cell[("greedy", "random")]["win_rate"]


def test_payoff_table_refuses_more_than_two_seats():
    title = next((t for t in TITLES if _max_players(t) > 2), None)
    if title is None:
        pytest.skip("no title with more than 2 players")
    res = nbgames.tournament(title, {"g": "greedy", "r": "random"}, games=2, progress=False,
                             players=_max_players(title))
    with pytest.raises(nbgames.OptionError, match="2-player"):
        res.payoff_table()
    with pytest.raises(nbgames.OptionError, match="metric"):
        analysis.payoff_matrix([], [], "elo")


@pytest.mark.parametrize("title", TITLES)
def test_duplicate_plays_each_deal_from_every_seat(title):
    names = {"greedy": "greedy", "random": "random"}
    res = nbgames.tournament(title, names, games=8, seed=5, progress=False, duplicate=True)
    by_deal = {}
    for rec in res.records:
        by_deal.setdefault(rec["deal"], []).append(rec)
    assert len(by_deal) == 4
    for recs in by_deal.values():
        assert len({r["seed"] for r in recs}) == 1
        assert sorted(tuple(r["names"]) for r in recs) == [("greedy", "random"),
                                                           ("random", "greedy")]
    other = nbgames.tournament(title, names, games=8, seed=5, progress=False)
    assert len({r["seed"] for r in other.records}) == 8
    row = res["greedy"]
    assert row.ci == row.ci_deals and "duplicate deals" in repr(res)


def test_duplicate_checks_the_game_count():
    with pytest.raises(nbgames.OptionError, match="multiple of 3.*got 10"):
        nbgames.tournament(TITLES[0], {"a": "greedy", "b": "random", "c": "random"}, games=10,
                           duplicate=True, progress=False)
    with pytest.raises(nbgames.OptionError, match="duplicate must be True or False"):
        nbgames.tournament(TITLES[0], {"a": "greedy", "b": "random"}, games=2, duplicate="yes",
                           progress=False)


def test_baseline_when_a_policy_holds_several_seats():
    title = next((t for t in TITLES if _max_players(t) >= 3), None)
    if title is None:
        pytest.skip("no title with 3+ players")
    n = _max_players(title)
    res = nbgames.tournament(title, {"g": "greedy", "r": "random"}, games=4, players=n,
                             progress=False)
    seats_g = sum(rec["names"].count("g") for rec in res.records)
    assert res["g"].baseline == pytest.approx(seats_g / (4 * n))
    assert res["g"].baseline + res["r"].baseline == pytest.approx(1.0)
    assert "baseline" in repr(res)


@pytest.mark.parametrize("title", TITLES)
def test_seat_advantage_and_per_seat(title):
    n = _max_players(title)
    res = nbgames.tournament(title, {"a": "greedy", "b": "greedy"}, games=6, players=n,
                             progress=False, seed=9)
    adv = res.seat_advantage(as_frame=False)
    assert [r["seat"] for r in adv] == list(range(n))
    assert sum(r["win_rate"] for r in adv) == pytest.approx(1.0, abs=0.01)
    for r in adv:
        assert r["ci_low"] <= r["win_rate"] <= r["ci_high"] and r["baseline"] == round(1 / n, 3)
    seats = res.per_seat(as_frame=False)
    assert sum(r["games"] for r in seats) == 6 * n


def test_progress_bar_is_tqdm_auto():
    from tqdm.auto import tqdm

    from nbgames.arena.progress import progress_bar
    bar = progress_bar(3, True, "x", "game")
    assert isinstance(bar, tqdm)
    bar.close()
    assert progress_bar(3, False, "x", "game") is None
