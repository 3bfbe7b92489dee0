"""Judge one decision of a review: the value of the move taken and of the best
move, each with its standard error, the interval of the loss and its class.

The class is said only where the noise allows it
------------------------------------------------
Let ``D`` be the value of the compared move (the *rival*) minus the value of
the move taken, in win chance, and ``[lo, hi]`` its interval (``D ± q·se``, ``q``
from Student's t at 95 % two-sided for the number of independent measurements,
see ``quantile``). With the lines of :data:`THRESHOLDS`:

* ``hi`` below the inaccuracy line: **best** if ``lo`` is at most the good line
  (the move taken is the best, or within 0.02 of it and the noise: a loss the
  search cannot tell from none), else **good**;
* ``lo`` at or above the inaccuracy line: the class of ``lo`` (**inaccuracy**,
  **mistake** or **blunder**: the loss is at least that, clear of the noise);
* otherwise **unclear**: the loss may or may not reach the inaccuracy line.

The good line is 0.02, not 0: one focused search's value moves by 0.03 to 0.05
from seed to seed in the noisier titles, so a loss of one point could never be
told from none, and with the line at 0 the same decision was "best" under one
review seed and "good" under the next (about half of the disagreements of
``bench/review.py`` in three titles).

Where the values come from
--------------------------
*Search* (any advisor with ``analyse``; by default playouts,
``rollouts(n=budget)``, or ``ismcts(iterations=budget, anchor=0)``). Every
measure here is *focused*: its first move limited to one move, the whole budget
below it, with a fresh seed, the same for the moves of one round where the
advisor is ``paired`` (playouts: the moves of a round are measured in the same
worlds, so the deal cancels from their difference; a search is not paired, its
tree takes other paths whatever its seed). Round 1 measures each candidate
move (every legal move when there are at most :data:`CANDIDATES`, else the move
taken and the three most visited by a *screen*, one measure of every move:
playouts halve to the better moves, a search visits them more). Then
rounds measure the move taken and its *rivals* again, each alone with a fresh
seed: round 1's best :data:`RIVALS` other moves, raced: a rival leaves the race
once the paired rounds put it clearly below the leading one (the interval of
their difference above 0), and the race ends after :data:`MIN_ROUNDS` rounds
(its leader stays), so one unlucky round-1 search does not decide which
move the taken one is compared with. The rival is the leader of the race; ``se``
is the spread of its paired differences with the move taken over the square root
of their number: the differences of the two moves' *playouts* where the advisor
gives each playout's value (playouts: playout ``i`` of a round is played in the
round's world ``i`` for both moves, so each is one independent measurement of
the difference), else of the rounds' values (a search). Measured over the
playouts, the noise is known after one round (a few hundred degrees of freedom);
over three rounds' values it was not: their spread was now and then near zero
by luck, and a class was said on an interval too narrow (in one game, a move
four 12-round reviews put at a loss of 0.096-0.111 was a "mistake" of
0.128, interval 0.123-0.133, after 3 rounds). Round 1 counts as a round only where it chose
nothing (two candidates): a value that won a choice leans high. Rounds go on from
:data:`MIN_ROUNDS` to :data:`MAX_ROUNDS` until the class is *settled*
(:func:`settled`: not unclear, and for a bad move its interval inside one class,
so how bad it is gets pinned too), so close decisions get the most work and
forced ones (not judged) none. A decision past half its rounds whose loss sits
on a class line stops (:func:`futile`): where even half the width the last
round could narrow its interval to would still cross a line at its mean, the
rounds left would not say which side (the row's class is then that of its
interval, as after the last round). In the noisiest title's review (game seed
1, five review seeds) the rounds past half were 30-33 % of all rounds, spent on
the decisions whose class changed with the seed most. The interval is looked
at after every round, and stopping at the first look that settles it favours a lucky start (sequential
looks at a 95 % interval are wrong more often than 5 %): the rounds stop early
only where the interval :data:`STOP_WIDEN` times as wide is settled; the row
then gives the 95 % interval. The best move is the one of the move taken and
the rival with the higher mean: the move taken never outranks it. A screen alone
is not trusted to reject a move: at a hundred iterations its search can leave
the best move with one unlucky visit (a staged position of
``tests/test_review.py``), which is why round 1 searches each candidate alone.

*Exact* (a solver with ``can_solve``, 2-player endings): the solver solves the
rest of the game over every world the seat cannot tell apart, each with its
exact chance (``InfoSet.enumerate``, where the title can list them and their
tree fits in the solver's ``max_nodes``): the values are then exact, ``se`` is 0
and the row says "every world (N) with its exact chance". Elsewhere it solves
over ``worlds`` deals drawn from the seat's information set with the decision's
seed (from the review's seed: another review seed draws other deals), and an
exact value carries the sampling error of its deals: ``se`` is the spread, over
the deals, of the difference between the two moves' values under the solved
strategies, over ``sqrt(deals)`` (the deals weighted by how often they were
drawn). Until the class is settled, other deals are solved (up to
:data:`EXACT_SOLVES` solves, 64 deals with the default 16) and pooled; and while
every deal so far gives the same difference: a difference one deal in eight
shows is missed by all 16 deals one time in eight (measured: an endgame whose
64 deals said "unclear", loss 0.03-0.09, under seven review seeds was "best"
with ``se`` 0 under the eighth, on 16 deals). Each
solution is computed on its own sampled deals; that part of the error is not in
``se``. The rival is the move with the highest value but the move taken.

Measured noise
--------------
``python bench/review.py --noise`` measures the seed-to-seed standard deviation
of one focused measure's value (8 seeds, three positions a title from a
greedy-vs-random game), by the search and by playouts, and of the difference of
two moves measured with one seed, what a round compares. One search's value:
0.000 to 0.084 at 100 iterations and 0.000 to 0.058 at 400, against a binomial
bound ``sqrt(p(1-p)/n)`` from the visits of up to 0.05 and 0.025: ten times the
noise in titles whose evaluation is smooth, half of it in two titles where a
search's value depends on what its tree happened to find (there four times the
iterations barely narrow it). The difference of two moves, at 100 (400)
iterations or playouts, search against paired playouts: in the noisiest title
0.056-0.068 (0.016-0.064) against 0.022-0.047 (0.012-0.015); in two others at
most 0.017 (0.011) against at most 0.010 (0.005); in one at most 0.003 against
0.000; and 0.012-0.051 against 0.000 in the title whose next decision after a
move is a placement among hundreds (a playout stops there, so a value is the
title's evaluation after the move, which no hidden tile changes). So the rounds measure
the noise instead of assuming it. ``bench/review.py`` also measures how often
reviews with other seeds agree.
"""

