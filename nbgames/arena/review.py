"""Review a finished game the way chess players do: every decision of the chosen
seats measured by an advisor, the loss of value classed, a summary per seat and
a graph of how each seat's chances went.

>>> import nbgames
>>> rec = nbgames.play(nbgames.load(nbgames.games()[0], players=2), ["greedy", "random"], seed=3)
>>> rev = nbgames.review(rec, seats=[1], budget=30, progress=False)
>>> {r["class"] for r in rev.rows} <= set(nbgames.arena.review.CLASSES)
True

What a row holds
----------------
One row per decision of a reviewed seat that had a choice (a decision with a
single legal action is not judged): ``step`` (decisions made before it, the
scrubber's position), ``seat``, ``taken`` (the label of the action taken) and
``best`` (the advisor's choice), ``value_taken`` and ``value_best``, ``loss``
(``max(0, value_best - value_taken)``), ``class``, ``source`` ("exact" or
"search"), ``method`` (which solver and how the hidden cards were drawn, or the
search and its budget), the visits of both moves (search only), ``legal`` (how
many moves there were), ``focused`` (see below) and the ids ``taken_id`` and
``best_id``.

The value scale
---------------
Every value is the seat's **win chance**: its expected share of the win (1 for a
sole win, 1/k for a k-way tie, 0 for a loss), from 0 to 1, the scale of
:func:`nbgames.bots.ismcts` and of the solver's ``payoff="win"``. The loss is in
points of win chance (0.10 = ten percentage points). The classes
(:data:`~nbgames.arena.review.THRESHOLDS`):

=============  ==========================================
class          loss (win chance given up)
=============  ==========================================
best           0: the advisor's choice, or a move it values at least as high
good           above 0 and below 0.05
inaccuracy     0.05 to below 0.10
mistake        0.10 to below 0.20
blunder        0.20 or more
=============  ==========================================

Lichess draws its lines at 0.05, 0.10 and 0.15 of win probability; the blunder
line is higher here because a search's values carry sampling noise (a few
hundredths at the default budget).

Only what the seat knew
-----------------------
A decision is judged from its seat's information set (:class:`nbgames.InfoSet`:
the seat's observation, everything it could not see resampled), never from the
true state: the review replays the record and, at each decision, gives the
advisor ``InfoSet(state, seat)`` only. A move that lost to an unlucky draw is not
a mistake; a move that threw away a game the seat could see was won is a
blunder. Seeds come from the review's ``seed`` and the step only (nothing hidden,
the game's seed included, changes what the review says).

Where the values come from
--------------------------
* **Exact** where the rest of the game is small enough: the solver
  (:func:`nbgames.theory.solver` with ``payoff="win"``, an advisor with
  ``can_solve``) solves the tree of the rest of the game over sampled deals of the
  hidden cards; the row says ``source="exact"`` and names the method and the
  deals. By default for 2-player games only (an exact sequence-form LP); with
  three or more players no exact method scales (pass ``exact=`` a solver to use
  pygambit's approximate logit QRE anyway).
* **Search** elsewhere: ``nbgames.bots.ismcts(iterations=budget, anchor=0)`` (or the
  ``advisor`` given), ``source="search"``. Its best move is the most visited one.
  A search spends few visits on the moves it does not like, so their values are
  noisy (and biased low: they were left alone after a bad start). So when the
  move taken is not the advisor's choice, both are measured again on equal
  terms: each by a search of the same budget spent on that move alone (its first
  move limited to it), so both values come from the same kind of search with the
  whole budget (``focused=True``; the visits are those searches'). Values from
  one search of all the moves are not comparable enough: the move it likes
  gets a deeper look, the others a shallow and unlucky one.

The work goes to any ``concurrent.futures`` executor (dask's
``client.get_executor()`` included), in batches, with a progress bar, and gives
the same rows whatever the executor: every decision has its own seed.
"""

from __future__ import annotations

import math
import random
import re
import time
from dataclasses import dataclass, field

from ..agents.adapter import policy_name
from ..core.actions import ActionList
from ..core.errors import NbgamesError, OptionError, RecordError
from ..core.infoset import InfoSet
from ..core.registry import replay

