"""The widget in marimo (``mo.ui.anywidget``), in Chromium: a marimo app with
one board a title is served by ``marimo run``; every board renders and a click
on a legal move is applied by Python (the step counter moves on). Skipped when
marimo is not installed (it is not in the test extra, see the README)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import nbgames

pytest.importorskip("marimo")
sys.path.insert(0, str(Path(__file__).resolve().parent))
import nbg_harness as h  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TITLES = nbgames.games()

APP = '''import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    import nbgames
    return mo, nbgames
'''

CELL = '''

@app.cell
def _(mo, nbgames):
    board_{i} = mo.ui.anywidget(nbgames.widget({title!r}, players=2, seats=["human", "greedy"], seed=3))
    board_{i}
    return (board_{i},)
'''


@pytest.fixture(scope="module")
def marimo_url(browser, tmp_path_factory):
    folder = tmp_path_factory.mktemp("marimo")
    app = folder / "boards.py"
    app.write_text(APP + "".join(CELL.format(i=i, title=t) for i, t in enumerate(TITLES)))
    port = h.free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    log = open(folder / "marimo.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "marimo", "run", str(app), "--headless",
                             "--host", "127.0.0.1", "--port", str(port), "--no-token"],
                            env=env, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"marimo exited: {(folder / 'marimo.log').read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.25)
    yield url
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


def test_every_board_renders_in_marimo_and_a_click_is_applied(browser, marimo_url):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(marimo_url)
        boards = page.locator(".nbg")
        page.wait_for_function("() => document.querySelector('marimo-anywidget') !== null",
                               timeout=60_000)
        deadline = time.monotonic() + 90
        while boards.count() < len(TITLES) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert boards.count() == len(TITLES)
        names = [boards.nth(i).locator(".nbg-header").inner_text() for i in range(len(TITLES))]
        for title, text in zip(TITLES, names):
            assert nbgames.load(title).name in text
        for i in range(len(TITLES)):
            board = boards.nth(i)
            step = board.locator(".nbg-steptext")
            before = step.inner_text()
            legal = board.locator("[data-aid]")
            assert legal.count() > 0, f"{TITLES[i]}: no legal move on the board"
            legal.first.click()
            page.wait_for_function(
                "([el, before]) => el.textContent !== before",
                arg=[step.element_handle(), before], timeout=20_000)
            assert step.inner_text().startswith("step ") and step.inner_text() != before
        assert not errors, errors
    finally:
        page.close()