from __future__ import annotations

import math
import random
import statistics

from ..core.actions import ActionList
from ..core.errors import RecordError
from ..core.infoset import InfoSet

CLASSES = ("best", "good", "unclear", "inaccuracy", "mistake", "blunder")
"""The classes of a decision, from no loss to the largest ("unclear": the noise
does not tell whether the loss reaches the inaccuracy line)."""

THRESHOLDS = {"good": 0.02, "inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
"""The lowest loss (in win chance, 0..1) of each class but "best" (a loss of 0).
A loss above ``good`` and below ``inaccuracy`` is good, and so on."""

CANDIDATES = 4
"""Moves measured in the first round: every legal move when there are no more,
else the move taken and the screen's three most visited."""

RIVALS = 2
"""Rivals of the move taken raced in the first rounds: round 1's best two (one leaves
once the rounds put it clearly below the other, or when :data:`MIN_ROUNDS` rounds are
done)."""

MIN_ROUNDS = 3
"""Rounds of a decision before its class may be said."""

MAX_ROUNDS = 16
"""Rounds at most: a decision still unclear after them is said to be unclear (one not
settled otherwise gets the class of its interval). A title may declare more
(:func:`nbgames.arena.review.review_rounds`)."""

STOP_WIDEN = 1.5
"""The rounds stop before :data:`MAX_ROUNDS` only where the interval this many times
as wide is settled (one look after each round: see the module doc)."""

FUTILE = 0.5
"""A decision past half its rounds stops where an interval this share of the width the
rounds left could narrow it to (the half-width falls as one over the square root of
the rounds) would still not be settled at its mean (:func:`futile`). Measured on the
noisiest title's review (``bench/review.py``, game seed 1): with this stop, the same
class under five seeds for 90 % of the decisions (91 % without) in 10-11 % fewer
playouts; stopping so from the third round on, at the whole half-width, 78 % in
half the rounds (early rounds put a loss near a line by chance)."""

EXACT_SOLVES = 4
"""Solves of other deals at most for an exact decision still unclear."""

COLUMNS = ("step", "seat", "taken", "best", "value_taken", "value_best", "se_taken", "se_best",
           "loss", "se_loss", "loss_low", "loss_high", "class", "source", "method", "visits_taken",
           "visits_best", "rounds", "worlds", "legal", "focused", "taken_id", "best_id")
"""The keys of a row (see :mod:`nbgames.arena.review`), in the frame's column order."""

# Student's t at 97.5 % (a 95 % two-sided interval) by degrees of freedom; 2.0 beyond
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042}


