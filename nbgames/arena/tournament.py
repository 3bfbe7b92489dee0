"""Seeded tournaments with fair seat rotation, any Executor, and a progress bar."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ..core.errors import OptionError, PolicyError
from .play import _as_game, play


def _one_game(config: dict, names: list[str], policies: list, seed: int) -> dict:
    """Run one game (top-level so a ProcessPoolExecutor can pickle it)."""
    try:
        rec = play(config, policies, seed=seed)
        rec["names"] = names
        return rec
    except PolicyError as e:
        return {"names": names, "seed": seed, "error": str(e), "forfeit_seat": e.seat,
                "forfeit": e.policy}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (ties count as fractional wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Row:
    name: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    score_n: int = 0
    forfeits: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.score_n if self.score_n else float("nan")


@dataclass
class TournamentResult:
    """Results per policy: games, wins (ties split), win rate with its 95%
    confidence interval, and mean score. ``records`` holds every game's record
    and ``errors`` every forfeit."""

    title: str
    players: int
    rows: dict[str, Row]
    records: list[dict] = field(repr=False, default_factory=list)
    errors: list[dict] = field(repr=False, default_factory=list)

    def __getitem__(self, name: str) -> Row:
        return self.rows[name]

    def table(self) -> list[dict]:
        out = []
        for r in sorted(self.rows.values(), key=lambda r: -r.win_rate):
            lo, hi = r.ci
            out.append({"policy": r.name, "games": r.games, "wins": round(r.wins, 3),
                        "win_rate": round(r.win_rate, 3), "ci95": (round(lo, 3), round(hi, 3)),
                        "mean_score": round(r.mean_score, 2), "forfeits": r.forfeits})
        return out

    def __repr__(self):
        head = f"{'policy':<16}{'games':>7}{'wins':>9}{'win rate':>10}{'95% CI':>16}{'mean score':>12}"
        lines = [f"Tournament: {self.title}, {self.players} players, {len(self.records)} games", head]
        for t in self.table():
            ci = f"{t['ci95'][0]:.2f}-{t['ci95'][1]:.2f}"
            lines.append(f"{t['policy']:<16}{t['games']:>7}{t['wins']:>9.1f}{t['win_rate']:>10.3f}"
                         f"{ci:>16}{t['mean_score']:>12.2f}")
        if self.errors:
            lines.append(f"{len(self.errors)} forfeit(s); see .errors")
        return "\n".join(lines)

    def _repr_html_(self):
        rows = "".join(
            f"<tr><td>{t['policy']}</td><td>{t['games']}</td><td>{t['wins']:.1f}</td>"
            f"<td>{t['win_rate']:.3f}</td><td>{t['ci95'][0]:.2f}&ndash;{t['ci95'][1]:.2f}</td>"
            f"<td>{t['mean_score']:.2f}</td><td>{t['forfeits']}</td></tr>" for t in self.table())
        return (f"<p><b>Tournament</b>: {self.title}, {self.players} players, "
                f"{len(self.records)} games</p><table><tr><th>policy</th><th>games</th>"
                f"<th>wins</th><th>win rate</th><th>95% CI</th><th>mean score</th>"
                f"<th>forfeits</th></tr>{rows}</table>")


def _progress(total: int, enabled: bool, title: str):
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, desc=f"{title} tournament", unit="game")


def tournament(game, policies: dict, games: int = 100, seed: int = 0, executor=None,
               progress: bool = True, players: int | None = None) -> TournamentResult:
    """Play ``games`` seeded games between named policies.

    Seats rotate fairly: game ``g`` seats policy ``names[(g + i) % k]`` at seat
    ``i``, so over any ``k`` consecutive games every policy sits at every seat.
    ``executor`` is any ``concurrent.futures.Executor`` (policies must then be
    picklable: module-level functions or the built-in bots). A policy that raises
    or returns an illegal action forfeits that game: the others share the win, the
    error is kept in ``.errors``, and the tournament goes on.
    """
    if not isinstance(policies, dict) or not policies:
        raise OptionError("policies must be a non-empty dict {name: policy}")
    names = list(policies)
    if isinstance(game, str):
        game = _as_game(game, players or len(names))
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise OptionError(f"games must be a positive int, got {games!r}")
    config = game.config()
    seeds = random.Random(seed).sample(range(2**62), games)
    jobs = []
    for g in range(games):
        seat_names = [names[(g + i) % len(names)] for i in range(game.players)]
        jobs.append((config, seat_names, [policies[n] for n in seat_names], seeds[g]))
    bar = _progress(games, progress, game.title)
    results: list[dict] = [None] * games
    if executor is None:
        for g, job in enumerate(jobs):
            results[g] = _one_game(*job)
            if bar is not None:
                bar.update(1)
    else:
        futures = [executor.submit(_one_game, *job) for job in jobs]
        from concurrent.futures import as_completed
        index = {f: g for g, f in enumerate(futures)}
        for f in as_completed(futures):
            results[index[f]] = f.result()
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    rows = {n: Row(n) for n in names}
    errors = []
    for rec in results:
        seat_names = rec["names"]
        for n in set(seat_names):
            rows[n].games += 1
        if "error" in rec:
            errors.append(rec)
            bad = rec["forfeit_seat"]
            rows[seat_names[bad]].forfeits += 1
            others = [i for i in range(len(seat_names)) if i != bad]
            for i in others:
                rows[seat_names[i]].wins += 1 / len(others)
            continue
        for i in rec["winners"]:
            rows[seat_names[i]].wins += 1 / len(rec["winners"])
        for i, s in enumerate(rec["scores"]):
            rows[seat_names[i]].score_sum += s
            rows[seat_names[i]].score_n += 1
    return TournamentResult(game.title, game.players, rows, results, errors)
