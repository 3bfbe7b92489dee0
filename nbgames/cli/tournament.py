"""``nbgames tournament``: seeded games between policies, seats rotating; prints
the table and each failing policy's first forfeit."""

from __future__ import annotations

import sys

from ..arena.named import UsageError, policy
from .common import forfeit_report, load_game, pool, title_options, write_json


def policy_names(text: str) -> list[str]:
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
    from ..arena.tournament import tournament
    from ..core.registry import load
    names = policy_names(args.policies)
    if len(names) < 1:
        raise UsageError("--policies: give at least one policy")
    policies = {n: policy(n.partition("#")[0]) for n in names}
    if args.games < 1:
        raise UsageError(f"--games must be a positive int, got {args.games}")
    if args.workers < 1:
        raise UsageError(f"--workers must be a positive int, got {args.workers}")
    options = title_options(args.title, args.option)
    first = load(args.title)
    players = args.players if args.players is not None else max(
        first.min_players, min(len(names), first.max_players))
    game = load_game(args.title, players, options)
    executor = pool(args.workers)
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
        for line in forfeit_report(e, f" in game {e.get('game')} (the first of "
                                      f"{result[name].forfeits} by {name})"):
            out(line)
    if args.json:
        write_json(args.json, {"title": result.title, "players": result.players,
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
