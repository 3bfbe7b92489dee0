"""Shared fixtures of the real-browser tests: a JupyterLab and a Notebook 7
server (127.0.0.1, token, private config, a temp root with generated notebooks)
and Debian's Chromium through playwright-python.

With CI=true a missing Chromium (or playwright) is a failure; otherwise these
tests are skipped.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import nbg_harness as h  # noqa: E402

CI = os.environ.get("CI") == "true"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

def _need(what: str, ok: bool):
    if ok:
        return
    if CI:
        pytest.fail(f"{what} is required for the browser tests when CI=true", pytrace=False)
    pytest.skip(f"{what} is not available")


@pytest.fixture(scope="session")
def browser():
    _need(f"Chromium at {h.CHROMIUM}", h.chromium_available())
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("playwright (python)", False)
    pw = sync_playwright().start()
    b = h.launch_browser(pw)
    yield b
    b.close()
    pw.stop()


@pytest.fixture(scope="session")
def jupyter_root(tmp_path_factory):
    """The servers' root folder; each test module writes the notebooks it opens
    (h.write_notebook) before opening them."""
    return tmp_path_factory.mktemp("nbroot")


def _server(kind, root, tmp_path_factory):
    server = h.Server(kind, root, tmp_path_factory.mktemp(f"{kind}-home"))
    server.start()
    return server


@pytest.fixture(scope="session")
def lab_server(browser, jupyter_root, tmp_path_factory):
    server = _server("lab", jupyter_root, tmp_path_factory)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def notebook_server(browser, jupyter_root, tmp_path_factory):
    server = _server("notebook", jupyter_root, tmp_path_factory)
    yield server
    server.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1050})
    pg = context.new_page()
    # Errors of our front-end: uncaught errors thrown from the widget's module (anywidget
    # loads it from a blob: URL) and console errors naming anywidget or nbgames. (Notebook
    # 7.6 itself logs a settings-schema TypeError on load; that one is not ours.)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)) if "blob:" in (e.stack or "") else None)
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" and any(
        w in m.text.lower() for w in ("anywidget", "nbg", "blob:")) else None)
    pg.js_errors = errors
    yield pg
    context.close()


@pytest.fixture
def artifacts():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
