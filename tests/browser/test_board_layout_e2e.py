"""Nothing on a board, its tables or its panels is cut off or covered: every title
at its smallest and its largest player count, mid-game, at a reviewed decision
and at the end, drawn in Chromium for seat 0 from an exported game (the same
module and CSS the widget loads; no kernel needed) in a column 960 px wide, about
a JupyterLab notebook's output area on a laptop. The page carries a review of
seat 0's decisions, so the review panel and its marks are drawn too (the hint
panel is checked the same way in JupyterLab: test_*_hints_e2e.py).

The check is ``nbg_harness.LAYOUT_CHECK``: every text fits its box, no clip hides
it, nothing lies on top of it, and no box scrolls sideways (a scoring table wider
than its panel, its Total column cut off). Screenshots go to
``tests/artifacts/boards/`` (the whole page, with a ``layout.json`` of the board
heights) and ``tests/artifacts/tables/`` (each end-of-game table, the element the
board marks ``data-testid="score-table"``, and the review panel)."""

from __future__ import annotations

import json

import nbg_harness as h
import pytest
from widget_kit import NoSkillJudge

import nbgames
from nbgames.widget.export import record_html

COLUMN = 960            # px: the board's width, a JupyterLab notebook's output area on a laptop
MARGIN = 16             # px: the exported page's body margin on each side


def _cases():
    for title in nbgames.games():
        g = nbgames.load(title)
        for n in sorted({g.min_players, g.max_players}):
            yield title, n


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layout")
    out = {}
    for title, n in _cases():
        rec = nbgames.play(nbgames.load(title, n), ["greedy"] * n, seed=3)
        # its panel and marks, not its judgement
        review = nbgames.review(rec, seats=[0], advisor=NoSkillJudge(), exact=False, progress=False)
        path = folder / f"{title}-{n}.html"
        path.write_text(record_html(rec, viewer=0, review=review), encoding="utf-8")
        rows = review.marks(0, False)["rows"]
        worst = max(rows.items(), key=lambda kv: (kv[1]["loss"], -int(kv[0])))[0]
        out[title, n] = (path, len(rec["actions"]), int(worst))
    return out


@pytest.mark.parametrize("title,players", list(_cases()))
def test_nothing_on_the_board_is_cut_off_or_covered(browser, pages, artifacts, title, players):
    path, n, reviewed = pages[title, players]
    page = browser.new_page(viewport={"width": COLUMN + 2 * MARGIN, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=15_000)
        width = page.evaluate("document.querySelector('#nbg-root .nbg').getBoundingClientRect().width")
        assert width == COLUMN, width
        folder = artifacts / "boards"
        tables = artifacts / "tables"
        folder.mkdir(parents=True, exist_ok=True)
        tables.mkdir(parents=True, exist_ok=True)
        found, heights = {}, {}
        for when, step in (("mid", n // 2), ("reviewed", reviewed), ("end", n)):
            h.scrub_to(page, step)
            height = page.evaluate("document.documentElement.scrollHeight")
            # every element on screen
            page.set_viewport_size({"width": COLUMN + 2 * MARGIN, "height": height})
            page.screenshot(path=str(folder / f"{title}-{players}p-{when}.png"), full_page=True)
            heights[when] = page.evaluate("document.getElementById('nbg-root').scrollHeight")
            found[when] = h.layout_problems(page, "#nbg-root")
            assert page.is_visible("#nbg-root .nbg-review"), f"the review panel at the {when} step"
            if when == "reviewed":
                assert page.locator(".nbg-review [data-testid='review-class']").count() == 1
                page.locator("#nbg-root .nbg-review").screenshot(
                    path=str(tables / f"{title}-{players}p-review-panel.png"))
            if when == "end":
                table = page.locator("#nbg-root [data-testid='score-table']")
                assert table.count() == 1 and table.is_visible(), "the board draws its end-of-game table"
                table.screenshot(path=str(tables / f"{title}-{players}p-end-table.png"))
                # the table lies inside the board, right edge included (the Total column)
                inside = page.evaluate("""() => {
                  const t = document.querySelector("#nbg-root [data-testid='score-table']");
                  const b = t.closest('.nbg-board-box').getBoundingClientRect();
                  const r = t.getBoundingClientRect();
                  const cells = [...t.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().right);
                  return {right: Math.max(r.right, ...cells), box: b.right}; }""")
                assert inside["right"] <= inside["box"] + 0.5, inside
            page.set_viewport_size({"width": COLUMN + 2 * MARGIN, "height": 900})
        # at the end nothing is left to play: the Play button is disabled and looks it
        # (grey, not the accent colour a little paler)
        play = page.evaluate("""() => { const b = document.querySelector('#nbg-root [aria-label="play"]');
            const c = getComputedStyle(b).backgroundColor.match(/[\\d.]+/g).map(Number);
            const opacity = Number(getComputedStyle(b).opacity);
            return {disabled: b.disabled, rgb: c.slice(0, 3), opacity}; }""")
        assert play["disabled"], play
        # a recorded game offers no "New game" (it only said "This is a recorded game")
        assert not page.is_visible('#nbg-root [data-key="ctl-new"]')
        r, g, b = play["rgb"]
        assert max(r, g, b) - min(r, g, b) <= 30 and play["opacity"] == 1, f"Play looks active: {play}"
        layout = folder / "layout.json"
        record = json.loads(layout.read_text()) if layout.exists() else {}
        record[f"{title}-{players}p"] = heights
        layout.write_text(json.dumps(record, indent=1, sort_keys=True))
        assert not errors, errors
        assert not any(found.values()), json.dumps(found, indent=1)
    finally:
        page.close()