DEFAULT_BUDGET = 200
"""Search iterations per decision when no advisor is given."""

EXACT_NODES = 3000
"""The default solver's ``max_nodes``: the largest tree the review solves exactly."""

EXACT_WORLDS = 16
"""Deals of the hidden cards the default solver samples from the information set."""

CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The classes of a decision, from no loss to the largest."""

THRESHOLDS = {"good": 0.0, "inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
"""The lowest loss (in win chance, 0..1) of each class but "best" (a loss of 0).
A loss above ``good`` and below ``inaccuracy`` is good, and so on."""

COLUMNS = ("step", "seat", "taken", "best", "value_taken", "value_best", "loss", "class", "source",
           "method", "visits_taken", "visits_best", "legal", "focused", "taken_id", "best_id")
"""The keys of a row (see the module doc), in the frame's column order."""


def classify(loss: float, thresholds: dict | None = None) -> str:
    """The class of a loss of win chance (see :data:`~nbgames.arena.review.THRESHOLDS`)."""
    th = THRESHOLDS if thresholds is None else thresholds
    if loss >= th["blunder"]:
        return "blunder"
    if loss >= th["mistake"]:
        return "mistake"
    if loss >= th["inaccuracy"]:
        return "inaccuracy"
    if loss > th["good"]:
        return "good"
    return "best"


def decision_seed(seed: int, step: int) -> int:
    """The seed of one decision's review: the review's seed and the step only."""
    return (int(seed) * 1_000_003 + int(step)) % (2**31)


def _check_thresholds(thresholds) -> dict:
    if thresholds is None:
        return dict(THRESHOLDS)
    if not isinstance(thresholds, dict) or set(thresholds) - set(THRESHOLDS):
        raise OptionError(f"thresholds must be a dict with keys among {', '.join(THRESHOLDS)}, "
                          f"got {thresholds!r}"[:200])
    th = {**THRESHOLDS, **thresholds}
    vals = [th[k] for k in ("good", "inaccuracy", "mistake", "blunder")]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in vals) \
            or vals != sorted(vals):
        raise OptionError(f"thresholds must be numbers >= 0 rising from good to blunder, got {th}")
    return th


# -- the advisors ------------------------------------------------------------------------
def _search_advisor(advisor, budget):
    """(search advisor, exact advisor or None) from the ``advisor`` argument."""
    from ..agents.search import ismcts
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
        raise OptionError(f"budget must be None (default {DEFAULT_BUDGET}) or an int >= 1 "
                          f"(search iterations per decision), got {budget!r}")
    # the review's own search has no anchor: a judge that leans to the heuristic bot's
    # move would favour the bot it reviews
    if advisor is None or (isinstance(advisor, str) and advisor == "ismcts"):
        return ismcts(iterations=budget or DEFAULT_BUDGET, anchor=0), None
    if isinstance(advisor, str) or not callable(getattr(advisor, "analyse", None)):
        raise OptionError(f"advisor must be None, \"ismcts\", a policy with an analyse(infoset) "
                          f"method (nbgames.bots.ismcts(...)) or a solver "
                          f"(nbgames.theory.solver(payoff=\"win\")), got {advisor!r}"[:300])
    if callable(getattr(advisor, "can_solve", None)):     # a solver: exact where it can
        _check_solver(advisor)
        return ismcts(iterations=budget or DEFAULT_BUDGET, anchor=0), advisor
    if budget is not None:
        raise OptionError(f"budget={budget} sets the default search's iterations; {policy_name(advisor)} "
                          f"has its own budget (set it there, e.g. nbgames.bots.ismcts(iterations="
                          f"{budget}))")
    return advisor, None


def _check_solver(solver):
    payoff = getattr(solver, "payoff", "win")
    if payoff != "win":
        raise OptionError(f"the review measures win chance: give a solver with payoff=\"win\" "
                          f"(nbgames.theory.solver(payoff=\"win\")), not payoff={payoff!r}")
    return solver


