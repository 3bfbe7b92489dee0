"""Run the JS unit tests (``node --test js/tests/``) from pytest, with fixtures
written from real widgets, and check that every title's composed widget module
loads in node and draws real synced states.

Generic: every title in ``nbgames.games()`` gets the same checks; nothing here
names a title.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from widget_kit import board_choice, synced

import nbgames
from nbgames.core.registry import spec
from nbgames.widget.assets import compose_esm
from nbgames.widget.wire import expand_runs

ROOT = Path(__file__).resolve().parents[1]
NODE = shutil.which("node")
FAKEDOM = ROOT / "js" / "tests" / "fakedom.mjs"

if NODE is None:
    if os.environ.get("CI") == "true":
        pytest.fail("node is required for the JS tests (CI=true)", pytrace=False)
    pytest.skip("node is not installed", allow_module_level=True)


def whole_game(title: str, players: int = 3, seed: int = 5, every: int = 1, greedy: bool = False,
               **options) -> list[dict]:
    """Synced states of a game with a human seat 0 against the greedy bot, at
    every ``every``-th human decision (always the first, the last and one of each
    phase), with Python's label of each legal id. The human plays a seeded
    random legal id from the synced list (``w.legal_ids``), as a click would, or
    with ``greedy`` the greedy bot's choice among them."""
    game = nbgames.load(title, players=players, **options)
    w = nbgames.widget(game, seats=["human"] + [nbgames.bots.greedy] * (players - 1), seed=seed)
    rng = random.Random(seed)
    if greedy:
        rng = type("Greedy", (), {"choice": lambda self, ids: board_choice(w)})()
    cases, seen = [], set()
    k = 0
    while True:
        phase = json.dumps([w.view.get("phase"), w.view.get("stage")])
        if w.to_move is None or k % every == 0 or phase not in seen:
            cases.append({"state": synced(w),
                          "labels": {str(a): game.action_space.label(a) for a in w.legal_ids}})
            seen.add(phase)
        if w.to_move is None:
            return cases
        w.act(rng.choice(w.legal_ids))
        k += 1


