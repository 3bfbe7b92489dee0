"""End to end, the way a person plays Kupferkessel Co.: JupyterLab in Chromium, a
whole 2-player game against the greedy bot by clicking the board (hover a card of
the glowing line to see where its value would send the pawn, click it; announce
or forfeit symbols with the board's buttons; keep or discard the last card),
then the final Python state checked in the kernel. Screenshots go to the pytest
tmp dir."""

from __future__ import annotations

import nbg_harness as h

SEED = 13
CELLS = [
    "import json\nimport nbgames\n"
    f"w = nbgames.widget(\"kupferkessel\", players=2, seats=[\"human\", nbgames.bots.greedy], seed={SEED})\n"
    "w",
]



def test_play_a_whole_kupferkessel_game_in_jupyterlab(page, lab_server, jupyter_root, tmp_path):
    h.write_notebook(jupyter_root / "kupferkessel_e2e.ipynb", CELLS)
    h.open_notebook(page, lab_server, "kupferkessel_e2e.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator(".kk-board button.kk-take").first.wait_for(timeout=30_000)
    assert "take a card" in board.locator(".kk-prompt").inner_text()
    assert board.locator(".kk-kettle").count() == 2
    assert board.locator(".kk-memory").count() == 0, "table memory: no memory panel"
    h.save_screenshot(page, "kupferkessel-01-start.png", tmp_path)

    moves, kinds, hovers = 0, [], 0
    while not board.locator(".nbg-status.nbg-over").count():
        assert moves < 120, "the game did not end"
        step = board.locator(".nbg-steptext").inner_text()
        if board.locator('button[data-key="kk-use"]').count():
            if "symbol" not in kinds:
                h.save_screenshot(page, "kupferkessel-02-symbol.png", tmp_path)
            # announce most symbols, forfeit every third one
            key = "kk-forfeit" if kinds.count("symbol") % 3 == 2 else "kk-use"
            board.locator(f'button[data-key="{key}"]').click()
            kinds.append("symbol")
        elif board.locator('button[data-key="kk-keep"]').count():
            h.save_screenshot(page, "kupferkessel-03-last-card.png", tmp_path)
            board.locator('button[data-key="kk-keep"]').click()
            kinds.append("last")
        else:
            takes = board.locator(".kk-board button.kk-take")
            takes.first.wait_for(timeout=20_000)
            n = takes.count()
            assert n > 0 and board.locator(".kk-in-line").count() >= n
            card = takes.nth(moves % n)
            card.hover()
            # the path the card's value would give the pawn next turn lights up
            if board.locator(".kk-board[data-hover]").count():
                value = board.locator(".kk-board").get_attribute("data-hover")
                if board.locator(f".kk-after-v{value}").count():
                    hovers += 1
            card.click()
            kinds.append("take")
        moves += 1
        h.wait_for_sync(page, ".nbg", step)

    assert "Game over" in board.locator(".nbg-status").inner_text()
    table = board.locator(".kk-score-table")
    assert table.locator("tbody tr").count() == 2
    assert board.locator(".kk-sorted").count() == 2, "kettles sorted by ingredient"
    page.evaluate("() => document.querySelector('.kk-scoring').scrollIntoView()")
    h.save_screenshot(page, "kupferkessel-04-game-over.png", tmp_path)

    result = h.final_record(page, jupyter_root, "kupferkessel_e2e_result.json", title="kupferkessel",
                            players=2, seed=SEED, human_moves=moves, extra=", 'view': w.view")
    record = result["record"]
    assert [r["total"] for r in result["view"]["result"]] == record["scores"]
    assert "last" in kinds and kinds.count("symbol") >= 3 and kinds.count("take") > 10
    assert hovers > 5, "hovering a card shows where its value leads"
    totals = [int(x) for x in table.locator("td.kk-total").all_inner_texts()]
    assert totals == record["scores"]
    shown = [int(x) for x in board.locator(".nbg-seat-table tbody td.nbg-num").all_inner_texts()]
    assert shown == record["scores"]
    assert not page.js_errors, page.js_errors
    assert (tmp_path / "kupferkessel-04-game-over.png").stat().st_size > 10_000
