"""Errors raised by nbgames. Every message names the bad value and the valid choices."""

from __future__ import annotations


class NbgamesError(Exception):
    """Base class of every error nbgames raises on purpose."""


class UnknownGameError(NbgamesError, ValueError):
    """`nbgames.load` got a title it does not know."""


class OptionError(NbgamesError, ValueError):
    """An unknown option, a bad option value, or a player count out of range."""


class ComponentError(OptionError):
    """A component file (cards, recipes) that is malformed or inconsistent, or that
    has too few cards for the chosen player count and options. It is an
    OptionError, since the components are an option of every title."""


class IllegalActionError(NbgamesError, ValueError):
    """An action that is not legal in the current state. The state is unchanged."""


class RecordError(NbgamesError, ValueError):
    """A record or a state dict that is malformed, tampered with or inconsistent."""


class PolicyError(NbgamesError, RuntimeError):
    """A policy raised, or returned something that is not a legal action.
    ``policy`` is its name, ``seat`` the seat it played, ``step`` the number of
    decisions made before the failing one; ``__cause__`` is the policy's own
    exception when it raised (``last_frames(error)`` gives its last frames)."""

    def __init__(self, message: str, *, policy: str = "?", seat: int | None = None,
                 step: int | None = None):
        super().__init__(message)
        self.policy = policy
        self.seat = seat
        self.step = step


def last_frames(error: BaseException, limit: int = 3) -> list[str]:
    """The last ``limit`` frames of the traceback of the exception behind ``error``
    (its ``__cause__``, e.g. a policy's own KeyError), as text ``File "...", line N,
    in f`` with the source line below it; frames inside nbgames itself are left out
    when others remain. [] when there is no cause (a policy that returned an
    illegal action raised nothing)."""
    import os
    import traceback
    cause = error.__cause__
    tb = traceback.extract_tb(cause.__traceback__) if cause is not None else []
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
    theirs = [f for f in tb if not os.path.abspath(f.filename).startswith(package)]
    return [line.rstrip("\n") for line in traceback.format_list((theirs or tb)[-limit:])]


def choices_text(values, limit: int = 8) -> str:
    """Render a short, readable list of choices for an error message."""
    values = list(values)
    shown = ", ".join(repr(v) for v in values[:limit])
    if len(values) > limit:
        shown += f", ... ({len(values)} in all)"
    return shown
