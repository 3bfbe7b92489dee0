"""End to end, the way a person plays: JupyterLab in Chromium, a whole Cookoff
game against the greedy bot by clicking (some moves by keyboard), then the final
Python state checked in the kernel. Plus the controls, and a Notebook 7 smoke
test. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import nbg_harness as h
import pytest

import nbgames

E2E_CELLS = [
    "import json\nimport nbgames\n"
    "w = nbgames.widget(\"chili_cookoff\", players=2, seats=[\"human\", nbgames.bots.greedy], seed=11)\n"
    "w",
]
WATCH_CELLS = [
    "import json\nimport nbgames\n"
    "w = nbgames.widget(\"chili_cookoff\", players=3, seats=[nbgames.bots.greedy, "
    "nbgames.bots.random, nbgames.bots.greedy], seed=2, viewer=0, viewers=\"all\", "
    "speed=16, reveal=True)\n"
    "w",
]
SMOKE_CELLS = [
    "import json\nimport nbgames\n"
    "w = nbgames.widget(\"chili_cookoff\", players=3, seats=[\"human\", nbgames.bots.greedy, "
    "nbgames.bots.random], seed=5)\n"
    "w",
]



@pytest.fixture(scope="module", autouse=True)
def notebooks(jupyter_root):
    h.write_notebook(jupyter_root / "cookoff_e2e.ipynb", E2E_CELLS)
    h.write_notebook(jupyter_root / "cookoff_smoke.ipynb", SMOKE_CELLS)
    h.write_notebook(jupyter_root / "cookoff_watch.ipynb", WATCH_CELLS)


def test_play_a_whole_cookoff_game_in_jupyterlab(page, lab_server, jupyter_root, artifacts):
    h.open_notebook(page, lab_server, "cookoff_e2e.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator("button.ck-card[data-aid]").first.wait_for(timeout=30_000)
    assert "Your move" in board.locator(".nbg-status").inner_text()
    # the board offers exactly the synced legal ids (duplicate cards share one)
    legal = h.kernel_json(page, jupyter_root, "w.legal_ids", "e2e_legal.json")
    assert sorted(set(h.board_aids(page))) == legal
    h.save_screenshot(page, "lab-01-start.png", artifacts)

    def shot(i):
        if i == 3:
            h.save_screenshot(page, "lab-02-playing.png", artifacts)

    moves = h.play_by_clicking(page, keyboard_every=4, on_click=shot, kernel_root=jupyter_root)
    assert "Game over" in board.locator(".nbg-status").inner_text()
    assert board.locator(".ck-results-table tbody tr").count() == 2
    h.save_screenshot(page, "lab-03-game-over.png", artifacts)

    result = h.final_record(page, jupyter_root, "e2e_result.json", title="chili_cookoff",
                            players=2, seed=11, human_moves=moves)
    record = result["record"]
    shown = [int(x) for x in board.locator(".nbg-seat-table tbody td.nbg-num").all_inner_texts()]
    assert shown == record["scores"]
    assert not page.js_errors, page.js_errors

    # the controls: undo, the scrubber's end, a new game with a seed
    step_text = board.locator(".nbg-steptext")
    before = step_text.inner_text()
    board.get_by_role("button", name="undo your last move").click()
    page.wait_for_function("(s) => document.querySelector('.nbg .nbg-steptext').textContent !== s",
                           arg=before)
    assert "Your move" in board.locator(".nbg-status").inner_text()
    board.get_by_role("button", name="one step forward").click()
    board.get_by_label("seed for a new game").fill("4")
    board.get_by_role("button", name="new game").click()
    page.wait_for_function("() => document.querySelector('.nbg .nbg-steptext').textContent"
                           ".startsWith('step 0')")
    after = h.kernel_json(page, jupyter_root, "{'step': w.step_index, 'seed': w.state.seed, "
                         "'error': w.error}", "e2e_new.json")
    assert after == {"step": 0, "seed": 4, "error": ""}


def test_watch_a_bot_game_with_play_pause(page, lab_server, jupyter_root, artifacts):
    h.open_notebook(page, lab_server, "cookoff_watch.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator(".ck-reveal").wait_for(timeout=30_000)        # teaching mode: open hands
    step_text = board.locator(".nbg-steptext")
    assert step_text.inner_text().startswith("step 0 ")
    board.get_by_role("button", name="play", exact=True).click()
    page.wait_for_function("() => parseInt(document.querySelector('.nbg .nbg-steptext')"
                           ".textContent.split(' ')[1]) >= 8", timeout=20_000)
    board.get_by_role("button", name="pause").click()
    page.wait_for_function("() => document.querySelector('.nbg [data-key=\"ctl-play\"]')"
                           ".textContent === 'Play'")
    stopped = step_text.inner_text()
    page.wait_for_timeout(400)                                 # 16/s would make ~6 moves
    assert step_text.inner_text() == stopped
    h.save_screenshot(page, "lab-04-watch-paused.png", artifacts)
    # the viewer selector offers every seat and the spectator
    board.get_by_label("view the board as").select_option(label="spectator")
    board.get_by_text("the hands are hidden").wait_for()
    board.get_by_role("button", name="step: the seat to move decides once").click()
    page.wait_for_function("(s) => document.querySelector('.nbg .nbg-steptext').textContent "
                           "!== s", arg=stopped)
    result = h.kernel_json(page, jupyter_root, "{'step': w.step_index, 'viewer': w.viewer, "
                          "'playing': w.playing, 'error': w.error}", "watch_result.json")
    assert result["viewer"] is None and not result["playing"] and result["error"] == ""
    assert result["step"] == int(stopped.split()[1]) + 1
    assert not page.js_errors, page.js_errors


def test_notebook7_render_and_click(page, notebook_server, jupyter_root, artifacts):
    h.open_notebook(page, notebook_server, "cookoff_smoke.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    card = board.locator("button.ck-card[data-aid]").first
    card.wait_for(timeout=30_000)
    assert card.get_attribute("aria-label").startswith("play ")
    label = card.get_attribute("title")             # "play Tomato 4": the engine's label
    aid = int(card.get_attribute("data-aid"))
    card.click()
    page.wait_for_function("() => !document.querySelector('.nbg .nbg-steptext')"
                           ".textContent.startsWith('step 0')")
    h.save_screenshot(page, "nb7-01-after-click.png", artifacts)
    result = h.kernel_json(page, jupyter_root, "{'history': w.state.history, 'error': w.error}",
                          "nb7_result.json")
    assert result["error"] == "" and len(result["history"]) >= 1
    assert result["history"][0] == aid, "the click sent the card's data-aid"
    played = nbgames.load("chili_cookoff", players=3).action_label(result["history"][0])
    assert label == played
    assert not page.js_errors, page.js_errors
