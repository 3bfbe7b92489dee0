"""A real Jupyter server and a real Chromium, for the end-to-end tests and for
bench/widget.py. Plain functions; tests/browser/conftest.py wraps them in
fixtures.

No network: Chromium is Debian's /usr/bin/chromium (playwright cannot download
its own), JupyterLab's news and update checks are off, and the server listens on
127.0.0.1 with a token.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = os.environ.get("NBGAMES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-dev-shm-usage"]
TOKEN = "nbgames-e2e-token"


def chromium_available() -> bool:
    return Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A minimal nbformat-4 notebook of code cells, with the python3 kernel."""
    nb = {
        "cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                   "outputs": [], "source": src} for i, src in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb, indent=1))
    return path


class Server:
    """``jupyter lab`` or ``jupyter notebook`` (Notebook 7) in a private config."""

    def __init__(self, kind: str, root: Path, home: Path):
        self.kind, self.root, self.home = kind, root, home
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = home / f"{kind}-server.log"
        self.proc = None

    def start(self, timeout: float = 90.0) -> Server:
        settings = self.home / "lab-settings"
        settings.mkdir(parents=True, exist_ok=True)
        if self.kind == "lab":
            notif = settings / "@jupyterlab" / "apputils-extension"
            notif.mkdir(parents=True, exist_ok=True)
            (notif / "notification.jupyterlab-settings").write_text(
                json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        env = dict(os.environ)
        env.update({
            "JUPYTER_CONFIG_DIR": str(self.home / "config"),
            "JUPYTER_RUNTIME_DIR": str(self.home / "runtime"),
            "JUPYTERLAB_SETTINGS_DIR": str(settings),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.home / "workspaces"),
            "IPYTHONDIR": str(self.home / "ipython"),
            "JUPYTER_PLATFORM_DIRS": "1",
            "PYTHONUNBUFFERED": "1",
        })
        if self.kind == "lab":
            extra = ["--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
                     "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                     "--LabApp.extension_manager=readonly"]
        else:
            extra = ["--JupyterNotebookApp.expose_app_in_browser=True"]
        cmd = [sys.executable, "-m", "jupyter", self.kind, "--no-browser", "--allow-root",
               f"--port={self.port}", "--ServerApp.ip=127.0.0.1",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={TOKEN}",
               f"--ServerApp.root_dir={self.root}", *extra]
        self._log = open(self.log_path, "w")
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     cwd=self.root)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyter {self.kind} exited with {self.proc.returncode}; "
                                   f"log:\n{self.log_path.read_text()[-3000:]}")
            try:
                req = urllib.request.Request(f"{self.url}/api/status",
                                             headers={"Authorization": f"token {TOKEN}"})
                with urllib.request.urlopen(req, timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"jupyter {self.kind} did not start in {timeout}s; log:\n"
                           f"{self.log_path.read_text()[-3000:]}")

    def notebook_url(self, name: str) -> str:
        if self.kind == "lab":      # a fresh workspace: no tabs left from an earlier test
            return f"{self.url}/lab/tree/{name}?reset&token={TOKEN}"
        return f"{self.url}/notebooks/{name}?token={TOKEN}"

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        if getattr(self, "_log", None):
            self._log.close()


def launch_browser(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                      headless=True)


# -- in-page helpers (JupyterLab and Notebook 7 share the application API) -----------

KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}"""


def open_notebook(page, server: Server, name: str, timeout: float = 60_000):
    page.goto(server.notebook_url(name))
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)


def run_all(page, timeout: float = 60_000):
    """Run every cell, then wait for the kernel to be idle again."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_timeout(200)
    page.wait_for_function(KERNEL_IDLE, timeout=timeout)


def execute(page, code: str, timeout: float = 30_000):
    """Run code in the notebook's kernel (not in a cell); wait until it is done."""
    return page.evaluate("""async (code) => {
      const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
      const f = k.requestExecute({code, stop_on_error: true});
      let error = null;
      f.onIOPub = (msg) => {
        if (msg.header.msg_type === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
      };
      await f.done;
      return error;
    }""", code)


