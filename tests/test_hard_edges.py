"""Issue 8: every bad input refused cleanly (an NbgamesError naming the value and
the choices, the state unchanged), loaded states that cannot lie, tournaments
that cannot be gamed. Generic: every check runs on every title."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

import nbgames
from nbgames import NbgamesError, OptionError, RecordError
from nbgames.core.conformance import playout

TITLES = nbgames.games()


def midgame(title, players=None, seed=5):
    game = nbgames.load(title, players)
    states = [s.clone() for s, _ in playout(game, seed)]
    return states[len(states) // 2]


def crash(observation, legal_actions):
    raise RuntimeError("boom")


def first(observation, legal_actions):
    return legal_actions[0]


# -- help ------------------------------------------------------------------------------
def test_documented_help_works_from_a_fresh_interpreter():
    """README: ``help(nbgames.games.<title>)`` lists the options and label grammar."""
    code = ("import nbgames, pydoc\n"
            "for t in nbgames.games():\n"
            "    text = pydoc.render_doc(getattr(nbgames.games, t), renderer=pydoc.plaintext)\n"
            "    g = nbgames.load(t)\n"
            "    assert 'Options' in text and 'Decisions (action labels)' in text, t\n"
            "    for name, opt in g.options_spec.items():\n"
            "        assert name in text and opt.doc.split()[-1] in text, (t, name)\n"
            "    for k in g.action_space.kinds:\n"
            "        assert k.template in text, (t, k.template)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


# -- tournaments -------------------------------------------------------------------------
def test_policies_that_forfeit_most_of_their_games_are_flagged_above_the_table():
    """Issue 21: two policies that always crash still get win rates (each forfeit
    hands the win to the others); both are flagged above the table with their first
    error, also the one that rarely got to move before the other crashed."""
    def boom(observation, legal_actions):
        raise KeyError("beds")

    def bust(observation, legal_actions):
        return "no such move"

    title = TITLES[0]
    res = nbgames.tournament(title, {"greedy": "greedy", "boom": boom, "bust": bust}, games=6,
                             seed=1, players=3, progress=False)
    assert res["boom"].wins + res["bust"].wins > 0          # what the flag is for
    flagged = {f["policy"]: f for f in res.failing()}
    assert set(flagged) == {"boom", "bust"}
    for name, f in flagged.items():
        assert f["forfeits"] == f["played"] == res[name].forfeits
        assert f["first"]["names"][f["first"]["forfeit_seat"]] == name
        assert f["first"] is next(e for e in res.errors if e["names"][e["forfeit_seat"]] == name)
    text = repr(res)
    table_at = text.index("\npolicy ")
    for name in ("boom", "bust"):
        at = text.index(f"! {name} forfeited")
        assert at < table_at and "its win rate means little" in text[at:table_at]
    assert "raised KeyError: 'beds'" in text[:table_at]
    assert "is not an action" in text[:table_at]
    assert flagged["boom"]["first"]["frames"] and "in boom" in flagged["boom"]["first"]["frames"][-1]
    assert flagged["bust"]["first"]["frames"] == []            # it returned, it did not raise
    html = res._repr_html_()
    assert html.index("boom forfeited") < html.index("<table>")
    # a policy that never fails, or fails in a minority of its games, is not flagged
    def half(observation, legal_actions, infoset):
        if infoset.seat == 0:
            raise ValueError("seat 0")
        return legal_actions[0]

    res = nbgames.tournament(title, {"greedy": "greedy", "half": half}, games=4, seed=1,
                             progress=False)
    assert res["half"].forfeits == 2 and res.failing() == [] and "! " not in repr(res)


@pytest.mark.parametrize("title", TITLES)
def test_crashing_never_scores_better_than_playing(title):
    game = nbgames.load(title, nbgames.load(title).max_players)
    res = nbgames.tournament(game, {"mine": crash, "greedy": "greedy"}, games=6, seed=1,
                             progress=False)
    assert res["mine"].wins == 0 and res["mine"].forfeits == 6 and res["greedy"].wins == 6
    assert res.finished == 0 and "No game could be played" in repr(res)
    assert "nan" not in repr(res) and "nan" not in res._repr_html_()
    assert "forfeits" in repr(res) and "<th>forfeits</th>" in res._repr_html_()
    assert all(row["mean_score"] is None for row in res.table())
    played = nbgames.tournament(game, {"first": first, "greedy": "greedy"}, games=6, seed=1,
                                progress=False)
    assert played["first"].wins >= res["mine"].wins and played.finished == 6


def test_a_forfeit_is_a_loss_even_with_several_copies_of_the_policy():
    title = TITLES[0]
    game = nbgames.load(title, 4)
    res = nbgames.tournament(game, {"mine": crash, "ok": first}, games=8, seed=2, progress=False)
    for rec in res.errors:
        names = rec["names"]
        assert names.count("mine") == 2      # the other copy of the crashing policy...
    assert res["mine"].wins == 0               # ...gets no share of the win


def test_policies_are_checked_before_a_tournament_starts():
    game = nbgames.load(TITLES[0], 2)
    for bad in (5, None, "gready", object()):
        with pytest.raises(OptionError, match="policy 'b'.*is not a policy; use \"greedy\""):
            nbgames.tournament(game, {"a": "greedy", "b": bad}, games=2, progress=False)
    with pytest.raises(OptionError, match="players=3 does not match"):
        nbgames.tournament(game, {"a": "greedy", "b": "random"}, games=2, players=3)
    res = nbgames.tournament(TITLES[0], {"a": "greedy", "b": "random"}, games=2, players=3,
                             progress=False)
    assert res.players == 3


@pytest.mark.parametrize("title", TITLES)
def test_built_in_bots_by_name_everywhere(title):
    game = nbgames.load(title)
    seats = ["greedy", "random"] + ["random"] * (game.players - 2)
    rec = nbgames.play(game, seats, seed=1)
    assert rec["policies"][:2] == ["greedy", "random"]
    t = nbgames.Table(game, seats=seats, seed=1)
    t.run(until="end")
    assert t.state.record()["actions"] == rec["actions"]
    w = nbgames.widget(game, seats=seats, seed=1)
    assert w.seats.names() == seats
    with pytest.raises(OptionError, match=r"seat 1: 'gredy' is not a policy; use \"greedy\", "
                                          r"\"random\""):
        nbgames.play(game, ["greedy", "gredy"] + seats[2:], seed=1)


# -- actions, seats, rngs --------------------------------------------------------------
def test_an_action_from_another_game_is_refused():
    a, b = (nbgames.load(t) for t in TITLES[:2])
    for state, foreign in ((a.new_state(seed=1), b.action(0)), (b.new_state(seed=1), a.action(0))):
        before = state.to_dict()
        with pytest.raises(nbgames.IllegalActionError, match="belongs to"):
            state.apply(foreign)
        assert state.to_dict() == before


@pytest.mark.parametrize("title", TITLES)
def test_seats_are_checked_everywhere(title):
    s = midgame(title)
    n = s.players
    for bad in (n, -1, 1.0, "0", True):
        for call in (s.observation, s.log, s.determinize):
            with pytest.raises(OptionError, match=f"seat must be None \\(the spectator\\) or an "
                                                  f"int from 0 to {n - 1}"):
                call(bad)
    assert s.observation(np.int64(0)) == s.observation(0)
    with pytest.raises(OptionError, match="rng must be"):
        s.determinize(0, rng="x")
    w = nbgames.widget(state=s, viewer=0)
    with pytest.raises(OptionError, match=f"seat 7 does not exist; a game of {n} players"):
        w.seats[7] = "greedy"


@pytest.mark.parametrize("title", TITLES)
def test_numbers_are_taken_alike_everywhere(title):
    g = nbgames.load(title)
    assert nbgames.load(title, players=np.int64(g.players)).players == g.players
    assert g.new_state(seed=np.int64(7)).to_dict() == g.new_state(seed=7).to_dict()
    s = g.new_state(seed=7)
    s.apply(np.int64(int(s.legal_action_ids()[0])))
    for bad in (-5, 2**63, 7.9, "7", True):
        with pytest.raises(OptionError, match="seed must be an int from 0 to"):
            g.new_state(seed=bad)
        with pytest.raises(OptionError, match="seed must be None or an int from 0 to"):
            nbgames.widget(g).new_game(bad)
    for bad in (True, 2.0, "2"):
        with pytest.raises(OptionError, match="players must be an int"):
            nbgames.load(title, players=bad)


def test_boolean_options_take_booleans_only():
    for title in TITLES:
        g = nbgames.load(title)
        for name, opt in g.options_spec.items():
            if opt.choices and any(isinstance(c, bool) for c in opt.choices):
                with pytest.raises(OptionError, match=f"option {name}=1 is not valid"):
                    nbgames.load(title, g.max_players, **{name: 1})


# -- records and loaded states -------------------------------------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_loaded_states_cannot_lie(title):
    s = midgame(title)
    g = s.game
    good = s.to_dict()
    assert g.state_from_dict(json.loads(json.dumps(good))).to_dict() == good

    def refused(change, match):
        d = json.loads(json.dumps(good))
        change(d)
        with pytest.raises(RecordError, match=match):
            g.state_from_dict(d)

    refused(lambda d: d.update(history=[]), "does not match what the seed and history give")
    refused(lambda d: d.update(history="123"), "field history must be a list of action ids")
    refused(lambda d: d.update(history=[g.num_actions + 5]), r"field history\[0\]=")
    refused(lambda d: d.update(history=[1.0] + d["history"][1:]), r"field history\[0\]=1.0")
    refused(lambda d: d.update(seed="7"), "field seed must be an int")
    refused(lambda d: d.update(seed=7.9), "field seed must be an int")
    refused(lambda d: d.update(seed=-1), "field seed must be an int")
    refused(lambda d: d.update(chance="x"), "field chance must be an int")
    refused(lambda d: d["log"].append([None, "I won"]), "field log")
    refused(lambda d: d.pop("data"), "lacks data")
    refused(lambda d: d.update(options=None), "options=None does not match")
    # every number in the title's data, turned into a string, is named
    data = good["data"]
    for key, value in data.items():
        if type(value) is int:
            refused(lambda d, k=key: d["data"].__setitem__(k, str(d["data"][k])),
                    f"field data.{key}=")
        elif isinstance(value, list) and value and all(type(v) is int for v in value):
            refused(lambda d, k=key: d["data"][k].__setitem__(0, float(d["data"][k][0])),
                    rf"field data.{key}\[0\]=")


@pytest.mark.parametrize("title", TITLES)
def test_a_scenario_is_explicit_and_replays(title):
    """A position set up by hand goes through game.scenario(): checked against the
    title's data shape and invariants, and its record carries the position."""
    s = midgame(title)
    g = s.game
    d = s.to_dict()
    staged = g.scenario(d)
    assert staged.history == []
    assert {**staged.observation(0), "step": 0} == {**s.observation(0), "step": 0}
    aid = int(staged.legal_action_ids()[0])
    staged.apply(aid)
    rec = staged.record()
    assert rec["start"]["data"] == json.loads(json.dumps(d["data"]))
    back = nbgames.replay(json.loads(json.dumps(rec)))
    assert back.to_dict() == staged.to_dict()
    assert g.state_from_dict(staged.to_dict()).to_dict() == staged.to_dict()
    bad = json.loads(json.dumps(d))
    key = next(k for k, v in bad["data"].items() if type(v) is int or isinstance(v, list))
    bad["data"][key] = "nonsense"
    with pytest.raises(RecordError, match=f"field data.{key} must be"):
        g.scenario(bad)
    bad = json.loads(json.dumps(d))
    bad["data"]["invented"] = 1
    with pytest.raises(RecordError, match="field data.invented is not a field of this title"):
        g.scenario(bad)


