"""The time to review one full game per title at the default budget
(``nbgames.review(record)``: every seat, ISMCTS at ``DEFAULT_BUDGET`` iterations a
decision, the exact solver where a 2-player position is small enough).

The game is a 2-player game between the greedy bot and ISMCTS (100 iterations),
from a fixed seed. Printed per title: the decisions judged, how many were exact,
how many were searched again (the move taken and the search's choice, each
alone), the wall-clock and CPU seconds, and the load average before and after
(other processes on the machine slow the wall clock; CPU time is this process's).

Run: ``python bench/review.py`` (``--titles a,b``, ``--budget N``, ``--workers K``
for a process pool, ``--seed S``).
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

import nbgames
from nbgames.arena import review as rv


def one(title: str, budget: int | None, seed: int, workers: int) -> dict:
    game = nbgames.load(title, players=2)
    rec = nbgames.play(game, ["greedy", nbgames.bots.ismcts(iterations=100, seed=1)], seed=seed)
    load0 = os.getloadavg()
    wall, cpu = time.perf_counter(), time.process_time()
    ex = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        got = nbgames.review(rec, budget=budget, seed=0, executor=ex, progress=False)
    finally:
        if ex is not None:
            ex.shutdown()
    return {"title": title, "decisions": len(rec["actions"]), "judged": len(got.rows),
            "exact": sum(r["source"] == "exact" for r in got.rows),
            "again": sum(r["focused"] for r in got.rows),
            "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
            "load": (load0[0], os.getloadavg()[0])}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--titles", default=",".join(nbgames.games()))
    p.add_argument("--budget", type=int, default=None, help=f"default {rv.DEFAULT_BUDGET}")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args(argv)
    budget = args.budget or rv.DEFAULT_BUDGET
    print(f"review of one 2-player game (greedy vs ismcts(100), seed {args.seed}) per title, "
          f"budget {budget} iterations a decision, {args.workers} process(es), "
          f"{os.cpu_count()} cores")
    print(f"{'title':<18}{'decisions':>10}{'judged':>8}{'exact':>7}{'again':>7}{'wall s':>9}"
          f"{'cpu s':>8}{'load before/after':>20}")
    for title in args.titles.split(","):
        r = one(title, args.budget, args.seed, args.workers)
        cpu = "-" if args.workers > 1 else f"{r['cpu']:.1f}"
        print(f"{r['title']:<18}{r['decisions']:>10}{r['judged']:>8}{r['exact']:>7}{r['again']:>7}"
              f"{r['wall']:>9.1f}{cpu:>8}{r['load'][0]:>10.1f} / {r['load'][1]:.1f}", flush=True)


if __name__ == "__main__":
    main()
