"""Measure the widget in a real browser: bytes synced per update, click-to-rendered
latency and first-render time.

    python bench/widget.py                 # the title's bench player counts, prints medians
    python bench/widget.py --title TITLE --players 7 --json bench/out/widget.json

JupyterLab runs on 127.0.0.1 in a private config, Debian's Chromium plays whole
games of one title (``--title``, default the first of ``nbgames.games()``) by
clicking the board's ``data-aid`` elements (tests/browser/nbg_harness.py), and
we read:

* bytes per update: every kernel->browser websocket frame that carries a
  ``comm_msg`` with ``method: update`` (the whole frame: Jupyter's binary
  websocket protocol, headers included), and the JSON size of the synced trait
  state inside it;
* click-to-render: the front-end's ``performance.measure("nbgames:click-to-render")``
  from the click to the first animation frame after the new state is drawn;
* first render: the front-end's ``nbgames:first-render`` (widget JS start to first
  frame) and, wall clock, from "run all cells" to the first legal move on screen.

Targets (issue 3): median update <= 4 KB, median click-to-render <= 150 ms. These
are measurements, not test assertions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import nbg_harness as h  # noqa: E402


def _parts(payload: bytes) -> list[bytes]:
    """Split a frame of Jupyter's v1 binary websocket protocol into its parts."""
    n = struct.unpack_from("<Q", payload, 0)[0]
    offsets = list(struct.unpack_from(f"<{n}Q", payload, 8))
    return [payload[offsets[i]:offsets[i + 1] if i + 1 < n else len(payload)]
            for i in range(n)]


def update_sizes(payload) -> tuple[int, int] | None:
    """(frame bytes, synced state JSON bytes) of a widget update frame, else None."""
    if isinstance(payload, str):                      # the legacy JSON protocol
        if '"comm_msg"' not in payload:
            return None
        msg = json.loads(payload)
        content = msg.get("content", {})
        frame = len(payload.encode())
    else:
        if b"comm_msg" not in payload:
            return None
        try:
            parts = _parts(payload)
            header = json.loads(parts[1])
            if header.get("msg_type") != "comm_msg":
                return None
            content = json.loads(parts[4])
        except (struct.error, ValueError, IndexError):
            return None
        frame = len(payload)
    data = content.get("data", {})
    if data.get("method") != "update":
        return None
    return frame, len(json.dumps(data.get("state", {}), separators=(",", ":")))


def run(title: str, players: int, seed: int, browser, workdir: Path) -> dict:
    root = workdir / f"p{players}"
    root.mkdir(parents=True, exist_ok=True)
    seats = ", ".join(["\"human\""] + ["nbgames.bots.greedy"] * (players - 1))
    h.write_notebook(root / "bench.ipynb", [
        "import nbgames\n"
        f"w = nbgames.widget({title!r}, players={players}, seats=[{seats}], seed={seed})\n"
        "w"])
    server = h.Server("lab", root, workdir / f"home{players}").start()
    frames: list[tuple[int, int]] = []
    try:
        context = browser.new_context(viewport={"width": 1400, "height": 1050})
        page = context.new_page()

        def on_ws(ws):
            if "/api/kernels/" in ws.url:
                ws.on("framereceived", lambda payload: (s := update_sizes(payload)) and
                      frames.append(s))

        page.on("websocket", on_ws)
        h.open_notebook(page, server, "bench.ipynb")
        t0 = time.perf_counter()
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.locator(".nbg [data-aid]").first.wait_for(timeout=60_000)
        first_wall = (time.perf_counter() - t0) * 1000
        frames.clear()                                # count the updates of the game only
        clicks = h.play_by_clicking(page, keyboard_every=0)
        page.wait_for_timeout(300)                    # let the last measure land
        marks = page.evaluate("""() => ({
          click: performance.getEntriesByName('nbgames:click-to-render').map(e => e.duration),
          first: performance.getEntriesByName('nbgames:first-render').map(e => e.duration)})""")
        context.close()
    finally:
        server.stop()
    frame_bytes = [f for f, _ in frames]
    state_bytes = [s for _, s in frames]
    lat = marks["click"]
    return {
        "title": title, "players": players, "seed": seed, "clicks": clicks, "updates": len(frames),
        "update_frame_bytes": {"median": statistics.median(frame_bytes),
                               "p90": _pct(frame_bytes, 90), "max": max(frame_bytes)},
        "update_state_bytes": {"median": statistics.median(state_bytes),
                               "p90": _pct(state_bytes, 90), "max": max(state_bytes)},
        "click_to_render_ms": {"median": round(statistics.median(lat), 1),
                               "p90": round(_pct(lat, 90), 1), "max": round(max(lat), 1),
                               "n": len(lat)},
        "first_render_js_ms": round(marks["first"][0], 1) if marks["first"] else None,
        "first_render_wall_ms": round(first_wall, 1),
    }


def _pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def main(argv=None):
    import nbgames
    titles = nbgames.games()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--title", choices=titles, default=titles[0])
    ap.add_argument("--players", type=int, nargs="+", default=None,
                    help="player counts (default: the title's TitleSpec.bench_players)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = ap.parse_args(argv)
    players = args.players or list(nbgames.core.registry.spec(args.title).bench_players) or [2]
    if not h.chromium_available():
        sys.exit(f"Chromium not found at {h.CHROMIUM}")
    from playwright.sync_api import sync_playwright
    results = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = h.launch_browser(pw)
        for n in players:
            r = run(args.title, n, args.seed, browser, Path(tmp))
            results.append(r)
            print(f"{args.title}, {n} players: {r['clicks']} clicks, {r['updates']} updates | update bytes "
                  f"median {r['update_frame_bytes']['median']} (state JSON "
                  f"{r['update_state_bytes']['median']}), max {r['update_frame_bytes']['max']} | "
                  f"click-to-render median {r['click_to_render_ms']['median']} ms "
                  f"(p90 {r['click_to_render_ms']['p90']}) | first render "
                  f"{r['first_render_js_ms']} ms in JS, {r['first_render_wall_ms']} ms from "
                  f"run-all", flush=True)
        browser.close()
    ok_bytes = all(r["update_frame_bytes"]["median"] <= 4096 for r in results)
    ok_lat = all(r["click_to_render_ms"]["median"] <= 150 for r in results)
    print(f"targets: median update <= 4 KB: {'met' if ok_bytes else 'MISSED'}; "
          f"median click-to-render <= 150 ms: {'met' if ok_lat else 'MISSED'}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1))
    return results


if __name__ == "__main__":
    main()
