"""``nbgames serve``: host tables from the shell.

::

    nbgames serve TITLE --players N --seats human,human,greedy [--tables K]
                  [--seating assigned|random] [--names Ann,Bob,...] [--seed S]
                  [--bind 127.0.0.1] [--port 8765] [--url BASE] [--records DIR]
                  [--away SECONDS] [--away-bot greedy] [--bot-delay SECONDS]
                  [--rate MESSAGES_A_SECOND] [--max-clients N] [--linger SECONDS]
    nbgames serve --resume RECORD [RECORD ...] [--seats ...] [--port 8765]

It prints one link a person and one spectator link a table, then what happens
(connections, refusals, the end of each game), and exits when every game is
over (after ``--linger`` seconds, so the last boards reach everyone) or on
Ctrl-C. The record of each table is written after every decision; after a
crash, ``--resume`` with those files continues the same games with the same
links.
"""

from __future__ import annotations

import sys
import time


def add_parser(sub, epilog=None, title_help="the game", **kw) -> None:
    """Add the ``serve`` command to argparse's sub-parsers ``sub``."""
    sv = sub.add_parser("serve", help="host tables for people and bots to join by link",
                        description="Host tables on a websocket server: one join link a seat, "
                                    "each link sees and acts for its own seat only.",
                        epilog=epilog, **kw)
    sv.add_argument("title", nargs="?", default=None, metavar="TITLE",
                    help=f"{title_help} (leave it out with --resume)")
    sv.add_argument("--players", type=int, default=None,
                    help="the player count of every table (default: one a seat of --seats, "
                         "else the fewest)")
    sv.add_argument("--seats", default=None,
                    help="human or a policy, one a seat, comma-separated (default: all human)")
    sv.add_argument("--tables", type=int, default=1, help="tables dealt at once (default 1)")
    sv.add_argument("--seating", default="assigned", help="assigned (default) or random")
    sv.add_argument("--names", default=None, help="the people's names, comma-separated")
    sv.add_argument("--seed", type=int, default=None,
                    help="the deal; with --tables, every table's deal is drawn from it (default: "
                         "a random one)")
    sv.add_argument("--same-deal", action="store_true", help="every table gets the same deal")
    sv.add_argument("--bind", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this computer only; "
                         "0.0.0.0: the network)")
    sv.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free)")
    sv.add_argument("--url", default=None, help="base address printed in the links "
                                                "(a proxy, JupyterHub's .../proxy/PORT)")
    sv.add_argument("--records", default="nbgames-records",
                    help="folder of the records, written after every decision")
    sv.add_argument("--away", type=float, default=None,
                    help="seconds a person may be away before a bot plays their seat")
    sv.add_argument("--away-bot", default="greedy", help="the bot that plays an away seat")
    sv.add_argument("--bot-delay", type=float, default=0.0,
                    help="seconds a bot waits before each move (so people can follow)")
    sv.add_argument("--rate", type=float, default=None,
                    help="messages a second each connection may send (default 50)")
    sv.add_argument("--max-clients", type=int, default=512,
                    help="connections the host accepts at once (default 512)")
    sv.add_argument("--linger", type=float, default=10.0,
                    help="seconds to keep serving after every game is over (default 10)")
    sv.add_argument("--resume", nargs="+", default=None, metavar="RECORD",
                    help="continue the games of these record files (same links)")
    sv.add_argument("--quiet", action="store_true", help="print the links only")


def cmd_serve(args, out=print) -> int:
    from ..arena.named import UsageError, policy, seat, seat_names, title
    from ..core.errors import NbgamesError
    from ..core.registry import load
    from ..core.words import outcome
    from . import host, restore
    seat_texts = seat_names(args.seats) or None
    options = dict(port=args.port, bind=args.bind, url=args.url, record=args.records,
                   away=args.away, away_bot=seat(args.away_bot),
                   bot_delay=args.bot_delay, max_clients=args.max_clients, quiet=True)
    if args.rate is not None:
        options.update(rate=args.rate, burst=max(1, int(2 * args.rate)))
    if args.resume:
        if args.title is not None:
            raise UsageError("serve --resume continues recorded games: give the record files, "
                             "not a title")
        seats = [seat(s) for s in seat_texts] if seat_texts else None
        try:
            sessions = restore(args.resume, seats=seats, resolve=policy)
        except NbgamesError as e:
            raise UsageError(str(e)) from None
        h = host(None, _restore=sessions, **options)
    else:
        if args.title is None:
            raise UsageError("serve needs a TITLE (or --resume RECORD)")
        game_title = title(args.title)
        game = load(game_title, args.players if args.players is not None else
                    len(seat_texts) if seat_texts else None)
        seats = [seat(s) for s in seat_texts] if seat_texts else ["human"] * game.players
        if len(seats) != game.players:
            raise UsageError(f"--seats: {game.players} players need {game.players} seats, got "
                             f"{len(seats)} ({args.seats!r})")
        names = [n.strip() for n in args.names.split(",")] if args.names else None
        h = host(game, seats, tables=args.tables, seating=args.seating, names=names,
                 seed=args.seed, same_deal=args.same_deal, **options)
    if not args.quiet:
        h._on_event = lambda item: out(f"[{time.strftime('%H:%M:%S', time.localtime(item[0]))}]"
                                       f"{'' if item[1] is None else f' table {item[1] + 1}:'} "
                                       f"{item[2]}")
    out(h.describe())
    sys.stdout.flush()
    try:
        h.wait()
        out("every game is over.")
        for t in h.tables:
            rec = h.record(t.index)
            if "scores" in rec:
                who = [f"player {s} ({n})" for s, n in enumerate(rec["names"])]
                out(f"{t.label}: {outcome(rec['scores'], rec['winners'], who)}")
        sys.stdout.flush()
        time.sleep(max(0.0, args.linger))
    except KeyboardInterrupt:
        out("stopped; the records are on disk (nbgames serve --resume RECORD continues)")
    finally:
        h.close()
    return 0
