"""Issue 7: one spec per title, one action codec, secret choices in core, a
headless Table, the observation as the one format, composable JS modules."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import nbgames
from nbgames.core.action_space import ActionSpace, Kind
from nbgames.core.errors import IllegalActionError, OptionError, PolicyError
from nbgames.core.registry import spec
from nbgames.core.spec import TitleSpec
from nbgames.widget.assets import CompositionError, compose_files, manifest

ROOT = Path(__file__).resolve().parents[1]
TITLES = nbgames.games()


# -- 1. a title declares itself ------------------------------------------------------
def test_titles_are_the_folders_and_each_declares_a_spec():
    folders = sorted(p.name for p in (ROOT / "nbgames" / "games").iterdir()
                     if (p / "__init__.py").is_file())
    assert TITLES == folders
    for title in TITLES:
        s = spec(title)
        assert isinstance(s, TitleSpec) and s.title == title
        assert callable(s.bot) and callable(s.render)
        assert manifest(title)[0] == "shared.js" and manifest(title)[-1] == s.board
        assert all((ROOT / "js" / f).is_file() for f in manifest(title))
        assert s.bench_players and all(s.game.min_players <= n <= s.game.max_players
                                       for n in s.bench_players)


def _generic_files():
    """Every file outside the titles' own folders and files: core, agents, arena,
    widget, adapters, theory, the command line, the shared JS and its tests, bench,
    the generic tests and the documentation's sources (its title pages are generated)."""
    names = "|".join(TITLES)
    own = re.compile(rf"({names})")
    for folder in ("nbgames/core", "nbgames/agents", "nbgames/arena", "nbgames/widget",
                   "nbgames/adapters", "nbgames/theory", "nbgames/net", "nbgames/cli", "bench", "tests",
                   "tests/browser", "js", "js/tests", "docs", "docs/howto", "docs/_static"):
        base = ROOT / folder
        if not base.is_dir():
            continue
        for path in sorted(base.iterdir()):
            if path.suffix not in (".py", ".js", ".mjs", ".css", ".md", ".rst") or own.search(path.name):
                continue
            yield path
    for name in ("__init__.py", "__main__.py", "games/__init__.py"):
        yield ROOT / "nbgames" / name


def test_nothing_outside_a_title_folder_names_a_title():
    """Issue 7: nothing outside nbgames/games/<title>/ and js/<title>.* names a
    title (its folder name, its display name, or a short name such as a word of
    five letters or more of its folder name), so a new title touches only its own."""
    words = {t for t in TITLES} | {spec(t).game.name for t in TITLES}
    words |= {w for t in TITLES for w in t.split("_") if len(w) >= 5}
    pattern = re.compile("|".join(rf"(?<![a-z]){re.escape(w)}(?![a-z])"
                                  for w in sorted(words, key=len, reverse=True)), re.I)
    hits = []
    files = list(_generic_files())
    assert len(files) > 20
    for path in files:
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()[:100]}")
    assert not hits, "titles named outside their folders:\n" + "\n".join(hits)


