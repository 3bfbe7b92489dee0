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

A human types an action's label (in any case), the number of an item in the
``?`` list, or ``#`` and an action id; ``q`` quits (the record is still written).
A policy is a built-in bot's name (greedy, random, ismcts) or ``module:function``
(the module is imported from the current directory or the Python path). A policy
that fails forfeits: the command prints the policy, its seat, the step, its error
and the last frames of its traceback. A tournament in which some policy forfeited
every game exits with status 1. Bad arguments print a message and exit with
status 2, a failure while running with status 1; set ``NBGAMES_DEBUG=1`` to see the
traceback instead.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from importlib import import_module

from .core.errors import NbgamesError, OptionError, PolicyError, choices_text, last_frames


class CliError(Exception):
    """A bad argument or input: its message is printed, the exit status is 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise CliError(f"{self.prog}: {message}")


def _titles():
    from .core.registry import games
    return games()


def _title(value: str) -> str:
    if value not in _titles():
        raise CliError(f"unknown title {value!r}; choose one of {choices_text(_titles())}")
    return value


def _seat(value: str | None, players: int) -> int | None:
    if value is None or value in ("spectator", "none", "None"):
        return None
    try:
        seat = int(value)
    except ValueError:
        seat = -1
    if not 0 <= seat < players:
        raise CliError(f"--viewer {value!r}: a seat from 0 to {players - 1}, or 'spectator'")
    return seat


def _policy(text: str):
    """A built-in bot's name or module:function."""
    from .agents.adapter import BUILT_IN, as_policy
    text = text.strip()
    if ":" in text:
        mod_name, _, fn = text.partition(":")
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            mod = import_module(mod_name)
        except Exception as e:  # noqa: BLE001 - any import failure is the user's module
            raise CliError(f"policy {text!r}: cannot import module {mod_name!r} "
                           f"({type(e).__name__}: {e})") from None
        if not hasattr(mod, fn):
            raise CliError(f"policy {text!r}: module {mod_name!r} has no {fn!r}")
        obj = getattr(mod, fn)
        try:
            return as_policy(obj)
        except OptionError as e:
            raise CliError(f"policy {text!r}: {e}") from None
    if text not in BUILT_IN:
        raise CliError(f"unknown policy {text!r}; use one of {choices_text(BUILT_IN)} or "
                       f"module:function")
    return as_policy(text)


def _option_value(text: str):
    """A command-line option value as Python: JSON (numbers, true/false/null, lists,
    quoted strings), Python's True/False/None, else the text itself."""
    words = {"True": True, "False": False, "None": None}
    if text in words:
        return words[text]
    try:
        return json.loads(text)
    except ValueError:
        return text


def _options(title: str, pairs) -> dict:
    """``--option KEY=VALUE`` pairs as keyword arguments of ``nbgames.load`` (which
    checks the names and the values, as the API does)."""
    from .core.registry import spec
    known = spec(title).game.options_spec
    out = {}
    for pair in pairs or ():
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise CliError(f"--option {pair!r}: write KEY=VALUE; {title} options: "
                           f"{choices_text(known) or 'none'}")
        if key in ("players", "seed"):
            raise CliError(f"--option {pair!r}: use --{key} for {key}")
        out[key] = _option_value(value.strip())
    return out


def _load_game(title: str, players, options: dict):
    from .core.registry import load
    try:
        return load(title, players, **options)
    except OptionError as e:
        raise CliError(str(e)) from None


_EVERYONE = object()


def _forfeit_report(error: dict | PolicyError, games: str = "", viewer=_EVERYONE) -> list[str]:
    """Lines for one forfeit: the policy, the seat, the step, the error and the last
    frames of the policy's traceback (its code, no game data). With ``viewer`` (a
    seat, or None for the spectator) the error reads as that viewer may read it:
    what the policy returned or said is private to its own seat."""
    if isinstance(error, PolicyError):
        text = str(error) if viewer is _EVERYONE else error.for_viewer(viewer)
        if text != str(error):
            text += (f" (the rest is private to seat {error.seat}; `nbgames tournament` and its "
                     f"--json give the whole message)")
        info = {"forfeit": error.policy, "forfeit_seat": error.seat, "step": error.step,
                "error": text, "frames": last_frames(error)}
    else:
        info = dict(error)
        if info.get("names") and info.get("forfeit_seat") is not None:
            info["forfeit"] = info["names"][info["forfeit_seat"]]
    lines = [f"forfeit{games}: policy {info.get('forfeit', '?')!r}, seat {info.get('forfeit_seat')}, "
             f"step {info.get('step', '?')}:", f"  {info['error']}"]
    if info.get("frames"):
        lines.append("  last frames of its traceback:")
        lines += ["  " + line for frame in info["frames"] for line in frame.splitlines()]
    return lines


