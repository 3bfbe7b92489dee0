"""Exact solving of real endgames: for every title that ships positions
(``nbgames/games/<title>/endgames.py``), the game tree's size (nodes,
information sets, terminals, sampled worlds), the time to build it and the
time pygambit takes to solve it (the zero-sum margin by default, as
``theory.solve``: sequence-form LP for 2 players, logit QRE for 3), or why it
is refused (the Knuth estimate of its size). 2-player trees are also solved
with the same sequence-form LP on scipy's HiGHS (``method="highs"``), which
scales much further; pygambit is skipped above ``--gambit-max`` nodes.
Run: ``python bench/theory.py [--max-nodes N] [--seed S] [--payoff P] [--json]``.
Needs ``pip install -e ".[theory]"``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time

import nbgames
from nbgames import theory


def positions(title, seed):
    try:
        mod = importlib.import_module(f"nbgames.games.{title}.endgames")
    except ImportError:
        return []
    return mod.endgames(seed)


def measure(state, max_nodes, seed, payoff="margin", gambit_max=1000):
    row = {"players": state.players, "step": len(state.history)}
    t0 = time.perf_counter()
    try:
        tree = theory.game_tree(state, state.current_player, max_nodes, seed=seed, payoff=payoff)
    except theory.TreeTooLarge as e:
        row.update(status="too large", estimate=round(e.estimate), build_s=time.perf_counter() - t0)
        return row
    row.update(nodes=tree.num_nodes, infosets=len(tree.infosets), terminals=tree.num_terminals,
               worlds=len(tree.children[0]) if tree.kind[0] == "c" else 1,
               build_s=time.perf_counter() - t0)
    if state.players == 2 and payoff != "scores":
        t1 = time.perf_counter()
        fast = theory.solve_tree(tree, "highs")
        row.update(highs_s=time.perf_counter() - t1, highs_values=[round(v, 2) for v in fast.values],
                   highs_nash_conv=round(theory.exploitability(fast, tree=tree).nash_conv, 6))
    if tree.num_nodes > gambit_max:
        row.update(status=("solved with HiGHS only" if "highs_s" in row else "not solved")
                   + f" (pygambit skipped above --gambit-max={gambit_max} nodes)")
        return row
    try:
        t1 = time.perf_counter()
        sol = theory.solve_tree(tree)
        row.update(status="solved", method=sol.method, solve_s=time.perf_counter() - t1,
                   gambit_s=sol.seconds, values=[round(v, 2) for v in sol.values])
        ex = theory.exploitability(sol, tree=tree)
        row["nash_conv"] = round(ex.nash_conv, 6)
        greedy = theory.exploitability("greedy", tree=tree)
        row["greedy_gains"] = [round(g, 3) for g in greedy.gains]
    except Exception as e:                    # report, do not hide: a row says what failed
        row.update(status=f"solver failed: {type(e).__name__}: {e}"[:200])
    return row


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max-nodes", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print JSON rows instead of a table")
    ap.add_argument("--payoff", choices=("margin", "scores", "win"), default="margin")
    ap.add_argument("--gambit-max", type=int, default=1000,
                    help="trees larger than this are solved with HiGHS only (pygambit's LP is slow)")
    ap.add_argument("--titles", nargs="*", default=None, help="titles to run (default: all)")
    args = ap.parse_args(argv)
    titles = args.titles or nbgames.games()
    unknown = [t for t in titles if t not in nbgames.games()]
    if unknown:
        ap.error(f"unknown title(s) {unknown}; choose from {nbgames.games()}")
    rows = []
    for title in titles:
        for name, state in positions(title, args.seed):
            if state is None:
                rows.append({"title": title, "position": name, "status": "not reached"})
                continue
            row = {"title": title, "position": name,
                   **measure(state, args.max_nodes, args.seed, args.payoff, args.gambit_max)}
            rows.append(row)
            if not args.json:
                print(_line(row), flush=True)
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
    return rows


def _line(r):
    head = f"{r['title']:16s} {r['position'][:44]:44s}"
    if r["status"] == "too large":
        return f"{head} TOO LARGE: about {r['estimate']:,} nodes (estimate), refused in {r['build_s']:.2f}s"
    if "nodes" not in r:
        return f"{head} {r['status']}"
    base = (f"{head} {r['nodes']:6d} nodes {r['infosets']:5d} infosets {r['worlds']:3d} worlds "
            f"build {r['build_s']:5.2f}s")
    if "highs_s" in r:
        base += f" HiGHS {r['highs_s']:5.2f}s values {r['highs_values']} nash_conv {r['highs_nash_conv']}"
    if r["status"] != "solved":
        return f"{base} {r['status']}"
    return (f"{base} | pygambit: solve {r['solve_s']:6.2f}s (LP alone {r['gambit_s']:.2f}s, "
            f"{r['method']}) values {r['values']} "
            f"nash_conv {r['nash_conv']} greedy gains {r['greedy_gains']}")


if __name__ == "__main__":
    main()
