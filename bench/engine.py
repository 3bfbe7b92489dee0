"""Engine speed: random-playout decisions/s and games/s, clone/s and the greedy
bot's time per move, for every title, beside OpenSpiel's pure-Python ``python_block_dominoes`` when open-spiel
is installed (``pip install -e ".[bench]"``). Run: ``python bench/engine.py``.
Titles and player counts come from each title's spec (``bench_players``).

Decisions are counted at the players' decisions only (OpenSpiel's chance nodes
are applied but not counted; nbgames has none, its deals come from the seed).
Every game is run for the same wall-clock budget in the same process.
"""

from __future__ import annotations

import argparse
import random
import time

import nbgames
from nbgames.core.registry import spec


def playouts(new_state, budget: float, seed: int = 0):
    """Random playouts for ``budget`` seconds: (decisions/s, games/s)."""
    rng = random.Random(seed)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        s = new_state(seed=games)
        while not s.is_terminal():
            ids = s.legal_action_ids()
            s.apply(int(ids[rng.randrange(len(ids))]))
            decisions += 1
        games += 1
    took = time.perf_counter() - start
    return decisions / took, games / took


def clones(state, budget: float) -> float:
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        for _ in range(100):
            state.clone()
        n += 100
    return n / (time.perf_counter() - start)


def midgame(game, seed=1):
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    total = len(nbgames.replay(nbgames.play(game, [nbgames.bots.random] * game.players, seed=seed))
                .history)
    while len(s.history) < total // 2:
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    return s


def bot_ms_per_move(game, games: int = 3) -> tuple[float, float]:
    """Median and worst milliseconds the greedy bot takes per decision (seat 0 greedy,
    the others random), observation building included."""
    import statistics
    times = []
    for seed in range(games):
        s = game.new_state(seed=seed)
        bots = [nbgames.bots.GreedyPolicy(seed)] + [nbgames.bots.RandomPolicy(seed + i)
                                                  for i in range(1, game.players)]
        while not s.is_terminal():
            p = s.current_player
            t = time.perf_counter()
            a = bots[p](s.observation(p), s.legal_actions())
            if p == 0:
                times.append((time.perf_counter() - t) * 1000)
            s.apply(a)
    return statistics.median(times), max(times)


def block_dominoes(budget: float):
    try:
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")
    rng = random.Random(0)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                decisions += 1
        games += 1
    took = time.perf_counter() - start
    s = game.new_initial_state()
    while len(s.history()) < 20:          # a mid-game position to clone
        if s.is_terminal():               # (a short deal can end first: deal again)
            s = game.new_initial_state()
        s.apply_action(rng.choice(s.chance_outcomes())[0] if s.is_chance_node()
                       else rng.choice(s.legal_actions()))
    n, c0 = 0, time.perf_counter()
    while time.perf_counter() - c0 < budget / 2:
        s.clone()
        n += 1
    return decisions / took, games / took, n / (time.perf_counter() - c0)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="budget per measurement")
    ap.add_argument("--titles", nargs="+", default=nbgames.games())
    args = ap.parse_args(argv)
    ref = block_dominoes(args.seconds)
    if ref:
        print(f"{'python_block_dominoes (OpenSpiel)':<34}{ref[0]:>12,.0f} dec/s{ref[1]:>10,.1f} games/s"
              f"{ref[2]:>12,.0f} clone/s")
    else:
        print("open-spiel not installed: no reference (pip install -e '.[bench]')")
    for title in args.titles:
        for n in spec(title).bench_players:
            game = nbgames.load(title, n)
            dps, gps = playouts(game.new_state, args.seconds)
            cps = clones(midgame(game), args.seconds / 2)
            line = f"{title + f' ({n}p)':<34}{dps:>12,.0f} dec/s{gps:>10,.1f} games/s{cps:>12,.0f} clone/s"
            if ref:
                line += f"   x{dps / ref[0]:.2f} decisions, x{cps / ref[2]:.2f} clone vs block_dominoes"
            med, worst = bot_ms_per_move(game)
            line += f"   greedy {med:.2f} ms/move (max {worst:.1f})"
            print(line, flush=True)


if __name__ == "__main__":
    main()
