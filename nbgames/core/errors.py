"""Errors raised by nbgames. Every message names the bad value and the valid choices
(ARCHITECTURE.md, "Errors by cause").

Errors are split by cause, the way python-chess splits invalid, illegal and
ambiguous moves. An action that cannot be played raises one of the three
children of :class:`IllegalActionError` (catch the parent for all of them):

* :class:`InvalidActionError`: not an action of this game at all (a label that
  does not parse, an id out of range, a value of the wrong type);
* :class:`NotLegalError`: a well-formed action that is not legal now;
* :class:`GameOverError`: any action once the game is over.

A bad setting (an unknown option, a player count out of range, a widget speed
out of range) is an :class:`OptionError`.

An error about one seat's decision can hold that seat's private content (its
legal actions, what its policy returned or said). Such an error names the seat
(``seat``) and keeps a ``public`` message without that content:
:meth:`NbgamesError.for_viewer` is the text another viewer may read (the widget
shows that), while ``str(error)``, raised in Python, says everything. See
ARCHITECTURE.md, "Hidden information".
"""

from __future__ import annotations


class NbgamesError(Exception):
    """Base class of every error nbgames raises on purpose."""

    def __init__(self, message: str = "", *, seat: int | None = None, public: str | None = None):
        super().__init__(message)
        self.seat = seat
        self.public = public

    def for_viewer(self, viewer: int | None) -> str:
        """The message as ``viewer`` (a seat, None for the spectator) may read it:
        in full for the seat it concerns, else its public part (the full message
        when it holds nothing private)."""
        if self.public is None or (viewer is not None and viewer == self.seat):
            return str(self)
        return self.public


class UnknownGameError(NbgamesError, ValueError):
    """`nbgames.load` got a title it does not know."""


class OptionError(NbgamesError, ValueError):
    """An unknown option, a bad option value, or a player count out of range."""


class ComponentError(OptionError):
    """A component file (cards, recipes) that is malformed or inconsistent, or that
    has too few cards for the chosen player count and options. It is an
    OptionError, since the components are an option of every title."""


class IllegalActionError(NbgamesError, ValueError):
    """An action that cannot be played; the state is unchanged. Raised as one of
    its three causes: :class:`InvalidActionError`, :class:`NotLegalError`,
    :class:`GameOverError`."""


class InvalidActionError(IllegalActionError):
    """Not an action of this game: a label that does not parse, an id out of
    range, a field out of its range, a value of the wrong type, or an Action of
    another game."""


class NotLegalError(IllegalActionError):
    """A well-formed action that is not legal now: not among the legal actions of
    the seat to move, another seat's turn, nothing to take back. ``seat`` is the
    seat whose legal actions the message lists (they are left out of ``public``)."""


class GameOverError(IllegalActionError):
    """An action (or a policy move) asked for once the game is over."""


class RecordError(NbgamesError, ValueError):
    """A record or a state dict that is malformed, tampered with or inconsistent."""


class PolicyError(NbgamesError, RuntimeError):
    """A policy raised, or returned something that is not a legal action.
    ``policy`` is its name, ``seat`` the seat it played (what it returned, its legal
    actions and the message of its exception are private to that seat: left out of
    ``public``), ``step`` the number of decisions made before the failing one;
    ``__cause__`` is the policy's own exception when it raised
    (``last_frames(error)`` gives its last frames)."""

    def __init__(self, message: str, *, policy: str = "?", seat: int | None = None,
                 public: str | None = None, step: int | None = None):
        super().__init__(message, seat=seat, public=public)
        self.policy = policy
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