def quantile(df: int | None) -> float:
    """The half-width of a 95 % interval in standard errors: Student's t with
    ``df`` degrees of freedom (None: the normal's 2)."""
    if df is None or df > 30:
        return 2.0
    return _T975[max(k for k in _T975 if k <= df)]


def classify(loss: float, thresholds: dict | None = None) -> str:
    """The class of a loss of win chance known exactly (see :data:`THRESHOLDS`)."""
    th = THRESHOLDS if thresholds is None else thresholds
    if loss >= th["blunder"]:
        return "blunder"
    if loss >= th["mistake"]:
        return "mistake"
    if loss >= th["inaccuracy"]:
        return "inaccuracy"
    if loss > th["good"]:
        return "good"
    return "best"


def verdict(lo: float, hi: float, thresholds: dict | None = None) -> str:
    """The class of a loss whose interval is ``[lo, hi]`` (see the module doc)."""
    th = THRESHOLDS if thresholds is None else thresholds
    if hi < th["inaccuracy"]:
        return "best" if lo <= th["good"] else "good"
    if lo >= th["inaccuracy"]:
        return classify(lo, th)
    return "unclear"


def settled(lo: float, hi: float, thresholds: dict | None = None) -> bool:
    """Is the class of ``[lo, hi]`` said for good? Not while it is unclear, nor while
    a loss clear of the inaccuracy line may still be of another class (``lo`` and
    ``hi`` in different classes): the rounds go on to pin how bad a bad move is."""
    cls = verdict(lo, hi, thresholds)
    if cls == "unclear":
        return False
    return cls in ("best", "good") or classify(hi, thresholds) == cls


def futile(d: float, se: float, q: float, done: int, rounds: int,
           thresholds: dict | None = None) -> bool:
    """Would the rounds left not settle a loss measured at ``d`` (standard error ``se``,
    half-width ``q * se``) after ``done`` of ``rounds`` rounds? Only past half the
    rounds: where even :data:`FUTILE` times the half-width the last round could reach
    leaves the interval across a class line at this mean, the loss sits on that line
    and more rounds would not say which side (see the module doc)."""
    if 2 * done < rounds or done >= rounds:
        return False
    h = FUTILE * q * se * math.sqrt(done / rounds)
    return not settled(d - h, d + h, thresholds)


def decision_seed(seed: int, step: int) -> int:
    """The seed of one decision's review: the review's seed and the step only."""
    return (int(seed) * 1_000_003 + int(step)) % (2**31)


# -- a search limited to one first move ---------------------------------------------------
def focus(state, keep: frozenset):
    """``state`` (a sampled world, in place) with its legal moves limited to
    ``keep`` until its next move: a search of it spends every iteration below
    those moves. The state stays itself (its class, its title's own members);
    only its ``legal_action_ids`` is wrapped."""
    step = state.step
    full = state.legal_action_ids

    def legal_action_ids():
        ids = full()
        if state.step != step:
            return ids
        return [a for a in (ids if isinstance(ids, list) else ids.tolist()) if a in keep]

    state.legal_action_ids = legal_action_ids
    return state


