"""The Great Chili Cookoff (2 to 7 players, 3 rounds of 7 hands).

Rules follow the published rulebook; each hand every player plays one
ingredient card in seat order from the leader, then players pick from the played
cards in rank order (on equal ranks the card played later is higher); the lowest
player takes the last card automatically. The hand winner leads the next hand.
After 7 hands each player scores the better of their two recipes (prices of the
matching collected cards, counted with multiplicity, +6 when complete).

Choices where the rulebook is silent or ambiguous:

* Each round reshuffles all 53 ingredient cards and 15 recipes and deals 7 + 2
  anew (the rulebook describes one deal; three rounds of 7 hands need three).
* Starting player of round 1: option ``first_player`` (default seat 0),
  because the rulebook says "by any method".
* Next round's starter on a tie for most points: the tied player first clockwise
  from the winner of the round's last hand (that winner included).
* Equal recipe scores: the recipe matching more cards is recorded (the
  rulebook's Vegetarian note), then the first dealt; the points are the same.
* A tie for the most points after the last round is a shared victory.
* Components: the Mustard row is cut off in the rulebook; 5 Mustard cards of rank
  4 and price 5 are reconstructed, and 14 of the 15 recipes are reconstructed so
  that the scoring example holds. ``components.json`` gives the source of every
  figure; pass ``components=`` to load a corrected file.

Observation of a seat: its own hand and recipes; public: the played cards and
who played them, the pick order, the collected cards, the hand sizes, totals and
each finished round's chosen recipe and points. Cards are named by their type,
an index into ``game.catalog()["cards"]`` (``{type, ingredient, rank, price}``),
and recipes by an index into ``game.catalog()["recipes"]``: ``hand_cards`` and
``table`` are lists of types, ``played`` is ``[[seat, type], ...]`` in play
order, ``last_hand`` is ``[[seat, played, took], ...]`` in pick order and
``collected`` has a list of types a seat. Derived for the board, so that the
browser applies no rule: ``pick_places`` (the pick place, 1 = first, of each
played card in play order; a preview of the pick-order rule while cards are
still being played) and ``recipe_progress`` (one entry per recipe of the seat:
``held`` and ``in_hand`` counts in the recipe's ingredient order, ``cards``,
``points`` now without the bonus, ``complete``).
"""

from ...core.spec import TitleSpec
from ...core.words import plain_text
from . import bot, encoder, render, value
from .rules import CookoffGame, CookoffState

SPEC = TitleSpec(game=CookoffGame, bot=bot.choose, render=render.render,
                 js=("chili_cookoff.js",), bench_players=(2, 4, 7),
                 encoder=encoder.encode, prior=bot.search_prior, evaluate=value.evaluate,
                 # the search weighs its worlds by the others' moves here, at 2 players
                 # (bench/search.py --worlds, 0.2 s of CPU a move, weighted against
                 # uniform, duplicate deals): the prior as it is 0.47 (16 games); at a
                 # temperature of 0.3 0.554 over 125 deals (250 games, five runs: 0.64,
                 # 0.53, 0.58, 0.51, 0.54; about 0.53-0.58 at 95%). A 0.2 s search plays
                 # greedy's move in 94% of 332 decisions, far more often than the
                 # prior's 1.5-point softmax says. No better: a temperature of 0.2
                 # (0.60 against 0.64 on the same 20 deals), 128 worlds in 30% of the
                 # time (0.60), greedy's move as 0.8 of the likelihood (0.475, 20 games:
                 # about 5 effective worlds of 64). Knowing the other seat's hand and
                 # recipes outright wins 0.86 (18 games). At 7 players (one search seat of
                 # 1 s of CPU a move against six greedy seats, duplicate deals, the same
                 # deals for both): weighted 0.214 over 35 games (5 deals; 0.179 and 0.238
                 # in two runs), uniform 0.100 (0.107 and 0.095); the fair share is 0.143.
                 # bench/search.py's own 6 deals later: weighted 0.119 (42 games, CI
                 # 0.00-0.25), so 0.162 over all 77 weighted games; no uniform run on them.
                 # Not measured at 3 to 6 players, so not declared there.
                 # The figures above are from before the evaluation played out the hand
                 # under way (bot._hand_played_out). With it, at 7 players on the bench's
                 # 6 deals (seed 0): 0.250 (42 games, CI 0.16-0.34), mean score 38.4
                 # against 36.4 before; on 4 other deals (seed 1) 0.143 against 0.107
                 # without it (28 games each). At 2 players, 20 deals each: seed 0 0.625
                 # (CI 0.53-0.72) against 0.675 without it, seed 1 0.738 (0.63-0.85)
                 # against 0.750; mean score 31.5 and 31.6 with it, 31.6 and 31.5 without.
                 # Weighted against uniform again with it (0.2 s, 20 deals, seed 0):
                 # 0.562 (40 games, CI 0.49-0.63).
                 # Cost (bench/search.py --worlds, seat 0 at its 25 decisions of a
                 # greedy game): a world drawn afresh each decision 22.7x a determinize;
                 # carried on from the seat's last decision (chance.worlds(kept=), what
                 # the search does) 10.4x; 1.1x in the pools that needed no fresh world.
                 # Most pools still need fresh worlds: after the other seat plays a
                 # card, 1 to 9 of 32 worlds hold it. Those figures are after a world's
                 # past stopped following the truth's values (items gone unseen drawn
                 # from what is left; a sorted hand paired by dealt place). Strength
                 # after both changes (bench/search.py, 1 s of CPU a move, seed 0):
                 # 2 players 0.675 (40 games, CI 0.57-0.78),
                 # 7 players 0.259 (56 games, 8 deals, CI 0.19-0.33; fair share 0.143),
                 # weighted against uniform at 0.2 s 0.537 (40 games, CI 0.45-0.63).
                 # Then a deal a world leaves as the truth dealt it kept the truth's
                 # outcome, so a world replays from the truth's snapshot at the round's
                 # deal, not from the start (replay steps 23,136 -> 6,880 along that
                 # game; the same pools): 17.0x drawn afresh, 8.4x carried on, 1.0x.
                 # Then the evaluation became a value learned from greedy self-play
                 # (value.py, bench/value.py): a softmax over the seats'
                 # estimated totals, held-out log loss 0.504 against the hand-set
                 # logistic's 0.564 at 2 players and 0.318 against 0.466 at 7 (knowing
                 # nothing: 0.410). Strength with it, on the same deals (1 s of CPU a
                 # move, seed 0): 2 players 0.713 (40 games, CI 0.61-0.81; on seed 1's
                 # deals 0.762, CI 0.65-0.88), 7 players 0.241 (56 games, CI 0.13-0.35),
                 # weighted against uniform at 0.2 s 0.550 (40 games, CI 0.47-0.63):
                 # each within the noise of the figures before it.
                 extra={"worlds": {"sharpen": 1 / 0.3, "players": (2, 7)}})

__doc__ = plain_text(__doc__ + SPEC.help())    # help() shows no Sphinx markup

__all__ = ["SPEC", "CookoffGame", "CookoffState"]
