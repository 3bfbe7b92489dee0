"""Information-set Monte Carlo tree search (single-observer ISMCTS), for every
title with no title-specific search code.

Each iteration samples one determinization of the deciding seat's information
set (``infoset.sample``: everything the seat cannot see resampled), walks the
tree down over the actions legal in that determinization, expands one edge,
plays on for at most ``depth`` decisions (each drawn from the title's prior, or
uniformly for a title without one; a rollout also stops at a decision of more
than ``widen`` moves) and scores the position reached: each seat's share of the
win when the game is over, else the title's evaluation (see below). Each seat's
result is backed up into the edges of the seat that chose them.

**The tree.** A node is the sequence of decisions taken since the root (forced
moves skipped, except at the root: an analysis of a seat with one legal move
still searches what it is worth), an *open-loop* tree: it never looks at what a determinization
hides, so it cannot use what the seat could not know, and finding a node costs
one dict lookup per decision instead of serialising an observation. Every edge
counts how often it was *available* (legal in the determinization at hand), and
exploration uses that count, as ISMCTS requires.

**Selection.** With a prior (below), PUCT: ``Q + c * P * sqrt(available) /
(1 + visits)``, unvisited edges valued at the node's mean (first-play urgency);
without one, UCB1 on availability with the unvisited edges tried first. Where a
decision has more than ``widen`` legal actions (placements on a grid, say) the
node admits only ``isqrt(visits) + 2`` of them, the most likely first (by prior;
at random without one): progressive widening, so a few hundred iterations are
not spread over a thousand moves.

**What a title may give** (its :class:`~nbgames.core.spec.TitleSpec`, never
search code): ``prior(state, ids) -> weights``, the likelihood of each legal
action for the seat to move, from that seat's view (the title's heuristic bot
made soft), and ``evaluate(state) -> values``, each seat's expected share of
the win in [0, 1] for a position reached in the search, from the score margin
the title sees coming. Without them the search uses uniform priors (UCB1) and
a logistic of the score margin from ``state.scores()``.

**Anchor.** At the root, ``anchor`` (default 0.25, ``ANCHOR``) of the prior goes
to the move the title's heuristic bot (``nbgames.bots.greedy``) makes from the
seat's own observation; the rest is the title's prior. The search then starts
from the heuristic's move and leaves it where its visits say another move is
better: a truncated search whose evaluation cannot see a move's long-term worth
(a planting that pays off only in later harvests, say) no longer plays at
random there. A larger anchor follows the heuristic further, also where its move
loses: ``tests/test_search.py`` stages such positions, and at 0.5 the search kept
the heuristic's losing move in one of them in 2 of 5 seeds (300 iterations), at
0.25 in none. ``bench/search.py`` measures the strength. ``anchor=0`` turns it
off (the review's own search does: a judge leaning to the bot it reviews would
favour it).

**Reward.** ``reward="win"`` (default) backs up the win share at the end of a
game; ``reward="margin"`` backs up the title's evaluation there too, so a search
in a lost (or won) position still prefers the smaller loss (the bigger win).

**Budget and reproducibility.** The default budget is a time: ``seconds=1.0`` a
decision (``DEFAULT_SECONDS``). With ``iterations=N`` instead the search is
exactly reproducible: the same observation and seed give the same move, called
directly, wrapped in a function or in a tournament (each decision draws its own
generator from the seed and the observation's seat and step; no global state).
A time budget repeats only as far as the machine's speed does.

**Not in it, and why.** Tree reuse between decisions: a policy is shown the
observation only, not the other seats' moves since its last decision, so it
cannot find the new root in the old tree title-agnostically.

**Worlds.** ``worlds="weighted"`` asks the information set for up to
``WORLD_COUNT`` worlds, each with a history rebuilt from the chance outcomes (or
the stretch of play a seat remembers, replayed from the world's own holdings) and
weighted by the likelihood of the other seats' decisions since the last chance
point (or in that stretch) under the title's prior, its weights raised to the
title's declared ``sharpen`` (:func:`nbgames.core.chance.worlds`); drawing them
takes at most ``WORLD_SHARE`` of a time budget, which the search then does not
have. Where no world has a history (a title whose hidden parts are not dealt
items in that mode, such as a table memory that forgets) it searches uniform
worlds and ``infoset.pool.note`` says so. The default, ``"auto"``, weighs
worlds only where the title declares that it helps (its spec's
``extra["worlds"]``: the options measured there and the player counts; see
:class:`nbgames.core.chance.Worlds`) and the search has a time budget (as
measured: the pool takes its share of the time; with ``iterations`` alone it
would cost more than a small search, so such a search stays uniform), and
searches uniform worlds elsewhere; ``"uniform"`` never weighs them.
``last_search["worlds"]`` says which worlds the last search used. The search keeps
each seat's pool (``kept_worlds``) and the core carries it on at the seat's next
decision where nothing was dealt since (the worlds played on with the public
actions since, re-weighed by the others' new decisions), which costs a few steps
a world instead of a rebuilt past.

Measured with ``bench/search.py --worlds`` (weighted against uniform, same search,
same time, duplicate deals); the declaring title's spec gives its figures. What
they taught: the title's prior as it is weighs too gently (a search plays the
prior's favourite move far more often than the prior's softmax says), a sharper
one helps, and a likelihood that is too sharp leaves a few effective worlds of
``WORLD_COUNT`` and helps no more.

**Root parallelism.** ``workers=N`` runs N independent searches in processes and sums their root
statistics (useful on an idle machine; a tournament that already fills the cores
gains nothing from it).

>>> import nbgames
>>> bot = nbgames.bots.ismcts(iterations=200, seed=1)
>>> rec = nbgames.play(nbgames.load(nbgames.games()[0]), [bot, "random"], seed=3)
>>> len(rec["winners"]) >= 1
True
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect
from itertools import accumulate

from ..core.chance import Worlds
from ..core.decisions import decision_rng
from ..core.errors import OptionError, PolicyError
from ..core.spec import margin_values
from ..core.validate import as_int
from .adapter import as_policy, policy_name
from .basic import GreedyPolicy

DEFAULT_SECONDS = 1.0
"""The default thinking time of ``nbgames.bots.ismcts()`` a decision, in seconds."""

ANCHOR = 0.25
"""The default share of the root's prior put on the title's heuristic bot's move."""

