"""The wire protocol of a hosted table: links, tokens, the messages both sides
send, and the checks every client message passes before it may touch a game.

A link is ``http://HOST:PORT/play/TOKEN``: the page a browser opens. Its
websocket is ``ws://HOST:PORT/ws/TOKEN``. The token is the only key: 128 random
bits (:func:`new_token`), one per seat of a table (and one per table for the
spectators); the host maps it to one table and one seat, so a connection can
only ever see and act for that seat of that game.

Client to host (JSON text, at most ``MAX_MESSAGE`` bytes)::

    {"type": "action", "id": 17, "step": 42, "ref": 3}   # play id 17 (at step 42)
    {"type": "ping", "ref": 4}                            # answered by a pong

``step`` (optional) is the step the client saw: an action sent for an older
position is refused as stale instead of landing on a newer one. ``ref``
(optional) comes back in the error that refuses the message, or as ``ack`` in
the update that follows an accepted action. Nothing else is accepted: a seat
field, a table field or any other key is an error, since the seat comes from
the token alone.

Host to client::

    {"type": "welcome", "protocol": 1, "seat": 0, "table": "table 1", "config": {...},
     "static": {...}, "frame": {...}, "host": {"paused": false, "ended": null},
     "limits": {"rate": 50.0, "burst": 100}}
    {"type": "update", "frame": {what changed}, "ack": 3, "host": {...}}
    {"type": "error", "code": "not_your_turn", "error": "...", "ref": 3}
    {"type": "pong", "ref": 4}

``static`` and ``frame`` together are exactly the traits the board widget syncs
for that seat (the view model: the seat's observation, its legal ids on its
turn, its log lines, the public scores and seats); an update carries only the
keys that changed. ``limits`` is the connection's rate limit (messages a second,
and at once), so a client can pace itself and never be refused.

The host closes a connection with a code that says why (``CLOSE_*`` below): 4404
unknown link, 4000 replaced by a newer connection of the link, 1008 flooding
(the link is then refused with HTTP 429 for a while), 4008 did not read, 4001
the game is over and the host closed the table, 1001 the host is shutting down
(it may come back with ``--resume``: reconnect).
"""

from __future__ import annotations

import json
import re
import secrets
import time
from urllib.parse import urlsplit, urlunsplit

from ..core.errors import NbgamesError, OptionError

PROTOCOL = 1
MAX_MESSAGE = 2048           # bytes: a larger message is refused (and changes nothing)
MAX_FRAME = 64 * 1024        # bytes: a larger websocket message closes the connection (1009)
RATE = 50.0                  # messages a second a connection may send, sustained
BURST = 100                  # ... and at once
FLOOD = 1.0                  # seconds over the rate (refusals, its bucket never refilled) before
                             # the host hangs up
FLOOD_BAN = 30.0             # seconds a link that was hung up on for flooding is refused (429)
MAX_REF = 2**31 - 1
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{22}")
LINK_RE = re.compile(r"^/(?P<prefix>.*?)(?P<kind>play|ws)/(?P<token>[A-Za-z0-9_-]{1,64})/?$")

# close codes (4000-4999 are the application's)
CLOSE_UNKNOWN = 4404         # no seat has this token
CLOSE_REPLACED = 4000        # a newer connection of the same seat took over
CLOSE_FLOOD = 1008           # policy violation: kept flooding past the rate limit
CLOSE_SLOW = 4008            # never read what the host sent
CLOSE_HOST = 1001            # the host is shutting down (it may come back: --resume)
CLOSE_DONE = 4001            # the game is over (or ended) and the host closed the table

# client message fields: type -> {field: required}
FIELDS = {"action": {"type": True, "id": True, "step": False, "ref": False},
          "ping": {"type": True, "ref": False}}


class RemoteError(NbgamesError, RuntimeError):
    """The host refused a message (``code`` says why), or the connection failed.
    Nothing changed at the table."""

    def __init__(self, message: str, code: str = "error"):
        super().__init__(message)
        self.code = code


class BadMessage(Exception):
    """A client message that fails the checks: ``code`` and a text for that client."""

    def __init__(self, code: str, text: str, ref: int | None = None):
        super().__init__(text)
        self.code = code
        self.text = text
        self.ref = ref              # the message's ref, when it had a valid one