class Focused:
    """The information set with its first move limited to ``keep``."""

    def __init__(self, infoset, keep):
        self.seat = infoset.seat
        self.game = infoset.game
        self.observation = infoset.observation
        self.legal_actions = ActionList(infoset.game, list(keep))
        self.inner = infoset
        self.keep = frozenset(int(a) for a in keep)

    def sample(self, rng=None):
        return focus(self.inner.sample(rng), self.keep)


# -- the measures ---------------------------------------------------------------------------
def _spawn(search, seed):
    return search.spawn(seed) if callable(getattr(search, "spawn", None)) else search


def _mean_se(xs: list[float]) -> float:
    return statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf


def search_measure(search, infoset, taken: int, seed: int, thresholds: dict,
                   rounds: int = MAX_ROUNDS) -> dict:
    """Round 1 over the candidates, then paired rounds of the move taken and its
    rival while the class is unclear, ``rounds`` at most (module doc)."""
    legal = [int(a) for a in infoset.legal_actions.ids]
    if len(legal) <= CANDIDATES:
        cands = legal
    else:                                          # a screen picks the candidates
        stats = _spawn(search, seed).analyse(infoset)
        order = sorted((a for a in stats if a != taken),
                       key=lambda a: (-stats[a].get("visits", 0), -stats[a]["value"], a))
        cands = [taken] + order[:CANDIDATES - 1]

    def alone(aid, k):
        return _spawn(search, seed + 1 + k).analyse(Focused(infoset, (aid,)))[aid]

    paired = bool(getattr(search, "paired", False))
    first = {aid: alone(aid, 0 if paired else j) for j, aid in enumerate(cands)}
    # the rivals still in the race: round 1's best two; a rival leaves it once the paired
    # rounds put it clearly below the leading one
    alive = sorted((a for a in cands if a != taken),
                   key=lambda a: (-first[a]["value"], a))[:RIVALS]
    # round 1 counts only when it chose nothing: the best of several noisy values leans high
    counted = len(cands) == 2
    vals = {a: [float(first[a]["value"])] if counted else [] for a in [taken, *alive]}
    visits = {a: int(first[a].get("visits", 0)) if counted else 0 for a in [taken, *alive]}
    # paired playouts: every playout's value, the rounds end to end (playout i of a round
    # in the round's world i for every move); the spread is then measured over them
    each = paired and all("playouts" in first[a] for a in cands)
    plays = {a: list(first[a]["playouts"]) if counted and each else [] for a in [taken, *alive]}

    def mean(a):
        return statistics.fmean(vals[a])

    def diff(a, b):
        """(mean, se, q) of a's values minus b's over the rounds measuring both: over
        their paired playouts where the advisor gives them (one degree of freedom a
        playout, not a round), else over the rounds' values."""
        xs, ys = (plays[a], plays[b]) if each else (vals[a], vals[b])
        diffs = [x - y for x, y in zip(xs, ys)]
        return statistics.fmean(diffs), _mean_se(diffs), quantile(len(diffs) - 1)

    def value_se(a):
        return _mean_se(plays[a] if each else vals[a])

    r = 0
    while len(vals[taken]) < rounds:
        r += 1
        for j, aid in enumerate([taken, *alive]):
            got = alone(aid, CANDIDATES * (r + 1) + (0 if paired else j))
            vals[aid].append(float(got["value"]))
            visits[aid] += int(got.get("visits", 0))
            if each:
                plays[aid].extend(got["playouts"])
        if len(vals[taken]) < 2:
            continue
        lead = max(alive, key=lambda a: (mean(a), -a))
        if len(vals[taken]) >= MIN_ROUNDS:
            alive = [lead]                         # the race ends with the rounds' minimum
        for a in [a for a in alive if a != lead]:
            m, se, q = diff(lead, a)
            if m - q * se > 0:
                alive.remove(a)
        if len(vals[taken]) < MIN_ROUNDS:
            continue
        d, se, q = diff(lead, taken)
        w = q * se * STOP_WIDEN
        if settled(d - w, d + w, thresholds) or futile(d, se, q, len(vals[taken]), rounds,
                                                       thresholds):
            break
    rival = max(alive, key=lambda a: (mean(a), -a))
    d, se, q = diff(rival, taken)
    return {"taken": (mean(taken), value_se(taken), visits[taken]),
            "rival": (mean(rival), value_se(rival), visits[rival]),
            "rival_id": rival, "d": d, "se": se, "q": q, "rounds": len(vals[taken]),
            "candidates": len(cands)}


