"""Play one game between policies."""

from __future__ import annotations

from ..agents.adapter import as_policy, policy_name
from ..core.errors import OptionError
from ..core.registry import load


def _as_game(game, players=None):
    if isinstance(game, str):
        return load(game, players)
    if isinstance(game, dict):
        return load(game["title"], game["players"], **game.get("options", {}))
    return game


def play(game, policies, seed: int | None = None, *, max_steps: int = 100_000) -> dict:
    """Play one game and return its record (config, seed, action ids, scores,
    winners and the policy names by seat). ``policies`` has one policy a seat: a
    callable or a built-in bot's name ("greedy", "random"). A policy that fails
    raises PolicyError naming it, its seat and the step. The game is a
    :class:`~nbgames.arena.table.Table` run to the end."""
    from .table import Table
    game = _as_game(game, len(policies) if isinstance(game, str) else None)
    if isinstance(policies, (str, bytes)) or not hasattr(policies, "__len__"):
        raise OptionError(f"policies must be a list with one policy a seat, got {policies!r}"[:200])
    if len(policies) != game.players:
        raise OptionError(f"{game.title} with {game.players} players needs {game.players} "
                          f"policies, got {len(policies)}")
    checked = []
    for i, p in enumerate(policies):
        try:
            checked.append(as_policy(p))
        except OptionError as e:
            raise OptionError(f"seat {i}: {e}") from None
    table = Table(game, seats=checked, seed=seed, auto=False)
    table.run(until="end", max_steps=max_steps)
    rec = table.state.record()
    rec["policies"] = [policy_name(p) for p in checked]
    return rec