def _load_record(path: str) -> dict:
    from .core.registry import replay
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except FileNotFoundError:
        raise CliError(f"no such record file: {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise CliError(f"{path} is not JSON: {e}") from None
    if isinstance(rec, dict) and "records" in rec and "format" not in rec:
        raise CliError(f"{path} holds a tournament's results; pass one game's record "
                       f"(e.g. extract one of its 'records')")
    replay(rec)                 # validates: RecordError names what is wrong
    return rec


def _write_json(path: str, data) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
    except OSError as e:
        raise CliError(f"cannot write {path}: {e}") from None


# -- play ------------------------------------------------------------------------------
def _human_choice(game, state, text: str):
    """What the human typed as an action id: a number is an item of the ``?`` list
    (1 is its first line), ``#N`` is the action id N, anything else a label,
    matched without regard to case. Raises CliError with what went wrong."""
    legal = state.legal_actions()
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(legal):
            raise CliError(f"no choice {n}: the '?' list has {len(legal)} "
                           f"item{'s' if len(legal) != 1 else ''} (1 to {len(legal)}); "
                           f"type #ID for an action id")
        return legal[n - 1].id
    if text.startswith("#") and text[1:].strip().isdigit():
        return int(text[1:].strip())
    folded = text.casefold()
    found = [a.id for a in legal if a.label.casefold() == folded]
    if len(found) == 1:
        return found[0]
    return text                        # not a legal label: the engine says why


def _write_record(args, state, seat_texts, out, note: str = "") -> None:
    if args.record:
        rec = state.record()
        rec["policies"] = [t.strip() for t in seat_texts]
        _write_json(args.record, rec)
        out(f"record written to {args.record}{note}")


def cmd_play(args, out=print, ask=input) -> int:
    from .arena.seats import HUMAN
    seat_texts = [s for s in (args.seats or "").split(",") if s.strip()]
    players = args.players if args.players is not None else (len(seat_texts) or None)
    game = _load_game(args.title, players, _options(args.title, args.option))
    seat_texts = seat_texts or ["human"] + ["greedy"] * (game.players - 1)
    if len(seat_texts) != game.players:
        raise CliError(f"--seats: {game.players} players need {game.players} seats, got "
                       f"{len(seat_texts)} ({args.seats!r})")
    seats = [HUMAN if s.strip() == HUMAN else _policy(s) for s in seat_texts]
    import random
    state = game.new_state(seed=args.seed)
    rng = random.Random(state.seed)
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    # what the terminal shows is for the human seat (the first, when several share it):
    # no seed, and the policies' decisions only as far as that seat's log tells them
    shown_to = humans[0] if humans else None
    out(f"{game.name}, {game.players} players. Type an action's label, or the number of an "
        f"item in the '?' list; '?' lists them, 'q' quits.")
    from .agents.adapter import decide, spawn_policy
    policies = [s if s == HUMAN else spawn_policy(s, rng.getrandbits(63)) for s in seats]
    shown = None
    while not state.is_terminal():
        seat = state.current_player
        if policies[seat] == HUMAN:
            if shown != state.step:
                out(state.render(seat))
                shown = state.step
            try:
                text = ask(f"player {seat}> ").strip()
            except EOFError:
                out("(end of input: game abandoned)")
                _write_record(args, state, seat_texts, out, " (unfinished)")
                return 1
            if text.lower() in ("q", "quit", "exit"):
                out("game abandoned")
                _write_record(args, state, seat_texts, out, " (unfinished)")
                return 0
            if text in ("?", "help", ""):
                for n, a in enumerate(state.legal_actions(), 1):
                    out(f"  {n:>4}. {a.label}   (#{a.id})")
                continue
            try:
                action = _human_choice(game, state, text)
                label = game.action_label(game.resolve(action))
                state.apply(action)
            except (NbgamesError, CliError) as e:
                out(f"! {e}"[:400])
                continue
            out(f"player {seat}: {label}")
        else:
            try:
                aid = decide(policies[seat], state, seat, rng)
            except PolicyError as e:
                # the human seat reads the error as it may (not the bot's hand), with the
                # last frames of the policy's own code
                for line in _forfeit_report(e, viewer=shown_to):
                    out(line)
                _write_record(args, state, seat_texts, out, " (unfinished)")
                return 1
            seen = len(state.log(shown_to))
            state.apply(aid)
            out(f"player {seat} ({seat_texts[seat].strip()}) decides")
            for line in state.log(shown_to)[seen:]:
                out(f"  {line}")
    out(state.render(None))
    out(f"scores {state.scores()}; winners {state.winners()}")
    _write_record(args, state, seat_texts, out)
    return 0


# -- tournament ------------------------------------------------------------------------
def _policy_names(text: str) -> list[str]:
    """The names of ``--policies``: a policy named twice gets ``#2`` (then ``#3``...)
    on its second entry, as two keys of the API's dict would be told apart."""
    names, seen = [], {}
    for p in (p.strip() for p in text.split(",")):
        if not p:
            continue
        seen[p] = seen.get(p, 0) + 1
        names.append(p if seen[p] == 1 else f"{p}#{seen[p]}")
    return names


def cmd_tournament(args, out=print) -> int:
    from .arena.tournament import tournament
    from .core.registry import load
    names = _policy_names(args.policies)
    if len(names) < 1:
        raise CliError("--policies: give at least one policy")
    policies = {n: _policy(n.partition("#")[0]) for n in names}
    if args.games < 1:
        raise CliError(f"--games must be a positive int, got {args.games}")
    if args.workers < 1:
        raise CliError(f"--workers must be a positive int, got {args.workers}")
    options = _options(args.title, args.option)
    first = load(args.title)
    players = args.players if args.players is not None else max(
        first.min_players, min(len(names), first.max_players))
    game = _load_game(args.title, players, options)
    executor = None
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        executor = ProcessPoolExecutor(args.workers)
    try:
        result = tournament(game, policies, games=args.games, seed=args.seed, executor=executor,
                            progress=not args.quiet)
    finally:
        if executor is not None:
            executor.shutdown()
    out(result.text(errors_hint="each policy's first forfeit is below" if result.errors else ""))
    reported = set()
    for e in result.errors:                # each failing policy's first forfeit
        name = e["names"][e["forfeit_seat"]]
        if name in reported:
            continue
        reported.add(name)
        out("")
        for line in _forfeit_report(e, f" in game {e.get('game')} (the first of "
                                       f"{result[name].forfeits} by {name})"):
            out(line)
    if args.json:
        _write_json(args.json, {"title": result.title, "players": result.players,
                                "options": game.config()["options"],
                                "games": args.games, "seed": args.seed, "policies": names,
                                "table": result.table(), "records": result.records,
                                "errors": result.errors})
        out(f"results written to {args.json}")
    # every game it played (that no other policy's forfeit ended first) was a forfeit
    hopeless = [f["policy"] for f in result.failing() if f["forfeits"] == f["played"]]
    if hopeless:
        print(f"error: {', '.join(hopeless)} forfeited every game {'it' if len(hopeless) == 1 else 'they'} "
              f"played; see the first error above", file=sys.stderr)
        return 1
    return 0


# -- replay ----------------------------------------------------------------------------
def cmd_replay(args, out=print, ask=input) -> int:
    """One viewer's replay: its board, who decided at each step and the log lines it
    could read; the label of a decision only when the viewer made it. With
    ``--reveal``: the label of every decision and the seed (the whole game)."""
    from .core.registry import replay
    rec = _load_record(args.record)
    state = replay(rec, upto=0)
    viewer = _seat(args.viewer, state.players)
    game = state.game
    n = len(rec["actions"])
    if args.reveal:
        out(f"{game.name}, {game.players} players, seed {rec['seed']}, {n} decisions: the whole "
            f"game, every decision shown")
    else:
        who = "the spectator" if viewer is None else f"player {viewer}"
        out(f"{game.name}, {game.players} players, {n} decisions, as {who} saw them")
    out(state.render(viewer))
    for i, aid in enumerate(rec["actions"]):
        if args.pause:
            try:
                if ask("[Enter] next, q quits> ").strip() == "q":
                    return 0
            except EOFError:
                return 0
        seat = state.current_player
        seen = len(state.log(viewer))
        state.apply(aid)
        if args.reveal or seat == viewer:
            out(f"step {i + 1}: player {seat}: {game.action_label(aid)}")
        else:
            out(f"step {i + 1}: player {seat}")
        for line in state.log(viewer)[seen:]:
            out(f"  {line}")
        if args.boards or args.pause:
            out(state.render(viewer))
    if not (args.boards or args.pause):
        out(state.render(viewer))
    out(f"scores {state.scores()}; winners {state.winners()}")
    return 0


# -- export ----------------------------------------------------------------------------
def cmd_export(args, out=print) -> int:
    from .widget.export import record_html
    rec = _load_record(args.record)
    viewer = _seat(args.viewer, rec["players"])
    html = record_html(rec, viewer=viewer, reveal=args.reveal)
    try:
        with open(args.html, "w", encoding="utf-8") as f:
            f.write(html)
    except OSError as e:
        raise CliError(f"cannot write {args.html}: {e}") from None
    out(f"wrote {args.html} ({len(html.encode()) // 1024} KiB, {len(rec['actions']) + 1} positions, "
        f"viewer {'spectator' if viewer is None else viewer}"
        f"{': every hand revealed' if args.reveal else ''})")
    return 0


# -- review ------------------------------------------------------------------------------
def cmd_review(args, out=print) -> int:
    """Review a record (``nbgames.review``): print the summary per seat and the
    worst decisions; ``--json`` writes every row, ``--html`` the exported page
    with the review on it (for ``--viewer``: its own decisions only)."""
    from .arena.review import review
    rec = _load_record(args.record)
    players = rec["players"]
    seats = None
    if args.seats:
        try:
            seats = [int(x) for x in args.seats.split(",")]
        except ValueError:
            raise CliError(f"--seats {args.seats!r}: comma-separated seats from 0 to "
                           f"{players - 1}") from None
    viewer = _seat(args.viewer, players)
    executor = None
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        executor = ProcessPoolExecutor(args.workers)
    try:
        got = review(rec, seats=seats, budget=args.budget, exact=not args.no_exact, seed=args.seed,
                     executor=executor, progress=not args.quiet)
    finally:
        if executor is not None:
            executor.shutdown()
    out(repr(got))
    for r in got.worst(5):
        if r["loss"] > 0:
            out(f"  step {r['step']}, player {r['seat']}: {r['class']}, played {r['taken']!r} "
                f"(win chance {r['value_taken']:.2f}), advisor {r['best']!r} ({r['value_best']:.2f})")
    out(f"reviewed in {got.seconds:.1f} s")
    if args.json:
        _write_json(args.json, got.to_dict())
        out(f"wrote {args.json} (every row: it names every seat's moves and what they were worth)")
    if args.html:
        from .widget.export import record_html
        html = record_html(rec, viewer=viewer, reveal=args.reveal, review=got)
        try:
            with open(args.html, "w", encoding="utf-8") as f:
                f.write(html)
        except OSError as e:
            raise CliError(f"cannot write {args.html}: {e}") from None
        out(f"wrote {args.html} (viewer {'spectator' if viewer is None else viewer}"
            f"{': every hand and every seat’s review' if args.reveal else ''})")
    return 0


def _examples() -> dict[str, str]:
    """The examples of ``--help``, made from the installed titles (the command line
    names none itself)."""
    from .core.registry import spec
    titles = _titles()
    t = titles[0]
    three = next((x for x in titles if spec(x).game.max_players >= 3), t)
    opt = next(((x, k, o.default) for x in titles for k, o in spec(x).game.options_spec.items()
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
                 f"at the prompt: a label (any case), a number from the '?' list, #ID for an action "
                 f"id,\n'?' lists the legal actions, 'q' quits (the record is still written)."),
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
             f"titles: {', '.join(titles)} (help(nbgames.games.TITLE) in Python lists the options).\n"
             f"'nbgames COMMAND --help' gives each command's options and examples."),
    }