# worlds weighted by the others' decisions (nbgames.core.chance.worlds): where (auto:
# where the title declares it), how many are drawn a decision, how many of the
# others' decisions weigh each, and the share of a time budget the drawing may take
WORLDS = "auto"
WORLD_KINDS = ("auto", "weighted", "uniform")
WORLD_COUNT = 64
WORLD_WINDOW = 16
WORLD_SHARE = 0.2

REWARDS = ("win", "margin")
ROLLOUTS = ("prior", "random")
CLOCKS = ("wall", "cpu")


class _Node:
    """One decision point of the open-loop tree. ``edges`` maps an action id to
    ``[visits, reward sum, availability, child node or None]``; ``n``/``w`` are the
    node's visits and the mover's reward sum (for first-play urgency)."""

    __slots__ = ("mover", "n", "w", "edges", "prior", "order", "alt", "anchor")

    def __init__(self, mover):
        self.mover = mover
        self.n = 0
        self.w = 0.0
        self.edges: dict[int, list] = {}
        self.prior: dict[int, float] | None = None
        self.order: list[int] | None = None   # widening: actions by prior, most likely first
        self.alt: dict[int, _Node] | None = None   # the same decisions with another seat to move
        self.anchor: int | None = None   # the root only: the title bot's move (see ``anchor``)

    def for_mover(self, mover) -> _Node:
        if self.alt is None:
            self.alt = {}
        node = self.alt.get(mover)
        if node is None:
            node = self.alt[mover] = _Node(mover)
        return node


