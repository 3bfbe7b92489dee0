"""Chill & Chili (Schmidt Spiele, 2017): push your luck at the pond, 2 to 5 players.

>>> import nbgames
>>> game = nbgames.load("chill_and_chili", players=2)
>>> state = game.new_state(seed=1)
>>> state.apply("take the pond as money").current_player
1

Every turn pushes one chip from the pond board into the pond. Then a player
buys a card (an accessory, the top card of the draw pile, or a market card for
4, 3, 2 or 1 coins), plants one bed (or lays out an accessory), or takes half
the pond (rounded up) as money or as water. Water drops cover the suns of your
beds; a bed whose suns are all covered scores double. The game ends after the
turn in which the last chip leaves the pond board. Beds score their top card
(doubled when watered), each card in hand 1 point, every 3 coins 1 point.

Decisions (``game.action_space``; see :mod:`.rules` for every kind): before the
main action, ``fresh vegetables: row <r>`` and ``Scarecrow: draw the top card``
(then ``compost <card>``) are offered beside the main actions ``buy
<accessory>``, ``draw the top card``, ``buy row <r> space <s> (<p> coins)``,
``plant <Variety> (suns a+b)``, ``lay out <accessory>``, ``take the pond as
<money|water>``. Then, as the turn needs them: ``compost <card>`` (hand limit),
``Watering Can chips as <mode>``, ``Wheelbarrow chips as <mode>`` and ``water
bed <b>``, one drop at a time.

Observation (JSON, cards named by index into ``game.catalog()``): ``step``;
``pond_board``, ``pond``, ``take`` (what taking the pond gives now), ``take_left``
(what a take leaves in the pond), ``well``;
``draw`` (count), ``compost`` (count by card type; the compost is face up);
``market`` (rows of card types, -1 empty); ``stacks`` (accessories left);
by seat ``coins``, ``laid`` and ``held`` (accessories laid out / in hand),
``hand_sizes``, ``beds`` (``[bed kind, drops]``, bed kinds index
``catalog()["beds"]``), ``bed_values`` (what each bed scores now, e.g. ``[[10,
4], []]``), ``watered`` (indexes of the beds whose suns are all covered, e.g.
``[[0], []]``), ``scores`` (what each would score now); ``drops`` (water still
to place this turn), ``fresh_used``, ``scarecrow_used``, ``last_turn``;
``pending_chips`` (only while the Watering Can or the Wheelbarrow asks: the
chips it gives from the well); private: ``hand`` (your vegetable cards),
``drew`` (what you drew in your latest turn) and, only for the seat deciding
its main action, ``take_preview``: what taking the pond would bring it, played
out by the engine on a copy (``can``: the Watering Can's chips that follow;
as water, each drop on the bed closest to complete: ``free`` suns on its beds,
suns ``covered``, beds made ``complete``, drops going ``to_well``), e.g.
``{"can": 0, "free": 4, "covered": 4, "complete": 2, "to_well": 2}``; at the end
``result`` (the scoring table and the winners).

Options: ``first_player`` (0), ``start_order`` ("any"),
``held_accessories_score`` (True), ``components`` (None or a corrected file).

Readings of the rulebook where it is silent or ambiguous (each is our choice)
-------------------------------------------------------------------------------

* **Fresh vegetables and the Scarecrow.** Both happen "at the start of the
  turn" and the rulebook orders neither against the other, so by default
  (``start_order="any"``) each is offered, at most once, until the main action,
  in the order the player likes. ``"fresh_first"`` / ``"scarecrow_first"`` fix
  an order for tables that read it so.
* **Taking from an empty pond.** It cannot happen: every turn first pushes a
  chip, and a take leaves half the pond rounded down, so the pond holds at least
  one chip whenever a player acts.
* **Water with no free sun.** Taking the pond (or the Watering Can's or the
  Wheelbarrow's chips) as water is allowed even when no sun is free; the drops go
  into the well ("If all suns on all cards are covered, the surplus ... go into
  the well"). This is how a player denies the pond to the next player without
  keeping the chips.
* **Where a drop lies.** All suns of one bed count alike for scoring, so a drop
  is placed on a bed (``water bed b`` covers its next free sun); the board lets
  you click any free sun. Drops are placed one decision at a time; when only one
  bed has free suns there is no choice, and the engine fills it without asking.
* **Accessory chips.** The Watering Can's 2 chips are chosen (money or water)
  right after the main take, and all the turn's drops are then placed together;
  the Wheelbarrow's come after the Fertilizer's card when planting. Both give
  what the well holds when it holds fewer than 2 and ask nothing when it is
  empty. Accessories work once laid out, from the next planting or take on (the
  turn that lays one out is an action B of its own).
* **Accessories in hand.** They count toward the hand limit of 7 (they are cards
  in hand). An accessory put on the compost goes back to its stack (it is not a
  vegetable and cannot join the draw pile). At the end, an accessory in hand
  scores 1 point like any card in hand (``held_accessories_score=True``; set
  False to count vegetable cards only). Accessories in hand are public: they are
  bought from open stacks and go back to them.
* **Hand limit.** It applies to every way of gaining a card (buying an
  accessory, drawing, buying at the market, the Fertilizer). The Scarecrow
  always makes you compost one card, which also restores the limit.
* **Compost.** It is a face-up pile: composted cards are public. "When the draw
  pile is used up" the compost is shuffled into a new draw pile at once; when
  both are empty, no card is drawn (a market space stays empty, marked -1).
* **Planting.** Cards of a variety with the same suns are identical, so a bed is
  chosen by its variety and its cards' suns; pumpkins by their number (1 to 5).
* **First player.** "The player who most recently planted something" is seat 0
  unless ``first_player`` says otherwise. The Gardener is the engine itself.
* **Scores before the end** are what each player would score if the game ended
  now, from public data only.
* **Ties** go to the player who planted more beds; if still tied, all of them
  win (rulebook: End of Game).
* **Components.** Known figures come from the rulebook; the points of Corn,
  Cauliflower and Chili, every card's suns, the pumpkin points by bed size and
  the prices of Fertilizer, Wheelbarrow and Scarecrow are reconstructed, each
  with its reason in ``components.json``; pass ``components=`` to load a
  corrected file.

The worked examples of the rulebook (Nina's Watering Can, Marie's tomatoes,
Nina's 6 of 11 chips) are reproduced in ``tests/test_chill_and_chili.py``.
"""

from ...core.spec import TitleSpec
from ...core.words import plain_text
from . import bot, encoder, render
from .rules import ChillGame, ChillState

SPEC = TitleSpec(game=ChillGame, bot=bot.choose, render=render.render,
                 js=("chill_and_chili.js",), bench_players=(2, 5),
                 encoder=encoder.encode,
                 prior=bot.search_prior, evaluate=bot.search_evaluate,
                 # no weighted worlds: a world's rebuilt past follows the truth's
                 # skeleton here. Hands are kept sorted and a played type leaves by
                 # value, so which dealt places stay in a hand (the others' first
                 # hands, their face-down draws) is the truth's, and a world's past
                 # (so its weight) follows it: twins the seat cannot tell apart got
                 # other weights (tests/test_chance.py, the fresh-pool twins test).
                 # Weighted worlds are asked of it in vain: uniform ones, said so.
                 extra={"no_weighted_worlds": "a rebuilt past here follows the "
                                              "truth's own (which dealt cards stay in "
                                              "a sorted hand)"})

__doc__ = plain_text(__doc__ + SPEC.help())    # help() shows no Sphinx markup

__all__ = ["SPEC", "ChillGame", "ChillState"]
