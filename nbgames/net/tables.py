"""A table of the host: its session (a :class:`~nbgames.arena.table.Table`), its
links and connections, the frames last published for each viewer, the moves its
seats send (checked against the seat, the turn and the state's legal ids), its
bots, and the host's controls on it. Everything here runs in the host's loop,
under the table's lock.

After every change :meth:`HostedTable.publish` computes one frame per viewer
present, writes the record (:mod:`nbgames.net.records`) and wakes the senders;
an acknowledged move is on disk before its acknowledgement is sent.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..agents.adapter import policy_name
from ..arena.seats import HUMAN
from ..arena.table import Table
from ..core.errors import NbgamesError
from . import frames
from . import protocol as P
from .records import HOST_FORMAT, write_record
from .sender import Conn

if TYPE_CHECKING:
    from .server import Host


def public_text(error: Exception, viewer) -> str:
    """An error as the seat ``viewer`` may read it: an error about another seat's
    decision without that seat's private content (the widget's rule,
    :func:`nbgames.widget.view.error_text`)."""
    from ..widget.view import error_text
    return error_text(error, viewer)


class Participant:
    """One link: a person's seat at a table (``seat`` None: the table's spectators)."""

    __slots__ = ("token", "name", "table", "seat")

    def __init__(self, token: str, name: str, table: HostedTable, seat: int | None):
        self.token, self.name, self.table, self.seat = token, name, table, seat

    def __repr__(self):
        where = "spectator" if self.seat is None else f"seat {self.seat}"
        return f"<{self.name}: {self.table.label}, {where}>"



class HostedTable:
    """One table of a host: the session, its links, its connections, and the
    frames last published for each viewer."""

    def __init__(self, host: Host, index: int, table: Table, specs: list[str],
                 record_path: Path | None, saved: dict | None = None):
        self.host = host
        self.index = index
        self.label = f"table {index + 1}"
        self.table = table
        self.game = table.game
        self.specs = specs                        # seat specs as text, for the record
        self.record_path = record_path
        self.people: dict[int, Participant] = {}  # seat -> its participant
        self.spectators: Participant | None = None
        self.conns: set[Conn] = set()
        self.frames: dict = {}
        self.version = 0
        self.paused = False
        self.ended: str | None = None
        self.failure: str | None = None
        self.handed: set[int] = set()             # seats handed to a bot while away
        now = time.monotonic()
        self.away_since = {s: now for s in range(self.game.players)}
        self.lock: asyncio.Lock | None = None
        self._task = None
        self._static = {}
        self.saved = saved                        # the host's part of a resumed record
        if saved is not None:
            self.paused = bool(saved.get("paused"))
            self.ended = saved.get("ended")
            for seat in saved.get("handed") or ():
                if table.is_human(seat):
                    table.seats[seat] = host.away_bot
                    self.handed.add(seat)

    # -- what a client receives ---------------------------------------------------------
    def static(self, viewer) -> dict:
        got = self._static.get(viewer)
        if got is None:
            got = self._static[viewer] = frames.static(self.game, viewer)
        return got

    def host_state(self) -> dict:
        return {"paused": self.paused, "ended": self.ended}

    def _note(self) -> str:
        if self.ended:
            return "The host ended this game. "
        if self.paused:
            return "Paused by the host. "
        return ""

    async def publish(self) -> None:
        """After a change (under the lock): new frames for every viewer present (and
        the spectator's, for the monitor), the record on disk, everyone woken."""
        self.version += 1
        open_, note = not (self.paused or self.ended), self._note()
        viewers = {c.viewer for c in self.conns} | {None}
        info = frames.seat_info(self.table)
        self.frames = {v: frames.frame(self.table, v, open=open_, note=note, seats_info=info)
                       for v in viewers}
        await self.save()
        for c in self.conns:
            c.wake.set()
        self.host._changed(self)

    def _ensure_frame(self, viewer) -> None:
        if viewer not in self.frames:
            self.frames = {**self.frames, viewer: frames.frame(
                self.table, viewer, open=not (self.paused or self.ended), note=self._note())}

    # -- the record ---------------------------------------------------------------------
    def names(self) -> list[str]:
        """Who plays each seat, for results: the participant's name, or the bot's."""
        out = []
        for s in range(self.game.players):
            if s in self.people:
                out.append(self.people[s].name)
            else:
                out.append(policy_name(self.table.seats[s]))
        return out

    def record(self) -> dict:
        rec = self.table.state.record()
        rec["policies"] = [self.specs[s] for s in range(self.game.players)]
        rec["names"] = self.names()
        rec["host"] = {"format": HOST_FORMAT, "table": self.index, "seats": list(self.specs),
                       "people": {str(s): {"name": p.name, "token": p.token}
                                  for s, p in self.people.items()},
                       "spectators": self.spectators.token if self.spectators else None,
                       "paused": self.paused, "ended": self.ended, "handed": sorted(self.handed)}
        return rec

    async def save(self) -> None:
        """The record to its file (in a worker thread: the write waits for the disk)."""
        if self.record_path is not None:
            await asyncio.to_thread(write_record, self.record_path, self.record())

    # -- connections ----------------------------------------------------------------------
    async def join(self, conn: Conn) -> None:
        async with self.lock:
            seat = conn.viewer
            same = [c for c in self.conns if c.part is conn.part]
            self.conns.add(conn)
            for old in sorted(same, key=lambda c: c.since)[:max(0, len(same) + 1 -
                                                                 self.host.per_link)]:
                self.host._event(self, f"{conn.part.name}: an older connection was replaced")
                asyncio.ensure_future(old.hang_up(P.CLOSE_REPLACED, "a newer connection of "
                                                                    "this link took over"))
            self.host._event(self, f"{conn.part.name} connected"
                                  + ("" if seat is None else f" (seat {seat})"))
            if seat is not None and seat in self.handed and self.host.away_return:
                self.handed.discard(seat)
                self.table.seats[seat] = HUMAN
                self.host._event(self, f"seat {seat} is back with {conn.part.name}")
                await self.publish()
            else:
                self._ensure_frame(seat)
                self.host._changed(self)
            conn.wake.set()

    async def leave(self, conn: Conn) -> None:
        async with self.lock:
            self.conns.discard(conn)
            if conn.viewer is not None and not any(c.viewer == conn.viewer for c in self.conns):
                self.away_since[conn.viewer] = time.monotonic()
            self.host._event(self, f"{conn.part.name} disconnected")
            self.host._changed(self)

    def connected(self, seat) -> int:
        return sum(1 for c in list(self.conns) if c.viewer == seat)

    # -- moves ----------------------------------------------------------------------------
    def _check(self, conn: Conn, msg: dict) -> int:
        """The action id of ``msg`` if ``conn`` may play it now, else BadMessage."""
        seat = conn.viewer
        state = self.table.state
        if seat is None:
            raise P.BadMessage("spectator", "a spectator link cannot move")
        if self.ended:
            raise P.BadMessage("ended", "the host ended this game; no more moves")
        cp = state.current_player
        if cp is None:
            raise P.BadMessage("game_over", "the game is over; no more moves")
        if self.paused:
            raise P.BadMessage("paused", "the host paused the game; wait until it goes on")
        if cp != seat:
            raise P.BadMessage("not_your_turn", f"it is player {cp}'s turn, not yours (you are "
                                                f"player {seat})")
        if not self.table.is_human(seat):
            raise P.BadMessage("handed", f"your seat is played by "
                                         f"{policy_name(self.table.seats[seat])!r} now; ask the "
                                         f"host to give it back")
        step = frames.decisions(state)
        if msg.get("step") is not None and msg["step"] != step:
            raise P.BadMessage("stale", f"this move was for step {msg['step']}, but the game is "
                                        f"at step {step}; look again and choose")
        aid = msg["id"]
        if not state.is_legal(aid):
            raise P.BadMessage("not_legal", f"{self.game.action_label(aid)!r} (id {aid}) is not "
                                            f"one of your legal actions now")
        return aid

    async def act(self, conn: Conn, msg: dict) -> None:
        ref = msg.get("ref")
        async with self.lock:
            try:
                aid = self._check(conn, msg)
            except P.BadMessage as e:
                conn.error(e.code, e.text, ref)
                return
            try:
                self.table.act(aid)
            except NbgamesError as e:            # checked above; kept for safety
                conn.error("refused", public_text(e, conn.viewer), ref)
                self.host._event(self, f"{conn.part.name}: refused: {e}")
                return
            if ref is not None:
                conn.ack = ref
            await self.publish()
        self.kick()

    def kick(self) -> None:
        """Let bot seats move (in a task of their own), if one is to move."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._advance())

    async def _advance(self) -> None:
        delay = self.host.bot_delay
        while True:
            if delay:
                await asyncio.sleep(delay)
            async with self.lock:
                cp = self.table.state.current_player
                if cp is None or self.paused or self.ended or self.table.is_human(cp):
                    return
                try:
                    await asyncio.to_thread(self.table.step)
                except Exception as e:  # a failing bot pauses its table; the host sees why
                    self.failure = f"{type(e).__name__}: {e}"
                    self.paused = True
                    self.host._event(self, f"the bot at seat {cp} failed; the table is paused: "
                                          f"{self.failure}"[:600])
                    await self.publish()
                    return
                await self.publish()

    # -- the host's controls (in the loop) --------------------------------------------------
    async def set_paused(self, paused: bool) -> None:
        async with self.lock:
            self.paused = paused
            if not paused:
                self.failure = None
            self.host._event(self, "paused" if paused else "going on")
            await self.publish()
        self.kick()

    async def end(self, reason: str) -> None:
        async with self.lock:
            if self.ended is None:
                self.ended = reason
                self.host._event(self, f"ended: {reason}")
                await self.publish()

    async def replace(self, seat: int, value) -> None:
        async with self.lock:
            self.table.seats[seat] = value
            self.specs[seat] = HUMAN if value == HUMAN else policy_name(value)
            self.handed.discard(seat)
            self.host._event(self, f"seat {seat} is now {self.specs[seat]}")
            await self.publish()
        self.kick()

    async def hand_over(self, seat: int) -> None:
        async with self.lock:
            if not self.table.is_human(seat) or self.connected(seat) or self.ended:
                return
            self.table.seats[seat] = self.host.away_bot
            self.handed.add(seat)
            self.host._event(self, f"seat {seat} was away {self.host.away:g} s: "
                                  f"{policy_name(self.host.away_bot)} plays it")
            await self.publish()
        self.kick()

    async def snapshot(self):
        async with self.lock:
            return self.table.state.clone(), self.record()

