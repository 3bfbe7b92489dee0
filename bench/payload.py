"""Kernel-side widget payload for every title, no browser needed: the JSON bytes of
the synced traits that change after each human decision (seat 0 human, the other
seats greedy), which is what an update message carries besides its envelope.

    python bench/payload.py

bench/widget.py measures the real websocket frames in Chromium (one title a run); this
script covers every title, long legal lists (hundreds of placements) included.
Titles and player counts come from each title's spec (``bench_players``).
Target (issue 7): median update <= 3 KB for every title and player count.
"""

from __future__ import annotations

import argparse
import json
import statistics

import nbgames
from nbgames.core.registry import spec
from nbgames.widget.base import GameWidget


def synced_names(w) -> list[str]:
    return [n for n in w.trait_names(sync=True) if n in GameWidget.class_trait_names(sync=True)
            and not n.startswith("_") and n not in ("layout", "tabbable", "tooltip")]


def measure(title: str, players: int, seed: int) -> list[int]:
    w = nbgames.widget(title, players=players,
                       seats=["human"] + [nbgames.bots.greedy] * (players - 1), seed=seed)
    names = synced_names(w)

    def snap():
        return {n: json.dumps(getattr(w, n), separators=(",", ":")) for n in names}
    sizes, before = [], snap()
    while w.to_move is not None:
        obs = w.state.observation(w.viewer)
        w.act(nbgames.bots.GreedyPolicy(seed=w.step_index)(obs, w.state.legal_actions()))
        after = snap()
        sizes.append(sum(len(k) + len(v) for k, v in after.items() if before[k] != v))
        before = after
    return sizes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--titles", nargs="+", default=nbgames.games())
    args = ap.parse_args(argv)
    print(f"{'title':<22}{'updates':>8}{'median B':>10}{'p90 B':>8}{'max B':>8}")
    for title in args.titles:
        for n in spec(title).bench_players:
            sizes = sorted(s for seed in args.seeds for s in measure(title, n, seed))
            p90 = sizes[int(0.9 * (len(sizes) - 1))]
            print(f"{title + f' ({n}p)':<22}{len(sizes):>8}{statistics.median(sizes):>10,.0f}"
                  f"{p90:>8,}{sizes[-1]:>8,}", flush=True)


if __name__ == "__main__":
    main()