def test_titles_import_core_not_the_package_face():
    """Issue 18: a title depends on core, not on the package above it: no module under
    nbgames/games imports ``nbgames`` itself (its face, e.g. to call ``load``)."""
    import ast
    hits = []
    for path in sorted((ROOT / "nbgames" / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            face = (isinstance(node, ast.Import) and any(a.name == "nbgames" for a in node.names)
                    or isinstance(node, ast.ImportFrom) and node.level == 0
                    and node.module == "nbgames")
            if face:
                hits.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not hits, "titles importing the package face:\n" + "\n".join(hits)


def test_a_test_file_named_after_a_title_loads_no_other_title():
    """The title-name check above skips files named after a title (a title's own tests).
    Such a test file is about its title only: it names no other title by its folder
    name or display name, so tests that every title shares cannot hide in it (they
    live in generic files, where the check above reads them)."""
    hits = []
    for folder in ("tests", "tests/browser"):
        for path in sorted((ROOT / folder).glob("*.py")):
            own = [t for t in TITLES if t in path.name]
            if not own:
                continue
            others = {w for t in TITLES if t not in own for w in (t, spec(t).game.name)}
            pattern = re.compile("|".join(rf"(?<![a-z]){re.escape(w)}(?![a-z])"
                                          for w in sorted(others, key=len, reverse=True)), re.I)
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    hits.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()[:100]}")
    assert not hits, "a title's test file names another title:\n" + "\n".join(hits)


# -- 2. one action codec -------------------------------------------------------------------
SPACE = ActionSpace(
    Kind("pass", "pass"),
    Kind("take", "take {card}", card=("Apple 1", "Pear 7", "Plum 2")),
    Kind("place", "place {src} r{rot} at ({row:+d},{col:+d})", src=("held", "ramp0"),
         rot=("0", "90", "180", "270"), row=(-2, 2), col=(-2, 2)),
)


def test_action_space_layout_is_mixed_radix_kind_by_kind():
    assert SPACE.size == 1 + 3 + 2 * 4 * 5 * 5
    assert SPACE.decode(0) == {"kind": "pass"}
    assert SPACE.decode(2) == {"kind": "take", "card": 1}
    aid = SPACE.encode("place", src=1, rot=2, row=0, col=-2)
    assert aid == 4 + ((1 * 4 + 2) * 5 + 2) * 5 + 0
    assert SPACE.decode(aid) == {"kind": "place", "src": 1, "rot": 2, "row": 0, "col": -2}
    assert SPACE.label(aid) == "place ramp0 r180 at (+0,-2)"
    assert SPACE.parse("place ramp0 r180 at (+0,-2)") == aid
    assert SPACE.parse("take Pear 7") == 2 and SPACE.parse("pass") == 0
    assert SPACE.encode("place", src="ramp0", rot=2, row=0, col=-2) == aid   # a name works too
    layout = SPACE.to_json()
    assert [k["kind"] for k in layout["kinds"]] == ["pass", "take", "place"]
    assert [k["base"] for k in layout["kinds"]] == [0, 1, 4]
    assert layout["kinds"][2]["fields"][2] == {"name": "row", "lo": -2, "size": 5}


@pytest.mark.parametrize("kind, fields, message", [
    ("place", {"src": 0, "rot": 0, "row": 3, "col": 0}, r"field row=3 is out of range; choose -2\.\.2"),
    ("place", {"src": 0, "rot": 0, "row": 0}, r"field col is missing \(-2\.\.2\)"),
    ("place", {"src": 0, "rot": 0, "row": 0, "col": 0, "z": 1}, r"unknown field\(s\) z"),
    ("take", {"card": 3}, r"card=3 is out of range; choose 0\.\.2 \('Apple 1'"),
    ("take", {"card": True}, r"card=True is out of range"),
    ("jump", {}, r"unknown action kind 'jump'; kinds: 'pass', 'take', 'place'"),
])
def test_encode_names_the_bad_field_and_its_range(kind, fields, message):
    with pytest.raises(IllegalActionError, match=message):
        SPACE.encode(kind, **fields)


def test_bad_ids_and_labels_are_refused():
    for bad in (-1, SPACE.size, 2.0, "3", None):
        with pytest.raises(IllegalActionError, match="not in range"):
            SPACE.decode(bad)
    for bad in ("place held r45 at (+0,+0)", "place held r0 at (+3,+0)", "take Onion 1", 7):
        with pytest.raises(IllegalActionError, match="no action is labelled"):
            SPACE.parse(bad)


def test_kind_declarations_are_checked():
    with pytest.raises(ValueError, match="must name each field once"):
        Kind("x", "x {a}", a=2, b=3)
    with pytest.raises(ValueError, match="kinds repeat"):
        ActionSpace(Kind("x", "x"), Kind("x", "y"))


@pytest.mark.parametrize("title", TITLES)
def test_actions_carry_their_fields(title):
    game = nbgames.load(title)
    state = game.new_state(seed=1)
    for a in state.legal_actions()[:5]:
        assert a.fields == game.action_space.decode(a.id) and a.fields["kind"]
        assert game.action_space.encode(**a.fields) == a.id


#: labels renamed since the records below were made, old text -> new, in this order
#: (issue 32: the loading ramp's slots are numbered 1 to 3, as the board shows them)
RENAMED = (("place ramp2 ", "place ramp3 "), ("place ramp1 ", "place ramp2 "),
           ("place ramp0 ", "place ramp1 "))


def _renamed(label: str) -> str:
    for old, new in RENAMED:
        if label.startswith(old):
            return new + label[len(old):]
    return label


def test_records_written_before_the_codec_still_replay():
    """Issue 7: existing ids stay as they were; records saved by the code before the
    change (tests/data, made at commit aafb12d) replay to the same scores and
    winners, and every id still has its old label (or its renamed one, RENAMED)."""
    data = json.loads((ROOT / "tests" / "data" / "records_before_codec.json").read_text())
    assert len(data["records"]) >= 10
    for rec in data["records"]:
        labels = [_renamed(label) for label in rec.pop("labels")]
        state = nbgames.replay(rec)
        assert [state.game.action_label(a) for a in rec["actions"]] == labels
        if "scores" in rec:
            assert state.scores() == rec["scores"] and state.winners() == rec["winners"]
        else:
            assert not state.is_terminal()


def test_an_action_of_another_game_is_refused():
    first, second = (nbgames.load(t) for t in TITLES[:2])
    state = first.new_state(seed=1)
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="belongs to"):
        state.apply(second.action(0))
    assert state.to_dict() == before


