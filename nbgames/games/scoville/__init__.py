"""Scoville (Ed Marriott; Tasty Minstrel Games, 2014): breed the hottest peppers.

>>> import nbgames
>>> game = nbgames.load("scoville", players=3)
>>> state = game.new_state(seed=1)
>>> state.phase, len(state.legal_actions())
('claim', 3)

Each round has five phases (rulebook: Round Overview): a sealed-bid **auction**
for turn order followed by claiming auction cards, **planting** one pepper next
to the planted plots (plaques for the first hot colours), **harvesting** by
walking your farmer 1 to 3 steps along the paths of the field (a step that ends
between two planted plots cross-breeds them), **fulfillment** of one market
card, one recipe and one sale, and the **time check** (morning, afternoon, the
end). Points: market cards, recipes, plaques, 4 a bonus tile never used, $3 = 1.

Decisions (see :mod:`.rules` for the id layout): ``bid $<n>``, ``take spot <k>``,
``claim auction card <c>``, ``plant <colour> at <plot>``, ``take|decline the
plaque``, ``step to <notch>``, ``double back to <notch>``, ``market card <c>
(as shown|black|white)``, ``recipe <c>``, ``sell <n> <colour>``, ``done``.
Plots are named ``a1``..``j7`` (column letter, row 1 at the top; the starting
plots are ``e4`` and ``f4``); notches are named by the plots either side
(``e4|f4`` is the star, ``e3-e4`` the notch between ``e3`` and the plot below
it, ``|a4`` the outer notch left of ``a4``). See :mod:`.field`.

Options: ``screens`` (default True), ``round_limit`` (default 30),
``components`` (None or a corrected file, see :mod:`.components`).

Observation (JSON): ``phase``, ``round``, ``afternoon``, ``final``, ``order``
(seats by spot), ``field`` (70 characters, ``.`` or the colour index), ``farmers``
(notch by seat), the displays ``auction``/``market``/``recipes`` (indices into
``catalog()``), ``decks`` (counts), ``discard`` (the claimed auction cards of the
deck in use, face up), ``stacks`` (plaque values left), ``prices``,
``holdings`` (``money``/``peppers``/``market``/``recipes`` are None behind a
screen, until the end; ``plaques`` and ``tiles`` are public), ``events`` (the
public events of the current round, see :class:`.rules.ScovilleState`), ``bids``
(once revealed), ``bidding``/``my_bid`` during the
sealed bids, ``queue``/``spots``, ``walk`` (the walking farmer: ``seat``, ``path`` of notches,
``steps``, and ``corners``, the ``[x, y]`` corner in plot units each step passed
through), ``planted``/``offer``/``did`` (the turn so far) and ``result`` at the end.
Derived facts, each present only where it applies:

* ``bid_max`` (bid phase, the viewer is the bidder): the highest legal bid, e.g. ``12``;
* ``offer_value`` (plaque phase): the value of the plaque a take gets, e.g. ``7``;
* ``harvest`` (harvest phase, the viewer is walking): what a step or double back to
  each legal target notch harvests, keyed by the notch as a string, e.g.
  ``{"40": [2, 2], "118": []}``;
* ``affordable`` (a seated viewer, before the end, when any): the displayed
  ``market`` cards and ``recipes`` the viewer's peppers pay now, e.g.
  ``{"market": [3], "recipes": []}`` (the payment check of the fulfillment).

Readings of the rulebook where it is silent or ambiguous (each is our choice)
-------------------------------------------------------------------------------

* **Sealed bids.** From round 2 each seat bids in seat order (0, 1, ...) with the
  core's secret-choice mechanism; nobody sees a bid before all are in (only
  *that* a seat has bid). Then the bidders choose spots, highest first, ties by
  the previous order; zero bids fill the rest in the previous order.
* **Bid cap.** Bids are ids ``bid $0`` .. ``bid $CAP``. Money rises only in
  Fulfillment, by at most one market card (at most $7) and one sale (at most 5
  peppers at ``70 // 2 = $35``) a round, so after ``round_limit`` rounds
  money <= 10 + 30 x 182 = 5470 = CAP (:func:`.scoring.money_cap`; asserted by
  ``check_invariants`` and tests). No reachable amount is cut off.
* **Round limit.** The rulebook has none, but a game in which nobody fulfils a
  market card never leaves the morning. Option ``round_limit`` (default 30)
  ends the game after that round. It is also what bounds money. Measured over 20
  seeds: games between the greedy bots last 14-17-30 rounds (min-median-max)
  with 2 players, 8-12-25 with 3, 8-12-18 with 4, 7-8-12 with 6; 1 of the 20
  two-player games reached the limit.
* **Forced decisions are automatic.** The last free spot, the last auction card,
  a player with nothing to plant, no step or nothing to fulfil: the engine acts
  and logs it (``skip`` events; ``end`` where it plays the only answer ``done``
  for a planting or fulfillment under way; a ``done`` the player chose is a
  ``done`` event).
* **Plaques.** A plant that qualifies (a stack of that colour is left and you
  have no plaque this round) asks ``take the plaque`` / ``decline the plaque``;
  declining lets the extra pepper claim one (rulebook: Plant 1 Extra Pepper).
* **Extra pepper.** After your first pepper, while you hold the tile and can
  plant, you choose another ``plant`` (which plays the tile) or ``done``.
* **Walking.** The paths are the plot edges; a step goes from the middle of one
  edge through a corner to the middle of another edge at that corner. Not
  turning back = leaving through the corner you did not arrive by (at the start
  any direction). ``double back to`` leaves through the corner you arrived by
  (3 targets, the notch you came from included) and plays Double Back Once; a
  4th step plays Move 1 Extra Step. A farmer may not end a step on another
  farmer; farmers not yet placed (round 1) do not block. In round 1 the farmer
  is put on the star even if another farmer stands there (placing is not a step).
* **Market card "black or white".** Two afternoon cards give a black or a white
  pepper: the choice is part of the decision (``market card 34 (black)``).
* **Time check, morning.** If the recipes are short, the afternoon is skipped and
  one more round is played; the market is then not switched to the afternoon.
  The morning auction deck and its discards leave the game in the afternoon;
  morning cards on display stay and are discarded out of the game when claimed.
* **Ties.** Most points, then most money (``_tiebreak``), then shared.
* **Screens: table memory.** ``screens=True`` (the default, faithful): a seat
  sees its own money, peppers and cards, the field, farmers, displays, deck
  sizes, the discarded auction cards, turn order, plaques, tiles (a used tile
  is discarded face up, so unused ones are known), revealed bids and the public
  events of the current round, which stay on the table (``events``). That is
  all it is held to know: it does not track the holdings behind the screens
  through earlier rounds (the screens hide them: what a player knows of them is
  what it remembers); a perfect memory of every public move is
  ``screens=False``, which shows every holding. At the end the screens come
  down for the tally: every holding is shown. ``scores()`` before the end shows
  with screens only the public points (plaques and unused tiles), without
  screens the running total. ``nbgames.review`` judges a game played with
  screens with a perfect memory (``screens=False``, the spec's
  ``extra["review"]["view"]``): a move is judged by what its seat had seen;
  ``review(..., view={})`` judges as played.
* **The log.** Its public lines name every claim, planting, harvest, card and
  sale, in every round: it is the game's transcript (for people, records and
  replays), the same in both modes. With screens, a seat's information is its
  observation (above), not the transcript: lines of earlier rounds are not
  memory a determinized copy must keep (a copy's log, the lines the seat read,
  may name a card taken in round 2 that the copy has put behind another screen);
  lines of the current round are the ``events``, which it keeps.
* **Determinize** (:mod:`.inference`, the State's ``_resample_more``; the core
  shuffles the face-down decks and replays random legal bids for the other
  seats' sealed bids, among the amounts their resampled money allows). With
  screens, from what the seat sees and the generator only, for every other seat:

  - *cards*: the market cards and recipes the seat saw taken this round stay
    with their takers; the rest behind the other screens are as many as the
    table says (every card dealt at set-up is on display or held; in the
    afternoon the count of morning cards held is drawn between ``k - players +
    1`` and ``k``, the morning display having run short), drawn from the cards
    the seat has not seen (including those set-up returned to the box), each
    behind a random other screen: neither which cards nor how many each holds
    survives;
  - *peppers*: the start of the round is rebuilt from the round's public
    events (:func:`.inference.facts`), keeping every one by construction: each
    pepper planted, paid or sold was there in time; where the engine saw the
    seat with no pepper (a planting skipped with a free plot, a planting ended
    with the tile and a free plot left, a fulfillment skipped or ended before
    its sale) the start is exactly what makes it empty there; where it chose
    ``done`` or is asked now, it holds what it could use; where its fulfillment
    was ended after its sale, it can pay none of the cards open to it then.
    Beyond the least those need, 0 to ``2 + round`` peppers of colours drawn
    from the planted field (one that would let the seat pay a card it could
    not pay when its fulfillment was ended is left out); then the round's
    events are applied again;
  - *money*: at least its revealed bid, plus a rest of $0 to the starting
    money + $3 a round played, never above what those rounds allow; then the
    round's bids and income again.

  ``check_invariants`` checks the same facts (and the cards conserved, money
  within the rounds' bound, a skipped walk boxed in) on every true state and
  every copy.

Worked examples of the rulebook are tests in ``tests/test_scoville.py``; the
positions that random set-up rarely deals are staged with ``game.scenario`` (a
state dict with edited data; its record replays).
"""

