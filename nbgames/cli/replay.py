"""``nbgames replay``: step through a record in text, as one viewer saw it."""

from __future__ import annotations

from ..core.words import outcome
from .common import load_record, viewer_seat


def cmd_replay(args, out=print, ask=input) -> int:
    """One viewer's replay: its board, who decided at each step and the log lines it
    could read; the label of a decision only when the viewer made it. With
    ``--reveal``: the label of every decision and the seed (the whole game)."""
    from ..core.registry import replay
    rec = load_record(args.record)
    state = replay(rec, upto=0)
    viewer = viewer_seat(args.viewer, state.players)
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
    out(outcome(state.scores(), state.winners()))
    return 0
