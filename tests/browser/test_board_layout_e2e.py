"""Nothing on a board is cut off or covered: every title at its smallest and its
largest player count, mid-game and at the end, drawn in Chromium for seat 0 from
an exported game (the same module and CSS the widget loads; no kernel needed).

For every visible element that holds text of its own (a name, a number, a
label): its text must fit its box (``scrollWidth <= clientWidth`` and the same for
the height, unless the element is a scroll box on purpose), and no other element
may lie on top of it (``elementFromPoint`` at the text's centre is the element or
inside it). The screenshots go to ``tests/artifacts/boards/`` with a
``layout.json`` of the board heights."""

from __future__ import annotations

import json

import nbg_harness as h
import pytest

import nbgames
from nbgames.widget.export import record_html

WIDTH = 1000            # about a JupyterLab notebook's output area on a laptop

CHECK = """() => {
  const root = document.getElementById('nbg-root');
  const problems = [];
  // hit-test decorations too (pointer-events: none would hide them from elementFromPoint)
  const probe = document.createElement('style');
  probe.textContent = '#nbg-root, #nbg-root * { pointer-events: auto !important; }';
  document.head.appendChild(probe);
  const own = (el) => [...el.childNodes].filter((n) => n.nodeType === 3)
    .map((n) => n.textContent).join('').replace(/\\s+/g, ' ').trim();
  const describe = (el) => {
    const cls = (el.getAttribute('class') || '').split(/\\s+/).filter(Boolean).slice(0, 2).join('.');
    const text = (el.textContent || '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text}"`;
  };
  const clippedAway = (el, x, y) => {
    for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) return true;
    }
    return false;
  };
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
    if (clippedAway(el, x, y)) continue;      // scrolled out of a scroll box (the log)
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== el && !el.contains(hit) && !hit.contains(el)) {
      problems.push(`${describe(el)}: covered by ${describe(hit)}`);
    }
  }
  probe.remove();
  return problems;
}"""


def _cases():
    for title in nbgames.games():
        g = nbgames.load(title)
        for n in sorted({g.min_players, g.max_players}):
            yield title, n


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layout")
    out = {}
    for title, n in _cases():
        rec = nbgames.play(nbgames.load(title, n), ["greedy"] * n, seed=3)
        path = folder / f"{title}-{n}.html"
        path.write_text(record_html(rec, viewer=0), encoding="utf-8")
        out[title, n] = (path, len(rec["actions"]))
    return out


@pytest.mark.parametrize("title,players", list(_cases()))
def test_nothing_on_the_board_is_cut_off_or_covered(browser, pages, artifacts, title, players):
    path, n = pages[title, players]
    page = browser.new_page(viewport={"width": WIDTH, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(path.as_uri())
        page.wait_for_selector("body[data-ready='1']", timeout=15_000)
        folder = artifacts / "boards"
        folder.mkdir(parents=True, exist_ok=True)
        found, heights = {}, {}
        for when, step in (("mid", n // 2), ("end", n)):
            page.fill("#nbg-range", str(step))
            page.dispatch_event("#nbg-range", "input")
            h.until(page, f"document.body.dataset.step === '{step}'")
            height = page.evaluate("document.documentElement.scrollHeight")
            page.set_viewport_size({"width": WIDTH, "height": height})   # every element on screen
            page.screenshot(path=str(folder / f"{title}-{players}p-{when}.png"), full_page=True)
            heights[when] = page.evaluate("document.getElementById('nbg-root').scrollHeight")
            found[when] = page.evaluate(CHECK)
            page.set_viewport_size({"width": WIDTH, "height": 900})
        # at the end nothing is left to play: the Play button is disabled and looks it
        # (grey, not the accent colour a little paler)
        play = page.evaluate("""() => { const b = document.querySelector('#nbg-root [aria-label="play"]');
            const c = getComputedStyle(b).backgroundColor.match(/[\\d.]+/g).map(Number);
            const opacity = Number(getComputedStyle(b).opacity);
            return {disabled: b.disabled, rgb: c.slice(0, 3), opacity}; }""")
        assert play["disabled"], play
        # a recorded game offers no "New game" (it only said "This is a recorded game")
        assert not page.is_visible('#nbg-root [data-key="ctl-new"]')
        r, g, b = play["rgb"]
        assert max(r, g, b) - min(r, g, b) <= 30 and play["opacity"] == 1, f"Play looks active: {play}"
        layout = folder / "layout.json"
        record = json.loads(layout.read_text()) if layout.exists() else {}
        record[f"{title}-{players}p"] = heights
        layout.write_text(json.dumps(record, indent=1, sort_keys=True))
        assert not errors, errors
        assert not found["mid"] and not found["end"], json.dumps(found, indent=1)
    finally:
        page.close()
