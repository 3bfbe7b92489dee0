"""How fast and how repeatable a review is, per title, at the default budget.

For each title, one 2-player game between the random policy (seat 0) and the
greedy bot (seat 1), from ``--game-seed``, is reviewed whole (every seat,
``nbgames.review(record, seed=s)``) with ``--seeds`` review seeds. Printed per
title:

* the decisions judged, the iterations of each search (the default budget),
  the playouts and worlds drawn a review (its work, which a busy machine does not change),
  how many rows were exact, and the CPU seconds of one review (mean and most
  over the seeds; the bound is 60 s on one core);
* **stability**: the share of decisions given the same class by every seed,
  and the mean share of seeds agreeing with a decision's most common class
  (the aim: the same class for at least 90 % of decisions);
* the classes over all seeds, "unclear" included;
* **a losing game's errors**: each seat's mean loss with its standard error
  (over the seeds' reviews: the mean of their means, and the spread of those
  means over sqrt(seeds)), and the random seat's excess over greedy's.

``--noise`` instead measures the noise the judge's doc quotes: the seed-to-seed
standard deviation of one focused measure's value (8 seeds, three positions a
title), by the search and by playouts, beside the binomial bound of the visits,
and of the difference of two moves measured with one seed (playouts share
their worlds then; a search does not). A run prints its figures; the
issue that asks for them gets them in its closing note (result files name the
titles, and nothing outside a title's folder does).

Run: ``python bench/review.py`` (``--titles a,b``, ``--seeds 5``,
``--game-seed 1``, ``--noise``). CPU time is this process's; the machine's load
slows the wall clock only.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import random
import statistics
import time
from collections import Counter

import nbgames
from nbgames.arena import judge as jd
from nbgames.arena import review as rv

ro = importlib.import_module("nbgames.agents.rollouts")   # the module (nbgames.bots.rollouts is the function)


def stability(reviews) -> tuple[float, float]:
    """(share of decisions with one class in every review, mean modal share)."""
    by_step = {}
    for rev in reviews:
        for r in rev.rows:
            by_step.setdefault(r["step"], []).append(r["class"])
    same = [len(set(c)) == 1 for c in by_step.values()]
    modal = [Counter(c).most_common(1)[0][1] / len(c) for c in by_step.values()]
    return sum(same) / len(same), statistics.fmean(modal)


@contextlib.contextmanager
def counted():
    """Count the playouts and the worlds drawn by the review's playouts (the default
    judge) while the block runs: the work a review does, which the machine's speed
    does not change (a shared machine's CPU seconds vary by 15 % from run to run)."""
    n = {"playouts": 0, "worlds": 0}
    play, draw = ro.play_on, ro.draw_world

    def play_on(*a, **k):
        n["playouts"] += 1
        return play(*a, **k)

    def draw_world(*a, **k):
        n["worlds"] += 1
        return draw(*a, **k)

    ro.play_on, ro.draw_world = play_on, draw_world
    try:
        yield n
    finally:
        ro.play_on, ro.draw_world = play, draw


def one(title: str, seeds: int, game_seed: int) -> dict:
    game = nbgames.load(title, players=2)
    rec = nbgames.play(game, ["random", "greedy"], seed=game_seed)
    reviews, cpu = [], []
    work = []
    for s in range(seeds):
        with counted() as n:
            t = time.process_time()
            reviews.append(nbgames.review(rec, seed=s, progress=False))
            cpu.append(time.process_time() - t)
        work.append(n)
    same, modal = stability(reviews)
    means = {seat: [next(r for r in rev.summary(as_frame=False) if r["seat"] == seat)["mean_loss"]
                    for rev in reviews] for seat in (0, 1)}

    def mean_se(xs):
        return statistics.fmean(xs), (statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else
                                      float("nan"))

    excess = [a - b for a, b in zip(means[0], means[1])]
    first = reviews[0].summary(as_frame=False)
    return {"title": title, "scores": rec["scores"], "judged": len(reviews[0].rows),
            "iterations": rv.default_budget(len(reviews[0].rows), rv.budget_scale(title)),
            "exact": sum(r["source"] == "exact" for r in reviews[0].rows),
            "cpu": cpu, "same": same, "modal": modal,
            "playouts": statistics.fmean(w["playouts"] for w in work),
            "worlds": statistics.fmean(w["worlds"] for w in work),
            "classes": Counter(r["class"] for rev in reviews for r in rev.rows),
            "random": mean_se(means[0]), "greedy": mean_se(means[1]), "excess": mean_se(excess),
            "within": [(r["mean_loss"], r["mean_loss_se"]) for r in first]}


def noise(title: str, sizes=(100, 400), seeds: int = 8) -> list[str]:
    """Seed-to-seed sd of one focused measure's value at three positions, by the
    search and by playouts, the binomial bound, and the sd of the difference of
    two moves measured in one round (playouts: paired, the same worlds)."""
    game = nbgames.load(title, players=2)
    rec = nbgames.play(game, ["greedy", "random"], seed=3)
    n = len(rec["actions"])
    out = []
    for frac in (0.2, 0.45, 0.7):
        state = nbgames.replay(rec, upto=int(n * frac))
        while len(state.legal_action_ids()) < 2:
            state.apply(state.legal_action_ids()[0])
        info = nbgames.InfoSet(state, state.current_player, random.Random(1))
        aid, other = (int(a) for a in state.legal_action_ids()[:2])
        cells = []
        for k in sizes:
            for name, make in (("search", lambda s, k=k: nbgames.bots.ismcts(iterations=k, anchor=0,
                                                                           seed=s)),
                               ("playouts", lambda s, k=k: nbgames.bots.rollouts(n=k, seed=s))):
                one = [make(100 + s).analyse(jd.Focused(info, (aid,)))[aid]["value"]
                       for s in range(seeds)]
                two = [make(100 + s).analyse(jd.Focused(info, (other,)))[other]["value"]
                       for s in range(seeds)]
                m = statistics.fmean(one)
                diff = statistics.stdev([a - b for a, b in zip(one, two)])
                cells.append(f"{name} {k}: value {m:.2f} sd {statistics.stdev(one):.3f} "
                             f"(bound {(m * (1 - m) / k) ** 0.5:.3f}), difference sd {diff:.3f}")
        out.append(f"{title:<16} step {state.step:>4}\n    " + "\n    ".join(cells))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--titles", default=",".join(nbgames.games()))
    p.add_argument("--seeds", type=int, default=5)
    p.add_argument("--game-seed", type=int, default=1)
    p.add_argument("--noise", action="store_true")
    args = p.parse_args(argv)
    titles = args.titles.split(",")
    if args.noise:
        for title in titles:
            print("\n".join(noise(title)), flush=True)
        return
    print(f"one random (seat 0) vs greedy (seat 1) game a title, game seed {args.game_seed}, "
          f"reviewed whole at the default budget with review seeds 0-{args.seeds - 1}")
    for title in titles:
        r = one(title, args.seeds, args.game_seed)
        cls = ", ".join(f"{c} {r['classes'][c]}" for c in rv.CLASSES if r["classes"][c])
        print(f"{title}: scores {r['scores']}, {r['judged']} decisions judged ({r['exact']} exact), "
              f"{r['iterations']} playouts a move\n"
              f"  cpu s per review: mean {statistics.fmean(r['cpu']):.1f}, most {max(r['cpu']):.1f}; "
              f"playouts {r['playouts']:,.0f}, worlds drawn {r['worlds']:,.0f} (mean)\n"
              f"  same class in all {args.seeds} reviews: {100 * r['same']:.0f}% of decisions; "
              f"mean agreement with the modal class {100 * r['modal']:.0f}%\n"
              f"  classes over the reviews: {cls}\n"
              f"  mean loss over the reviews: random {r['random'][0]:.4f} ± {r['random'][1]:.4f}, "
              f"greedy {r['greedy'][0]:.4f} ± {r['greedy'][1]:.4f}; random - greedy "
              f"{r['excess'][0]:.4f} ± {r['excess'][1]:.4f}\n"
              f"  first review's own estimate (mean loss ± se): random {r['within'][0][0]:.4f} ± "
              f"{r['within'][0][1]:.4f}, greedy {r['within'][1][0]:.4f} ± {r['within'][1][1]:.4f}",
              flush=True)


if __name__ == "__main__":
    main()