def win_shares(state) -> list[float]:
    """Each seat's share of the win of a finished game (1/k for a k-way tie)."""
    winners = state.winners()
    out = [0.0] * state.players
    if winners:
        share = 1.0 / len(winners)
        for w in winners:
            out[w] = share
    return out


def score_evaluation(state) -> list[float]:
    """The evaluation of a title that gives none: a logistic of each seat's lead
    in ``state.scores()``, over a scale of a tenth of the largest score (at least
    3 points)."""
    scores = [float(x) for x in state.scores()]
    scale = max(3.0, 0.1 * max(abs(x) for x in scores))
    return margin_values(scores, scale)


def title_parts(game):
    from ..core.registry import spec
    sp = spec(game.title)
    return getattr(sp, "prior", None), getattr(sp, "evaluate", None)


class ISMCTSPolicy:
    """A policy ``policy(observation, legal_actions, infoset) -> action`` that
    searches for ``seconds`` a decision (or ``iterations`` determinizations) and
    plays the most visited action. ``analyse(infoset)`` returns the statistics of
    every legal action. See :mod:`nbgames.agents.search` for every option."""

    __name__ = "ismcts"

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 c: float | None = None, rollout="prior", seed: int = 0, depth: int | None = 8,
                 reward: str = "win", prior: bool = True, widen: int = 24, workers: int = 1,
                 clock: str = "wall", anchor: float = ANCHOR, worlds: str = WORLDS):
        iterations = as_int(iterations, "iterations", 1, None, optional=True)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or seconds <= 0):
            raise OptionError(f"seconds must be None or a number > 0, got {seconds!r}")
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        if c is not None and (isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0):
            raise OptionError(f"c must be None or a number >= 0, got {c!r}")
        depth = as_int(depth, "depth (None: play to the end)", 0, None, optional=True)
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(map(repr, REWARDS))}, got {reward!r}")
        if not isinstance(prior, bool):
            raise OptionError(f"prior must be True or False, got {prior!r}")
        widen = as_int(widen, "widen", 1, None)
        workers = as_int(workers, "workers", 1, None)
        if clock not in CLOCKS:
            raise OptionError(f"clock must be one of {', '.join(map(repr, CLOCKS))}, got {clock!r}")
        seed = as_int(seed, "seed", None, None)
        if isinstance(anchor, bool) or not isinstance(anchor, (int, float)) or not 0 <= anchor < 1:
            raise OptionError(f"anchor must be a number from 0 up to (not including) 1, got {anchor!r}")
        if worlds not in WORLD_KINDS:
            raise OptionError(f"worlds must be one of {', '.join(map(repr, WORLD_KINDS))}, got "
                              f"{worlds!r}")
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.world_kind = worlds
        # what the information set is asked for (data only: the core draws the worlds)
        # "auto" needs a time budget: the pool then takes its share of it, as measured;
        # an iteration budget alone would pay for the pool on top (more than a small
        # search costs) and keeps the uniform worlds of a reproducible search
        weigh = worlds == "weighted" or (worlds == "auto" and self.seconds is not None)
        self.worlds = Worlds(count=WORLD_COUNT, window=WORLD_WINDOW,
                             seconds=None if self.seconds is None else WORLD_SHARE * self.seconds,
                             declared=worlds == "auto",
                             ) if weigh and prior else None
        self.c = c
        if rollout is None:
            rollout = "random"
        self.rollout = rollout if rollout in ROLLOUTS else as_policy(rollout)
        self.seed = seed
        self.depth = depth
        self.reward = reward
        self.prior = prior
        self.widen = widen
        self.workers = workers
        self.clock = clock
        self.anchor = float(anchor)
        if seconds is None:
            self.name = f"ismcts({iterations})"
        elif iterations is None:
            self.name = f"ismcts({seconds:g}s)"
        else:
            self.name = f"ismcts({iterations}, {seconds:g}s)"
        self.last_analysis: dict | None = None   # analyse() of the last decision (show thinking)
        self.last_search: dict | None = None     # iterations, seconds, root value, worlds
        # each seat's pool of weighted worlds from its last decision, carried on by the
        # core at the next one where nothing was dealt since (worlds only, no truth)
        self.kept_worlds: dict = {}

    @property
    def value_meaning(self) -> str:
        """What the ``value`` of an analysed move is, for people."""
        if self.reward == "win":
            return "expected share of the win for the seat to move (0 to 1)"
        return ("expected result for the seat to move, 0 to 1, from the final score margin "
                "(0.5 = level)")

    # -- the policy contract --------------------------------------------------------
    def _options(self) -> dict:
        return {"iterations": self.iterations, "seconds": self.seconds, "c": self.c,
                "rollout": self.rollout, "depth": self.depth, "reward": self.reward,
                "prior": self.prior, "widen": self.widen, "workers": self.workers,
                "clock": self.clock, "anchor": self.anchor, "worlds": self.world_kind}

    def spawn(self, seed: int) -> ISMCTSPolicy:
        return ISMCTSPolicy(seed=seed, **self._options())

    def __call__(self, observation, legal_actions, infoset=None):
        if infoset is None:
            raise PolicyError(
                f"{self.name} searches the seat's information set and was called without one: "
                f"call it as bot(observation, legal_actions, infoset=nbgames.InfoSet(state, "
                f"seat)), or let nbgames.play, nbgames.tournament or a Table call it (they pass "
                f"the InfoSet themselves)", policy=self.name)
        ids = [int(a) for a in legal_actions.ids] if hasattr(legal_actions, "ids") \
            else [int(a) for a in legal_actions]
        pool = getattr(infoset, "pool", None)
        if pool is not None and pool.carry is not None:
            self.kept_worlds[infoset.seat] = pool
        if len(ids) == 1:
            self.last_analysis = {ids[0]: {"visits": 0, "value": 0.0, "share": 1.0}}
            return ids[0]
        stats = self.last_analysis = self.analyse(infoset)
        return max(ids, key=lambda a: (stats[a]["visits"], stats[a]["value"], -a))

    # -- the search -----------------------------------------------------------------
    def analyse(self, infoset, progress=None) -> dict[int, dict]:
        """Search from ``infoset`` and return, for each legal action id,
        ``{"visits", "value" (the mean result for the seat, see ``value_meaning``),
        "share" (of the root's visits), "prior" (the title's prior, when used)}``.
        ``progress(done, total)``, when given, is called about every 0.1 s (``total``
        is the iteration budget, or None for a time budget); if it returns False the
        search stops early. ``last_search`` then holds the iterations run, the time
        taken, the root's value and the worlds searched (the pool's note, or
        "uniform")."""
        legal = [int(a) for a in infoset.legal_actions.ids]
        if not legal:
            raise OptionError("analyse needs the infoset of the seat to move (it has no legal "
                              "action)")
        t0 = time.perf_counter()
        if self.workers > 1 and progress is None and len(legal) > 1:
            root, done = self._parallel(infoset)
        else:
            root, done = self._search(infoset, decision_rng(self.seed, infoset.observation),
                                      progress)
        edges = root.edges
        n = sum(e[0] for e in edges.values()) or 1
        out = {}
        for a in legal:
            e = edges.get(a)
            v = e[0] if e else 0
            out[a] = {"visits": v, "value": e[1] / v if v else 0.0, "share": v / n}
            if root.prior is not None:
                out[a]["prior"] = root.prior.get(a, 0.0)
        pool = getattr(infoset, "pool", None)
        self.last_search = {"iterations": done, "seconds": time.perf_counter() - t0,
                            "value": root.w / root.n if root.n else None,
                            "meaning": self.value_meaning,
                            "worlds": pool.note if pool is not None else "uniform"}
        return out

    def _search(self, infoset, rng, progress=None):
        seat = infoset.seat
        root = _Node(seat)
        budget = self.iterations
        timer = time.thread_time if self.clock == "cpu" else time.perf_counter
        spent = infoset.pool.seconds if getattr(infoset, "pool", None) is not None else 0.0
        # the worlds were drawn before the search, on its budget
        deadline = None if self.seconds is None else timer() + max(self.seconds - spent,
                                                                    0.05 * self.seconds)
        # one legal move is still searched: an analysis asks what it is worth (a review
        # searches the move taken and the best move each alone); play skips it (__call__)
        prior_fn, eval_fn = title_parts(infoset.game)
        if not self.prior:
            prior_fn = None
        if eval_fn is None:
            eval_fn = score_evaluation
        if self.anchor > 0 and len(infoset.legal_actions.ids) > 1:
            root.anchor = _anchor_move(infoset, self.seed)
        iterate = self._iterate
        done = 0
        clock = time.perf_counter
        next_report = clock() + 0.1
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and timer() >= deadline:
                break
            iterate(draw_world(infoset, rng, prior_fn), root, rng, prior_fn, eval_fn)
            done += 1
            if progress is not None and clock() >= next_report:
                next_report = clock() + 0.1
                if progress(done, budget) is False:
                    break
        return root, done

    def _parallel(self, infoset):
        """Root parallelism: ``workers`` searches in processes, root statistics summed."""
        from concurrent.futures import ProcessPoolExecutor
        opts = self._options()
        opts["workers"] = 1
        seeds = [f"{self.seed}/{k}" for k in range(self.workers)]
        with ProcessPoolExecutor(self.workers) as ex:
            parts = list(ex.map(_worker, [(opts, infoset, s) for s in seeds]))
        root = _Node(infoset.seat)
        done = 0
        for edges, n, w, d in parts:
            done += d
            root.n += n
            root.w += w
            for a, (v, s, av) in edges.items():
                e = root.edges.get(a)
                if e is None:
                    root.edges[a] = [v, s, av, None]
                else:
                    e[0] += v
                    e[1] += s
                    e[2] += av
        return root, done

    def _iterate(self, state, root, rng, prior_fn, eval_fn):
        path = []
        node = root
        c = self.c
        widen = self.widen
        while True:
            mover = state.current_player
            if mover is None:
                break
            ids = state.legal_action_ids()
            if type(ids) is not list:
                ids = ids.tolist()
            nids = len(ids)
            if nids == 1 and path:
                state.advance(ids[0])      # forced: not a decision of the tree
                continue
            if node.mover != mover:
                node = node.for_mover(mover)
            edges = node.edges
            prior = node.prior
            # the prior from a node's second visit on (a leaf seen once costs nothing); at
            # the root, ``anchor`` of it on the title bot's move (uniform without a prior)
            anchored = node is root and root.anchor is not None
            if prior is None and (prior_fn is not None or anchored) and (node.n or node is root):
                weights = prior_fn(state, ids) if prior_fn is not None else [1.0] * nids
                keep = (1.0 - self.anchor if anchored else 1.0) / (float(sum(weights)) or 1.0)
                prior = node.prior = {a: w * keep for a, w in zip(ids, weights)}
                if anchored and root.anchor in prior:
                    prior[root.anchor] += self.anchor
                if nids > widen:
                    node.order = sorted(prior, key=prior.__getitem__, reverse=True)
            if nids > widen:
                # progressive widening: the node admits isqrt(visits) + 2 actions, the
                # most likely first (by prior; at random without one)
                legal = set(ids)
                cand = [a for a in edges if a in legal]
                if len(cand) < math.isqrt(node.n) + 2:
                    a = _admit(node, ids, legal, rng)
                    if a is not None:
                        edges[a] = [0, 0.0, 0, None]
                        cand.append(a)
            else:
                cand = ids
            for a in cand:
                e = edges.get(a)
                if e is not None:
                    e[2] += 1
            best = None
            best_score = -1e300
            if prior is None:
                cc = 0.7 if c is None else c
                fresh = [a for a in cand if a not in edges or edges[a][0] == 0]
                if fresh:
                    best = fresh[rng.randrange(len(fresh))]
                else:
                    log = math.log
                    sqrt = math.sqrt
                    for a in cand:
                        e = edges[a]
                        v = e[0]
                        s = e[1] / v + cc * sqrt(log(e[2]) / v)
                        if s > best_score:
                            best_score, best = s, a
            else:
                cc = 1.5 if c is None else c
                fpu = node.w / node.n if node.n else 0.5
                root_n = math.sqrt(node.n + 1)
                sqrt = math.sqrt
                uniform = 1.0 / nids
                for a in cand:
                    e = edges.get(a)
                    p = prior.get(a, uniform)
                    if e is None or e[0] == 0:
                        s = fpu + cc * p * root_n
                    else:
                        v = e[0]
                        s = e[1] / v + cc * p * sqrt(e[2]) / (1 + v)
                    if s > best_score:
                        best_score, best = s, a
            e = edges.get(best)
            if e is None:
                e = edges[best] = [0, 0.0, 1, None]
            path.append((node, e, mover))
            state.advance(best)
            if e[3] is None:
                e[3] = _Node(state.current_player)
                break
            node = e[3]
        rewards = self._finish(state, rng, prior_fn, eval_fn)
        for node, e, mover in path:
            r = rewards[mover]
            e[0] += 1
            e[1] += r
            node.n += 1
            node.w += r

    def _finish(self, state, rng, prior_fn, eval_fn):
        """Play on from a leaf and score it (:func:`play_on`)."""
        return play_on(state, rng, prior_fn, eval_fn, self.depth,
                       self.widen if not callable(self.rollout) else None, self.rollout,
                       self.reward)

    def __repr__(self):
        extra = "" if self.rollout == "prior" else \
            f", rollout={self.rollout if isinstance(self.rollout, str) else policy_name(self.rollout)!r}"
        if self.seconds is None:
            budget = f"iterations={self.iterations}"
        elif self.iterations is None:
            budget = f"seconds={self.seconds:g}"
        else:
            budget = f"iterations={self.iterations}, seconds={self.seconds:g}"
        return (f"nbgames.bots.ismcts({budget}, depth={self.depth}, reward={self.reward!r}"
                f"{extra}, seed={self.seed})")


