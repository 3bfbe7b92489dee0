"""The command line's arguments: one argparse parser with a sub-parser a command,
every option with its help and its real default, and examples made from the
installed titles (the command line names none itself)."""

from __future__ import annotations

import argparse

from ..arena.named import UsageError, title, titles


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are UsageErrors (printed by ``main``, status 2)."""

    def error(self, message):
        raise UsageError(f"{self.prog}: {message}")


def examples() -> dict[str, str]:
    """The examples of ``--help``, by command ("" for ``nbgames --help``)."""
    from ..core.registry import spec
    names = titles()
    t = names[0]
    three = next((x for x in names if spec(x).game.max_players >= 3), t)
    opt = next(((x, k, o.default) for x in names for k, o in spec(x).game.options_spec.items()
                if type(o.default) in (int, bool, str)), None)
    opt_text = ""
    if opt is not None:
        x, k, d = opt
        value = str(d).lower() if type(d) is bool else d
        opt_text = f"  nbgames play {x} --option {k}={value} --seats human,random\n"
    return {
        "play": (f"examples:\n"
                 f"  nbgames play {t}                      # you against the greedy bot\n"
                 f"  nbgames play {three} --seats human,greedy,random --seed 7 --record game.json\n"
                 f"{opt_text}"
                 f"at the prompt: a label (any case) or its start, a number from the '?' list, #ID\n"
                 f"for an action id; '?' lists the legal actions (many are listed in groups: open\n"
                 f"one by its number or the start of its label, '..' goes back), 'q' quits (the\n"
                 f"record is still written)."),
        "tournament": (f"examples:\n"
                       f"  nbgames tournament {t} --policies greedy,random --games 20\n"
                       f"  nbgames tournament {three} --policies greedy,greedy,mypolicies:mine "
                       f"--players 3 --json results.json\n"
                       f"(mypolicies.py in the current folder defines mine(observation, "
                       f"legal_actions) -> action.)\n"
                       f"A failing policy forfeits: its first error is printed with the last frames "
                       f"of its traceback;\nthe exit status is 1 when a policy forfeited every game."),
        "replay": ("examples:\n  nbgames replay game.json --viewer 0 --pause\n"
                   "  nbgames replay game.json --boards"),
        "export": "example:\n  nbgames export game.json --html game.html --viewer 0",
        "review": ("examples:\n  nbgames review game.json\n"
                   "  nbgames review game.json --seats 0 --html review.html --viewer 0"),
        "serve": (f"examples:\n  nbgames serve {three} --players 3 --seats human,human,greedy\n"
                  f"  nbgames serve {t} --players 2 --tables 6 --seating random --bind 0.0.0.0\n"
                  f"  nbgames serve --resume nbgames-records/*.json\n"
                  f"(pip install -e \".[net]\"; each link is one seat: keep the records private)"),
        "": (f"examples:\n"
             f"  nbgames play {t}\n"
             f"  nbgames tournament {t} --policies greedy,random --games 20\n"
             f"  nbgames replay game.json --pause\n"
             f"  nbgames export game.json --html game.html\n"
             f"  nbgames review game.json\n"
             f"  nbgames serve {t} --players 2\n"
             f"titles: {', '.join(names)} (help(nbgames.games.TITLE) in Python lists the options).\n"
             f"'nbgames COMMAND --help' gives each command's options and examples."),
    }


OPTION_HELP = ("a title option, checked as nbgames.load checks it (repeat for several); "
               "help(nbgames.games.TITLE) lists them")


def title_help() -> str:
    return "the game: one of " + ", ".join(titles())


def parser() -> argparse.ArgumentParser:
    """The whole command line's parser: ``parser().parse_args(argv)``."""
    ex_text = examples()
    kw = {"formatter_class": argparse.RawDescriptionHelpFormatter}
    p = Parser(prog="nbgames", description="Play, run and share nbgames tabletop games.",
               epilog=ex_text[""], **kw)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    pl = sub.add_parser("play", help="play in the terminal with the text board",
                        description="Play one game in the terminal: you type your moves, "
                                    "policies play the other seats.", epilog=ex_text["play"], **kw)
    pl.add_argument("title", type=title, metavar="TITLE", help=title_help())
    pl.add_argument("--seats", default=None,
                    help="human or a policy, one a seat, comma-separated (default: human, then "
                         "greedy)")
    pl.add_argument("--players", type=int, default=None,
                    help="the player count (default: one a seat of --seats, else the fewest)")
    pl.add_argument("--seed", type=int, default=None,
                    help="the deal: the same seed deals the same game (default: a random one)")
    pl.add_argument("--option", action="append", metavar="KEY=VALUE", help=OPTION_HELP)
    pl.add_argument("--record", default=None,
                    help="write the game's record here, also when you quit (it holds everything, "
                         "the seed included)")
    to = sub.add_parser("tournament", help="seeded games between policies; prints the table",
                        description="Seeded games between policies, seats rotating; prints "
                                    "the table of win rates.", epilog=ex_text["tournament"], **kw)
    to.add_argument("title", type=title, metavar="TITLE", help=title_help())
    to.add_argument("--policies", required=True,
                    help="comma-separated: greedy,random,ismcts or module:function (a policy "
                         "may appear more than once)")
    to.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    to.add_argument("--seed", type=int, default=0,
                    help="the seed the games' deals are drawn from: the same seed plays the same "
                         "games (default 0)")
    to.add_argument("--players", type=int, default=None,
                    help="the player count (default: one a policy, within the title's range)")
    to.add_argument("--option", action="append", metavar="KEY=VALUE", help=OPTION_HELP)
    to.add_argument("--workers", type=int, default=1, help="processes (default 1: serial)")
    to.add_argument("--json", default=None,
                    help="write the results here (table, records and errors with tracebacks: "
                         "they hold everything)")
    to.add_argument("--quiet", action="store_true", help="no progress bar")
    rp = sub.add_parser("replay", help="step through a record in text",
                        description="Step through a recorded game with the text board.",
                        epilog=ex_text["replay"], **kw)
    rp.add_argument("record", metavar="RECORD.json", help="a game's record (play --record)")
    rp.add_argument("--viewer", default=None,
                    help="a seat, or spectator (default): print only what that viewer saw")
    rp.add_argument("--pause", action="store_true", help="wait for Enter between decisions")
    rp.add_argument("--boards", action="store_true", help="print the board after every decision")
    rp.add_argument("--reveal", action="store_true",
                    help="print every decision and the seed (the whole game, not one view)")
    ex = sub.add_parser("export", help="one self-contained HTML file with the board and a scrubber",
                        description="Write a recorded game as one HTML page that opens in a "
                                    "browser with no kernel and no network.",
                        epilog=ex_text["export"], **kw)
    ex.add_argument("record", metavar="RECORD.json", help="a game's record (play --record)")
    ex.add_argument("--html", required=True, metavar="OUT.html", help="the page to write")
    ex.add_argument("--viewer", default=None,
                    help="a seat, or spectator (default): the page holds only what that viewer saw")
    ex.add_argument("--reveal", action="store_true",
                    help="also every seat's hidden cards at every step (the page says so at its top)")
    review_parser(sub, ex_text["review"], kw)
    from ..net.serve import add_parser
    add_parser(sub, ex_text["serve"], title_help(), **kw)
    return p