def _exact_advisor(exact, players, have):
    if have is not None:
        if exact not in (True, None):
            raise OptionError("give the solver either as advisor= or as exact=, not both")
        return have
    if exact is False or exact is None:
        return None
    if exact is True:
        if players != 2:
            return None
        try:
            import scipy  # noqa: F401 - the default solver's LP
        except ImportError:
            return None
        from ..theory.advisor import solver
        return solver(max_nodes=EXACT_NODES, worlds=EXACT_WORLDS, payoff="win", method="highs")
    if not callable(getattr(exact, "can_solve", None)):
        raise OptionError(f"exact must be True, False or a solver (nbgames.theory.solver(payoff="
                          f"\"win\")), got {exact!r}"[:200])
    return _check_solver(exact)


# -- one decision -------------------------------------------------------------------------
class _FirstMove:
    """A sampled state whose first move is limited to ``keep`` (a focused search);
    everything else is the state's own."""

    def __init__(self, state, keep):
        object.__setattr__(self, "_s", state)
        object.__setattr__(self, "_keep", keep)

    def legal_action_ids(self):
        ids = self._s.legal_action_ids()
        if self._keep is None:
            return ids
        return [int(a) for a in ids if int(a) in self._keep]

    def legal_actions(self):
        return ActionList(self._s.game, self.legal_action_ids())

    def advance(self, aid):
        object.__setattr__(self, "_keep", None)
        self._s.advance(aid)

    def apply(self, action):
        object.__setattr__(self, "_keep", None)
        self._s.apply(action)
        return self

    def __getattr__(self, name):
        return getattr(self._s, name)

    def __setattr__(self, name, value):
        setattr(self._s, name, value)


class _Focused:
    """The information set with the first move limited to ``keep`` (a search
    spends its whole budget below those moves)."""

    def __init__(self, infoset, keep):
        self.seat = infoset.seat
        self.game = infoset.game
        self.observation = infoset.observation
        self.legal_actions = ActionList(infoset.game, list(keep))
        self._inner = infoset
        self._keep = frozenset(keep)

    def sample(self, rng=None):
        return _FirstMove(self._inner.sample(rng), self._keep)


def _choice(stats: dict) -> int:
    """The advisor's best move: the most visited (search), else the highest value."""
    if any(m.get("visits", 0) for m in stats.values()):
        return max(stats, key=lambda a: (stats[a].get("visits", 0), stats[a]["value"], -a))
    return max(stats, key=lambda a: (stats[a]["value"], stats[a].get("share", 0.0), -a))


def _small(solver, infoset, seed) -> bool:
    """Can the solver solve this decision? A cheap look first (a few random walks
    of one sampled deal), then the solver's own ``can_solve``."""
    from ..theory.tree import estimate_size
    guess = estimate_size([(1, infoset.sample(random.Random(seed)))], probes=4, seed=seed)
    if guess > 4 * getattr(solver, "max_nodes", math.inf):
        return False
    return bool(solver.can_solve(infoset))


def _exact(solver, infoset) -> tuple[dict, str]:
    """{aid: {"value", "share", "visits": 0}} in win chance, and the method's text."""
    from ..theory.exploit import action_values
    sol = solver.solution(infoset)
    tree = sol.tree
    i = tree.root_infoset
    info = tree.infosets[i]
    vals = dict(zip(info["actions"], action_values(tree, sol.profile, i)))
    stats = {int(a): {"value": float(vals[int(a)]), "share": float(sol.strategy.get(int(a), 0.0)),
                      "visits": 0} for a in infoset.legal_actions.ids}
    return stats, f"{sol.method}; hidden cards: {tree.worlds}"


