"""Values learned from self-play: for every title that ships one
(``nbgames/games/<title>/value.py``, its doc says what it learns), learns it and
measures it.

For each player count in the module's ``GAMES``: greedy games (game seeds ``0..G-1``,
a share of their positions drawn, ``self_play``) give the completion table and the
softmax temperature (the grid in the module's doc, the highest likelihood of the
seats' shares of the win); other games (seed block 1, a third as many) measure it.
For each count it prints the log loss of the seats' shares of the win, held out,
under:

* ``learned``: the value learned here;
* ``shipped``: the value in the title's ``value.json`` now (the same as ``learned``
  when the file was made by this script with the same games);
* ``replaced``: the evaluation it replaced (the module's ``replaced``);
* ``fair share``: every seat at its share of the wins, knowing nothing.

Run: ``python bench/value.py [--titles ...] [--players 2 3 ...] [--workers 2]
[--write] [--quick]``; ``--write`` writes each ``value.json``; ``--quick`` plays a
20th of the games. About 20 minutes of CPU for every count of a title.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import nbgames

GRID = (np.arange(0.5, 8.01, 0.5), np.arange(0.0, 1.51, 0.1), np.arange(0.0, 12.01, 1.0))


def module(title):
    try:
        return importlib.import_module(f"nbgames.games.{title}.value")
    except ImportError:
        return None


def arrays(mod, rows, completion, game):
    feats = [mod.row_features(r, completion, game) for r in rows]
    est = np.array([f[0] for f in feats], float)
    hands = np.array([f[1] for f in feats], float)
    rounds_left = np.array([f[2] for f in feats], float)
    win = np.array([r["win"] for r in rows], float)
    return est, hands, rounds_left, win


def log_loss(p, y) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def softmax(est, temp):
    z = (est - est.max(1, keepdims=True)) / temp[:, None]
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def learn(title: str, players: int, share: float = 1.0) -> dict:
    t = time.process_time()
    mod = module(title)
    game = nbgames.load(title, players=players)
    games = max(3, round(mod.GAMES[players] * share))
    train = list(mod.self_play(game, games, seed=0))
    held = list(mod.self_play(game, games // 3, seed=1))
    completion = mod.completion_from(mod.completion_counts(train))
    est, hands, rl, win = arrays(mod, train, completion, game)
    best = None
    for a in GRID[0]:
        for b in GRID[1]:
            for c in GRID[2]:
                loss = log_loss(softmax(est, a + b * hands + c * rl), win)
                if best is None or loss < best[0]:
                    best = (loss, float(a), round(float(b), 1), float(c))
    _, a, b, c = best
    est, hands, rl, win = arrays(mod, held, completion, game)
    shipped = float("nan")
    if mod._FILE.exists():
        scale, table = mod.table(players)
        shipped = log_loss(softmax(arrays(mod, held, table, game)[0],
                                   mod.temperature(scale, hands, rl)), win)
    return {"title": title, "players": players, "games": games, "held_games": games // 3,
            "positions": len(train), "held_positions": len(held),
            "scale": [a, b, c],
            "completion": {f"{m},{h},{k}": round(p, 6) for (m, h, k), p in sorted(completion.items())},
            "loss": {"learned": log_loss(softmax(est, a + b * hands + c * rl), win),
                     "shipped": shipped,
                     "replaced": log_loss(np.array([mod.replaced(r, game) for r in held], float), win),
                     "fair share": log_loss(np.full_like(win, 1.0 / players), win)},
            "cpu": time.process_time() - t}


def write(title, rows):
    mod = module(title)
    old = json.loads(mod._FILE.read_text())["players"] if mod._FILE.exists() else {}
    new = {str(r["players"]): {k: r[k] for k in ("games", "positions", "scale", "completion")}
           for r in rows}
    merged = {**old, **new}
    data = {"source": f"python bench/value.py --titles {title} --write: greedy self-play, "
                      f"nbgames/games/{title}/value.py says how",
            "players": {k: merged[k] for k in sorted(merged, key=int)}}
    mod._FILE.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {mod._FILE}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--titles", nargs="+", default=nbgames.games())
    ap.add_argument("--players", nargs="+", type=int, default=None,
                    help="the player counts (default: every count the title learns)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="write each value.json")
    ap.add_argument("--quick", action="store_true", help="a 20th of the games (for checking "
                                                          "the script; not for --write)")
    args = ap.parse_args(argv)
    jobs = [(title, n) for title in args.titles if module(title) is not None
            for n in sorted(module(title).GAMES) if args.players is None or n in args.players]
    print(f"{'title':<16}{'players':>8}{'positions':>11}{'scale a, b, c':>16}"
          f"{'log loss, held out: learned / shipped / replaced / fair share':>64}{'CPU s':>8}",
          flush=True)
    out: dict = {}
    share = 0.05 if args.quick else 1.0
    with ProcessPoolExecutor(args.workers) as ex:
        for r in ex.map(learn, [t for t, _ in jobs], [n for _, n in jobs], [share] * len(jobs)):
            out.setdefault(r["title"], []).append(r)
            lo = r["loss"]
            print(f"{r['title']:<16}{r['players']:>8}{r['positions']:>11}{str(tuple(r['scale'])):>16}"
                  f"{lo['learned']:>19.4f}{lo['shipped']:>11.4f}{lo['replaced']:>12.4f}"
                  f"{lo['fair share']:>13.4f}{r['cpu']:>17.0f}", flush=True)
    if args.write and not args.quick:
        for title, rows in out.items():
            write(title, rows)


if __name__ == "__main__":
    main()
