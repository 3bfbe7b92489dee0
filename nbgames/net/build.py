"""Building a host: ``nbgames.host(...)`` checks its options, deals the tables
(one game, ``tables=N`` of one Game, or a list), names the people and seats them
(one link each, "assigned" or "random"), and starts the :class:`~.server.Host`."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from urllib.parse import urlsplit

from ..agents.adapter import policy_name
from ..arena.seats import HUMAN, check_seat
from ..arena.table import Table
from ..core.errors import OptionError
from ..core.game import Game
from ..core.registry import load
from ..core.state import State
from ..core.validate import as_int
from . import protocol as P
from .server import Host
from .tables import HostedTable, Participant

SEATING = ("assigned", "random")


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
    tables = as_int(tables, "tables", 1, None)
    if seed is not None:
        seed = as_int(seed, "seed (or None)", 0, 2**62 - 1)
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
         rate: float = P.RATE, burst: int = P.BURST, flood: float = P.FLOOD,
         flood_ban: float = P.FLOOD_BAN, send_timeout: float = 10.0,
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
    it holds the seed (so every hand) and the links' tokens, so its files are
    readable by their owner only (mode 0600) and a new folder by its owner only.
    ``away`` seconds without a connection hand a person's seat to ``away_bot``
    (back to them when they rejoin, with ``away_return``). ``rate``/``burst``
    limit each connection's messages (checked before a message is parsed); a
    connection refused for ``flood`` seconds without earning back its burst is
    hung up on (close code 1008) and its link refused for ``flood_ban`` seconds
    (HTTP 429). A connection's unsent bytes wait in a buffer of ``write_limit``
    bytes, and one batch at most waits at a client: a client that has not read it
    ``send_timeout`` seconds after it was sent is closed (close code 4008). A link
    holds at most ``per_link`` connections at once (a newer one replaces the
    oldest), the host ``max_clients`` in all. ``bot_delay`` seconds
    pass before each bot move (so people can follow). ``origins`` lists the web
    pages allowed to open a table's websocket besides the host's own ("*": any).
    ``ssl`` (an ``ssl.SSLContext`` with the host's certificate) serves https and
    wss links. It prints one link a person, one spectator link a table
    and where it listens (``quiet=True``: nothing printed; ``host.describe()``).
    """
    P.need_websockets()
    if not isinstance(bind, str) or not bind.strip():
        raise OptionError(f"bind must be an address such as \"127.0.0.1\" or \"0.0.0.0\", got "
                          f"{bind!r}")
    port = as_int(port, "port", 0, 65535)
    if seating not in SEATING:
        raise OptionError(f"seating must be one of {SEATING}, got {seating!r}")
    for name, value, lo in (("rate", rate, 0.1), ("burst", burst, 1), ("flood", flood, 0.0),
                            ("flood_ban", flood_ban, 0.0), ("send_timeout", send_timeout, 0.1),
                            ("max_clients", max_clients, 1),
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
             away_return=away_return, rate=float(rate), burst=int(burst), flood=float(flood),
             flood_ban=float(flood_ban),
             send_timeout=float(send_timeout), max_clients=int(max_clients),
             per_link=int(per_link), bot_delay=float(bot_delay), origins=origins,
             write_limit=int(write_limit))
    folder = None
    if record is not None and record is not False:
        folder = Path(record)
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
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

