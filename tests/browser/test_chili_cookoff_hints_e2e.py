"""The hint overlay on The Great Chili Cookoff, in JupyterLab: the Hint button
asks ISMCTS about the human's decision, the heat lands on the cards of the board
with the numbers on hover, playing the best card clears it. Screenshot in
tests/artifacts/chili_cookoff-hints.png."""

from __future__ import annotations

import nbg_harness as h

CELLS = [
    "import nbgames\n"
    "w = nbgames.widget(\"chili_cookoff\", players=2, seats=[\"human\", \"greedy\"], seed=11,\n"
    "                   advisor=nbgames.bots.ismcts(iterations=300, seed=1))\n"
    "w",
]


def test_hint_heat_on_the_cookoff_board(page, lab_server, jupyter_root, artifacts):
    h.write_notebook(jupyter_root / "cookoff_hints.ipynb", CELLS)
    h.open_notebook(page, lab_server, "cookoff_hints.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator("[data-aid]").first.wait_for(timeout=30_000)
    hints = h.ask_for_hint(page, jupyter_root)
    legal = h.kernel_json(page, jupyter_root, "w.legal_ids", "cookoff_legal.json")
    assert sorted(map(int, hints["moves"])) == legal
    board.locator(".nbg-hint-best").first.hover()
    h.save_screenshot(page, "chili_cookoff-hints.png", artifacts)
    h.play_the_hint(page)
    h.ask_for_hint(page, jupyter_root)            # again on the next decision
