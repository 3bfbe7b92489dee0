"""A hosted table in real browsers: two Chromium pages and one Python client
(a remote bot) at one 3-seat table on 127.0.0.1, played to the end by clicking
the boards. Every websocket frame each page received is captured (Playwright's
websocket events): each page saw only its own seat, and nothing it received
differs from what a host of a determinized copy of its seat would have sent.
Plus: the page of every title renders its board from the host; a second page
of one link takes over the seat; the controls a remote seat lacks say so."""

from __future__ import annotations

import json
import random

import nbg_harness as h
import pytest

import nbgames

pytest.importorskip("websockets")

TITLES = nbgames.games()


def _length(title):
    return len(nbgames.play(nbgames.load(title, 3), ["greedy"] * 3, seed=1)["actions"])


# the title with the shortest 3-seat game, so the browsers play a whole one quickly
TITLE = min((t for t in TITLES if nbgames.load(t).max_players >= 3), key=_length)


@pytest.fixture
def host(tmp_path):
    made = []

    def make(*args, **kwargs):
        kwargs.update(port=0, quiet=True, record=tmp_path)
        made.append(nbgames.host(*args, **kwargs))
        return made[-1]

    yield make
    for x in made:
        x.close()


def _open(browser, link):
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    got, problems = [], []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: got.append(payload)))
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    page.goto(link)
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    page.received, page.problems = got, problems
    return page


def _merged_by_step(payloads) -> dict:
    merged, out = {}, {}
    for text in payloads:
        m = json.loads(text)
        if m["type"] == "welcome":
            merged = {**m["static"], **m["frame"]}
        elif m["type"] == "update":
            merged = {**merged, **m["frame"]}
        else:
            continue
        out[merged["step_index"]] = json.dumps(merged, sort_keys=True)
    return out


def _click_if_my_turn(page) -> bool:
    """Click the first move the board offers when it is this page's turn."""
    board = page.locator(".nbg").first
    if "Your move" not in board.locator(".nbg-status").inner_text():
        return False
    target = board.locator("[data-aid]").first
    if not target.count():
        return False
    step = page.evaluate("document.body.dataset.step")
    target.click()
    h.until(page, f"document.body.dataset.step !== {json.dumps(step)} || "
            "!document.querySelector('.nbg-error').hidden", timeout=20)
    err = page.locator(".nbg-error:not([hidden]) .nbg-error-text")
    assert not err.count(), err.first.inner_text()
    return True


