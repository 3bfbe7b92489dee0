"""Issue 24: a title's page of the built documentation site, in Chromium: the page
embeds the title's exported game, which replays with no kernel; its scrubber and its
step button move the board. The site is served on 127.0.0.1 as a web host would serve
it, and the page asks for nothing from anywhere else. Screenshots of every title page
go to tests/artifacts/docs-<title>-*.png."""

from __future__ import annotations

import functools
import http.server
import threading

import nbg_harness as h
import pytest

import nbgames


@pytest.fixture(scope="module")
def site_url(docs_site):
    folder, proc, _ = docs_site
    assert proc.returncode == 0, proc.stderr[-4000:]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", h.free_port()), functools.partial(Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("title", nbgames.games())
def test_a_title_page_replays_its_game_in_the_page(browser, site_url, artifacts, title):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    # (Chromium asks every host for /favicon.ico, which the site does not have)
    page.on("response", lambda r: problems.append(f"{r.status}: {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
    page.on("console", lambda m: problems.append(f"console: {m.text}")
            if m.type == "error" and "status of 404" not in m.text else None)
    page.on("request", lambda r: problems.append(f"request: {r.url}")
            if not r.url.startswith((site_url, "blob:", "data:", "about:")) else None)
    try:
        page.goto(f"{site_url}/titles/{title}.html")
        assert nbgames.load(title).name in page.inner_text("h1")
        page.screenshot(path=str(artifacts / f"docs-{title}-page.png"), full_page=True)
        iframe = page.locator("iframe.nbg-replay")
        assert iframe.count() == 1
        iframe.scroll_into_view_if_needed()
        board = page.frame_locator("iframe.nbg-replay")
        board.locator("body[data-ready='1']").wait_for(timeout=20_000)
        frame = next(f for f in page.frames if f.url.endswith(f"/replays/{title}.html"))
        assert frame.locator("input[type=range]").count() == 1, "one scrubber: the board's"
        last = int(frame.get_attribute(".nbg .nbg-scrub", "max"))
        assert last > 5 and frame.evaluate("document.body.dataset.step") == str(last)
        end_html = frame.inner_html("#nbg-root")
        assert "Game over" in frame.inner_text("#nbg-root")
        # drag the scrubber to the start: the board changes to the first position
        h.scrub_to(frame, 0)
        assert frame.inner_text(".nbg .nbg-steptext") == f"step 0 / {last}"
        assert frame.inner_html("#nbg-root") != end_html
        start_html = frame.inner_html("#nbg-root")

        def fitted():
            """Wait until the frame has taken its board's height at this step: the page
            moves when it does (the page's scroll is clamped to its new height), and a
            click aimed before that landed elsewhere once (CI, both cores busy)."""
            h.until(page, "(() => { const f = document.querySelector('iframe.nbg-replay');"
                          " return Math.abs(f.getBoundingClientRect().height"
                          " - f.contentDocument.documentElement.scrollHeight) <= 8; })()")

        # two steps forward with the board's own control
        for step in (1, 2):
            fitted()
            board.locator("[data-key='ctl-fwd']").click()
            h.until(frame, f"document.body.dataset.step === '{step}'")
        assert frame.inner_html("#nbg-root") != start_html
        assert frame.input_value(".nbg .nbg-scrub") == "2"
        # the frame took the height of its board (the page scrolls, not the frame)
        inner = frame.evaluate("document.documentElement.scrollHeight")
        outer = iframe.evaluate("e => e.getBoundingClientRect().height")
        assert abs(outer - inner) <= 8, (outer, inner)
        # the page scrolls to put the board at its top; each poll scrolls again by what
        # is left, since a late layout change (the frame fitting its board) can move it
        page.wait_for_function("""() => {
            const top = document.querySelector('iframe.nbg-replay').getBoundingClientRect().top;
            if (Math.abs(top - 16) < 2) return true;
            window.scrollBy({top: top - 16, behavior: 'instant'});
            return false;
        }""", polling=100)
        page.screenshot(path=str(artifacts / f"docs-{title}-replay.png"))
        assert not problems, problems
    finally:
        context.close()