def new_token() -> str:
    """128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _short(x, n: int = 40) -> str:
    text = repr(x)
    return text if len(text) <= n else text[:n] + "..."


_REF_RE = re.compile(r'"ref"\s*:\s*(\d{1,10})\s*[,}]')


def peek_ref(data) -> int | None:
    """The ``ref`` of a message read without parsing it (for the refusal of a
    message over the rate limit, which is never parsed); None when there is none."""
    if not isinstance(data, str) or len(data) > MAX_MESSAGE:
        return None
    m = _REF_RE.search(data)
    ref = int(m[1]) if m else None
    return ref if ref is not None and ref <= MAX_REF else None


def _no_constants(name):
    raise ValueError(f"{name} is not JSON")


def parse_client_message(data, num_actions: int) -> dict:
    """Check one client message (a str or bytes as received) and return it as a
    dict; raise :class:`BadMessage` naming what is wrong. Every field is checked
    here, before the message reaches a game."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        raise BadMessage("bad_message", "binary messages are not accepted; send JSON text")
    if not isinstance(data, str):
        raise BadMessage("bad_message", "a message is JSON text")
    size = len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise BadMessage("too_big", f"message of {size} bytes refused: at most {MAX_MESSAGE} "
                                    f"bytes")
    try:
        msg = json.loads(data, parse_constant=_no_constants)
    except (ValueError, RecursionError) as e:
        raise BadMessage("bad_message", f"not JSON ({type(e).__name__}); send "
                                        f"{{\"type\": \"action\", \"id\": N}}") from None
    if not isinstance(msg, dict):
        raise BadMessage("bad_message", f"a message is a JSON object, got "
                                        f"{type(msg).__name__}")
    ref = msg.get("ref")
    if ref is not None and (not _is_int(ref) or not 0 <= ref <= MAX_REF):
        raise BadMessage("bad_message", f"ref must be an int from 0 to {MAX_REF}, got "
                                        f"{_short(ref)}")
    try:
        _check_fields(msg, num_actions)
    except BadMessage as e:
        e.ref = ref
        raise
    return msg


def _check_fields(msg: dict, num_actions: int) -> None:
    kind = msg.get("type")
    if kind not in FIELDS:
        raise BadMessage("bad_message", f"unknown message type {_short(kind)}; known: "
                                        f"{', '.join(FIELDS)}")
    fields = FIELDS[kind]
    extra = sorted(str(k)[:20] for k in msg if k not in fields)
    if extra:
        hint = (" (a connection acts only for the seat of its link)"
                if any(k in ("seat", "player", "table", "viewer", "token") for k in extra) else "")
        raise BadMessage("bad_message", f"unknown field(s) {', '.join(map(repr, extra))} in a "
                                        f"{kind} message{hint}; fields: {', '.join(fields)}")
    missing = [k for k, need in fields.items() if need and k not in msg]
    if missing:
        raise BadMessage("bad_message", f"a {kind} message needs {', '.join(missing)}")
    if kind == "action":
        aid = msg["id"]
        if not _is_int(aid):
            raise BadMessage("bad_message", f"an action id is an int, got {_short(aid)}")
        if not 0 <= aid < num_actions:
            raise BadMessage("bad_action", f"action id {aid} is not in range(0, {num_actions})")
        step = msg.get("step")
        if step is not None and (not _is_int(step) or not 0 <= step <= MAX_REF):
            raise BadMessage("bad_message", f"step must be an int >= 0, got {_short(step)}")


def _plain(x):
    """numpy scalars (a title's engine may count with them) as Python numbers."""
    item = getattr(x, "item", None)
    if callable(item) and not isinstance(x, (list, dict, str)):
        value = item()
        if isinstance(value, (int, float, bool)):
            return value
    raise TypeError(f"{type(x).__name__} is not JSON")


def encode(msg: dict) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False, default=_plain)


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once.
    ``allow()`` takes one token, or says no.

    A refusal starts a run that lasts until the bucket is full again (the sender
    stayed under the rate long enough to earn back its whole burst); ``refused``
    counts the refusals of the run and ``over_for()`` says how long it has lasted.
    A sender above the rate at any steady rate never refills its bucket, so its
    run only grows (counting refusals *in a row* would reset at every accepted
    message, and a steady flood would never end its connection)."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "refused", "since", "clock")

    def __init__(self, rate: float = RATE, burst: int = BURST, clock=time.monotonic):
        self.rate, self.burst = float(rate), float(burst)
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()
        self.refused = 0
        self.since: float | None = None     # when the run of refusals began

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= self.burst:
            self.refused, self.since = 0, None
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        if self.since is None:
            self.since = now
        self.refused += 1
        return False

    def over_for(self) -> float:
        """Seconds since the current run of refusals began (0: no run)."""
        return 0.0 if self.since is None else self.clock() - self.since


def need_websockets() -> None:
    """Hosting and joining need the ``websockets`` package (the ``net`` extra)."""
    try:
        import websockets  # noqa: F401
    except ImportError:  # pragma: no cover - the test extra installs it
        raise OptionError("hosting and joining tables needs the websockets package: "
                          "pip install 'nbgames[net]'") from None


def ws_url(link: str) -> str:
    """The websocket address of a join link (``http(s)://.../play/TOKEN``, or the
    ``ws(s)://.../ws/TOKEN`` itself)."""
    if not isinstance(link, str):
        raise RemoteError(f"a join link is a string such as http://127.0.0.1:8765/play/TOKEN, "
                          f"got {type(link).__name__}", "bad_link")
    parts = urlsplit(link.strip())
    scheme = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}.get(parts.scheme)
    m = LINK_RE.match(parts.path or "")
    if scheme is None or not parts.netloc or m is None:
        raise RemoteError(f"{link[:80]!r} is not a join link; a link looks like "
                          f"http://HOST:PORT/play/TOKEN (the host prints one a seat)", "bad_link")
    path = f"/{m['prefix']}ws/{m['token']}"
    return urlunsplit((scheme, parts.netloc, path, "", ""))