def whole_games(title: str, per_game: int = 60) -> list[dict]:
    """The fixture of a title's board tests (js/tests/<title>.test.mjs): whole games
    in which the human clicks greedily (as a person would) at the smallest and the
    largest player count and with each option set of ``SPEC.variants``, and one in
    which it clicks at random (reaching odd corners); about ``per_game`` states of
    each (every state of a short game), the first state of each phase always."""
    small = nbgames.load(title)
    configs = [(small.min_players, {}), (small.max_players, {})]
    configs += [(small.min_players, options) for options in spec(title).variants]
    games = [whole_game(title, small.min_players, seed=5)]
    games += [whole_game(title, players, seed=4 + i, greedy=True, **options)
              for i, (players, options) in enumerate(configs)]
    cases = []
    for game in games:
        every = 1 if len(game) <= 2 * per_game else -(-len(game) // per_game)
        phase = [json.dumps([c["state"]["view"].get(k) for k in ("phase", "stage")]) for c in game]
        cases += [c for k, c in enumerate(game) if k % every == 0 or k == len(game) - 1
                  or phase[k] not in phase[:k]]
    return cases


def layouts() -> list[dict]:
    """Every title's layout with Python's decode and label of a spread of ids
    (the ends of every kind and random ids), and one legal list run-length coded."""
    out = []
    for title in nbgames.games():
        game = nbgames.load(title, players=2)
        space = game.action_space
        rng = random.Random(title)
        ids = set()
        for kind in space.to_json()["kinds"]:
            base, count = kind["base"], kind["count"]
            ids.update({base, base + count - 1, base + count // 2})
            ids.update(rng.randrange(base, base + count) for _ in range(20))
        w = nbgames.widget(game, seats=["human", nbgames.bots.greedy], seed=3)
        out.append({"title": title, "space": space.to_json(),
                    "samples": [{"id": a, "label": space.label(a), "decoded": space.decode(a)}
                                for a in sorted(ids)],
                    "runs": w.legal, "ids": w.legal_ids})
    return out


def write_fixtures(folder: Path) -> Path:
    """``spaces.json`` (every layout) and ``<title>.json`` (whole games' synced
    states, :func:`whole_games`) for js/tests/*.test.mjs, which read them from
    NBGAMES_JS_FIXTURES (``fixtureTest`` in js/tests/fakedom.mjs)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "spaces.json").write_text(json.dumps(layouts()))
    for title in nbgames.games():
        (folder / f"{title}.json").write_text(json.dumps(whole_games(title)))
    return folder


def test_node_unit_tests(tmp_path):
    env = dict(os.environ, NBGAMES_JS_FIXTURES=str(write_fixtures(tmp_path / "fixtures")))
    files = sorted(str(p) for p in (ROOT / "js" / "tests").glob("*.test.mjs"))
    assert files, "no JS tests found"
    r = subprocess.run([NODE, "--test", *files], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, f"node --test failed:\n{r.stdout[-6000:]}\n{r.stderr[-2000:]}"
    assert "# fail 0" in r.stdout
    assert "# skipped 0" in r.stdout, "the fixture tests must run under pytest"


def _node_module(tmp_path: Path, title: str) -> Path:
    src = compose_esm(title)
    assert "\nimport " not in src and not src.startswith("import ")
    mod = tmp_path / f"{title}.mjs"
    mod.write_text(src)
    return mod


@pytest.mark.parametrize("title", nbgames.games())
def test_composed_module_loads_in_node(tmp_path, title):
    """The string anywidget receives is one self-contained ES module whose default
    export has render()."""
    mod = _node_module(tmp_path, title)
    code = ("import(process.argv[1]).then(m => { if (typeof m.default.render !== 'function') "
            "process.exit(3); console.log('ok'); }).catch(e => { console.error(e); process.exit(2); })")
    r = subprocess.run([NODE, "--input-type=module", "-e", code, str(mod)], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


# Loads the composed module and js/tests/fakedom.mjs, renders every state given
# in the JSON file argv[2] through the module's default export (the shell and the
# board, as anywidget would call it), and reports what each drew.
RENDER = """
const [mod, dom, cases] = process.argv.slice(1);
const { installDom, FakeModel, flush } = await import(dom);
const widget = (await import(mod)).default;
const { readFileSync } = await import("node:fs");
const out = [];
for (const c of JSON.parse(readFileSync(cases, "utf8"))) {
  const doc = installDom();
  const model = new FakeModel(c.state);
  const el = doc.createElement("div");
  const cleanup = widget.render({ model, el });
  await flush();
  const box = el.querySelector(".nbg-board-box");
  const board = box && box.children[0];
  const aids = el.querySelectorAll("[data-aid]");
  const sent = [];
  for (const a of aids.slice(0, 3)) {
    const before = model.sent.length;
    a.click();
    sent.push([Number(a.getAttribute("data-aid")), model.sent.slice(before)]);
  }
  out.push({
    step: c.state.step_index,
    text: box ? box.textContent : "",
    elements: board ? board.querySelectorAll("div, span, button, section").length : 0,
    aids: aids.map((a) => Number(a.getAttribute("data-aid"))),
    unlabelled: el.querySelectorAll("button").filter((b) => !b.getAttribute("aria-label")).length,
    sent,
  });
  if (typeof cleanup === "function") cleanup();
}
console.log(JSON.stringify(out));
"""


@pytest.mark.parametrize("title", nbgames.games())
def test_composed_module_renders_real_states(tmp_path, title):
    """Every title's module, as anywidget loads it, draws real synced states
    (``w.get_state()``) of a whole game for the human seat and for a spectator:
    the board draws something, never "board failed to draw"; every element with
    a data-aid carries a legal id and clicking it sends exactly that id; the
    human seat to move always has something to click."""
    cases = whole_game(title, players=2, seed=8, every=3)
    spectator = nbgames.widget(title, players=2, seats=["human", nbgames.bots.greedy], seed=8,
                               viewers="all")
    spectator.viewer = None
    cases.append({"state": synced(spectator)})
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases))
    r = subprocess.run([NODE, "--input-type=module", "-e", RENDER, str(_node_module(tmp_path, title)),
                        FAKEDOM.as_uri(), str(path)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    drawn = json.loads(r.stdout)
    assert len(drawn) == len(cases) > 3
    for case, d in zip(cases, drawn):
        state = case["state"]
        legal = set(expand_runs(state["legal"]))
        assert "board failed to draw" not in d["text"], (d["step"], d["text"][:300])
        assert d["elements"] > 5 and d["text"].strip(), f"step {d['step']}: the board drew nothing"
        assert d["unlabelled"] == 0, f"step {d['step']}: buttons without an aria-label"
        assert set(d["aids"]) <= legal, (d["step"], sorted(set(d["aids"]) - legal)[:5])
        assert bool(d["aids"]) == bool(legal), f"step {d['step']}: legal moves but nothing to click"
        for aid, messages in d["sent"]:
            assert messages == [{"type": "action", "id": aid}], (d["step"], aid, messages)
