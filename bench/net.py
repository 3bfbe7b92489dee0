"""The classroom host under load: action-to-update latency for remote clients
(median and p95) and how many clients and tables one host holds.

The host is ``nbgames serve`` in its own process (as a teacher would run it),
bound to 127.0.0.1, writing its records after every decision. Every seat of
every table is a remote bot in this process (asyncio websocket clients) that
acts as fast as it can: on its turn it sends a random legal action the moment
the update arrives. Each table also has one spectator connection. Measured:

* own: from sending an action to the update that acknowledges it (the acting
  client sees its move applied);
* others: from an action being sent to the moment another client at the same
  table (the other seats and the spectator) receives the position after it;
* decisions/s over all tables, refusals by code (the host's rate limit answers
  ``rate_limited``; the client waits and sends again), the host's memory (RSS).

Levels: ``--tables 6 12 24 48`` with ``--players`` seats each (default 4 seats,
so 6 tables are 30 clients). Then ``--idle`` connections (spectators that only
listen) are opened next to 6 playing tables, and the latency is measured again:
the host holds that many clients.

Run: ``python bench/net.py`` (``--title``: default the title whose greedy game at
that player count is longest, so tables keep playing while measured). Figures
depend on the machine and on what else runs on it: on a shared 2-core box the
clients and the host compete for the same cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import nbgames
from nbgames.widget.wire import expand_runs

ROOT = Path(__file__).resolve().parents[1]


def pct(xs, q):
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def start_host(title, players, tables, rate, max_clients, folder):
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    cmd = [sys.executable, "-m", "nbgames", "serve", title, "--players", str(players),
           "--seats", ",".join(["human"] * players), "--tables", str(tables), "--port", "0",
           "--seed", "1", "--records", str(folder), "--linger", "3600", "--quiet",
           "--max-clients", str(max_clients)]
    if rate is not None:
        cmd += ["--rate", str(rate)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    seats, spectators = [], []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("nbgames serve stopped before printing its links")
        parts = line.split()
        if "/play/" in line and ", seat " in line:
            seats.append((int(parts[2].rstrip(",")) - 1, parts[-1]))
        elif line.strip().startswith("spectators"):
            spectators.append(parts[-1])
        elif line.strip().startswith("record") and len(spectators) == tables:
            return proc, seats, spectators


def rss_mb(pid) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def ws_of(link):
    return link.replace("http://", "ws://").replace("/play/", "/ws/")


class Stats:
    def __init__(self):
        self.own, self.others, self.codes = [], [], Counter()
        self.sent: dict = {}                  # (table, step) -> time the action was sent
        self.steps: dict = {}                 # table -> last step seen
        self.done = 0


async def updates(ws, frame, deadline):
    """The messages of one connection until the deadline or the end of the game, each
    as (arrival time, message, the step before it); an update is applied to ``frame``."""
    while time.perf_counter() < deadline and frame["to_move"] is not None:
        try:
            text = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.perf_counter()))
        except TimeoutError:
            return
        now = time.perf_counter()
        m = json.loads(text)
        before = frame["step_index"]
        if m["type"] == "update":
            frame.update(m["frame"])
        yield now, m, before


async def play_seat(link, table, stats, rng, deadline):
    from websockets.asyncio.client import connect
    async with connect(ws_of(link), compression=None, max_size=2**23) as ws:
        welcome = json.loads(await ws.recv())
        frame = welcome["frame"]
        ref, pending = 0, None

        async def act():
            nonlocal ref, pending
            if pending is None and frame["legal"] and frame["to_move"] is not None:
                ids = expand_runs(frame["legal"])
                ref += 1
                now = time.perf_counter()
                pending = (ref, now)
                stats.sent[(table, frame["step_index"])] = now
                await ws.send(json.dumps({"type": "action", "id": rng.choice(ids),
                                          "step": frame["step_index"], "ref": ref}))

        await act()
        async for now, m, before in updates(ws, frame, deadline):
            if m["type"] == "update":
                if pending is not None and m.get("ack", -1) >= pending[0]:
                    stats.own.append(now - pending[1])
                    pending = None
                elif frame["step_index"] != before and (table, before) in stats.sent:
                    stats.others.append(now - stats.sent[(table, before)])
                stats.steps[table] = max(stats.steps.get(table, 0), frame["step_index"])
            elif m["type"] == "error":
                stats.codes[m["code"]] += 1
                if pending is not None and m.get("ref") == pending[0]:
                    pending = None
                    if m["code"] == "rate_limited":
                        await asyncio.sleep(0.02)
            await act()
        stats.done += frame["to_move"] is None


async def watch(link, table, stats, deadline):
    from websockets.asyncio.client import connect
    async with connect(ws_of(link), compression=None, max_size=2**23) as ws:
        frame = json.loads(await ws.recv())["frame"]
        async for now, m, before in updates(ws, frame, deadline):
            if m["type"] == "update" and frame["step_index"] != before and (table, before) in stats.sent:
                stats.others.append(now - stats.sent[(table, before)])


async def idle(link, n, opened, stop):
    from websockets.asyncio.client import connect
    conns = []
    try:
        for _ in range(n):
            conns.append(await connect(ws_of(link), compression=None, max_size=2**23))
            await conns[-1].recv()
            opened.append(1)
        await stop.wait()
    finally:
        for c in conns:
            await c.close()


async def run_level(seats, spectators, seconds, idle_n=0):
    stats = Stats()
    rng = random.Random(7)
    opened, stop = [], asyncio.Event()
    idler = None
    if idle_n:
        idler = asyncio.create_task(idle(spectators[0], idle_n, opened, stop))
        while len(opened) < idle_n:
            await asyncio.sleep(0.1)
    t0 = time.perf_counter()
    deadline = t0 + seconds
    tasks = [play_seat(link, t, stats, random.Random(rng.random()), deadline) for t, link in seats]
    tasks += [watch(link, t, stats, deadline) for t, link in enumerate(spectators)]
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - t0
    stop.set()
    if idler:
        await idler
    return stats, elapsed, len(opened)


def longest_title(players):
    best = None
    for title in nbgames.games():
        try:
            game = nbgames.load(title, players)
        except nbgames.OptionError:
            continue
        n = len(nbgames.play(game, ["greedy"] * players, seed=1)["actions"])
        if best is None or n > best[1]:
            best = (title, n)
    return best[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--title", default=None)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--tables", type=int, nargs="+", default=[6, 12, 24, 48])
    ap.add_argument("--seconds", type=float, default=12.0, help="longest a level runs")
    ap.add_argument("--idle", type=int, nargs="*", default=[250, 500, 1000],
                    help="idle connections held next to 6 playing tables")
    ap.add_argument("--rate", type=float, default=None, help="the host's per-connection rate")
    args = ap.parse_args(argv)
    title = args.title or longest_title(args.players)
    print(f"title {title}, {args.players} seats a table; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    rows = []
    levels = [(t, 0) for t in args.tables] + [(6, n) for n in args.idle]
    for tables, idle_n in levels:
        with tempfile.TemporaryDirectory() as folder:
            proc, seats, spectators = start_host(title, args.players, tables, args.rate,
                                                 max(512, tables * (args.players + 1) + idle_n + 16),
                                                 folder)
            try:
                stats, elapsed, opened = asyncio.run(run_level(seats, spectators, args.seconds,
                                                               idle_n))
                mem = rss_mb(proc.pid)
            finally:
                proc.kill()
                proc.wait()
        decisions = sum(stats.steps.values())
        clients = len(seats) + len(spectators) + opened
        row = {"tables": tables, "clients": clients, "idle": opened,
               "decisions/s": decisions / elapsed, "own p50 ms": 1000 * pct(stats.own, 0.5),
               "own p95 ms": 1000 * pct(stats.own, 0.95),
               "others p50 ms": 1000 * pct(stats.others, 0.5),
               "others p95 ms": 1000 * pct(stats.others, 0.95),
               "games ended": stats.done // args.players, "refusals": dict(stats.codes),
               "host RSS MB": mem, "seconds": elapsed}
        rows.append(row)
        print(json.dumps({k: round(v, 1) if isinstance(v, float) else v for k, v in row.items()}),
              flush=True)
    print()
    print("| tables | clients | idle | decisions/s | own p50 / p95 ms | others p50 / p95 ms | "
          "games ended | refusals | host RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['tables']} | {r['clients']} | {r['idle']} | {r['decisions/s']:.0f} | "
              f"{r['own p50 ms']:.1f} / {r['own p95 ms']:.1f} | "
              f"{r['others p50 ms']:.1f} / {r['others p95 ms']:.1f} | {r['games ended']} | "
              f"{r['refusals'] or '-'} | {r['host RSS MB']:.0f} |")
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    med = statistics.median(r["own p95 ms"] for r in rows)
    print(f"median of the levels' own p95: {med:.1f} ms")


if __name__ == "__main__":
    main()