from ...core.spec import TitleSpec
from ...core.words import plain_text
from . import bot, encoder, render
from .rules import ScovilleGame, ScovilleState

SPEC = TitleSpec(game=ScovilleGame, bot=bot.choose, render=render.render,
                 js=("scoville.js",), bench_players=(2, 6), variants=({"screens": False},),
                 encoder=encoder.encode,
                 # no weighted worlds declared (extra["worlds"]): each world replays the
                 # round from its own holdings rolled back (inference.roll_back), but the
                 # weighted search did not beat the uniform one (bench/search.py --worlds,
                 # 2 players, 0.2 s of CPU a move, duplicate deals, 20 games a run): the
                 # prior as it is 0.50 (0.35-0.65); sharpened to 1/0.3 0.55 and 0.40
                 # (seeds 0 and 1; 0.475 over 40 games). A weighted world costs 8-15x a
                 # uniform one (0.4-0.7 ms: the round replayed, the prior asked), 0.4x
                 # per world a 1 s search uses. Carried on from the seat's last decision
                 # (chance.worlds(kept=), bench/search.py --worlds, seat 0 at its 113
                 # decisions of a greedy game): 5.2x a world (12.6x drawn afresh each
                 # time), 2.5x in the pools that needed no fresh world. With a faster
                 # engine and a likelihood memo kept only where it pays for its keys:
                 # 3.1x carried on (7.5x afresh, 1.6x). Weighted against uniform again
                 # then (0.2 s, 20 deals, seed 0): 0.487 (40 games, CI 0.33-0.64).
                 prior=bot.search_prior, evaluate=bot.search_evaluate,
                 # The review judges with a perfect memory of every public move (view
                 # screens=False): what a player knows behind the screens is what it
                 # remembers, so a move is judged by what its seat had seen. A
                 # random-vs-greedy game (game seed 1, five review seeds, both cores
                 # busy): 99% the same class against 98% judged as played, 23-32 s of
                 # CPU either way; mean loss random 0.0058 and greedy 0.0022 against
                 # 0.0070 and 0.0021.
                 extra={"review": {"view": {"screens": False}}})

__doc__ = plain_text(__doc__ + SPEC.help())    # help() shows no Sphinx markup

__all__ = ["SPEC", "ScovilleGame", "ScovilleState"]
