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
so 6 tables are 30 clients). Then ``--idle`` connections that only listen are
opened next to 6 playing tables, and the latency is measured again. A link holds
at most 3 connections (the host's ``per_link``; a fourth replaces the oldest),
so the idle connections are spread over the links of extra tables that nobody
plays (at most 3 a link), each reads whatever comes, and the table counts the
ones still open when the level ends ("idle held", beside "idle opened"): the
connections the host actually held, not the ones opened.

The playing clients pace themselves by the limit the host's welcome gives (as
``nbgames.join`` does), so an honest client is never refused nor hung up.

``--hostile`` measures the host's answers to hostile clients instead (a host in
this process, 127.0.0.1): the seconds from a spectator that stops reading to its
close (and the close code it reads afterwards), and for floods at 1.5, 5 and 40
times the rate the seconds from the first refusal to the hang-up, the close code,
and whether the link is refused when it reconnects at once.

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
import threading
import time
from collections import Counter
from pathlib import Path

import nbgames
from nbgames.net.protocol import CLOSE_FLOOD, RATE, RateLimit
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
        limits = welcome.get("limits") or {"rate": 50.0, "burst": 100}
        pace = RateLimit(0.9 * limits["rate"], max(1, limits["burst"] // 2))

        async def act():
            nonlocal ref, pending
            if pending is None and frame["legal"] and frame["to_move"] is not None:
                while not pace.allow():             # as nbgames.join does: never refused
                    await asyncio.sleep(1.0 / pace.rate)
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


async def idle(links, n, conns, stop):
    """``n`` connections spread over ``links`` (at most 3 a link: the host's
    per_link), each reading whatever comes until ``stop``."""
    from websockets.asyncio.client import connect

    async def listen(ws):
        try:
            async for _ in ws:
                pass
        except Exception:  # noqa: BLE001 - closed by the host: counted as not held
            pass

    readers = []
    try:
        for i in range(n):
            ws = await connect(ws_of(links[i % len(links)]), compression=None, max_size=2**23)
            await ws.recv()
            conns.append(ws)
            readers.append(asyncio.create_task(listen(ws)))
        await stop.wait()
    finally:
        for c in conns:
            await c.close()
        for r in readers:
            r.cancel()


def held(conns) -> int:
    """The idle connections still open (not closed or replaced by the host)."""
    from websockets.protocol import State
    return sum(1 for c in conns if c.state is State.OPEN)


async def run_level(seats, spectators, seconds, idle_links=(), idle_n=0, played=None):
    """Play the tables below ``played`` (all: None) for ``seconds``, with ``idle_n``
    listening connections on ``idle_links``; returns the stats, the seconds, the
    idle connections opened and the ones still held at the end."""
    stats = Stats()
    rng = random.Random(7)
    conns, stop = [], asyncio.Event()
    idler = None
    if idle_n:
        idler = asyncio.create_task(idle(list(idle_links), idle_n, conns, stop))
        while len(conns) < idle_n and not idler.done():
            await asyncio.sleep(0.1)
    seats = [(t, link) for t, link in seats if played is None or t < played]
    spectators = spectators if played is None else spectators[:played]
    t0 = time.perf_counter()
    deadline = t0 + seconds
    tasks = [play_seat(link, t, stats, random.Random(rng.random()), deadline) for t, link in seats]
    tasks += [watch(link, t, stats, deadline) for t, link in enumerate(spectators)]
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - t0
    kept = held(conns)
    stop.set()
    if idler:
        await idler
    return stats, elapsed, len(conns), kept


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
                    help="idle connections opened next to 6 playing tables (over the links "
                         "of extra unplayed tables, 3 a link)")
    ap.add_argument("--hostile", action="store_true",
                    help="measure the answers to a client that stops reading and to floods")
    ap.add_argument("--hostile-timeout", type=float, default=2.0,
                    help="the host's send_timeout in --hostile (default 2 s)")
    ap.add_argument("--rate", type=float, default=None, help="the host's per-connection rate")
    args = ap.parse_args(argv)
    title = args.title or longest_title(args.players)
    print(f"title {title}, {args.players} seats a table; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    if args.hostile:
        hostile(args.hostile_timeout)
        return
    rows = []
    levels = [(t, 0) for t in args.tables] + [(6, n) for n in args.idle]
    per_table = 3 * (args.players + 1)     # idle connections an unplayed table's links hold
    for played, idle_n in levels:
        tables = played + -(-idle_n // per_table)
        with tempfile.TemporaryDirectory() as folder:
            proc, seats, spectators = start_host(title, args.players, tables, args.rate,
                                                 max(512, tables * (args.players + 1) + idle_n + 16),
                                                 folder)
            spare = [link for t, link in seats if t >= played] + spectators[played:]
            try:
                stats, elapsed, opened, kept = asyncio.run(run_level(
                    seats, spectators, args.seconds, spare, idle_n, played))
                mem = rss_mb(proc.pid)
            finally:
                proc.kill()
                proc.wait()
        decisions = sum(stats.steps.values())
        playing = sum(1 for t, _ in seats if t < played) + played
        row = {"tables": played, "clients": playing + kept, "idle opened": opened,
               "idle held": kept, "decisions/s": decisions / elapsed,
               "own p50 ms": 1000 * pct(stats.own, 0.5),
               "own p95 ms": 1000 * pct(stats.own, 0.95),
               "others p50 ms": 1000 * pct(stats.others, 0.5),
               "others p95 ms": 1000 * pct(stats.others, 0.95),
               "games ended": stats.done // args.players, "refusals": dict(stats.codes),
               "host RSS MB": mem, "seconds": elapsed}
        rows.append(row)
        print(json.dumps({k: round(v, 1) if isinstance(v, float) else v for k, v in row.items()}),
              flush=True)
    print()
    print("| tables played | clients held | idle held / opened | decisions/s | own p50 / p95 ms | "
          "others p50 / p95 ms | games ended | refusals | host RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['tables']} | {r['clients']} | {r['idle held']} / {r['idle opened']} | "
              f"{r['decisions/s']:.0f} | "
              f"{r['own p50 ms']:.1f} / {r['own p95 ms']:.1f} | "
              f"{r['others p50 ms']:.1f} / {r['others p95 ms']:.1f} | {r['games ended']} | "
              f"{r['refusals'] or '-'} | {r['host RSS MB']:.0f} |")
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    med = statistics.median(r["own p95 ms"] for r in rows)
    print(f"median of the levels' own p95: {med:.1f} ms")


# -- hostile clients ------------------------------------------------------------------------------
def stops_reading(title, send_timeout):
    """A spectator reads its welcome and stops reading while two bots play: the
    seconds until the host closes it, and what it reads afterwards."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect
    h = nbgames.host(nbgames.load(title, 2), ["greedy", "greedy"], port=0, quiet=True,
                     record=None, send_timeout=send_timeout, bot_delay=0.2)
    try:
        ws = connect(ws_of(h.spectator_link()), compression=None, max_queue=1,
                     proxy=None).__enter__()        # closed by the host, not by a block
        ws.recv(timeout=10)
        t0 = time.perf_counter()
        t = h.tables[0]
        while t.connected(None) and time.perf_counter() - t0 < 120:
            time.sleep(0.01)
        closed = time.perf_counter() - t0
        found, code = [], None
        try:
            while True:
                found.append(ws.recv(timeout=10))
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd else None
        except TimeoutError:
            pass
        return {"send_timeout s": send_timeout, "closed after s": round(closed, 2),
                "close code read later": code, "messages waiting": len(found),
                "bytes waiting": sum(len(m) for m in found)}
    finally:
        h.close()


def flood(title, times):
    """A steady flood at ``times`` the default rate (pings, read as they come back):
    the seconds from the first refusal to the hang-up, the code, and a reconnection."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect
    h = nbgames.host(nbgames.load(title, 2), ["human", "greedy"], port=0, quiet=True,
                     record=None)
    try:
        ws = connect(ws_of(h.link(0)), compression=None, max_queue=None,
                     proxy=None).__enter__()        # closed by the host, not by a block
        ws.recv(timeout=10)
        first = None

        def read():
            nonlocal first
            try:
                for m in ws:
                    if first is None and '"rate_limited"' in m:
                        first = time.perf_counter()
            except ConnectionClosed:
                pass

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        step, sent, t0, code = 1.0 / (times * RATE), 0, time.perf_counter(), None
        try:
            while time.perf_counter() - t0 < 60:
                ws.send('{"type":"ping"}')
                sent += 1
                pause = t0 + sent * step - time.perf_counter()
                if pause > 0:
                    time.sleep(pause)
        except ConnectionClosed:
            pass
        end = time.perf_counter()
        reader.join(5)
        code = ws.close_code
        try:
            with connect(ws_of(h.link(0)), proxy=None):
                pass
            again = "accepted"
        except InvalidStatus as e:
            again = f"HTTP {e.response.status_code}"
        return {"rate x": times, "messages sent": sent,
                "first refusal after s": None if first is None else round(first - t0, 2),
                "hung up after first refusal s": None if first is None else round(end - first, 2),
                "close code": code, "hung up": code == CLOSE_FLOOD,
                "reconnect at once": again}
    finally:
        h.close()


def hostile(send_timeout):
    title = min(nbgames.games(), key=lambda t: -len(nbgames.play(
        nbgames.load(t, 2), ["greedy"] * 2, seed=1)["actions"]))
    print(f"hostile clients, title {title}, rate {RATE:g}/s", flush=True)
    print(json.dumps(stops_reading(title, send_timeout)), flush=True)
    for times in (1.5, 5, 40):
        print(json.dumps(flood(title, times)), flush=True)


if __name__ == "__main__":
    main()
