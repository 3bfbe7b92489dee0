"""The HTML export in Chromium, for every title: the file opens from disk with no
kernel and no network, renders the board, and the scrubber moves through the
game (the board's own history controls too)."""

from __future__ import annotations

import nbg_harness as h
import pytest

import nbgames
from nbgames.widget.export import record_html


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    out = {}
    folder = tmp_path_factory.mktemp("export")
    for title in nbgames.games():
        game = nbgames.load(title, 2)
        rec = nbgames.play(game, ["greedy", "random"], seed=11)
        for viewer in (0, None):
            path = folder / f"{title}-{viewer}.html"
            path.write_text(record_html(rec, viewer=viewer), encoding="utf-8")
            out[title, viewer] = (path, rec)
    return out


def _open(browser, path):
    page = browser.new_page()
    problems = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("request", lambda r: problems.append(f"request: {r.url}")
            if not r.url.startswith(("file:", "blob:", "data:")) else None)
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready='1']", timeout=15_000)
    return page, problems


@pytest.mark.parametrize("viewer", [0, None], ids=["seat0", "spectator"])
@pytest.mark.parametrize("title", nbgames.games())
def test_export_opens_renders_and_scrubs(browser, files, title, viewer):
    path, rec = files[title, viewer]
    n = len(rec["actions"])
    page, problems = _open(browser, path)
    try:
        root = "document.getElementById('nbg-root')"
        assert page.evaluate("document.body.dataset.step") == str(n)
        end_html = page.evaluate(f"{root}.innerHTML")
        assert len(end_html) > 1000 and page.evaluate(f"{root}.querySelectorAll('*').length") > 20
        # one scrubber: the board's own history slider (issue 32: the page had a second)
        assert page.locator("input[type=range]").count() == 1
        h.scrub_to(page, 0)
        assert page.inner_text(".nbg .nbg-steptext") == f"step 0 / {n}"
        h.until(page, f"{root}.innerHTML !== {end_html!r}".replace("\n", "\\n"))
        start_html = page.evaluate(f"{root}.innerHTML")
        # the board's own forward control, twice (a goto message each)
        page.click("[data-key='ctl-fwd']")
        h.until(page, "document.body.dataset.step === '1'")
        page.click("[data-key='ctl-fwd']")
        h.until(page, "document.body.dataset.step === '2'")
        assert page.evaluate(f"{root}.innerHTML") != start_html
        # back to the end: the board is the final one again
        h.scrub_to(page, n)
        assert "Game over" in page.inner_text("#nbg-root")
        assert not problems, problems
    finally:
        page.close()
