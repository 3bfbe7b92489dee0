"""The result of a review (:func:`nbgames.review`): its rows as tables, a summary
per seat, what a viewer may see of it (the board's marks), a graph and its
display. The rows themselves are made by :mod:`nbgames.arena.judge`."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import NbgamesError
from ..core.registry import replay
from ..core.validate import as_int
from .judge import CLASSES, COLUMNS, THRESHOLDS

SUMMARY_COLUMNS = ("seat", "name", "decisions", "mean_loss", "mean_loss_se", "exact", "best", "good",
                   "unclear", "inaccuracies", "mistakes", "blunders")
"""The columns of :meth:`Review.summary`."""


@dataclass
class Review:
    """A reviewed game: ``rows`` (one dict a judged decision, see the module doc),
    ``frame()`` (a pandas DataFrame, or the rows without pandas), ``summary()`` (per
    seat: decisions, mean loss, each class), ``plot()`` (each seat's win chance over
    the game), ``position(step)`` (the state before a decision, to look at it).

    ``names`` are the seats' policy names from the record; ``budget`` and
    ``advisor`` say how the values were searched; ``exact`` names the solver used
    where positions were small enough ("" when none); ``seconds`` is how long the
    review took (not part of the rows, which a seed makes reproducible); ``view`` the
    game options the decisions were judged with where they differ from the game's
    (``{}``: as played; see :func:`nbgames.arena.review.review_view`)."""

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
    view: dict = field(default_factory=dict)

    # -- tables -------------------------------------------------------------------
    def frame(self, as_frame: bool | None = None):
        """The rows as a pandas DataFrame (columns :data:`~nbgames.arena.judge.COLUMNS`), or the list of
        row dicts when pandas is not installed (or ``as_frame=False``)."""
        return _frame(self.rows, COLUMNS, as_frame)

    def summary(self, as_frame: bool | None = None):
        """One row a reviewed seat: ``seat``, ``name``, ``decisions``, ``mean_loss``
        and its standard error ``mean_loss_se`` (the rows' errors, taken as
        independent), ``exact`` (decisions measured exactly), and the count of each
        class (``best``, ``good``, ``unclear``, ``inaccuracies``, ``mistakes``,
        ``blunders``)."""
        out = []
        for seat in self.seats:
            mine = [r for r in self.rows if r["seat"] == seat]
            n = len(mine)
            count = {c: sum(1 for r in mine if r["class"] == c) for c in CLASSES}
            var = sum((r["se_loss"] or 0.0) ** 2 for r in mine)
            out.append({"seat": seat, "name": self.names[seat] if seat < len(self.names) else "",
                        "decisions": n,
                        "mean_loss": round(sum(r["loss"] for r in mine) / n, 4) if n else 0.0,
                        "mean_loss_se": round(var ** 0.5 / n, 4) if n else 0.0,
                        "exact": sum(1 for r in mine if r["source"] == "exact"),
                        "best": count["best"], "good": count["good"], "unclear": count["unclear"],
                        "inaccuracies": count["inaccuracy"], "mistakes": count["mistake"],
                        "blunders": count["blunder"]})
        return _frame(out, SUMMARY_COLUMNS, as_frame)

    def worst(self, n: int = 5, seat: int | None = None) -> list[dict]:
        """The ``n`` rows with the largest loss (of ``seat``, or of every seat)."""
        rows = [r for r in self.rows if seat is None or r["seat"] == seat]
        return sorted(rows, key=lambda r: (-r["loss"], r["step"]))[:n]

    def position(self, step: int):
        """The state before the decision at ``step`` (a row's ``step``: the
        position's ``state.step``, which a staged start does not begin at 0). It
        holds every seat's cards: show a seat its own view with
        ``state.render(seat)``."""
        start = replay(self.record, upto=0)
        lo = start.step
        hi = lo + len(self.record["actions"])
        step = as_int(step, "step", lo, hi)
        return replay(self.record, upto=step - lo)

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
        the rows keyed by step as text (``state.step``, the scrubber's position), each
        with the labels, values, loss and its interval (``loss_low``, ``loss_high``),
        class and source."""
        keep = ("seat", "taken", "best", "taken_id", "best_id", "value_taken", "value_best", "loss",
                "loss_low", "loss_high", "class", "source", "focused")
        rows = {str(r["step"]): {k: r[k] for k in keep} for r in self.for_viewer(viewer, reveal)}
        seats = sorted({r["seat"] for r in self.for_viewer(viewer, reveal)})
        return {"classes": list(CLASSES), "thresholds": dict(self.thresholds),
                "advisor": self.advisor + self._view_text(), "exact": self.exact, "seats": seats,
                "rows": rows}

    def to_dict(self) -> dict:
        """JSON-able: everything but the record."""
        return {"title": self.title, "players": self.players, "seats": list(self.seats),
                "names": list(self.names), "advisor": self.advisor, "exact": self.exact,
                "seed": self.seed, "thresholds": dict(self.thresholds), "view": dict(self.view),
                "rows": list(self.rows)}

    # -- the graph ----------------------------------------------------------------
    def plot(self, ax=None, seats=None):
        """Each reviewed seat's estimated win chance at each of its decisions (the
        value of the best move: what the position was worth to the seat) with a band
        of two standard errors, inaccuracies, mistakes and blunders marked and a
        dashed line at 1/players (an even chance). Needs matplotlib; returns the
        Axes."""
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
            xs, ys = [r["step"] for r in mine], [r["value_best"] for r in mine]
            ax.plot(xs, ys, "-", color=color, lw=1.6,
                    label=f"player {seat}" + (f" ({name})" if name else ""))
            band = [2 * (r["se_best"] or 0.0) for r in mine]
            ax.fill_between(xs, [max(0.0, y - b) for y, b in zip(ys, band)],
                            [min(1.0, y + b) for y, b in zip(ys, band)], color=color, alpha=0.15,
                            lw=0)
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
    def _view_text(self) -> str:
        """How the decisions were judged where not as played (e.g. "; judged with
        memory='recall'")."""
        if not self.view:
            return ""
        return "; judged with " + ", ".join(f"{k}={v!r}" for k, v in self.view.items())

    def _summary_rows(self) -> list[dict]:
        return self.summary(as_frame=False)

    def __repr__(self):
        lines = [f"Review: {self.title}, {self.players} players, {len(self.rows)} decisions judged "
                 f"({self.advisor}{'; exact: ' + self.exact if self.exact else ''}"
                 f"{self._view_text()})",
                 f"{'seat':<6}{'name':<18}{'decisions':>10}{'mean loss':>16}{'exact':>7}"
                 f"{'unclear':>9}{'inacc.':>8}{'mistakes':>10}{'blunders':>10}"]
        for r in self._summary_rows():
            loss = f"{r['mean_loss']:.3f} ± {r['mean_loss_se']:.3f}"
            lines.append(f"{r['seat']:<6}{r['name'][:17]:<18}{r['decisions']:>10}{loss:>16}"
                         f"{r['exact']:>7}{r['unclear']:>9}{r['inaccuracies']:>8}"
                         f"{r['mistakes']:>10}{r['blunders']:>10}")
        return "\n".join(lines)

    def _repr_html_(self):
        from html import escape
        head = ("<tr><th>seat</th><th>name</th><th>decisions</th><th>mean loss</th><th>exact</th>"
                "<th>unclear</th><th>inaccuracies</th><th>mistakes</th><th>blunders</th></tr>")
        body = "".join(
            f"<tr><td>{r['seat']}</td><td>{escape(r['name'])}</td><td>{r['decisions']}</td>"
            f"<td>{r['mean_loss']:.3f} ± {r['mean_loss_se']:.3f}</td><td>{r['exact']}</td>"
            f"<td>{r['unclear']}</td><td>{r['inaccuracies']}</td><td>{r['mistakes']}</td>"
            f"<td>{r['blunders']}</td></tr>" for r in self._summary_rows())
        return (f"<p><b>Review</b>: {escape(self.title)}, {self.players} players, "
                f"{len(self.rows)} decisions judged by {escape(self.advisor)}"
                f"{'; exact: ' + escape(self.exact) if self.exact else ''}"
                f"{escape(self._view_text())}</p>"
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


