"""A reviewed game in the exported page, in Chromium, for every title
(``nbgames review RECORD --html``): the marks under the scrubber are the
viewer's reviewed decisions by class, a click on one steps there and shows the
move taken beside the advisor's choice, painted on the board through the hint
overlay. Screenshots in tests/artifacts/review-export-<title>.png."""

from __future__ import annotations

import json
import subprocess
import sys

import nbg_harness as h
import pytest

import nbgames


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Per title: a greedy-against-random record reviewed for seat 0 through the
    command line, the page written for viewer 0."""
    folder = tmp_path_factory.mktemp("review")
    out = {}
    for title in nbgames.games():
        rec = nbgames.play(nbgames.load(title, 2), ["random", "greedy"], seed=5)
        path = folder / f"{title}.json"
        path.write_text(json.dumps(rec))
        html = folder / f"{title}.html"
        rows = folder / f"{title}-rows.json"
        r = subprocess.run([sys.executable, "-m", "nbgames", "review", str(path), "--seats", "0",
                            "--budget", "4", "--no-exact", "--quiet", "--json", str(rows),
                            "--html", str(html), "--viewer", "0"],
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        out[title] = (html, json.loads(rows.read_text()))
    return out


@pytest.mark.parametrize("title", nbgames.games())
def test_the_review_is_on_the_exported_board(browser, pages, title, artifacts):
    path, got = pages[title]
    rows = got["rows"]
    assert rows and {r["seat"] for r in rows} == {0}
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    problems = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=15_000)
        assert "Reviewed by rollouts(4)" in page.inner_text("#nbg-about")
        marks = page.locator(".nbg-rv-mark")
        assert marks.count() == len(rows)
        steps = [int(s) for s in marks.evaluate_all("els => els.map(e => e.dataset.step)")]
        assert steps == [r["step"] for r in rows]
        classes = marks.evaluate_all("els => els.map(e => e.dataset.class)")
        assert classes == [r["class"] for r in rows]
        # the worst decision: click its mark
        worst = max(rows, key=lambda r: (r["loss"], -r["step"]))
        page.dispatch_event(f".nbg-rv-mark[data-step='{worst['step']}']", "click")
        h.until(page, f"document.body.dataset.step === '{worst['step']}'")
        box = page.locator(".nbg-review")
        assert worst["class"] in box.locator("[data-testid=review-class]").inner_text()
        assert worst["taken"] in box.locator("[data-testid=review-taken]").inner_text()
        if worst["taken_id"] != worst["best_id"]:
            assert worst["best"] in box.locator("[data-testid=review-best]").inner_text()
        # through the hint overlay: the board's moves carry the paint
        best = page.locator(f".nbg-board-box [data-aid='{worst['best_id']}']")
        taken = page.locator(f".nbg-board-box [data-aid='{worst['taken_id']}']")
        if best.count():
            assert "nbg-review-best" in best.first.get_attribute("class")
            assert "nbg-hinted" in best.first.get_attribute("class")
        if taken.count():
            assert "nbg-review-taken" in taken.first.get_attribute("class")
        page.screenshot(path=str(artifacts / f"review-export-{title}.png"), full_page=True)
        # the panel's next button goes to the next inaccuracy, mistake or blunder
        later = [r for r in rows if r["step"] > worst["step"]
                 and r["class"] in ("inaccuracy", "mistake", "blunder")]
        if later:
            page.click("[data-key='rv-next']")
            h.until(page, f"document.body.dataset.step === '{later[0]['step']}'")
        assert not problems, problems
    finally:
        page.close()


def test_a_spectator_page_holds_no_review_and_reveal_says_so(browser, tmp_path):
    rec = nbgames.play(nbgames.load(nbgames.games()[0], 2), ["random", "greedy"], seed=5)
    rev = nbgames.review(rec, budget=3, exact=False, progress=False)
    from nbgames.widget.export import record_html
    spectator = record_html(rec, viewer=None, review=rev)
    assert '"rows":{}' in spectator and rev.rows[0]["best"] not in spectator.split("nbg-static")[1][:0]
    revealed = record_html(rec, viewer=0, reveal=True, review=rev)
    assert "every hand revealed" in revealed
    path = tmp_path / "reveal.html"
    path.write_text(revealed)
    page = browser.new_page()
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=15_000)
        assert page.locator(".nbg-rv-mark").count() == len(rev.rows)
        assert "revealed" in page.inner_text("h1")
    finally:
        page.close()
