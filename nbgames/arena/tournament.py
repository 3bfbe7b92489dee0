"""Seeded tournaments with fair seat rotation, any Executor, and a progress bar."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..agents.adapter import as_policy
from ..core.errors import OptionError, PolicyError, last_frames
from ..core.registry import spec
from ..core.validate import as_int
from . import analysis
from .analysis import mean_ci, wilson
from .play import game_for, play
from .progress import progress_bar


def _one_game(config: dict, names: list[str], policies: list, seed: int) -> dict:
    """Run one game (top-level so a ProcessPoolExecutor can pickle it)."""
    try:
        rec = play(config, policies, seed=seed)
        rec["names"] = names
        return rec
    except PolicyError as e:
        cause = e.__cause__
        return {"names": names, "seed": seed, "error": str(e), "forfeit_seat": e.seat,
                "forfeit": e.policy, "step": e.step,
                "error_type": type(cause).__name__ if cause is not None else "illegal action",
                "frames": last_frames(e)}


@dataclass
class Row:
    name: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    score_n: int = 0
    forfeits: int = 0
    seats_held: int = 0
    deal_shares: dict = field(repr=False, default_factory=dict)

    @property
    def baseline(self) -> float:
        """The win rate of a policy no better than the others: the share of the seats
        it held in its games (1/players when it holds one seat a game)."""
        return self.seats_held / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """95% CI of the win rate. In a duplicate tournament it is over deals (the
        mean win share of each deal across its seat rotations, a normal interval),
        so the luck of the deal cancels; otherwise the Wilson interval over games."""
        if self.deal_shares:
            return self.ci_deals
        return self.ci_games

    @property
    def ci_games(self) -> tuple[float, float]:
        """Wilson 95% CI treating every game as independent."""
        return wilson(self.wins, self.games)

    @property
    def ci_deals(self) -> tuple[float, float]:
        """Normal 95% CI over the per-deal mean win shares (duplicate tournaments).
        When every deal gave the same mean (no spread to estimate), it falls back to
        the Wilson interval with one trial per deal, rather than a zero width."""
        means = [sum(v) / len(v) for v in self.deal_shares.values()]
        if len(set(means)) <= 1:
            return wilson(sum(means), len(means))
        _, lo, hi = mean_ci(means, lo=0.0, hi=1.0)
        return (lo, hi)

    @property
    def mean_score(self) -> float | None:
        """Mean score over the games this policy finished; None when it finished none."""
        return self.score_sum / self.score_n if self.score_n else None


@dataclass
class TournamentResult:
    """Results per policy: games, wins (ties split), win rate with its 95%
    confidence interval, mean score and forfeits. ``records`` holds every game's
    record and ``errors`` every forfeit.

    A forfeit is a loss for the policy that failed (it raised or returned an
    illegal action): the game's win is shared by the seats of the other
    policies only, so a policy never gains from crashing. Scores of a forfeited
    game are not counted."""

    title: str
    players: int
    rows: dict[str, Row]
    records: list[dict] = field(repr=False, default_factory=list)
    errors: list[dict] = field(repr=False, default_factory=list)
    duplicate: bool = False

    @property
    def names(self) -> list[str]:
        return list(self.rows)

    @classmethod
    def from_records(cls, title: str, players: int, records: list[dict], duplicate: bool = False,
                     names: list[str] | None = None) -> TournamentResult:
        """The result of games already played: each record names who held each seat
        (``names``, one a seat) and its ``deal``; a forfeit record holds ``error``
        and ``forfeit_seat``. ``nbgames.tournament`` ends here, and so do the games
        of a hosted classroom (``host.result()``), so ratings and payoff tables
        work on people's games too. ``names`` orders the rows (default: as they
        first appear)."""
        if names is None:
            names = list(dict.fromkeys(n for r in records for n in r["names"]))
        rows = {n: Row(n) for n in names}
        errors = []
        for rec in records:
            seat_names = rec["names"]
            for n in set(seat_names):
                rows[n].games += 1
                rows[n].seats_held += seat_names.count(n) / len(seat_names)
            if duplicate:
                shares = analysis.win_shares(rec)
                for n in set(seat_names):
                    rows[n].deal_shares.setdefault(rec["deal"], []).append(
                        sum(x for x, m in zip(shares, seat_names) if m == n))
            if "error" in rec:
                errors.append(rec)
                loser = seat_names[rec["forfeit_seat"]]
                rows[loser].forfeits += 1
                _share([i for i, n in enumerate(seat_names) if n != loser], seat_names, rows)
                continue
            _share(rec["winners"], seat_names, rows)
            for i, s in enumerate(rec["scores"]):
                rows[seat_names[i]].score_sum += s
                rows[seat_names[i]].score_n += 1
        return cls(title, players, rows, list(records), errors, duplicate)

    def ratings(self, model=None, as_frame=None):
        """openskill (Plackett-Luce) rating of every policy from each game's rank
        order: mu, sigma and the ordinal (mu - 3 sigma). See
        :func:`nbgames.arena.analysis.ratings`. A pandas DataFrame when pandas is
        installed, else a printable list of rows."""
        return analysis.ratings(self.records, self.names, model=model, as_frame=as_frame)

    def payoff_table(self, as_frame=None):
        """2-player games: mean score and win rate of each policy against each other,
        with 95% CIs. See :func:`nbgames.arena.analysis.payoff_table`."""
        return analysis.payoff_table(self.records, self.names, as_frame=as_frame)

    def payoff_matrix(self, metric: str = "win_rate"):
        """``(names, matrix)`` of mean win rate (or "score") of row against column."""
        return analysis.payoff_matrix(self.records, self.names, metric)

    def per_seat(self, as_frame=None):
        """Win rate of every policy at every seat, with CIs."""
        return analysis.per_seat(self.records, as_frame=as_frame)

    def pairwise(self, as_frame=None):
        """How often each policy finished ahead of each other policy, with CIs."""
        return analysis.pairwise(self.records, self.names, as_frame=as_frame)

    def seat_advantage(self, as_frame=None):
        """Win rate of each seat (whoever sat there) against 1/players, with CIs."""
        return analysis.seat_advantage(self.records, self.players, as_frame=as_frame)

    def __getitem__(self, name: str) -> Row:
        return self.rows[name]

    def table(self) -> list[dict]:
        out = []
        for r in sorted(self.rows.values(), key=lambda r: -r.win_rate):
            lo, hi = r.ci
            mean = r.mean_score
            out.append({"policy": r.name, "games": r.games, "wins": round(r.wins, 3),
                        "win_rate": round(r.win_rate, 3), "ci95": (round(lo, 3), round(hi, 3)),
                        "baseline": round(r.baseline, 3),
                        "mean_score": None if mean is None else round(mean, 2),
                        "forfeits": r.forfeits})
        return out

    @property
    def finished(self) -> int:
        """Games played to the end (not forfeited)."""
        return len(self.records) - len(self.errors)

    def failing(self) -> list[dict]:
        """The policies that forfeited most of their games, each as ``{"policy",
        "forfeits", "games", "played", "first"}``: ``played`` counts its games that
        no other policy's forfeit ended first (a policy that always crashes may
        rarely get to move when another crashes sooner), and a policy is listed when
        it forfeited more than half of those. ``first`` is its first forfeit (the
        game, seat, step, error and the last frames of its traceback, from
        ``errors``). Their win rates say little: a forfeit is a loss, and the other
        seats share that game's win."""
        out = []
        for r in self.rows.values():
            if not r.forfeits:
                continue
            mine = [e for e in self.errors if e["names"][e["forfeit_seat"]] == r.name]
            ended_by_others = sum(1 for e in self.errors if r.name in e["names"]
                                  and e["names"][e["forfeit_seat"]] != r.name)
            played = r.games - ended_by_others
            if 2 * r.forfeits > played:
                out.append({"policy": r.name, "forfeits": r.forfeits, "games": r.games,
                            "played": played, "first": mine[0]})
        return out

    def _flags(self) -> list[str]:
        lines = []
        for f in self.failing():
            e = f["first"]
            step = "" if e.get("step") is None else f", step {e['step']}"
            of = f"{f['forfeits']} of its {f['games']} games" if f["played"] == f["games"] else \
                f"{f['forfeits']} of the {f['played']} games it played that no other forfeit ended first"
            lines.append(f"! {f['policy']} forfeited {of}: its win rate means little. First error "
                         f"(game {e.get('game', '?')}, seat {e['forfeit_seat']}{step}): {e['error']}")
        return lines

    def _summary(self) -> str:
        text = f"{self.title}, {self.players} players, {len(self.records)} games"
        if self.duplicate:
            text += f" ({len({r['deal'] for r in self.records})} duplicate deals)"
        if self.errors:
            text += f", {len(self.errors)} forfeited"
        return text

    def __repr__(self):
        return self.text()

    def text(self, errors_hint: str = "see .errors") -> str:
        """The table as text (what ``repr`` shows): the summary, a flag line above
        the table for every policy that forfeited most of its games (with its first
        error), the table, and a note on forfeits that ends with ``errors_hint``."""
        head = (f"{'policy':<16}{'games':>7}{'wins':>9}{'win rate':>10}{'95% CI':>16}"
                f"{'baseline':>10}{'mean score':>12}{'forfeits':>10}")
        lines = [f"Tournament: {self._summary()}", *self._flags(), head]
        for t in self.table():
            ci = f"{t['ci95'][0]:.2f}-{t['ci95'][1]:.2f}"
            lines.append(f"{t['policy']:<16}{t['games']:>7}{t['wins']:>9.1f}{t['win_rate']:>10.3f}"
                         f"{ci:>16}{t['baseline']:>10.3f}{_mean_text(t, '-'):>12}{t['forfeits']:>10}")
        hint = f" ({errors_hint})" if errors_hint else ""
        if not self.finished:
            lines.append(f"No game could be played to the end: every game was forfeited{hint}.")
        elif self.errors:
            lines.append(f"{len(self.errors)} forfeit(s), each a loss for the policy that "
                         f"failed{hint}.")
        return "\n".join(lines)

    def _repr_html_(self):
        from html import escape
        rows = "".join(
            f"<tr><td>{escape(t['policy'])}</td><td>{t['games']}</td><td>{t['wins']:.1f}</td>"
            f"<td>{t['win_rate']:.3f}</td><td>{t['ci95'][0]:.2f}&ndash;{t['ci95'][1]:.2f}</td>"
            f"<td>{t['baseline']:.3f}</td>"
            f"<td>{_mean_text(t, '&ndash;')}</td><td>{t['forfeits']}</td></tr>"
            for t in self.table())
        note = ("<p>No game could be played to the end: every game was forfeited.</p>"
                if not self.finished else "")
        flags = "".join(f'<p class="nbg-flag" style="color:#b42318"><b>{escape(line[:2])}</b>'
                        f"{escape(line[2:])}</p>" for line in self._flags())
        return (f"<p><b>Tournament</b>: {escape(self._summary())}</p>{flags}<table><tr><th>policy</th>"
                f"<th>games</th><th>wins</th><th>win rate</th><th>95% CI</th><th>baseline</th>"
                f"<th>mean score</th>"
                f"<th>forfeits</th></tr>{rows}</table>{note}")


