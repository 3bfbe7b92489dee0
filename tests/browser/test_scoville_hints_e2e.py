"""The hint panel on Scoville, in JupyterLab: the 24 plantings of the first turn
are grouped by pepper (then the plot), the value for the seat to move says what
it means, no "null" and no column of 0%; the heat lands on the few plots worth
looking at; playing the best clears it, and a hint on the next decision comes
within the time budget with its progress shown. Screenshot in
tests/artifacts/scoville-hints.png."""

from __future__ import annotations

import re

import nbg_harness as h

CELLS = [
    "import nbgames\n"
    "w = nbgames.widget(\"scoville\", players=2, seats=[\"human\", \"greedy\"], seed=4,\n"
    "                   advisor=nbgames.bots.ismcts(seconds=1.5, seed=1))\n"
    "w",
]


def test_hint_panel_on_the_scoville_board(page, lab_server, jupyter_root, artifacts):
    h.write_notebook(jupyter_root / "scoville_hints.ipynb", CELLS)
    h.open_notebook(page, lab_server, "scoville_hints.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator("[data-aid]").first.wait_for(timeout=30_000)
    legal = h.kernel_json(page, jupyter_root, "w.legal_ids", "scoville_legal.json")
    assert len(legal) > 12, "the first planting offers many moves"
    hints = h.ask_for_hint(page, jupyter_root)
    assert sorted(map(int, hints["moves"])) == legal
    assert hints["elapsed"] < 5
    box = board.locator(".nbg-hints")
    text = box.inner_text()
    assert "null" not in text and "undefined" not in text and "NaN" not in text, text
    assert not re.search(r"(?<![<\d])0%", text), text
    value = box.locator('[data-testid="hint-value"]').inner_text()
    assert re.search(r"wins \d+%", value) and "share of the win" in value
    first = box.locator("ol.nbg-hint-list > li").first
    assert re.match(r"\s*plant \w+ at \u2026", first.inner_text()), first.inner_text()
    assert 1 <= first.locator("ul.nbg-hint-sub > li").count() <= 3
    assert 1 <= board.locator(".nbg-hinted").count() <= 8
    # the panel in a 960 px column (issue 32): nothing cut off, the order said, the
    # advisor named as written, no row listed again inside ("done"); and the plots it
    # names, "d3", are drawn on the field: its column letters and row numbers
    advisor = h.kernel_json(page, jupyter_root, "w.advisor", "scoville_advisor.json")
    h.check_hint_panel(page, artifacts, "scoville-hint-panel.png", advisor)
    plot = first.locator("ul.nbg-hint-sub > li").first.inner_text()
    letter, number = re.match(r"\s*([a-z])(\d+)\b", plot).groups()
    assert letter in board.locator(".sc-ruler-top .sc-tick").all_inner_texts(), plot
    assert number in board.locator(".sc-ruler-left .sc-tick").all_inner_texts(), plot
    board.locator(".nbg-hint-best").first.hover()
    h.save_screenshot(page, "scoville-hints.png", artifacts)
    h.play_the_hint(page)
    board.locator('button[data-key="ctl-hint"]').click()
    board.locator('[data-testid="hint-progress"]').wait_for(timeout=10_000)
    board.locator(".nbg-hinted").first.wait_for(timeout=60_000)
