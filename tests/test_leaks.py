"""Everything that leaves for one viewer carries only that viewer's view
(ARCHITECTURE.md, "Hidden information"), proved over the bytes: from two games the
viewer cannot tell apart (tests/twins.py), the exported page, the text replay and
the widget after a failing policy (its error and status included) are
byte-identical, for every title at its smallest and largest player count, from
every seat and for the spectator. The same artifacts made with reveal differ,
so the comparison has something to find. And each finding of issue 25 as a
regression test."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from twins import SEEDS, twins
from widget_kit import synced

import nbgames
from nbgames import PolicyError
from nbgames.cli import cmd_replay, parser
from nbgames.core.conformance import playout
from nbgames.widget.export import record_html

ROOT = Path(__file__).resolve().parents[1]
TITLES = nbgames.games()


def sizes():
    for title in TITLES:
        g = nbgames.load(title)
        for n in sorted({g.min_players, g.max_players}):
            yield pytest.param(title, n, id=f"{title}-{n}p")


# -- policies that fail, each with something private in what it says or returns ----------
def returns_an_illegal_label(observation, legal_actions):
    """The label of an action it may not take: which one depends on its hand."""
    mine = set(int(a) for a in legal_actions.ids)
    game = legal_actions[0].game
    return game.action_label(next(a for a in range(game.num_actions) if a not in mine))


def raises_with_its_hand(observation, legal_actions):
    raise RuntimeError(f"stuck with {json.dumps(observation)[:300]} and "
                       f"{[a.label for a in legal_actions]}")


def returns_garbage(observation, legal_actions):
    return {"my": [a.label for a in legal_actions]}


BAD = (returns_an_illegal_label, raises_with_its_hand, returns_garbage)


def text_replay(record: dict, viewer, tmp_path: Path, *flags) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    argv = ["replay", str(path), "--boards", *flags]
    if viewer is not None:
        argv += ["--viewer", str(viewer)]
    lines: list[str] = []
    assert cmd_replay(parser().parse_args(argv), out=lines.append) == 0
    return "\n".join(lines)


def after_a_failing_policy(state, viewer, bad) -> dict:
    """The synced traits of a board for ``viewer`` (the only human seat; every other
    seat plays ``bad``) once the policy to move has failed."""
    seats = ["human" if s == viewer else bad for s in range(state.players)]
    w = nbgames.widget(state=state, viewer=viewer, seats=seats)
    with pytest.raises(PolicyError):
        w.step()
    assert w.error
    return synced(w)


def longest_twins(game, viewer, rng) -> list[tuple]:
    """Twin games from a few positions along a seeded game (a third of the way in, two
    thirds, near the end): the pair of lines that plays on the longest."""
    line = [s.clone() for s, _ in playout(game, 31)]
    starts = [line[int(len(line) * f)] for f in (1 / 3, 2 / 3, 5 / 6)]
    return max((twins(start, viewer, rng) for start in starts), key=len)


@pytest.mark.parametrize("title, players", list(sizes()))
def test_what_leaves_for_a_viewer_is_the_same_from_games_it_cannot_tell_apart(title, players,
                                                                             tmp_path):
    game = nbgames.load(title, players)
    failed = 0
    for k, viewer in enumerate([*range(players), None]):
        line = longest_twins(game, viewer, random.Random(k))
        a, b = line[-1]
        rec_a, rec_b = a.record(), b.record()
        assert rec_a["start"]["data"] != rec_b["start"]["data"], "the twins hide nothing different"
        assert {rec_a["seed"], rec_b["seed"]} == set(SEEDS)
        where = f"{game!r} viewer {viewer}, {len(a.history)} decisions after the start"
        # the exported page
        page_a, page_b = record_html(rec_a, viewer), record_html(rec_b, viewer)
        assert page_a == page_b, f"{where}: the exported pages differ"
        assert not any(str(seed) in page_a for seed in SEEDS)
        # the text replay for --viewer (the one with --reveal holds the seed: it differs)
        text_a, text_b = text_replay(rec_a, viewer, tmp_path), text_replay(rec_b, viewer, tmp_path)
        assert text_a == text_b, f"{where}: the text replays differ"
        assert text_replay(rec_a, viewer, tmp_path, "--reveal") != \
            text_replay(rec_b, viewer, tmp_path, "--reveal")
        # the board once another seat's policy failed: its error, its status, everything synced
        bad = BAD[k % len(BAD)]
        for a_at, b_at in reversed(line):
            if a_at.current_player not in (viewer, None):
                seen_a = after_a_failing_policy(a_at, viewer, bad)
                seen_b = after_a_failing_policy(b_at, viewer, bad)
                assert json.dumps(seen_a, sort_keys=True) == json.dumps(seen_b, sort_keys=True), \
                    (f"{where}: the boards differ after {bad.__name__} failed: "
                     f"{sorted(x for x in seen_a if seen_a[x] != seen_b.get(x))}")
                failed += 1
                break
    assert failed >= players, f"only {failed} boards saw another seat's policy fail"


def test_the_twin_games_play_on():
    """The twins are compared after other seats' decisions too, not only at their
    start: in every title but at most one (one where every decision reveals a card
    drawn from the resampled hidden pile or a resampled holding) some viewer's twins
    play on for several decisions. Measured here at each title's fewest players, so
    the test stands alone (the proofs above may run on another worker)."""
    moves = {}
    for title in TITLES:
        game = nbgames.load(title)
        moves[title] = max(len(longest_twins(game, viewer, random.Random(k))) - 1
                           for k, viewer in enumerate([*range(game.players), None]))
    played = {t for t, m in moves.items() if m >= 3}
    assert len(played) >= len(TITLES) - 1, moves


# -- regressions: the findings of issue 25 ----------------------------------------------
LONG_SEED = 8_675_309_123_457       # its digits cannot appear by chance


def run_cli(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "nbgames", *map(str, args)], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("title", TITLES)
def test_the_exported_page_and_the_text_replay_name_no_seed(title, tmp_path):
    """Finding 1: `nbgames export RECORD --html out.html --viewer 0` wrote "seed N" in
    the page's title and heading, and the text replay printed it: with the seed and
    the package anyone deals every hidden card again."""
    rec = nbgames.play(nbgames.load(title, 2), ["greedy", "random"], seed=LONG_SEED)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    out = tmp_path / "seat0.html"
    run_cli("export", path, "--html", out, "--viewer", 0)     # the command of the finding
    pages = [out.read_text()] + [record_html(rec, v) for v in (1, None)]
    for page in pages:
        head = page[:page.index("<style>")]
        assert str(LONG_SEED) not in page and "seed" not in head.lower()
        assert "as player" in head or "as the spectator" in head
    assert str(LONG_SEED) not in run_cli("replay", path, "--viewer", 0)
    for viewer in (1, None):
        assert str(LONG_SEED) not in text_replay(rec, viewer, tmp_path)
    # nor does a game played in the terminal show the human the seed
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    played = subprocess.run([sys.executable, "-m", "nbgames", "play", title, "--seed", str(LONG_SEED),
                             "--seats", "greedy,human"], input="", capture_output=True, text=True,
                            env=env, timeout=300)
    assert "abandoned" in played.stdout and str(LONG_SEED) not in played.stdout
    # only the outputs that say they hold everything carry the seed or every hand
    assert str(LONG_SEED) in text_replay(rec, 0, tmp_path, "--reveal")
    revealed = record_html(rec, 0, reveal=True)
    assert "every hand revealed" in revealed[:revealed.index("<style>")]
    assert "This page holds every seat" in revealed


@pytest.mark.parametrize("title", TITLES)
def test_a_failing_policys_error_shows_another_viewer_nothing_of_its_seat(title):
    """Finding 2: with seats ["human", bad] where bad returns a label it may not play,
    the board of seat 0 read "... returned 'play Tomato 1' ..., which is not legal; 6
    legal actions such as 'play Tomato 2'": a card of seat 1's hand. Now seat 0 reads
    what went wrong and nothing private; the Python exception, seat 1's own view and
    reveal say everything."""
    for bad, public in ((returns_an_illegal_label, "returned an action that is not legal"),
                        (returns_garbage, "returned something that is not an action"),
                        (raises_with_its_hand, "raised RuntimeError at")):
        w = nbgames.widget(title, players=2, seats=["human", bad], seed=2, viewers="all")
        try:
            while not w.error:
                w.act(w.legal_ids[0])
        except PolicyError as e:
            raised = e
        else:
            raised = w.last_error              # the policy moved first: failed at the start
        assert isinstance(raised, PolicyError) and raised.seat == 1
        secret = [a.label for a in w.state.legal_actions()]
        assert w.viewer == 0 and w.error.startswith(f"policy '{bad.__name__}' (seat 1) {public}")
        assert not any(label in w.error for label in secret), w.error
        assert "such as" not in w.error and "stuck with" not in w.error
        full = str(raised)
        assert "such as" in full or "stuck with" in full
        w.viewer = 1
        assert w.error == full                   # that seat's own view
        w.viewer = None
        assert w.error == raised.public          # the spectator
        w.reveal = True
        assert w.error == full                   # teaching mode, set from Python
