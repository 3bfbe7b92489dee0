"""The hint overlay on Veggies, in JupyterLab: a hint for the starting card (the
heat on the start buttons), then for a placement (the heat on the glowing spots
of the stand for the selected card). Screenshot in tests/artifacts/veggies-hints.png."""

from __future__ import annotations

import nbg_harness as h

CELLS = [
    "import nbgames\n"
    "w = nbgames.widget(\"veggies\", players=2, seats=[\"human\", \"greedy\"], seed=4,\n"
    "                   advisor=nbgames.bots.ismcts(iterations=150, seed=1))\n"
    "w",
]


def test_hint_heat_on_the_veggies_board(page, lab_server, jupyter_root, artifacts):
    h.write_notebook(jupyter_root / "veggies_hints.ipynb", CELLS)
    h.open_notebook(page, lab_server, "veggies_hints.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator("button.vg-start").first.wait_for(timeout=30_000)
    h.ask_for_hint(page, jupyter_root)
    assert board.locator("button.vg-start.nbg-hinted").count() >= 1
    h.play_the_hint(page)
    board.locator(".vg-grid.vg-live").wait_for(timeout=30_000)
    h.ask_for_hint(page, jupyter_root, timeout=120_000)
    assert board.locator(".vg-spot.nbg-hinted").count() >= 1, "the heat is on the stand's spots"
    board.locator(".nbg-hint-best").first.hover()
    h.save_screenshot(page, "veggies-hints.png", artifacts)
    h.play_the_hint(page)
