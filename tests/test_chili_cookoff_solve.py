"""Issue 14, the board: a "Solve" control appears when the position is small
enough, shows the equilibrium mix on the legal moves (the hint overlay) and the
value for each seat. Staged on a real Cookoff endgame."""

from __future__ import annotations

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
