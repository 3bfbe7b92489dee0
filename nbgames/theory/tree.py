"""The extensive-form game of the rest of a game, built from a live position.

How the tree is made
--------------------
* **Worlds.** What the viewer cannot see (opponents' hands, recipes, the deck
  order, sealed bids) becomes one chance node at the root over *worlds*:
  states the viewer cannot tell from the truth. A title may enumerate them
  exactly with an optional hook on its State, ``consistent_worlds(seat)``
  returning ``[(weight, state), ...]``. Otherwise the core lists them from the
  chance outcomes (:func:`nbgames.core.chance.enumerate_worlds`: every way the
  hidden items may lie, each with its exact chance) where there are at most
  ``ENUMERATE * worlds`` of them; beyond that, and where a title resamples a part
  by its own rules, the builder draws ``worlds`` samples with
  ``state.determinize(viewer, rng)``, merges identical ones (same data; the seed
  of later chance events is then the first sample's) and weights each by how
  often it was drawn (the consistent holdings early in a round are far too many
  to enumerate: two hidden cards and two hidden recipes of one opponent are
  already ~60,000). The label (``tree.worlds``) says which.
  Either way the chance node is **uniform over the holdings consistent with
  the viewer's observation**: an approximation, since the true posterior
  depends on how everyone played before the position (a player who kept a
  card for five hands probably likes it). ``viewer=None`` uses the public
  (spectator's) observation. Chance events inside the subgame (a new deal)
  follow each world's own seed: a sampled world fixes them too.
* **Information sets.** A seat's information at a node is the sequence of its
  observations (``state.observation(seat)``) at every node from the root of
  its world down to that node, plus its own actions along the way. Two nodes
  where a seat moves are in one information set exactly when those sequences
  are equal. So the seat never remembers less than it saw (perfect recall, as
  the sequence-form solvers need), and never knows more than its observations
  told it. An observation that forgets (a title's table-only memory mode) still
  counts what the seat saw at the time: use ``memory="recall"`` for the same
  thing in the game itself.
* **Forced moves.** A decision with one legal action is played through (no
  node), unless ``keep_forced=True``; the observations along it still count.
* **Payoffs** are the final scores (``payoff="scores"``, the default of
  :func:`game_tree`), the *margin* (``payoff="margin"``: a seat's final score
  minus the mean of the others'; zero-sum, the default of
  :func:`~nbgames.theory.solve`) or the share of the win (``payoff="win"``:
  1 for a sole winner, 1/k each for a k-way tie). Whatever is solved,
  ``tree.scores`` keeps the final scores of every terminal, so expected final
  scores can always be reported.
* **Size.** Before building, a Knuth estimate (random probes multiplying the
  branching factors) refuses a tree much larger than ``max_nodes``; while
  building, the count stops at ``max_nodes``. Either way
  :class:`TreeTooLarge` says how large the tree is estimated to be.

The tree itself is plain Python (:class:`GameTree`); ``tree.gambit`` is the
pygambit game (built from the EFG text, ``tree.efg()``), needed only to solve.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from fractions import Fraction

from ..core.chance import enumerate_worlds
from ..core.errors import NbgamesError, OptionError
from ..core.state import as_rng
from ..core.validate import as_int

PAYOFFS = ("margin", "scores", "win")
PAYOFF_MEANING = {
    "margin": "your final score minus the mean of the others' (points)",
    "scores": "your final score (points)",
    "win": "your share of the win (1 = a sole win, 0 = a loss)",
}
"""What a value in each payoff means, for people (the board's Solve panel shows it)."""


class TreeTooLarge(NbgamesError):
    """The game tree of a position would exceed ``max_nodes``. ``.estimate`` is
    the estimated node count, ``.max_nodes`` the limit."""

    def __init__(self, message, estimate=None, max_nodes=None):
        super().__init__(message)
        self.estimate = estimate
        self.max_nodes = max_nodes


def _h(*parts) -> bytes:
    m = hashlib.blake2b(digest_size=16)
    for p in parts:
        m.update(p if isinstance(p, bytes) else str(p).encode())
        m.update(b"\x00")
    return m.digest()


def _obs(state, seat) -> str:
    return json.dumps(state.observation(seat), separators=(",", ":"), sort_keys=True)


def _world_key(state) -> str:
    d = state.to_dict()
    return json.dumps([d["data"], d["secret"], d["current_player"]], sort_keys=True, default=str)


def sample_worlds(states, viewer=None):
    """Merge sampled states into weighted worlds: ``[(Fraction weight, state)]``."""
    found: dict[str, list] = {}
    for s in states:
        k = _world_key(s)
        if k in found:
            found[k][0] += 1
        else:
            found[k] = [1, s]
    n = len(states)
    return [(Fraction(c, n), s) for c, s in found.values()]


ENUMERATE = 4        # enumerate the worlds where there are at most this many times `worlds`


def worlds_of(state, viewer=None, worlds=16, seed=0):
    """The weighted worlds the viewer cannot tell apart (see the module doc)."""
    hook = getattr(state, "consistent_worlds", None)
    if callable(hook):
        pairs = hook(viewer)
        total = sum(Fraction(w) for w, _ in pairs)
        return [(Fraction(w) / total, s) for w, s in pairs], "enumerated"
    worlds = as_int(worlds, "worlds", 1, None)
    every = enumerate_worlds(state, viewer, limit=ENUMERATE * worlds)
    if every is not None:
        if len(every) == 1:
            return [(Fraction(1), state.clone())], "exact"
        return every, f"enumerated ({len(every)} worlds, exact chances)"
    rng = as_rng(seed)
    samples = [state.determinize(viewer, rng) for _ in range(worlds)]
    merged = sample_worlds(samples, viewer)
    if len(merged) == 1:        # nothing hidden that matters: the position itself
        return [(Fraction(1), state.clone())], "exact"
    return merged, f"sampled ({worlds} draws)"


def _payoff(state, payoff):
    if payoff in ("scores", "margin"):
        sc = [float(x) for x in state.scores()]
        if payoff == "scores" or len(sc) < 2:
            return sc
        total = sum(sc)
        return [x - (total - x) / (len(sc) - 1) for x in sc]
    winners = state.winners()
    out = [0.0] * state.players
    for w in winners:
        out[w] = 1.0 / len(winners)
    return out


class GameTree:
    """A game tree in plain Python. Nodes are numbered from 0 (the root):

    ``kind[n]``      "c" (chance), "p" (a seat decides) or "t" (terminal)
    ``children[n]``  child node numbers, in action order
    ``probs[n]``     chance probabilities (Fractions) of a chance node
    ``infoset_of[n]`` the information set of a decision node
    ``payoffs[n]``   the payoff vector of a terminal node (what is solved)
    ``scores[n]``    the final scores at a terminal node (whatever ``payoff``)

    ``infosets[i]`` is a dict: ``seat``, ``actions`` (ids), ``labels``, ``nodes``,
    ``depth`` (the seat's own decisions before it), ``state`` (one member
    state: what a policy is shown there is only its observation).
    ``root_infoset`` is the current player's information set at the position.
    """

    def __init__(self, game, viewer, payoff, worlds_how):
        self.game = game
        self.players = game.players
        self.viewer = viewer
        self.payoff = payoff
        self.worlds = worlds_how
        self.kind: list[str] = []
        self.children: list[list[int]] = []
        self.probs: dict[int, list] = {}
        self.infoset_of: dict[int, int] = {}
        self.payoffs: dict[int, list[float]] = {}
        self.scores: dict[int, list[float]] = {}
        self.infosets: list[dict] = []
        self._index: dict[bytes, int] = {}
        self.root_infoset: int | None = None
        self._gambit = None

    # -- size ---------------------------------------------------------------------
    @property
    def num_nodes(self) -> int:
        return len(self.kind)

    @property
    def num_terminals(self) -> int:
        return len(self.payoffs)

    def __len__(self):
        return len(self.kind)

    def __repr__(self):
        return (f"GameTree({self.game!r}, {self.num_nodes} nodes, {len(self.infosets)} information "
                f"sets, {self.num_terminals} terminals, worlds: {self.worlds})")

    # -- views --------------------------------------------------------------------
    def infosets_of(self, seat: int) -> list[int]:
        return [i for i, info in enumerate(self.infosets) if info["seat"] == seat]

    def efg(self, title: str | None = None) -> str:
        """The tree in Gambit's EFG text format (infoset names ``I<n>``)."""
        title = title or f"nbgames {self.game.title} subgame"
        names = " ".join(f'"Player {s}"' for s in range(self.players))
        lines = [f'EFG 2 R "{_q(title)}" {{ {names} }}', '""', ""]
        outcomes: dict[tuple, int] = {}
        numbers: dict[int, int] = {}            # infoset -> per-player number
        per_player = [0] * self.players
        chance_no = 0
        stack = [0]
        while stack:
            n = stack.pop()
            k = self.kind[n]
            if k == "t":
                pay = tuple(self.payoffs[n])
                o = outcomes.setdefault(pay, len(outcomes) + 1)
                lines.append(f't "" {o} "" {{ {", ".join(_num(x) for x in pay)} }}')
            elif k == "c":
                chance_no += 1
                acts = " ".join(f'"w{j}" {p.numerator}/{p.denominator}'
                                for j, p in enumerate(self.probs[n]))
                lines.append(f'c "" {chance_no} "" {{ {acts} }} 0')
            else:
                i = self.infoset_of[n]
                info = self.infosets[i]
                seat = info["seat"]
                if i not in numbers:
                    per_player[seat] += 1
                    numbers[i] = per_player[seat]
                    acts = " ".join(f'"{_q(lab)}"' for lab in info["action_names"])
                else:
                    acts = " ".join(f'"{_q(lab)}"' for lab in info["action_names"])
                lines.append(f'p "" {seat + 1} {numbers[i]} "I{i}" {{ {acts} }} 0')
            stack.extend(reversed(self.children[n]))
        return "\n".join(lines) + "\n"

    @property
    def gambit(self):
        """The pygambit game (``pip install nbgames[theory]``), read from :meth:`efg`."""
        if self._gambit is None:
            gbt = require_pygambit()
            import io
            self._gambit = gbt.read_efg(io.StringIO(self.efg()))
        return self._gambit

    def gambit_path(self, n: int) -> tuple[str, ...]:
        """The labels of the actions from the root to node ``n`` in :meth:`efg`
        (chance draws are ``w0``, ``w1``, ...): pygambit 17 names a node, and through
        it its information set, by this path (``pygambit.H.path(*labels)``)."""
        if not hasattr(self, "_parent"):
            self._parent = {c: (p, j) for p, kids in enumerate(self.children)
                            for j, c in enumerate(kids)}
        labels = []
        while n in self._parent:
            p, j = self._parent[n]
            labels.append(f"w{j}" if self.kind[p] == "c"
                          else _q(self.infosets[self.infoset_of[p]]["action_names"][j]))
            n = p
        return tuple(reversed(labels))

    def gambit_infoset(self, i: int):
        """Our information set ``i`` as pygambit 17 selects it: ``pygambit.H.path`` to
        its first member node (index a pygambit behaviour profile with it)."""
        gbt = require_pygambit()
        return gbt.H.path(*self.gambit_path(self.infosets[i]["nodes"][0]))


GAMBIT_MIN = (17, 0)
"""pygambit 17 (its ``H.path`` selectors and ``payoffs``; 17.0.0b2 has wheels
where 16.x builds from source). The extras ask for ``pygambit>=17.0.0b2``."""


def require_pygambit():
    """pygambit, or an NbgamesError saying how to install a version that fits."""
    try:
        import pygambit
    except ImportError:
        raise NbgamesError("nbgames.theory needs pygambit 17 or newer to solve with it: pip "
                           "install 'nbgames[theory]' (or pip install 'pygambit>=17.0.0b2'); "
                           "method='highs' solves 2-player zero-sum trees without it") from None
    version = getattr(pygambit, "__version__", "0")
    major_minor = tuple(int(x) for x in re.findall(r"\d+", version)[:2])
    if major_minor < GAMBIT_MIN or not hasattr(pygambit, "H"):
        raise NbgamesError(f"nbgames.theory needs pygambit 17 or newer, found {version}: pip "
                           f"install 'pygambit>=17.0.0b2' (it has wheels; 16.x builds from source "
                           f"and its API differs)")
    return pygambit


def _ascii(text: str) -> str:
    """A label pygambit accepts: printable ASCII, single spaces, no edge spaces."""
    return " ".join(re.sub(r"[^ -~]", "?", str(text)).split()) or "?"


def _q(text: str) -> str:
    return str(text).replace("\\", "/").replace('"', "'")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


# -- size estimate ----------------------------------------------------------------------
def _step(state, keep_forced):
    """Play forced moves through (unless kept); the state is mutated."""
    while not state.is_terminal() and not keep_forced and len(state.legal_action_ids()) == 1:
        state.advance(int(state.legal_action_ids()[0]))
    return state


def estimate_size(worlds, probes=64, seed=0, keep_forced=False) -> float:
    """Knuth's estimate of the node count: random walks, each adding up the
    products of the branching factors along it (unbiased, noisy)."""
    rng = random.Random(seed)
    total = 0.0
    nw = len(worlds)
    for _ in range(probes):
        _, s = worlds[rng.randrange(nw)]
        s = s.clone().quiet()
        _step(s, keep_forced)
        width = float(nw)
        count = 1.0 + (nw if nw > 1 else 0)
        if nw == 1:
            width = 1.0
        while not s.is_terminal():
            ids = s.legal_action_ids()
            width *= len(ids)
            count += width
            s.advance(int(ids[rng.randrange(len(ids))]))
            _step(s, keep_forced)
        total += count
    return total / probes


# -- the builder --------------------------------------------------------------------------
def build(worlds, viewer, *, max_nodes=20000, payoff="scores", keep_forced=False, worlds_how="",
          estimate=True, seed=0, keep_states=False) -> GameTree:
    """The tree over weighted ``worlds`` ([(weight, state)]); see :func:`game_tree`."""
    if payoff not in PAYOFFS:
        raise OptionError(f"payoff must be one of {', '.join(map(repr, PAYOFFS))}, got {payoff!r}")
    max_nodes = as_int(max_nodes, "max_nodes", 1, None)
    worlds = [(w, s.clone().quiet()) for w, s in worlds]
    game = worlds[0][1].game
    if worlds[0][1].is_terminal():
        raise NbgamesError(f"{game.title}: the game is over at step {worlds[0][1].step}; "
                           f"there is no game left to build a tree of")
    guess = None
    if estimate:
        guess = estimate_size(worlds, seed=seed, keep_forced=keep_forced)
        if guess > 4 * max_nodes:
            raise TreeTooLarge(
                f"{game.title}: the game tree from step {worlds[0][1].step} has about "
                f"{guess:,.0f} nodes (Knuth estimate over {len(worlds)} world(s)), more than "
                f"max_nodes={max_nodes:,}; start later in the game or raise max_nodes",
                estimate=guess, max_nodes=max_nodes)
    tree = GameTree(game, viewer, payoff, worlds_how)
    if keep_states:
        tree.states = {}
    players = game.players
    mover0 = worlds[0][1].current_player

    def new(kind):
        if len(tree.kind) >= max_nodes:
            g = guess if guess is not None else estimate_size(worlds, seed=seed, keep_forced=keep_forced)
            raise TreeTooLarge(
                f"{game.title}: the game tree from step {worlds[0][1].step} has more than "
                f"max_nodes={max_nodes:,} nodes (about {max(g, max_nodes + 1):,.0f} by a Knuth "
                f"estimate); start later in the game or raise max_nodes",
                estimate=max(g, max_nodes + 1), max_nodes=max_nodes)
        tree.kind.append(kind)
        tree.children.append([])
        return len(tree.kind) - 1

    def advance(state, trail, depth, aid):
        """Play ``aid`` (and forced moves after it), extending every seat's trail."""
        mover = state.current_player
        child = state.clone().quiet()
        trail = list(trail)
        depth = list(depth)
        trail[mover] = _h(trail[mover], "a", aid)
        depth[mover] += 1
        child.advance(aid)
        while True:
            for s in range(players):
                trail[s] = _h(trail[s], _obs(child, s))
            if child.is_terminal() or keep_forced or len(child.legal_action_ids()) != 1:
                return child, trail, depth
            m = child.current_player
            a = int(child.legal_action_ids()[0])
            trail[m] = _h(trail[m], "a", a)
            child.advance(a)

    def expand(state, trail, depth):
        # iterative DFS: (node index, state, trail, depth)
        root = new("t" if state.is_terminal() else "p")
        stack = [(root, state, trail, depth)]
        while stack:
            n, s, tr, dp = stack.pop()
            if keep_states:
                tree.states[n] = s
            if s.is_terminal():
                tree.kind[n] = "t"
                tree.payoffs[n] = _payoff(s, payoff)
                tree.scores[n] = [float(x) for x in s.scores()]
                continue
            mover = s.current_player
            ids = [int(a) for a in s.legal_action_ids()]
            key = _h(mover, tr[mover])
            i = tree._index.get(key)
            if i is None:
                i = tree._index[key] = len(tree.infosets)
                tree.infosets.append({
                    "seat": mover, "actions": ids,
                    "labels": [game.action_label(a) for a in ids],
                    "action_names": [_ascii(f"{a} {game.action_label(a)}") for a in ids],
                    "nodes": [], "depth": dp[mover], "state": s})
            info = tree.infosets[i]
            if info["actions"] != ids:
                raise NbgamesError(
                    f"{game.title}: two histories seat {mover} cannot tell apart (same "
                    f"observations) have different legal actions at step {s.step}: "
                    f"{info['labels']} and {[game.action_label(a) for a in ids]}")
            info["nodes"].append(n)
            tree.infoset_of[n] = i
            kids = [new("p") for _ in ids]
            tree.children[n] = kids
            for a, c in reversed(list(zip(ids, kids))):
                cs, ctr, cdp = advance(s, tr, dp, a)
                stack.append((c, cs, ctr, cdp))
        return root

    def start(state):
        _step(state, keep_forced)
        trail = [_h(s, _obs(state, s)) for s in range(players)]
        return state, trail, [0] * players

    if len(worlds) == 1:
        expand(*start(worlds[0][1]))
    else:
        root = new("c")
        tree.probs[root] = [w for w, _ in worlds]
        kids = []
        for _, s in worlds:
            kids.append(expand(*start(s)))
        tree.children[root] = kids
    # the current player's information set at the position
    if mover0 is not None:
        first = tree.children[0][0] if tree.kind[0] == "c" else 0
        if tree.kind[first] == "p" and tree.infosets[tree.infoset_of[first]]["seat"] == mover0:
            tree.root_infoset = tree.infoset_of[first]
    return tree


def game_tree(state, viewer=None, max_nodes: int = 20000, *, payoff: str = "scores",
              worlds: int = 16, seed: int = 0, keep_forced: bool = False,
              keep_states: bool = False) -> GameTree:
    """The extensive-form game of the rest of the game from ``state``.

    ``viewer``: the seat whose observation defines the chance node over hidden
    holdings (None: the public observation). ``worlds``: how many holdings to
    sample when the title cannot enumerate them (merged when equal).
    ``payoff``: "scores" (final scores), "margin" (score minus the mean of the
    others', zero-sum) or "win" (share of the win).
    ``keep_states``: keep every node's state in ``tree.states`` (memory!).
    Raises :class:`TreeTooLarge` (with ``.estimate``) past ``max_nodes``.
    ``tree.gambit`` is the pygambit game. See :mod:`nbgames.theory.tree`.
    """
    from ..core.validate import check_seat
    viewer = check_seat(state.game, viewer)
    if state.is_terminal():
        raise NbgamesError(f"{state.game.title}: the game is over at step {state.step}; "
                           f"there is no game left to build a tree of")
    ws, how = worlds_of(state, viewer, worlds, seed)
    return build(ws, viewer, max_nodes=max_nodes, payoff=payoff, keep_forced=keep_forced,
                 worlds_how=how, seed=seed, keep_states=keep_states)