def wait_for_sync(page, root_selector: str, step_before: str, timeout: float = 20_000):
    """Wait until the board shows another step (Python synced back) or an error;
    an error shown in the widget fails."""
    page.wait_for_function(
        """([sel, s]) => { const r = document.querySelector(sel);
             const e = r && r.querySelector('.nbg-steptext');
             const err = r && r.querySelector('.nbg-error');
             return (e && e.textContent !== s) || (err && !err.hidden); }""",
        arg=[root_selector, step_before], timeout=timeout)
    err = page.locator(f"{root_selector} .nbg-error:not([hidden]) .nbg-error-text")
    if err.count():
        raise AssertionError(f"the widget shows an error: {err.first.inner_text()}")


def board_aids(page, root_selector: str = ".nbg") -> list[int]:
    """The action ids the board offers right now: its ``data-aid`` elements."""
    return page.evaluate("(sel) => [...document.querySelector(sel).querySelectorAll('[data-aid]')]"
                         ".map((e) => Number(e.getAttribute('data-aid')))", root_selector)


def play_by_clicking(page, root_selector: str = ".nbg", max_clicks: int = 400,
                     keyboard_every: int = 5, on_click=None, kernel_root: Path | None = None,
                     check_every: int = 10) -> int:
    """Play the viewer's seat to the end, for any title, by clicking the board's
    ``data-aid`` elements (every element that plays a legal action carries one):
    the first one each turn; every ``keyboard_every``-th move by keyboard (focus,
    then Enter) when that element is a button. With ``kernel_root`` (the Jupyter
    root), every ``check_every``-th move also checks in the kernel that every
    ``data-aid`` on the board is one of the synced legal ids (``w.legal_ids``).
    Returns the number of moves made. Fails on any error shown in the widget."""
    root = page.locator(root_selector).first
    clicks = 0
    while clicks < max_clicks:
        if root.locator(".nbg-status.nbg-over").count():
            return clicks
        target = root.locator("[data-aid]").first
        target.wait_for(state="visible", timeout=20_000)
        if kernel_root is not None and clicks % check_every == 0:
            legal = set(kernel_json(page, kernel_root, "w.legal_ids", "harness_legal.json"))
            shown = set(board_aids(page, root_selector))
            assert shown and shown <= legal, (sorted(shown - legal)[:5], len(legal))
        step = root.locator(".nbg-steptext").inner_text()
        if on_click:
            on_click(clicks)
        is_button = target.evaluate("(e) => e.tagName === 'BUTTON'")
        if keyboard_every and clicks % keyboard_every == keyboard_every - 1 and is_button:
            target.focus()
            page.keyboard.press("Enter")
        else:
            target.click()
        clicks += 1
        wait_for_sync(page, root_selector, step)
    raise AssertionError(f"the game did not end within {max_clicks} moves")


def save_screenshot(page, name: str, folder: Path | None = None) -> Path:
    folder = folder or Path(__file__).resolve().parents[1] / "artifacts"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path), full_page=False)
    return path


def cleanup(path: Path):
    shutil.rmtree(path, ignore_errors=True)


def kernel_json(page, root: Path, expr: str, name: str):
    """Evaluate ``expr`` in the notebook's kernel and return it (through a file)."""
    err = execute(page, f"import json; json.dump({expr}, open({name!r}, 'w'))")
    assert err is None, err
    return json.loads((root / name).read_text())


def final_record(page, root: Path, name: str, *, title: str, players: int, seed: int,
                 human_moves: int, extra: str = "") -> dict:
    """The kernel's final state after a game played by clicking, checked: over, no
    error, the record replays to its scores, and seat 0 (the human) made exactly
    ``human_moves`` decisions. Returns the kernel's answer (``record`` and extras)."""
    import nbgames
    result = kernel_json(page, root, "{'record': w.state.record(), 'terminal': "
                         "w.state.is_terminal(), 'error': w.error" + extra + "}", name)
    assert result["terminal"] and result["error"] == ""
    record = result["record"]
    assert record["seed"] == seed and record["players"] == players
    final = nbgames.replay(record)                  # the record is consistent
    assert final.is_terminal() and final.scores() == record["scores"]
    state, human = nbgames.load(title, players=players).new_state(seed=seed), 0
    for aid in record["actions"]:                   # every seat-0 decision was a click
        human += state.current_player == 0
        state.apply(aid)
    assert human == human_moves
    return result