def draw_world(infoset, rng, prior_fn):
    """A world of ``infoset`` to play in (``infoset.sample(rng)``, quiet). The
    others' sealed choices come out of a determinization uniformly; a uniform bid
    of all one's money is no model of anybody: with a prior they are drawn again
    from it, the model the tree and the playouts use."""
    world = infoset.sample(rng)
    world.quiet()
    if prior_fn is not None and world.secret_open():
        world.resample_secrets(infoset.seat, rng, weights=prior_fn)
    return world


def weighted_pick(ids, weights, rng):
    """One of ``ids`` drawn by ``weights``: ``rng.choices(ids, weights)[0]``, the same
    draw from the same generator, without its overhead (a playout makes one a decision)."""
    cum = list(accumulate(weights))
    total = cum[-1] + 0.0
    if not 0.0 < total < math.inf or len(cum) != len(ids):
        raise ValueError(f"a prior gave {len(cum)} weights for {len(ids)} moves, summing to {total}")
    return ids[bisect(cum, rng.random() * total, 0, len(ids) - 1)]


def play_on(state, rng, prior_fn, eval_fn, depth: int | None = 8, wide: int | None = 24,
            rollout="prior", reward: str = "win") -> list[float]:
    """Play ``state`` (in place) on for at most ``depth`` decisions (None: to the
    end), each drawn from the title's prior ``prior_fn`` (``rollout="prior"``;
    uniformly with ``"random"`` or without a prior; a policy: its move from the
    mover's observation), then score it: each seat's win share if the game is over
    (``reward="win"``), else ``eval_fn(state)``. A random or prior playout also
    stops at a decision of more than ``wide`` legal actions: one move drawn from
    hundreds says less about the position than the title's evaluation does."""
    steps = 0
    while state.current_player is not None and (depth is None or steps < depth):
        ids = state.legal_action_ids()
        n = len(ids)
        if wide is not None and n > wide:
            break
        if n == 1 or rollout == "random" or (rollout == "prior" and prior_fn is None):
            state.advance(int(ids[rng.randrange(n)]))
        elif rollout == "prior":
            state.advance(int(weighted_pick(ids, prior_fn(state, ids), rng)))
        else:
            p = state.current_player
            state.advance(state.game.resolve(rollout(state.observation(p), state.legal_actions())))
        steps += 1
    if state.current_player is None and reward == "win":
        return win_shares(state)
    return eval_fn(state)


