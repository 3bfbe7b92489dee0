"""End to end, the way a person plays Scoville: JupyterLab in Chromium, a whole
2-player game against the greedy bot by clicking the board (a typed sealed bid,
a spot on the track, an auction card, a plot of the field, the plaque, notches
of the walk, market cards and recipes, sales, done), then the final Python state
checked in the kernel. Screenshots go to the pytest tmp dir."""

from __future__ import annotations

import nbg_harness as h

SEED = 4
LIMIT = 5             # rounds (option round_limit): a whole game, kept short
CELLS = [
    "import json\nimport nbgames\n"
    f"w = nbgames.widget(\"scoville\", players=2, seats=[\"human\", nbgames.bots.greedy], seed={SEED}, "
    f"round_limit={LIMIT})\n"
    "w",
]



def _one_move(page, board, shots, tmp_path) -> str:
    """One decision by the person, chosen from what the board shows."""
    done = board.locator('button[data-key="done"]')
    if board.locator(".sc-bid-input").count():
        board.locator(".sc-bid-input").fill("1")
        board.locator('button[data-key="bid-send"]').click()
        return "bid"
    if board.locator('button[data-key="plaque-take"]').count():
        board.locator('button[data-key="plaque-take"]').click()
        return "plaque"
    spots = board.locator('button.sc-spot[data-aid]')
    if spots.count():
        spots.first.click()
        return "spot"
    claims = board.locator('button.sc-auction[data-aid]')
    if claims.count():
        claims.first.click()
        return "claim"
    notches = board.locator("button.sc-notch")
    if notches.count():
        if done.count():                                # a step taken: stop here
            done.click()
            return "stop"
        if "harvest" not in shots:
            h.save_screenshot(page, "scoville-harvest.png", tmp_path)
            shots.add("harvest")
        with_preview = board.locator("button.sc-notch:has(.sc-preview)")
        (with_preview if with_preview.count() else notches).first.click()
        return "step"
    plots = board.locator("button.sc-plot")
    if plots.count():
        if done.count():                                # the extra pepper: no thanks
            done.click()
            return "plant-done"
        if "plant" not in shots:
            h.save_screenshot(page, "scoville-plant.png", tmp_path)
            shots.add("plant")
        plots.first.click()
        return "plant"
    for sel, kind in (('button.sc-recipe[data-aid]', "recipe"), ('button.sc-market[data-aid]', "market")):
        if board.locator(sel).count():
            board.locator(sel).first.click()
            return kind
    assert done.count(), "a decision with no button on the board"
    done.click()
    return "done"


def test_play_a_whole_scoville_game_in_jupyterlab(page, lab_server, jupyter_root, tmp_path):
    h.write_notebook(jupyter_root / "scoville_e2e.ipynb", CELLS)
    h.open_notebook(page, lab_server, "scoville_e2e.ipynb")
    h.run_all(page)
    board = page.locator(".nbg").first
    board.locator(".sc-field").wait_for(timeout=30_000)
    assert board.locator(".sc-plot").count() == 70
    assert board.locator(".sc-star").count() == 1
    shots = set()
    moves, kinds = 0, []
    while not board.locator(".nbg-status.nbg-over").count():
        assert moves < 200, "the game did not end"
        step = board.locator(".nbg-steptext").inner_text()
        board.locator("[data-aid]").first.wait_for(timeout=20_000)
        kinds.append(_one_move(page, board, shots, tmp_path))
        moves += 1
        h.wait_for_sync(page, ".nbg", step)

    assert "Game over" in board.locator(".nbg-status").inner_text()
    assert board.locator(".sc-result tr").count() == 3
    page.evaluate("() => document.querySelector('.nbg').scrollIntoView()")
    path = h.save_screenshot(page, "scoville-game-over.png", tmp_path)
    assert path.exists() and path.stat().st_size > 10_000

    # the kernel's final state: over, no error, the record replays to its scores and
    # seat 0 made exactly the decisions clicked (h.final_record loads default
    # options; this game has round_limit, so the same checks are made here)
    import nbgames
    result = h.kernel_json(page, jupyter_root, "{'record': w.state.record(), 'terminal': "
                           "w.state.is_terminal(), 'error': w.error, 'view': w.view}",
                           "scoville_e2e_result.json")
    assert result["terminal"] and result["error"] == ""
    record = result["record"]
    assert record["seed"] == SEED and record["options"]["round_limit"] == LIMIT
    final = nbgames.replay(record)
    assert final.is_terminal() and final.scores() == record["scores"]
    state, human = nbgames.load("scoville", players=2, round_limit=LIMIT).new_state(seed=SEED), 0
    for aid in record["actions"]:
        human += state.current_player == 0
        state.apply(aid)
    assert human == moves
    assert kinds.count("bid") >= 1 and "plant" in kinds and "step" in kinds, kinds
    assert not page.js_errors, page.js_errors


def test_a_farmer_on_the_fields_edge_stays_on_the_field(browser, tmp_path):
    """Issue 32: a farmer on a notch of the field's edge ("-d1", "|a3") stuck out half
    over the field's frame; the plots now lie inside a headland. At the first
    position of a seeded game with a farmer on an edge notch, every farmer lies
    inside the field, and the field's column letters and row numbers are drawn."""
    import nbgames
    from nbgames.widget.export import record_html
    rec = nbgames.play(nbgames.load("scoville", players=2), ["greedy"] * 2, seed=3)
    names = [n["name"] for n in nbgames.load("scoville", players=2).catalog()["notches"]]
    edge = lambda n: n is not None and (names[n][0] in "|-" or names[n][-1] in "|-")  # noqa: E731
    step = next(i for i in range(len(rec["actions"]))
                if any(edge(n) for n in nbgames.replay(rec, upto=i).observation(0)["farmers"]))
    path = tmp_path / "scoville-edge.html"
    path.write_text(record_html(rec, viewer=0, start=step), encoding="utf-8")
    page = browser.new_page(viewport={"width": 992, "height": 1400})
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=15_000)
        boxes = page.evaluate("""() => {
          const f = document.querySelector('.sc-field').getBoundingClientRect();
          return [...document.querySelectorAll('.sc-farmer')].map((e) => {
            const r = e.getBoundingClientRect();
            const out = Math.max(f.left - r.left, r.right - f.right, f.top - r.top, r.bottom - f.bottom);
            return {name: e.title, out}; }); }""")
        assert boxes and all(b["out"] <= 0 for b in boxes), boxes
        assert page.locator(".sc-ruler-top .sc-tick").all_inner_texts() == list("abcdefghij")
        assert page.locator(".sc-ruler-left .sc-tick").all_inner_texts() == [str(r) for r in range(1, 8)]
    finally:
        page.close()