@pytest.mark.parametrize("title", TITLES)
def test_tampered_records_are_refused(title):
    game = nbgames.load(title)
    rec = nbgames.play(game, ["greedy"] + ["random"] * (game.players - 1), seed=4)
    assert nbgames.replay(rec).winners() == rec["winners"]
    for key, value, match in (
            ("winners", [s for s in range(game.players) if s not in rec["winners"]],
             "winners .* do not match"),
            ("scores", [x + 1 for x in rec["scores"]], "scores .* do not match"),
            ("options", None, "options must be a dict"),
            ("seed", "7", "seed must be an int"),
            ("actions", [True], "actions must be a list of int ids"),
            ("format", "chess/1", "format 'chess/1'")):
        with pytest.raises(RecordError, match=match):
            nbgames.replay({**rec, key: value})
    for upto in (True, -1, 1.5, len(rec["actions"]) + 1):
        with pytest.raises(RecordError, match="upto="):
            nbgames.replay(rec, upto=upto)


def test_every_error_is_in_the_family():
    """Every failure of user input above is an NbgamesError subclass."""
    s = midgame(TITLES[0])
    for call in (lambda: s.observation(99), lambda: s.determinize(0, "x"),
                 lambda: nbgames.load("chess"), lambda: nbgames.replay("x"),
                 lambda: s.apply("no such move"), lambda: nbgames.load(TITLES[0], players=99)):
        with pytest.raises(NbgamesError):
            call()


def test_option_errors_show_no_machine_paths():
    """An OptionError names the user's value and the choices, never where the
    package lies on this machine (the bundled files are named as such)."""
    from pathlib import Path
    where = str(Path(nbgames.__file__).resolve().parent)
    seen = 0
    for title in TITLES:
        g = nbgames.load(title)
        for name in g.options_spec:
            for bad in (10**6, -1, "x"):
                try:
                    nbgames.load(title, g.max_players, **{name: bad})
                except OptionError as e:
                    seen += 1
                    assert where not in str(e) and repr(bad) in str(e), str(e)
    assert seen >= 2 * len(TITLES)


@pytest.mark.parametrize("title", TITLES)
def test_component_files_are_read_alike(title):
    """One reader for every title's component file (core.game.read_components): a
    missing file is named as given, a value of the wrong kind is refused."""
    with pytest.raises(OptionError, match=r"cannot read .* from '/no/such/cards\.json'"):
        nbgames.load(title, components="/no/such/cards.json")
    with pytest.raises(OptionError, match="components=5"):
        nbgames.load(title, components=5)
