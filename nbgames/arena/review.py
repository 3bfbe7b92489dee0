"""Review a finished game the way chess players do: every decision of the chosen
seats measured by an advisor, the loss of value with its uncertainty, a class
said only where the noise allows it, a summary per seat and a graph of how each
seat's chances went.

>>> import nbgames
>>> rec = nbgames.play(nbgames.load(nbgames.games()[0], players=2), ["greedy", "random"], seed=3)
>>> rev = nbgames.review(rec, seats=[1], budget=30, progress=False)
>>> {r["class"] for r in rev.rows} <= set(nbgames.arena.review.CLASSES)
True

The modules: this one checks the arguments and chooses the advisors;
:mod:`~nbgames.arena.judge` judges one decision (values, errors, class; the
method and the measured noise are in its doc); :mod:`~nbgames.arena.review_run`
runs the decisions on an executor with a progress bar;
:mod:`~nbgames.arena.review_result` is the :class:`~nbgames.Review` it returns.

What a row holds
----------------
One row per decision of a reviewed seat that had a choice (a decision with a
single legal action is not judged): ``step`` (the position's ``state.step``: the
decisions made before it, a staged start's included; the board's scrubber
position), ``seat``, ``taken`` (the label of the action taken) and ``best`` (the
move with the highest value after every re-search: the move taken never
outranks it), ``value_taken`` and ``value_best`` with their standard errors
``se_taken`` and ``se_best``, ``loss`` (``max(0, value_best - value_taken)``)
with its standard error ``se_loss`` and its 95 % interval ``loss_low`` to
``loss_high``, ``class``, ``source`` ("exact" or "search"), ``method`` (the
solver and its deals, or the search and its rounds), ``visits_taken`` and
``visits_best`` (the iterations spent on each, search only), ``rounds`` (paired
re-searches), ``worlds`` (the deals an exact row was solved over), ``legal``
(how many moves there were), ``focused`` (re-searched) and the ids ``taken_id``
and ``best_id``.

The value scale and the classes
-------------------------------
Every value is the seat's **win chance**: its expected share of the win (1 for a
sole win, 1/k for a k-way tie, 0 for a loss), from 0 to 1, the scale of
:func:`nbgames.bots.rollouts`, of :func:`nbgames.bots.ismcts` and of the solver's
``payoff="win"``. The loss is in
points of win chance (0.10 = ten percentage points). The lines
(:data:`~nbgames.arena.judge.THRESHOLDS`) are Lichess's 0.05 and 0.10, with
the blunder line at 0.20, and a good line at 0.02 (a smaller loss cannot be told
from none: one measure's value moves by a few hundredths from seed to seed in
the noisier titles):

=============  ===========================================================
class          the loss's 95 % interval
=============  ===========================================================
best           below 0.05 and reaching 0.02 (as good as the best move, within
               0.02 and the noise)
good           above 0.02 and below 0.05
unclear        reaching both sides of 0.05: the noise does not tell
inaccuracy     from 0.05 up: at least 0.05, clear of the noise
mistake        from 0.10 up
blunder        from 0.20 up
=============  ===========================================================

A class is the class of the interval's low end: a loss of 0.25 ± 0.08 is a
mistake (at least 0.17), not a blunder. A long game lost by many small errors
(a few hundred decisions) gives up its win chance a little at a time: its mean
loss shows it (with its standard error in the summary) more than its classes
do.

Only what the seat knew
-----------------------
A decision is judged from its seat's information set (:class:`nbgames.InfoSet`:
the seat's observation, everything it could not see resampled), never from the
true state: the review replays the record and, at each decision, gives the
advisor ``InfoSet(state, seat)`` only. A move that lost to an unlucky draw is not
a mistake; a move that threw away a game the seat could see was won is a
blunder. Seeds come from the review's ``seed`` and the step only (nothing hidden,
the game's seed included, changes what the review says); the exact solver's
deals are drawn from them too.

What the seat knew is what it was shown. Where a title's rule asks players to
remember what the game showed (a stack of which the table shows only the top
card), the title declares the options a review judges with
(:func:`~nbgames.arena.review.review_view`: a perfect memory), so a move is
judged by what its seat had seen, not by what it may have forgotten; the review
then says so (``Review.view``), and ``review(..., view={})`` judges as played.
Measured where it matters most (a random-vs-greedy game, five review seeds,
``bench/review.py``, the same budget): judged as played, the judge forgot what the
greedy seat remembered and put its mean loss above the random seat's (0.072
against 0.059), and 74 % of the decisions kept their class; with the perfect
memory, 0.014 against 0.044 and 93 %, in about 40 % less time (its worlds
resample only what nobody saw). In the other title that declares it: 99 % against
98 %, at the same cost.

Where the values come from
--------------------------
* **Exact** where the rest of the game is small enough: the solver
  (:func:`nbgames.theory.solver` with ``payoff="win"`` and ``enumerate=True``,
  an advisor with ``can_solve``) solves the tree of the rest of the game over
  every world the seat cannot tell apart with its exact chance, where the title
  can list them and their tree fits (the values are exact: ``se`` 0), else over
  :data:`EXACT_WORLDS` deals of the hidden cards drawn from the seat's
  information set, with their sampling error; the row says ``source="exact"``
  and which it was (``method``, ``worlds``). By default for 2-player games only
  (an exact sequence-form LP); with three or more players no exact method scales
  (pass ``exact=`` a solver to use pygambit's approximate logit QRE anyway).
* **Playouts** elsewhere, ``source="search"``: by default
  ``nbgames.bots.rollouts(n=budget)`` (:data:`DEFAULT_ADVISOR`): a move's value
  is the mean result of playing it in worlds drawn from the seat's information
  set and playing on by the title's prior for 8 decisions, scored by the title's
  evaluation (the way backgammon programs roll a position out), the moves of
  one round in the same worlds (common random numbers). Each candidate move is
  measured alone, then paired rounds of the move taken and its best rival, more
  rounds where the two are close (:mod:`~nbgames.arena.judge`).
  ``advisor="ismcts"`` (``nbgames.bots.ismcts(iterations=budget, anchor=0)``)
  or any ``advisor`` with ``analyse`` searches instead.

  *Why playouts by default.* The noise of a playout value shrinks with more playouts and
  pairs across moves; a focused search's value of a hundred iterations moves by
  0.03 to 0.05 from seed to seed whatever its budget (it depends on what its tree
  happened to find). Measured with ``bench/review.py`` (the same game reviewed
  with five seeds; the share of decisions given the same class by all, and the
  CPU seconds of one review), playouts against the search, title by title: 91 %
  against 91 %, 91 % against 90 %, 57 % against 38 %, 99 % against 97 % and 100 %
  against 84 %, in 9 to 43 s of CPU against 12 to 41 s (the titles in
  ``nbgames.games()`` order). Since then one title's evaluation counts what its
  playouts missed and one title declares three times the budget
  (:func:`~nbgames.arena.review.budget_scale`): 91, 95, 74, 99 and 100 %, in 10 to
  44 s of CPU (the most of five reviews: 12, 35, 42, 46 and 37 s). Since the noise is
  measured over the paired playouts and the rounds stop only where a wider interval
  is settled (:mod:`~nbgames.arena.judge`): 95, 97, 86, 98 and 100 %, in 12 to 41 s
  of CPU on average (the most of five reviews: 13, 34, 46, 40 and 36 s). The title at
  86 % also declares 32 rounds at most, not 16
  (:func:`~nbgames.arena.review.review_rounds`): 91 %, in 53 s of CPU on average (58 s
  at most). Since a round's worlds are drawn once (:mod:`~nbgames.agents.rollouts`) and
  a decision on a class line stops past half its rounds (:func:`~nbgames.arena.judge.futile`),
  with the other core busy: 93, 97, 90, 98 and 100 %, in 16, 44, 69, 46 and 41 s of CPU
  on average; the title at 90 % measured alone (the other core idle), 58 s on average
  and 65 s at most, over the minute. With three titles' engines and search priors made
  faster (the same values, playouts and classes): 93, 97, 90, 98 and 100 %, in 20, 25,
  48, 26 and 41 s of CPU on average (the most of five reviews: 24, 27, 54, 31 and 48 s;
  the third title alone, the second and fourth with the other core busy, the first and
  last from the run before). With the third and fourth titles judged with a perfect
  memory (:func:`~nbgames.arena.review.review_view`) and the third at 3.5 times the
  budget its cheaper worlds afford: 91 % and 99 % for those two (the third alone in 42 s
  of CPU on average, 52 s at most; on three other games 92, 88 and 89 %, where judged
  as played it was 82, 71 and 74 %). With the first title's evaluation learned from
  self-play (sharper: a position's value moves further with a lead): 91 % for it, in 18 s
  of CPU on average (21 s at most), and the random seat's mean loss above the greedy
  one's by twice as much as before. Where the next decision
  after a move is a placement among hundreds, a playout stops there (as the
  search's do), so a value is the title's evaluation after the move: no noise,
  and no look further. What playouts give
  up: the others answer by the prior, not by their best reply.

The default budget (:func:`~nbgames.arena.review.default_budget`: :data:`DEFAULT_BUDGET` playouts a
move, fewer in a long game, so that a game's review spends about
:data:`GAME_BUDGET` of them) keeps a whole game of every title within a
minute of one core: ``bench/review.py`` measures the time per game and how
often reviews with other seeds agree. A title whose playouts are cheap declares
how many times that budget its review affords within the minute
(:func:`~nbgames.arena.review.budget_scale`, its spec's ``extra["review"]``):
more playouts narrow every interval, so fewer classes change with the seed. A title
whose decisions often sit near a class line declares how many rounds a decision may
take at most (:func:`~nbgames.arena.review.review_rounds`): only the decisions still
unsettled take them.

The work goes to any ``concurrent.futures`` executor (dask's
``client.get_executor()`` included), in batches, with a progress bar, and gives
the same rows whatever the executor: every decision has its own seed.
"""

