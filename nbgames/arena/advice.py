"""Hints over a Table, without a screen: an advisor's analysis of the decision
of the human seat to move, from that seat's information set only.

``Advice(table, advisor)`` runs the analysis in a background thread (or here,
with ``wait=True``), publishes its progress through a callback, is cancelled by
:meth:`Advice.cancel` and goes stale as soon as the table's position or the
asking seat changes (:meth:`Advice.refresh` then cancels it). The widget's Hint
button is this object plus a trait; see ARCHITECTURE.md, "Hints".

>>> import nbgames
>>> from nbgames.arena.advice import Advice
>>> t = nbgames.Table(nbgames.load(nbgames.games()[0], players=2), seats=["human", "greedy"], seed=1)
>>> stats = Advice(t, nbgames.bots.ismcts(iterations=20, seed=0)).start(0, wait=True)
>>> sorted(stats) == sorted(int(a) for a in t.state.legal_action_ids())
True
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from ..agents.adapter import policy_name
from ..core.errors import NbgamesError, NotLegalError, OptionError
from ..core.infoset import InfoSet
from .table import Table

PROGRESS_EVERY = 0.25      # seconds between two progress reports of a running hint


def check_advisor(advisor):
    """None, "ismcts" (``nbgames.bots.ismcts()``) or an object with
    ``analyse(infoset, progress=None)``; anything else is an OptionError."""
    if advisor is None:
        return None
    if isinstance(advisor, str) and advisor == "ismcts":
        from ..agents.search import ismcts
        return ismcts()
    if isinstance(advisor, str) or not callable(getattr(advisor, "analyse", None)):
        raise OptionError(f"advisor must be None, \"ismcts\" or a policy with an analyse(infoset) "
                          f"method (such as nbgames.bots.ismcts(...)), got {advisor!r}"[:300])
    return advisor


def hint_seed(advisor, step: int) -> int:
    """The seed of a hint: the advisor's seed and the step only. Nothing hidden (the
    game's seed included) may change what a hint shows."""
    return (int(getattr(advisor, "seed", 0) or 0) * 1_000_003 + step) % (2**31)


HINT_EXTRAS = ("forced", "payoff", "payoff_text")
"""Keys an advisor's move statistics may add to share/visits/value (the exact
solver's: a forced move, and the payoff its values are in)."""


def rounded_moves(moves: dict) -> dict:
    """An analysis ``{aid: {"share", "visits", "value"}}`` as synced: keys as text,
    shares and values to 4 places; the keys of ``HINT_EXTRAS`` pass as they are."""
    return {str(a): {"share": round(m["share"], 4), "visits": int(m["visits"]),
                     "value": round(m["value"], 4), **{k: m[k] for k in HINT_EXTRAS if k in m}}
            for a, m in moves.items()}


