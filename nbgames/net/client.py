"""Joining a hosted table from Python: ``nbgames.join(link)`` (the board widget
bound to the remote seat) and ``nbgames.join(link, policy=my_policy)`` (a bot
whose code runs here, in the student's own kernel; the host only ever receives
its moves).

Both stand on a :class:`Client`: one websocket connection (the ``websockets``
library's threaded client) and one reader thread that keeps the seat's view
(``static`` and ``frame``, the same traits the widget syncs), so a notebook cell
that blocks does not drop the connection. A dropped connection reconnects with
the same link; the host sends the whole view again.
"""

from __future__ import annotations

import threading
import time
from collections import deque

import anywidget
import traitlets as t

from ..agents.adapter import as_policy, policy_name, reseed_policy, spawn_policy
from ..core.actions import ActionList
from ..core.errors import NbgamesError, OptionError
from ..core.registry import load
from ..core.validate import as_int
from ..widget.assets import compose_css, compose_esm
from ..widget.view import TRAITS
from ..widget.wire import expand_runs
from . import protocol as P
from .protocol import RemoteError

FATAL = {P.CLOSE_UNKNOWN: "unknown_link", P.CLOSE_REPLACED: "replaced",
         P.CLOSE_FLOOD: "flood", P.CLOSE_SLOW: "slow", P.CLOSE_DONE: "over"}


