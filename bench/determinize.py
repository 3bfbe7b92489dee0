"""What a determinized copy costs: ``state.determinize(seat, rng)`` copies per second
for every title, beside ``InfoSet.sample(rng)`` per second (what a search bot calls
once per iteration: a copy of the information set's cover, whose log is already the
seat's) and ``state.clone()`` per second, on the same positions.

Positions: seeded random games of every title at its ``bench_players`` counts and
each option set of ``SPEC.variants``; every 5th position, the copy is made for the
seat to move (what a search bot's ``infoset.sample`` does once per iteration).
The figure is the number of copies over the CPU time they took, all positions
together. Run: ``python bench/determinize.py`` (``--seconds`` per configuration).
"""

from __future__ import annotations

import argparse
import random
import time

import nbgames
from nbgames.core.registry import spec


def positions(game, seeds=range(3), every=5):
    """Seeded random playouts: every ``every``-th non-terminal state (cloned)."""
    out = []
    for seed in seeds:
        s = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if len(s.history) % every == 0:
                out.append(s.clone())
            ids = s.legal_action_ids()
            s.apply(int(ids[rng.randrange(len(ids))]))
    return out


def rate(make, states, budget: float) -> float:
    """Calls of ``make(state, rng)`` per second of this process's CPU time (so that
    other work on the machine disturbs the figure less), cycling over ``states``."""
    rng = random.Random(0)
    n = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        for s in states:
            make(s, rng)
        n += len(states)
    return n / (time.process_time() - start)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="budget per measurement")
    ap.add_argument("--titles", nargs="+", default=nbgames.games())
    args = ap.parse_args(argv)
    print(f"{'configuration':<44}{'determinize/s':>14}{'sample/s':>12}{'clone/s':>12}")
    for title in args.titles:
        for options in ({}, *spec(title).variants):
            for n in spec(title).bench_players:
                game = nbgames.load(title, n, **options)
                states = positions(game)
                det = rate(lambda s, rng: s.determinize(s.current_player, rng), states, args.seconds)
                covers = [nbgames.InfoSet(s) for s in states]
                smp = rate(lambda info, rng: info.sample(rng), covers, args.seconds)
                cl = rate(lambda s, rng: s.clone(), states, args.seconds / 2)
                name = f"{title} {n}p" + "".join(f" {k}={v}" for k, v in options.items())
                print(f"{name:<44}{det:>14,.0f}{smp:>12,.0f}{cl:>12,.0f}", flush=True)


if __name__ == "__main__":
    main()
