"""The Cookoff's value learned from self-play (``nbgames/games/chili_cookoff/value.py``):
learns it and measures it.

For each player count: greedy games (game seeds ``0..G-1``, ``--games``, a quarter
of their positions drawn) give the completion table and the softmax temperature
(the grid in ``value.py``'s doc, the highest likelihood of the seats' shares of the
win); other games (seed block 1, a third as many) measure it. For each count it
prints the log loss of the seats' shares of the win, held out, under:

* ``learned``: the value learned here;
* ``shipped``: the value in ``value.json`` now (the same as ``learned`` when the
  file was made by this script with the same games);
* ``hand-set``: the evaluation it replaced, a logistic of each seat's lead over the
  best other seat (scale ``3 + 0.6 h + 5 r``, the bonus at ``0.45 ** m``);
* ``fair share``: every seat at its share of the wins, knowing nothing.

Run: ``python bench/chili_cookoff_value.py [--players 2 3 ...] [--workers 2]
[--write] [--quick]``; ``--write`` writes ``value.json``; ``--quick`` plays a
20th of the games. About 20 minutes of CPU for every
count.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import nbgames
from nbgames.games.chili_cookoff import value

GAMES = {2: 6000, 3: 3000, 4: 2000, 5: 2000, 6: 1500, 7: 1500}
GRID = (np.arange(0.5, 8.01, 0.5), np.arange(0.0, 1.51, 0.1), np.arange(0.0, 12.01, 1.0))


def arrays(rows, completion, bonus, rounds):
    est = np.array([value.row_estimates(r, completion, bonus) for r in rows], float)
    hands = np.array([r["hands_left"] for r in rows], float)
    rounds_left = np.array([rounds - r["round"] - 1 for r in rows], float)
    win = np.array([r["win"] for r in rows], float)
    return est, hands, rounds_left, win


def log_loss(p, y) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def softmax(est, temp):
    z = (est - est.max(1, keepdims=True)) / temp[:, None]
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def hand_set(rows, bonus, rounds):
    """The replaced evaluation on learning rows (``margin_values`` of its estimates)."""
    est = []
    for r in rows:
        h = r["hands_left"]
        est.append([t + max(pts + (bonus if m == 0 else 0 if m > h else bonus * 0.45 ** m)
                            for pts, m, _ in recipes) for t, recipes in r["seats"]])
    est = np.array(est, float)
    scale = 3.0 + 0.6 * np.array([r["hands_left"] for r in rows], float) \
        + 5.0 * np.array([rounds - r["round"] - 1 for r in rows], float)
    n = est.shape[1]
    others = np.stack([np.delete(est, s, axis=1).max(1) for s in range(n)], 1)
    return 1.0 / (1.0 + np.exp(-(est - others) / scale[:, None]))


def learn(players: int, share: float = 1.0) -> dict:
    t = time.process_time()
    game = nbgames.load("chili_cookoff", players=players)
    bonus, rounds = game.components.bonus, game.options["rounds"]
    games = max(3, round(GAMES[players] * share))
    train = list(value.self_play(game, games, seed=0))
    held = list(value.self_play(game, games // 3, seed=1))
    completion = value.completion_from(value.completion_counts(train))
    est, hands, rl, win = arrays(train, completion, bonus, rounds)
    best = None
    for a in GRID[0]:
        for b in GRID[1]:
            for c in GRID[2]:
                loss = log_loss(softmax(est, a + b * hands + c * rl), win)
                if best is None or loss < best[0]:
                    best = (loss, float(a), round(float(b), 1), float(c))
    _, a, b, c = best
    est, hands, rl, win = arrays(held, completion, bonus, rounds)
    shipped = float("nan")
    if value._FILE.exists():
        scale, table = value.table(players)
        shipped = log_loss(softmax(arrays(held, table, bonus, rounds)[0],
                                   value.temperature(scale, hands, rl)), win)
    return {"players": players, "games": games, "held_games": games // 3,
            "positions": len(train), "held_positions": len(held),
            "scale": [a, b, c],
            "completion": {f"{m},{h},{k}": round(p, 6) for (m, h, k), p in sorted(completion.items())},
            "loss": {"learned": log_loss(softmax(est, a + b * hands + c * rl), win),
                     "shipped": shipped,
                     "hand-set": log_loss(hand_set(held, bonus, rounds), win),
                     "fair share": log_loss(np.full_like(win, 1.0 / players), win)},
            "cpu": time.process_time() - t}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", nargs="+", type=int, default=sorted(GAMES))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="write value.json")
    ap.add_argument("--quick", action="store_true", help="a 20th of the games (for checking "
                                                          "the script; not for --write)")
    args = ap.parse_args(argv)
    print(f"{'players':>8}{'positions':>11}{'scale a, b, c':>16}"
          f"{'log loss, held out: learned / shipped / hand-set / fair share':>64}{'CPU s':>8}",
          flush=True)
    out = {}
    with ProcessPoolExecutor(args.workers) as ex:
        share = 0.05 if args.quick else 1.0
        for r in ex.map(learn, args.players, [share] * len(args.players)):
            out[r["players"]] = r
            lo = r["loss"]
            print(f"{r['players']:>8}{r['positions']:>11}{str(tuple(r['scale'])):>16}"
                  f"{lo['learned']:>19.4f}{lo['shipped']:>11.4f}{lo['hand-set']:>12.4f}"
                  f"{lo['fair share']:>13.4f}{r['cpu']:>17.0f}", flush=True)
    if args.write and not args.quick:
        old = json.loads(value._FILE.read_text())["players"] if value._FILE.exists() else {}
        data = {"source": "python bench/chili_cookoff_value.py --write: greedy self-play, "
                          "nbgames/games/chili_cookoff/value.py says how",
                "players": {str(n): {k: out[n][k] for k in ("games", "positions", "scale",
                                                             "completion")}
                            for n in sorted(out)}}
        data["players"] = {**old, **data["players"]}
        data["players"] = {k: data["players"][k] for k in sorted(data["players"], key=int)}
        value._FILE.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {value._FILE}")


if __name__ == "__main__":
    main()
