"""What the widget tests of every title share: the messages a browser sends, the
synced state the browser receives, and a seeded "person" clicking the board."""

from __future__ import annotations

import nbgames
from nbgames.widget.conformance import FIXED, synced  # noqa: F401  (re-exported)

# every synced trait a board reads
SYNCED = ("view", "legal", "log_lines", "scores", "winners", "seat_info", "to_move", "status",
          "step_index", "history_start", "history_len", "error", "speed", "playing", "viewer",
          "viewers", "catalog", "action_space", "title", "name", "players")


def send(w, content):
    """Exactly what a browser message does: a comm msg handled by ipywidgets."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def click(w, aid):
    send(w, {"type": "action", "id": aid})


def board_choice(w):
    """What a person clicking the board would pick: a greedy choice among the synced
    legal ids (the board offers only those), seeded by the position so every run
    makes the same game."""
    choice = int(nbgames.bots.GreedyPolicy(seed=w.step_index)(w.view, w.state.legal_actions()))
    assert choice in w.legal_ids
    return choice


def run_node_tests(js_test: str, fixtures_env: dict[str, str], timeout: int = 180) -> str:
    """Run ``node --test js/tests/<js_test>`` with the fixture paths in its
    environment and return its output; fails (CI) or skips (elsewhere) without
    node, and fails when any JS test fails."""
    import os
    import shutil
    import subprocess
    from pathlib import Path

    import pytest
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is required for the JS tests (CI=true)", pytrace=False)
        pytest.skip("node is not installed")
    root = Path(__file__).resolve().parents[1]
    r = subprocess.run([node, "--test", str(root / "js" / "tests" / js_test)], cwd=root,
                       env=dict(os.environ, **fixtures_env), capture_output=True, text=True,
                       timeout=timeout)
    assert r.returncode == 0, f"node --test failed:\n{r.stdout[-6000:]}\n{r.stderr[-2000:]}"
    assert "# fail 0" in r.stdout
    return r.stdout
