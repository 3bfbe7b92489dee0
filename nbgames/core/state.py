"""The State base class: the framework owns validation, history, the log,
randomness, serialization and records; a title owns only its rules.

A title's State subclass implements these hooks (see the Cookoff for a worked one):

``_start()``                 set up the first position (deal with ``self._rng()``)
``_legal_ids()``             legal action ids of ``self.current_player`` (a list or array)
``_apply(aid)``              play a legal id; must not fail half-way
``_observation(seat)``       JSON-able dict of what ``seat`` (None = spectator) may see
``_scores()``                list of numbers, one a seat (running totals before the end)
``_winners()``               seats that won (ties shared) once terminal
``_payload()``/``_load(d)``  the title's data as JSON-able dict and back
``_copy_into(new)``          copy the title's data into a bare new instance (fast clone)
``_resample(seat, rng)``     resample, in place, everything ``seat`` cannot see
``check_invariants()``       raise AssertionError when the state breaks conservation laws

``self.current_player`` is a plain attribute kept up to date by the title
(None when the game is over). Titles may override ``_is_legal(aid)`` with a
cheaper check than building the legal list.

Secret simultaneous choices (choices made in seat order but hidden until all
are in, such as sealed bids) use one mechanism: the title opens a round with
``_secret_open()``, records each decision of the seat to move with
``_secret_add(seat, aid)`` instead of acting on it, reads a seat's own
choices with ``_secret_of(seat)``, and acts on all of them at once after
``_secret_close()``. While a round is open, the title's ``_legal_ids()`` for a
seat must depend only on what that seat may see and on its own secret choices.
:meth:`determinize` then resamples every choice of the other seats, a partial
one of the seat still to move included, by replaying as many random legal
choices for them.
"""

from __future__ import annotations

import random

from .actions import ActionList
from .errors import IllegalActionError, RecordError, choices_text

STATE_FORMAT = "nbgames.state/1"
RECORD_FORMAT = "nbgames.record/1"


def as_rng(rng) -> random.Random:
    """Accept a random.Random, an int seed, a numpy Generator or None."""
    if isinstance(rng, random.Random):
        return rng
    if rng is None or isinstance(rng, int):
        return random.Random(rng)
    if hasattr(rng, "integers"):  # numpy Generator
        return random.Random(int(rng.integers(0, 2**63 - 1)))
    raise TypeError(f"rng must be a random.Random, an int seed, a numpy Generator or None, got {rng!r}")


