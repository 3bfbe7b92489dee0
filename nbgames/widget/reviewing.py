"""The review on a board: the record of the board's history line, the review the
board shows (``w.review(...)``, :func:`nbgames.review` of that line) and the
Review button's review, which runs in a background thread. The widget syncs
:meth:`BoardReview.marks` as its ``reviewed`` trait (see its doc in
:mod:`.traits`)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from ..arena.seats import describe
from ..arena.table import Table
from ..core.errors import NbgamesError, NotLegalError, OptionError


def line_record(table: Table) -> dict:
    """The record of the table's whole history line (the redo tail included), with
    the name of each seat's policy."""
    state = table.origin.clone()
    for aid in table.line:
        state.apply(aid)
    rec = state.record()
    rec["policies"] = [describe(v, i)["name"] for i, v in enumerate(table.seats)]
    return rec


def _line_key(table: Table) -> tuple:
    return (table.origin, tuple(table.line))


def _same_line(a, b) -> bool:
    """Two line keys of the same game and history line."""
    return a[0] is b[0] and a[1] == b[1]


class BoardReview:
    """The review shown on a board and the Review button's job. ``on_progress()``
    is called from the job's thread as it goes, ``on_done(error)`` when it ends
    (``error`` an NbgamesError when it failed, else None); neither is called for
    a job the board has moved away from."""

    def __init__(self, table: Table, on_progress: Callable[[], None],
                 on_done: Callable[[NbgamesError | None], None]):
        self.table = table
        self.shown = None                    # (Review, the line it reviewed)
        self.job = None                      # the Review button's review while it runs
        self._on_progress = on_progress
        self._on_done = on_done

    def marks(self, viewer: int | None, reveal: bool) -> dict:
        """The ``reviewed`` trait: the review's marks for the viewer; while the Review
        button's review runs, its progress; else ``{"ready": True}`` when the game on
        the board is over (the Review button is offered), or nothing."""
        table = self.table
        key = _line_key(table)
        job = self.job
        if job is not None:
            if _same_line(job["key"], key):
                return {"status": "running", "done": job["done"], "total": job["total"]}
            self.job = None                 # the board moved on: its result will be dropped
        if self.shown is not None:
            got, line = self.shown
            if _same_line(line, key):
                return got.marks(viewer, reveal)
            self.shown = None               # a move left the reviewed line: it is stale
        over = table.history_len == len(table.state.history) and table.state.is_terminal()
        return {"ready": True} if over and table.history_len > table.history_start else {}

    def run(self, seats=None, advisor=None, budget=None, **kwargs):
        """``w.review(...)``: review the board's history line (or show ``seats``, a
        Review made before of this same line) and show it. Returns the Review."""
        from ..arena.review import Review
        from ..arena.review import review as run_review
        line = line_record(self.table)
        if isinstance(seats, Review):
            got = seats
            if advisor is not None or budget is not None or kwargs:
                raise OptionError("w.review(a_review) shows a review made before; give no other "
                                  "arguments")
            if got.record.get("actions") != line["actions"] or \
                    got.title != self.table.game.title:
                raise OptionError("this review is of another game or line than the one on the "
                                  "board; run w.review() to review the board's game")
        else:
            got = run_review(line, seats, advisor, budget, **kwargs)
        self.job = None
        self.shown = (got, _line_key(self.table))
        return got

    def start(self, viewer: int | None, reveal: bool) -> None:
        """The Review button: review every seat of the finished game on the board in a
        background thread (the default advisor and budget)."""
        from ..arena.review import review as run_review
        if not self.marks(viewer, reveal).get("ready"):
            raise NotLegalError("the Review button reviews a finished game, at its end; "
                                "play it to the end (w.review() reviews any line)")
        line = line_record(self.table)
        job = self.job = {"key": _line_key(self.table), "done": 0, "total": None,
                           "thread": None}

        def progress(done, total):
            job["done"], job["total"] = done, total
            if self.job is job:
                self._on_progress()

        def work():
            try:
                got = run_review(line, progress=progress)
            except Exception as e:  # noqa: BLE001 - shown in the widget, whole in last_error
                if self.job is job:
                    self.job = None
                    self._on_done(NbgamesError(f"review failed: {type(e).__name__}: {e}"[:300],
                                               public=f"review failed: {type(e).__name__}"))
                return
            if self.job is job:
                self.job = None
                self.shown = (got, job["key"])
                self._on_done(None)

        job["thread"] = threading.Thread(target=work, daemon=True, name="nbgames-review")
        job["thread"].start()
