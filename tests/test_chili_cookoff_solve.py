"""Issue 14, the board: a "Solve" control appears when the position is small
enough, shows the equilibrium mix on the legal moves (the hint overlay) and the
value for each seat. Staged on a real Cookoff endgame."""

from __future__ import annotations

import random

import pytest

import nbgames
from nbgames.games.chili_cookoff.endgames import endgame

pytest.importorskip("scipy")


def test_solve_appears_on_a_small_endgame_and_shows_the_equilibrium():
    state = endgame(seed=6, hands=2)
    solver = nbgames.theory.solver(max_nodes=5000)
    w = nbgames.widget(state=state, viewer=state.current_player,
                       seats=["human", "human"], advisor=solver)
    assert w.advisor_label == "Solve" and w.advisor_ready
    w.hint(wait=True)
    hints = w.hints
    assert hints["status"] == "done"
    moves = {int(a): m for a, m in hints["moves"].items()}
    assert sorted(moves) == sorted(int(a) for a in state.legal_action_ids())
    assert abs(sum(m["share"] for m in moves.values()) - 1) < 1e-6
    assert len(hints["values"]) == 2
    # the same mix as the solver gives for the viewer's infoset
    direct = solver.analyse(nbgames.InfoSet(state, state.current_player))
    assert max(direct, key=lambda a: direct[a]["share"]) == max(moves, key=lambda a: moves[a]["share"])


def test_solve_is_hidden_where_the_tree_is_too_large():
    game = nbgames.load(nbgames.games()[0], players=2)
    state = game.new_state(seed=1)                      # the first move of a whole game
    w = nbgames.widget(state=state, viewer=0, seats=["human", "human"],
                       advisor=nbgames.theory.solver(max_nodes=500))
    assert w.advisor_label == "Solve" and not w.advisor_ready
    with pytest.raises(nbgames.NbgamesError):
        w.hint(wait=True)


def test_a_search_advisor_is_a_hint_and_always_ready():
    game = nbgames.load(nbgames.games()[0], players=2)
    w = nbgames.widget(game, seats=["human", "greedy"], seed=2, advisor="ismcts")
    assert w.advisor_label == "Hint" and w.advisor_ready


def test_solve_values_are_in_the_solvers_payoff_and_the_played_move_is_worth_most():
    """Issue 21: the panel showed the seat's own expected score, so the move the
    equilibrium plays could show less than one it avoids. Values are now in the
    payoff it maximises (the margin by default), named, and the moves it plays are
    worth the most."""
    state = endgame(seed=6, hands=2)
    solver = nbgames.theory.solver(max_nodes=5000, worlds=8, seed=0)
    info = nbgames.InfoSet(state, state.current_player, rng=random.Random(0))
    out = solver.analyse(info)
    assert {m["payoff"] for m in out.values()} == {"margin"}
    assert all("minus the mean of the others" in m["payoff_text"] for m in out.values())
    assert not any(m["forced"] for m in out.values())
    best = max(m["value"] for m in out.values())
    for m in out.values():
        if m["share"] > 1e-6:
            assert m["value"] >= best - 1e-6, out
    sol = solver.solution(info)
    assert solver.values(info) == sol.payoff_values and abs(sum(sol.payoff_values)) < 1e-6  # zero-sum
    assert solver.scores(info) == sol.values
    win = nbgames.theory.solver(max_nodes=5000, worlds=8, seed=0, payoff="win").analyse(info)
    assert {m["payoff"] for m in win.values()} == {"win"}
    assert all(0 <= m["value"] <= 1 for m in win.values())


def test_a_forced_move_is_shown_as_forced():
    """Issue 21: with one legal move the panel read "play Meat 6 0%"."""
    state = endgame(seed=6, hands=2)
    while len(state.legal_action_ids()) != 1:
        state.apply(state.legal_action_ids()[0])
    solver = nbgames.theory.solver(max_nodes=5000, worlds=8, seed=0)
    w = nbgames.widget(state=state, viewer=state.current_player, seats=["human", "human"],
                       advisor=solver)
    assert w.advisor_ready
    w.hint(wait=True)
    moves = {int(a): m for a, m in w.hints["moves"].items()}
    (aid, m), = moves.items()
    assert aid == int(state.legal_action_ids()[0])
    assert m["forced"] is True and m["share"] == 1.0 and m["payoff"] == "margin"
    assert m["value"] == pytest.approx(w.hints["values"][state.current_player])
