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


def test_play_a_whole_game_as_a_human_typing_ids_and_labels(tmp_path):
    game = nbgames.load(TITLE, 2)
    state = game.new_state(seed=9)
    # the human (seat 0) plays the first legal action each time; seat 1 is "random"
    lines = ["?", "not an action"]
    out_path = tmp_path / "played.json"
    # drive the game here with the same seats to know the human's inputs in advance
    import random

    from nbgames.agents.adapter import decide, spawn_policy
    rng = random.Random(9)
    bot = spawn_policy(nbgames.bots.random, rng.getrandbits(63))
    use_label = True
    while not state.is_terminal():
        if state.current_player == 0:
            a = state.legal_actions()[0]
            lines.append(a.label if use_label else str(a.id))
            use_label = not use_label
            state.apply(a.id)
        else:
            state.apply(decide(bot, state, state.current_player, rng))
    r = run("play", TITLE, "--players", 2, "--seats", "human,random", "--seed", 9,
            "--record", out_path, stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr + r.stdout
    assert "no action is labelled 'not an action'" in r.stdout
    assert f"winners {state.winners()}" in r.stdout
    assert json.loads(out_path.read_text())["actions"] == state.history


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


def test_replay_steps_through_a_record(record):
    path, rec = record
    r = run("replay", path, "--viewer", 1)
    assert r.returncode == 0, r.stderr
    assert len(re.findall(r"step \d+: player \d", r.stdout)) == len(rec["actions"])
    assert f"winners {rec['winners']}" in r.stdout
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
    (("tournament", TITLE, "--policies", "greedy,greedy"), "each policy once"),
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