def ask_for_hint(page, root: Path, root_selector: str = ".nbg", timeout: float = 60_000) -> dict:
    """Click the shared Hint button and wait until the heat is on the board; check
    that every painted ``data-aid`` element carries the kernel's share for that id
    (``w.hints``), that the best one is marked and that hovering shows the numbers.
    Returns the kernel's hints."""
    board = page.locator(root_selector).first
    btn = board.locator('button[data-key="ctl-hint"]')
    assert btn.is_visible() and btn.is_enabled(), "the Hint button is there on the human's turn"
    btn.click()
    board.locator(".nbg-hinted").first.wait_for(timeout=timeout)
    hints = kernel_json(page, root, "w.hints", "harness_hints.json")
    assert hints["status"] == "done"
    painted = page.evaluate(
        "(sel) => [...document.querySelector(sel).querySelectorAll('.nbg-hinted')].map((e) => "
        "[e.getAttribute('data-aid'), Number(e.getAttribute('data-hint-share')), e.getAttribute('title'), "
        "e.classList.contains('nbg-hint-best'), getComputedStyle(e).outlineStyle])", root_selector)
    assert painted, "no board element was painted"
    best = max(m["share"] for m in hints["moves"].values())
    for aid, share, title, is_best, outline in painted:
        assert aid in hints["moves"] and share == hints["moves"][aid]["share"], (aid, share)
        assert f"{round(100 * share)}% of the search" in title and "visits" in title
        assert is_best == (share == best)
        assert outline != "none", "the heat is drawn (outline)"
    assert board.locator(".nbg-hints li").count() >= 1, "the hint panel lists the top moves"
    return hints


def play_the_hint(page, root_selector: str = ".nbg"):
    """Click the best painted move; the move clears the heat."""
    board = page.locator(root_selector).first
    step = board.locator(".nbg-steptext").inner_text()
    board.locator(".nbg-hint-best").first.click()
    wait_for_sync(page, root_selector, step)
    page.wait_for_function(
        "(sel) => !document.querySelector(sel).querySelector('.nbg-hinted')", arg=root_selector,
        timeout=20_000)


def until(frame, expression: str, timeout: float = 15.0) -> None:
    """Wait until the JS ``expression`` is true in a page or frame, polled from
    Python. Pages under a Content Security Policy without 'unsafe-eval' (the
    exported replay, a network seat's page) refuse the eval that Playwright's own
    wait_for_function polls with: it fails whenever its first check comes early."""
    end = time.monotonic() + timeout
    while not frame.evaluate(expression):
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {expression}")
        time.sleep(0.05)


def scrub_to(frame, step: int, timeout: float = 15.0) -> None:
    """Move the board's history slider (the shell's scrubber, the only one on an
    exported page) to ``step`` as a drag ends (its value, then ``change``) and wait
    until the page shows that step (``body[data-step]``)."""
    frame.fill(".nbg .nbg-scrub", str(step))
    frame.dispatch_event(".nbg .nbg-scrub", "change")
    until(frame, f"document.body.dataset.step === '{step}'", timeout)
    frame.evaluate("document.activeElement && document.activeElement.blur()")   # no focus ring in screenshots


