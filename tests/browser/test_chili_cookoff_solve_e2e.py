"""The Solve panel on a Cookoff endgame, in JupyterLab (issue 21): for the seat to
move it lists each move's equilibrium probability and its value in the solver's
payoff (the margin), names that payoff, and a forced move reads as forced, not
"0%". Screenshots: tests/artifacts/chili_cookoff-solve.png and
chili_cookoff-solve-forced.png."""

from __future__ import annotations

import nbg_harness as h

CELLS = [
    "import nbgames\n"
    "from nbgames.games.chili_cookoff.endgames import endgame\n"
    "state = endgame(seed=6, hands=2)\n"
    "w = nbgames.widget(state=state, viewer=state.current_player, seats=['human', 'human'],\n"
    "                   advisor=nbgames.theory.solver(max_nodes=5000, worlds=8, seed=0))\n"
    "w",
]


def _solve(page, board):
    btn = board.locator('button[data-key="ctl-hint"]')
    btn.wait_for(state="visible", timeout=30_000)
    assert btn.inner_text() == "Solve"
    btn.click()
    board.locator('.nbg-solve-table, [data-testid="solve-forced"]').first.wait_for(timeout=60_000)


def test_solve_panel_names_its_payoff_and_shows_forced_moves(page, lab_server, jupyter_root, artifacts):
    h.write_notebook(jupyter_root / "cookoff_solve.ipynb", CELLS)
    h.open_notebook(page, lab_server, "cookoff_solve.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator("[data-aid]").first.wait_for(timeout=30_000)
    _solve(page, board)
    panel = board.locator(".nbg-hints")
    heads = panel.locator(".nbg-solve-table th").all_inner_texts()
    assert heads == ["move", "probability", "margin"], heads
    rows = panel.locator(".nbg-solve-table tbody tr").all()
    hints = h.kernel_json(page, jupyter_root, "w.hints", "solve_hints.json")
    assert len(rows) == len(hints["moves"]) >= 2
    assert "final score minus the mean of the others" in panel.inner_text()
    played = [m for m in hints["moves"].values() if m["share"] > 1e-6]
    assert max(m["value"] for m in played) >= max(m["value"] for m in hints["moves"].values()) - 1e-6
    h.save_screenshot(page, "chili_cookoff-solve.png", artifacts)
    # play on (both seats human) until a decision with a single legal move
    for _ in range(12):
        legal = h.kernel_json(page, jupyter_root, "w.legal_ids", "solve_legal.json")
        if len(legal) == 1:
            break
        step = board.locator(".nbg-steptext").inner_text()
        board.locator(f'[data-aid="{legal[0]}"]').first.click()
        h.wait_for_sync(page, ".nbg", step)
    assert len(legal) == 1, "the endgame reaches a forced move"
    _solve(page, board)
    forced = panel.locator('[data-testid="solve-forced"]')
    assert forced.is_visible() and "Forced" in forced.inner_text(), panel.inner_text()
    assert "0%" not in panel.inner_text()
    h.save_screenshot(page, "chili_cookoff-solve-forced.png", artifacts)