def _anchor_move(infoset, seed) -> int:
    """The title's heuristic bot's move from the seat's own observation, as
    ``nbgames.bots.greedy`` makes it with this seed (a title bot that remembers
    starts from an empty memory: the search sees only the observation)."""
    return int(infoset.game.resolve(GreedyPolicy(seed)(infoset.observation,
                                                       infoset.legal_actions)))


def _admit(node, ids, legal, rng):
    """The next action a widening node admits: the most likely one not admitted yet
    (by the node's prior order), else one at random; None when all are in."""
    edges = node.edges
    if node.order is not None:
        for a in node.order:
            if a not in edges and a in legal:
                return a
    for _ in range(32):
        a = ids[rng.randrange(len(ids))]
        if a not in edges:
            return a
    for a in ids:
        if a not in edges:
            return a
    return None


def _worker(job):
    opts, infoset, seed = job
    bot = ISMCTSPolicy(seed=0, **opts)
    root, done = bot._search(infoset, random.Random(seed))
    return ({a: (e[0], e[1], e[2]) for a, e in root.edges.items()}, root.n, root.w, done)


def ismcts(iterations: int | None = None, seconds: float | None = None, c: float | None = None,
           rollout="prior", seed: int = 0, depth: int | None = 8, reward: str = "win",
           prior: bool = True, widen: int = 24, workers: int = 1,
           clock: str = "wall", anchor: float = ANCHOR, worlds: str = WORLDS) -> ISMCTSPolicy:
    """Information-set MCTS, for every title.

    Budget: ``seconds`` a decision (default ``DEFAULT_SECONDS`` = 1.0 when neither
    is given) or ``iterations`` determinizations (exactly reproducible); both: the
    first reached. ``c``: exploration (default 1.5 with a prior, 0.7 for UCB1).
    ``rollout``: "prior" (default: moves drawn from the title's prior, uniform for a
    title without one), "random" or a policy ``(observation, legal) -> action``. ``depth``: decisions
    played after the tree before the title's evaluation scores the position (None:
    to the end of the game). ``reward``: "win" or "margin". ``prior``: use the
    title's prior (PUCT). ``widen``: above this many legal actions a node widens
    progressively. ``anchor``: the share of the root's prior on the title's heuristic
    bot's move (0 to turn it off). ``workers``: root-parallel processes. ``clock``: what ``seconds``
    counts, "wall" (default: the time people wait) or "cpu" (the searching thread's
    CPU time: the same thinking on a busy machine as on an idle one, for
    benchmarks). ``worlds``: "auto" (default: weighted where the title declares that
    it helps and the budget is a time, uniform elsewhere), "weighted" (the worlds searched are weighted by
    how likely the other seats were to take their recent decisions in them, under
    the title's prior) or "uniform" (every world the seat cannot tell apart alike);
    see "Worlds" in :mod:`nbgames.agents.search`. See :mod:`nbgames.agents.search`."""
    return ISMCTSPolicy(iterations, seconds, c, rollout, seed, depth, reward, prior, widen,
                        workers, clock, anchor, worlds)