# -- 4. the Table -------------------------------------------------------------------------
@pytest.mark.parametrize("title", TITLES)
def test_a_table_drives_a_whole_game_without_a_widget(title):
    game = nbgames.load(title)
    t = nbgames.Table(game, seats=["human"] + ["greedy"] * (game.players - 1), seed=3)
    mine = nbgames.bots.RandomPolicy(seed=5)
    moves = 0
    t.run(until="human")                             # a bot may have the first turn
    while t.current_player is not None:
        assert t.is_human(t.current_player)          # policies answered at once
        t.act(mine(t.state.observation(0), t.state.legal_actions()))
        moves += 1
    assert t.state.is_terminal() and moves > 0
    again = nbgames.replay(t.state.record())
    assert again.to_dict() == t.state.to_dict()


def test_table_step_run_undo_goto():
    game = nbgames.load(TITLES[0], players=3)
    t = nbgames.Table(game, seats=["greedy", "random", "greedy"], seed=4)
    assert t.current_player == 0 and len(t.state.history) == 0   # nothing moves until asked
    a = t.step()
    assert a.id == t.state.history[0] and t.history_len == 1
    assert t.run(until="end", max_steps=5) == 5 and len(t.state.history) == 6
    line = t.line
    assert t.undo() == 5 and len(t.state.history) == 5 and t.history_len == 6
    t.goto(1)
    assert t.state.history == line[:1]
    t.goto(6)
    assert t.state.history == line
    with pytest.raises(OptionError, match="goto: step must be an int from 0 to 6"):
        t.goto(7)
    n = t.run(until="end")
    assert t.state.is_terminal() and n > 0
    again = nbgames.Table(game, seats=["greedy", "random", "greedy"], seed=4)
    again.run(until="end")
    assert again.state.to_dict() == t.state.to_dict()   # seeded per position, across undo


def test_table_refuses_what_it_cannot_do():
    game = nbgames.load(TITLES[0], players=2)
    t = nbgames.Table(game, seats=["human", "human"], seed=1)
    with pytest.raises(nbgames.HumanTurnError, match="seat 0 is human"):
        t.step()
    with pytest.raises(nbgames.HumanTurnError):
        t.run(until="end")
    with pytest.raises(OptionError, match="until='later' is not valid"):
        t.run(until="later")
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        t.undo()
    with pytest.raises(OptionError, match="seat 1: 'robot' is not a policy"):
        nbgames.Table(game, seats=["human", "robot"])
    with pytest.raises(OptionError, match="needs 2 seats"):
        nbgames.Table(game, seats=["human"])
    with pytest.raises(OptionError, match="a Table needs a Game"):
        nbgames.Table(TITLES[0])