def test_two_browsers_and_a_python_bot_play_one_game(browser, host, artifacts):
    game = nbgames.load(TITLE, 3)
    hst = host(game, ["human", "human", "human"], seed=8_675_309_123_457)
    pages = [_open(browser, hst.link(0)), _open(browser, hst.link(1))]
    bot = nbgames.join(hst.link(2), policy="greedy")
    try:
        for seat, page in enumerate(pages):
            assert page.evaluate("document.body.dataset.seat") == str(seat)
            assert f"you are player {seat}" in page.inner_text("#nbg-who")
        h.save_screenshot(pages[0], "net-01-seat0-start.png", artifacts)
        clicks = [0, 0]
        for _ in range(2000):
            if hst.over():
                break
            moved = False
            for i, page in enumerate(pages):
                if _click_if_my_turn(page):
                    clicks[i] += 1
                    moved = True
            if not moved:
                pages[0].wait_for_timeout(30)
        assert hst.over(), "the game did not end"
        assert bot.wait(60)["moves"] > 0 and min(clicks) > 0
        for page in pages:
            h.until(page, "document.querySelector('.nbg-status').textContent"
                          ".startsWith('Game over')", timeout=20)
        h.save_screenshot(pages[1], "net-02-seat1-game-over.png", artifacts)
        record = hst.record()
        final = nbgames.replay(record)
        assert final.is_terminal() and record["scores"] == final.scores()
        shown = [int(x) for x in pages[0].locator(".nbg-seat-table tbody td.nbg-num")
                 .all_inner_texts()]
        assert shown == record["scores"]
        # each page saw only its own seat ...
        for seat, page in enumerate(pages):
            views = [json.loads(p) for p in page.received]
            frames = [m["frame"]["view"] for m in views if m["type"] in ("welcome", "update")
                      and "view" in m.get("frame", {})]
            assert frames and all(v["seat"] == seat for v in frames)
            assert str(record["seed"]) not in "".join(page.received), "the seed reached a page"
            assert not page.problems, page.problems
        assert all(v["seat"] == 2 for m in bot.client.received if m["type"] in ("welcome", "update")
                   for v in [m["frame"].get("view", {"seat": 2})])
        # ... and nothing that differs across determinized copies of that seat
        for seat, page in enumerate(pages):
            got = _merged_by_step(page.received)
            steps = sorted(got)
            picked = steps[:: max(1, len(steps) // 5)] + [steps[-1]]
            copies = [(k, nbgames.replay(record, upto=k).determinize(seat, random.Random(k)))
                      for k in picked]
            twin = host([c for _, c in copies], seats=["human"] * 3)
            for i, (k, _) in enumerate(copies):
                c = nbgames.net.client.Client(twin.link(seat, table=i), reconnect=0)
                assert json.dumps({**c.static, **c.frame}, sort_keys=True) == got[k], (seat, k)
                c.close()
    finally:
        bot.close()
        for page in pages:
            page.close()


@pytest.mark.parametrize("title", TITLES)
def test_the_join_page_draws_every_board_from_the_host(browser, host, title):
    game = nbgames.load(title, 2)
    hst = host(game, ["human", "greedy"], seed=3)
    page = _open(browser, hst.link(0))
    try:
        root = page.locator("#nbg-root")
        assert root.locator(".nbg").count() == 1 and page.evaluate(
            "document.getElementById('nbg-root').querySelectorAll('*').length") > 20
        assert "Your move" in root.locator(".nbg-status").inner_text()
        offered = {int(a) for a in page.evaluate(
            "[...document.querySelectorAll('#nbg-root [data-aid]')].map(e => e.dataset.aid)")}
        assert offered and offered <= set(hst.state().legal_action_ids())
        # the session controls are the host's: hidden on a seat's page
        assert not page.locator("[data-key='ctl-new']").is_visible()
        assert not page.locator("[data-key='ctl-undo']").is_visible()
        assert page.locator(".nbg-seat-table").is_visible()
        # the spectator's page shows the public board and offers no move
        spect = _open(browser, hst.spectator_link())
        assert spect.evaluate("document.body.dataset.seat") == "spectator"
        assert spect.locator("#nbg-root [data-aid]").count() == 0
        assert not page.problems and not spect.problems, page.problems + spect.problems
        spect.close()
    finally:
        page.close()


def test_a_second_page_of_a_link_and_a_reconnect(browser, host):
    hst = host(nbgames.load(TITLE, 2), ["human", "greedy"], seed=4, per_link=1)
    first = _open(browser, hst.link(0))
    second = _open(browser, hst.link(0))
    try:
        h.until(first, "document.getElementById('nbg-conn').textContent"
                       ".includes('another window')", timeout=15)
        # the host drops the second page's connection: it reconnects and gets its view back
        step = second.evaluate("document.body.dataset.step")
        for c in list(hst.tables[0].conns):   # in the host's loop: transports are not thread-safe
            hst._loop.call_soon_threadsafe(c.ws.transport.abort)
        for _ in range(400):
            if sum('"type":"welcome"' in p for p in second.received) >= 2:
                break
            second.wait_for_timeout(50)
        assert sum('"type":"welcome"' in p for p in second.received) == 2
        h.until(second, "document.getElementById('nbg-conn').textContent === 'connected'",
                timeout=20)
        assert second.evaluate("document.body.dataset.step") == step
        assert _click_if_my_turn(second)
    finally:
        first.close()
        second.close()


def _connections(page):
    opened = []
    page.on("websocket", lambda ws: opened.append(ws.url))
    return opened


@pytest.mark.parametrize("how", ["played to the end", "ended by the host"])
def test_after_the_game_the_closed_host_is_named_and_not_retried(browser, host, how):
    """When the game is over and the host stops, the page says so and does not try
    to reconnect (before: "connection lost; reconnecting… (try 6)" for ever). A
    spectator watches two bots play to the end; a seat's page sees the host end
    its game."""
    if how == "played to the end":
        hst = host(nbgames.load(TITLE, 2), ["greedy", "greedy"], seed=5)
        link = hst.spectator_link()
    else:
        hst = host(nbgames.load(TITLE, 2), ["human", "greedy"], seed=5)
        link = hst.link(0)
    page = _open(browser, link)
    opened = _connections(page)
    try:
        if how == "played to the end":
            assert hst.wait(60)
            h.until(page, "document.querySelector('.nbg-status').textContent"
                          ".startsWith('Game over')", timeout=20)
        else:
            hst.end()
            h.until(page, "document.body.dataset.ended === '1'", timeout=20)
        hst.close()
        h.until(page, "document.body.dataset.closed === 'over'", timeout=20)
        said = page.inner_text("#nbg-conn")
        page.wait_for_timeout(1500)            # a retry would have come after 0.5 s
        assert not opened, f"the page tried to reconnect: {opened}"
        assert page.inner_text("#nbg-conn") == said
        assert ("ended this game" if how == "ended by the host" else "game is over") in said
        assert "reconnecting" not in said and not page.problems, page.problems
    finally:
        page.close()
