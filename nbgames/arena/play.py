"""Play one game between policies."""

from __future__ import annotations

from ..agents.adapter import as_policy, decide, policy_name, spawn_policy
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
    winners and the policy names by seat). ``policies`` has one policy a seat.
    A policy that fails raises PolicyError naming it, its seat and the step."""
    game = _as_game(game, len(policies) if isinstance(game, str) else None)
    if len(policies) != game.players:
        raise OptionError(f"{game.title} with {game.players} players needs {game.players} "
                          f"policies, got {len(policies)}")
    checked = []
    for i, p in enumerate(policies):
        try:
            checked.append(as_policy(p))
        except OptionError as e:
            raise OptionError(f"seat {i}: {e}") from None
    state = game.new_state(seed=seed)
    policies = [spawn_policy(p, state.seed * 31 + i) for i, p in enumerate(checked)]
    for _ in range(max_steps):
        seat = state.current_player
        if seat is None:
            break
        state.apply(decide(policies[seat], state, seat))
    rec = state.record()
    rec["policies"] = [policy_name(p) for p in policies]
    return rec
