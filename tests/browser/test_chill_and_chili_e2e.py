"""End to end, the way a person plays Chill & Chili: JupyterLab in Chromium, a
whole 2-player game against the greedy bot by clicking the board (market cards,
the draw pile, accessory stacks, laying out, planting, taking the pond as money
or water after reading its preview, each water drop on a free sun, the Watering
Can's and Wheelbarrow's choices, composts), then the final Python state checked in
the kernel. Screenshots go to the pytest tmp dir."""

from __future__ import annotations

import re

import nbg_harness as h

SEED = 6
CELLS = [
    "import json\nimport nbgames\n"
    f"w = nbgames.widget(\"chill_and_chili\", players=2, seats=[\"human\", nbgames.bots.greedy],\n"
    f"                   seed={SEED})\n"
    "w",
]



def _choose(board, turn: int) -> tuple[str, object]:
    """What the person clicks now: (kind, locator)."""
    def first(sel):
        loc = board.locator(sel)
        return loc.first if loc.count() else None

    if (b := first("button.cc-sun-free")) is not None:
        return "water", b
    for key in ("can", "barrow"):
        if (b := first(f'button[data-key="{key}-{turn % 2}"]')) is not None:
            return key, b
    if (b := first("button.cc-compost-pick")) is not None or \
            (b := first('button[data-key^="hold-"][aria-label^="compost"]')) is not None:
        return "compost", b
    if (b := first("button.cc-plant")) is not None:
        return "plant", b
    if (b := first('button[data-key^="hold-"]')) is not None:
        return "layout", b
    if turn == 1 and (b := first('button[data-key="acc-1"]')) is not None:
        return "accessory", b                                  # the Watering Can
    n = int(re.search(r"Take (\d+)", board.locator('[data-testid="take-preview"]').inner_text())[1])
    free = board.locator(".cc-mine button.cc-sun-free, .cc-mine .cc-sun:not(.cc-drop)").count()
    if n >= 4:
        if free and (b := first('button[data-key="take-water"]')) is not None:
            return "take-water", b
        return "take-money", board.locator('button[data-key="take-money"]')
    if turn % 3 == 0 and (b := first('button[data-key^="m-"][data-key$="-3"]')) is not None:
        return "market", b                                     # the 1-coin space
    if (b := first('button[data-key="draw"]')) is not None:
        return "draw", b
    return "take-money", board.locator('button[data-key="take-money"]')


def test_play_a_whole_chill_and_chili_game_in_jupyterlab(page, lab_server, jupyter_root,
                                                          tmp_path):
    h.write_notebook(jupyter_root / "chill_e2e.ipynb", CELLS)
    h.open_notebook(page, lab_server, "chill_e2e.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator(".cc-board button.nbg-legal").first.wait_for(timeout=30_000)
    assert "Your move" in board.locator(".nbg-status").inner_text()
    assert board.locator(".cc-mrow").count() == 2 and board.locator(".cc-pond").count() == 1
    h.save_screenshot(page, "chill-01-start.png", tmp_path)

    kinds, moves, turn, shot = [], 0, 0, False
    while not board.locator(".nbg-status.nbg-over").count():
        assert moves < 200, "the game did not end"
        step = board.locator(".nbg-steptext").inner_text()
        kind, button = _choose(board, turn)
        if kind == "water" and not shot:
            h.save_screenshot(page, "chill-02-water.png", tmp_path)
            shot = True
        aid = button.get_attribute("data-aid")
        assert aid is not None, "every move is a button carrying its action id"
        button.click()
        kinds.append(kind)
        moves += 1
        if kind not in ("water", "can", "barrow", "compost"):
            turn += 1
        h.wait_for_sync(page, ".nbg", step)

    assert "Game over" in board.locator(".nbg-status").inner_text()
    table = board.locator(".cc-score")
    assert table.locator("tr").count() == 3             # header + 2 players
    page.evaluate("() => document.querySelector('.nbg').scrollIntoView()")
    path = h.save_screenshot(page, "chill-03-game-over.png", tmp_path)
    assert path.exists() and path.stat().st_size > 10_000

    result = h.final_record(page, jupyter_root, "chill_e2e_result.json", title="chill_and_chili",
                            players=2, seed=SEED, human_moves=moves, extra=", 'view': w.view")
    record = result["record"]
    rows = result["view"]["result"]["rows"]
    assert [r["total"] for r in rows] == record["scores"]
    shown = [int(x) for x in table.locator("td.nbg-num").all_inner_texts()]
    assert [shown[5 * i + 3] for i in range(2)] == record["scores"]
    assert {"take-money", "plant", "draw"} <= set(kinds), kinds
    assert "water" in kinds or "take-water" in kinds, kinds
    assert not page.js_errors, page.js_errors
