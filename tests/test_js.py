"""Run the JS unit tests (``node --test js/tests/``) from pytest, with fixtures
written from real games, and check that each composed widget module loads."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import nbgames
from nbgames.widget.assets import compose_esm

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")

if NODE is None:
    if os.environ.get("CI") == "true":
        pytest.fail("node is required for the JS tests (CI=true)", pytrace=False)
    pytest.skip("node is not installed", allow_module_level=True)

SYNCED = ("view", "legal", "legal_runs", "log_lines", "scores", "winners", "seat_info", "to_move", "status",
          "step_index", "history_start", "history_len", "error", "speed", "playing", "viewer",
          "viewers", "catalog", "title", "name", "players")


def _fixtures(path: Path) -> Path:
    """Synced states of a 3-player game (one human seat, two bots), every human
    decision, with the engine's plain observation beside each."""
    w = nbgames.widget("chili_cookoff", players=3,
                       seats=["human", nbgames.bots.greedy, nbgames.bots.random], seed=5)
    cases = []
    while w.to_move is not None:
        state = {k: getattr(w, k) for k in SYNCED}
        cases.append({"state": json.loads(json.dumps(state)),
                      "observation": w.state.observation(w.viewer)})
        w.act(w.legal[-1][0])
    cases.append({"state": json.loads(json.dumps({k: getattr(w, k) for k in SYNCED})),
                  "observation": w.state.observation(w.viewer)})
    path.write_text(json.dumps(cases))
    return path


def test_node_unit_tests(tmp_path):
    env = dict(os.environ, NBGAMES_JS_FIXTURES=str(_fixtures(tmp_path / "cookoff.json")))
    files = sorted(str(p) for p in (ROOT / "js" / "tests").glob("*.test.mjs"))
    assert files, "no JS tests found"
    r = subprocess.run([NODE, "--test", *files], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, f"node --test failed:\n{r.stdout[-6000:]}\n{r.stderr[-2000:]}"
    assert "# fail 0" in r.stdout
    assert "# skipped 0" in r.stdout, "the fixture test must run under pytest"


@pytest.mark.parametrize("title", ["chili_cookoff", "veggies"])
def test_composed_module_loads_in_node(tmp_path, title):
    """The string anywidget receives is one self-contained ES module whose default
    export has render()."""
    src = compose_esm(title)
    assert "\nimport " not in src and not src.startswith("import ")
    mod = tmp_path / f"{title}.mjs"
    mod.write_text(src)
    code = ("import(process.argv[1]).then(m => { if (typeof m.default.render !== 'function') "
            "process.exit(3); console.log('ok'); }).catch(e => { console.error(e); process.exit(2); })")
    r = subprocess.run([NODE, "--input-type=module", "-e", code, str(mod)], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
