"""``nbgames play``: one game in the terminal, the human seat typing its moves
(``nbgames.cli.choices``), policies playing the other seats."""

from __future__ import annotations

import random

from ..arena.named import UsageError, seat, seat_names
from ..arena.seats import HUMAN
from ..core.errors import NbgamesError, PolicyError
from ..core.words import outcome
from .choices import LIST_MAX, Chooser
from .common import forfeit_report, load_game, title_options, write_json


def write_record(args, state, seat_texts, out, note: str = "") -> None:
    """``--record``: the game so far, with the policy named at each seat."""
    if args.record:
        rec = state.record()
        rec["policies"] = list(seat_texts)
        write_json(args.record, rec)
        out(f"record written to {args.record}{note}")


def cmd_play(args, out=print, ask=input) -> int:
    seat_texts = seat_names(args.seats)
    players = args.players if args.players is not None else (len(seat_texts) or None)
    game = load_game(args.title, players, title_options(args.title, args.option))
    seat_texts = seat_texts or [HUMAN] + ["greedy"] * (game.players - 1)
    if len(seat_texts) != game.players:
        raise UsageError(f"--seats: {game.players} players need {game.players} seats, got "
                         f"{len(seat_texts)} ({args.seats!r})")
    seats = [seat(s) for s in seat_texts]
    state = game.new_state(seed=args.seed)
    rng = random.Random(state.seed)
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    # what the terminal shows is for the human seat (the first, when several share it):
    # no seed, and the policies' decisions only as far as that seat's log tells them
    shown_to = humans[0] if humans else None
    out(f"{game.name}, {game.players} players. Type an action's label (or its start), or the "
        f"number of an item in the '?' list; '?' lists them, 'q' quits.")
    from ..agents.adapter import decide, spawn_policy
    policies = [s if s == HUMAN else spawn_policy(s, rng.getrandbits(63)) for s in seats]
    chooser, shown = None, None
    while not state.is_terminal():
        player = state.current_player
        if policies[player] == HUMAN:
            if shown != state.step:
                out(state.render(player))
                chooser, shown = Chooser(state.legal_actions()), state.step
                if len(chooser.actions) > LIST_MAX:
                    out(f"{len(chooser.actions)} choices: '?' lists them in groups.")
            try:
                text = ask(f"player {player}{chooser.prompt()}> ").strip()
            except EOFError:
                out("(end of input: game abandoned)")
                write_record(args, state, seat_texts, out, " (unfinished)")
                return 1
            if text.lower() in ("q", "quit", "exit"):
                out("game abandoned")
                write_record(args, state, seat_texts, out, " (unfinished)")
                return 0
            if text in ("?", "help", ""):
                for line in chooser.lines():
                    out(line)
                continue
            try:
                action = chooser.read(text)
                if action is None:              # a group opened or closed: its menu
                    for line in chooser.lines():
                        out(line)
                    continue
                label = game.action_label(game.resolve(action))
                seen = len(state.log(player))
                state.apply(action)
            except NbgamesError as e:
                out(f"! {e}"[:400])
                continue
            out(f"player {player}: {label}")
            for line in state.log(player)[seen:]:
                out(f"  {line}")
        else:
            try:
                aid = decide(policies[player], state, player, rng)
            except PolicyError as e:
                # the human seat reads the error as it may (not the bot's hand), with the
                # last frames of the policy's own code
                for line in forfeit_report(e, viewer=shown_to):
                    out(line)
                write_record(args, state, seat_texts, out, " (unfinished)")
                return 1
            seen = len(state.log(shown_to))
            state.apply(aid)
            out(f"player {player} ({seat_texts[player]}) decides")
            for line in state.log(shown_to)[seen:]:
                out(f"  {line}")
    out(state.render(None))
    out(outcome(state.scores(), state.winners()))
    write_record(args, state, seat_texts, out)
    return 0