from __future__ import annotations

import re
import time

from ..agents.adapter import policy_name
from ..core.errors import OptionError, RecordError
from ..core.registry import replay, spec
from ..core.validate import as_int
from .judge import (
    CANDIDATES,
    CLASSES,
    COLUMNS,
    MAX_ROUNDS,
    MIN_ROUNDS,
    RIVALS,
    THRESHOLDS,
    classify,
    decision_seed,
    futile,
    judge,
    settled,
    verdict,
)
from .review_result import Review
from .review_run import decisions_of, progress_bar, review_batch, run

__all__ = ["review", "Review", "CLASSES", "THRESHOLDS", "COLUMNS", "DEFAULT_ADVISOR", "DEFAULT_BUDGET",
           "EXACT_NODES", "EXACT_WORLDS", "GAME_BUDGET", "LEAST_BUDGET", "default_budget", "budget_scale",
           "review_rounds", "review_view", "CANDIDATES",
           "MIN_ROUNDS", "MAX_ROUNDS", "RIVALS", "classify", "verdict", "settled", "futile", "decision_seed",
           "decisions_of", "judge", "review_batch"]

DEFAULT_ADVISOR = "rollouts"
"""The judge when no advisor is given: ``nbgames.bots.rollouts(n=budget)`` (see the
module doc, "Where the values come from"); ``advisor="ismcts"`` searches instead."""

