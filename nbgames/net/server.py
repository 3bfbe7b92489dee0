"""The host: a websocket server that seats people and bots at one or more
tables, each a :class:`~nbgames.arena.table.Table`.

One thread runs an asyncio event loop with the server (the ``websockets``
library) and every table, so a notebook cell that blocks does not stall the
class, and a plain script or ``nbgames serve`` works the same way. Everything
that touches a table's state runs in that loop under the table's lock; a bot's
decision runs in a worker thread while the lock is held, so other tables and
connections go on meanwhile.

The boundary (ARCHITECTURE.md, "Hidden information"; the host's design is in
ARCHITECTURE.md, "A table on the network"):

* a link's token (128 random bits) names one seat of one table, or that table's
  spectators; nothing a client sends can name another;
* each connection receives only the frames of its own viewer (its seat's
  observation; the spectators' is ``observation(None)``), of its own table;
* an action is applied only when it is that seat's turn, the seat is played by
  a person (not handed to a bot), the game is neither paused nor ended, the
  step matches (when given) and the id is legal; otherwise the sender gets an
  error and nothing changes;
* every message is checked (:func:`~nbgames.net.protocol.parse_client_message`),
  at most ``MAX_MESSAGE`` bytes (larger than ``MAX_FRAME`` closes the
  connection), at most ``rate`` a second (a flood past ``FLOOD`` refusals in a
  row is hung up on);
* a client that does not read cannot hold the host: each connection has its
  own sender, which keeps only the newest frame to send (never a queue of
  them) and at most a few error replies, and a send that does not finish in
  ``send_timeout`` seconds closes that connection;
* errors are written for the seat that receives them: a bot's failure reaches
  the other seats as one public sentence; its message (which may name that
  seat's cards) goes to the host's events only;
* the server binds 127.0.0.1 unless told otherwise, and says so.

Reliability: after every decision the table's record (config, seed, actions,
seats and the links' tokens) is written to its file (a temporary file, then a
rename), so ``nbgames serve --resume RECORD`` continues after a crash with the
same links; a dropped connection rejoins with its link and gets its whole view
back; a seat away longer than ``away`` seconds can be handed to a bot (and
comes back to its person when they rejoin).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import os
import random
import socket
import threading
import time
from collections import deque
from pathlib import Path
from urllib.parse import urlsplit

from ..agents.adapter import BUILT_IN, policy_name
from ..arena.seats import HUMAN, check_seat
from ..arena.table import Table
from ..core.errors import NbgamesError, OptionError, RecordError
from ..core.game import Game
from ..core.registry import load, replay
from ..core.state import State
from . import frames
from . import protocol as P

HOST_FORMAT = "nbgames-host/1"
SEATING = ("assigned", "random")
_wire_log = logging.getLogger("nbgames.net.wire")     # websockets' own messages: silent
_wire_log.addHandler(logging.NullHandler())
_wire_log.propagate = False


def _need_websockets():
    try:
        import websockets  # noqa: F401
    except ImportError:  # pragma: no cover - the test extra installs it
        raise OptionError("hosting and joining tables needs the websockets package: "
                          "pip install 'nbgames[net]'") from None


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


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


class Conn:
    """One websocket connection of a participant, with its own sender task."""

    def __init__(self, host: Host, part: Participant, ws):
        self.host, self.part, self.ws = host, part, ws
        self.table: HostedTable = part.table
        self.viewer = part.seat
        self.limit = P.RateLimit(host.rate, host.burst)
        self.outbox: deque = deque(maxlen=8)       # error/pong replies; the oldest drop
        self.wake = asyncio.Event()
        self.sent: dict | None = None               # the frame the client holds
        self.sent_host: dict | None = None
        self.ack: int | None = None
        self.since = time.monotonic()

    def push(self, msg: dict) -> None:
        self.outbox.append(msg)
        self.wake.set()

    def error(self, code: str, text: str, ref=None) -> None:
        msg = {"type": "error", "code": code, "error": text}
        if ref is not None:
            msg["ref"] = ref
        self.push(msg)

    async def _send(self, msg: dict) -> None:
        await asyncio.wait_for(self.ws.send(P.encode(msg)), self.host.send_timeout)

    async def pump(self) -> None:
        """Send what the client lacks: replies first, then the newest frame (a welcome
        the first time, then only the keys that changed)."""
        from websockets.exceptions import ConnectionClosed
        table = self.table
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    await self._send(self.outbox.popleft())
                frame = table.frames.get(self.viewer)
                if frame is None:
                    continue
                about = table.host_state()
                if self.sent is None:
                    msg = {"type": "welcome", "protocol": P.PROTOCOL, "seat": self.viewer,
                           "table": table.label, "config": table.game.config(),
                           "static": table.static(self.viewer), "frame": frame, "host": about}
                else:
                    if frame is self.sent and self.ack is None and about == self.sent_host:
                        continue
                    diff = {k: v for k, v in frame.items() if self.sent.get(k) != v}
                    msg = {"type": "update", "frame": diff}
                    if self.ack is not None:
                        msg["ack"] = self.ack
                    if about != self.sent_host:
                        msg["host"] = about
                self.sent, self.sent_host, self.ack = frame, about, None
                await self._send(msg)
        except TimeoutError:
            self.host._event(table, f"{self.part.name}: closed, it did not read what the host "
                                   f"sent for {self.host.send_timeout:g} s")
            self.ws.transport.abort()
        except ConnectionClosed:
            pass
        except Exception as e:  # noqa: BLE001 - a bug: say so, close this connection only
            self.host._event(table, f"{self.part.name}: internal error while sending: "
                                   f"{type(e).__name__}: {e}"[:300])
            await self.ws.close(1011, "internal error of the host")


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

    def publish(self) -> None:
        """After a change (under the lock): new frames for every viewer present (and
        the spectator's, for the monitor), the record on disk, everyone woken."""
        self.version += 1
        open_, note = not (self.paused or self.ended), self._note()
        viewers = {c.viewer for c in self.conns} | {None}
        info = frames.seat_info(self.table)
        self.frames = {v: frames.frame(self.table, v, open=open_, note=note, seats_info=info)
                       for v in viewers}
        self.save()
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

    def save(self) -> None:
        if self.record_path is None:
            return
        path = self.record_path
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(self.record(), f, separators=(",", ":"))
        os.replace(tmp, path)

    # -- connections ----------------------------------------------------------------------
    async def join(self, conn: Conn) -> None:
        async with self.lock:
            seat = conn.viewer
            same = [c for c in self.conns if c.part is conn.part]
            self.conns.add(conn)
            for old in sorted(same, key=lambda c: c.since)[:max(0, len(same) + 1 -
                                                                 self.host.per_link)]:
                self.host._event(self, f"{conn.part.name}: an older connection was replaced")
                asyncio.ensure_future(old.ws.close(P.CLOSE_REPLACED, "a newer connection of "
                                                                     "this link took over"))
            self.host._event(self, f"{conn.part.name} connected"
                                  + ("" if seat is None else f" (seat {seat})"))
            if seat is not None and seat in self.handed and self.host.away_return:
                self.handed.discard(seat)
                self.table.seats[seat] = HUMAN
                self.host._event(self, f"seat {seat} is back with {conn.part.name}")
                self.publish()
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
            self.publish()
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
                    self.publish()
                    return
                self.publish()

    # -- the host's controls (in the loop) --------------------------------------------------
    async def set_paused(self, paused: bool) -> None:
        async with self.lock:
            self.paused = paused
            if not paused:
                self.failure = None
            self.host._event(self, "paused" if paused else "going on")
            self.publish()
        self.kick()

    async def end(self, reason: str) -> None:
        async with self.lock:
            if self.ended is None:
                self.ended = reason
                self.host._event(self, f"ended: {reason}")
                self.publish()

    async def replace(self, seat: int, value) -> None:
        async with self.lock:
            self.table.seats[seat] = value
            self.specs[seat] = HUMAN if value == HUMAN else policy_name(value)
            self.handed.discard(seat)
            self.host._event(self, f"seat {seat} is now {self.specs[seat]}")
            self.publish()
        self.kick()

    async def hand_over(self, seat: int) -> None:
        async with self.lock:
            if not self.table.is_human(seat) or self.connected(seat) or self.ended:
                return
            self.table.seats[seat] = self.host.away_bot
            self.handed.add(seat)
            self.host._event(self, f"seat {seat} was away {self.host.away:g} s: "
                                  f"{policy_name(self.host.away_bot)} plays it")
            self.publish()
        self.kick()

    async def snapshot(self):
        async with self.lock:
            return self.table.state.clone(), self.record()


class Host:
    """A running host: see :func:`host`. Its methods are safe to call from the
    notebook while the server runs (they hand the work to the server's loop)."""

    def __init__(self, *, bind: str, port: int, url: str | None, ssl, away, away_bot,
                 away_return: bool, rate: float, burst: int, send_timeout: float,
                 max_clients: int, per_link: int, bot_delay: float, origins,
                 write_limit: int = 64 * 1024):
        self.bind, self.port, self.ssl = bind, port, ssl
        self._url = url
        self.away, self.away_bot, self.away_return = away, away_bot, away_return
        self.rate, self.burst = rate, burst
        self.send_timeout = send_timeout
        self.write_limit = write_limit
        self.max_clients, self.per_link = max_clients, per_link
        self.bot_delay = bot_delay
        self.origins = origins
        self.tables: list[HostedTable] = []
        self.participants: list[Participant] = []
        self._tokens: dict[str, Participant] = {}
        self.events: deque = deque(maxlen=500)
        self._listeners: list = []
        self._on_event = None
        self._loop = None
        self._thread = None
        self._stop = None
        self._server = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._done = threading.Event()
        self._pages: dict[str, bytes] = {}

    # -- links ------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The base of every link (``http://HOST:PORT``, or the ``url`` given)."""
        if self._url:
            return self._url.rstrip("/")
        scheme = "https" if self.ssl else "http"
        name = self.bind
        if _is_any(name):
            name = _lan_address()
        if ":" in name:
            name = f"[{name}]"
        return f"{scheme}://{name}:{self.port}"

    def link(self, seat: int, table: int = 0) -> str:
        """The join link of a person's seat."""
        t = self._table(table)
        if seat not in t.people:
            raise OptionError(f"{t.label} seat {seat!r} has no link: links go to the seats "
                              f"played by people, {sorted(t.people)}")
        return f"{self.url}/play/{t.people[seat].token}"

    @property
    def links(self) -> list[str]:
        """One link a person, in the order of the participants (see ``participants``)."""
        return [f"{self.url}/play/{p.token}" for p in self.participants]

    def spectator_link(self, table: int = 0) -> str:
        """The link that shows a table's public board (``observation(None)``)."""
        return f"{self.url}/play/{self._table(table).spectators.token}"

    def seating(self) -> list[dict]:
        """Who sits where: name, table, seat, link and open connections."""
        return [{"name": p.name, "table": p.table.index, "seat": p.seat,
                 "link": f"{self.url}/play/{p.token}", "connected": p.table.connected(p.seat)}
                for p in self.participants]

    def _table(self, table) -> HostedTable:
        if not _is_int(table) or not 0 <= table < len(self.tables):
            raise OptionError(f"table must be an int from 0 to {len(self.tables) - 1}, got "
                              f"{table!r}")
        return self.tables[table]

    # -- the loop ---------------------------------------------------------------------------
    def start(self) -> Host:
        self._thread = threading.Thread(target=self._run, name="nbgames-host", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise self._failed
        return self

    def _run(self):
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as e:  # noqa: BLE001 - reported to start() or kept
            self._failed = e
            self._ready.set()
        finally:
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()
                self._done.set()

    async def _main(self):
        from websockets.asyncio.server import serve
        self._stop = asyncio.Event()
        for t in self.tables:
            t.lock = asyncio.Lock()
            async with t.lock:
                t.publish()
        try:
            self._server = await serve(
                self._handler, self.bind, self.port, process_request=self._http,
                compression=None, max_size=P.MAX_FRAME, max_queue=16, write_limit=self.write_limit,
                open_timeout=10, ping_interval=20, ping_timeout=20, close_timeout=2,
                server_header=None, logger=_wire_log, ssl=self.ssl)
        except OSError as e:
            raise OptionError(f"cannot listen on {self.bind}:{self.port}: {e.strerror or e}"
                              + ("; pass port=0 for any free port" if self.port else "")) from None
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        for t in self.tables:
            t.kick()
        watch = asyncio.create_task(self._watch_away()) if self.away is not None else None
        await self._stop.wait()
        if watch:
            watch.cancel()
        self._server.close()
        await self._server.wait_closed()
        for t in self.tables:
            if t._task is not None:
                t._task.cancel()

    async def _watch_away(self):
        while True:
            await asyncio.sleep(min(1.0, max(0.05, self.away / 4)))
            now = time.monotonic()
            for t in self.tables:
                for seat in list(t.people):
                    if (not t.connected(seat) and t.table.is_human(seat) and not t.ended
                            and now - t.away_since[seat] >= self.away):
                        await t.hand_over(seat)

    def _http(self, connection, request):
        """Every HTTP request before a websocket opens: the join page, the websocket
        of a known token (after the origin and capacity checks), or a refusal."""
        path = urlsplit(request.path).path
        m = P.LINK_RE.match(path)
        if m is None:
            if path in ("/", "/index.html"):
                return self._respond(connection, 200, "text/html", _HOME)
            return self._respond(connection, 404, "text/plain", b"not found: open the join "
                                 b"link the host gave you (.../play/...)\n")
        part = self._tokens.get(m["token"])
        if part is None:
            return self._respond(connection, 404, "text/plain", b"unknown link: no seat of this "
                                 b"host has it (check the link; a restarted host without "
                                 b"--resume has new links)\n")
        if m["kind"] == "play":
            return self._respond(connection, 200, "text/html", self._page(part.table.game.title))
        origin = request.headers.get("Origin")
        if origin is not None and not self._origin_ok(origin, request.headers.get("Host")):
            return self._respond(connection, 403, "text/plain", b"this page's origin may not "
                                 b"open the table's websocket\n")
        if sum(len(t.conns) for t in self.tables) >= self.max_clients:
            return self._respond(connection, 503, "text/plain", b"the host is full\n")
        return None

    def _origin_ok(self, origin: str, host_header: str | None) -> bool:
        if self.origins == "*":
            return True
        allowed = set(self.origins or ())
        net = urlsplit(origin).netloc
        if host_header and net == host_header:
            return True
        if self._url and net == urlsplit(self._url).netloc:
            return True
        return origin in allowed

    def _respond(self, connection, status: int, kind: str, body: bytes):
        from websockets.datastructures import Headers
        from websockets.http11 import Response
        reasons = {200: "OK", 403: "Forbidden", 404: "Not Found", 503: "Service Unavailable"}
        headers = Headers([
            ("Content-Type", f"{kind}; charset=utf-8"), ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"),
            ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"),
            ("Connection", "close"),
            ("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline' blob:; "
             "style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self'; "
             "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")])
        return Response(status, reasons[status], headers, body)

    def _page(self, title: str) -> bytes:
        page = self._pages.get(title)
        if page is None:
            from .page import join_page
            page = self._pages[title] = join_page(title).encode("utf-8")
        return page

    async def _handler(self, ws):
        from websockets.exceptions import ConnectionClosed
        m = P.LINK_RE.match(urlsplit(ws.request.path).path)
        part = self._tokens.get(m["token"]) if m else None
        if part is None or m["kind"] != "ws":
            await ws.close(P.CLOSE_UNKNOWN, "unknown link")
            return
        table = part.table
        conn = Conn(self, part, ws)
        await table.join(conn)
        pump = asyncio.create_task(conn.pump())
        try:
            async for data in ws:
                try:
                    msg = P.parse_client_message(data, table.game.num_actions)
                except P.BadMessage as e:
                    msg, bad = None, e
                if not conn.limit.allow():
                    if conn.limit.refused >= P.FLOOD:
                        self._event(table, f"{part.name}: hung up on, {P.FLOOD} messages over "
                                          f"the rate limit in a row")
                        await ws.close(P.CLOSE_FLOOD, "flooding: too many messages")
                        break
                    conn.error("rate_limited", f"too many messages: at most {self.rate:g} a "
                                               f"second ({self.burst} at once); this one was "
                                               f"ignored", msg.get("ref") if msg else bad.ref)
                    await asyncio.sleep(0)
                    continue
                if msg is None:
                    conn.error(bad.code, bad.text, bad.ref)
                    await asyncio.sleep(0)
                    continue
                if msg["type"] == "ping":
                    conn.push({"type": "pong", "ref": msg.get("ref")})
                    continue
                await table.act(conn, msg)
                await asyncio.sleep(0)     # one message at a time: the others get their turn
        except ConnectionClosed:
            pass
        finally:
            pump.cancel()
            await table.leave(conn)

    # -- notifications ------------------------------------------------------------------------
    def _event(self, table: HostedTable | None, text: str) -> None:
        """Something the host should know (connections, refusals, failures): kept in
        ``events`` and passed to the listener (the command line prints them)."""
        item = (time.time(), None if table is None else table.index, text)
        self.events.append(item)
        if self._on_event is not None:
            try:
                self._on_event(item)
            except Exception:  # noqa: BLE001 - a printing problem must not stop the host
                pass

    def listen(self, fn) -> None:
        """Call ``fn(table_index)`` (in the server's thread) after a table changes."""
        self._listeners.append(fn)

    def _changed(self, table: HostedTable) -> None:
        for fn in self._listeners:
            try:
                fn(table.index)
            except Exception:  # noqa: BLE001 - a monitor problem must not stop the host
                pass

    # -- the host's controls ----------------------------------------------------------------
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
        if not _is_int(seat) or not 0 <= seat < t.game.players:
            raise OptionError(f"seat must be an int from 0 to {t.game.players - 1}, got {seat!r}")
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

    # -- display --------------------------------------------------------------------------
    def monitor(self):
        """The host's monitor widget: connections, whose turn it is, the public board,
        and controls (pause, hand a seat to a bot, end)."""
        from .monitor import Monitor
        return Monitor(self)

    def _ipython_display_(self):
        from IPython.display import display
        display(self.monitor())

    def describe(self) -> str:
        """The links and what the host listens on, as printed at the start."""
        where = f"{self.bind}:{self.port}"
        if _is_loopback(self.bind):
            reach = ("this computer only; pass bind=\"0.0.0.0\" (nbgames serve --bind 0.0.0.0) "
                     "to let others on your network join")
        else:
            reach = ("every computer that can reach this address; a link is the only key to a "
                     "seat, and the traffic is not encrypted: use a trusted network or https")
        n = len(self.tables)
        lines = [f"nbgames host: {n} table{'s' if n > 1 else ''} of {self.tables[0].game.name}, "
                 f"listening on {where} ({reach})."]
        for p in self.participants:
            lines.append(f"  {p.name:<12} {p.table.label}, seat {p.seat}: {self.url}/play/{p.token}")
        for t in self.tables:
            lines.append(f"  {'spectators':<12} {t.label}: {self.url}/play/{t.spectators.token}")
            if t.record_path is not None:
                lines.append(f"  {'record':<12} {t.label}: {t.record_path}")
        return "\n".join(lines)

    def __repr__(self):
        state = "closed" if self._done.is_set() else f"listening on {self.bind}:{self.port}"
        return f"<nbgames host, {len(self.tables)} table(s), {state}>"


_HOME = (b"<!doctype html><meta charset='utf-8'><title>nbgames host</title>"
         b"<p>This is an nbgames host. Open the join link you were given "
         b"(it ends in /play/ and a code).</p>")


def _is_any(bind: str) -> bool:
    return bind in ("", "0.0.0.0", "::")


def _is_loopback(bind: str) -> bool:
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def _lan_address() -> str:
    """This computer's address on its network (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return socket.gethostname()


# -- building a host --------------------------------------------------------------------------
def _seat_spec(value) -> str:
    if value == HUMAN:
        return HUMAN
    return policy_name(value)


def _one_table(item, seats, seed) -> Table:
    if isinstance(item, str):
        if seats is None:
            raise OptionError("nbgames.host(title, ...) needs seats=[...] (one entry a seat) to "
                              "know the player count; or pass nbgames.load(title, players=N)")
        item = load(item, len(seats))
    if isinstance(item, Table):
        if seats is not None:
            item.seats = seats
        return item
    if isinstance(item, State):
        return Table(item, seats=seats)
    if isinstance(item, Game):
        return Table(item, seats=seats, seed=seed)
    raise OptionError(f"nbgames.host needs a Game (nbgames.load(...)), a title, a Table, a "
                      f"State, or a list of them; got {type(item).__name__}")


def _tables_from(game_or_table, seats, tables, seed, same_deal) -> list[Table]:
    if not _is_int(tables) or tables < 1:
        raise OptionError(f"tables must be an int >= 1, got {tables!r}")
    if seed is not None and (not _is_int(seed) or not 0 <= seed < 2**62):
        raise OptionError(f"seed must be None or an int from 0 to 2**62 - 1, got {seed!r}")
    if isinstance(game_or_table, (list, tuple)):
        if not game_or_table:
            raise OptionError("give a game, a Table, a State or a non-empty list of them")
        if tables != 1:
            raise OptionError("give either a list of games/tables or tables=N, not both")
        return [_one_table(item, seats, None if seed is None else seed + i)
                for i, item in enumerate(game_or_table)]
    if tables == 1:
        return [_one_table(game_or_table, seats, seed)]
    game = game_or_table
    if isinstance(game, str):
        game = _one_table(game, seats, None).game
    if not isinstance(game, Game):
        raise OptionError(f"several tables (tables={tables}) are dealt from a Game or a title, "
                          f"not from a {type(game).__name__}")
    if same_deal:
        seeds = [random.randrange(2**62) if seed is None else seed] * tables
    elif seed is None:
        seeds = [None] * tables
    else:
        seeds = random.Random(seed).sample(range(2**62), tables)
    return [Table(game, seats=seats, seed=s) for s in seeds]


def host(game_or_table, seats=None, port: int = 8765, *, bind: str = "127.0.0.1",
         url: str | None = None, tables: int = 1, seating: str = "assigned", names=None,
         seed: int | None = None, same_deal: bool = False, record="nbgames-records",
         away: float | None = None, away_bot="greedy", away_return: bool = True,
         rate: float = P.RATE, burst: int = P.BURST, send_timeout: float = 10.0,
         write_limit: int = 64 * 1024,
         max_clients: int = 512, per_link: int = 3, bot_delay: float = 0.0, origins=None,
         ssl=None, quiet: bool = False, _restore=None) -> Host:
    """Host a table (or several) on a websocket server; returns the running Host.

    ``game_or_table`` is a Game, a title (with ``seats``), a
    :class:`~nbgames.arena.table.Table`, a State, or a list of them (one table
    each). ``seats`` has one entry a seat: "human" (a person joins by link: from
    a browser, ``nbgames.join(link)``, or a bot in their own kernel with
    ``nbgames.join(link, policy=...)``) or a bot the host runs ("greedy",
    "random", a policy). ``tables=N`` deals N games of the same Game at once (a
    classroom): with ``seed`` each table's seed is drawn from it (``same_deal=True``:
    every table gets the same deal). Each person has one link; ``seating``
    "assigned" seats them in order, "random" shuffles them over the tables'
    human seats (seeded by ``seed``). ``names`` names the people (default P1,
    P2, ...): results are reported under these names.

    The server runs in its own thread and binds ``bind`` (127.0.0.1: this
    computer only; "0.0.0.0" lets the network in) on ``port`` (0: any free
    port). ``url`` replaces ``http://HOST:PORT`` in the links (a proxy, a
    JupyterHub ``.../proxy/PORT`` address). The record of each table is
    written to the folder ``record`` after every decision (None: not written);
    it holds the seed (so every hand) and the links' tokens: keep it private.
    ``away`` seconds without a connection hand a person's seat to ``away_bot``
    (back to them when they rejoin, with ``away_return``). ``rate``/``burst``
    limit each connection's messages; a connection's unsent bytes wait in a buffer
    of ``write_limit`` bytes, and ``send_timeout`` closes a connection that does
    not read. A link holds at most ``per_link`` connections at once (a newer one
    replaces the oldest), the host ``max_clients`` in all. ``bot_delay`` seconds
    pass before each bot move (so people can follow). ``origins`` lists the web
    pages allowed to open a table's websocket besides the host's own ("*": any).
    ``ssl`` (an ``ssl.SSLContext`` with the host's certificate) serves https and
    wss links. It prints one link a person, one spectator link a table
    and where it listens (``quiet=True``: nothing printed; ``host.describe()``).
    """
    _need_websockets()
    if not isinstance(bind, str) or not bind.strip():
        raise OptionError(f"bind must be an address such as \"127.0.0.1\" or \"0.0.0.0\", got "
                          f"{bind!r}")
    if not _is_int(port) or not 0 <= port <= 65535:
        raise OptionError(f"port must be an int from 0 to 65535 (0: any free port), got {port!r}")
    if seating not in SEATING:
        raise OptionError(f"seating must be one of {SEATING}, got {seating!r}")
    for name, value, lo in (("rate", rate, 0.1), ("burst", burst, 1), ("send_timeout",
                            send_timeout, 0.1), ("max_clients", max_clients, 1),
                            ("per_link", per_link, 1), ("bot_delay", bot_delay, 0.0),
                            ("write_limit", write_limit, 1024)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < lo:
            raise OptionError(f"{name} must be a number >= {lo}, got {value!r}")
    if away is not None and (isinstance(away, bool) or not isinstance(away, (int, float))
                             or away <= 0):
        raise OptionError(f"away must be None or a number of seconds > 0, got {away!r}")
    if url is not None and (not isinstance(url, str) or urlsplit(url).scheme not in
                            ("http", "https") or not urlsplit(url).netloc):
        raise OptionError(f"url must be an http(s) address such as "
                          f"\"http://192.168.1.20:8765\", got {url!r}")
    if origins not in (None, "*") and (isinstance(origins, str) or not all(
            isinstance(o, str) for o in origins)):
        raise OptionError(f"origins must be None, \"*\" or a list of origins, got {origins!r}")
    bot = check_seat(away_bot, 0)
    if bot == HUMAN:
        raise OptionError("away_bot must be a bot (\"greedy\", \"random\" or a policy), not "
                          "\"human\"")
    if _restore is not None:
        sessions = _restore
    else:
        sessions = [(t, None) for t in _tables_from(game_or_table, seats, tables, seed, same_deal)]
    if len({(t.game.title, t.game.players) for t, _ in sessions}) > 1 and seating == "random":
        raise OptionError("random seating needs every table to play the same game")
    h = Host(bind=bind.strip(), port=port, url=url, ssl=ssl, away=away, away_bot=bot,
             away_return=away_return, rate=float(rate), burst=int(burst),
             send_timeout=float(send_timeout), max_clients=int(max_clients),
             per_link=int(per_link), bot_delay=float(bot_delay), origins=origins,
             write_limit=int(write_limit))
    folder = None
    if record is not None and record is not False:
        folder = Path(record)
        folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for i, (table, saved) in enumerate(sessions):
        table.auto = False
        if saved is not None:
            path = Path(saved["path"])
        elif folder is not None:
            path = folder / f"{table.game.title}-{stamp}-{os.getpid()}-t{i + 1}.json"
        else:
            path = None
        h.tables.append(HostedTable(h, i, table, [_seat_spec(v) for v in table.seats], path,
                                    saved))
    _seat_people(h, names, seating, seed)
    h.start()
    if not quiet:
        print(h.describe())
    return h


def _seat_people(h: Host, names, seating: str, seed) -> None:
    """One participant a person's seat (and one spectator link a table). A restored
    table keeps its people and their tokens, so the old links work again."""
    def add(part):
        part.table.people[part.seat] = part
        h.participants.append(part)
        h._tokens[part.token] = part

    for t in h.tables:
        if t.saved is not None:
            for s, p in sorted((int(k), v) for k, v in (t.saved.get("people") or {}).items()):
                add(Participant(p["token"], p["name"], t, s))
    slots = [(t, s) for t in h.tables if t.saved is None for s in range(t.game.players)
             if t.table.is_human(s)]
    if names is not None:
        if isinstance(names, str) or not all(isinstance(n, str) and n.strip() for n in names):
            raise OptionError(f"names must be a list of non-empty strings, got {names!r}"[:200])
        names = [n.strip()[:40] for n in names]
        if len(names) != len(slots):
            raise OptionError(f"names: {len(slots)} seats are played by people, got "
                              f"{len(names)} names")
    order = list(range(len(slots)))
    if seating == "random":
        random.Random(seed).shuffle(order)
    for i, k in enumerate(order):
        t, s = slots[k]
        add(Participant(P.new_token(), names[i] if names else f"P{i + 1}", t, s))
    for t in h.tables:
        token = (t.saved or {}).get("spectators") or P.new_token()
        t.spectators = Participant(token, "spectators", t, None)
        h._tokens[token] = t.spectators
    h.participants.sort(key=lambda p: (p.table.index, p.seat))


# -- resuming -------------------------------------------------------------------------------
def load_record(path) -> dict:
    """A host's record file, checked: it replays, and it holds the host's part."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except FileNotFoundError:
        raise RecordError(f"no such record file: {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RecordError(f"cannot read {path}: {e}") from None
    if not isinstance(rec, dict) or not isinstance(rec.get("host"), dict) or \
            rec["host"].get("format") != HOST_FORMAT:
        raise RecordError(f"{path} is not a record written by an nbgames host (no "
                          f"{HOST_FORMAT!r} part); a plain record can be hosted with "
                          f"nbgames.host(nbgames.replay(record), ...)")
    replay(rec)
    return rec


def restore(paths, seats=None, resolve=None) -> list:
    """The sessions of a host's record files, ready for ``host(None, _restore=...)``:
    ``(Table, saved)`` pairs with the same position, seats, links and pause/end
    state. ``seats`` (one list for every file) replaces the seats; ``resolve``
    turns a seat spec that is not a built-in bot into a policy (the command
    line's ``module:function``)."""
    out = []
    for path in paths:
        rec = load_record(path)
        saved = dict(rec["host"], path=str(path))
        game = load(rec["title"], rec["players"], **rec["options"])
        specs = list(seats) if seats is not None else list(saved.get("seats") or [])
        if len(specs) != game.players:
            raise RecordError(f"{path}: {game.players} seats needed, got {len(specs)}")
        values = []
        for s, spec in enumerate(specs):
            if spec == HUMAN or spec in BUILT_IN:
                values.append(check_seat(spec, s))
            elif resolve is not None:
                values.append(check_seat(resolve(spec), s))
            else:
                raise RecordError(f"{path}: seat {s} was played by {spec!r}, which cannot be "
                                  f"rebuilt here; give the seats again (nbgames serve --resume "
                                  f"RECORD --seats human,...,module:function)")
        start = replay(rec, upto=0)
        table = Table(start, seats=[HUMAN] * game.players, auto=False)
        for aid in rec["actions"]:                  # the whole line, every seat as a person
            table.act(aid)
        table.seats = values
        out.append((table, saved))
    return out
