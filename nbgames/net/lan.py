"""Where the host listens and how people reach it: the base of the links and the
sentence that says who can join (this computer only, or the network)."""

from __future__ import annotations

import ipaddress
import socket


def is_any(bind: str) -> bool:
    """True for the addresses that listen on every network of this computer."""
    return bind in ("", "0.0.0.0", "::")


def is_loopback(bind: str) -> bool:
    """True when only this computer can reach ``bind``."""
    if bind == "localhost":
        return True
    try:
        return ipaddress.ip_address(bind).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This computer's address on its network (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return socket.gethostname()


def base_url(bind: str, port: int, tls: bool) -> str:
    """``http(s)://HOST:PORT`` of a host bound to ``bind`` (its network address when
    it listens everywhere)."""
    name = lan_address() if is_any(bind) else bind
    if ":" in name:
        name = f"[{name}]"
    return f"{'https' if tls else 'http'}://{name}:{port}"


def reach(bind: str) -> str:
    """Who can join a host bound to ``bind``, as the host says it at the start."""
    if is_loopback(bind):
        return ("this computer only; pass bind=\"0.0.0.0\" (nbgames serve --bind 0.0.0.0) "
                "to let others on your network join")
    return ("every computer that can reach this address; a link is the only key to a "
            "seat, and the traffic is not encrypted: use a trusted network or https")