def review_parser(sub, epilog, kw) -> None:
    from ..arena.review import DEFAULT_BUDGET, LEAST_BUDGET
    rv = sub.add_parser("review", help="review a finished game: each decision's loss of win "
                                       "chance, classed, from what its seat knew",
                        description="Review a recorded game: each decision's loss of win chance "
                                    "against the advisor's best, classed from best to blunder, "
                                    "judged from what its seat knew.", epilog=epilog, **kw)
    rv.add_argument("record", metavar="RECORD.json", help="a game's record (play --record)")
    rv.add_argument("--seats", default=None, help="comma-separated seats to review (default: all)")
    rv.add_argument("--budget", type=int, default=None,
                    help=f"playouts of each move (default {DEFAULT_BUDGET}); by default fewer in a "
                         f"long game, at least {LEAST_BUDGET}, so a whole game takes about a minute "
                         f"of CPU at most")
    rv.add_argument("--seed", type=int, default=0,
                    help="the review's seed: the same seed gives the same review (default 0)")
    rv.add_argument("--workers", type=int, default=1, help="processes (default 1: serial)")
    rv.add_argument("--no-exact", action="store_true", help="search only, no exact solver")
    rv.add_argument("--json", default=None, help="write every row here")
    rv.add_argument("--html", default=None, metavar="OUT.html",
                    help="write the exported page with the review on its board")
    rv.add_argument("--viewer", default=None,
                    help="with --html: a seat, or spectator (default); the page holds only what "
                         "that viewer saw and the review of its own decisions")
    rv.add_argument("--reveal", action="store_true",
                    help="with --html: every seat's hidden cards and review (the page says so)")
    rv.add_argument("--quiet", action="store_true", help="no progress bar")
