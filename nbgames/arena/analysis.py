"""What a tournament says beyond win rates: ratings (openskill, Plackett-Luce),
payoff tables for 2-player games, results per seat, seat advantage, and
confidence intervals that use duplicate deals.

Every function reads the records a tournament keeps (``result.records``): each
holds the policy name of every seat (``names``), the winners and scores, and,
for a duplicate tournament, the deal it belongs to (``deal``).

A game's **rank order** is generic: the winners share first place (a team
win lists both seats of the team, so both are first); the other seats
follow by score, equal scores tied. A forfeit ranks the failing seat last and
every other seat first (as in the win count: a policy never gains from crashing).
"""

from __future__ import annotations

import math
from collections import defaultdict

from ..core.errors import OptionError

Z95 = 1.96


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (ties count as fractional wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: list[float], z: float = Z95, lo: float = -math.inf,
            hi: float = math.inf) -> tuple[float, float, float]:
    """Mean and normal 95% interval ``(mean, low, high)`` of independent values
    (clipped to ``[lo, hi]``); one value gives an unbounded interval."""
    n = len(values)
    if n == 0:
        return (math.nan, lo, hi)
    m = sum(values) / n
    if n == 1:
        return (m, lo, hi)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, max(lo, m - half), min(hi, m + half))


def ranks(rec: dict) -> list[int]:
    """0-based rank of every seat in one game (0 = first; equal ranks are ties)."""
    n = len(rec["names"])
    if "error" in rec:
        return [n - 1 if i == rec["forfeit_seat"] else 0 for i in range(n)]
    winners, scores = set(rec["winners"]), rec["scores"]
    key = [(0 if i in winners else 1, -scores[i]) for i in range(n)]
    return [sum(1 for k in key if k < key[i]) for i in range(n)]


def win_shares(rec: dict) -> list[float]:
    """Each seat's share of the game's win: 1/k for each of k winners; in a
    forfeit the seats of the other policies share it."""
    names = rec["names"]
    if "error" in rec:
        loser = names[rec["forfeit_seat"]]
        winners = [i for i, n in enumerate(names) if n != loser]
    else:
        winners = rec["winners"]
    out = [0.0] * len(names)
    for i in winners:
        out[i] = 1.0 / len(winners)
    return out


def finished(records: list[dict]) -> list[dict]:
    return [r for r in records if "error" not in r]


# -- tables -----------------------------------------------------------------------------
class ResultTable(list):
    """A list of row dicts that prints as a table (text and HTML) and turns into a
    pandas DataFrame with :meth:`to_pandas`."""

    def __init__(self, rows, title: str = "", note: str = ""):
        super().__init__(rows)
        self.title = title
        self.note = note

    @property
    def columns(self) -> list[str]:
        cols: list[str] = []
        for r in self:
            cols += [k for k in r if k not in cols]
        return cols

    def to_pandas(self):
        import pandas as pd
        return pd.DataFrame(list(self), columns=self.columns)

    @staticmethod
    def _fmt(v) -> str:
        if isinstance(v, float):
            return "-" if math.isnan(v) else f"{v:.3f}"
        if isinstance(v, tuple):
            return "-".join(ResultTable._fmt(x) for x in v)
        return "-" if v is None else str(v)

    def __repr__(self):
        cols = self.columns
        cells = [[self._fmt(r.get(c)) for c in cols] for r in self]
        widths = [max([len(c)] + [len(row[j]) for row in cells]) for j, c in enumerate(cols)]
        lines = [self.title] if self.title else []
        lines.append("  ".join(c.rjust(w) for c, w in zip(cols, widths)))
        lines += ["  ".join(x.rjust(w) for x, w in zip(row, widths)) for row in cells]
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def _repr_html_(self):
        from html import escape
        cols = self.columns
        head = "".join(f"<th>{escape(c)}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td>{escape(self._fmt(r.get(c)))}</td>" for c in cols)
                       + "</tr>" for r in self)
        cap = f"<p><b>{escape(self.title)}</b></p>" if self.title else ""
        note = f"<p>{escape(self.note)}</p>" if self.note else ""
        return f"{cap}<table><tr>{head}</tr>{body}</table>{note}"


