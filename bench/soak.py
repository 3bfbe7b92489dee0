"""Soak test: seeded random games of every title at every player count, with the
title's invariants, every seat's observation and ``determinize`` checked at every
step. Reports games, decisions and failures (with the seed and step to replay).

    python bench/soak.py --games 10000            # per title, split over its player counts
    python bench/soak.py --titles <title> --games 200 --jobs 2

A failure is printed as ``title players seed step: error``; replay it with
``nbgames.load(title, players).new_state(seed)`` and the random policy seeded with
the same seed.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

import nbgames


def soak_one(title: str, players: int, seed: int) -> tuple[int, str | None]:
    """Play one seeded random game with every check; (decisions, failure or None)."""
    game = nbgames.load(title, players)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    steps = 0
    try:
        while not state.is_terminal():
            state.check_invariants()
            mover = state.current_player
            legal = [int(a) for a in state.legal_action_ids()]
            assert legal, "no legal action"
            for seat in [None, *range(players)]:
                obs = state.observation(seat)
                assert json.loads(json.dumps(obs)) == obs, f"observation({seat}) is not JSON"
            det = state.determinize(mover, rng.getrandbits(32))
            assert det.observation(mover) == state.observation(mover), "determinize changed the view"
            assert [int(a) for a in det.legal_action_ids()] == legal, "determinize changed the moves"
            det.check_invariants()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        state.check_invariants()
        assert len(state.scores()) == players and state.winners(), "no scores or winners"
        return steps, None
    except Exception as e:  # a soak reports every failure, whatever it is
        return steps, f"{title} {players} seed={seed} step={steps}: {type(e).__name__}: {e}"


def _batch(args):
    title, players, seeds = args
    out = [soak_one(title, players, s) for s in seeds]
    return title, players, sum(d for d, _ in out), [f for _, f in out if f]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000, help="games per title")
    ap.add_argument("--titles", nargs="+", default=nbgames.games())
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--progress", action="store_true", help="print a line after every batch")
    args = ap.parse_args(argv)
    jobs = []
    for title in args.titles:
        g = nbgames.load(title)
        counts = list(range(g.min_players, g.max_players + 1))
        seeds = random.Random(f"{args.seed}/{title}").sample(range(2**62), args.games)
        # batches of 50 games, player counts taking turns, so partial runs cover them all
        for k in range(0, args.games, 50 * len(counts)):
            for i, n in enumerate(counts):
                mine = seeds[i::len(counts)][k // len(counts):(k // len(counts)) + 50]
                if mine:
                    jobs.append((title, n, mine))
    totals: dict = {}
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    results = pool.map(_batch, jobs) if pool else map(_batch, jobs)
    for (title, players, seeds), (_, _, decisions, failures) in zip(jobs, results):
        row = totals.setdefault((title, players), [0, 0, []])
        row[0] += len(seeds)
        row[1] += decisions
        row[2] += failures
        if args.progress:
            done = sum(r[0] for r in totals.values())
            print(f"  ... {done:,} games, {sum(r[1] for r in totals.values()):,} decisions, "
                  f"{sum(len(r[2]) for r in totals.values())} failures, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    if pool:
        pool.shutdown()
    took = time.perf_counter() - start
    print(f"{'title':<22}{'games':>8}{'decisions':>12}{'failures':>10}")
    for (title, players), (games, decisions, failures) in sorted(totals.items()):
        print(f"{title + f' ({players}p)':<22}{games:>8,}{decisions:>12,}{len(failures):>10}")
        for f in failures[:5]:
            print("   ", f)
    games = sum(r[0] for r in totals.values())
    fails = sum(len(r[2]) for r in totals.values())
    print(f"{games:,} games, {sum(r[1] for r in totals.values()):,} decisions, {fails} failures "
          f"in {took:.0f} s")
    return 1 if fails else 0


if __name__ == "__main__":
    raise SystemExit(main())
