"""What a deciding seat may use to think: its information set.

An :class:`InfoSet` holds the seat, its observation and its legal actions, and
samples states the seat cannot tell from the truth. It never holds the true
state: it keeps a copy in which everything the seat cannot see is already
resampled (``state.determinize(seat)``), so a policy that pokes at it learns
nothing it may not know. A search bot calls :meth:`InfoSet.sample` once per
iteration.
"""

from __future__ import annotations

import random

from .actions import ActionList
from .state import as_rng


class InfoSet:
    """``.seat``, ``.observation``, ``.legal_actions``, ``.game`` and
    ``.sample(rng)`` (a State consistent with the observation); ``.enumerate(limit)``
    lists every such State with its exact chance where there are few enough.

    ``worlds``: weighted worlds (a :class:`nbgames.core.chance.Worlds`), drawn into
    ``.pool``; ``kept``: the pool this seat was given at its last decision of the
    game, carried on where nothing was dealt since (see
    :func:`nbgames.core.chance.worlds`)."""

    __slots__ = ("seat", "observation", "legal_actions", "game", "_cover", "pool")

    def __init__(self, state, seat: int | None = None, rng=None, worlds=None, kept=None):
        seat = state.current_player if seat is None else seat
        self.seat = seat
        self.game = state.game
        self.observation = state.observation(seat)
        self.legal_actions = (state.legal_actions() if seat == state.current_player
                              else ActionList(state.game, []))
        rng = as_rng(rng if rng is not None else 0)
        self._cover = state.determinize(seat, rng)
        self.pool = None
        if worlds is not None:
            from .chance import Worlds
            if not isinstance(worlds, Worlds):
                from .errors import OptionError
                raise OptionError(f"worlds must be None or nbgames.core.chance.Worlds(...), got "
                                  f"{worlds!r}"[:200])
            self.pool = worlds.build(state, seat, rng, kept=kept)

    def sample(self, rng=None):
        """A State that ``seat`` cannot tell from the truth: the same observation
        and legal actions, everything hidden resampled (``determinize``). With
        weighted worlds (``InfoSet(..., worlds=Worlds(...))``) it is one of
        ``pool.worlds`` drawn by weight, with a seed of its own for later chance;
        where none could be weighted (``pool.note`` says why), a uniform one."""
        pool = self.pool
        if pool is not None and pool.worlds:
            return pool.draw(rng if rng is not None else random.Random())
        return self._cover.determinize(self.seat, rng)

    def enumerate(self, limit: int = 2000):
        """Every world the seat cannot tell apart, with its exact chance, as
        ``[(Fraction, State)]`` (:func:`nbgames.core.chance.enumerate_worlds`), or
        None where there are more than ``limit`` or the title cannot list them."""
        from .chance import enumerate_worlds
        return enumerate_worlds(self._cover, self.seat, limit)

    def __repr__(self):
        return (f"InfoSet({self.game!r}, seat={self.seat}, step={self.observation['step']}, "
                f"{len(self.legal_actions)} legal actions)")