def _frame(table: ResultTable, as_frame: bool | None):
    """A DataFrame when pandas is importable (or when asked), else the ResultTable."""
    if as_frame is False:
        return table
    try:
        import pandas  # noqa: F401
    except ImportError:
        if as_frame:
            raise
        return table
    df = table.to_pandas()
    df.attrs["title"] = table.title
    df.attrs["note"] = table.note
    return df


# -- ratings ----------------------------------------------------------------------------
def ratings(records: list[dict], names: list[str], model=None, as_frame=None):
    """Rate every policy with openskill's Plackett-Luce model from each game's rank
    order (:func:`ranks`), games in record order.

    Each seat is its own team in the match. A policy that holds several seats of
    one game (``greedy`` in three seats) plays as several copies of its rating;
    its new rating is the mean of the copies' updates (mu and sigma averaged): an
    approximation, as openskill rates distinct players."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as e:  # pragma: no cover - the theory extra
        raise ImportError("ratings() needs openskill: pip install 'nbgames[theory]'") from e
    model = model or PlackettLuce()
    current = {n: model.rating(name=n) for n in names}
    games = defaultdict(int)
    for rec in records:
        seats = rec["names"]
        teams = [[model.rating(mu=current[n].mu, sigma=current[n].sigma, name=n)] for n in seats]
        new = model.rate(teams, ranks=ranks(rec))
        for n in set(seats):
            mine = [new[i][0] for i, s in enumerate(seats) if s == n]
            current[n] = model.rating(mu=sum(r.mu for r in mine) / len(mine),
                                      sigma=sum(r.sigma for r in mine) / len(mine), name=n)
            games[n] += 1
    rows = [{"policy": n, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
             "ordinal": round(r.ordinal(), 3), "games": games[n]}
            for n, r in current.items()]
    rows.sort(key=lambda r: -r["ordinal"])
    return _frame(ResultTable(rows, "openskill Plackett-Luce ratings",
                              "ordinal = mu - 3 sigma, a conservative skill estimate"), as_frame)


# -- per seat and seat advantage ---------------------------------------------------------
def per_seat(records: list[dict], as_frame=None):
    """Win rate of every policy at every seat, with 95% Wilson CIs."""
    acc: dict[tuple, list[float]] = defaultdict(list)
    for rec in records:
        for i, s in enumerate(win_shares(rec)):
            acc[(rec["names"][i], i)].append(s)
    rows = []
    for (name, seat), shares in sorted(acc.items()):
        lo, hi = wilson(sum(shares), len(shares))
        rows.append({"policy": name, "seat": seat, "games": len(shares),
                     "win_rate": round(sum(shares) / len(shares), 3), "ci_low": round(lo, 3),
                     "ci_high": round(hi, 3)})
    return _frame(ResultTable(rows, "win rate by policy and seat"), as_frame)


def seat_advantage(records: list[dict], players: int, as_frame=None):
    """Does a seat win more than its fair share? Each seat's win rate over all
    games (ties split), with a 95% Wilson CI, against the baseline 1/players.
    Meaningful when seats rotate over the policies (as ``tournament`` does), so
    the policies' strength averages out of every seat."""
    rows = []
    recs = records
    for seat in range(players):
        shares = [win_shares(r)[seat] for r in recs]
        lo, hi = wilson(sum(shares), len(shares))
        base = 1 / players
        verdict = "more" if lo > base else "less" if hi < base else "not significant"
        rows.append({"seat": seat, "games": len(shares),
                     "win_rate": round(sum(shares) / len(shares), 3) if shares else math.nan,
                     "ci_low": round(lo, 3), "ci_high": round(hi, 3), "baseline": round(base, 3),
                     "verdict": verdict})
    return _frame(ResultTable(rows, "seat advantage: win rate by seat",
                              "verdict: wins more/less than 1/players at 95%"), as_frame)