def judge(state, seat: int, taken: int, search, exact=None, seed: int = 0,
          thresholds: dict | None = None) -> dict:
    """One row: the decision of ``seat`` at ``state`` (its turn), which took
    ``taken``, measured from the seat's information set."""
    th = thresholds or THRESHOLDS
    step = len(state.history)
    s = decision_seed(seed, step)
    infoset = InfoSet(state, seat, random.Random(s))
    legal = [int(a) for a in infoset.legal_actions.ids]
    if taken not in legal:
        raise RecordError(f"{state.game.title}: step {step}: action {taken} is not legal for player "
                          f"{seat}")
    stats = method = None
    source = "search"
    if exact is not None and _small(exact, infoset, s):
        from ..theory.tree import TreeTooLarge
        try:
            stats, method = _exact(exact, infoset)
            source = "exact"
        except TreeTooLarge:
            stats = None
    focused = False
    if stats is None:
        adv = search.spawn(s) if callable(getattr(search, "spawn", None)) else search
        stats = adv.analyse(infoset)
        method = _search_text(search)
    best = _choice(stats)
    if source == "search" and best != taken:
        again = {}
        for k, aid in enumerate((taken, best)):
            adv = search.spawn(s + 1 + k) if callable(getattr(search, "spawn", None)) else search
            again[aid] = adv.analyse(_Focused(infoset, (aid,))).get(aid, {})
        if all(m.get("visits", 0) > 0 for m in again.values()):   # (else: no search was made)
            stats = {**stats, **again}
            focused = True
            method += ", then the move taken and this choice each searched alone"
    vt, vb = float(stats[taken]["value"]), float(stats[best]["value"])
    loss = max(0.0, vb - vt)
    game = state.game
    visits = source == "search"
    return {"step": step, "seat": seat, "taken": game.action_label(taken),
            "best": game.action_label(best), "value_taken": round(vt, 4), "value_best": round(vb, 4),
            "loss": round(loss, 4), "class": classify(round(loss, 4), th), "source": source,
            "method": method, "visits_taken": int(stats[taken].get("visits", 0)) if visits else None,
            "visits_best": int(stats[best].get("visits", 0)) if visits else None,
            "legal": len(legal), "focused": focused, "taken_id": taken, "best_id": best}


def _search_text(search) -> str:
    iters = getattr(search, "iterations", None)
    secs = getattr(search, "seconds", None)
    name = policy_name(search)
    if secs:
        return f"{name}: {secs} s a decision"
    return f"{name}: {iters} iterations a decision" if iters else name


def review_batch(record: dict, decisions: list, search, exact, seed: int, thresholds: dict,
                 on_row=None) -> list:
    """Review ``decisions`` ([(step, seat)], rising steps) of ``record`` in order,
    calling ``on_row(row)`` after each: one worker's task (top level, so a process
    pool can pickle it)."""
    state = replay(record, upto=0)
    actions = record["actions"]
    rows = []
    for step, seat in decisions:
        while len(state.history) < step:
            state.apply(actions[len(state.history)])
        rows.append(judge(state, seat, actions[step], search, exact, seed, thresholds))
        if on_row is not None:
            on_row(rows[-1])
    return rows


