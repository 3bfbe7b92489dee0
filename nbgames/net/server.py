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
* every message passes the rate limit first (at most ``rate`` a second,
  ``burst`` at once; a connection refused for ``flood`` seconds without earning
  back its burst is hung up on, 1008, and its link refused for ``flood_ban``
  seconds), then the checks (:func:`~nbgames.net.protocol.parse_client_message`:
  at most ``MAX_MESSAGE`` bytes; larger than ``MAX_FRAME`` closes the connection);
* a client that does not read cannot hold the host: each connection has its
  own sender (:mod:`nbgames.net.sender`), which keeps only the newest frame and
  a few replies, lets one batch at most wait at the client, and closes a client
  that has not read a batch ``send_timeout`` seconds after it went out (4008);
* errors are written for the seat that receives them: a bot's failure reaches
  the other seats as one public sentence; its message (which may name that
  seat's cards) goes to the host's events only;
* the server binds 127.0.0.1 unless told otherwise, and says so.

This module is the server: its loop, the websocket handler, the links, the
events. The rest of the host has a module each: a table (:mod:`.tables`), a
connection's sender (:mod:`.sender`), the HTTP answers (:mod:`.gate`), the
records on disk (:mod:`.records`), the controls (:mod:`.control`), the
addresses (:mod:`.lan`), ``nbgames.host`` (:mod:`.build`) and ``--resume``
(:mod:`.resume`).

Reliability: after every decision the table's record (config, seed, actions,
seats and the links' tokens) is written to its file (owner-only, flushed to the
disk, then renamed over the old one: :mod:`.records`), so ``nbgames serve
--resume RECORD`` continues after a crash with the same links; a dropped
connection rejoins with its link and gets its whole view back; a seat away
longer than ``away`` seconds can be handed to a bot (and comes back to its
person when they rejoin). When the host closes, a table whose game is over (or
ended) closes its connections with ``CLOSE_DONE`` (4001: the pages stop
reconnecting and say so); any other with 1001 (a host that comes back with
``--resume`` is rejoined).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections import deque
from urllib.parse import urlsplit

from ..core.errors import OptionError
from ..core.validate import as_int
from . import protocol as P
from .control import Controls
from .gate import Gate
from .lan import base_url, reach
from .sender import Conn
from .tables import HostedTable, Participant

_wire_log = logging.getLogger("nbgames.net.wire")     # websockets' own messages: silent
_wire_log.addHandler(logging.NullHandler())
_wire_log.propagate = False


def __getattr__(name):
    """``nbgames.net.server.host`` and ``.restore``, where they were before the host
    had a module a job (the builder imports this module, so they load late)."""
    if name == "host":
        from .build import host
        return host
    if name == "restore":
        from .resume import restore
        return restore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Host(Controls):
    """A running host: see :func:`nbgames.host`. Its methods are safe to call from
    the notebook while the server runs (they hand the work to the server's loop)."""

    def __init__(self, *, bind: str, port: int, url: str | None, ssl, away, away_bot,
                 away_return: bool, rate: float, burst: int, send_timeout: float,
                 flood: float = P.FLOOD, flood_ban: float = P.FLOOD_BAN,
                 max_clients: int, per_link: int, bot_delay: float, origins,
                 write_limit: int = 64 * 1024):
        self.bind, self.port, self.ssl = bind, port, ssl
        self._url = url
        self.away, self.away_bot, self.away_return = away, away_bot, away_return
        self.rate, self.burst = rate, burst
        self.flood, self.flood_ban = flood, flood_ban
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
        self.gate = Gate(self)

    # -- links ------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The base of every link (``http://HOST:PORT``, or the ``url`` given)."""
        if self._url:
            return self._url.rstrip("/")
        return base_url(self.bind, self.port, bool(self.ssl))

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
        return self.tables[as_int(table, "table", 0, len(self.tables) - 1)]

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
                await t.publish()
        try:
            self._server = await serve(
                self._handler, self.bind, self.port, process_request=self.gate,
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
        self._server.close(close_connections=False)
        await self._close_all()
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

    async def _close_all(self) -> None:
        """Close every connection as the host stops: ``CLOSE_DONE`` where the table's
        game is over or ended (nothing more will come: the pages stop retrying),
        ``CLOSE_HOST`` elsewhere (a resumed host will take them back)."""
        hangs = []
        for t in self.tables:
            over = bool(t.ended) or t.frames.get(None, {}).get("to_move", 0) is None
            code, reason = ((P.CLOSE_DONE, "the game is over; the host closed the table")
                            if over else (P.CLOSE_HOST, "the host is shutting down"))
            hangs += [c.hang_up(code, reason) for c in list(t.conns)]
        await asyncio.gather(*hangs, return_exceptions=True)

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
                if not conn.limit.allow():          # before parsing: a flood costs no parse
                    if conn.limit.over_for() >= self.flood:
                        self._flooded(conn)
                        await conn.hang_up(P.CLOSE_FLOOD, "flooding: too many messages")
                        break
                    conn.error("rate_limited", f"too many messages: at most {self.rate:g} a "
                                               f"second ({self.burst} at once); this one was "
                                               f"ignored", P.peek_ref(data))
                    await asyncio.sleep(0)
                    continue
                try:
                    msg = P.parse_client_message(data, table.game.num_actions)
                except P.BadMessage as e:
                    conn.error(e.code, e.text, e.ref)
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

    def _flooded(self, conn) -> None:
        left = f"; its link is refused for {self.flood_ban:g} s" if self.flood_ban else ""
        self._event(conn.table, f"{conn.part.name}: hung up on, over the rate limit for "
                                f"{conn.limit.over_for():.1f} s ({conn.limit.refused} messages "
                                f"refused){left}")
        if self.flood_ban:
            self.gate.ban(conn.part.token, self.flood_ban)

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
        n = len(self.tables)
        lines = [f"nbgames host: {n} table{'s' if n > 1 else ''} of {self.tables[0].game.name}, "
                 f"listening on {where} ({reach(self.bind)})."]
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
