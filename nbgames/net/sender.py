"""One websocket connection of a participant at the host, and what it is sent:
its own sender task, which keeps only the newest frame (never a queue of them)
and a few replies, and the two ways the host hangs up on a client.

A client that does not read cannot hold the host. After each batch (the
replies waiting, then the frame the client lacks) the sender pings and waits for
the pong before it sends anything else: a pong means the client has read every
byte before it (a websocket answers pings in order, as it reads). So at most one
batch waits at a client, whatever the kernel's socket buffers would take, and a
client that stops reading is found out when the pong of the batch it stopped at
has not come ``send_timeout`` seconds after that batch began: the host closes it
with ``CLOSE_SLOW`` (4008). The close frame is written behind that batch and the
connection is cut after ``CLOSE_GRACE`` seconds (not the library's 2 s close
handshake): a client that reads later finds the batch, then the 4008 close frame,
then the end of the stream. (A batch larger than the socket buffers between the
two ends is the exception: then the host stopped writing mid-batch, the close
frame never left, and the client that reads later sees the stream end, 1006.)
"""

from __future__ import annotations

import asyncio
import time
from collections import deque

from . import protocol as P

CLOSE_GRACE = 0.5     # seconds between the close frame and cutting the connection


class Conn:
    """One websocket connection of a participant, with its own sender task."""

    def __init__(self, host, part, ws):
        self.host, self.part, self.ws = host, part, ws
        self.table = part.table
        self.viewer = part.seat
        self.limit = P.RateLimit(host.rate, host.burst)
        self.outbox: deque = deque(maxlen=8)       # error/pong replies; the oldest drop
        self.wake = asyncio.Event()
        self.sent: dict | None = None               # the frame the client holds
        self.sent_host: dict | None = None
        self.ack: int | None = None
        self.since = time.monotonic()
        self.closing = False

    def push(self, msg: dict) -> None:
        self.outbox.append(msg)
        self.wake.set()

    def error(self, code: str, text: str, ref=None) -> None:
        msg = {"type": "error", "code": code, "error": text}
        if ref is not None:
            msg["ref"] = ref
        self.push(msg)

    def _next(self) -> dict | None:
        """The message that brings the client up to the newest frame (a welcome the
        first time, then only the keys that changed), or None: it has it."""
        table = self.table
        frame = table.frames.get(self.viewer)
        if frame is None:
            return None
        about = table.host_state()
        if self.sent is None:
            msg = {"type": "welcome", "protocol": P.PROTOCOL, "seat": self.viewer,
                   "table": table.label, "config": table.game.config(),
                   "static": table.static(self.viewer), "frame": frame, "host": about,
                   "limits": {"rate": self.host.rate, "burst": self.host.burst}}
        else:
            if frame is self.sent and self.ack is None and about == self.sent_host:
                return None
            diff = {k: v for k, v in frame.items() if self.sent.get(k) != v}
            msg = {"type": "update", "frame": diff}
            if self.ack is not None:
                msg["ack"] = self.ack
            if about != self.sent_host:
                msg["host"] = about
        self.sent, self.sent_host, self.ack = frame, about, None
        return msg

    async def _batch(self) -> None:
        """Send the replies and the frame the client lacks, then wait until it has
        read them (the pong of a ping sent behind them): all within send_timeout."""
        deadline = asyncio.get_running_loop().time() + self.host.send_timeout
        sent = False
        async with asyncio.timeout_at(deadline):
            while self.outbox:
                await self.ws.send(P.encode(self.outbox.popleft()))
                sent = True
            msg = self._next()
            if msg is not None:
                await self.ws.send(P.encode(msg))
                sent = True
            if sent:
                await (await self.ws.ping())

    async def pump(self) -> None:
        """Send what the client lacks, one batch at a time (see the module docstring)."""
        from websockets.exceptions import ConnectionClosed
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                await self._batch()
        except TimeoutError:
            self.host._event(self.table, f"{self.part.name}: closed, it did not read what the "
                                         f"host sent for {self.host.send_timeout:g} s")
            await self.hang_up(P.CLOSE_SLOW, "did not read what the host sent")
        except ConnectionClosed:
            pass
        except Exception as e:  # noqa: BLE001 - a bug: say so, close this connection only
            self.host._event(self.table, f"{self.part.name}: internal error while sending: "
                                         f"{type(e).__name__}: {e}"[:300])
            await self.hang_up(1011, "internal error of the host")

    async def hang_up(self, code: int, reason: str, grace: float = CLOSE_GRACE) -> None:
        """Close with ``code``: the close frame goes out at once (behind what the
        client has not read), and the connection is cut ``grace`` seconds later
        unless the client answered it by then."""
        if self.closing:
            return
        self.closing = True
        try:
            await asyncio.wait_for(self.ws.close(code, reason), grace)
        except (TimeoutError, OSError):
            pass
        finally:
            self.ws.transport.abort()
