"""Search speed and strength: ISMCTS time per move at 1000 iterations for every
title (player counts from each title's ``bench_players``), beside OpenSpiel's
pure-Python ``ISMCTSBot`` on ``hearts`` with 1000 simulations in the same run
(``pip install -e ".[bench]"``), then a strength table: ISMCTS against greedy and
against random, win rates with 95% Wilson CIs.

Run: ``python bench/search.py`` (speed, then the strength table at 2 players).
``--games N`` sets the games per cell (default 20: modest, so CIs are wide),
``--dup-games`` (default 200) sets the games of the duplicate-deal comparison:
the same matches played as independent deals and as duplicate deals, and the
width of the win-rate CI in each. ``--max-players`` adds each title's largest
player count (one ISMCTS seat against n-1 copies of the opponent: its baseline
win rate is 1/n), ``--no-strength`` / ``--no-speed``, ``--no-duplicate`` skip a
part, ``--workers`` sets the process pool (default 2).

Time per move is the median over ``--positions`` positions spread along a seeded
game (the other seats play random moves to get there); observation building and
determinization are included, as they are part of every decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import nbgames
from nbgames.core.infoset import InfoSet
from nbgames.core.registry import spec


def positions(game, count: int, seed: int = 1):
    """``count`` states spread along one random game, each with a seat to move
    that has more than one legal action."""
    rng = random.Random(seed)
    s = game.new_state(seed=seed)
    line = []
    while not s.is_terminal():
        if len(s.legal_action_ids()) > 1:
            line.append(s.clone())
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    step = max(1, len(line) // count)
    return line[::step][:count]


def ismcts_ms(game, iterations: int, count: int) -> list[float]:
    out = []
    for i, s in enumerate(positions(game, count)):
        bot = nbgames.bots.ismcts(iterations=iterations, seed=i)
        t = time.perf_counter()
        bot(s.observation(s.current_player), s.legal_actions(), InfoSet(s))
        out.append((time.perf_counter() - t) * 1000)
    return out


def openspiel_hearts_ms(simulations: int, count: int):
    """OpenSpiel's Python ISMCTSBot (random rollouts, UCT c=2, max visit count) on
    hearts: milliseconds per move over ``count`` decisions of one game, or None."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                           random_state=rs)
    rng = random.Random(0)
    s = game.new_initial_state()
    times = []
    while not s.is_terminal() and len(times) < count:
        if s.is_chance_node():
            s.apply_action(rng.choice(s.chance_outcomes())[0])
            continue
        if len(s.legal_actions()) == 1:
            s.apply_action(s.legal_actions()[0])
            continue
        t = time.perf_counter()
        a = bot.step(s)
        times.append((time.perf_counter() - t) * 1000)
        s.apply_action(a)
    return times


def speed(args):
    print(f"== time per move, {args.iterations} iterations (median of {args.positions} positions) ==")
    ref = openspiel_hearts_ms(args.iterations, args.positions)
    if ref:
        ref_ms = statistics.median(ref)
        print(f"{'hearts (OpenSpiel ISMCTSBot)':<34}{ref_ms:>10.0f} ms/move", flush=True)
    else:
        ref_ms = None
        print("open-spiel not installed: no reference (pip install -e '.[bench]')")
    for title in args.titles:
        for n in spec(title).bench_players:
            ms = ismcts_ms(nbgames.load(title, n), args.iterations, args.positions)
            med = statistics.median(ms)
            line = f"{title + f' ({n}p)':<34}{med:>10.0f} ms/move (max {max(ms):.0f})"
            if ref_ms:
                line += f"   x{med / ref_ms:.2f} of OpenSpiel hearts"
            print(line, flush=True)