# -- pairwise and payoff tables -----------------------------------------------------------
def pairwise(records: list[dict], names: list[str], as_frame=None):
    """For every ordered pair of different policies (A, B) that met: how often a
    seat of A finished ahead of a seat of B (rank order; ties count half), over
    every pair of such seats in every game, with a 95% Wilson CI."""
    acc: dict[tuple, list[float]] = defaultdict(list)
    for rec in records:
        r, seats = ranks(rec), rec["names"]
        for i, a in enumerate(seats):
            for j, b in enumerate(seats):
                if a != b:
                    acc[(a, b)].append(1.0 if r[i] < r[j] else 0.5 if r[i] == r[j] else 0.0)
    rows = []
    for a in names:
        for b in names:
            if (a, b) in acc:
                v = acc[(a, b)]
                lo, hi = wilson(sum(v), len(v))
                rows.append({"policy": a, "opponent": b, "meetings": len(v),
                             "ahead_rate": round(sum(v) / len(v), 3), "ci_low": round(lo, 3),
                             "ci_high": round(hi, 3)})
    return _frame(ResultTable(rows, "pairwise: how often the policy finished ahead of the "
                              "opponent"), as_frame)


def payoff_cells(records: list[dict]) -> dict[tuple, dict]:
    """2-player games: for each (row policy, column policy), the row's win shares
    and scores, one entry per game (each game counts for both orders)."""
    cells: dict[tuple, dict] = defaultdict(lambda: {"wins": [], "scores": []})
    for rec in records:
        if len(rec["names"]) != 2:
            raise OptionError(f"payoff tables are for 2-player games; this tournament has "
                              f"{len(rec['names'])} seats (use pairwise() or ratings())")
        shares = win_shares(rec)
        for i in (0, 1):
            c = cells[(rec["names"][i], rec["names"][1 - i])]
            c["wins"].append(shares[i])
            if "error" not in rec:
                c["scores"].append(rec["scores"][i])
    return cells


def payoff_table(records: list[dict], names: list[str], as_frame=None):
    """2-player games: the mean score and the win rate of each policy (row) against
    each other (column), with 95% CIs (Wilson for win rates, normal for scores).
    A policy against itself is listed when such games were played (its win rate
    is then 0.5 by symmetry, its score still informative)."""
    cells = payoff_cells(records)
    rows = []
    for a in names:
        for b in names:
            c = cells.get((a, b))
            if not c:
                continue
            w = c["wins"]
            lo, hi = wilson(sum(w), len(w))
            m, slo, shi = mean_ci(c["scores"])
            rows.append({"policy": a, "opponent": b, "games": len(w),
                         "win_rate": round(sum(w) / len(w), 3), "win_ci_low": round(lo, 3),
                         "win_ci_high": round(hi, 3), "mean_score": round(m, 2),
                         "score_ci_low": round(slo, 2), "score_ci_high": round(shi, 2)})
    return _frame(ResultTable(rows, "payoff table (row policy against column policy)"),
                  as_frame)


def payoff_matrix(records: list[dict], names: list[str], metric: str = "win_rate"):
    """``(names, matrix)``: ``matrix[i][j]`` is the mean ``metric`` ("win_rate" or
    "score") of policy ``names[i]`` against ``names[j]`` in 2-player games; NaN
    where they never met (0.5 on the diagonal for win rates when no self-play
    was recorded: a policy against itself wins half by symmetry)."""
    if metric not in ("win_rate", "score"):
        raise OptionError(f"metric must be 'win_rate' or 'score', got {metric!r}")
    cells = payoff_cells(records)
    key = "wins" if metric == "win_rate" else "scores"
    out = []
    for a in names:
        row = []
        for b in names:
            v = cells.get((a, b), {}).get(key, [])
            if v:
                row.append(sum(v) / len(v))
            elif a == b and metric == "win_rate":
                row.append(0.5)
            else:
                row.append(math.nan)
        out.append(row)
    return list(names), out
