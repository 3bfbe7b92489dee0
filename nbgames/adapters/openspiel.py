"""Every title as an OpenSpiel game: ``register()`` then
``pyspiel.load_game("nbgames_<title>")``.

>>> import nbgames, pyspiel
>>> from nbgames.adapters import openspiel
>>> names = openspiel.register()                            # the names it registered
>>> game = pyspiel.load_game("nbgames_" + nbgames.games()[0], {"players": 3})
>>> game.num_players()
3
>>> game.new_initial_state().is_chance_node()              # a new game starts with the deal
True

Written like OpenSpiel's own Python games (``kuhn_poker.py``): the game facts as
data (a ``GameType`` and a ``GameInfo`` per game configuration), a state class,
an observer object, and registration with ``pyspiel.register_game``.

Game type
  Sequential (secret simultaneous choices are taken in seat order, hidden from
  the others, as in the engine), imperfect information, terminal rewards,
  zero-sum returns (see below), explicit stochastic chance.

Chance: the engine's chance points as chance nodes
  Every random event of a title is a *chance point* of the engine (a deck
  shuffled, ``k`` items drawn; see ARCHITECTURE.md, "Chance points"). Here each
  one is dealt **item by item**: one chance node per item, whose outcomes are the
  distinct items still in the deck, each with its share of the cards left
  (``nbgames.core.chance.draw_outcomes``). A chance action is the *index* of the
  dealt item in the list the chance point deals from (the lowest free index of
  its value: items of equal value are one outcome), so chance actions never mix
  with the players' action ids, and ``max_chance_outcomes()`` is the largest
  number of items a chance point deals from (the new game's deal; a later chance
  point dealing from more raises an error). Where the items left are all alike
  (the last card of a shuffle) the rest is dealt without a node. A new game
  starts with its deal as chance nodes; a decision that reaches a chance point
  (a refill, a reshuffle, the next round's deal) is followed by its chance nodes,
  and the decision takes effect once they are all dealt
  (``nbgames.core.chance.advance_with``). The engine's seed is fixed (0) and
  never draws anything: every random event is in the OpenSpiel history, so
  OpenSpiel's algorithms (CFR, MCCFR, exploitability, chance sampling) see the
  game's real chance. :func:`from_engine` replays an engine game (any seed) as
  OpenSpiel actions.

Parameters
  ``players``, every option of the title whose default is a bool, an int, a
  float or a string (``help(nbgames.games.<title>)`` lists them), and
  ``components``: the path of a corrected component file (``""``, the default:
  the bundled one). Options that take a parsed file or None (a team layout)
  keep their defaults: OpenSpiel parameters cannot hold them.

Strings and tensors
  ``observation_string(p)`` is the seat's observation (``state.observation(p)``)
  as sorted JSON; ``observation_tensor(p)`` its tensor (the title's encoder,
  ``game.observation_layout()``). ``information_state_string(p)`` adds perfect
  recall: a SHA-1 chain over every observation the seat saw after each decision
  (and after the opening deal) and every action it took itself, plus its current
  observation. Two states have the same information state string iff (up to
  SHA-1 collisions) the seat saw and did the same things. At a chance node the
  strings (ending in ``dealing``) and the tensor are those of the position before
  the pending decision (``"p<seat> dealing"`` and all zeros before the opening
  deal is complete).

Resampling
  ``resample_from_infostate(p, sampler)`` returns ``state.determinize(p, rng)``
  (with a generator seeded from ``sampler()``): a state with the same current
  observation and legal actions, and with ``p``'s information state string
  carried over (the other seats' digests there are derived from ``p``'s own,
  never from their true past). Where an option makes the observation a perfect memory
  (a title's ``memory="recall"`` or ``screens=False``, see its doc page) the sample is
  consistent with everything ``p`` saw; in the table modes it is consistent
  with what the table shows now, which is what those modes mean (a seat that
  forgot is sampled as forgetting). Decision nodes only.

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

from ..core.chance import ChanceNeeded, advance_with, draw_outcomes
from ..core.errors import OptionError
from ..core.registry import game_class, games, load

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("nbgames.adapters.openspiel needs open-spiel: "
                      "pip install \"nbgames[openspiel]\"") from e

PREFIX = "nbgames_"
MAX_GAME_LENGTH = 20_000     # decisions; the conformance suite's bound on a game's length
COMPONENTS = "components"    # the option every title has (core.game.components_option)
SEED = 0                     # the engine seed of every state here (it draws nothing)


def _params_of(title: str) -> dict:
    cls = game_class(title)
    params = {"players": cls.min_players}
    for name, opt in cls.options_spec.items():
        if isinstance(opt.default, (bool, int, float, str)):
            params[name] = opt.default
        elif name == COMPONENTS:
            params[name] = ""            # the bundled file; else a path
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


# -- values OpenSpiel's clones share ---------------------------------------------------
class _Kept:
    """A value never changed once made (a change makes a new one): OpenSpiel clones a
    Python state by deep-copying its attributes, and these are shared as they are.
    Engine states are kept so too: every decision makes a new one (``advance_with``
    plays on a copy)."""

    __slots__ = ()

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self


class _Facts(_Kept):
    """One configuration's engine game, the state new games start from (seed
    ``SEED``), the largest chance point and the opening deal (see ``_opening``)."""

    __slots__ = ("nb", "template", "most", "start", "first")

    def __init__(self, nb):
        self.nb = nb
        self.template = nb.new_state(seed=SEED)
        self.most = _opening(self.template)
        try:
            self.start, self.first = advance_with(self.template, None, []), None
        except ChanceNeeded as e:
            self.start, self.first = _settle(self, None, _Deal.at(None, None, (), e, self))


class _Held(_Kept):
    """The engine state after the last decision (None before the opening deal)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state


