"""The command line: ``python -m nbgames`` or ``nbgames``.

::

    nbgames play TITLE [--seats human,greedy,random] [--players N] [--seed S]
                 [--option KEY=VALUE ...] [--record out.json]
    nbgames tournament TITLE --policies greedy,random,mymodule:policy [--games N] [--seed S]
                       [--players N] [--option KEY=VALUE ...] [--workers K] [--json results.json]
    nbgames replay RECORD.json [--viewer SEAT] [--pause] [--reveal]
    nbgames export RECORD.json --html out.html [--viewer SEAT] [--reveal]
    nbgames serve TITLE --players N --seats human,human,greedy [--tables K] (--resume RECORD)
    nbgames review RECORD.json [--seats 0,1] [--budget N] [--seed S] [--workers K]
                   [--no-exact] [--json rows.json] [--html out.html [--viewer SEAT] [--reveal]]

What holds everything and what holds one seat's view: a record (``--record``,
the records of ``--json``) holds the whole game, the seed included, from which
every hidden card can be dealt again; keep it to yourself. ``replay`` and
``export`` show one viewer's view (``--viewer``: a seat, or the spectator by
default): what that viewer saw, never the seed or another seat's hidden
decisions; ``--reveal`` shows everything and says so. ``play`` shows the human
seat what it may see.

The command line does what the Python API does: ``--seats`` gives the player
count when ``--players`` is left out (as ``nbgames.play`` does), a policy may be
named more than once, and ``--option`` passes a title's option, checked as
``nbgames.load`` checks it (``help(nbgames.games.<title>)`` lists them).

A human types an action's label (in any case) or its start, the number of an
item in the ``?`` list, or ``#`` and an action id; ``q`` quits (the record is
still written). Many legal actions are listed in groups made from their labels'
leading words (a card and its rotation, then the place); a group opens by its
number or the start of its label, and ``..`` goes back.
A policy is a built-in bot's name (greedy, random, ismcts) or ``module:function``
(the module is imported from the current directory or the Python path). A policy
that fails forfeits: the command prints the policy, its seat, the step, its error
and the last frames of its traceback. A tournament in which some policy forfeited
every game exits with status 1. Bad arguments print a message and exit with
status 2, a failure while running with status 1; set ``NBGAMES_DEBUG=1`` to see the
traceback instead.

The modules: this one dispatches (``main``); ``parser`` holds the arguments and
their help, ``play``, ``tournament``, ``replay``, ``export`` and ``review`` one
command's work each, ``choices`` the human's menu, ``common`` what several
commands share. ``nbgames serve`` is ``nbgames.net.serve``'s. Titles,
policies and seats typed as text are read by ``nbgames.arena.named``, which
both the command line and the host's command import.
"""

from __future__ import annotations

import os
import sys

from ..arena.named import UsageError
from ..core.errors import NbgamesError, OptionError
from .export import cmd_export
from .parser import parser
from .play import cmd_play
from .replay import cmd_replay
from .review import cmd_review
from .tournament import cmd_tournament


def cmd_serve(args, out=print) -> int:
    """``nbgames serve``: the classroom host (``nbgames.net.serve``)."""
    from ..net.serve import cmd_serve as serve
    return serve(args, out)


COMMANDS = {"play": cmd_play, "tournament": cmd_tournament, "replay": cmd_replay,
            "export": cmd_export, "review": cmd_review, "serve": cmd_serve}


def main(argv=None) -> int:
    """Run one command (``argv``: the words after ``nbgames``); the exit status."""
    debug = os.environ.get("NBGAMES_DEBUG") == "1"
    try:
        args = parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except NbgamesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2 if isinstance(e, OptionError) else 1
    except BrokenPipeError:                 # output piped into head and the like
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no flush error at exit
        except OSError:
            pass
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001 - the command line never shows a traceback
        if debug:
            raise
        print(f"error: {type(e).__name__}: {e} (NBGAMES_DEBUG=1 shows the traceback)",
              file=sys.stderr)
        return 1


__all__ = ["main", "parser", "COMMANDS", "UsageError", "cmd_play", "cmd_tournament",
           "cmd_replay", "cmd_export", "cmd_review", "cmd_serve"]
