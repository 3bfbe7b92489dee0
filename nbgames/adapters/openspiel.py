"""Every title as an OpenSpiel game: ``register()`` then
``pyspiel.load_game("nbgames_<title>")``.

>>> import nbgames, pyspiel
>>> from nbgames.adapters import openspiel
>>> names = openspiel.register()                            # the names it registered
>>> game = pyspiel.load_game("nbgames_" + nbgames.games()[0], {"players": 3})
>>> game.num_players()
3

Written like OpenSpiel's own Python games (``kuhn_poker.py``): the game facts as
data (a ``GameType`` and a ``GameInfo`` per game configuration), a state class,
an observer object, and registration with ``pyspiel.register_game``.

Game type
  Sequential (secret simultaneous choices are taken in seat order, hidden from
  the others, as in the engine), imperfect information, terminal rewards,
  zero-sum returns (see below), explicit stochastic chance.

Chance: how the seed-driven deals map onto OpenSpiel
  An nbgames game draws all its randomness from its seed (``State._rng()``
  derives every shuffle and refill from the seed and a counter). So the whole of
  chance is one draw at the start: the game opens with ``SEED_BYTES`` (4)
  explicit chance nodes, each choosing one byte (256 equally likely outcomes),
  and those bytes, big-endian, are the seed of ``game.new_state(seed=...)``. The
  players never see the seed; every later deal is a function of it, so the
  OpenSpiel tree is a valid extensive form with nature moving first. There are
  ``256 ** 4`` (about 4.3 billion) deals, a subset of the engine's ``2 ** 63``
  seeds: the same bytes give the same game as ``new_state(seed)`` with that seed.

Parameters
  ``players`` and every option of the title whose default is a bool, an int, a
  float or a string (``help(nbgames.games.<title>)`` lists them). Options that
  take None, a path or a parsed file (``components``, a team layout) keep
  their defaults: OpenSpiel parameters cannot hold them.

Strings and tensors
  ``observation_string(p)`` is the seat's observation (``state.observation(p)``)
  as sorted JSON; ``observation_tensor(p)`` its tensor (the title's encoder,
  ``game.observation_layout()``). ``information_state_string(p)`` adds perfect
  recall: a SHA-1 chain over every observation the seat saw after each decision
  and every action it took itself, plus its current observation. Two states
  have the same information state string iff (up to SHA-1 collisions) the seat
  saw and did the same things.

Resampling
  ``resample_from_infostate(p, sampler)`` returns ``state.determinize(p, rng)``
  (with a generator seeded from ``sampler()``): a state with the same current
  observation and legal actions, and with ``p``'s information state string
  carried over. Where an option makes the observation a perfect memory
  (a title's ``memory="recall"`` or ``screens=False``, see its doc page) the sample is
  consistent with everything ``p`` saw; in the table modes it is consistent
  with what the table shows now, which is what those modes mean (a seat that
  forgot is sampled as forgetting).

Returns
  Zero-sum, from the winners: with ``n`` players and ``w < n`` winners, a winner
  gets ``(n - w) / (w * (n - 1))`` and a loser ``-1 / (n - 1)``; all 0 when
  everyone wins. A sole winner gets 1; a two-player game is +1 / -1.

Requires ``open-spiel`` (``pip install "nbgames[openspiel]"``).
"""

from __future__ import annotations

import hashlib
import json
import random

import numpy as np

from ..core.errors import OptionError
from ..core.registry import game_class, games, load

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("nbgames.adapters.openspiel needs open-spiel: "
                      "pip install \"nbgames[openspiel]\"") from e

SEED_BYTES = 4
PREFIX = "nbgames_"
MAX_GAME_LENGTH = 20_000     # decisions; the conformance suite's bound on a game's length


def _params_of(title: str) -> dict:
    cls = game_class(title)
    params = {"players": cls.min_players}
    for name, opt in cls.options_spec.items():
        if isinstance(opt.default, (bool, int, float, str)):
            params[name] = opt.default
    return params


def game_type(title: str) -> pyspiel.GameType:
    cls = game_class(title)
    return pyspiel.GameType(
        short_name=PREFIX + title,
        long_name=f"nbgames {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_params_of(title))


def _returns(n: int, winners: list[int]) -> list[float]:
    if not winners:
        return [0.0] * n
    w = len(winners)
    win, lose = (n - w) / (w * (n - 1)), -1.0 / (n - 1)     # exact: a sole winner gets 1.0
    return [(win if s in winners else lose) if w < n else 0.0 for s in range(n)]


class _Box:
    """Holds the engine's game and state; OpenSpiel's clone deep-copies a state's
    attributes, and this copies the engine state with its own fast clone."""

    __slots__ = ("game", "state")

    def __init__(self, game, state):
        self.game = game
        self.state = state

    def __deepcopy__(self, memo):
        return _Box(self.game, None if self.state is None else self.state.clone())


class NbgamesGame(pyspiel.Game):
    """One title at one configuration, as a pyspiel.Game (one subclass a title,
    made by :func:`register`, sets ``TITLE``)."""

    TITLE = ""

    def __init__(self, params=None):
        title = self.TITLE
        params = dict(params or {})
        spec = _params_of(title)
        unknown = [k for k in params if k not in spec]
        if unknown:
            raise OptionError(f"{PREFIX}{title}: unknown parameter {unknown[0]!r}; parameters: "
                              f"{', '.join(spec)}")
        options = {k: params.get(k, v) for k, v in spec.items() if k != "players"}
        self.nb = load(title, params.get("players", spec["players"]), **options)
        n = self.nb.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.nb.num_actions,
            max_chance_outcomes=256,
            num_players=n,
            min_utility=-1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH + SEED_BYTES)
        super().__init__(game_type(title), info, {**spec, **params})

    def new_initial_state(self):
        return NbgamesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return NbgamesObserver(self.nb, recall, params)