def parser() -> argparse.ArgumentParser:
    ex_text = _examples()
    kw = {"formatter_class": argparse.RawDescriptionHelpFormatter}
    p = _Parser(prog="nbgames", description="Play, run and share nbgames tabletop games.",
                epilog=ex_text[""], **kw)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    option_help = ("a title option, checked as nbgames.load checks it (repeat for several); "
                   "help(nbgames.games.TITLE) lists them")
    pl = sub.add_parser("play", help="play in the terminal with the text board",
                        description="Play one game in the terminal: you type your moves, "
                                    "policies play the other seats.", epilog=ex_text["play"], **kw)
    pl.add_argument("title", type=_title, metavar="TITLE", help="one of: " + ", ".join(_titles()))
    pl.add_argument("--seats", default=None,
                    help="human or a policy, one a seat, comma-separated (default: human, then "
                         "greedy)")
    pl.add_argument("--players", type=int, default=None,
                    help="the player count (default: one a seat of --seats, else the fewest)")
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument("--option", action="append", metavar="KEY=VALUE", help=option_help)
    pl.add_argument("--record", default=None,
                    help="write the game's record here, also when you quit (it holds everything, "
                         "the seed included)")
    to = sub.add_parser("tournament", help="seeded games between policies; prints the table",
                        description="Seeded games between policies, seats rotating; prints "
                                    "the table of win rates.", epilog=ex_text["tournament"], **kw)
    to.add_argument("title", type=_title, metavar="TITLE", help="one of: " + ", ".join(_titles()))
    to.add_argument("--policies", required=True,
                    help="comma-separated: greedy,random,ismcts or module:function (a policy "
                         "may appear more than once)")
    to.add_argument("--games", type=int, default=100)
    to.add_argument("--seed", type=int, default=0)
    to.add_argument("--players", type=int, default=None,
                    help="the player count (default: one a policy, within the title's range)")
    to.add_argument("--option", action="append", metavar="KEY=VALUE", help=option_help)
    to.add_argument("--workers", type=int, default=1, help="processes (default 1: serial)")
    to.add_argument("--json", default=None,
                    help="write the results here (table, records and errors with tracebacks: "
                         "they hold everything)")
    to.add_argument("--quiet", action="store_true", help="no progress bar")
    rp = sub.add_parser("replay", help="step through a record in text",
                        description="Step through a recorded game with the text board.",
                        epilog=ex_text["replay"], **kw)
    rp.add_argument("record", metavar="RECORD.json")
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
    ex.add_argument("record", metavar="RECORD.json")
    ex.add_argument("--html", required=True, metavar="OUT.html")
    ex.add_argument("--viewer", default=None,
                    help="a seat, or spectator (default): the page holds only what that viewer saw")
    ex.add_argument("--reveal", action="store_true",
                    help="also every seat's hidden cards at every step (the page says so at its top)")
    _review_parser(sub, ex_text["review"], kw)
    _serve_parser(sub, ex_text["serve"], kw)
    return p