def _solved(solver, infoset) -> tuple[list, str, bool]:
    """[(weight, {aid: value})] a deal of one solve (weights summing to 1), the
    solver's method, and whether its deals are every world with its exact chance."""
    from ..theory.exploit import node_values
    sol = solver.solution(infoset)
    tree = sol.tree
    info = tree.infosets[tree.root_infoset]
    actions = [int(a) for a in info["actions"]]
    vals = node_values(tree, sol.profile)
    if tree.kind[0] == "c":
        weight = {c: float(p) for c, p in zip(tree.children[0], tree.probs[0])}
    else:
        weight = {0: 1.0}
    seat = infoset.seat
    per = [(weight[n], {a: vals[c][seat] for a, c in zip(actions, tree.children[n])})
           for n in info["nodes"]]
    total = sum(w for w, _ in per) or 1.0
    listed = not str(getattr(tree, "worlds", "sampled")).startswith("sampled")
    return [(w / total, v) for w, v in per], sol.method, listed


def exact_measure(exact, infoset, taken: int, seed: int, thresholds: dict, first=None) -> dict:
    """The solver's values of the moves and the sampling error of the deals: one
    solve of its deals (drawn from ``seed``), and more solves of other deals
    (up to :data:`EXACT_SOLVES`) while the class is unclear or the deals show no
    spread at all (deals that all agree are no proof of no noise). ``first``: the
    solver of the first deals, when one was made already."""
    from ..theory.tree import TreeTooLarge
    per, solves, method, listed = [], 0, "", False
    worlds = getattr(exact, "worlds", None)
    for k in range(EXACT_SOLVES):
        solver = first if k == 0 and first is not None else _seeded(exact, seed + 7919 * k)
        if k and solver is exact:
            break                                  # a solver of its own: its deals never change
        try:
            if k and not solver.can_solve(infoset):
                break
            got, method, listed = _solved(solver, infoset)
        except TreeTooLarge:
            break
        per.extend(got)
        solves += 1
        draws = (worlds or len(got)) * solves
        d, se, q, rival, mean = _deals(per, taken, solves, draws)
        if listed:                                 # every world, exact chances: no sampling error
            draws, se = len(got), 0.0
            break
        # deals that all agree are no proof of no noise: a difference that one deal in
        # eight shows is missed by all 16 deals one time in eight (measured: a decision
        # whose other solves said "unclear" was "best" with se 0): more deals then
        if se > 0 and settled(d - q * se, d + q * se, thresholds):
            break

    def sd_of(aid):
        if listed:
            return 0.0
        m = sum(w * v[aid] for w, v in per) / solves
        var = sum(w * (v[aid] - m) ** 2 for w, v in per) / solves
        return math.sqrt(var / (draws - 1)) if draws > 1 else 0.0

    return {"taken": (mean[taken], sd_of(taken), 0), "rival": (mean[rival], sd_of(rival), 0),
            "rival_id": rival, "d": d, "se": se, "q": q, "rounds": 0, "draws": draws,
            "solves": solves, "distinct": len(per), "method": method, "listed": listed}


def _deals(per, taken, solves, draws):
    """(d, se, q, rival, means) from the deals of ``solves`` solves."""
    actions = list(per[0][1])
    mean = {a: sum(w * v[a] for w, v in per) / solves for a in actions}
    rival = max((a for a in actions if a != taken), key=lambda a: (mean[a], -a))
    diffs = [(w, v[rival] - v[taken]) for w, v in per]
    d = sum(w * x for w, x in diffs) / solves
    var = sum(w * (x - d) ** 2 for w, x in diffs) / solves
    se = math.sqrt(var / (draws - 1)) if draws > 1 else 0.0
    return d, se, quantile(draws - 1 if draws > 1 else None), rival, mean


