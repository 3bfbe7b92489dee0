"""The seats of a Table (and so of a widget): "human" or a policy, one a seat,
swappable while playing."""

from __future__ import annotations

from collections.abc import MutableSequence

from ..agents.adapter import as_policy, policy_name
from ..core.errors import OptionError

HUMAN = "human"


def check_seat(value, seat: int):
    """Accept "human", a built-in bot's name or a callable policy; anything else
    is a clear error naming the seat and the choices."""
    if isinstance(value, str) and value == HUMAN:
        return value
    try:
        return as_policy(value, extra=(HUMAN,))
    except OptionError as e:
        raise OptionError(f"seat {seat}: {e}") from None


def describe(value, seat: int) -> dict:
    """The seat descriptor the browser sees: its kind and a display name. Never the
    policy object itself."""
    if value == HUMAN:
        return {"seat": seat, "kind": HUMAN, "name": HUMAN}
    return {"seat": seat, "kind": "policy", "name": policy_name(value)[:40]}


class SeatList(MutableSequence):
    """The widget's seats: a list of "human" or policies, one a seat. Assigning an
    item (``w.seats[3] = my_policy``) validates it and re-syncs the widget. The
    length is fixed by the game's player count."""

    __slots__ = ("_items", "_changed")

    def __init__(self, items, changed):
        self._items = list(items)
        self._changed = changed

    def __len__(self):
        return len(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, value):
        if isinstance(i, slice):
            values = list(value)
            idx = range(len(self._items))[i]
            if len(values) != len(idx):
                raise OptionError(f"a game of {len(self._items)} players keeps its "
                                  f"{len(self._items)} seats; assign as many seats as replaced")
            checked = [check_seat(v, s) for v, s in zip(values, idx)]
            for s, v in zip(idx, checked):
                self._items[s] = v
        else:
            n = len(self._items)
            if isinstance(i, bool) or not hasattr(i, "__index__") or not -n <= int(i) < n:
                raise OptionError(f"seat {i!r} does not exist; a game of {n} players has "
                                  f"seats 0 to {n - 1}")
            seat = range(n)[int(i)]
            self._items[seat] = check_seat(value, seat)
        self._changed()

    def __delitem__(self, i):
        raise OptionError("seats cannot be removed: a game has a fixed number of players; "
                          "assign \"human\" or a policy instead")

    def insert(self, i, value):
        raise OptionError("seats cannot be added: a game has a fixed number of players; "
                          "assign \"human\" or a policy instead")

    def __eq__(self, other):
        if isinstance(other, SeatList):
            other = other._items
        return isinstance(other, (list, tuple)) and self._items == list(other)

    def __repr__(self):
        return "[" + ", ".join(HUMAN if v == HUMAN else policy_name(v) for v in self._items) + "]"

    def names(self) -> list[str]:
        return [HUMAN if v == HUMAN else policy_name(v) for v in self._items]

    def is_human(self, seat: int) -> bool:
        return self._items[seat] == HUMAN
