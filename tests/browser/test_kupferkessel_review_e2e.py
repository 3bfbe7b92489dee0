"""A game reviewed on the board, in JupyterLab (and the Review button): a human seat (played here by the
greedy bot, through the widget) against ISMCTS, ``w.review(...)`` marks the
human's decisions under the scrubber by class; clicking the worst one steps
there, and the board paints the move taken beside the advisor's choice through
the hint overlay, told in the review panel. Screenshot in
tests/artifacts/review-board.png."""

from __future__ import annotations

import nbg_harness as h

TITLE = "kupferkessel"    # a title with a choice at every decision and short games

CELLS = [
    "import nbgames\n"
    f"w = nbgames.widget({TITLE!r}, players=2, seats=['human', nbgames.bots.ismcts(iterations=40, seed=1)],\n"
    "                   seed=3)\n"
    "bot = nbgames.bots.greedy.spawn(1)\n"
    "while not w.state.is_terminal():\n"
    "    w.act(bot(w.state.observation(0), w.state.legal_actions()))\n"
    "rev = w.review(seats=[0], budget=60, progress=False)\n"
    "w",
]


def test_a_review_on_the_board(page, lab_server, jupyter_root, artifacts):
    h.write_notebook(jupyter_root / "review_board.ipynb", CELLS)
    h.open_notebook(page, lab_server, "review_board.ipynb")
    h.run_all(page, timeout=240_000)
    board = page.locator(".nbg").first
    board.locator(".nbg-rv-mark").first.wait_for(timeout=60_000)
    rows = h.kernel_json(page, jupyter_root, "rev.rows", "review_rows.json")
    assert rows and {r["seat"] for r in rows} == {0}
    marks = board.locator(".nbg-rv-mark")
    assert marks.count() == len(rows)
    assert marks.evaluate_all("els => els.map(e => e.dataset.class)") == [r["class"] for r in rows]
    assert "review" in board.locator(".nbg-review h4").inner_text().lower()
    worst = max(rows, key=lambda r: (r["loss"], -r["step"]))
    step = board.locator(".nbg-steptext").inner_text()
    board.locator(f".nbg-rv-mark[data-step='{worst['step']}']").dispatch_event("click")
    h.wait_for_sync(page, ".nbg", step)
    assert board.locator(".nbg-steptext").inner_text().startswith(f"step {worst['step']} ")
    panel = board.locator(".nbg-review")
    panel.locator("[data-testid=review-class]").wait_for(timeout=20_000)
    assert worst["class"] in panel.locator("[data-testid=review-class]").inner_text()
    assert worst["taken"] in panel.locator("[data-testid=review-taken]").inner_text()
    # the human's own decision: its moves are on the board, painted by the overlay
    best = board.locator(f".nbg-board-box [data-aid='{worst['best_id']}']").first
    assert "nbg-hint-best" in best.get_attribute("class")
    assert "nbg-review-best" in best.get_attribute("class")
    if worst["taken_id"] != worst["best_id"]:
        assert worst["best"] in panel.locator("[data-testid=review-best]").inner_text()
        taken = board.locator(f".nbg-board-box [data-aid='{worst['taken_id']}']").first
        assert "nbg-review-taken" in taken.get_attribute("class")
    best.scroll_into_view_if_needed()
    h.save_screenshot(page, "review-board.png", artifacts)
    assert not page.js_errors, page.js_errors


BUTTON_CELLS = [
    "import nbgames, nbgames.arena.review\n"
    "nbgames.arena.review.DEFAULT_BUDGET = 8       # a quick review for the test\n"
    f"w2 = nbgames.widget({TITLE!r}, players=2, seats=['human', 'greedy'], seed=8)\n"
    "bot = nbgames.bots.greedy.spawn(2)\n"
    "while not w2.state.is_terminal():\n"
    "    w2.act(bot(w2.state.observation(0), w2.state.legal_actions()))\n"
    "w2",
]


def test_the_review_button_on_a_finished_game(page, lab_server, jupyter_root, artifacts):
    h.write_notebook(jupyter_root / "review_button.ipynb", BUTTON_CELLS)
    h.open_notebook(page, lab_server, "review_button.ipynb")
    h.run_all(page, timeout=120_000)
    board = page.locator(".nbg").first
    button = board.locator("[data-key='ctl-review']")
    button.wait_for(state="visible", timeout=30_000)
    assert button.inner_text() == "Review"
    button.click()
    board.locator(".nbg-rv-mark").first.wait_for(timeout=300_000)
    assert button.is_hidden()
    rows = h.kernel_json(page, jupyter_root, "w2.reviewed['rows']", "button_rows.json")
    assert rows and {r["seat"] for r in rows.values()} == {0}
    assert board.locator(".nbg-rv-mark").count() == len(rows)
    prev = board.locator("[data-key='rv-prev']")
    if prev.is_enabled():                      # the last inaccuracy, mistake or blunder
        step = board.locator(".nbg-steptext").inner_text()
        prev.click()
        h.wait_for_sync(page, ".nbg", step)
        board.locator(".nbg-review [data-testid=review-class]").wait_for(timeout=20_000)
    h.save_screenshot(page, "review-button.png", artifacts)
    assert not page.js_errors, page.js_errors