# -- the result ----------------------------------------------------------------------------
@dataclass
class Review:
    """A reviewed game: ``rows`` (one dict a judged decision, see the module doc),
    ``frame()`` (a pandas DataFrame, or the rows without pandas), ``summary()`` (per
    seat: decisions, mean loss, each class), ``plot()`` (each seat's win chance over
    the game), ``position(step)`` (the state before a decision, to look at it).

    ``names`` are the seats' policy names from the record; ``budget`` and
    ``advisor`` say how the values were searched; ``exact`` names the solver used
    where positions were small enough ("" when none); ``seconds`` is how long the
    review took (not part of the rows, which a seed makes reproducible)."""

    title: str
    players: int
    seats: list[int]
    rows: list[dict]
    record: dict = field(repr=False)
    names: list[str] = field(default_factory=list)
    advisor: str = ""
    exact: str = ""
    seed: int = 0
    thresholds: dict = field(default_factory=lambda: dict(THRESHOLDS))
    seconds: float = 0.0

    # -- tables -------------------------------------------------------------------
    def frame(self, as_frame: bool | None = None):
        """The rows as a pandas DataFrame (columns :data:`~nbgames.arena.review.COLUMNS`), or the list of
        row dicts when pandas is not installed (or ``as_frame=False``)."""
        return _frame(self.rows, COLUMNS, as_frame)

    def summary(self, as_frame: bool | None = None):
        """One row a reviewed seat: ``seat``, ``name``, ``decisions``, ``mean_loss``,
        ``exact`` (decisions measured exactly), and the count of each class
        (``best``, ``good``, ``inaccuracies``, ``mistakes``, ``blunders``)."""
        out = []
        for seat in self.seats:
            mine = [r for r in self.rows if r["seat"] == seat]
            n = len(mine)
            count = {c: sum(1 for r in mine if r["class"] == c) for c in CLASSES}
            out.append({"seat": seat, "name": self.names[seat] if seat < len(self.names) else "",
                        "decisions": n,
                        "mean_loss": round(sum(r["loss"] for r in mine) / n, 4) if n else 0.0,
                        "exact": sum(1 for r in mine if r["source"] == "exact"),
                        "best": count["best"], "good": count["good"],
                        "inaccuracies": count["inaccuracy"], "mistakes": count["mistake"],
                        "blunders": count["blunder"]})
        return _frame(out, ("seat", "name", "decisions", "mean_loss", "exact", "best", "good",
                            "inaccuracies", "mistakes", "blunders"), as_frame)

    def worst(self, n: int = 5, seat: int | None = None) -> list[dict]:
        """The ``n`` rows with the largest loss (of ``seat``, or of every seat)."""
        rows = [r for r in self.rows if seat is None or r["seat"] == seat]
        return sorted(rows, key=lambda r: (-r["loss"], r["step"]))[:n]

    def position(self, step: int):
        """The state before the decision at ``step`` (replayed from the record). It
        holds every seat's cards: show a seat its own view with
        ``state.render(seat)``."""
        if type(step) is not int or not 0 <= step <= len(self.record["actions"]):
            raise OptionError(f"step must be an int from 0 to {len(self.record['actions'])}, "
                              f"got {step!r}")
        return replay(self.record, upto=step)

    def for_viewer(self, viewer: int | None, reveal: bool = False) -> list[dict]:
        """The rows ``viewer`` may see: its own seat's only (a row is measured from
        that seat's hand: its best move and values tell what the seat held); every
        row with ``reveal``; none for the spectator."""
        if reveal:
            return list(self.rows)
        return [r for r in self.rows if viewer is not None and r["seat"] == viewer]

    def marks(self, viewer: int | None, reveal: bool = False) -> dict:
        """What a board shows of the review for ``viewer`` (see :meth:`~nbgames.Review.for_viewer`):
        ``{"classes", "thresholds", "advisor", "exact", "seats", "rows": {step: {...}}}``,
        the rows keyed by step as text, each with the labels, values, loss, class and
        source."""
        keep = ("seat", "taken", "best", "taken_id", "best_id", "value_taken", "value_best", "loss",
                "class", "source", "focused")
        rows = {str(r["step"]): {k: r[k] for k in keep} for r in self.for_viewer(viewer, reveal)}
        seats = sorted({r["seat"] for r in self.for_viewer(viewer, reveal)})
        return {"classes": list(CLASSES), "thresholds": dict(self.thresholds),
                "advisor": self.advisor, "exact": self.exact, "seats": seats, "rows": rows}

    def to_dict(self) -> dict:
        """JSON-able: everything but the record."""
        return {"title": self.title, "players": self.players, "seats": list(self.seats),
                "names": list(self.names), "advisor": self.advisor, "exact": self.exact,
                "seed": self.seed, "thresholds": dict(self.thresholds), "rows": list(self.rows)}

    # -- the graph ----------------------------------------------------------------
    def plot(self, ax=None, seats=None):
        """Each reviewed seat's estimated win chance at each of its decisions (the
        value of the advisor's best move: what the position was worth to the seat),
        with mistakes and blunders marked and a dashed line at 1/players (an even
        chance). Needs matplotlib; returns the Axes."""
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            raise NbgamesError("Review.plot needs matplotlib: pip install matplotlib") from None
        if ax is None:
            _, ax = plt.subplots(figsize=(8, 3.2))
        seats = self.seats if seats is None else seats
        colors = plt.rcParams["axes.prop_cycle"].by_key().get("color", ["C0", "C1", "C2"])
        marks = {"inaccuracy": ("o", 30), "mistake": ("s", 40), "blunder": ("X", 70)}
        for k, seat in enumerate(seats):
            mine = [r for r in self.rows if r["seat"] == seat]
            if not mine:
                continue
            color = colors[k % len(colors)]
            name = self.names[seat] if seat < len(self.names) else ""
            ax.plot([r["step"] for r in mine], [r["value_best"] for r in mine], "-", color=color,
                    lw=1.6, label=f"player {seat}" + (f" ({name})" if name else ""))
            for cls, (m, size) in marks.items():
                pts = [r for r in mine if r["class"] == cls]
                if pts:
                    ax.scatter([r["step"] for r in pts], [r["value_best"] for r in pts], marker=m,
                               s=size, color=color, edgecolors="black", linewidths=0.6, zorder=3,
                               label=f"{cls} (player {seat})")
        ax.axhline(1 / self.players, color="grey", ls="--", lw=0.8)
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("step (decisions made)")
        ax.set_ylabel("estimated win chance")
        ax.set_title(f"Review: {self.title}, {self.players} players")
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
        ax.figure.tight_layout()
        return ax

    # -- display ------------------------------------------------------------------
    def _summary_rows(self) -> list[dict]:
        return self.summary(as_frame=False)

    def __repr__(self):
        lines = [f"Review: {self.title}, {self.players} players, {len(self.rows)} decisions judged "
                 f"({self.advisor}{'; exact: ' + self.exact if self.exact else ''})",
                 f"{'seat':<6}{'name':<18}{'decisions':>10}{'mean loss':>11}{'exact':>7}"
                 f"{'inacc.':>8}{'mistakes':>10}{'blunders':>10}"]
        for r in self._summary_rows():
            lines.append(f"{r['seat']:<6}{r['name'][:17]:<18}{r['decisions']:>10}"
                         f"{r['mean_loss']:>11.3f}{r['exact']:>7}{r['inaccuracies']:>8}"
                         f"{r['mistakes']:>10}{r['blunders']:>10}")
        return "\n".join(lines)

    def _repr_html_(self):
        from html import escape
        head = ("<tr><th>seat</th><th>name</th><th>decisions</th><th>mean loss</th><th>exact</th>"
                "<th>inaccuracies</th><th>mistakes</th><th>blunders</th></tr>")
        body = "".join(
            f"<tr><td>{r['seat']}</td><td>{escape(r['name'])}</td><td>{r['decisions']}</td>"
            f"<td>{r['mean_loss']:.3f}</td><td>{r['exact']}</td><td>{r['inaccuracies']}</td>"
            f"<td>{r['mistakes']}</td><td>{r['blunders']}</td></tr>" for r in self._summary_rows())
        return (f"<p><b>Review</b>: {escape(self.title)}, {self.players} players, "
                f"{len(self.rows)} decisions judged by {escape(self.advisor)}"
                f"{'; exact: ' + escape(self.exact) if self.exact else ''}</p>"
                f"<table>{head}{body}</table>")