class _Deal(_Kept):
    """A decision waiting on its chance points (``aid`` None: a new game's opening
    deal): the outcomes of the points dealt so far, and the point being dealt
    (``kind``, ``items``, ``k`` drawn) with the indices ``taken`` so far."""

    __slots__ = ("aid", "mover", "outcomes", "kind", "items", "k", "taken")

    def __init__(self, aid, mover, outcomes, kind, items, k, taken):
        self.aid, self.mover, self.outcomes = aid, mover, outcomes
        self.kind, self.items, self.k, self.taken = kind, items, k, taken

    @classmethod
    def at(cls, aid, mover, outcomes, e: ChanceNeeded, facts) -> _Deal:
        if len(e.items) > facts.most:
            raise ValueError(f"{facts.nb.title}: chance point {e.index} deals from "
                             f"{len(e.items)} items, more than the {facts.most} of the opening "
                             f"deal (max_chance_outcomes)")
        return cls(aid, mover, outcomes, e.kind, tuple(e.items), e.k, ())

    def outcomes_now(self) -> list[tuple[int, float]]:
        return sorted(draw_outcomes(self.items, self.taken))


def _opening(template) -> int:
    """The most items a chance point of a new game's deal deals from (each point
    dealt in its listed order): ``max_chance_outcomes``."""
    outcomes, most = [], 1
    while True:
        try:
            advance_with(template, None, outcomes)
            return most
        except ChanceNeeded as e:
            most = max(most, len(e.items))
            outcomes.append((e.kind, len(e.items), tuple(range(e.k))))


def _settle(facts, before, deal: _Deal):
    """Deal what is forced (the items left all alike) and, once a chance point is
    complete, carry the decision on to its next point: ``(state, deal)``, with
    ``deal`` None when the decision took effect (``state`` the new position), else
    the deal waiting at a chance node (``state`` is ``before``)."""
    while True:
        taken = list(deal.taken)
        while len(taken) < deal.k:
            outcomes = draw_outcomes(deal.items, taken)
            if len(outcomes) > 1:
                if len(taken) > len(deal.taken):
                    deal = _Deal(deal.aid, deal.mover, deal.outcomes, deal.kind, deal.items,
                                 deal.k, tuple(taken))
                return before, deal
            taken.append(outcomes[0][0])
        done = (*deal.outcomes, (deal.kind, len(deal.items), tuple(taken)))
        try:
            return advance_with(facts.template if before is None else before, deal.aid,
                                list(done)), None
        except ChanceNeeded as e:
            deal = _Deal.at(deal.aid, deal.mover, done, e, facts)


