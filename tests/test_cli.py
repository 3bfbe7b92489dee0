"""The command line through subprocess: every command works, and bad arguments
give a clear message and a non-zero exit, never a traceback."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import nbgames
from nbgames.core.words import outcome

ROOT = Path(__file__).resolve().parents[1]
TITLE = nbgames.games()[0]


def run(*args, stdin="", cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("NBGAMES_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "nbgames", *map(str, args)], input=stdin,
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "rec.json"
    rec = nbgames.play(nbgames.load(TITLE, 2), ["greedy", "random"], seed=4)
    path.write_text(json.dumps(rec))
    return path, rec


def test_play_a_whole_game_as_a_human_typing_numbers_ids_and_labels(tmp_path):
    """A number is an item of the '?' list (1 is its first line), #N the action id
    N, and a label matches in any case; the record names every seat's policy."""
    game = nbgames.load(TITLE, 2)
    state = game.new_state(seed=9)
    # the human (seat 0) plays the last legal action each time; seat 1 is "random"
    lines = ["?", "not an action", "0", "99999"]
    out_path = tmp_path / "played.json"
    # drive the game here with the same seats to know the human's inputs in advance
    import random

    from nbgames.agents.adapter import decide, spawn_policy
    rng = random.Random(9)
    bot = spawn_policy(nbgames.bots.random, rng.getrandbits(63))
    ways = 0
    while not state.is_terminal():
        if state.current_player == 0:
            legal = state.legal_actions()
            a = legal[-1]
            lines.append([str(len(legal)), f"#{a.id}", a.label.upper(), a.label.lower()][ways % 4])
            ways += 1
            state.apply(a.id)
        else:
            state.apply(decide(bot, state, state.current_player, rng))
    assert ways >= 4
    r = run("play", TITLE, "--seats", "human,random", "--seed", 9,
            "--record", out_path, stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    assert "no action is labelled 'not an action'" in r.stdout
    assert "no choice 0: the '?' list has" in r.stdout
    assert "no choice 99999" in r.stdout
    first = game.new_state(seed=9).legal_actions()
    assert f"     1. {first[0].label}   (#{first[0].id})" in r.stdout       # the '?' list
    assert outcome(state.scores(), state.winners()) in r.stdout
    rec = json.loads(out_path.read_text())
    assert rec["actions"] == state.history and rec["policies"] == ["human", "random"]


def test_the_player_count_comes_from_the_seats_and_options_are_checked(tmp_path):
    big = next(t for t in nbgames.games() if nbgames.load(t).max_players >= 3)
    out = tmp_path / "three.json"
    r = run("play", big, "--seats", "greedy,random,greedy", "--seed", 2, "--record", out)
    assert r.returncode == 0, r.stderr
    rec = json.loads(out.read_text())
    assert rec["players"] == 3 and rec["policies"] == ["greedy", "random", "greedy"]
    # an option is passed as nbgames.load takes it, and refused as it refuses it
    title, name, opt = next((t, k, o) for t in nbgames.games()
                            for k, o in nbgames.load(t).options_spec.items() if type(o.default) is int)
    value = opt.default + 1
    try:
        nbgames.load(title, **{name: value})
    except nbgames.OptionError:
        value = opt.default - 1
    r = run("play", title, "--seats", "greedy,greedy", "--option", f"{name}={value}", "--seed", 1,
            "--record", out)
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["options"][name] == value
    r = run("play", title, "--seats", "greedy,greedy", "--option", f"{name}=lots")
    assert r.returncode == 2 and name in r.stderr and "lots" in r.stderr and "Traceback" not in r.stderr
    r = run("tournament", title, "--policies", "greedy", "--option", "no_such_option=1")
    assert r.returncode == 2 and "unknown option 'no_such_option'" in r.stderr and name in r.stderr
    r = run("play", title, "--option", "justaword")
    assert r.returncode == 2 and "write KEY=VALUE" in r.stderr and name in r.stderr


def test_quitting_still_writes_the_record_and_its_export_names_every_seat(tmp_path):
    out = tmp_path / "quit.json"
    r = run("play", TITLE, "--seats", "human,greedy", "--seed", 5, "--record", out,
            stdin="1\n1\nq\n")
    assert r.returncode == 0, r.stderr
    assert "game abandoned" in r.stdout and "record written" in r.stdout
    rec = json.loads(out.read_text())
    assert rec["policies"] == ["human", "greedy"] and len(rec["actions"]) >= 2
    assert nbgames.replay(rec).history == rec["actions"]
    html = tmp_path / "quit.html"
    r = run("export", out, "--html", html, "--viewer", 0)
    assert r.returncode == 0, r.stderr
    static = json.loads(re.search(r'id="nbg-static" type="application/json">(.*?)</script>',
                                  html.read_text(), re.S).group(1))
    assert [s["name"] for s in static["seat_info"]] == ["human", "greedy"]
    assert "?" not in [s["name"] for s in static["seat_info"]]


def test_a_policy_failing_in_play_is_reported_with_its_frames(tmp_path):
    (tmp_path / "badpol.py").write_text(
        "def broken(observation, legal_actions):\n"
        "    return observation['no_such_key']\n")
    out = tmp_path / "bad.json"
    r = run("play", TITLE, "--seats", "greedy,badpol:broken", "--seed", 1, "--record", out, cwd=tmp_path)
    assert r.returncode == 1
    assert "forfeit: policy 'broken', seat 1, step" in r.stdout
    # the terminal shows the game as the human (here: the spectator) may see it: the
    # exception's type, not its message, which may hold the policy's private data
    # (issue 25); the last frames are the policy's own code
    assert "raised KeyError at" in r.stdout and "KeyError: 'no_such_key'" not in r.stdout
    assert "private to seat 1" in r.stdout
    assert "badpol.py\", line 2, in broken" in r.stdout and "observation['no_such_key']" in r.stdout
    assert json.loads(out.read_text())["policies"] == ["greedy", "badpol:broken"]
    assert "Traceback" not in r.stderr


def test_play_ends_cleanly_when_input_ends():
    r = run("play", TITLE, "--seed", 1, stdin="")
    assert r.returncode == 1 and "abandoned" in r.stdout and "Traceback" not in r.stderr


def test_tournament_prints_the_table_and_writes_json(tmp_path):
    (tmp_path / "mypolicies.py").write_text(
        "def first(observation, legal_actions):\n    return legal_actions[0]\n")
    out = tmp_path / "res.json"
    r = run("tournament", TITLE, "--policies", "greedy,random,mypolicies:first", "--games", 6,
            "--seed", 3, "--players", 3, "--json", out, "--workers", 2, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Tournament:" in r.stdout and "mypolicies:first" in r.stdout
    assert "game/s" in r.stderr or "6/6" in r.stderr          # the progress bar
    res = json.loads(out.read_text())
    serial = nbgames.tournament(nbgames.load(TITLE, 3), {"greedy": "greedy", "random": "random",
                                "mypolicies:first": lambda o, legal: legal[0]},
                                games=6, seed=3, progress=False)
    assert [r["actions"] for r in res["records"]] == [r["actions"] for r in serial.records]
    assert res["table"] == json.loads(json.dumps(serial.table()))


def test_a_policy_that_forfeits_every_game_is_reported_and_fails_the_command(tmp_path):
    """Issue 21: the policy, the seat, the step and the error with its last frames,
    in the shell's words (no Python attribute), and a non-zero exit."""
    (tmp_path / "mypol.py").write_text(
        "def planter(observation, legal_actions):\n"
        "    beds = observation['beds']\n"
        "    return legal_actions[0]\n")
    out = tmp_path / "res.json"
    r = run("tournament", TITLE, "--policies", "greedy,mypol:planter", "--games", 4, "--quiet",
            "--json", out, cwd=tmp_path)
    assert r.returncode == 1
    assert ".errors" not in r.stdout
    flag = r.stdout.index("! mypol:planter forfeited 4 of its 4 games")
    assert flag < r.stdout.index("win rate")                 # the flag is above the table
    report = r.stdout[r.stdout.index("forfeit in game 0"):]
    assert "policy 'mypol:planter', seat 1, step" in report and "KeyError: 'beds'" in report
    assert 'mypol.py", line 2, in planter' in report and "observation['beds']" in report
    assert "mypol:planter forfeited every game" in r.stderr and "Traceback" not in r.stderr
    errors = json.loads(out.read_text())["errors"]
    assert len(errors) == 4 and all(e["error_type"] == "KeyError" for e in errors)
    assert all(e["step"] is not None and "in planter" in e["frames"][-1] for e in errors)
    # a policy that fails in half of its games (those it starts in seat 0): its first
    # forfeit is reported, but it is not flagged and the command succeeds
    (tmp_path / "flaky.py").write_text(
        "def sometimes(observation, legal_actions, infoset):\n"
        "    if infoset.seat == 0:\n"
        "        raise ValueError('seat 0 is not for me')\n"
        "    return legal_actions[0]\n")
    r = run("tournament", TITLE, "--policies", "greedy,flaky:sometimes", "--games", 4, "--quiet",
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "! " not in r.stdout and "2 forfeit(s)" in r.stdout
    assert "forfeit in game 1 (the first of 2 by flaky:sometimes)" in r.stdout
    assert "ValueError: seat 0 is not for me" in r.stdout and "in sometimes" in r.stdout


def test_the_same_policy_may_play_twice(tmp_path):
    out = tmp_path / "twice.json"
    r = run("tournament", TITLE, "--policies", "greedy,greedy", "--games", 2, "--quiet", "--json", out)
    assert r.returncode == 0, r.stderr
    res = json.loads(out.read_text())
    assert res["policies"] == ["greedy", "greedy#2"]
    assert {t["policy"] for t in res["table"]} == {"greedy", "greedy#2"}


def test_help_gives_examples():
    for args in ((), ("play",), ("tournament",), ("replay",), ("export",)):
        r = run(*args, "--help")
        assert r.returncode == 0, (args, r.stderr)
        assert "example" in r.stdout and "nbgames " in r.stdout.split("example", 1)[1], args
    r = run("--help")
    assert all(t in r.stdout for t in nbgames.games())
    assert "--option KEY=VALUE" in run("play", "--help").stdout


def test_replay_steps_through_a_record(record):
    path, rec = record
    r = run("replay", path, "--viewer", 1)
    assert r.returncode == 0, r.stderr
    assert len(re.findall(r"step \d+: player \d", r.stdout)) == len(rec["actions"])
    assert outcome(rec["scores"], rec["winners"]) in r.stdout
    paused = run("replay", path, "--pause", stdin="\n\nq\n")
    assert paused.returncode == 0 and len(re.findall(r"step \d+: player \d", paused.stdout)) == 2


def test_export_writes_one_self_contained_file(record, tmp_path):
    path, rec = record
    out = tmp_path / "game.html"
    r = run("export", path, "--html", out, "--viewer", 0)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert text.startswith("<!doctype html>") and "export default" in text
    assert "http://" not in text and "https://" not in text     # nothing to fetch


@pytest.mark.parametrize("args,message", [
    ((), "required: COMMAND"),
    (("dance",), "invalid choice: 'dance'"),
    (("play", "no_such_title"), "unknown title 'no_such_title'; choose one of"),
    (("play", TITLE, "--players", 99), "players"),
    (("play", TITLE, "--players", "two"), "invalid int value: 'two'"),
    (("play", TITLE, "--players", 2, "--seats", "human"), "2 players need 2 seats"),
    (("play", TITLE, "--players", 2, "--seats", "human,genius"), "unknown policy 'genius'; use one of"),
    (("play", TITLE, "--seed", -5), "seed"),
    (("tournament", TITLE), "required: --policies"),
    (("tournament", TITLE, "--policies", "greedy,nosuchmodule:f"), "cannot import module 'nosuchmodule'"),
    (("tournament", TITLE, "--policies", "greedy,json:nothing_here"), "module 'json' has no 'nothing_here'"),
    (("tournament", TITLE, "--policies", "greedy,random", "--games", 0), "--games must be a positive"),
    (("replay", "/no/such/file.json"), "no such record file"),
    (("export", "/no/such/file.json", "--html", "x.html"), "no such record file"),
])
def test_bad_arguments_give_a_message_and_a_nonzero_exit(args, message):
    r = run(*args)
    assert r.returncode != 0
    assert message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_bad_record_files(tmp_path, record):
    path, rec = record
    (tmp_path / "junk.json").write_text("{not json")
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "tampered.json").write_text(json.dumps(dict(rec, scores=[999, 0])))
    for name, message in (("junk.json", "is not JSON"), ("list.json", "a record must be a dict"),
                          ("tampered.json", "the record was altered")):
        for cmd in (("replay",), ("export", "--html", tmp_path / "o.html")):
            r = run(cmd[0], tmp_path / name, *cmd[1:])
            assert r.returncode != 0 and message in r.stderr, (name, cmd, r.stderr)
            assert "Traceback" not in r.stderr
    r = run("export", path, "--html", tmp_path / "no" / "dir" / "o.html")
    assert r.returncode != 0 and "cannot write" in r.stderr
    r = run("export", path, "--html", tmp_path / "o.html", "--viewer", 7)
    assert r.returncode != 0 and "--viewer '7'" in r.stderr


def test_the_console_script_is_declared():
    text = (ROOT / "pyproject.toml").read_text()
    assert 'nbgames = "nbgames.cli:main"' in text


def test_the_end_of_a_game_is_said_in_words(record):
    """Issue 32: "player 1, player 5 and player 6 win", not "winners [1]" nor
    "player 1 and player 5 and player 6 win"."""
    from nbgames.core.words import who_won
    assert who_won([1]) == "player 1 wins"
    assert who_won([1, 5, 6]) == "player 1, player 5 and player 6 win"
    assert who_won([0, 2], ["Ann", "Bob", "Cy"]) == "Ann and Cy win"
    assert outcome([3, 5], [1]) == "scores: player 0 3, player 1 5; player 1 wins"
    path, rec = record
    r = run("replay", path)
    assert r.returncode == 0, r.stderr
    assert "winners [" not in r.stdout and "scores [" not in r.stdout


def _big_turn():
    """A title, a seed and the human seat's inputs before its first turn with more
    choices than the '?' list shows one a line (seat 0 human, seat 1 greedy, driven
    as ``nbgames play`` drives them), and that turn's legal actions."""
    import random

    from nbgames.agents.adapter import decide, spawn_policy
    from nbgames.cli.choices import LIST_MAX
    for title in nbgames.games():
        state = nbgames.load(title, 2).new_state(seed=3)
        rng = random.Random(state.seed)
        bot = spawn_policy(nbgames.bots.greedy, rng.getrandbits(63))
        inputs = []
        while not state.is_terminal() and len(inputs) < 6:
            legal = state.legal_actions()
            if state.current_player == 1:
                state.apply(decide(bot, state, 1, rng))
            elif len(legal) > LIST_MAX:
                return title, inputs, legal
            else:
                inputs.append("1")
                state.apply(legal[0].id)
    pytest.skip("no title offers a turn with many choices")


def test_many_choices_are_listed_in_groups_and_chosen_in_steps():
    """Issue 32: a turn with hundreds of choices is not one numbered list of
    hundreds: '?' lists groups (e.g. a card and its rotation), a group opens by its
    number or by typing the start of its labels, and a number inside it plays."""
    from nbgames.cli.choices import GROUPS_MAX, menu
    title, inputs, legal = _big_turn()
    groups = menu(legal)
    assert 1 < len(groups) <= GROUPS_MAX and all(g.is_group for g in groups)
    assert sorted(i for g in groups for i in g.ids) == sorted(a.id for a in legal)
    head = groups[1].text                       # open the second group by its words
    inside = [a for a in legal if a.label.startswith(head + " ")]
    script = inputs + ["?", head, "2", "q"]
    r = run("play", title, "--seats", "human,greedy", "--seed", 3, stdin="\n".join(script) + "\n")
    assert r.returncode == 0, r.stderr
    listed = r.stdout.split(f"{len(legal)} choices")[1]
    numbered = re.findall(r"^(?:player \d.*?> )?\s+\d+\. (.*)$", listed, re.M)
    shown = numbered[:len(groups)]
    assert shown == [f"{g.text} …   ({len(g.ids)} choices)" for g in groups]
    assert f"player 0: {inside[1].label}" in r.stdout      # the second action of the group
    # the same group by its number: '?', its number, then the first action inside
    first = groups[0]
    inside = [a for a in legal if a.id in first.ids]
    r = run("play", title, "--seats", "human,greedy", "--seed", 3,
            stdin="\n".join(inputs + ["1", "1", "q"]) + "\n")
    assert f"player 0: {inside[0].label}" in r.stdout, r.stdout[-2000:]


def test_every_option_has_help_and_shows_its_real_default():
    """Issue 32: no option or argument without help (``--seed``, ``--games``,
    ``--players``, serve's TITLE); ``review --budget`` shows its default as a number,
    not as a dotted name."""
    import argparse

    from nbgames.arena.review import DEFAULT_BUDGET
    from nbgames.cli import parser
    p = parser()
    subs = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    bare = [f"{name} {a.dest}" for name, sp in subs.choices.items() for a in sp._actions
            if not a.help]
    assert not bare, bare
    text = run("review", "--help").stdout
    assert f"(default {DEFAULT_BUDGET})" in " ".join(text.split())
    assert "nbgames.arena" not in text
    serve = " ".join(run("serve", "--help").stdout.split())
    assert "TITLE the game: one of" in serve


def test_help_shows_real_signatures_and_no_sphinx_roles():
    """Issue 32: ``help(nbgames.host)`` shows the host's parameters, not
    ``(*args, **kwargs)``; the help people read (every title's help page, its
    options, the package's own text) has no raw Sphinx role such as :mod:`.rules`."""
    import importlib
    import inspect
    for name in ("host", "join"):
        params = inspect.signature(getattr(nbgames, name)).parameters
        assert not any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params.values()), name
    assert list(inspect.signature(nbgames.host).parameters)[:3] == ["game_or_table", "seats", "port"]
    role = re.compile(r":(mod|func|class|meth|data|attr):`")
    pages = {f"help(nbgames.games.{t})": importlib.import_module(f"nbgames.games.{t}").__doc__
             for t in nbgames.games()}
    pages |= {f"option {t}.{k}": o.doc for t in nbgames.games()
              for k, o in nbgames.load(t).options_spec.items()}
    pages["nbgames"] = nbgames.__doc__
    hits = [f"{where}: {line.strip()}" for where, text in pages.items()
            for line in text.splitlines() if role.search(line)]
    assert not hits, "\n".join(hits)


def test_the_command_line_and_the_host_command_share_a_lower_module():
    """Issue 30: nbgames/net imports nothing of nbgames.cli (the cycle is gone: both
    read titles, policies and seats through nbgames.arena.named), and no module of
    the command line imports another module's private ``_name``."""
    import ast
    pkg = ROOT / "nbgames"
    hits = []
    for path in sorted([*pkg.joinpath("cli").glob("*.py"), *pkg.joinpath("net").glob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            module = node.module or ""
            if path.parent.name == "net" and (module == "cli" or module.startswith("cli.")
                                              or "nbgames.cli" in module):
                hits.append(f"{where}: net imports the command line ({module})")
            if path.parent.name == "cli" or path.name == "serve.py":
                hits += [f"{where}: private {a.name} from {module}" for a in node.names
                         if a.name.startswith("_") and a.name != "__future__"]
    assert not hits, "\n".join(hits)


def test_every_text_board_says_the_winners_in_words():
    """Issue 32: a title's text picture at the end (what ``nbgames play`` and
    ``replay`` print) names the winners in words, never as ``winner(s) [1]`` or a
    comma list of numbers."""
    for title in nbgames.games():
        game = nbgames.load(title)
        rec = nbgames.play(game, ["greedy"] * game.players, seed=5)
        text = nbgames.replay(rec).render(None)
        assert not re.search(r"winner\(s\)|winners? ?\[", text, re.I), (title, text[-300:])


def test_the_menu_opens_a_group_by_words_and_takes_the_rest_of_a_label():
    """A group opens by the start of its labels (even cut short); inside it a number,
    the rest of a label or its last words choose; '..' goes back; text that names
    nothing is handed to the engine (which says why), a bad number is refused."""
    from nbgames.arena.named import UsageError
    from nbgames.cli.choices import Chooser, menu
    title, inputs, legal = _big_turn()
    chooser = Chooser(legal)
    groups = menu(legal)
    head = groups[-1].text
    assert chooser.read(head[:-1]) is None and chooser.prompt()      # its last letter cut off
    inside = [a for a in legal if a.id in groups[-1].ids]
    assert chooser.read(head) is None and chooser.prompt() == f" [{head} …]"
    rest = inside[-1].label[len(head) + 1:]
    assert chooser.read(rest) == inside[-1].id
    last = inside[0].label.split()[-1]
    if sum(a.label.endswith(" " + last) for a in inside) == 1:
        assert chooser.read(last) == inside[0].id
    assert chooser.read(str(len(inside))) == inside[-1].id
    assert chooser.read("..") is None and chooser.prompt() == ""
    assert chooser.read("no such words") == "no such words"
    with pytest.raises(UsageError, match=f"no choice {len(groups) + 1}: the '\\?' list has {len(groups)}"):
        chooser.read(str(len(groups) + 1))
    assert chooser.read(legal[3].label.upper()) == legal[3].id
    assert chooser.read(f"#{legal[5].id}") == legal[5].id