def _frame(rows, columns, as_frame):
    if as_frame is False:
        return rows
    try:
        import pandas as pd
    except ImportError:
        if as_frame:
            raise NbgamesError("as_frame=True needs pandas: pip install pandas") from None
        return rows
    return pd.DataFrame(rows, columns=list(columns))


# -- the entry point --------------------------------------------------------------------------
def _as_record(record) -> dict:
    from ..core.state import State
    if isinstance(record, State):
        return record.record()
    if not isinstance(record, dict):
        raise OptionError(f"review needs a record (nbgames.play(...), state.record()) or a State, "
                          f"got {type(record).__name__}")
    return record


def _seats(seats, players) -> list[int]:
    if seats is None:
        return list(range(players))
    if type(seats) is int:
        seats = [seats]
    if isinstance(seats, (str, bytes)) or not hasattr(seats, "__iter__"):
        raise OptionError(f"seats must be None, a seat or a list of seats, got {seats!r}")
    seats = list(seats)
    bad = [s for s in seats if type(s) is not int or not 0 <= s < players]
    if bad or not seats or len(set(seats)) != len(seats):
        raise OptionError(f"seats must be distinct seats from 0 to {players - 1}, got {seats!r}")
    return sorted(seats)


def decisions_of(record: dict, seats: list[int]) -> list[tuple[int, int]]:
    """[(step, seat)]: the decisions of ``seats`` in ``record`` that had a choice."""
    state = replay(record, upto=0)
    out = []
    for step, aid in enumerate(record["actions"]):
        seat = state.current_player
        if seat in seats and len(state.legal_action_ids()) > 1:
            out.append((step, seat))
        state.apply(aid)
    return out


