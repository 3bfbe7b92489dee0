"""Tournament throughput on dask.distributed: games/s of the serial run and of a
LocalCluster with 1 and 2 worker processes (one thread each), and the parallel
efficiency ``(games/s with k workers) / (k x serial games/s)``.

Run: ``pip install -e ".[dask]"`` then ``python bench/scale.py TITLE [TITLE ...]``
(default: every title), e.g. ``--games 400 --workers 1 2``. Each title plays at
the first player count of its ``SPEC.bench_players``, greedy against random. The
cluster is started and warmed up (nbgames imported on every worker) before the
clock runs; the records are checked to equal the serial run's. Figures depend on
the machine and on what else runs on it: on a shared 2-core box, 2 workers can
at best double the serial rate.
"""

from __future__ import annotations

import argparse
import time

import nbgames
from nbgames.core.registry import spec


def timed(game, games: int, executor=None, batch=None):
    pols = {"greedy": "greedy", "random": "random"}
    start = time.perf_counter()
    res = nbgames.tournament(game, pols, games=games, seed=1, executor=executor, progress=False,
                             batch=batch)
    return games / (time.perf_counter() - start), res


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("titles", nargs="*", help="titles to measure (default: all)")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--batch", type=int, default=None, help="games a task (default: automatic)")
    args = ap.parse_args(argv)
    from distributed import Client, LocalCluster
    titles = args.titles or nbgames.games()
    rows = []
    for title in titles:
        game = nbgames.load(title, spec(title).bench_players[0])
        serial, ref = timed(game, args.games)
        rows.append((title, game.players, "serial", 1, serial, 1.0))
        print(f"{title} ({game.players}p) serial: {serial:.1f} games/s", flush=True)
        for k in args.workers:
            with LocalCluster(n_workers=k, threads_per_worker=1, processes=True,
                              dashboard_address=None, silence_logs=40) as cluster, \
                    Client(cluster) as client:
                ex = client.get_executor()
                timed(game, 2 * k, ex)                               # warm-up: imports
                rate, res = timed(game, args.games, ex, args.batch)
                assert [r["actions"] for r in res.records] == [r["actions"] for r in ref.records]
            eff = rate / (k * serial)
            rows.append((title, game.players, "dask", k, rate, eff))
            print(f"{title} ({game.players}p) dask {k} worker(s): {rate:.1f} games/s, "
                  f"efficiency {eff:.0%}", flush=True)
    print()
    print("| title | players | run | workers | games/s | efficiency |")
    print("|---|---|---|---|---|---|")
    for t, n, run, k, rate, eff in rows:
        print(f"| {t} | {n} | {run} | {k} | {rate:.1f} | {eff:.0%} |")


if __name__ == "__main__":
    main()
