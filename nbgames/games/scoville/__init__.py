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
``catalog()``), ``decks`` (counts), ``stacks`` (plaque values left), ``prices``,
``holdings`` (``money``/``peppers``/``market``/``recipes`` are None behind a
screen; ``plaques`` and ``tiles`` are public), ``events`` (the public events of
the current round), ``bids`` (once revealed), ``bidding``/``my_bid`` during the
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
  and logs it (``skip`` events).
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
* **Ties.** Most points, then most money, then shared.
* **Screens.** ``screens=True`` (faithful): a seat sees its own money, peppers
  and cards, the field, farmers, displays, turn order, plaques, tiles (a used
  tile is discarded face up, so unused ones are known), revealed bids and the
  public events of the current round. ``screens=False`` shows every holding.
  ``scores()`` before the end shows with screens only the public points
  (plaques and unused tiles), without screens the running total.
* **Determinize** (:meth:`.rules.ScovilleState._resample`): the hidden deck
  orders are shuffled; with screens, each other seat's earlier cards are
  shuffled among the other seats (counts kept, cards taken this round stay),
  its peppers are rebuilt as *the least its public moves of the round needed*
  plus as many other peppers drawn from the pooled rest of all other seats, and
  its money as the least its bid needed plus a rest redrawn between half and
  one and a half times the true rest; then the round's public moves are applied
  again. The core replays random legal bids for the others' secret bids.

Worked examples of the rulebook are tests in ``tests/test_scoville.py``; the
positions that random set-up rarely deals are staged with :mod:`.scenario`
(a small helper replacing parts of the round-1 set-up before any decision).
"""

from ...core.spec import TitleSpec
from . import bot, encoder, render
from .rules import ScovilleGame, ScovilleState

SPEC = TitleSpec(game=ScovilleGame, bot=bot.choose, render=render.render,
                 js=("scoville.js",), bench_players=(2, 6), variants=({"screens": False},),
                 encoder=encoder.encode,
                 prior=bot.search_prior, evaluate=bot.search_evaluate)

__doc__ += SPEC.help()

__all__ = ["SPEC", "ScovilleGame", "ScovilleState"]
