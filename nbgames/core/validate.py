"""Checks of user input shared by the core: ints (numpy ints too, never bools,
floats or strings) and seats, with errors that name the value and the choices."""

from __future__ import annotations

import operator

from .errors import OptionError

MAX_SEED = 2**63 - 1


def as_int(value, what: str, lo: int | None, hi: int | None, error=OptionError,
           optional: bool = False) -> int | None:
    """An int (numpy ints too, never a bool, a float or a string) from ``lo`` to
    ``hi`` (None: no bound on that side), else ``error`` naming the value and the
    range. ``optional``: None is accepted too (and returned), and the message says so."""
    if optional and value is None:
        return None
    if isinstance(value, bool) or isinstance(value, (float, str, bytes)):
        ok = False
    else:
        try:
            value = operator.index(value)
            ok = True
        except TypeError:
            ok = False
    if not ok or (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            span = f" from {lo} to {hi}"
        elif lo is not None:
            span = f" >= {lo}"
        else:
            span = "" if hi is None else f" <= {hi}"
        none = "None or " if optional else ""
        raise error(f"{what} must be {none}an int{span}, got {value!r}"[:300])
    return value


def check_seat(game, seat, what: str = "seat", spectator: bool = True):
    """A seat of ``game`` (an int from 0 to players - 1), or None for the
    spectator when ``spectator``; else OptionError naming the value and the choices."""
    if seat is None and spectator:
        return None
    choices = f"None (the spectator) or an int from 0 to {game.players - 1}" if spectator \
        else f"an int from 0 to {game.players - 1}"
    try:
        return as_int(seat, what, 0, game.players - 1)
    except OptionError:
        raise OptionError(f"{game.title}: {what} must be {choices}, got {seat!r}"[:300]) from None


