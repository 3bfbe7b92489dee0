"""Actions: one decision, an int id stable per game with a human-readable label."""

from __future__ import annotations

from collections.abc import Sequence


class Action:
    """One decision. ``id`` is an int in ``range(game.num_actions)``; ``label`` is
    unique and stable for that id in its game. Compares equal to its id."""

    __slots__ = ("id", "label", "game")

    def __init__(self, id: int, label: str, game=None):
        self.id = id
        self.label = label
        self.game = game            # the Game it belongs to: another game refuses it

    @property
    def fields(self) -> dict:
        """``game.action_space.decode(id)``: the kind and fields of this decision."""
        return self.game.action_space.decode(self.id)

    def __eq__(self, other):
        if isinstance(other, Action):
            return self.id == other.id and (self.game is None or other.game is None
                                            or self.game == other.game)
        if isinstance(other, int):
            return self.id == other
        return NotImplemented

    def __hash__(self):
        return hash(self.id)

    def __int__(self):
        return self.id

    __index__ = __int__

    def __repr__(self):
        return f"Action({self.id}, {self.label!r})"

    def __str__(self):
        return self.label


class ActionList(Sequence):
    """The legal actions of a state: a read-only sequence of :class:`Action`.

    Built lazily from the ids, so a policy that only needs ``.ids`` (or one random
    index) never builds hundreds of objects.
    """

    __slots__ = ("game", "ids")

    def __init__(self, game, ids):
        self.game = game
        self.ids = ids

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self.game.action(int(a)) for a in self.ids[i]]
        return self.game.action(int(self.ids[i]))

    def __contains__(self, a):
        if isinstance(a, Action):
            a = a.id
        if isinstance(a, str):
            return a in self.labels
        return any(int(x) == a for x in self.ids)

    @property
    def labels(self) -> list[str]:
        return [self.game.action_label(int(a)) for a in self.ids]

    def __eq__(self, other):
        if isinstance(other, ActionList):
            return list(map(int, self.ids)) == list(map(int, other.ids))
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self):
        labels = self.labels
        shown = ", ".join(labels[:6]) + (f", ... ({len(labels)} in all)" if len(labels) > 6 else "")
        return f"[{shown}]"