DEFAULT_BUDGET = 100
"""Playouts of each move measured (or iterations of each search) of a decision
when no advisor and no ``budget`` are given, in a game short enough (see
:data:`GAME_BUDGET`)."""

GAME_BUDGET = 27_000
"""With the default budget, the playouts (or iterations) a whole game's review
aims at: each measure gets ``GAME_BUDGET / (8 * decisions)`` (8: a rough count of
a decision's measures: up to four candidates, then rounds of two, more where the
class is close, fewer with two moves; 27,000, not 30,000: a game of 96
decisions took 54 s of CPU with 30,000), at most :data:`DEFAULT_BUDGET` and at least :data:`LEAST_BUDGET`,
``decisions`` counting every seat's decisions with a choice (so a seat's rows
do not depend on which other seats are reviewed)."""

LEAST_BUDGET = 24
"""The fewest playouts of a move (or search iterations) with the default budget (a long game)."""

EXACT_NODES = 3000
"""The default solver's ``max_nodes``: the largest tree the review solves exactly."""

EXACT_WORLDS = 16
"""Deals of the hidden cards the default solver draws from the information set
(from the decision's seed)."""


def _check_thresholds(thresholds) -> dict:
    if thresholds is None:
        return dict(THRESHOLDS)
    if not isinstance(thresholds, dict) or set(thresholds) - set(THRESHOLDS):
        raise OptionError(f"thresholds must be a dict with keys among {', '.join(THRESHOLDS)}, "
                          f"got {thresholds!r}"[:200])
    th = {**THRESHOLDS, **thresholds}
    vals = [th[k] for k in ("good", "inaccuracy", "mistake", "blunder")]
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in vals) \
            or vals != sorted(vals):
        raise OptionError(f"thresholds must be numbers >= 0 rising from good to blunder, got {th}")
    return th