class _Recall(_Kept):
    """Every seat's perfect-recall digest after one step (a decision that took
    effect, or the opening deal), worked out lazily (a rollout never asks for it):
    the step is ``(mover, aid)`` (``(None, None)`` for the opening deal) played
    from ``parent``'s position into ``state``. Once asked, ``chain`` (the digests)
    and ``texts`` (every seat's observation of ``state`` as JSON) are filled in and
    the parent is let go; every clone sharing the node shares the work."""

    __slots__ = ("parent", "step", "state", "chain", "texts")

    def __init__(self, parent, step, state, chain=None, texts=None):
        self.parent, self.step, self.state, self.chain, self.texts = \
            parent, step, state, chain, texts

    @classmethod
    def root(cls, players: int) -> _Recall:
        return cls(None, None, None, ("",) * players, ())

    def add(self, mover, aid, state) -> _Recall:
        return _Recall(self, (mover, aid), state)

    def digests(self) -> tuple:
        if self.chain is None:
            path, node = [], self
            while node.chain is None:
                path.append(node)
                node = node.parent
            chain = node.chain
            for node in reversed(path):
                (mover, aid), texts = node.step, _texts(node.state, len(chain))
                chain = tuple(
                    hashlib.sha1((c + (f"a{aid}|" if mover == seat else "") + t).encode())
                    .hexdigest() for seat, (c, t) in enumerate(zip(chain, texts)))
                node.chain, node.texts, node.parent = chain, texts, None
        return self.chain

    def __reduce__(self):           # pickled folded: no chain of parents to recurse through
        return (_Recall, (None, None, self.state, self.digests(), self.texts))


def _texts(state, players: int) -> tuple:
    return tuple(_obs_text(state, seat) for seat in range(players))


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
        if options.get(COMPONENTS) == "":
            options[COMPONENTS] = None
        self.nb = load(title, params.get("players", spec["players"]), **options)
        self.facts = _Facts(self.nb)
        n = self.nb.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.nb.num_actions,
            max_chance_outcomes=self.facts.most,
            num_players=n,
            min_utility=-1.0 / (n - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type(title), info, {**spec, **params})

    def new_initial_state(self):
        return NbgamesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return NbgamesObserver(self.nb, recall, params)