class _Callback:
    """``progress(done, total)`` as a bar: update/close."""

    def __init__(self, fn, total):
        self.fn, self.total, self.done = fn, total, 0
        fn(0, total)

    def update(self, n):
        self.done += n
        self.fn(self.done, self.total)

    def close(self):
        pass


def _progress(total: int, enabled, title: str):
    if callable(enabled):
        return _Callback(enabled, total)
    if not isinstance(enabled, bool):
        raise OptionError(f"progress must be True, False or a function progress(done, total), "
                          f"got {enabled!r}"[:200])
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, desc=f"{title} review", unit="decision")


def review(record, seats=None, advisor=None, budget: int | None = None, *, exact=True,
           seed: int = 0, executor=None, progress=True, batch: int | None = None,
           thresholds: dict | None = None) -> Review:
    """Review a game: every decision of ``seats`` (default: all) measured from that
    seat's information set, the loss of win chance and its class (see the module
    doc for the scale, the classes and where values come from).

    ``record`` is a record (``nbgames.play(...)``, ``state.record()``, a
    tournament's ``records``) or a State. ``advisor``: None or "ismcts" (the
    search, ``budget`` iterations a decision, default :data:`~nbgames.arena.review.DEFAULT_BUDGET`), any
    object with ``analyse(infoset, progress=None)`` returning ``{aid: {"value",
    "visits", ...}}`` with values in win chance (it keeps its own budget), or a
    solver (``nbgames.theory.solver(payoff="win")``: exact where ``can_solve``,
    the search elsewhere). ``exact``: True (the default solver where a 2-player
    position is small enough), False (search only), or a solver. ``seed`` makes
    the review reproducible; ``executor`` is any ``concurrent.futures.Executor``
    (dask's included; the advisor must then be picklable) and ``batch`` the
    decisions per task (None: about four tasks a worker); ``progress`` shows a
    tqdm bar (True), nothing (False), or is called as ``progress(done, total)``
    after each decision (each batch on an executor). ``thresholds`` overrides
    :data:`~nbgames.arena.review.THRESHOLDS`."""
    record = _as_record(record)
    final = replay(record)                     # RecordError names what is wrong
    game = final.game
    seats = _seats(seats, game.players)
    search, have = _search_advisor(advisor, budget)
    exact_adv = _exact_advisor(exact, game.players, have)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"seed must be an int, got {seed!r}")
    th = _check_thresholds(thresholds)
    todo = decisions_of(record, seats)
    t0 = time.perf_counter()
    bar = _progress(len(todo), progress, game.title)
    if executor is None:
        rows = review_batch(record, todo, search, exact_adv, seed, th,
                            on_row=None if bar is None else lambda row: bar.update(1))
    else:
        rows = _run(executor, record, todo, search, exact_adv, seed, th, bar, batch)
    if bar is not None:
        bar.close()
    names = [str(n) for n in (record.get("policies") or record.get("names") or [])]
    return Review(game.title, game.players, seats, rows, record, names, _search_text(search),
                  _exact_text(exact_adv), seed, th, round(time.perf_counter() - t0, 3))


def _exact_text(solver) -> str:
    """The solver as people read it (its repr without the seed of its deal draws)."""
    if solver is None:
        return ""
    return re.sub(r",? ?seed=\d+", "", repr(solver)).replace("(, ", "(")


def _run(executor, record, todo, search, exact, seed, th, bar, batch) -> list[dict]:
    """The decisions in interleaved batches (early and late decisions, which cost
    differently, spread over the tasks), each batch replaying the record once."""
    from concurrent.futures import as_completed

    from .batches import batch_size
    size = batch_size(len(todo), executor, batch)
    tasks = max(1, -(-len(todo) // size))
    parts = [todo[k::tasks] for k in range(tasks)]
    futures = {executor.submit(review_batch, record, part, search, exact, seed, th): part
               for part in parts if part}
    rows = []
    for f in as_completed(futures):
        out = f.result()
        rows.extend(out)
        if bar is not None:
            bar.update(len(out))
    rows.sort(key=lambda r: r["step"])
    return rows
