"""nbgames.theory: game trees of live positions, exact equilibria, exploitability.

The hand-solved game is a one-card poker (tests/toy_bluff.py, a test-only game):
player 0 always bets High and bluffs Low 1/3 of the time, player 1 calls 2/3 of
the time, and the game is worth 1/3 to player 0."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from fractions import Fraction

import pytest
from toy_bluff import BET, CALL, CHECK, FOLD, BluffGame

import nbgames
from nbgames import theory
from nbgames.core.registry import spec

TOL = 1e-6


@pytest.fixture
def bluff():
    return BluffGame().new_state(seed=0)


def first_title_endgame():
    """A 2-player position of the first title that ships endgames (generic)."""
    import importlib
    for t in nbgames.games():
        try:
            mod = importlib.import_module(f"nbgames.games.{t}.endgames")
        except ImportError:
            continue
        for _, state in mod.endgames(1):
            if state is not None and state.players == 2:
                tree = theory.game_tree(state, state.current_player, 3000)
                if len(tree.infosets) > 20:
                    return state
    raise AssertionError("no title ships a small 2-player endgame")


# -- the tree --------------------------------------------------------------------------
def test_hand_built_tree_has_the_known_shape(bluff):
    tree = theory.game_tree(bluff, viewer=None)
    assert tree.kind[0] == "c" and tree.probs[0] == [Fraction(1, 2), Fraction(1, 2)]
    assert (tree.num_nodes, tree.num_terminals, len(tree.infosets)) == (11, 6, 3)
    p0 = tree.infosets_of(0)
    p1 = tree.infosets_of(1)
    assert len(p0) == 2 and len(p1) == 1
    # player 1 cannot tell High from Low after a bet: one set with both bet nodes
    assert len(tree.infosets[p1[0]]["nodes"]) == 2
    assert tree.infosets[p1[0]]["actions"] == [FOLD, CALL]
    # player 0 knows its card: one set per world
    assert all(len(tree.infosets[i]["nodes"]) == 1 for i in p0)
    assert sorted(tuple(p) for p in tree.payoffs.values()) == sorted(
        [(1.0, -1.0), (1.0, -1.0), (2.0, -2.0), (-1.0, 1.0), (1.0, -1.0), (-2.0, 2.0)])
    efg = tree.efg()
    assert efg.startswith("EFG 2 R") and efg.count("\np ") == 4 and efg.count('"I1"') == 2


def test_viewer_who_sees_the_card_gets_no_chance_node(bluff):
    tree = theory.game_tree(bluff, viewer=0)
    assert tree.kind[0] == "p" and tree.worlds == "enumerated"
    assert tree.num_nodes == 5


def test_win_payoffs(bluff):
    tree = theory.game_tree(bluff, viewer=None, payoff="win")
    assert all(sorted(p) == [0.0, 1.0] for p in tree.payoffs.values())


# -- the equilibrium --------------------------------------------------------------------
def test_hand_solved_equilibrium_value_and_strategy(bluff):
    sol = theory.solve(bluff, viewer=None)
    assert "LP" in sol.method                       # zero-sum scores: the minimax LP
    assert sol.values[0] == pytest.approx(1 / 3, abs=TOL)
    assert sol.values[1] == pytest.approx(-1 / 3, abs=TOL)
    tree = sol.tree
    for i, info in enumerate(tree.infosets):
        probs = dict(zip(info["actions"], sol.profile[i]))
        obs = info["state"].observation(info["seat"])
        if info["seat"] == 1:
            assert probs[CALL] == pytest.approx(2 / 3, abs=TOL)
        elif obs["card"] == "High":
            assert probs[BET] == pytest.approx(1, abs=TOL)
        else:
            assert probs[BET] == pytest.approx(1 / 3, abs=TOL)
    # the root information set (world 0 holds High) and its action values
    assert sol.seat == 0 and sol.strategy[BET] == pytest.approx(1, abs=TOL)
    assert sol.action_values[BET] == pytest.approx(5 / 3, abs=TOL)      # 2q + (1 - q), q = 2/3
    assert sol.action_values[CHECK] == pytest.approx(1, abs=TOL)


def test_lcp_on_final_scores_agrees_with_lp_on_the_zero_sum_game(bluff):
    sol = theory.solve(bluff, viewer=None, method="lcp", payoff="scores")
    assert "LCP" in sol.method
    assert sol.values[0] == pytest.approx(1 / 3, abs=TOL)
    assert sol.payoff_values[0] == pytest.approx(1 / 3, abs=TOL)
    margin = theory.solve(bluff, viewer=None)            # margin = 2 x score here
    assert margin.payoff_values[0] == pytest.approx(2 / 3, abs=TOL)
    assert margin.values[0] == pytest.approx(1 / 3, abs=TOL)


def test_equilibrium_is_unexploitable_and_random_is_exploitable_by_hand(bluff):
    sol = theory.solve(bluff, viewer=None)
    assert theory.exploitability(sol, tree=sol.tree).nash_conv == pytest.approx(0, abs=TOL)
    ex = theory.exploitability("random", bluff, viewer=None, payoff="scores")
    # by hand: BR of player 0 to a 50/50 caller is worth 1/2 (random play: 1/4);
    # BR of player 1 to a 50/50 bettor is worth 0 (random play: -1/4)
    assert ex.best_response_values == pytest.approx([0.5, 0.0])
    assert ex.policy_values == pytest.approx([0.25, -0.25])
    assert ex.gains == pytest.approx([0.25, 0.25]) and ex.nash_conv == pytest.approx(0.5)


def test_always_bet_is_exploited_by_always_calling(bluff):
    tree = theory.game_tree(bluff, viewer=None)
    prof = {i: [0.0, 1.0] for i in range(len(tree.infosets))}     # bet always; call always
    value, choice = theory.best_response(tree, prof, 1)
    assert value == pytest.approx(0.0)       # calls: -2 vs High, +2 vs Low
    assert choice == {tree.infosets_of(1)[0]: 1}


# -- information sets are the observations ----------------------------------------------
def _obs(state, seat):
    return json.dumps(state.observation(seat), sort_keys=True)


def test_information_sets_are_exactly_the_observation_sequences():
    state = first_title_endgame()
    tree = theory.game_tree(state, state.current_player, 3000, keep_states=True)
    # members of a set: same seat, same observation, same legal actions
    for info in tree.infosets:
        seat = info["seat"]
        seen = {_obs(tree.states[n], seat) for n in info["nodes"]}
        assert len(seen) == 1
        assert {tuple(tree.states[n].legal_action_ids()) for n in info["nodes"]} == {tuple(info["actions"])}
    # and the partition is exactly (seat, observations along the path, own actions),
    # recomputed here independently from the stored states
    groups = defaultdict(set)
    stack = [(0, None)]
    while stack:
        node, trail = stack.pop()
        kind = tree.kind[node]
        if kind == "c":
            stack.extend((c, None) for c in tree.children[node])
            continue
        s = tree.states[node] if node in tree.states else None
        if s is not None:
            obs = [_obs(s, p) for p in range(state.players)]
            trail = [(o,) for o in obs] if trail is None else trail
        if kind == "p":
            seat = tree.infosets[tree.infoset_of[node]]["seat"]
            groups[(seat, trail[seat])].add(tree.infoset_of[node])
            for a, c in zip(tree.infosets[tree.infoset_of[node]]["actions"], tree.children[node]):
                # replay the step (and forced moves) to the child, extending the trails
                t = [list(x) for x in trail]
                child = s.clone()
                t[seat].append(("a", a))
                child.advance(a)
                while True:
                    for p in range(state.players):
                        t[p].append(_obs(child, p))
                    if child.is_terminal() or len(child.legal_action_ids()) != 1:
                        break
                    m = child.current_player
                    t[m].append(("a", int(child.legal_action_ids()[0])))
                    child.advance(int(child.legal_action_ids()[0]))
                stack.append((c, [tuple(x) for x in t]))
    assert all(len(v) == 1 for v in groups.values())          # equal sequences: one set
    assert len(groups) == len(tree.infosets)                    # different: different sets


def test_viewer_cannot_tell_the_worlds_apart():
    state = first_title_endgame()
    tree = theory.game_tree(state, state.current_player, 3000)
    assert tree.kind[0] == "c" and len(tree.children[0]) > 1
    firsts = {tree.infoset_of[c] for c in tree.children[0]}
    assert firsts == {tree.root_infoset}


def test_solution_of_a_title_endgame_is_an_equilibrium():
    state = first_title_endgame()
    sol = theory.solve(state, max_nodes=3000)
    assert set(sol.strategy) == set(state.legal_action_ids())
    assert sum(sol.strategy.values()) == pytest.approx(1)
    ex = theory.exploitability(sol, tree=sol.tree)
    assert ex.nash_conv == pytest.approx(0, abs=1e-5)
    for bot in ("greedy", "random"):
        e = theory.exploitability(bot, tree=sol.tree)
        assert min(e.gains) >= 0 and len(e.gains) == 2


# -- size, errors ------------------------------------------------------------------------
def test_refuses_a_large_tree_early_with_an_estimate():
    """Early: the refusal comes from the size estimate, before any node is built (a
    refusal while building says so differently; no wall-clock bound, which failed
    on a loaded machine)."""
    for title in nbgames.games():
        state = nbgames.load(title, players=2).new_state(seed=1)
        with pytest.raises(theory.TreeTooLarge) as err:
            theory.game_tree(state, 0, max_nodes=500)
        assert "(Knuth estimate over" in str(err.value), str(err.value)     # not "while building"
        assert err.value.estimate > 500 and "max_nodes=500" in str(err.value)
        assert isinstance(err.value, nbgames.NbgamesError)


def test_refuses_while_building_when_the_estimate_was_too_low(bluff):
    from nbgames.theory.tree import build, worlds_of
    ws, _ = worlds_of(bluff, None)
    with pytest.raises(theory.TreeTooLarge, match="more than max_nodes=5"):
        build(ws, None, max_nodes=5, estimate=False)


@pytest.mark.parametrize("kwargs, word", [({"payoff": "points"}, "'scores', 'win'"),
                                          ({"max_nodes": 0}, "max_nodes must be an int >= 1, got 0"),
                                          ({"worlds": 0}, "worlds must be an int >= 1, got 0"),
                                          ({"viewer": 5}, "seat must be None .* got 5")])
def test_bad_options_are_named(kwargs, word):
    state = nbgames.load(nbgames.games()[0], players=2).new_state(seed=1)
    with pytest.raises(nbgames.OptionError, match=word):
        theory.game_tree(state, **kwargs)
    with pytest.raises(nbgames.OptionError):
        theory.solver(**{k: v for k, v in kwargs.items() if k != "viewer"} or {"worlds": -1})


def test_bad_method_is_named(bluff):
    with pytest.raises(nbgames.OptionError, match="'lcp'"):
        theory.solve(bluff, viewer=None, method="simplex")


def test_finished_game_has_no_tree(bluff):
    bluff.apply("check")
    with pytest.raises(nbgames.NbgamesError, match="over"):
        theory.game_tree(bluff)


# -- the board's advisor -----------------------------------------------------------------
def test_advisor_shares_on_the_legal_moves_from_the_infoset_only():
    state = first_title_endgame()
    adv = theory.solver(max_nodes=3000)
    info = nbgames.InfoSet(state, rng=random.Random(3))
    assert adv.can_solve(info)
    out = adv.analyse(info)
    assert set(out) == set(state.legal_action_ids())
    assert sum(v["share"] for v in out.values()) == pytest.approx(1)
    assert all(v["visits"] == 0 and isinstance(v["value"], float) for v in out.values())
    assert len(adv.values(info)) == state.players
    early = nbgames.load(state.game.title, players=2).new_state(seed=2)
    assert not adv.can_solve(nbgames.InfoSet(early))
    with pytest.raises(theory.TreeTooLarge):
        adv.analyse(nbgames.InfoSet(early))


def test_every_title_with_endgames_names_a_spec_title():
    import importlib
    for t in nbgames.games():
        try:
            importlib.import_module(f"nbgames.games.{t}.endgames")
        except ImportError:
            continue
        assert spec(t).title == t


def test_three_players_get_the_named_logit_approximation():
    import importlib
    found = None
    for t in nbgames.games():
        try:
            mod = importlib.import_module(f"nbgames.games.{t}.endgames")
        except ImportError:
            continue
        for _, state in mod.endgames(1):
            if state is None or state.players < 3:
                continue
            try:
                tree = theory.game_tree(state, state.current_player, 2000)
            except theory.TreeTooLarge:
                continue
            found = (state, tree)
            break
        if found:
            break
    assert found, "no title ships a small endgame with 3 or more players"
    state, tree = found
    sol = theory.solve_tree(tree)
    assert sol.method == "logit QRE (approximate Nash)"
    assert all(sum(p) == pytest.approx(1) for p in sol.profile.values())
    assert len(sol.values) == state.players
    with pytest.raises(nbgames.OptionError, match="2-player"):
        theory.solve_tree(tree, "lp")


def test_highs_sequence_form_lp_matches_the_hand_solution_and_pygambit(bluff):
    sol = theory.solve(bluff, viewer=None, method="highs")
    assert "HiGHS" in sol.method
    assert sol.values[0] == pytest.approx(1 / 3, abs=TOL)
    for i, info in enumerate(sol.tree.infosets):
        probs = dict(zip(info["actions"], sol.profile[i]))
        obs = info["state"].observation(info["seat"])
        want = {1: (CALL, 2 / 3)}.get(info["seat"]) or ((BET, 1.0) if obs["card"] == "High" else (BET, 1 / 3))
        assert probs[want[0]] == pytest.approx(want[1], abs=TOL)
    state = first_title_endgame()
    tree = theory.game_tree(state, state.current_player, 3000, payoff="margin")
    fast, ref = theory.solve_tree(tree, "highs"), theory.solve_tree(tree, "lp")
    assert fast.payoff_values == pytest.approx(ref.payoff_values, abs=1e-6)      # the minimax value is unique
    assert theory.exploitability(fast, tree=tree).nash_conv == pytest.approx(0, abs=1e-6)
    with pytest.raises(nbgames.OptionError, match="general-sum"):
        theory.solve_tree(theory.game_tree(state, state.current_player, 3000, payoff="scores"), "highs")


def test_pygambit_16_or_none_is_refused_with_how_to_install_17(monkeypatch):
    """Issue 21: the extras ask for pygambit>=17.0.0b2 (it has wheels; 16.x builds
    from source for minutes and has another API). An older or missing pygambit is
    a clear error naming the version to install, not an AttributeError mid-solve."""
    import sys
    import types

    from nbgames.theory.tree import require_pygambit
    old = types.ModuleType("pygambit")
    old.__version__ = "16.7.0"
    monkeypatch.setitem(sys.modules, "pygambit", old)
    with pytest.raises(nbgames.NbgamesError, match=r"pygambit 17 or newer, found 16\.7\.0.*>=17\.0\.0b2"):
        require_pygambit()
    monkeypatch.setitem(sys.modules, "pygambit", None)          # not installed
    with pytest.raises(nbgames.NbgamesError, match=r"pip install 'nbgames\[theory\]'.*highs"):
        require_pygambit()