class Advice:
    """The advisor of one :class:`~nbgames.arena.table.Table`.

    ``hints`` is what the last analysis published (empty when none):
    ``{"seat", "step", "status": "running"|"done", "done", "total", "elapsed",
    "seconds", "value", "meaning", "values", "moves": {aid: {"share", "visits",
    "value"}}}``: ``done`` iterations of ``total`` (None for a time budget: then
    ``elapsed`` of the advisor's ``seconds`` tells the progress), ``value`` the
    expected result for the seat over the whole search (the advisor's
    ``last_search``) and ``meaning`` what a value is (its ``value_meaning``), when
    the advisor says. ``on_change(hints, error)``
    is called (from the analysing thread too) whenever it changes; ``error`` is
    an NbgamesError when the analysis failed (its message may hold what the seat
    sees, so it names the seat), else None."""

    def __init__(self, table: Table, advisor,
                 on_change: Callable[[dict, NbgamesError | None], None] | None = None):
        self.table = table
        self.advisor = check_advisor(advisor)
        self.hints: dict = {}
        self.thread: threading.Thread | None = None
        self._on_change = on_change or (lambda hints, error: None)
        self._lock = threading.Lock()
        self._job: dict | None = None
        self._ready: tuple | None = None

    @property
    def name(self) -> str:
        """The advisor's name ("" when there is none)."""
        return "" if self.advisor is None else policy_name(self.advisor)

    @property
    def label(self) -> str:
        """"Solve" for an exact solver (an advisor with ``can_solve``), else "Hint"."""
        return "Solve" if hasattr(self.advisor, "can_solve") else "Hint"

    def _position(self, seat) -> tuple:
        """The position a hint belongs to: the game (its starting state, kept alive by
        the key, so its id is not reused), the seat, the history."""
        origin = self.table.origin
        return (id(origin), origin, seat, tuple(self.table.state.history))

    def _infoset(self, seat: int) -> InfoSet:
        state = self.table.state
        return InfoSet(state, seat, random.Random(hint_seed(self.advisor, state.step)))

    def ready(self, seat: int | None) -> bool:
        """May ``seat`` ask now? It is the human seat to move and, for a solver, the
        position is small enough (``can_solve`` on its infoset; cached per position)."""
        table, state = self.table, self.table.state
        if self.advisor is None or state.current_player is None or seat != state.current_player \
                or not table.is_human(seat):
            return False
        can = getattr(self.advisor, "can_solve", None)
        if not callable(can):
            return True
        key = self._position(seat)
        if self._ready is None or not _same(self._ready[0], key):
            self._ready = (key, bool(can(self._infoset(seat))))
        return self._ready[1]

    def start(self, seat: int | None, wait: bool = False):
        """Analyse ``seat``'s decision: in a background thread (returns None), or
        here with ``wait=True`` (returns ``{aid: {"visits", "value", "share"}}``).
        A running analysis is cancelled first."""
        if self.advisor is None:
            raise OptionError("this board has no advisor; give it one: advisor=\"ismcts\" or "
                              "a policy with an analyse(infoset) method")
        state = self.table.state
        if state.current_player is None or seat != state.current_player \
                or not self.table.is_human(seat):
            raise NotLegalError("a hint is for the human seat to move, on its turn")
        if not self.ready(seat):
            raise OptionError(f"{self.name}: this position is too large to solve exactly (more "
                              f"than its max_nodes); play on, or use advisor=\"ismcts\"")
        self.cancel()
        seed = hint_seed(self.advisor, state.step)
        adv = self.advisor.spawn(seed) if hasattr(self.advisor, "spawn") else self.advisor
        infoset = self._infoset(seat)
        job = {"key": self._position(seat), "cancel": threading.Event(), "seat": seat,
               "step": state.step, "last": 0.0, "start": time.monotonic(),
               "seconds": getattr(adv, "seconds", None),
               "meaning": getattr(adv, "value_meaning", None)}
        with self._lock:
            self._job = job
        if wait:
            return self._run(adv, infoset, job)
        self._publish(job, "running", 0, getattr(adv, "iterations", None), {})
        self.thread = threading.Thread(target=self._run, args=(adv, infoset, job), daemon=True,
                                       name="nbgames-hint")
        self.thread.start()
        return None

    def cancel(self) -> None:
        """Stop a running analysis and clear the hints."""
        with self._lock:
            job, self._job = self._job, None
            if job is not None:
                job["cancel"].set()
            self._set({})

    def refresh(self, seat: int | None) -> None:
        """Cancel the analysis if the position or the asking seat changed."""
        job = self._job
        if job is not None and not _same(job["key"], self._position(seat)):
            self.cancel()

    # -- internals -------------------------------------------------------------------
    def _set(self, hints: dict, error: NbgamesError | None = None) -> None:
        self.hints = hints
        self._on_change(hints, error)

    def _progress(self, job, done, total) -> bool:
        if job["cancel"].is_set():
            return False
        now = time.monotonic()
        if now - job["last"] >= PROGRESS_EVERY:
            job["last"] = now
            self._publish(job, "running", done, total, {})
        return True

    def _publish(self, job, status, done, total, moves) -> None:
        with self._lock:
            if job["cancel"].is_set() or self._job is not job:
                return
            self._set({"seat": job["seat"], "step": job["step"], "status": status, "done": done,
                       "total": total, "elapsed": round(time.monotonic() - job["start"], 2),
                       "seconds": job["seconds"], "value": job.get("value"),
                       "meaning": job["meaning"], "values": job.get("values"),
                       "moves": rounded_moves(moves)})

    def _run(self, adv, infoset, job):
        try:
            stats = adv.analyse(infoset, progress=lambda d, n: self._progress(job, d, n))
        except Exception as e:  # the advisor failed: say so, do not kill the thread silently
            with self._lock:
                if self._job is job:
                    self._job = None
                    self._set({}, NbgamesError(f"advisor failed: {type(e).__name__}: {e}"[:300],
                                               seat=job["seat"],
                                               public=f"advisor failed: {type(e).__name__}"))
            return None
        done = sum(m["visits"] for m in stats.values())
        search = getattr(adv, "last_search", None)
        if isinstance(search, dict) and search.get("value") is not None:
            job["value"] = round(float(search["value"]), 4)
        values = getattr(adv, "values", None)
        job["values"] = [round(float(v), 3) for v in values(infoset)] if callable(values) else None
        # a time budget has no total: the iterations are what the time allowed
        self._publish(job, "done", done, None if job["seconds"] is not None else done, stats)
        return stats


def _same(a, b) -> bool:
    return a[0] == b[0] and a[1] is b[1] and a[2:] == b[2:]
