"""The State base class: the framework owns validation, history, the log,
randomness, serialization, records and hidden information; a title owns only its
rules.

A title's State subclass declares its data once, in ``FIELDS`` (see
:mod:`nbgames.core.fields`: which parts are public, private to a seat, hidden
piles, or derived). From it the core derives copying, ``to_dict``/loading, the
shape checks of ``game.scenario``, and the default resample of
:meth:`State.determinize`. The title implements these hooks (any title's rules.py
is a worked one):

``_start()``                 set up the first position (deal with ``self._rng()``)
``_legal_ids()``             legal action ids of ``self.current_player`` (a list or array)
``_apply(aid)``              play a legal id; must not fail half-way
``_observation(seat)``       JSON-able dict of what ``seat`` (None = spectator) may see
``_scores()``                list of numbers, one a seat (running totals before the end)
``_loaded()``                after loading the saved parts: rebuild the derived ones, set
                             ``current_player``, raise RecordError on inconsistent data
``_resample_more(seat, rng)``  optional: the parts declared ``hook=True`` (what a deal
                             of the pools, kept by the parts' ``rule``, cannot draw)
``check_invariants()``       raise AssertionError when the state breaks a rule: cards
                             conserved, set-up constraints, and consistency of hidden
                             parts with the public events the seats saw

``winners()`` is the seats with the highest ``scores()`` at the end, ties broken by
the title's ``_tiebreak(seat)`` (a title with teams overrides ``_winners()``).

What search, solver, review, server and adapters need of a State is public:
:meth:`State.advance` (play a legal id without checks), :meth:`State.quiet` (a
throwaway copy keeps no log), :meth:`State.is_legal`, :meth:`State.secret_open`,
:meth:`State.secret_choices`, :meth:`State.resample_secrets` (with weights) and
:meth:`State.log_entries`. Nothing outside ``nbgames/core`` and the title's own
folder calls a ``_name`` of a State (``tests/test_layers.py`` checks it).

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

import json
import operator
import random
from typing import TYPE_CHECKING

from . import fields as _fields
from .actions import Action, ActionList
from .errors import GameOverError, IllegalActionError, NotLegalError, OptionError, RecordError, choices_text
from .validate import MAX_SEED, as_int, check_seat

if TYPE_CHECKING:
    import numpy as np

_ALL = -1                  # a state's log holds every seat's lines
CORE_KEYS = frozenset(("title", "players", "seat", "current_player", "step"))
STATE_FORMAT = "nbgames.state/1"
RECORD_FORMAT = "nbgames.record/1"


def _field_int(title, name, value, lo, hi):
    try:
        return as_int(value, f"{title}: field {name}", lo, hi, RecordError)
    except RecordError:
        if type(value) is int or isinstance(value, bool) or not isinstance(value, int):
            raise
        return int(value)


def _field_ids(title, name, value, n) -> list[int]:
    if not isinstance(value, list):
        raise RecordError(f"{title}: field {name} must be a list of action ids, got "
                          f"{type(value).__name__} {_short(value)}")
    for i, a in enumerate(value):
        if type(a) is not int or not 0 <= a < n:
            raise RecordError(f"{title}: field {name}[{i}]={a!r} is not an action id "
                              f"(an int from 0 to {n - 1})")
    return list(value)


def _short(x) -> str:
    text = repr(x)
    return text if len(text) <= 80 else text[:77] + "..."


def _first_difference(want, got, path=""):
    """The first place where ``got`` differs from ``want`` (JSON data): (path, got,
    want), or None. Types count: 3 and 3.0 and "3" differ."""
    if type(want) is not type(got):
        return path or "(state)", got, want
    if isinstance(want, dict):
        for k in want:
            if k not in got:
                return f"{path}.{k}".lstrip("."), "(missing)", want[k]
            found = _first_difference(want[k], got[k], f"{path}.{k}".lstrip("."))
            if found:
                return found
        extra = [k for k in got if k not in want]
        if extra:
            return f"{path}.{extra[0]}".lstrip("."), got[extra[0]], "(no such field)"
        return None
    if isinstance(want, list):
        if len(want) != len(got):
            return path, got, want
        for i, (a, b) in enumerate(zip(want, got)):
            found = _first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if want == got else (path, got, want)


def _shape_problem(sample, value, path):
    """Check ``value`` against the shape of ``sample`` (a fresh game's data): the
    same keys, lists where lists are, and ints, strings and booleans where they
    are (None in the sample admits anything). Returns a message naming the first
    field that breaks it, or None."""
    if sample is None:
        return None
    if isinstance(sample, dict):
        if not isinstance(value, dict):
            return f"field {path} must be a dict, got {type(value).__name__} {_short(value)}"
        for k in sample:
            if k not in value:
                return f"field {path}.{k} is missing"
        for k in value:
            if k not in sample:
                return f"field {path}.{k} is not a field of this title"
        for k in sample:
            problem = _shape_problem(sample[k], value[k], f"{path}.{k}")
            if problem:
                return problem
        return None
    if isinstance(sample, list):
        if not isinstance(value, list):
            return f"field {path} must be a list, got {type(value).__name__} {_short(value)}"
        kinds = [x for x in sample if x is not None]
        if kinds:
            t = type(kinds[0])
            if (t is int or t is str) and all(type(x) is t for x in kinds) and \
                    all(type(v) is t or v is None for v in value):
                return None          # plain values of the sample's one type (the common case)
            for i, v in enumerate(value):
                like = next((x for x in kinds if type(x) is type(v)), kinds[0])
                problem = _shape_problem(like, v, f"{path}[{i}]")
                if problem:
                    return problem
        return None
    if value is None:
        return None
    if isinstance(sample, bool) or isinstance(value, bool):
        ok = type(value) is type(sample)
    elif isinstance(sample, int):
        ok = type(value) is int
    elif isinstance(sample, float):
        ok = type(value) in (int, float)
    else:
        ok = type(value) is type(sample)
    if not ok:
        return (f"field {path} must be {type(sample).__name__}, got {type(value).__name__} "
                f"{_short(value)}")
    return None


_SAMPLES: dict = {}


def _fresh_payload(game, seed) -> dict:
    """A fresh game's saved parts (the shape a staged position is checked against),
    kept for the last few (game, seed): staging many positions of one game builds
    it once. Read only."""
    key = (json.dumps(game.config(), sort_keys=True), seed)
    got = _SAMPLES.get(key)
    if got is None:
        if len(_SAMPLES) >= 16:
            _SAMPLES.clear()
        got = _SAMPLES[key] = game.new_state(seed=seed)._payload()
    return got


def best_seats(keys: list) -> list[int]:
    """The seats whose key (points, then tie-breaks) is the highest: every title's
    rule for who wins, ties shared."""
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]


def as_rng(rng) -> random.Random:
    """Accept a random.Random, an int seed, a numpy Generator or None."""
    if isinstance(rng, random.Random):
        return rng
    if rng is None:
        return random.Random()
    if hasattr(rng, "integers"):  # numpy Generator
        return random.Random(int(rng.integers(0, 2**63 - 1)))
    if not isinstance(rng, (bool, float, str, bytes)) and hasattr(rng, "__index__"):
        return random.Random(operator.index(rng))
    raise OptionError(f"rng must be a random.Random, an int seed, a numpy Generator or None, "
                      f"got {rng!r}"[:200])


def take(items: list, value):
    """Remove the first item equal to ``value`` from ``items`` and return the item
    itself (not ``value``): titles move dealt items with it, so an item keeps who it
    is from the chance point that dealt it to wherever it goes (a rebuild follows it
    there: :mod:`nbgames.core.chance`)."""
    i = items.index(value)
    return items.pop(i)


_PENDING = object()      # a copy's start: its own position, taken when it first moves
_UNKEPT = object()       # a quiet copy moved before its start was taken: no record


class State:
    game = None
    current_player: int | None = None
    FIELDS: dict[str, _fields.Part] = {}
    # Set on an instance only where they differ (few attributes keep instances fast:
    # CPython shares the keys of instance dicts up to 30 attributes).
    _step0 = 0               # decisions made before the start (a determinized copy's)
    _seen_by = _ALL          # whose view the log holds (a determinized copy: its seat)
    _resample_plan: tuple = ()

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "FIELDS" in cls.__dict__:
            cls._copy_into = _fields.make_copier(cls.FIELDS)
            cls._resample_plan = _fields.resample_plan(cls.FIELDS)

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
        s._origin = None           # the starting position of a scenario (None: the seed's)
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

    # -- chance points (see nbgames.core.chance) ---------------------------------
    _outcomes: tuple = ()    # every chance outcome so far, in order (chance_history)
    _forced = None           # a rebuild: the outcomes still to take, instead of drawing
    _tagging = False         # a rebuild that marks each dealt item with its origin

    def _shuffle(self, items: list, rng: random.Random) -> list:
        """A chance point: shuffle ``items`` in place, uniformly, and return it. Its
        outcome (the order, as indices into ``items`` before the shuffle) is recorded
        in :meth:`chance_history`; a rebuild (:func:`nbgames.core.chance.rebuild`)
        takes it from a list instead. ``rng`` is the title's generator for this
        event (``self._rng()``), so a seed deals exactly as before."""
        order = self._chance_point("shuffle", items, len(items), rng)
        items[:] = [items[i] for i in order]
        return items

    def _sample(self, items, k: int, rng: random.Random) -> list:
        """A chance point: ``k`` of ``items`` drawn without replacement, in draw order
        (as ``rng.sample``); recorded like :meth:`_shuffle`."""
        order = self._chance_point("sample", items, k, rng)
        return [items[i] for i in order]

    def _chance_point(self, kind: str, items, k: int, rng) -> tuple:
        n = len(items)
        forced = self._forced
        if forced is not None:
            from .chance import take_outcome
            order = take_outcome(self, kind, items, k)
        elif kind == "shuffle":
            order = list(range(n))
            rng.shuffle(order)              # the same draws as shuffling the items
        else:
            order = rng.sample(range(n), k)  # the same draws as sampling the items
        order = tuple(order)
        if self._tagging:
            from .chance import tag_items
            tag_items(self, items)
        self._outcomes = (*self._outcomes, (kind, n, order))
        return order

    def chance_history(self) -> list[tuple[str, int, tuple[int, ...]]]:
        """Every chance outcome of this position's history, in order, as
        ``(kind, n, order)``: ``kind`` is ``"shuffle"`` (``order`` a permutation of
        ``range(n)``) or ``"sample"`` (``order`` the indices drawn). Together with the
        start and the actions they rebuild the position
        (:func:`nbgames.core.chance.rebuild`); a determinized copy's history starts at
        its own position, so it lists only what came after."""
        return list(self._outcomes)

    _quiet = False           # a search's throwaway copy keeps no log (see quiet())

    def quiet(self) -> State:
        """Make this state a throwaway copy (in place) and return it: it keeps no log
        and no record from here on (:meth:`record` then raises RecordError), so a
        search's rollouts skip the log's text. Use it on clones and
        determinizations, never on a game people play."""
        self._quiet = True
        return self

    def _say(self, text: str, to: int | None = None) -> None:
        """Add a log line, public (to=None) or private to one seat."""
        if not self._quiet:
            self._log.append((to, text))

    # -- the engine's public API for search, solver, review, server and adapters --
    def advance(self, aid: int) -> None:
        """Play an id known to be legal (from :meth:`legal_action_ids` or checked by
        :meth:`is_legal`), without the checks of :meth:`apply`: for searches'
        rollouts and replays of checked records. An illegal id here may leave the
        state broken; use :meth:`apply` for anything a person or a policy chose."""
        if self._origin is _PENDING:
            self._origin = _UNKEPT if self._quiet else self._position()
        self._apply(aid)
        self.history.append(aid)
        self._legal = None

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

    def secret_open(self) -> bool:
        """True while a round of secret simultaneous choices is open."""
        return self._secret is not None

    def secret_choices(self, seat: int) -> list[int]:
        """The secret choices ``seat`` made in the open round (a copy; empty if none
        is open). Engine-side only: an observation never carries another seat's."""
        return list(self._secret[seat]) if self._secret is not None else []

    def resample_secrets(self, seat: int | None, rng: random.Random, weights=None) -> None:
        """Replace, in place, the secret choices of every seat but ``seat`` by as many
        legal choices drawn at random: uniformly, or by ``weights(state, ids)`` (a
        model of the other seats, such as a title's prior), which gets this state
        with the choosing seat to move and its legal ids. Each seat's legal choices
        depend only on what it may see and on its own secret choices (the contract
        of secret rounds), so any draw is a world ``seat`` cannot tell apart."""
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
                    if weights is None:
                        pick = ids[rng.randrange(len(ids))]
                    else:
                        if type(ids) is not list:
                            ids = ids.tolist()
                        pick = rng.choices(ids, weights=weights(self, ids))[0]
                    self._secret[s].append(int(pick))
        finally:
            self.current_player = mover
            self._legal = None

    # -- the contract ---------------------------------------------------------
    @property
    def players(self) -> int:
        return self.game.players

    @property
    def step(self) -> int:
        """Decisions made since the game began (``len(history)``, plus the decisions
        before the start of a determinized copy)."""
        return self._step0 + len(self.history)

    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_action_ids(self) -> list[int] | np.ndarray:
        """Legal ids as a list or numpy array (cheap: no Action objects)."""
        ids = self._legal
        if ids is None:
            ids = self._legal = [] if self.current_player is None else self._legal_ids()
        return ids

    def legal_actions(self) -> ActionList:
        return ActionList(self.game, self.legal_action_ids())

    def is_legal(self, aid: int) -> bool:
        """Whether the id ``aid`` is legal now (cheaper than building the list where
        the title has a direct check). Any int-like id works (a numpy integer
        from ``legal_action_ids()``, say)."""
        return self._is_legal(operator.index(aid))

    def _is_legal(self, aid: int) -> bool:
        ids = self.legal_action_ids()
        return aid in (ids if isinstance(ids, (list, tuple)) else ids.tolist())

    def apply(self, action: Action | int | str) -> State:
        """Play one decision (an Action, id or label). Illegal: IllegalActionError,
        the state unchanged. Returns self, so calls can chain."""
        aid = self.game.resolve(action)
        if self.current_player is None:
            raise GameOverError(f"{self.game.title}: the game is over; "
                                f"{self.game.action_label(aid)!r} cannot be played")
        if not self._is_legal(aid):
            said = (f"{self.game.title}: {self.game.action_label(aid)!r} (id {aid}) is not legal "
                    f"for player {self.current_player} at step {self.step}")
            raise NotLegalError(f"{said}; legal: {choices_text(self.legal_actions().labels)}",
                                seat=self.current_player, public=f"{said}.")
        if self._origin is _PENDING:
            self._origin = self._position()
        self._apply(aid)
        self.history.append(aid)
        self._legal = None
        return self

    def scores(self) -> list:
        return self._scores()

    def winners(self) -> list[int]:
        """The seats that won (ties shared), once the game is over; [] before."""
        return self._winners() if self.current_player is None else []

    def _winners(self) -> list[int]:
        """The seats with the highest score, ties broken by ``_tiebreak``."""
        return best_seats([(x, *self._tiebreak(s)) for s, x in enumerate(self._scores())])

    def _tiebreak(self, seat: int) -> tuple:
        """What decides between seats tied on points, higher first (default: nothing,
        a tie is a shared victory). A title whose rulebook names a tie-break returns
        it here, e.g. ``(money,)``."""
        return ()

    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` may see (None: the spectator), as JSON-able data."""
        seat = check_seat(self.game, seat)
        obs = self._observation(seat)
        clash = CORE_KEYS.intersection(obs)
        if clash:
            raise AssertionError(f"{self.game.title}: the title's observation must not set "
                                 f"the core keys {sorted(clash)}")
        obs.update(title=self.game.title, players=self.players, seat=seat,
                   current_player=self.current_player, step=self.step)
        return obs

    def observation_tensor(self, seat: int | None = None):
        """``observation(seat)`` as a fixed-shape float32 vector (the title's encoder;
        ``game.observation_layout()`` says which slice means what)."""
        from .encoding import encode_observation
        return encode_observation(self.observation(seat), self.game)

    def log_entries(self) -> list[tuple[int | None, str]]:
        """Every log line this state holds as ``(seat or None, text)``: None is a
        public line, a seat a line only that seat may read. Engine-side (tests,
        the leak proofs): what a viewer reads is :meth:`log`."""
        return list(self._log)

    def log(self, seat: int | None = None) -> list[str]:
        """The log lines ``seat`` may read (None: public lines only)."""
        seat = check_seat(self.game, seat)
        return [text for to, text in self._log if to is None or to == seat]

    def clone(self) -> State:
        new = object.__new__(type(self))
        new.game = self.game
        new.seed = self.seed
        new._chance = self._chance
        new.history = self.history.copy()
        new._log = self._log.copy()
        new._legal = self._legal
        new.current_player = self.current_player
        new._secret = None if self._secret is None else [p.copy() for p in self._secret]
        new._origin = self._origin              # set once, never mutated (or still _PENDING)
        if self._outcomes:
            new._outcomes = self._outcomes      # a tuple: shared, never changed in place
        if self._step0:
            new._step0 = self._step0
        if self._seen_by != _ALL:
            new._seen_by = self._seen_by
        self._copy_into(new)
        return new

    def determinize(self, seat: int | None, rng: random.Random | int | None = None) -> State:
        """A state that ``seat`` cannot tell apart from this one, with everything the
        seat cannot see resampled, and no trace of what it could not see.

        The copy shows ``seat`` the same observation, legal actions and step; it is
        a position of its own, consistent with itself: its start is the resampled
        position itself (``record()`` and ``to_dict()`` carry it, and
        ``game.state_from_dict(copy.to_dict())`` accepts it), its history starts
        there, its seed (for every later chance event) is drawn from ``rng``, and its
        log holds only the lines ``seat`` read. The resample depends on what
        ``seat`` sees and on ``rng`` only, keeps the title's rules (its invariants
        hold) and every public event the seat saw. See ARCHITECTURE.md, "Hidden
        information"."""
        seat = check_seat(self.game, seat)
        rng = as_rng(rng)
        new = object.__new__(type(self))
        new.game = self.game
        new.history = []
        new._legal = None
        new.current_player = self.current_player
        new._secret = None if self._secret is None else [p.copy() for p in self._secret]
        new._step0 = self._step0 + len(self.history)
        new._seen_by = seat
        new._log = (self._log.copy() if self._seen_by == seat else
                    [x for x in self._log if x[0] is None or x[0] == seat])
        self._copy_into(new)
        new._resample(seat, rng)
        new.resample_secrets(seat, rng)
        new._legal = None
        new.seed = rng.getrandbits(63)
        new._chance = 0
        new._origin = _PENDING
        return new

    def _resample(self, seat, rng) -> None:
        """Resample, in place, everything ``seat`` cannot see: the declared pools
        re-dealt (:func:`nbgames.core.fields.resample`), then the title's own
        ``_resample_more``."""
        _fields.resample(self, self._resample_plan, seat, rng)
        self._resample_more(seat, rng)

    def _resample_more(self, seat, rng) -> None:
        """The parts declared ``hook=True``, resampled by the title's rules (default:
        nothing). Their places (what the conformance suite moves) come from
        ``FIELDS`` like every other part's."""

    # -- serialization --------------------------------------------------------
    def to_dict(self) -> dict:
        """The full state as JSON-able data (every seat's secrets included)."""
        return {"format": STATE_FORMAT, **self.game.config(), "seed": self.seed,
                "chance": self._chance, "history": list(self.history),
                "log": [[to, text] for to, text in self._log],
                "current_player": self.current_player,
                "secret": None if self._secret is None else [list(p) for p in self._secret],
                "start": self._start_position(), "data": self._payload()}

    def _position(self) -> dict:
        """This position as a scenario start (what a record carries)."""
        pos = {"chance": self._chance, "log": [list(x) for x in self._log],
               "current_player": self.current_player,
               "secret": None if self._secret is None else [list(p) for p in self._secret],
               "data": json.loads(json.dumps(self._payload()))}
        if self._step0 + len(self.history):
            pos["step"] = self._step0 + len(self.history)
        return pos

    def _start_position(self) -> dict | None:
        origin = self._origin
        if origin is _PENDING:
            return self._position()
        if origin is _UNKEPT:
            raise RecordError(f"{self.game.title}: this is a search's throwaway copy (quiet): it "
                              f"kept no start, so it has no record")
        return origin

    @classmethod
    def _from_dict(cls, game, d, scenario: bool = False):
        """A state from :meth:`to_dict`. By default it must be consistent: every
        field has its type and range, and the seed (or the scenario start) and the
        history replay to exactly this data. ``scenario=True`` stages a position
        set up by hand instead (see :meth:`Game.scenario`)."""
        title = game.title
        if not isinstance(d, dict):
            raise RecordError(f"{title}: a state dict is required, got {type(d).__name__}")
        if d.get("format") != STATE_FORMAT:
            raise RecordError(f"{title}: state format {d.get('format')!r} is not {STATE_FORMAT!r}")
        for key in ("title", "players", "options"):
            if d.get(key) != game.config()[key]:
                raise RecordError(f"{title}: state {key}={d.get(key)!r} does not match the game's "
                                  f"{key}={game.config()[key]!r}")
        missing = [k for k in ("seed", "chance", "history", "log", "current_player", "data")
                   if k not in d]
        if missing:
            raise RecordError(f"{title}: the state dict lacks {', '.join(missing)}")
        seed = _field_int(title, "seed", d["seed"], 0, MAX_SEED)
        history = _field_ids(title, "history", d["history"], game.num_actions)
        _field_int(title, "chance", d["chance"], 0, None)
        if scenario:
            return cls._scenario(game, d, seed)
        start = d.get("start")
        if start is None:
            replayed = game.new_state(seed=seed)
        else:
            if not isinstance(start, dict):
                raise RecordError(f"{title}: field start must be None or a scenario position "
                                  f"(a dict), got {type(start).__name__}")
            replayed = cls._scenario(game, {**d, **start, "history": [], "start": None}, seed)
        for i, aid in enumerate(history):
            try:
                replayed.apply(aid)
            except IllegalActionError as e:
                raise RecordError(f"{title}: field history[{i}]={aid} cannot be replayed from the "
                                  f"seed: {e}") from None
        try:
            given = json.dumps(d)
        except (TypeError, ValueError) as e:
            raise RecordError(f"{title}: the state dict is not JSON data: {e}") from None
        want = json.dumps(replayed.to_dict())
        # the same text is the same JSON data, types included (3 and 3.0 print apart);
        # other text (keys in another order, say) is compared field by field
        diff = None if want == given else _first_difference(json.loads(want), json.loads(given))
        if diff is not None:
            path, got, want = diff
            raise RecordError(f"{title}: field {path}={_short(got)} does not match what the seed "
                              f"and history give ({_short(want)}); the state was altered (to "
                              f"stage a position by hand, use game.scenario(d))")
        return replayed

    @classmethod
    def _scenario(cls, game, d, seed):
        """Stage a position set up by hand: checked field by field against the shape
        of a fresh game's data and by the title's invariants; its history starts
        here, and its records carry the position so that replay still works."""
        title = game.title
        data = d["data"]
        problem = _shape_problem(_fresh_payload(game, seed), data, "data")
        if problem:
            raise RecordError(f"{title}: scenario {problem}")
        s = cls._bare(game, seed)
        s._chance = _field_int(title, "chance", d["chance"], 0, None)
        log = d.get("log") or []
        if not isinstance(log, list) or not all(
                isinstance(x, list) and len(x) == 2 and isinstance(x[1], str)
                and (x[0] is None or (type(x[0]) is int and 0 <= x[0] < game.players))
                for x in log):
            raise RecordError(f"{title}: field log must be a list of [seat or None, text]")
        s._log = [(to, text) for to, text in log]
        secret = d.get("secret")
        if secret is not None:
            if not isinstance(secret, list) or len(secret) != game.players:
                raise RecordError(f"{title}: field secret must be None or one list a seat")
            secret = [_field_ids(title, f"secret[{i}]", p, game.num_actions)
                      for i, p in enumerate(secret)]
        s._secret = secret
        try:
            s._load(json.loads(json.dumps(data)))       # a private copy of JSON data
            s.check_invariants()
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AssertionError, AttributeError) as e:
            raise RecordError(f"{title}: scenario data is inconsistent: {type(e).__name__}: "
                              f"{e}") from None
        cp = d.get("current_player")
        if cp != s.current_player:
            raise RecordError(f"{title}: field current_player={cp!r} does not match the data "
                              f"(expected {s.current_player!r})")
        step0 = d.get("step", 0)
        if step0 != 0:
            s._step0 = _field_int(title, "step", step0, 0, None)
        s._origin = s._position()
        return s

    def record(self) -> dict:
        """Config + seed + action ids (+ the starting position of a scenario): enough
        to replay the game exactly."""
        rec = {"format": RECORD_FORMAT, **self.game.config(), "seed": self.seed,
               "actions": list(self.history)}
        start = self._start_position()
        if start is not None:
            rec["start"] = start
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
    def _loaded(self): raise NotImplementedError

    def _copy_into(self, new):
        """Generated from ``FIELDS`` (see ``__init_subclass__``)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")

    def _payload(self) -> dict:
        """The saved parts of ``FIELDS`` as JSON data."""
        return _fields.payload(self, self.FIELDS)

    def _load(self, d: dict) -> None:
        """The saved parts of ``FIELDS`` from JSON data, then the title's ``_loaded``."""
        _fields.load_parts(self, self.FIELDS, d, self.game.title)
        self._loaded()

    def check_invariants(self) -> None: pass
