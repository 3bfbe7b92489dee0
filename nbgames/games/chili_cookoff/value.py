"""The Cookoff's value for the search (``SPEC.evaluate``), learned from self-play.

A position is worth, to each seat, its chance of winning the game: a softmax
over the seats' estimated final totals, ``exp(total_s / T) / sum_t exp(total_t /
T)``. A seat's estimate is its points so far plus what its collected cards are
likely to score this round: its best recipe's points now, plus the completion
bonus times the chance that a recipe missing ``m`` cards with ``h`` hands to play
is complete at the round's end (``k`` of the missing cards in the seat's hand).
A hand under way is first played out by each seat's favourite move under the
prior (``bot._hand_played_out``): a card played is worth the card its pick place
buys.

**What is learned, and from what** (``value.json``, made by
``python bench/value.py``): games of greedy seats at each player
count (``nbgames.bots.greedy``, every seat seeded 0, game seeds from 0; 6,000
games at 2 players down to 1,500 at 7), a quarter of their positions drawn at
random. From them:

* ``completion``: how often a recipe missing ``m`` cards with ``h`` hands left
  (and ``k`` of them in hand, counted up to 2) was complete at the end of that
  round: the count, plus 5 recipes counted at the old guess ``0.45 ** m`` (so
  that a rare cell stays near it);
* ``scale``: the temperature ``T = a + b * hands left + c * rounds left``, the
  ``a, b, c`` whose softmax gave the seats' shares of the win (ties shared) the
  highest likelihood, on a grid (``a`` 0.5 to 8 by 0.5, ``b`` 0 to 1.5 by 0.1,
  ``c`` 0 to 12 by 1).

It replaced a hand-set logistic of each seat's lead over the best other seat
(scale ``3 + 0.6 h + 5 r``, the bonus at ``0.45 ** m``) that was much too
gentle: on positions of other games than those learned from it scored a log
loss of 0.564 at 2 players and 0.466 at 7 (worse than knowing nothing but the
fair share, 0.410), against 0.504 and 0.318 for the learned value (the bench
prints these). In the search it played no measurably better: at 1 s of CPU a move
against greedy seats on the same deals, 0.713 against 0.675 at 2 players and
0.241 against 0.259 at 7, each within the other's 95% interval (the title's
``SPEC`` has the figures).

The value is what greedy seats make of a position, not perfect play: a search
that plays better than its model of the table still reads a lead as greedy
seats would convert it.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

from ...core.decisions import call_bot, decision_rng
from ...core.spec import margin_values
from . import bot

IN_HAND_CAP = 2          # in-hand cards counted up to this many
PRIOR_GAMES = 5          # the weight of the old guess 0.45 ** m in a cell
SHARE = 0.25             # the share of a game's positions the learning draws
GAMES = {2: 6000, 3: 3000, 4: 2000, 5: 2000, 6: 1500, 7: 1500}   # games learned from

_FILE = Path(__file__).with_name("value.json")
_LOADED: dict = {}


def table(players: int) -> tuple[tuple[float, float, float], dict]:
    """``(scale, completion)`` learned for ``players`` (``value.json``); a count
    not learned takes the nearest learned one's."""
    got = _LOADED.get(players)
    if got is None:
        data = json.loads(_FILE.read_text())["players"]
        near = min(data, key=lambda n: (abs(int(n) - players), int(n)))
        row = data[near]
        completion = {}
        for key, p in row["completion"].items():
            m, h, k = (int(x) for x in key.split(","))
            completion[m, h, k] = p
        got = _LOADED[players] = (tuple(row["scale"]), completion)
    return got


def chance_complete(completion, missing: int, hands_left: int, in_hand: int) -> float:
    if missing == 0:
        return 1.0
    if missing > hands_left:
        return 0.0
    return completion.get((missing, hands_left, min(in_hand, IN_HAND_CAP)), bot.GUESS ** missing)


def estimates(state) -> list[float]:
    """Each seat's estimated final total of a position with no hand under way."""
    f = bot._facts(state.game)
    hands_left = f["hand_size"] - state.hand_no
    _, completion = table(state.game.players)
    bonus = f["bonus"]
    out = []
    for s in range(state.game.players):
        have, hand = bot._counts(f, state.collected[s]), bot._counts(f, state.hands[s])
        best = 0.0
        for r in state.recipes[s]:
            pts, missing, inh = bot._recipe_parts(f, have, hand, r)
            v = pts + bonus * chance_complete(completion, missing, hands_left, inh)
            if v > best:
                best = v
        out.append(state.totals[s] + best)
    return out


def temperature(scale, hands_left: int, rounds_left: int) -> float:
    a, b, c = scale
    return a + b * hands_left + c * rounds_left


def softmax(est, temp: float) -> list[float]:
    top = max(est)
    e = [math.exp((x - top) / temp) for x in est]
    z = sum(e)
    return [x / z for x in e]


