"""What the widget tests of every title share: the messages a browser sends, the
synced state the browser receives, and a seeded "person" clicking the board."""

from __future__ import annotations

import json

import nbgames
from nbgames.widget.conformance import FIXED, synced  # noqa: F401  (re-exported)


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


def play_by_clicks(w, seat: int = 0) -> list[tuple[dict, int]]:
    """A whole game by clicks: a person at ``seat`` clicks the board (a greedy choice
    among the synced legal ids) while the other seats are policies that answer at
    once. After every click the board shows the engine's observation, legal ids and
    scores; at the end the engine's winners, and the game replays from its record.
    Returns ``(view, chosen id)`` of every click, for a title's own checks."""
    seen = []
    assert w.view == w.state.observation(seat)
    while w.to_move is not None:
        assert w.to_move == seat == w.viewer, "the policies answer at once"
        assert w.legal_ids == sorted(int(a) for a in w.state.legal_action_ids())
        before = w.step_index
        choice = board_choice(w)
        seen.append((w.view, choice))
        click(w, choice)
        assert w.error == "", w.error
        assert w.step_index > before
        assert w.view == w.state.observation(seat)
        assert w.scores == w.state.scores()
    state = w.state
    assert state.is_terminal() and w.legal == [] and w.legal_ids == []
    assert w.winners == state.winners() and w.status.startswith("Game over")
    assert nbgames.replay(state.record()).to_dict() == state.to_dict()
    return seen


# Draws synced states (the JSON file argv[3]) with a title's composed module (argv[1])
# in js/tests/fakedom.mjs (argv[2]) and prints what each board box says: its text and
# the aria-label and title of every element in it.
_SAY = """
const [mod, dom, cases] = process.argv.slice(1);
const { installDom, FakeModel, flush } = await import(dom);
const widget = (await import(mod)).default;
const { readFileSync } = await import("node:fs");
const out = [];
for (const state of JSON.parse(readFileSync(cases, "utf8"))) {
  const doc = installDom();
  const el = doc.createElement("div");
  widget.render({ model: new FakeModel(state), el });
  await flush();
  const box = el.querySelector(".nbg-board-box");
  const said = [box.textContent];
  for (const x of box.querySelectorAll("[aria-label]")) said.push(x.getAttribute("aria-label"));
  for (const x of box.querySelectorAll("[title]")) said.push(x.getAttribute("title"));
  out.push(said.join("\\n"));
}
console.log(JSON.stringify(out));
"""


def board_says(title: str, states: list[dict], tmp_path) -> list[str]:
    """What the board of ``title`` says (text, aria-labels, titles) for each synced
    state, drawn by its composed module in node; fails (CI) or skips without node."""
    import os
    import shutil
    import subprocess
    from pathlib import Path

    import pytest

    from nbgames.widget.assets import compose_esm
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is required for the JS tests (CI=true)", pytrace=False)
        pytest.skip("node is not installed")
    root = Path(__file__).resolve().parents[1]
    mod, cases = tmp_path / f"{title}.mjs", tmp_path / "states.json"
    mod.write_text(compose_esm(title))
    cases.write_text(json.dumps(states))
    r = subprocess.run([node, "--input-type=module", "-e", _SAY, str(mod),
                        (root / "js" / "tests" / "fakedom.mjs").as_uri(), str(cases)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


class NoSkillJudge:
    """A review's advisor of no skill, for tests of where a review is shown (the
    board's marks and panel, who sees which rows), not of its judgement: a move's
    value is fixed by its id, so a review costs next to nothing, is the same every
    run and has rows of every class. A real one at a few playouts a move still
    measures every one of hundreds of placements: 28 s for one game in one title."""

    def analyse(self, infoset, progress=None):
        ids = [int(a) for a in infoset.legal_actions.ids]
        return {a: {"value": (a * 2654435761 % 997) / 996, "visits": 1, "share": 1 / len(ids)}
                for a in ids}
