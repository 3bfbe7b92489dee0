"""The host's controls, called from the notebook (or ``nbgames serve``) while the
server runs in its own thread: each hands its work to the server's loop and
waits for it. Pause, go on, end, give a seat to a bot or back to its person,
read a table's live state and record, wait for the games, collect the results,
close."""

from __future__ import annotations

import asyncio
import threading
import time

from ..arena.seats import HUMAN, check_seat
from ..core.errors import OptionError
from ..core.state import State
from ..core.validate import as_int


class Controls:
    """The control methods of :class:`~nbgames.net.server.Host` (a mixin: the host
    gives ``tables``, ``_table``, ``_loop``, ``_thread``, ``_stop`` and ``_done``)."""

    def _call(self, make, timeout: float = 30.0):
        if self._loop is None or self._done.is_set():
            raise OptionError("this host is closed")
        if threading.current_thread() is self._thread:
            raise OptionError("call the host's controls from the notebook, not from a listener")
        return asyncio.run_coroutine_threadsafe(make(), self._loop).result(timeout)

    def _tables(self, table):
        return self.tables if table is None else [self._table(table)]

    def pause(self, table: int | None = None) -> None:
        """Pause one table (or all): no seat may move, bots wait."""
        for t in self._tables(table):
            self._call(lambda t=t: t.set_paused(True))

    def resume(self, table: int | None = None) -> None:
        """Go on after ``pause`` (or after a bot failed and was replaced)."""
        for t in self._tables(table):
            self._call(lambda t=t: t.set_paused(False))

    def end(self, table: int | None = None, reason: str = "by the host") -> None:
        """End one table's game (or all): no more moves; the boards stay visible."""
        for t in self._tables(table):
            self._call(lambda t=t: t.end(str(reason)[:200]))

    def replace(self, seat: int, player, table: int = 0) -> None:
        """Give ``seat`` to a bot ("greedy", "random", a policy) or back to its person
        ("human")."""
        t = self._table(table)
        seat = as_int(seat, "seat", 0, t.game.players - 1)
        value = check_seat(player, seat)
        if value == HUMAN and seat not in t.people:
            raise OptionError(f"seat {seat} has no person's link (it was a bot's from the "
                              f"start); give it another bot")
        self._call(lambda: t.replace(seat, value))

    def state(self, table: int = 0) -> State:
        """A copy of a table's live state (the host's truth: every hand in it)."""
        return self._call(self._table(table).snapshot)[0]

    def record(self, table: int = 0) -> dict:
        """A table's record, as written to its file."""
        return self._call(self._table(table).snapshot)[1]

    def over(self) -> bool:
        """True when every table's game is over or ended."""
        return all(t.ended or t.frames.get(None, {}).get("to_move", 0) is None
                   for t in self.tables)

    def wait(self, timeout: float | None = None, poll: float = 0.05) -> bool:
        """Wait until every game is over (or ended); False on timeout."""
        end = None if timeout is None else time.monotonic() + timeout
        while not self.over():
            if self._done.is_set():
                return False
            if end is not None and time.monotonic() >= end:
                return False
            time.sleep(poll)
        return True

    def result(self):
        """The finished games as one :class:`~nbgames.arena.tournament.TournamentResult`
        (each seat named by its person, or its bot; a seat handed to a bot during
        the game keeps its person's name): ratings, payoff tables and the rest
        work on them. Tables not yet over are left out."""
        from ..arena.tournament import TournamentResult
        records = [r for r in (self.record(t.index) for t in self.tables) if "scores" in r]
        if not records:
            raise OptionError("no game is over yet: host.wait() first, or end() the tables")
        games = {(r["title"], r["players"]) for r in records}
        if len(games) > 1:
            raise OptionError(f"the tables play different games {sorted(games)}; one result "
                              f"holds one game")
        for i, r in enumerate(records):
            r["deal"] = i
        return TournamentResult.from_records(records[0]["title"], records[0]["players"], records)

    def close(self) -> None:
        """Stop the server: every connection is closed; the records stay on disk."""
        if self._loop is not None and not self._done.is_set() and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
            self._done.wait(15)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