def evaluate(state) -> list[float]:
    """Each seat's chance of winning (see the module's doc); a finished game: a
    logistic of each seat's lead over 2 points (the search scores a finished game
    by its winners; this is what ``reward="margin"`` backs up)."""
    state = bot._hand_played_out(state)
    if state.current_player is None:
        return margin_values([float(x) for x in state.totals], 2.0)
    g = state.game
    scale, _ = table(g.players)
    hands_left = g.components.hand_size - state.hand_no
    return softmax(estimates(state), temperature(scale, hands_left,
                                                 g.options["rounds"] - state.round - 1))


# -- learning (bench/value.py) -----------------------------------------------------------
def self_play(game, games: int, seed: int = 0):
    """Positions of ``games`` greedy games (game seeds ``seed * 10**6 + k``), a
    ``SHARE`` of each game's decisions drawn: for each, the hand under way played
    out, then ``{"round", "hands_left", "seats": [(total, [(points, missing,
    in hand) per recipe])], "done": [[complete at the round's end per recipe] per
    seat], "win": [share of the win per seat]}``."""
    f = bot._facts(game)
    size = f["hand_size"]
    n = game.players
    for k in range(games):
        gseed = seed * 10**6 + k
        pick = random.Random(gseed)
        state = game.new_state(seed=gseed)
        drawn, done, start = [], {}, None
        while not state.is_terminal():
            if pick.random() < SHARE:
                p = bot._hand_played_out(state)
                if p.current_player is not None:
                    seats = []
                    for s in range(n):
                        have, hand = bot._counts(f, p.collected[s]), bot._counts(f, p.hands[s])
                        seats.append((p.totals[s], [bot._recipe_parts(f, have, hand, r)
                                                    for r in p.recipes[s]]))
                    drawn.append({"round": p.round, "hands_left": size - p.hand_no,
                                  "seats": seats})
            if state.hand_no == size - 1 and state.phase == "play" and not state.played:
                start = (state.round, [list(c) for c in state.collected], state.recipes)
            obs = state.observation(state.current_player)
            state.apply(call_bot(bot.choose, obs, state.legal_actions(), decision_rng(0, obs), {}))
            if start is not None and state.round != start[0]:     # the round is over
                rnd, collected, recipes = start
                for s, _, took in state.last_hand:
                    collected[s].append(took)
                done[rnd] = [[bot._recipe_parts(f, bot._counts(f, collected[s]), None, r)[1]
                              == 0 for r in recipes[s]] for s in range(n)]
                start = None
        win = [0.0] * n
        for w in state.winners():
            win[w] = 1.0 / len(state.winners())
        for row in drawn:
            row["done"] = done[row["round"]]
            row["win"] = win
            yield row


def completion_counts(rows) -> dict:
    """``{(m, h, k): [complete, seen]}`` over every seat's recipes missing a card."""
    counts: dict = {}
    for row in rows:
        for s, (_, recipes) in enumerate(row["seats"]):
            for j, (_, missing, inh) in enumerate(recipes):
                if missing:
                    c = counts.setdefault((missing, row["hands_left"], min(inh, IN_HAND_CAP)),
                                          [0, 0])
                    c[0] += row["done"][s][j]
                    c[1] += 1
    return counts


def completion_from(counts) -> dict:
    """The learned chance of each cell: the count with ``PRIOR_GAMES`` of the old guess."""
    return {key: (d + PRIOR_GAMES * bot.GUESS ** key[0]) / (seen + PRIOR_GAMES)
            for key, (d, seen) in counts.items()}


def row_estimates(row, completion, bonus: int) -> list[float]:
    """:func:`estimates` of a learning row."""
    h = row["hands_left"]
    return [total + max(pts + bonus * chance_complete(completion, m, h, k) for pts, m, k in recipes)
            for total, recipes in row["seats"]]


def row_features(row, completion, game) -> tuple[list[float], int, int]:
    """A learning row's estimates, hands left and rounds left (the temperature's inputs)."""
    return (row_estimates(row, completion, game.components.bonus), row["hands_left"],
            game.options["rounds"] - row["round"] - 1)


def replaced(row, game) -> list[float]:
    """The evaluation the learned value replaced, on a learning row (for the bench's
    comparison): a logistic of each seat's lead over the best other seat, scale
    ``3 + 0.6 h + 5 r``, the bonus at ``0.45 ** m``."""
    h = row["hands_left"]
    bonus = game.components.bonus
    est = [t + max(pts + (bonus if m == 0 else 0 if m > h else bonus * bot.GUESS ** m)
                   for pts, m, _ in recipes) for t, recipes in row["seats"]]
    return margin_values(est, 3.0 + 0.6 * h + 5.0 * (game.options["rounds"] - row["round"] - 1))
