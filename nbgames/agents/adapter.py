"""Turning user callables into policies: their names, per-game copies, and calls
whose failures name the policy, the seat and the state."""

from __future__ import annotations

import inspect

from ..core.errors import IllegalActionError, OptionError, PolicyError
from ..core.infoset import InfoSet

BUILT_IN = ("greedy", "random", "ismcts")


def as_policy(policy, extra: tuple[str, ...] = ()):
    """A policy from a callable or a built-in bot's name ("greedy", "random");
    anything else raises OptionError naming the value and the choices (``extra``
    lists other strings the caller accepts, such as "human")."""
    if isinstance(policy, str):
        if policy in BUILT_IN:
            from . import basic, search
            return basic.BUILT_IN[policy] if policy in basic.BUILT_IN else search.ismcts()
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


def wants_infoset(policy) -> bool:
    """True when the policy's call takes a third parameter named ``infoset``."""
    cached = _WANTS.get(type(policy))
    if cached is not None and not callable(getattr(policy, "__wrapped__", None)):
        return cached
    try:
        params = list(inspect.signature(policy).parameters.values())
    except (TypeError, ValueError):
        return False
    found = len(params) >= 3 and params[2].name == "infoset"
    if not inspect.isfunction(policy):
        _WANTS[type(policy)] = found
    return found


_WANTS: dict[type, bool] = {}


def _worlds_of(policy):
    """The worlds a policy asks its InfoSet for (``policy.worlds``: a
    :class:`nbgames.core.chance.Worlds`, data only), or None."""
    from ..core.chance import Worlds
    w = getattr(policy, "worlds", None)
    return w if isinstance(w, Worlds) else None


def _kept_of(policy, seat):
    """The pool a policy kept from its last decision at ``seat``
    (``policy.kept_worlds``: ``{seat: WorldPool}``), or None."""
    from ..core.chance import WorldPool
    kept = getattr(policy, "kept_worlds", None)
    pool = kept.get(seat) if isinstance(kept, dict) else None
    return pool if isinstance(pool, WorldPool) else None


def decide(policy, state, seat: int | None = None, rng=None) -> int:
    """Ask ``policy`` for the current player's decision and return a legal id.
    A policy whose third parameter is named ``infoset`` also gets an
    :class:`~nbgames.core.infoset.InfoSet` (never the state itself). Raises
    PolicyError naming the policy, the seat and the state on any failure; what
    the policy returned or said and its legal actions are private to its seat,
    so the error's ``public`` message leaves them out."""
    seat = state.current_player if seat is None else seat
    name = policy_name(policy)
    where = f"{state.game.title} step {state.step}"
    legal = state.legal_actions()
    try:
        if wants_infoset(policy):
            choice = policy(state.observation(seat), legal,
                            infoset=InfoSet(state, seat, rng, worlds=_worlds_of(policy),
                                            kept=_kept_of(policy, seat)))
        else:
            choice = policy(state.observation(seat), legal)
    except Exception as e:
        raise PolicyError(f"policy {name!r} (seat {seat}) raised {type(e).__name__}: {e} "
                          f"at {where}", policy=name, seat=seat,
                          public=f"policy {name!r} (seat {seat}) raised {type(e).__name__} "
                                 f"at {where}", step=len(state.history)) from e
    try:
        aid = state.game.resolve(choice)
    except IllegalActionError:
        raise PolicyError(f"policy {name!r} (seat {seat}) returned {choice!r} at {where}, which "
                          f"is not an action; return an Action, an id or a label such as "
                          f"{legal[0].label!r}", policy=name, seat=seat,
                          public=f"policy {name!r} (seat {seat}) returned something that is "
                                 f"not an action at {where}", step=len(state.history)) from None
    if not state.is_legal(aid):
        raise PolicyError(f"policy {name!r} (seat {seat}) returned "
                          f"{state.game.action_label(aid)!r} (id {aid}) at {where}, which is not "
                          f"legal; {len(legal)} legal actions such as {legal[0].label!r}",
                          policy=name, seat=seat,
                          public=f"policy {name!r} (seat {seat}) returned an action that is not "
                                 f"legal at {where}", step=len(state.history))
    return aid