def _share(winners: list[int], seat_names: list[str], rows: dict) -> None:
    """One game's win, shared by the winning seats: each policy gets its seats'
    share in one division (so three thirds make exactly one)."""
    for name in set(seat_names[i] for i in winners):
        rows[name].wins += sum(1 for i in winners if seat_names[i] == name) / len(winners)


def _mean_text(row: dict, dash: str) -> str:
    return dash if row["mean_score"] is None else f"{row['mean_score']:.2f}"


TOURNAMENT_ARGS = ("game", "policies", "games", "seed", "executor", "progress", "players", "batch",
                   "duplicate")


def tournament(game, policies: dict, games: int = 100, seed: int = 0, executor=None,
               progress: bool = True, players: int | None = None,
               batch: int | None = None, duplicate: bool = False, **options) -> TournamentResult:
    """Play ``games`` seeded games between named policies.

    Seats rotate fairly: game ``g`` seats policy ``names[(g + i) % k]`` at seat
    ``i``, so over any ``k`` consecutive games every policy sits at every seat.
    ``executor`` is any ``concurrent.futures.Executor`` (policies must then be
    picklable: module-level functions or the built-in bots), dask's
    ``client.get_executor()`` included; the games go to it in batches of
    ``batch`` consecutive games (None: about four batches a worker, see
    :mod:`nbgames.arena.batches`), with the same results as the serial run. A policy that raises
    or returns an illegal action forfeits that game: a loss for it, the win shared
    by the seats of the other policies, the error kept in ``.errors``, and the
    tournament goes on. Policies are checked before any game starts: a
    callable, or a built-in bot's name ("greedy", "random").

    ``duplicate=True`` plays every deal (seed) once per seat rotation: the ``k =
    len(policies)`` consecutive games ``g = d*k ... d*k + k - 1`` share deal ``d``'s
    seed, so each policy meets the same cards from every seat and the luck of the
    deal cancels. ``games`` must then be a multiple of ``k``; win-rate CIs are
    computed over deals (``Row.ci_deals``; ``Row.ci_games`` is the independent-game
    interval, for comparison). ``progress``: a ``tqdm.auto`` bar (True), nothing (False),
    or a function called as ``progress(done, total)`` after each game (each batch on
    an executor).

    ``game`` is a title, a loaded Game or a config dict, as for :func:`nbgames.play`
    and the board (``widget``): with a title, ``players`` (default: one a policy,
    within the title's range) and the title's options as keyword arguments load it.
    """
    if not isinstance(policies, dict) or not policies:
        raise OptionError("policies must be a non-empty dict {name: policy}")
    checked = {}
    for name, p in policies.items():
        if not isinstance(name, str):
            raise OptionError(f"policy names must be strings, got {name!r}")
        try:
            checked[name] = as_policy(p)
        except OptionError as e:
            raise OptionError(f"policy {name!r}: {e}") from None
    policies = checked
    names = list(policies)
    default = None
    if isinstance(game, str):
        g = spec(game).game
        default = max(g.min_players, min(len(names), g.max_players))
    game = game_for(game, players, options, default_players=default, who="tournament",
                    arguments=TOURNAMENT_ARGS)
    games = as_int(games, "games", 1, None)
    if not isinstance(duplicate, bool):
        raise OptionError(f"duplicate must be True or False, got {duplicate!r}")
    k = len(names)
    if duplicate and games % k:
        raise OptionError(f"duplicate=True plays each deal once per seat rotation ({k} games a "
                          f"deal for {k} policies): games must be a multiple of {k}, got {games} "
                          f"(try {games - games % k or k} or {games - games % k + k})")
    config = game.config()
    deals = games // k if duplicate else games
    seeds = random.Random(seed).sample(range(2**62), deals)
    jobs = []
    for g in range(games):
        seat_names = [names[(g + i) % k] for i in range(game.players)]
        deal = g // k if duplicate else g
        jobs.append((config, seat_names, [policies[n] for n in seat_names], seeds[deal]))
    bar = progress_bar(games, progress, f"{game.title} tournament", "game")
    results: list[dict] = [None] * games
    if executor is None:
        for g, job in enumerate(jobs):
            results[g] = _one_game(*job)
            if bar is not None:
                bar.update(1)
    else:  # in batches of consecutive games (nbgames.arena.batches)
        from .batches import run_jobs
        results = run_jobs(executor, _one_game, jobs, bar, batch)
    if bar is not None:
        bar.close()
    for g, rec in enumerate(results):
        rec["deal"] = g // k if duplicate else g
        if "error" in rec:
            rec["game"] = g
    return TournamentResult.from_records(game.title, game.players, results, duplicate=duplicate,
                                         names=names)
