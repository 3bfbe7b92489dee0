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
    """A policy raised, or returned something that is not a legal action."""

    def __init__(self, message: str, *, policy: str = "?", seat: int | None = None):
        super().__init__(message)
        self.policy = policy
        self.seat = seat


def choices_text(values, limit: int = 8) -> str:
    """Render a short, readable list of choices for an error message."""
    values = list(values)
    shown = ", ".join(repr(v) for v in values[:limit])
    if len(values) > limit:
        shown += f", ... ({len(values)} in all)"
    return shown