def _review_parser(sub, epilog, kw) -> None:
    rv = sub.add_parser("review", help="review a finished game: each decision's loss of win "
                                       "chance, classed, from what its seat knew",
                        description="Review a recorded game: each decision's loss of win chance "
                                    "against the advisor's best, classed from best to blunder, "
                                    "judged from what its seat knew.", epilog=epilog, **kw)
    rv.add_argument("record", metavar="RECORD.json")
    rv.add_argument("--seats", default=None, help="comma-separated seats to review (default: all)")
    rv.add_argument("--budget", type=int, default=None,
                    help="search iterations a decision (default: nbgames.arena.review.DEFAULT_BUDGET)")
    rv.add_argument("--seed", type=int, default=0)
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


# -- serve (the classroom host: nbgames/net/serve.py) ----------------------------------
def _serve_parser(sub, epilog, kw) -> None:
    from .net.serve import add_parser
    add_parser(sub, epilog, **kw)


def cmd_serve(args, out=print) -> int:
    from .net.serve import cmd_serve as serve
    return serve(args, out)


COMMANDS = {"play": cmd_play, "tournament": cmd_tournament, "replay": cmd_replay,
            "export": cmd_export, "review": cmd_review, "serve": cmd_serve}


def main(argv=None) -> int:
    debug = os.environ.get("NBGAMES_DEBUG") == "1"
    try:
        args = parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except CliError as e:
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


if __name__ == "__main__":
    sys.exit(main())