class NbgamesState(pyspiel.State):
    """A pyspiel.State around an nbgames State: the position after the last
    decision, and the chance points that the pending decision (or the opening
    deal) is waiting on."""

    def __init__(self, game: NbgamesGame):
        super().__init__(game)
        facts = self._facts = game.facts
        self._held = _Held(facts.start)
        self._deal = facts.first
        self._recall = _Recall.root(facts.nb.players)
        if facts.first is None:
            self._recall = self._recall.add(None, None, facts.start)

    @property
    def nb_state(self):
        """The engine state after the last decision (None during the opening deal).
        Clones share it: read it, or clone it before changing it."""
        return self._held.state

    def chance_point(self) -> dict | None:
        """The chance point being dealt, or None at a decision or the end:
        ``kind`` ("shuffle" or "sample"), ``items`` (the values dealt from; a chance
        action is an index into it), ``k`` (how many are drawn), ``taken`` (the
        indices dealt so far), ``decision`` (the action id it follows; None: the
        opening deal) and ``index`` (its place in the engine's
        ``chance_history()`` once dealt)."""
        d = self._deal
        if d is None:
            return None
        held = self._held.state
        return {"kind": d.kind, "items": list(d.items), "k": d.k, "taken": list(d.taken),
                "decision": d.aid,
                "index": len(d.outcomes) + (0 if held is None else len(held.chance_history()))}

    # -- the OpenSpiel API -------------------------------------------------------
    def current_player(self):
        if self._deal is not None:
            return pyspiel.PlayerId.CHANCE
        s = self._held.state
        if s.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return s.current_player

    def _legal_actions(self, player):
        if self._deal is not None:
            return [a for a, _ in self._deal.outcomes_now()] if player < 0 else []
        s = self._held.state
        if s.is_terminal() or player != s.current_player:
            return []
        return sorted(int(a) for a in s.legal_action_ids())

    def chance_outcomes(self):
        assert self._deal is not None, "chance_outcomes at a decision node"
        return self._deal.outcomes_now()

    def _apply_action(self, action):
        action = int(action)
        facts = self._facts
        before = self._held.state
        d = self._deal
        if d is not None:
            free = [a for a, _ in d.outcomes_now()]
            if action not in free:
                raise ValueError(f"{facts.nb.title}: chance action {action} is not an outcome "
                                 f"of this chance node; outcomes: {free}")
            mover, aid = d.mover, d.aid
            d = _Deal(aid, mover, d.outcomes, d.kind, d.items, d.k, (*d.taken, action))
            after, d = _settle(facts, before, d)
        else:
            mover, aid = before.current_player, action
            try:
                after = advance_with(before, aid, [])
            except ChanceNeeded as e:
                after, d = _settle(facts, before, _Deal.at(aid, mover, (), e, facts))
        self._deal = d
        if d is None:                       # the decision (or the opening deal) took effect
            self._held = _Held(after)
            self._recall = self._recall.add(mover, aid, after)

    def recall_digest(self, seat: int) -> str:
        """The seat's perfect-recall digest: a SHA-1 chain over what it saw and did."""
        return self._recall.digests()[seat]

    def obs_text(self, seat: int) -> str:
        """The seat's observation of ``nb_state`` as sorted JSON."""
        r = self._recall
        if r.state is self._held.state and r.texts:       # worked out with the digest
            return r.texts[seat]
        return _obs_text(self._held.state, seat)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            d = self._deal
            if d is not None and 0 <= action < len(d.items):
                return f"deal item {action} ({d.kind} point, value {d.items[action]})"
            return f"deal item {action}"
        return self._facts.nb.action_label(int(action))

    def is_terminal(self):
        return self._deal is None and self._held.state.is_terminal()

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self._facts.nb.players
        return _returns(self._facts.nb.players, self._held.state.winners())

    def resample_from_infostate(self, player_id, probability_sampler):
        if self._deal is not None:
            raise ValueError("resample_from_infostate at a chance node: resample at a decision")
        rng = random.Random(int(probability_sampler() * 2**53))
        world = self._held.state.determinize(player_id, rng)
        # the seat keeps its own past; the others' digests are what it knows of them
        # (its own digest), never their true past
        mine = self.recall_digest(player_id)
        chain = tuple(mine if q == player_id else
                      hashlib.sha1(f"p{q} in a world of p{player_id} {mine}".encode()).hexdigest()
                      for q in range(self._facts.nb.players))
        new = self.clone()
        new._held = _Held(world)
        new._recall = _Recall(None, None, world, chain)
        return new

    def __str__(self):
        d = self._deal
        s = self._held.state
        if d is None:
            return s.render(None)
        after = "the opening" if d.aid is None else self._facts.nb.action_label(d.aid)
        dealing = (f"dealing after {after}: chance point {len(d.outcomes)}, a {d.kind} of "
                   f"{len(d.items)} items, dealt so far {list(d.taken)} of {d.k}")
        return dealing if s is None else f"{s.render(None)}\n{dealing}"


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
        if self.recall:
            digest = state.recall_digest(player)
            text = f"p{player} recall {digest} {state.obs_text(player)}"
        else:
            text = state.obs_text(player)
        return text if state.chance_point() is None else text + " dealing"


def from_engine(game: NbgamesGame, engine_state) -> NbgamesState:
    """The OpenSpiel state of an engine game played from its seed's start: the
    opening deal and every later chance point dealt as the engine dealt them (each
    item by item, the chance action of the item's value), the decisions as played.
    The result holds the same position (``nb_state``'s data equal the engine
    state's), with the seed ``SEED``. Raises ValueError for a position that
    does not start at its seed's start (a scenario or a determinized copy)."""
    if engine_state.game != game.nb:
        raise ValueError(f"from_engine: the engine state is a game of {engine_state.game.config()}, "
                         f"the OpenSpiel game is {game.nb.config()}")
    if engine_state.to_dict()["start"] is not None:
        raise ValueError("from_engine: the position does not start at its seed's start (a "
                         "scenario or a determinized copy); its chance cannot be replayed")
    points = engine_state.chance_history()
    moves = list(engine_state.history)
    state = game.new_initial_state()
    while state.is_chance_node() or moves:
        if state.is_chance_node():
            point = state.chance_point()
            items = point["items"]
            want = items[points[point["index"]][2][len(point["taken"])]]
            state.apply_action(next(a for a, _ in state.chance_outcomes() if items[a] == want))
        else:
            state.apply_action(int(moves.pop(0)))
    return state


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
