"""Issue 24: the documentation site builds in the test command, in strict mode, and
has what it promises: a page per title made from the title's own help with a game
that replays without a kernel, the tutorials with their outputs, the API reference
of README's names, the how-tos. The build itself is the ``docs_site`` fixture
(tests/conftest.py); the browser test opens a title page (tests/browser/test_docs_e2e.py)."""

from __future__ import annotations

import html
import importlib
import json
import re
from pathlib import Path

import pytest

import nbgames
from nbgames.core.registry import spec

ROOT = Path(__file__).resolve().parents[1]
TITLES = nbgames.games()
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.fixture(scope="module")
def site(docs_site):
    folder, proc, seconds = docs_site
    assert proc.returncode == 0, (f"the strict docs build failed (exit {proc.returncode}, "
                                  f"{seconds:.0f} s):\n{proc.stderr[-6000:]}\n{proc.stdout[-2000:]}")
    return folder


def text_of(path: Path) -> str:
    """A page's readable text (tags dropped, entities decoded, spaces collapsed)."""
    page = path.read_text(encoding="utf-8")
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"</?(p|div|li|h\d|td|th|tr|pre|br|dt|dd|section|table|ul|ol|span class=\"linenos)\b[^>]*>",
                  " ", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def words(rst: str) -> str:
    """The words of reStructuredText as they read on the page (markup dropped)."""
    rst = re.sub(r":\w+:`~?\.?([^`]+)`", r"\1", rst)
    return " ".join(rst.replace("``", "").replace("**", "").split())


def test_the_site_builds_in_strict_mode(docs_site):
    folder, proc, seconds = docs_site
    assert proc.returncode == 0, proc.stderr[-6000:]
    # Sphinx's own messages ("file:line: WARNING: ..."), not a kernel's log lines
    assert not re.search(r"(WARNING|ERROR|CRITICAL):", proc.stderr), proc.stderr[-6000:]
    pages = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.html")
                   if not p.relative_to(folder).parts[0].startswith(("_", "replays")))
    print(f"docs: {len(pages)} pages in {seconds:.1f} s")
    for page in ("index.html", "titles.html", "tutorials.html", "api.html", "howto/index.html"):
        assert page in pages


@pytest.mark.parametrize("title", TITLES)
def test_every_title_has_a_page_from_its_own_help_and_a_replayable_game(site, title):
    page = site / "titles" / f"{title}.html"
    text = text_of(page)
    game = spec(title).game
    assert game.name in text
    # the module docstring, first paragraph to generated options: the page's text
    doc = importlib.import_module(f"nbgames.games.{title}").__doc__
    first = doc.strip().split("\n\n")[0]
    assert words(first) in text
    for name in game.options_spec:
        assert f"{name} (default" in text, name
    assert "Decisions (action labels)" in text and f"{game().num_actions} action ids" in text
    # the replayable game: an export of a seeded greedy game, in an iframe
    raw = page.read_text(encoding="utf-8")
    assert f'<iframe class="nbg-replay" src="../replays/{title}.html"' in raw
    replay = (site / "replays" / f"{title}.html").read_text(encoding="utf-8")
    record = nbgames.play(nbgames.load(title, players=2), ["greedy", "greedy"], seed=1)
    frames = json.loads(re.search(r'<script id="nbg-frames" type="application/json">(.*?)</script>',
                                  replay, re.S).group(1))
    assert len(frames) == len(record["actions"]) + 1
    # it opens at the end; the board's own scrubber (the page's one) spans every frame
    assert f'show({len(record["actions"])});' in replay
    # a spectator's view: nothing private to a seat is in the file
    assert frames[0]["view"] == nbgames.replay(record, upto=0).observation(None)


def test_the_front_page_lists_every_title_and_shows_the_first_board(site):
    text = text_of(site / "index.html")
    raw = (site / "index.html").read_text(encoding="utf-8")
    for title in TITLES:
        assert spec(title).game.name in text and f'href="titles/{title}.html"' in raw
    assert "pip install" in text and "nbgames.widget(" in text
    assert f'src="replays/{TITLES[0]}.html"' in raw


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_tutorial_is_rendered_with_its_saved_outputs(site, notebook):
    page = site / "tutorials" / f"{notebook.stem}.html"
    text = text_of(page)
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    streams = [" ".join("".join(o["text"]).split()) for c in nb["cells"] for o in c.get("outputs", [])
               if o.get("output_type") == "stream" and "".join(o["text"]).strip()]
    images = sum("image/png" in o.get("data", {}) for c in nb["cells"] for o in c.get("outputs", []))
    assert streams or images, f"{notebook.name} has no saved outputs"
    for out in streams[:3]:
        assert html.unescape(out)[:200] in text
    assert page.read_text(encoding="utf-8").count("<img") >= images


def readme_contract_names() -> list[str]:
    """The nbgames names README's Python examples use: ``nbgames.x.y`` and
    ``from nbgames.x import y``, and the methods it calls on a game, a state and a
    tournament result, each kept when it is a real attribute."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
    names = set(re.findall(r"\b(nbgames(?:\.[A-Za-z_]\w*)+)", code))
    for mod, items in re.findall(r"from (nbgames[\w.]*) import ([\w, ]+)", code):
        names |= {f"{mod}.{n.strip()}" for n in items.split(",")}
    owners = {"state": nbgames.State, "game": nbgames.Game, "res": nbgames.TournamentResult,
              "result": nbgames.TournamentResult}
    for var, method in re.findall(r"\b(state|game|res|result)\.([a-z]\w*)\(", code):
        if callable(getattr(owners[var], method, None)):
            names.add(f"nbgames.{owners[var].__name__}.{method}")
    kept = []
    for name in sorted(names):
        obj = importlib.import_module(name.split(".")[0])
        try:
            for part in name.split(".")[1:]:
                obj = getattr(obj, part)
        except AttributeError:
            continue
        kept.append(name)
    return kept


def test_the_api_reference_documents_readmes_names(site):
    raw = (site / "api.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'id="([^"]+)"', raw))
    names = readme_contract_names()
    assert len(names) >= 15, names
    missing = [n for n in names if n not in ids and f"module-{n}" not in ids]
    assert not missing, f"README names without an entry in the API reference: {missing}"


def test_the_how_tos_ran_when_the_site_was_built(site):
    pages = {p.stem: text_of(p) for p in (site / "howto").glob("*.html")}
    assert {"own-policy", "dask-tournament", "pettingzoo-openspiel", "cli"} <= set(pages)
    # outputs that exist only because the cells ran
    assert "95% CI" in pages["own-policy"] and "True" in pages["dask-tournament"]
    assert "wrote game.html" in pages["cli"] and "usage: nbgames" in pages["cli"]
    assert "nbgames_" in pages["pettingzoo-openspiel"]


def test_the_front_page_installs_as_the_readme_does():
    """Issue 32: docs/index.md's install lines are the README's (``.[lab]`` to play
    in JupyterLab, not a bare ``.`` that installs no JupyterLab), and it offers no
    install command the README does not."""
    def commands(text):
        return set(re.findall(r'pip install -e (\.|"\.\[[\w,]+\]")', text))
    readme = commands((ROOT / "README.md").read_text(encoding="utf-8"))
    front = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    install = front[front.index("## Install"):front.index("\n## ", front.index("## Install") + 1)]
    assert commands(install) <= readme, commands(install) - readme
    first = re.search(r"pip install -e (\S+)", install).group(1)
    assert first == '".[lab]"', first