class NbgamesState(pyspiel.State):
    """A pyspiel.State around an nbgames State (None during the chance nodes)."""

    def __init__(self, game: NbgamesGame):
        super().__init__(game)
        self._box = _Box(game.nb, None)
        self._bytes: list[int] = []
        self._chain = [""] * game.nb.players     # per seat: the perfect-recall digest
        # the chain is extended lazily (a rollout never asks for it): the state
        # where it was last brought up to date, and the (mover, id) played since
        self._base = _Box(game.nb, None)
        self._pending: list[tuple[int, int]] = []

    @property
    def nb_state(self):
        """The engine state (None before the seed is drawn)."""
        return self._box.state

    # -- the OpenSpiel API -------------------------------------------------------
    def current_player(self):
        s = self._box.state
        if s is None:
            return pyspiel.PlayerId.CHANCE
        if s.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return s.current_player

    def _legal_actions(self, player):
        s = self._box.state
        if s is None or s.is_terminal() or player != s.current_player:
            return []
        return sorted(int(a) for a in s.legal_action_ids())

    def chance_outcomes(self):
        assert self._box.state is None
        return [(b, 1.0 / 256) for b in range(256)]

    def _apply_action(self, action):
        s = self._box.state
        if s is None:
            self._bytes.append(int(action))
            if len(self._bytes) == SEED_BYTES:
                seed = int.from_bytes(bytes(self._bytes), "big")
                self._box.state = self._box.game.new_state(seed=seed)
                self._remember(None)
            return
        if not self._pending:
            self._base.state = s.clone()
        self._pending.append((s.current_player, int(action)))
        s.apply(int(action))

    def _remember(self, moved):
        """Extend every seat's chain with what it sees now (and the mover's action)."""
        self._extend(self._box.state, moved)

    def _extend(self, s, moved):
        for seat in range(s.players):
            text = _obs_text(s, seat)
            if moved is not None and moved[0] == seat:
                text = f"a{moved[1]}|" + text
            self._chain[seat] = hashlib.sha1((self._chain[seat] + text).encode()).hexdigest()

    def recall_digest(self, seat: int) -> str:
        """The seat's perfect-recall digest, brought up to date."""
        if self._pending:
            s = self._base.state
            for mover, aid in self._pending:
                s.apply(aid)
                self._extend(s, (mover, aid))
            self._pending = []
            self._base.state = None
        return self._chain[seat]

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return self._box.game.action_label(int(action))

    def is_terminal(self):
        s = self._box.state
        return s is not None and s.is_terminal()

    def returns(self):
        s = self._box.state
        if s is None or not s.is_terminal():
            return [0.0] * self._box.game.players
        return _returns(self._box.game.players, s.winners())

    def resample_from_infostate(self, player_id, probability_sampler):
        s = self._box.state
        if s is not None:
            self.recall_digest(player_id)
        new = self.clone()
        if s is not None:
            rng = random.Random(int(probability_sampler() * 2**53))
            new._box.state = s.determinize(player_id, rng)
        return new

    def __str__(self):
        s = self._box.state
        if s is None:
            return f"dealing: seed bytes {self._bytes}"
        return s.render(None)


def _obs_text(state, seat) -> str:
    return json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"))


class NbgamesObserver:
    """OpenSpiel's PyObserver: the seat's observation as a string and a tensor;
    with perfect recall, the string is the information state."""

    def __init__(self, game, recall: bool, params):
        if params:
            raise OptionError(f"observation parameters are not supported; got {params}")
        self.game = game
        self.recall = recall
        layout = game.observation_layout()
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {s.name: self.tensor[s.start:s.stop] for s in layout}

    def set_from(self, state, player):
        s = state.nb_state
        if s is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = s.observation_tensor(player)

    def string_from(self, state, player):
        s = state.nb_state
        if s is None:
            return f"p{player} dealing"
        text = _obs_text(s, player)
        if self.recall:
            return f"p{player} recall {state.recall_digest(player)} {text}"
        return text


def register() -> list[str]:
    """Register every title as ``nbgames_<title>`` (idempotent); returns the names."""
    names = []
    known = set(pyspiel.registered_names())
    for title in games():
        name = PREFIX + title
        if name not in known:
            # a class, not a closure: pyspiel keeps the factory until the
            # interpreter exits, and a closure there aborts the exit
            cls = type(f"NbgamesGame_{title}", (NbgamesGame,), {"TITLE": title})
            pyspiel.register_game(game_type(title), cls)
        names.append(name)
    return names