# Nothing in an element is cut off or covered (tests/browser/test_board_layout_e2e.py, the
# hint tests): called with a CSS selector, returns a list of problems. For every visible
# element that holds text of its own (a name, a number, a label): its text fits its box
# (``scrollWidth <= clientWidth``, and the height unless the box scrolls on purpose), no
# ancestor's clip hides it (unless it is scrolled out of view in a scroll box, the log),
# and no other element lies on top of it (``elementFromPoint`` at the text's centre).
# No box scrolls sideways (a table wider than its panel: its Total column cut off).
LAYOUT_CHECK = """(sel) => {
  const root = document.querySelector(sel);
  const problems = [];
  // hit-test decorations too (pointer-events: none would hide them from elementFromPoint)
  const probe = document.createElement('style');
  probe.textContent = `${sel}, ${sel} * { pointer-events: auto !important; }`;
  document.head.appendChild(probe);
  const own = (el) => [...el.childNodes].filter((n) => n.nodeType === 3)
    .map((n) => n.textContent).join('').replace(/\\s+/g, ' ').trim();
  const describe = (el) => {
    const cls = (el.getAttribute('class') || '').split(/\\s+/).filter(Boolean).slice(0, 2).join('.');
    const text = (el.textContent || '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text}"`;
  };
  // the ancestor that hides the point (x, y) of el, if any: a box with overflow other
  // than visible whose rectangle leaves the point out
  const clipper = (el, x, y) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) return a;
    }
    return null;
  };
  const scrollsDown = (a) => /(auto|scroll)/.test(getComputedStyle(a).overflowY)
    && a.scrollHeight > a.clientHeight + 1;
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const st = getComputedStyle(el);
    if (/(auto|scroll)/.test(st.overflowX) && el.scrollWidth > el.clientWidth + 1 && st.display !== 'none'
        && !el.closest('[hidden]')) {
      problems.push(`${describe(el)}: scrolls sideways, its content is wider than its box `
        + `(${el.scrollWidth} > ${el.clientWidth})`);
    }
  }
  for (const el of root.querySelectorAll('*')) {
    const text = own(el);
    if (!text) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) === 0) continue;
    if (el.closest('[hidden]') || el.closest('details:not([open]) > :not(summary)')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const scrolls = /(auto|scroll)/.test(cs.overflowX + cs.overflowY);
    const control = ['SELECT', 'INPUT', 'TEXTAREA', 'OPTION'].includes(el.tagName);
    if (cs.display !== 'inline' && !scrolls && !control) {
      if (el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${describe(el)}: text wider than its box (${el.scrollWidth} > ${el.clientWidth})`);
      } else if (el.scrollHeight > el.clientHeight + 1 && cs.overflowY !== 'visible') {
        problems.push(`${describe(el)}: text taller than its box (${el.scrollHeight} > ${el.clientHeight})`);
      }
    }
    // covered? the centre of the element's own text must hit the element itself
    const range = document.createRange();
    const node = [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const clip = clipper(el, x, y);
    if (clip && scrollsDown(clip)) continue;     // scrolled out of view in a scroll box (the log)
    if (clip) {
      problems.push(`${describe(el)}: cut off by ${describe(clip)}`);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) {
      problems.push(`${describe(el)}: covered by ${describe(hit)}`);
    }
  }
  probe.remove();
  return problems;
}"""


def layout_problems(frame, selector: str) -> list[str]:
    """What is cut off or covered inside ``selector`` (see LAYOUT_CHECK); [] when nothing."""
    return frame.evaluate(LAYOUT_CHECK, selector)


def fit_column(page, width: int = 960, selector: str = ".nbg") -> float:
    """Resize the window until the board (``selector``) is ``width`` px wide: a
    JupyterLab notebook column on a laptop. Returns the width reached."""
    got = page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().width", selector)
    for _ in range(4):
        if abs(got - width) < 1:
            break
        size = page.viewport_size
        page.set_viewport_size({"width": int(round(size["width"] + width - got)), "height": size["height"]})
        page.wait_for_timeout(150)
        got = page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().width", selector)
    return got


def check_hint_panel(page, artifacts: Path, name: str, advisor: str, root_selector: str = ".nbg") -> str:
    """The hint panel as a person reads it in a 960 px column (issue 32): nothing in it
    cut off or covered (LAYOUT_CHECK), its title names the advisor as written (not
    upper-cased), it says what the order of its rows means, and no row lists itself
    again inside (a move with no fields, "done"). Saves the panel to
    ``artifacts/<name>``; returns the panel's text."""
    panel = f"{root_selector} .nbg-hints"
    assert abs(fit_column(page, 960, root_selector) - 960) < 1
    box = page.locator(panel).first
    box.scroll_into_view_if_needed()
    problems = layout_problems(page, panel)
    assert not problems, problems
    title = box.locator("h4").inner_text()            # innerText applies text-transform
    assert f"({advisor})" in title, title
    order = box.locator('[data-testid="hint-order"]').inner_text()
    assert order.startswith("Most searched first: the advisor plays the top move."), order
    rows = page.evaluate("""(sel) => [...document.querySelectorAll(sel + ' ol.nbg-hint-list > li')]
      .map((li) => ({
        head: [...li.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim(),
        value: (li.querySelector(':scope > .nbg-muted') || {}).textContent || '',
        subs: [...li.querySelectorAll('ul.nbg-hint-sub > li')].map((x) => x.textContent) }))""", panel)
    for r in rows:
        assert all(not sub.startswith(r["head"]) for sub in r["subs"]), f"a row listed again inside: {r}"
    wins = [int(m.group(1)) for r in rows if (m := re.search(r"wins (\d+)%", r["value"]))]
    if len(wins) > 1 and max(wins[1:]) > wins[0]:
        assert "searched less can show a higher win chance" in order, (wins, order)
    box.screenshot(path=str(artifacts / name))
    return box.inner_text()

