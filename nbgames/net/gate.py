"""The host's HTTP side: every request before a websocket opens. It answers the
join page of a known token, refuses an unknown token (404) before any game data,
a foreign page's origin (403), a link hung up on for flooding while its ban lasts
(429), and a full host (503); only then may the websocket open."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from . import protocol as P

HOME = (b"<!doctype html><meta charset='utf-8'><title>nbgames host</title>"
        b"<p>This is an nbgames host. Open the join link you were given "
        b"(it ends in /play/ and a code).</p>")
REASONS = {200: "OK", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests",
           503: "Service Unavailable"}
CSP = ("default-src 'none'; script-src 'unsafe-inline' blob:; style-src 'unsafe-inline'; "
       "img-src data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")


class Gate:
    """The HTTP answers of one host (``host`` gives its tokens, tables, limits and
    the origins it allows); ``banned`` maps a token to the time its ban ends."""

    def __init__(self, host):
        self.host = host
        self.banned: dict[str, float] = {}
        self._pages: dict[str, bytes] = {}

    def ban(self, token: str, seconds: float) -> None:
        self.banned[token] = time.monotonic() + seconds

    def ban_left(self, token: str) -> float:
        """Seconds left of ``token``'s ban (0: not banned)."""
        end = self.banned.get(token)
        if end is None:
            return 0.0
        left = end - time.monotonic()
        if left <= 0:
            del self.banned[token]
            return 0.0
        return left

    def __call__(self, connection, request):
        """``process_request`` of the websockets server: a Response, or None to let
        the websocket open."""
        host = self.host
        path = urlsplit(request.path).path
        m = P.LINK_RE.match(path)
        if m is None:
            if path in ("/", "/index.html"):
                return respond(200, "text/html", HOME)
            return respond(404, "text/plain", b"not found: open the join link the host gave "
                                              b"you (.../play/...)\n")
        part = host._tokens.get(m["token"])
        if part is None:
            return respond(404, "text/plain", b"unknown link: no seat of this host has it "
                                              b"(check the link; a restarted host without "
                                              b"--resume has new links)\n")
        if m["kind"] == "play":
            return respond(200, "text/html", self.page(part.table.game.title))
        origin = request.headers.get("Origin")
        if origin is not None and not self.origin_ok(origin, request.headers.get("Host")):
            return respond(403, "text/plain", b"this page's origin may not open the table's "
                                              b"websocket\n")
        left = self.ban_left(part.token)
        if left:
            return respond(429, "text/plain", f"this link flooded the host and was hung up "
                                              f"on; it may connect again in {left:.0f} s\n"
                                              .encode(), retry=left)
        if sum(len(t.conns) for t in host.tables) >= host.max_clients:
            return respond(503, "text/plain", b"the host is full\n")
        return None

    def origin_ok(self, origin: str, host_header: str | None) -> bool:
        """The host's own pages, its ``url``, and the ``origins`` it was given."""
        allowed = self.host.origins
        if allowed == "*":
            return True
        net = urlsplit(origin).netloc
        if host_header and net == host_header:
            return True
        if self.host._url and net == urlsplit(self.host._url).netloc:
            return True
        return origin in set(allowed or ())

    def page(self, title: str) -> bytes:
        page = self._pages.get(title)
        if page is None:
            from .page import join_page
            page = self._pages[title] = join_page(title).encode("utf-8")
        return page


def respond(status: int, kind: str, body: bytes, retry: float | None = None):
    from websockets.datastructures import Headers
    from websockets.http11 import Response
    headers = Headers([
        ("Content-Type", f"{kind}; charset=utf-8"), ("Content-Length", str(len(body))),
        ("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"),
        ("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"),
        ("Connection", "close"), ("Content-Security-Policy", CSP)])
    if retry is not None:
        headers["Retry-After"] = str(max(1, round(retry)))
    return Response(status, REASONS[status], headers, body)
