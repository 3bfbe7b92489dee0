"""Titles, policies and seats named in text, as a person types them in a shell.

The command line (``nbgames.cli``) and the classroom host's command
(``nbgames.net.serve``) both read these names; this module sits below both,
so neither imports the other. A bad name raises ``UsageError``, whose
message names the value and the choices (the command line prints it and exits
with status 2).
"""

from __future__ import annotations

import os
import sys
from importlib import import_module

from ..core.errors import NbgamesError, OptionError, choices_text
from .seats import HUMAN


class UsageError(NbgamesError):
    """A bad argument or input typed by a person: its message says what is wrong
    and what would do; the command line prints it and exits with status 2."""


def titles() -> list[str]:
    """The installed titles (the folders of ``nbgames/games/``)."""
    from ..core.registry import games
    return games()


def title(value: str) -> str:
    """``value`` when it is an installed title, else UsageError naming the titles."""
    if value not in titles():
        raise UsageError(f"unknown title {value!r}; choose one of {choices_text(titles())}")
    return value


def policy(text: str):
    """A policy from its name: a built-in bot's (greedy, random, ismcts) or
    ``module:function``, the module imported from the current folder or the
    Python path."""
    from ..agents.adapter import BUILT_IN, as_policy
    text = text.strip()
    if ":" in text:
        mod_name, _, fn = text.partition(":")
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            mod = import_module(mod_name)
        except Exception as e:  # noqa: BLE001 - any import failure is the user's module
            raise UsageError(f"policy {text!r}: cannot import module {mod_name!r} "
                             f"({type(e).__name__}: {e})") from None
        if not hasattr(mod, fn):
            raise UsageError(f"policy {text!r}: module {mod_name!r} has no {fn!r}")
        try:
            return as_policy(getattr(mod, fn))
        except OptionError as e:
            raise UsageError(f"policy {text!r}: {e}") from None
    if text not in BUILT_IN:
        raise UsageError(f"unknown policy {text!r}; use one of {choices_text(BUILT_IN)} or "
                         f"module:function")
    return as_policy(text)


def seat(text: str):
    """One seat from its name: ``"human"`` or a policy (``policy``)."""
    text = text.strip()
    return HUMAN if text == HUMAN else policy(text)


def seat_names(text: str | None) -> list[str]:
    """The names of a comma-separated ``--seats`` value, blanks dropped."""
    return [s.strip() for s in (text or "").split(",") if s.strip()]