# -- the advisors ---------------------------------------------------------------------------
def default_budget(decisions: int, scale: float = 1.0) -> int:
    """The playouts of a move (or iterations of a search) with the default budget, for a game of
    ``decisions`` decisions with a choice (see :data:`GAME_BUDGET`), times ``scale``: what
    the title declares its cheaper playouts afford (:func:`budget_scale`)."""
    return min(round(DEFAULT_BUDGET * scale),
               max(LEAST_BUDGET, round(GAME_BUDGET * scale) // (8 * max(1, decisions))))


def budget_scale(title: str) -> float:
    """How many times the default budget a review of ``title`` spends: its spec's
    ``extra["review"]["budget"]`` (1 when it declares none). A title whose playouts
    are cheap declares how many more of them still keep a game's review within a
    minute of one core, with what it measured; more playouts narrow every interval,
    so fewer classes change with the review's seed."""
    return float(_declared(title, "budget", 1.0))


def review_rounds(title: str) -> int:
    """A searched decision's rounds at most in a review of ``title``: its spec's
    ``extra["review"]["rounds"]`` (:data:`MAX_ROUNDS` when it declares none). A title
    whose decisions often sit near a class line declares more, with what it measured:
    more rounds narrow the intervals that are still unsettled, and only theirs."""
    return int(_declared(title, "rounds", MAX_ROUNDS))


def review_view(title: str) -> dict:
    """The game options a review of ``title`` judges its decisions with: its spec's
    ``extra["review"]["view"]`` (``{}`` when it declares none). Only options that
    change what a seat is shown, never a rule, so the record replays the same game
    under them. A title whose rule asks players to remember what the game showed
    (a stack of which the table shows only the top card, say) declares the view of
    a perfect memory: a move is judged by what its seat had seen, not by what it may
    have forgotten, and the judge's worlds then resample only what nobody saw, so
    its values are less noisy."""
    return dict(_declared(title, "view", {}))


def _judged_record(record: dict, final, view) -> tuple[dict, dict]:
    """(the view used, the record the decisions are judged in): the record with the
    view's options, which must replay to the same game."""
    title = final.game.title
    declared = review_view(title)
    if view is None:
        view = declared
    if not isinstance(view, dict) or set(view) - set(declared):
        allowed = ", ".join(repr(k) for k in declared) or "none (this title declares no view)"
        raise OptionError(f"view must be None (the title's: {declared}), {{}} (as played) or a "
                          f"dict of options among {allowed}, got {view!r}"[:300])
    options = dict(record.get("options") or {})
    view = {k: v for k, v in view.items() if options.get(k) != v}
    if not view:
        return {}, record
    judged = dict(record, options={**options, **view})
    try:
        again = replay(judged)
    except RecordError as e:                   # a value the title refuses, named
        raise OptionError(f"view={view}: {e}") from None
    if again.history != final.history or again.step != final.step or \
            again.is_terminal() != final.is_terminal() or \
            (final.is_terminal() and again.scores() != final.scores()):
        raise OptionError(f"view={view} changes the game of this record (a view may only "
                          f"change what a seat is shown)")
    return view, judged


def _declared(title: str, key: str, default):
    """What ``title``'s spec declares for its review (``extra["review"][key]``)."""
    return spec(title).extra.get("review", {}).get(key, default)


def _search_advisor(advisor, budget, decisions, scale=1.0):
    """(search advisor, exact advisor or None) from the ``advisor`` argument."""
    from ..agents.rollouts import rollouts
    from ..agents.search import ismcts
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
        raise OptionError(f"budget must be None (default {DEFAULT_BUDGET}, fewer in a long game) "
                          f"or an int >= 1 (playouts a move, or search iterations), got {budget!r}")
    n = budget or default_budget(decisions, scale)
    # the review's own search has no anchor: a judge that leans to the heuristic bot's
    # move would favour the bot it reviews
    made = {"rollouts": lambda: rollouts(n=n), "ismcts": lambda: ismcts(iterations=n, anchor=0)}
    if advisor is None:
        advisor = DEFAULT_ADVISOR
    if isinstance(advisor, str) and advisor in made:
        return made[advisor](), None
    if isinstance(advisor, str) or not callable(getattr(advisor, "analyse", None)):
        raise OptionError(f"advisor must be None, \"rollouts\", \"ismcts\", a policy with an "
                          f"analyse(infoset) method (nbgames.bots.rollouts(...), "
                          f"nbgames.bots.ismcts(...)) or a solver "
                          f"(nbgames.theory.solver(payoff=\"win\")), got {advisor!r}"[:300])
    if callable(getattr(advisor, "can_solve", None)):     # a solver: exact where it can
        _check_solver(advisor)
        return made[DEFAULT_ADVISOR](), advisor
    if budget is not None:
        raise OptionError(f"budget={budget} sets the default judge's playouts; {policy_name(advisor)} "
                          f"has its own budget (set it there, e.g. nbgames.bots.rollouts(n="
                          f"{budget}))")
    return advisor, None


def _check_solver(solver):
    payoff = getattr(solver, "payoff", "win")
    if payoff != "win":
        raise OptionError(f"the review measures win chance: give a solver with payoff=\"win\" "
                          f"(nbgames.theory.solver(payoff=\"win\")), not payoff={payoff!r}")
    return solver


def _exact_advisor(exact, players, have):
    if have is not None:
        if exact not in (True, None):
            raise OptionError("give the solver either as advisor= or as exact=, not both")
        return have
    if exact is False or exact is None:
        return None
    if exact is True:
        if players != 2:
            return None
        try:
            import scipy  # noqa: F401 - the default solver's LP
        except ImportError:
            return None
        from ..theory.advisor import solver
        return solver(max_nodes=EXACT_NODES, worlds=EXACT_WORLDS, payoff="win", method="highs",
                      enumerate=True)
    if not callable(getattr(exact, "can_solve", None)):
        raise OptionError(f"exact must be True, False or a solver (nbgames.theory.solver(payoff="
                          f"\"win\")), got {exact!r}"[:200])
    return _check_solver(exact)


def _search_text(search) -> str:
    iters = getattr(search, "iterations", None)
    secs = getattr(search, "seconds", None)
    name = policy_name(search)
    if secs:
        return f"{name}: {secs} s a search"
    if getattr(search, "paired", False) and getattr(search, "n", None):
        return f"{name}: {search.n} playouts a move"
    return f"{name}: {iters} iterations a search" if iters else name


def _exact_text(solver) -> str:
    """The solver as people read it (its repr without the seed of its deal draws)."""
    if solver is None:
        return ""
    return re.sub(r",? ?seed=\d+", "", repr(solver)).replace("(, ", "(")


# -- the entry point ---------------------------------------------------------------------------
def _as_record(record) -> dict:
    from ..core.state import State
    if isinstance(record, State):
        return record.record()
    if not isinstance(record, dict):
        raise OptionError(f"review needs a record (nbgames.play(...), state.record()) or a State, "
                          f"got {type(record).__name__}")
    return record


def _seats(seats, players) -> list[int]:
    if seats is None:
        return list(range(players))
    if type(seats) is int:
        seats = [seats]
    if isinstance(seats, (str, bytes)) or not hasattr(seats, "__iter__"):
        raise OptionError(f"seats must be None, a seat or a list of seats, got {seats!r}")
    seats = list(seats)
    bad = [s for s in seats if type(s) is not int or not 0 <= s < players]
    if bad or not seats or len(set(seats)) != len(seats):
        raise OptionError(f"seats must be distinct seats from 0 to {players - 1}, got {seats!r}")
    return sorted(seats)


def review(record, seats=None, advisor=None, budget: int | None = None, *, exact=True,
           seed: int = 0, executor=None, progress=True, batch: int | None = None,
           thresholds: dict | None = None, view: dict | None = None) -> Review:
    """Review a game: every decision of ``seats`` (default: all) measured from that
    seat's information set, the loss of win chance and its class (see the module
    doc for the scale, the classes and where values come from).

    ``record`` is a record (``nbgames.play(...)``, ``state.record()``, a
    tournament's ``records``) or a State. ``advisor``: None or "ismcts" (the
    search, ``budget`` iterations a search, default :func:`~nbgames.arena.review.default_budget`), any
    object with ``analyse(infoset, progress=None)`` returning ``{aid: {"value",
    "visits", ...}}`` with values in win chance (it keeps its own budget; one that
    says ``paired = True`` and gives each playout's value as ``"playouts"`` has its
    noise measured over them, as :func:`nbgames.bots.rollouts` does), or a
    solver (``nbgames.theory.solver(payoff="win")``: exact where ``can_solve``,
    the default judge elsewhere). ``exact``: True (the default solver where a 2-player
    position is small enough), False (search only), or a solver. ``seed`` makes
    the review reproducible; ``executor`` is any ``concurrent.futures.Executor``
    (dask's included; the advisor must then be picklable) and ``batch`` the
    decisions per task (None: about four tasks a worker); ``progress`` shows a
    tqdm bar (True), nothing (False), or is called as ``progress(done, total)``
    after each decision (each batch on an executor). ``thresholds`` overrides
    :data:`~nbgames.arena.judge.THRESHOLDS`. ``view``: the game options the
    decisions are judged with (None: the title's declared ones, see
    :func:`~nbgames.arena.review.review_view`; ``{}``: as the game was played)."""
    record = _as_record(record)
    final = replay(record)                     # RecordError names what is wrong
    game = final.game
    view, judged = _judged_record(record, final, view)
    seats = _seats(seats, game.players)
    everyone = decisions_of(record, list(range(game.players)))
    search, have = _search_advisor(advisor, budget, len(everyone), budget_scale(game.title))
    exact_adv = _exact_advisor(exact, game.players, have)
    seed = as_int(seed, "seed", -(2**63), 2**63 - 1)
    th = _check_thresholds(thresholds)
    todo = [d for d in everyone if d[1] in seats]
    t0 = time.perf_counter()
    bar = progress_bar(len(todo), progress, f"{game.title} review", "decision")
    rows = run(judged, todo, search, exact_adv, seed, th, _search_text(search), executor, bar,
               batch, review_rounds(game.title))
    if bar is not None:
        bar.close()
    names = [str(n) for n in (record.get("policies") or record.get("names") or [])]
    return Review(game.title, game.players, seats, rows, record, names, _search_text(search),
                  _exact_text(exact_adv), seed, th, round(time.perf_counter() - t0, 3), view)