def cell(title, players, opponent, games, iterations, executor, seed):
    """One ISMCTS seat against ``players - 1`` copies of ``opponent`` (seats rotate)."""
    pool = {"ismcts": nbgames.bots.ismcts(iterations=iterations, seed=seed)}
    for i in range(players - 1):
        pool[opponent if players == 2 else f"{opponent}{i + 1}"] = opponent
    t = time.perf_counter()
    res = nbgames.tournament(title, pool, games=games, seed=seed, executor=executor,
                             progress=False, players=players)
    return res["ismcts"], time.perf_counter() - t


def strength(args):
    print(f"\n== strength: ismcts({args.iterations}) vs greedy and vs random, {args.games} games a "
          f"cell, seats rotating; win rate with 95% Wilson CI (ties split) ==")
    print(f"{'title':<22}{'opponent':<10}{'games':>6}{'win rate':>10}{'95% CI':>16}{'baseline':>10}"
          f"{'verdict':>22}{'took':>8}")
    with ProcessPoolExecutor(args.workers) as ex:
        for title in args.titles:
            counts = [2]
            if args.max_players and max(spec(title).bench_players) > 2:
                counts.append(max(spec(title).bench_players))
            if args.players:
                counts = [n for n in args.players if n in spec(title).bench_players]
            for n in counts:
                for opp in ("greedy", "random"):
                    row, took = cell(title, n, opp, args.games, args.iterations, ex, args.seed)
                    lo, hi = row.ci
                    base = 1 / n
                    verdict = ("above baseline" if lo > base else
                               "below baseline" if hi < base else "not significant")
                    print(f"{title + f' ({n}p)':<22}{opp:<10}{row.games:>6}{row.win_rate:>10.3f}"
                          f"{f'{lo:.2f}-{hi:.2f}':>16}{base:>10.2f}{verdict:>22}{took:>7.0f}s",
                          flush=True)


def duplicate(args):
    """How much duplicate deals narrow the CI: the same number of games played as
    independent deals (Wilson CI) and as duplicate deals (each deal from every seat;
    normal CI over the per-deal mean win share)."""
    print(f"\n== duplicate deals: width of the 95% CI of the first policy's win rate, "
          f"{args.dup_games} games, 2 players ==")
    print(f"{'title':<16}{'match':<28}{'independent':>22}{'duplicate':>22}{'narrower by':>13}")
    pairs = [("greedy", "random"), ("ismcts(50)", "greedy"), ("ismcts(50)", "random")]
    make = {"greedy": "greedy", "random": "random",
            "ismcts(50)": nbgames.bots.ismcts(iterations=50, seed=args.seed)}
    with ProcessPoolExecutor(args.workers) as ex:
        for title in args.titles:
            for a, b in pairs:
                pool = {a: make[a], b: make[b]}
                out = []
                for dup in (False, True):
                    res = nbgames.tournament(title, pool, games=args.dup_games, seed=args.seed,
                                             executor=ex, progress=False, players=2,
                                             duplicate=dup)
                    row = res[a]
                    lo, hi = row.ci
                    out.append((row.win_rate, lo, hi))
                w0, w1 = out[0][2] - out[0][1], out[1][2] - out[1][1]
                text = [f"{r:.2f} [{lo:.2f},{hi:.2f}]" for r, lo, hi in out]
                print(f"{title:<16}{a + ' vs ' + b:<28}{text[0]:>22}{text[1]:>22}"
                      f"{100 * (1 - w1 / w0):>12.0f}%", flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--titles", nargs="+", default=nbgames.games())
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-players", action="store_true")
    ap.add_argument("--players", type=int, nargs="+",
                    help="player counts of the strength table (of each title's bench_players)")
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--no-strength", action="store_true")
    ap.add_argument("--no-duplicate", action="store_true")
    ap.add_argument("--dup-games", type=int, default=200)
    args = ap.parse_args(argv)
    if not args.no_speed:
        speed(args)
    if not args.no_strength:
        strength(args)
    if not args.no_duplicate:
        duplicate(args)


if __name__ == "__main__":
    main()
