"""Turning user callables into policies: their names, per-game copies, and calls
whose failures name the policy, the seat and the state."""

from __future__ import annotations

from ..core.errors import IllegalActionError, OptionError, PolicyError

BUILT_IN = ("greedy", "random")


def as_policy(policy, extra: tuple[str, ...] = ()):
    """A policy from a callable or a built-in bot's name ("greedy", "random");
    anything else raises OptionError naming the value and the choices (``extra``
    lists other strings the caller accepts, such as "human")."""
    if isinstance(policy, str):
        if policy in BUILT_IN:
            from . import basic
            return basic.BUILT_IN[policy]
        names = ", ".join(f'"{n}"' for n in (*extra, *BUILT_IN))
        raise OptionError(f"{policy!r} is not a policy; use {names} or a callable "
                          f"policy(observation, legal_actions) -> action")
    if policy is None or not callable(policy):
        names = ", ".join(f'"{n}"' for n in (*extra, *BUILT_IN))
        raise OptionError(f"{policy!r} is not a policy; use {names} or a callable "
                          f"policy(observation, legal_actions) -> action"[:300])
    return policy


def policy_name(policy) -> str:
    if isinstance(policy, str):
        return policy
    name = getattr(policy, "name", None) or getattr(policy, "__name__", None)
    return str(name) if name else type(policy).__name__


def spawn_policy(policy, seed: int):
    """A fresh copy seeded for one game, when the policy supports it (``spawn``):
    a policy that remembers keeps its memory in that copy."""
    spawn = getattr(policy, "spawn", None)
    return spawn(seed) if callable(spawn) else policy


def reseed_policy(policy, seed: int) -> None:
    """Re-seed a policy's random choices before one decision, when it supports it
    (``reseed``): the same position then always gets the same answer, across
    undo/goto and reruns, while the policy keeps any memory it has."""
    reseed = getattr(policy, "reseed", None)
    if callable(reseed):
        reseed(seed)


def decide(policy, state, seat: int | None = None) -> int:
    """Ask ``policy`` for the current player's decision and return a legal id.
    Raises PolicyError naming the policy, the seat and the state on any failure."""
    seat = state.current_player if seat is None else seat
    name = policy_name(policy)
    where = f"{state.game.title} step {len(state.history)}"
    legal = state.legal_actions()
    try:
        choice = policy(state.observation(seat), legal)
    except Exception as e:
        raise PolicyError(f"policy {name!r} (seat {seat}) raised {type(e).__name__}: {e} "
                          f"at {where}", policy=name, seat=seat) from e
    try:
        aid = state.game.resolve(choice)
    except IllegalActionError:
        raise PolicyError(f"policy {name!r} (seat {seat}) returned {choice!r} at {where}, which "
                          f"is not an action; return an Action, an id or a label such as "
                          f"{legal[0].label!r}", policy=name, seat=seat) from None
    if not state._is_legal(aid):
        raise PolicyError(f"policy {name!r} (seat {seat}) returned "
                          f"{state.game.action_label(aid)!r} (id {aid}) at {where}, which is not "
                          f"legal; {len(legal)} legal actions such as {legal[0].label!r}",
                          policy=name, seat=seat)
    return aid