class Client:
    """One seat's connection to a host. ``frame`` and ``static`` are the seat's
    view (what the board widget would sync), ``seat`` its seat (None:
    spectator); ``act(action)`` plays and waits for the host's answer.

    ``received`` keeps the messages the host sent (the leak tests read them), the
    last ``keep`` of them; ``errors`` the last refusals. ``reconnect`` seconds: how long a dropped
    connection keeps trying (0: not at all)."""

    def __init__(self, link: str, *, timeout: float = 10.0, reconnect: float = 60.0,
                 keep: int = 5000, on_message=None):
        P.need_websockets()
        self.link = link
        self.url = P.ws_url(link)
        self.timeout = float(timeout)
        self.reconnect = float(reconnect)
        self.keep = keep
        self.on_message = on_message
        self._cond = threading.Condition()
        self._send_lock = threading.Lock()
        self.static: dict = {}
        self.frame: dict = {}
        self.host: dict = {}
        self.config: dict | None = None
        self.seat = None
        self.table = None
        self.received: deque = deque(maxlen=keep)
        self.errors: deque = deque(maxlen=500)
        self._ref = 0
        self._acked = -1
        self._epoch = -1                        # welcomes so far: a new one is a reconnection
        self._answers: dict[int, dict] = {}
        self._pongs: dict[int, float] = {}
        self.closed = False
        self.close_reason = ""
        self.reconnects = 0
        self._closing = False
        self._wake = threading.Event()          # set by close(): stop waiting to reconnect
        self._limit: P.RateLimit | None = None  # the host's rate limit, from its welcome
        self._game = None
        self._ws = self._open()
        self._read_welcome()
        self._thread = threading.Thread(target=self._read, name="nbgames-join", daemon=True)
        self._thread.start()

    # -- the connection -------------------------------------------------------------------
    def _open(self):
        from websockets.exceptions import InvalidStatus, InvalidURI
        from websockets.sync.client import connect
        try:
            # entered by hand: this connection outlives any `with` block (close() ends it)
            return connect(self.url, open_timeout=self.timeout, compression=None, proxy=None,
                           max_size=8 * 2**20, close_timeout=2).__enter__()
        except InvalidStatus as e:
            status = e.response.status_code
            body = bytes(e.response.body or b"").decode("utf-8", "replace").strip()[:200]
            code = {404: "unknown_link", 429: "banned"}.get(status, "refused")
            raise RemoteError(f"the host refused {self.link} (HTTP {status}): {body}",
                              code) from e
        except InvalidURI as e:
            raise RemoteError(f"{self.link!r} is not a join link: {e}", "bad_link") from e
        except Exception as e:  # noqa: BLE001 - refused, reset, timed out, a bad answer
            raise RemoteError(f"no host answers at {self.url.rsplit('/', 2)[0]}: "
                              f"{type(e).__name__}: {e}", "unreachable") from e

    def _read_welcome(self):
        import json
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RemoteError(f"the host at {self.url.rsplit('/', 2)[0]} sent no welcome in "
                                  f"{self.timeout:g} s", "timeout")
            try:
                msg = json.loads(self._ws.recv(timeout=left))
            except TimeoutError:
                continue
            except Exception as e:  # closed during the handshake
                raise RemoteError(f"the host closed the connection: {e}", "closed") from e
            self._handle(msg)
            if msg.get("type") == "welcome":
                return

    def _read(self):
        import json

        from websockets.exceptions import ConnectionClosed
        while True:
            try:
                for text in self._ws:
                    self._handle(json.loads(text))
                code, reason = self._ws.close_code, self._ws.close_reason
            except ConnectionClosed as e:
                code, reason = (e.rcvd.code, e.rcvd.reason) if e.rcvd else (1006, "")
            except Exception as e:  # noqa: BLE001 - a broken connection: treat as dropped
                code, reason = 1006, f"{type(e).__name__}: {e}"
            if self._closing or code in FATAL or not self._retry():
                with self._cond:
                    self.closed = True
                    self.close_reason = self.close_reason or (
                        f"{FATAL.get(code, 'closed')} ({code}): {reason}" if code else "closed")
                    self._cond.notify_all()
                self._notify({"type": "closed", "code": code, "reason": reason})
                return

    def _retry(self) -> bool:
        """Reconnect with the same link (the host sends the whole view again)."""
        if self.reconnect <= 0:
            return False
        end = time.monotonic() + self.reconnect
        wait = 0.1
        while not self._closing and time.monotonic() < end:
            try:
                self._ws = self._open()
                self._read_welcome()
                self.reconnects += 1
                return True
            except RemoteError as e:
                if e.code == "unknown_link":
                    self.close_reason = str(e)
                    return False
                self._wake.wait(wait)
                wait = min(2.0, wait * 2)
        return False

    def _handle(self, msg: dict) -> None:
        kind = msg.get("type")
        with self._cond:
            self.received.append(msg)
            if kind == "welcome":
                self.static = dict(msg["static"])
                self.frame = dict(msg["frame"])
                self.seat, self.table, self.config = msg["seat"], msg["table"], msg["config"]
                self.host = msg.get("host") or {}
                self._epoch += 1
                limits = msg.get("limits")
                if limits:                      # a little under the host's, for the jitter
                    self._limit = P.RateLimit(0.9 * limits["rate"],
                                              max(1, int(limits["burst"]) // 2))
            elif kind == "update":
                self.frame.update(msg["frame"])
                if "host" in msg:
                    self.host = msg["host"]
                if "ack" in msg:
                    self._acked = max(self._acked, msg["ack"])
            elif kind == "error":
                self.errors.append(msg)
                if msg.get("ref") is not None:
                    self._answers[msg["ref"]] = msg
                    while len(self._answers) > 100:       # answers nobody waited for
                        del self._answers[next(iter(self._answers))]
            elif kind == "pong":
                self._pongs[msg.get("ref")] = time.perf_counter()
                while len(self._pongs) > 100:
                    del self._pongs[next(iter(self._pongs))]
        self._notify(msg)                   # the board first, so a waiter sees it updated
        with self._cond:
            self._cond.notify_all()

    def _notify(self, msg):
        if self.on_message is not None:
            try:
                self.on_message(msg)
            except Exception:  # noqa: BLE001 - a display problem must not stop the reader
                pass

    def send(self, msg: dict) -> None:
        """Send one message as it is (the tests send hostile ones)."""
        self.send_text(P.encode(msg))

    def send_text(self, text) -> None:
        """Send one message as it is; RemoteError when it cannot go: ``closed`` (the
        connection ended for good) or ``disconnected`` (it dropped and is being
        reconnected: look at the view again once it is back)."""
        if self.closed:
            raise RemoteError(f"the connection is closed: {self.close_reason}", "closed")
        try:
            with self._send_lock:
                self._ws.send(text)
        except Exception as e:  # noqa: BLE001 - ConnectionClosed, OSError: the link is down
            if self.closed:
                raise RemoteError(f"the connection is closed: {self.close_reason}",
                                  "closed") from e
            raise RemoteError(f"the connection to the host dropped ({type(e).__name__}: {e}); "
                              + ("it is reconnecting: wait for the view to come back, then "
                                 "play again" if self.reconnect > 0 else
                                 "it does not reconnect (reconnect=0)"), "disconnected") from e

    def _pace(self) -> None:
        """Wait (at most a second) until the host's rate limit, as its welcome gave it,
        lets one more message through: an honest client is never refused, so never
        taken for a flood."""
        while self._limit is not None and not self._limit.allow():
            self._wake.wait(min(1.0, 1.0 / self._limit.rate))
            if self._closing:
                return

    def close(self) -> None:
        """Leave the table (the seat stays; the link joins again)."""
        self._closing = True
        self._wake.set()
        try:
            self._ws.close()
        except Exception:  # noqa: BLE001 - already closed
            pass
        self._thread.join(5)

    # -- the seat's view ----------------------------------------------------------------------
    @property
    def game(self):
        """The game (loaded here from the table's public config), for labels and ids."""
        if self._game is None:
            c = self.config
            self._game = load(c["title"], c["players"], **c.get("options", {}))
        return self._game

    @property
    def view(self) -> dict:
        """The seat's observation (``state.observation(seat)`` at the host)."""
        return self.frame.get("view", {})

    @property
    def legal_ids(self) -> list[int]:
        return expand_runs(self.frame.get("legal") or [])

    def legal_actions(self) -> ActionList:
        return ActionList(self.game, self.legal_ids)

    @property
    def step(self) -> int:
        return self.frame.get("step_index", 0)

    @property
    def my_turn(self) -> bool:
        return bool(self.frame.get("legal"))

    @property
    def over(self) -> bool:
        return self.frame.get("to_move", 0) is None or bool(self.host.get("ended"))

    def wait(self, until="turn", timeout: float | None = 60.0) -> bool:
        """Wait until it is this seat's turn (``"turn"``), the game is over
        (``"end"``), the view has reached step ``until`` (an int), or
        ``until(client)`` is true; False on timeout or when the connection is
        closed."""
        if isinstance(until, int) and not isinstance(until, bool):
            step = until
            test = lambda: self.step >= step or self.over
        elif until == "turn":
            test = lambda: self.my_turn or self.over
        elif until == "end":
            test = lambda: self.over
        elif callable(until):
            test = lambda: until(self)
        else:
            raise OptionError(f"until must be \"turn\", \"end\", a step or a function of the "
                              f"client, got {until!r}")
        with self._cond:
            return self._cond.wait_for(lambda: test() or self.closed, timeout) and not (
                self.closed and not test())

    # -- moves -----------------------------------------------------------------------------------
    def _next_ref(self) -> int:
        with self._cond:
            self._ref += 1
            return self._ref

    def send_action(self, action) -> int:
        """Send a move without waiting; returns its ``ref`` (the answer comes as an
        update with ``ack`` or an error with that ref)."""
        aid = self.game.resolve(action)
        ref = self._next_ref()
        self._pace()
        self.send({"type": "action", "id": aid, "step": self.step, "ref": ref})
        return ref

    def act(self, action, timeout: float = 30.0):
        """Play ``action`` (an Action, id or label) for this seat and wait for the
        host: returns the Action played, or raises RemoteError (its ``code``
        says why: not_your_turn, not_legal, stale, paused, ..., ``disconnected``
        while the connection is down, ``closed`` once it is gone for good; the
        websocket library's own error is its ``__cause__``)."""
        aid = self.game.resolve(action)
        end = time.monotonic() + timeout
        pause = 0.02
        while True:
            epoch = self._epoch
            ref = self.send_action(aid)
            with self._cond:
                done = self._cond.wait_for(lambda ref=ref, epoch=epoch: self._acked >= ref or
                                           ref in self._answers or self.closed or
                                           self._epoch != epoch,
                                           max(0.0, end - time.monotonic()))
                answer = self._answers.pop(ref, None)
                if answer is None and self._acked < ref and self._epoch != epoch:
                    answer = {"code": "reconnected", "error": "the connection dropped while "
                              "the move was on its way (it may or may not have been played); "
                              "the view is back: look at it and play again if it is still "
                              "your turn"}
            if answer is not None and answer["code"] == "rate_limited" and \
                    time.monotonic() + pause < end:
                time.sleep(pause)               # the host's limit: wait, then send it again
                pause = min(1.0, pause * 2)
                continue
            if answer is not None:
                raise RemoteError(answer["error"], answer["code"])
            if not done:
                raise RemoteError(f"no answer from the host in {timeout:g} s", "timeout")
            if self._acked < ref:
                raise RemoteError(f"the connection closed: {self.close_reason}", "closed")
            return self.game.action(aid)

    def ping(self, timeout: float = 10.0) -> float:
        """Round trip to the host in seconds."""
        ref = self._next_ref()
        self._pace()
        t0 = time.perf_counter()
        self.send({"type": "ping", "ref": ref})
        with self._cond:
            if not self._cond.wait_for(lambda: ref in self._pongs or self.closed, timeout):
                raise RemoteError("no pong", "timeout")
            return self._pongs.pop(ref, t0) - t0

    def __repr__(self):
        who = "spectator" if self.seat is None else f"seat {self.seat}"
        state = "closed" if self.closed else f"step {self.step}"
        return f"<nbgames client: {self.table}, {who}, {state}>"


# -- the board widget bound to a remote seat ---------------------------------------------------
_SYNCED = frozenset(TRAITS)           # the traits the board widget syncs (widget/traits.py)


class RemoteBoard(anywidget.AnyWidget):
    """The board of a remote seat: the same front-end as ``nbgames.widget`` (its
    traits hold what the host sent for this seat), with clicks sent to the host.
    ``act(action)`` plays from Python; ``client`` is the connection."""

    def __init__(self, client: Client | None = None, *, static: dict | None = None):
        self.client = client
        super().__init__()
        if static is not None:
            self.feed(static)
        if client is not None:
            with client._cond:
                self.feed({**client.static, **client.frame})
            client.on_message = self._on_remote
        self.on_msg(self._on_browser)

    # what the host sent -> traits
    def feed(self, values: dict) -> None:
        names = _SYNCED
        with self.hold_sync():
            for k, v in values.items():
                if k in names:
                    self.set_trait(k, v)

    def _on_remote(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "welcome":
            self.feed({**msg["static"], **msg["frame"]})
        elif kind == "update":
            frame = msg["frame"]
            self.feed({**frame, **({"error": ""} if "step_index" in frame else {})})
        elif kind == "error":
            self.feed({"error": msg["error"]})
        elif kind == "closed":
            self.feed({"error": f"disconnected from the host: {self.client.close_reason}"})

    # a click in the browser -> the host
    def _on_browser(self, _widget, content, _buffers):
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "action" and self.client is not None:
            try:
                self.client.send_action(content.get("id"))
            except NbgamesError as e:
                self.feed({"error": str(e)})
        elif kind == "clear_error":
            self.feed({"error": ""})
        elif kind in ("tick", "pause", "speed"):
            pass
        elif self.client is None:
            self.feed({"error": "The monitor shows the public board; people move from their "
                                "links."})
        else:
            self.feed({"error": "This is a shared table: the host deals, steps and takes back "
                                "moves; you play your own seat."})

    # the Python side
    def act(self, action, timeout: float = 30.0):
        """Play for this seat (what a click does) and wait for the host."""
        try:
            return self.client.act(action, timeout)
        except NbgamesError as e:
            self.feed({"error": str(e)})
            raise

    @property
    def seat(self):
        return self.client.seat

    @property
    def legal_ids(self) -> list[int]:
        return expand_runs(self.legal)

    def legal_actions(self) -> ActionList:
        return self.client.legal_actions()

    def wait(self, until="turn", timeout: float | None = 60.0) -> bool:
        return self.client.wait(until, timeout)

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
        super().close()

    def __repr__(self):
        return f"RemoteBoard({self.client!r})"


_BOARDS: dict[str, type] = {}


def board_class(title: str) -> type:
    """The RemoteBoard subclass of one title: its board's ES module and CSS, and
    one trait for each trait the board widget syncs."""
    cls = _BOARDS.get(title)
    if cls is None:
        name = "Remote" + "".join(p.title() for p in title.split("_")) + "Board"
        traits = {n: t.Any(None, allow_none=True).tag(sync=True) for n in TRAITS}
        cls = _BOARDS[title] = type(name, (RemoteBoard,), {
            "__module__": __name__, "__doc__": RemoteBoard.__doc__, "_esm": compose_esm(title),
            "_css": compose_css(title), **traits})
    return cls


# -- a bot at home ------------------------------------------------------------------------------
class RemoteBot:
    """A policy playing a remote seat from this kernel: on each of its turns it
    gets ``policy(observation, legal_actions)`` (the seat's observation, the
    legal actions as Actions of the game loaded here) and sends the answer.
    Its code never leaves this machine. ``wait()`` until the game is over;
    ``moves`` counts its decisions; a failure stops it and is kept in ``error``."""

    def __init__(self, client: Client, policy, seed: int = 0):
        self.client = client
        self.name = policy_name(policy)
        self.seed = seed
        # its own copy for this game (a bot that remembers keeps its memory there),
        # re-seeded before each decision from the seed, the seat and the step: the
        # same position gets the same answer, run after run
        self.policy = spawn_policy(policy, seed * 31 + client.seat)
        self.moves = 0
        self.error: str | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, name="nbgames-bot", daemon=True)
        self._thread.start()

    def _run(self):
        c = self.client
        acted = None
        try:
            while True:
                with c._cond:
                    c._cond.wait_for(lambda acted=acted: c.closed or c.over or (
                        c.my_turn and c.step != acted))
                    if c.over or c.closed:
                        return
                    obs, ids, step = c.frame["view"], c.legal_ids, c.step
                legal = ActionList(c.game, ids)
                reseed_policy(self.policy, (self.seed * 1_000_003 + step * 101 + c.seat) % 2**63)
                try:
                    choice = self.policy(obs, legal)
                    aid = c.game.resolve(choice)
                except Exception as e:  # the policy failed: stop, say why
                    self.error = f"policy {self.name!r} failed at step {step}: " \
                                 f"{type(e).__name__}: {e}"
                    return
                if aid not in ids:
                    self.error = (f"policy {self.name!r} returned {c.game.action_label(aid)!r} "
                                  f"(id {aid}) at step {step}, which is not legal")
                    return
                epoch = c._epoch
                try:
                    c.act(aid)
                    self.moves += 1
                    acted = step
                except RemoteError as e:
                    if e.code == "disconnected":    # wait for the view to come back
                        c.wait(lambda cl, epoch=epoch: cl._epoch != epoch, None)
                        continue
                    if e.code in ("stale", "not_your_turn", "paused", "handed", "reconnected"):
                        acted = step                # the table moved on: look again
                        continue
                    if e.code in ("game_over", "ended", "closed"):
                        return
                    self.error = f"the host refused a move at step {step}: {e}"
                    return
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> dict:
        """Wait until the bot stops (the game is over, the connection closed, or its
        policy failed): returns ``{"seat", "scores", "winners", "moves"}``; a
        failure raises RemoteError."""
        if not self._done.wait(timeout):
            raise RemoteError(f"the game did not end in {timeout:g} s", "timeout")
        if self.error:
            raise RemoteError(self.error, "policy")
        return self.result

    @property
    def result(self) -> dict:
        f = self.client.frame
        return {"seat": self.client.seat, "scores": f.get("scores"), "winners": f.get("winners"),
                "moves": self.moves}

    def close(self):
        self.client.close()

    def __repr__(self):
        state = ("failed: " + self.error) if self.error else ("done" if self.done else "playing")
        return (f"<nbgames remote bot {self.name!r}: {self.client.table}, seat {self.client.seat}, "
                f"{self.moves} moves, {state}>")


def join(link: str, policy=None, *, seed: int = 0, timeout: float = 10.0,
         reconnect: float = 60.0):
    """Join a hosted table with a link the host printed.

    Without ``policy``: the board widget of that seat (display it; clicks go to
    the host; ``.act(action)`` plays from Python). With ``policy`` (a callable
    ``policy(observation, legal_actions) -> action``, or a built-in bot's name):
    a ``RemoteBot`` that plays the seat from this kernel until the game
    ends (``seed`` seeds its random choices: the same position, the same answer).
    ``reconnect`` seconds: how long a dropped connection keeps trying."""
    if policy is not None:
        policy = as_policy(policy)
    seed = as_int(seed, "seed", 0, 2**62 - 1)
    client = Client(link, timeout=timeout, reconnect=reconnect)
    if policy is not None:
        if client.seat is None:
            client.close()
            raise OptionError("a spectator link cannot play; give a bot a seat's link")
        return RemoteBot(client, policy, seed)
    return board_class(client.config["title"])(client)