def test_a_failing_policy_raises_from_the_table_and_changes_nothing():
    def broken(observation, legal_actions):
        raise RuntimeError("no idea")
    game = nbgames.load(TITLES[0], players=2)
    t = nbgames.Table(game, seats=["human", broken], seed=2)
    before = t.state.to_dict()
    legal = t.state.legal_actions()[0]
    with pytest.raises(PolicyError, match="policy 'broken' \\(seat 1\\) raised RuntimeError"):
        t.act(legal)
    assert t.state.history == before["history"] + [legal.id]   # the human's move stands
    assert t.current_player == 1


def test_widget_act_and_click_fail_the_same_way():
    def broken(observation, legal_actions):
        raise RuntimeError("no idea")
    game = nbgames.load(TITLES[0], players=2)
    w = nbgames.widget(game, seats=["human", broken], seed=2)
    w2 = nbgames.widget(game, seats=["human", broken], seed=2)
    aid = w.legal_ids[0]
    with pytest.raises(PolicyError):
        w.act(aid)
    w2._on_msg(w2, {"type": "action", "id": aid}, [])
    assert w.error == w2.error and "broken" in w.error
    assert w.state.to_dict() == w2.state.to_dict()


# -- 6. JS modules that share helpers ----------------------------------------------------
def _write(folder: Path, files: dict) -> Path:
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


SHELL = 'export function createWidget(board) { return { render: (x) => board.render(x) }; }\n'


def test_composition_orders_modules_and_scopes_their_names(tmp_path):
    _write(tmp_path, {
        "shared.js": SHELL + "const secret = 1;\nexport const h = (x) => x + secret;\n",
        "grid.js": 'import { h } from "./shared.js";\nimport { two } from "./kit.js";\n'
                   'const secret = two;\nexport function cell(x) { return h(x) * secret; }\n',
        "kit.js": "const secret = 5;\nexport const two = 2;\nexport { secret as five };\n",
        "board.js": 'import { cell as c } from "./grid.js";\nimport * as S from "./shared.js";\n'
                    "export const board = { render: (x) => c(x) + S.h(0) };\n",
    })
    src = compose_files(tmp_path, ("shared.js", "grid.js", "kit.js", "board.js"))
    # kit.js comes before grid.js, which imports it, whatever the manifest order
    assert src.index("js/kit.js") < src.index("js/grid.js") < src.index("js/board.js")
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    mod = tmp_path / "composed.mjs"
    mod.write_text(src)
    code = "import(process.argv[1]).then(m => console.log(m.default.render(3)))"
    r = subprocess.run([node, "--input-type=module", "-e", code, str(mod)], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == str((3 + 1) * 2 + 1), r.stderr


@pytest.mark.parametrize("files, message", [
    ({"board.js": 'import { x } from "./missing.js";\nexport const board = {};\n'},
     r"board.js imports './missing.js', which is not in the manifest"),
    ({"board.js": 'import { x } from "lodash";\nexport const board = {};\n'},
     r"only relative imports"),
    ({"board.js": 'import { a } from "./grid.js";\nexport const board = {};\n',
      "grid.js": 'import { board } from "./board.js";\nexport const a = 1;\n'},
     r"cycle: (board.js -> grid.js -> board.js|grid.js -> board.js -> grid.js)"),
    ({"board.js": "export default {};\n"}, r"named exports"),
])
def test_composition_refuses_bad_imports_when_composed(tmp_path, files, message):
    _write(tmp_path, {"shared.js": SHELL, **files})
    with pytest.raises(CompositionError, match=message):
        compose_files(tmp_path, tuple(["shared.js", *sorted(files, reverse=True)]))


def test_dev_mode_recomposes_changed_js(monkeypatch, tmp_path):
    from nbgames.widget import assets, make
    folder = tmp_path / "js"
    shutil.copytree(ROOT / "js", folder)
    monkeypatch.setattr(assets, "SEARCH_PATH", (folder,))
    title = TITLES[0]
    monkeypatch.setenv("NBGAMES_DEV", "1")
    first = make.widget_class(title)._esm
    board = folder / spec(title).board
    board.write_text(board.read_text() + "\n// edited while the kernel runs\n")
    second = make.widget_class(title)._esm
    assert "edited while the kernel runs" in second and "edited" not in first
    monkeypatch.delenv("NBGAMES_DEV")
    assert assets.compose_esm(title) == assets.compose_esm(title)