# -- one decision ---------------------------------------------------------------------------
def _small(solver, infoset, seed) -> bool:
    """Can the solver solve this decision? A cheap look first (a few random walks
    of one sampled deal), then the solver's own ``can_solve``."""
    from ..theory.tree import estimate_size
    guess = estimate_size([(1, infoset.sample(random.Random(seed)))], probes=4, seed=seed)
    if guess > 4 * getattr(solver, "max_nodes", math.inf):
        return False
    return bool(solver.can_solve(infoset))


def _seeded(solver, seed):
    """The solver drawing its deals from ``seed`` (a solver of
    :func:`nbgames.theory.solver`; another solver is used as given)."""
    from ..theory.advisor import Solver
    from ..theory.advisor import solver as make
    if type(solver) is not Solver:
        return solver
    return make(max_nodes=solver.max_nodes, worlds=solver.worlds, payoff=solver.payoff,
                method=solver.method, seed=seed, enumerate=solver.enumerate)


def judge(state, seat: int, taken: int, search, exact=None, seed: int = 0,
          thresholds: dict | None = None, method: str = "", rounds: int = MAX_ROUNDS) -> dict:
    """One row: the decision of ``seat`` at ``state`` (its turn), which took
    ``taken``, measured from the seat's information set. ``method`` names the
    search for the row; ``rounds`` caps a searched decision's rounds (the title's,
    :func:`nbgames.arena.review.review_rounds`)."""
    th = thresholds or THRESHOLDS
    step = state.step
    s = decision_seed(seed, step)
    infoset = InfoSet(state, seat, random.Random(s))
    legal = [int(a) for a in infoset.legal_actions.ids]
    if taken not in legal:
        raise RecordError(f"{state.game.title}: step {step}: action {taken} is not legal for player "
                          f"{seat}")
    got = None
    source = "search"
    first = None if exact is None else _seeded(exact, s)
    if first is not None and _small(first, infoset, s):
        got = exact_measure(exact, infoset, taken, s, th, first)
        if got["solves"]:
            source = "exact"
        else:
            got = None
    if got is None:
        got = search_measure(search, infoset, taken, s, th, rounds)
        text = method + (f"; {got['candidates']} moves each measured alone, then the move taken "
                         f"and the best of the others in {got['rounds']} rounds")
    else:
        text = (f"{got['method']}; hidden cards: every world ({got['draws']}) with its exact "
                f"chance" if got["listed"] else
                f"{got['method']}; hidden cards: {got['draws']} deals drawn from the review's "
                f"seed in {got['solves']} solve(s), sampling error included")
    d, se, q = got["d"], got["se"], got["q"]
    rival = got["rival_id"]
    best = rival if d > 0 else taken
    (vt, st, nt), (vr, sr, nr) = got["taken"], got["rival"]
    vb, sb, nb = (vr, sr, nr) if best == rival else (vt, st, nt)
    lo, hi = round(d - q * se, 4), round(d + q * se, 4)    # the row's figures decide its class
    game = state.game
    visits = source == "search"

    def r4(x):
        return None if x is None or not math.isfinite(x) else round(x, 4)

    return {"step": step, "seat": seat, "taken": game.action_label(taken),
            "best": game.action_label(best), "value_taken": r4(vt), "value_best": r4(vb),
            "se_taken": r4(st), "se_best": r4(sb), "loss": r4(max(0.0, d)), "se_loss": r4(se),
            "loss_low": r4(max(0.0, lo)), "loss_high": r4(max(0.0, hi)),
            "class": verdict(lo, hi, th), "source": source, "method": text,
            "visits_taken": nt if visits else None, "visits_best": nb if visits else None,
            "rounds": got["rounds"], "worlds": None if visits else got["draws"],
            "legal": len(legal), "focused": got["rounds"] > 0, "taken_id": taken, "best_id": best}
