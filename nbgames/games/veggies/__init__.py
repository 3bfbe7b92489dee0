"""Veggies (Nasza Ksiegarnia "Magazynier"; Devir "Veggies"): stock your market stand.

>>> import nbgames
>>> game = nbgames.load("veggies", players=2)
>>> state = game.new_state(seed=1)
>>> state.legal_actions()
[start with hand card 0, start with hand card 1]

Each player builds a stand from 2 x 3 cards of goods (strawberry, banana, grape,
carrot, mushroom), empty crates and rats, laying each new card beside or on top
of the stand. At the end the goods of everyone's largest groups are pooled and
every player scores, for each pooled good, (largest group) x (number of groups),
minus 2 a visible rat.

Decisions (ids are fixed for a game; see :mod:`.rules` for the formula):

* ``start with hand card 0|1``: the set-up choice of the starting card (the other
  card is held), seats in order 0, 1, ...;
* ``place <held|ramp1|ramp2|ramp3> r<0|90|180|270> at (<r>,<c>)``: one turn.
  ``held`` is the card in your hand, ``ramp1`` to ``ramp3`` the ramp's slots 1 to 3.
  ``(r, c)`` is the top-left space of the card after the clockwise rotation,
  counted from the top-left space of the starting card (rows down, columns right);
* ``announce <good>``: only when the largest groups tie.

Options: ``stand_cards`` (default 8), ``start`` (default "secret": the starting
cards are chosen face down and revealed together; "open": each is public as soon
as it is laid), ``teams`` (default None: **4 players play in two teams**, seats
0+2 against 1+3; ``teams=False`` plays each for themselves), ``components``
(None, or a path/dict/list of a corrected card file; see :mod:`.components`).
The section "Options" below gives each in full.

Observation (JSON): ``phase`` (start/place/announce/over); ``stands`` (each
seat's placed cards with rotation and position, the visible ``rows`` with their
``origin``, ``rats`` and ``hand_size``); ``ramp``; ``deck`` (count); ``hand``
(your own cards only); ``announced`` (who is done) and ``my_announcement``; once
all are in, ``announcements``, ``pooled`` and ``result`` (the scoring table).

Readings of the rulebook where it is silent or ambiguous (each is our choice)
-------------------------------------------------------------------------------

* **Stand size.** "The game ends when every player has added 8 cards": we read
  8 cards in all, the starting card included (7 turns each), because with 4
  players that uses 3 + 4 x 2 + 4 x 7 = 39 of the 40 cards and every draw is
  served (components.md). Option ``stand_cards`` changes it; it is limited so
  nobody can be left without a card to place (players x stand_cards <=
  cards - players + 1). When the deck is empty nothing is drawn (a ramp slot
  stays empty).
* **Who starts.** "The person who works in a warehouse (or the youngest)" is
  seat 0; play goes 0, 1, 2, ... The starting-card choices are made in the same
  order; by default (``start="secret"``) they are revealed together once all are
  made, and with ``start="open"`` each is public as soon as it is laid.
* **Starting card orientation.** It lies at r0 with its top-left at (0, 0): a
  rotation of the first card only turns the whole stand, which changes nothing.
* **Placement.** Whole-space offsets; the card must cover at least one space of
  the stand or share a side (fully or partly) with one; touching only at a corner
  is not enough. A card always lies on top ("cannot be tucked underneath"); the
  spaces it covers no longer count. A card may cover another completely.
* **Announcements.** A player with a single largest good announces it
  automatically (no decision). A tie is a decision, taken in seat order, hidden
  from the others (only *that* a player has announced is public) until every
  player is done, as if all had announced at once. Goods absent from a stand are
  never announced.
* **2-Player Variant.** "which goods form the 2 largest groups": we rank the
  goods by their largest group and announce the top two *distinct* goods (two
  groups of the same good would pool only one good, which the variant's wording
  about goods does not intend). A tie at the boundary (the second and third, or
  three goods level at the top) is a decision of one good at a time.
* **Pooling.** Each announced good is scored once, whoever and however many
  players named it (rulebook: Scoring, Note).
* **Tie-break.** Most points; then fewer rats; then the victory is shared.
* **4-Player Variant.** "Split into 2 teams in any way you like": the teams are
  seats 0+2 against 1+3, so teammates do not play back to back. ``teams=False``
  plays 4 players each for themselves. Team points are the sum of both stands,
  a tie goes to the team with fewer rats in both stands, then shared;
  ``winners()`` lists both seats of a winning team and ``scores()`` gives each
  seat its team's total (the table in ``result`` keeps every stand's own score).
* **Scores before the end.** ``scores()`` during play is what each stand would
  score if the game ended now, from public data only (announcement ties broken
  in the goods' order).
* **Cards.** The 40 cards are reconstructed (the rulebook does not list them):
  240 spaces = 40 of each good, 20 empty, 20 rats, exactly one bad space a card,
  no card of a single good (components.json, ``generate_cards``).

The rulebook's Scoring Example (Ola: strawberries 5 x 4 + bananas 3 x 2 +
grapes 5 x 1 - 3 rats = 25) is reproduced in ``tests/test_veggies.py`` by
building her stand through the engine.
"""

from ...core.spec import TitleSpec
from ...core.words import plain_text
from . import bot, encoder, render
from .rules import VeggiesGame, VeggiesState

SPEC = TitleSpec(game=VeggiesGame, bot=bot.choose, render=render.render,
                 js=("veggies.js",), bench_players=(2, 4),
                 encoder=encoder.encode,
                 prior=bot.search_prior, evaluate=bot.search_evaluate)

__doc__ = plain_text(__doc__ + SPEC.help())    # help() shows no Sphinx markup

__all__ = ["SPEC", "VeggiesGame", "VeggiesState"]