class State:
    game = None
    current_player: int | None = None

    # -- construction ---------------------------------------------------------
    @classmethod
    def _bare(cls, game, seed: int):
        s = object.__new__(cls)
        s.game = game
        s.seed = seed
        s._chance = 0
        s.history = []
        s._log = []
        s._legal = None
        s._secret = None
        s.current_player = None
        return s

    @classmethod
    def _new(cls, game, seed: int):
        s = cls._bare(game, seed)
        s._start()
        return s

    def _rng(self) -> random.Random:
        """A generator for the next chance event, derived from the seed alone."""
        self._chance += 1
        return random.Random(f"{self.seed}/{self._chance}")

    def _say(self, text: str, to: int | None = None) -> None:
        """Add a log line, public (to=None) or private to one seat."""
        self._log.append((to, text))

    # -- secret simultaneous choices -------------------------------------------
    def _secret_open(self) -> None:
        """Start a round of secret choices: each seat's decisions are kept hidden
        from the others until :meth:`_secret_close`."""
        self._secret = [[] for _ in range(self.game.players)]

    def _secret_add(self, seat: int, aid: int) -> None:
        self._secret[seat].append(aid)

    def _secret_of(self, seat: int) -> list[int]:
        """The secret choices ``seat`` made in the open round (empty if none is open)."""
        return self._secret[seat] if self._secret is not None else []

    def _secret_close(self) -> list[list[int]]:
        """End the round: every seat's choices, to be acted on together."""
        out, self._secret = self._secret, None
        return out

    def _secret_resample(self, seat: int | None, rng: random.Random) -> None:
        """Replace the secret choices of every seat but ``seat`` by as many random
        legal choices (what ``seat`` cannot tell apart)."""
        if self._secret is None:
            return
        mover = self.current_player
        try:
            for s, picks in enumerate(self._secret):
                if s == seat or not picks:
                    continue
                k = len(picks)
                self._secret[s] = []
                self.current_player = s
                for _ in range(k):
                    self._legal = None
                    ids = self._legal_ids()
                    self._secret[s].append(int(ids[rng.randrange(len(ids))]))
        finally:
            self.current_player = mover
            self._legal = None

    # -- the contract ---------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_action_ids(self):
        """Legal ids as a list or numpy array (cheap: no Action objects)."""
        ids = self._legal
        if ids is None:
            ids = self._legal = [] if self.current_player is None else self._legal_ids()
        return ids

    def legal_actions(self) -> ActionList:
        return ActionList(self.game, self.legal_action_ids())

    def _is_legal(self, aid: int) -> bool:
        ids = self.legal_action_ids()
        return aid in (ids if isinstance(ids, (list, tuple)) else ids.tolist())

    def apply(self, action):
        """Play one decision (an Action, id or label). Illegal: IllegalActionError,
        the state unchanged. Returns self, so calls can chain."""
        aid = self.game.resolve(action)
        if self.current_player is None:
            raise IllegalActionError(f"{self.game.title}: the game is over; "
                                     f"{self.game.action_label(aid)!r} cannot be played")
        if not self._is_legal(aid):
            legal = self.legal_actions().labels
            raise IllegalActionError(
                f"{self.game.title}: {self.game.action_label(aid)!r} (id {aid}) is not legal for "
                f"player {self.current_player} at step {len(self.history)}; legal: "
                f"{choices_text(legal)}")
        self._apply(aid)
        self.history.append(aid)
        self._legal = None
        return self

    def scores(self) -> list:
        return self._scores()

    def winners(self) -> list[int]:
        return self._winners() if self.current_player is None else []

    def observation(self, seat: int | None = None) -> dict:
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None (spectator) or an int in 0..{self.players - 1}, "
                             f"got {seat!r}")
        obs = {"title": self.game.title, "players": self.players, "seat": seat,
               "current_player": self.current_player, "step": len(self.history)}
        obs.update(self._observation(seat))
        return obs

    def log(self, seat: int | None = None) -> list[str]:
        """The log lines ``seat`` may read (None: public lines only)."""
        return [text for to, text in self._log if to is None or to == seat]

    def clone(self):
        new = object.__new__(type(self))
        new.game = self.game
        new.seed = self.seed
        new._chance = self._chance
        new.history = self.history.copy()
        new._log = self._log.copy()
        new._legal = self._legal
        new.current_player = self.current_player
        new._secret = None if self._secret is None else [p.copy() for p in self._secret]
        self._copy_into(new)
        return new

    def determinize(self, seat: int | None, rng=None):
        """A copy that ``seat`` cannot tell apart from this state: the same
        observation and legal actions, with everything it cannot see resampled
        (including the seed of future chance events)."""
        rng = as_rng(rng)
        new = self.clone()
        new.seed = rng.getrandbits(63)
        new._chance = 0
        new._resample(seat, rng)
        new._secret_resample(seat, rng)
        new._legal = None
        return new

    # -- serialization --------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": STATE_FORMAT, **self.game.config(), "seed": self.seed,
                "chance": self._chance, "history": list(self.history),
                "log": [[to, text] for to, text in self._log],
                "current_player": self.current_player,
                "secret": None if self._secret is None else [list(p) for p in self._secret],
                "data": self._payload()}

    @classmethod
    def _from_dict(cls, game, d):
        if not isinstance(d, dict):
            raise RecordError(f"a state dict is required, got {type(d).__name__}")
        if d.get("format") != STATE_FORMAT:
            raise RecordError(f"state format {d.get('format')!r} is not {STATE_FORMAT!r}")
        for key in ("title", "players", "options"):
            if d.get(key) != game.config()[key]:
                raise RecordError(f"state {key}={d.get(key)!r} does not match the game's "
                                  f"{key}={game.config()[key]!r}")
        try:
            s = cls._bare(game, int(d["seed"]))
            s._chance = int(d["chance"])
            s.history = [int(a) for a in d["history"]]
            s._log = [(None if to is None else int(to), str(text)) for to, text in d["log"]]
            secret = d.get("secret")
            s._secret = None if secret is None else [[int(a) for a in p] for p in secret]
            s._load(d["data"])
            cp = d["current_player"]
            if cp != s.current_player:
                raise RecordError(f"current_player={cp!r} does not match the data "
                                  f"(expected {s.current_player!r})")
            s.check_invariants()
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AssertionError, AttributeError) as e:
            raise RecordError(f"corrupt {game.title} state: {type(e).__name__}: {e}") from None
        return s

    def record(self) -> dict:
        """Config + seed + action ids: enough to replay the game exactly."""
        rec = {"format": RECORD_FORMAT, **self.game.config(), "seed": self.seed,
               "actions": list(self.history)}
        if self.is_terminal():
            rec["scores"] = self.scores()
            rec["winners"] = self.winners()
        return rec

    # -- display --------------------------------------------------------------
    def __repr__(self):
        who = "game over" if self.current_player is None else f"player {self.current_player} to move"
        return f"<{self.game.name} state, step {len(self.history)}, {who}>"

    def __str__(self):
        return self.render()

    def render(self, seat: int | None = None) -> str:
        """A text picture of what ``seat`` sees (None: the spectator)."""
        from .registry import spec
        return spec(self.game.title).render(self.observation(seat), self.game)

    # -- hooks ----------------------------------------------------------------
    def _start(self): raise NotImplementedError
    def _legal_ids(self): raise NotImplementedError
    def _apply(self, aid): raise NotImplementedError
    def _observation(self, seat): raise NotImplementedError
    def _scores(self): raise NotImplementedError
    def _winners(self): raise NotImplementedError
    def _payload(self): raise NotImplementedError
    def _load(self, d): raise NotImplementedError
    def _copy_into(self, new): raise NotImplementedError
    def _resample(self, seat, rng): raise NotImplementedError
    def check_invariants(self): pass
