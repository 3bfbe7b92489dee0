"""Scoville: every rule of the rulebook, each test citing its
section, and every worked example rebuilt through the engine's API.

Positions the random set-up rarely deals are staged with ``game.scenario`` (a
state dict whose data is edited, see :func:`stage`); everything after that is
played with ``apply``, and every staged game's record replays (checked after each
test). Seats in the examples: Greg = 0, Ruth = 1, Yuri = 2.
"""

from __future__ import annotations

import json
import random

import pytest

import nbgames
from nbgames.core import conformance
from nbgames.core.errors import ComponentError, IllegalActionError, OptionError
from nbgames.core.fields import private
from nbgames.games.scoville import inference, scoring
from nbgames.games.scoville.components import COLORS, TILES, load_components

GREG, RUTH, YURI = 0, 1, 2
C = {c: i for i, c in enumerate(COLORS)}
STAGED = []


@pytest.fixture(autouse=True)
def staged_records_replay():
    """Every position a test staged, as it stands at the end of the test, is what
    its record replays to (the record carries the staged start)."""
    STAGED.clear()
    yield
    for s in STAGED:
        assert nbgames.replay(s.record()).to_dict() == s.to_dict()
    STAGED.clear()


def _colors(spec):
    """A dict colour -> count, or a list of colour names -> 10 counts."""
    out = [0] * 10
    for k, v in (spec.items() if isinstance(spec, dict) else ((k, 1) for k in spec)):
        out[C[k]] += int(v)
    return out


def stage(game, seed=0, *, field=None, clear_field=False, order=None, peppers=None, money=None,
          auction=None, market=None, recipes=None, held_market=None, held_recipes=None,
          plaques=None, tiles=None, afternoon=None, final=None, round_=None, holder=RUTH,
          phase=None, turn=0, **data):
    """A staged position through ``game.scenario``: the data of
    ``game.new_state(seed)`` with the named parts replaced, before anyone decides.

    ``field``: {plot: colour} planted on the starting plots (or on an empty field
    with ``clear_field``); ``order``: seats by spot; ``peppers``: {seat: {colour:
    count} or [colours]}; ``money``: {seat: $}; ``auction``/``market``/``recipes``:
    the displays (cards put on display leave the decks); ``held_market``/
    ``held_recipes``: {seat: [cards]}; ``plaques``: {seat: [[stack, value]]};
    ``tiles``: {seat: [unused tile names]}; ``afternoon``/``final``/``round_``.
    The rules' bookkeeping is kept: the cards dealt at set-up that the display
    no longer shows are behind ``holder``'s screen (Setup C/D: every card dealt is
    on display or was taken). From round 2 the position opens with the sealed
    bids (seat 0 to bid), else with the claims; ``phase``/``turn`` stage another
    phase (the seat ``order[turn]`` to act). Other keyword arguments replace data
    fields as they are."""
    fresh = game.new_state(seed=seed)
    d = fresh.to_dict()
    x = d["data"]
    c, f, n = game.components, game.field, game.players
    if clear_field:
        x["field"] = [-1] * f.plots
    for name, col in (field or {}).items():
        x["field"][f.plot_names.index(name)] = C[col]
    if order is not None:
        x["order"] = list(order)
    for seat, spec in (peppers or {}).items():
        x["peppers"][seat] = _colors(spec)
    for seat, m in (money or {}).items():
        x["money"][seat] = int(m)
    if afternoon:
        x["afternoon"] = True
        x["auction_deck"][0] = []
        x["market_deck"] = []
    if final is not None:
        x["final"] = bool(final)
    if round_ is not None:
        x["round"] = int(round_)
    if auction is not None:
        for card in x["auction"]:                # the dealt cards go back to their deck
            x["auction_deck"][1 if c.auction_afternoon[card] else 0].append(card)
        x["auction"] = list(auction)
    if market is not None:
        x["market"] = list(market)
    if recipes is not None:
        x["recipes"] = list(recipes)
    for seat, cards in (held_market or {}).items():
        x["held_market"][seat] = list(cards)
    for seat, cards in (held_recipes or {}).items():
        x["held_recipes"][seat] = list(cards)
    for seat, won in (plaques or {}).items():
        x["won"][seat] = [list(w) for w in won]
    for seat, names in (tiles or {}).items():
        x["tiles"][seat] = [t in names for t in TILES]
    x.update(data)
    # the bookkeeping: displayed and discarded auction cards are not in the decks, the
    # cards dealt at set-up are on display or behind a screen
    out = set(x["auction"]).union(*x["auction_discard"])
    x["auction_deck"] = [[a for a in deck if a not in out] for deck in x["auction_deck"]]
    held = {m for h in x["held_market"] for m in h}
    x["market_deck"] = [m for m in x["market_deck"] if m not in held and m not in x["market"]]
    k = c.market_count[n]

    def fill(key, cards, want):
        taken = {y for h in x[key] for y in h} | set(x[key.replace("held_", "")])
        extra = [y for y in cards if y not in taken][:max(0, want)]
        x[key][holder] = x[key][holder] + extra

    if x["afternoon"]:
        aft = [i for i, m in enumerate(c.market) if m.afternoon]
        fill("held_market", aft, k - len(x["market"]) - sum(m in aft for m in held))
        fill("held_market", [i for i in range(len(c.market)) if i not in aft],
             k - n + 1 - sum(m not in aft for m in held))
    else:
        fill("held_market", fresh.market + list(range(len(c.market))),
             k - len(x["market"]) - len(held))
    fill("held_recipes", fresh.recipes + list(range(len(c.recipes))),
         c.recipe_count[n] - len(x["recipes"]) - sum(len(h) for h in x["held_recipes"]))
    if phase is None:
        phase = "bid" if x["round"] >= 2 else "claim"
    x["phase"], x["turn"] = phase, turn
    d.update(history=[], start=None, log=[[None, "(a staged position)"]],
             secret=[[] for _ in range(n)] if phase == "bid" else None,
             current_player=0 if phase == "bid" else x["order"][turn])
    s = game.scenario(d)
    STAGED.append(s)
    return s


def g3(**kw):
    return nbgames.load("scoville", players=3, **kw)


def labels(state):
    return state.legal_actions().labels


def auto(state, until, plant_at=None, max_steps=2000):
    """Play plain decisions until ``until(state)``: claim the first card, plant the
    first colour at the first plot of ``plant_at`` that is legal (else the first
    legal plant), decline plaques, take one step and stop, bid $0, fulfil
    nothing."""
    for _ in range(max_steps):
        if until(state) or state.is_terminal():
            return state
        ls = labels(state)
        ph = state.phase
        if ph == "bid":
            a = "bid $0"
        elif ph == "plaque":
            a = "decline the plaque"
        elif ph == "plant":
            if "done" in ls:
                a = "done"
            else:
                greens = [x for x in ls if x.startswith("plant green")]
                a = (greens or ls)[0]
                for plot in plant_at or []:
                    hit = [x for x in (greens or ls) if x.endswith(f" at {plot}")]
                    if hit:
                        a = hit[0]
                        break
        elif ph == "harvest":
            a = "done" if "done" in ls else ls[0]
        elif ph == "fulfil":
            a = "done"
        else:
            a = ls[0]
        state.apply(a)
    raise AssertionError("auto: no end")


def phase_is(ph, seat=None):
    return lambda s: s.phase == ph and (seat is None or s.current_player == seat)


# ---------------------------------------------------------------------------
# Components
# ---------------------------------------------------------------------------

def test_components_published_counts():
    """Components: 65 Auction cards (30 morning, 35 afternoon), 48 Market cards
    (24 + 24), 30 Recipe cards, 12 Award Plaques, 10 colours."""
    c = load_components()
    assert len(c.auction) == 65 and sum(c.auction_afternoon) == 35
    assert len(c.market) == 48 and sum(m.afternoon for m in c.market) == 24
    assert len(c.recipes) == 30
    assert sum(len(v) for _, _, v in c.plaques) == 12
    assert dict((n, v) for n, _, v in c.plaques) == {
        "striped": (2, 2, 2), "brown": (5, 4, 3), "white": (7, 5), "black": (9, 6),
        "phantom": (12, 8)}
    assert c.market_count == {2: 7, 3: 9, 4: 11, 5: 13, 6: 15}
    assert c.recipe_count == {2: 8, 3: 12, 4: 16, 5: 20, 6: 24}
    data = json.loads(open(nbgames.games.__path__[0] + "/scoville/components.json").read())
    for key in ("colors", "breeding_chart", "field", "award_plaques", "bonus_tiles", "start"):
        assert data[key]["source"].split(":")[0] in ("rulebook", "published", "deduced")
    for key in ("morning_market", "afternoon_market", "recipes", "auction_morning"):
        assert all(x["source"].startswith("published") for x in data[key])


def test_breeding_chart_brown_with_primary_or_secondary_gives_nothing():
    """Cross-Breeding: some combinations (all involving brown peppers) are marked
    with an X: nothing. The chart is symmetric."""
    c = load_components()
    for other in ("red", "yellow", "blue", "green", "orange", "purple"):
        assert c.chart[C["brown"]][C[other]] == ()
    empty = [(a, b) for a in range(10) for b in range(10) if not c.chart[a][b]]
    assert all(C["brown"] in pair for pair in empty)
    assert all(sorted(c.chart[a][b]) == sorted(c.chart[b][a]) for a in range(10) for b in range(10))


def test_breeding_examples():
    """Cross-Breeding, Examples 1-3: blue+blue = two blue; orange+purple = white;
    brown+orange = nothing."""
    chart = load_components().chart
    assert scoring.harvest(chart, C["blue"], C["blue"]) == (C["blue"], C["blue"])
    assert scoring.harvest(chart, C["orange"], C["purple"]) == (C["white"],)
    assert scoring.harvest(chart, C["brown"], C["orange"]) == ()


def test_field_notches_and_star():
    """Setup G / Harvesting: a 10 x 7 field, the starting plots at columns 5 and 6
    of row 4, the star on the notch between them, one notch on every plot edge
    (157)."""
    f = g3().field
    assert (f.cols, f.rows, f.notches) == (10, 7, 157)
    assert [f.plot_names[p] for p in f.start_plots] == ["e4", "f4"]
    assert f.notch_names[f.star] == "e4|f4"
    assert len(set(f.notch_names)) == 157
    # an inner notch has 6 neighbours (3 through each corner), a field corner notch fewer
    assert len(f.through(f.star, f.notch_corners[f.star][0])) == 3


def test_bad_components_and_options_are_rejected():
    """Bad input: the options name the value and the choices."""
    with pytest.raises(OptionError, match="screens"):
        nbgames.load("scoville", players=2, screens="yes")
    with pytest.raises(OptionError, match="round_limit"):
        nbgames.load("scoville", players=2, round_limit=1)
    with pytest.raises(OptionError, match="players"):
        nbgames.load("scoville", players=7)
    with pytest.raises(ComponentError, match="colour"):
        data = json.loads(open(nbgames.games.__path__[0] + "/scoville/components.json").read())
        data["recipes"][0]["peppers"][0] = "pink"
        load_components(data)


# ---------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_setup(n):
    """Setup B-H: $10 and one red, yellow and blue pepper each, one of each bonus
    tile; market and recipe cards by player count; auction cards = players; two
    of red/yellow/blue on the starting plots; a random turn order; in a 2- or
    3-player game the top plaque of each stack is removed."""
    g = nbgames.load("scoville", players=n)
    s = g.new_state(seed=5)
    c = g.components
    assert s.money == [10] * n
    assert all(p == [1, 1, 1] + [0] * 7 for p in s.peppers)
    assert all(t == [True, True, True] for t in s.tiles)
    assert len(s.market) == c.market_count[n] and not any(c.market[m].afternoon for m in s.market)
    assert len(s.recipes) == c.recipe_count[n]
    assert len(s.auction) == n and not any(c.auction_afternoon[a] for a in s.auction)
    planted = [(g.field.plot_names[p], col) for p, col in enumerate(s.field) if col >= 0]
    assert [p for p, _ in planted] == ["e4", "f4"]
    assert planted[0][1] != planted[1][1] and {col for _, col in planted} <= {0, 1, 2}
    top = [v[0] for _, _, v in c.plaques]
    assert [st[0] if st else None for st in s.stacks] == (
        [v[1] for _, _, v in c.plaques] if n <= 3 else top)
    orders = {tuple(g.new_state(seed=k).order) for k in range(20)}
    assert len(orders) > 1


def test_round_one_has_no_bids():
    """Bidding for Turn Order, Note: in the very first round no bids are made."""
    s = g3().new_state(seed=1)
    assert s.phase == "claim" and s.current_player == s.order[0]
    assert all(x.startswith("claim") for x in labels(s))


# ---------------------------------------------------------------------------
# Auction
# ---------------------------------------------------------------------------

def test_bid_example_and_claim_example():
    """Bidding for Turn Order, Example: Greg bid 7, Ruth and Yuri 5; Greg chooses
    spot 3, Ruth (earlier in the previous order) spot 1, Yuri ends on 2: the new
    order is Ruth, Yuri, Greg. Bids are paid. Then Claiming Auction Cards,
    Example: Ruth takes purple, Yuri yellow+blue, Greg the remaining red, and the
    Auction House is refilled with three new cards. Then Award Plaques, Example:
    Ruth plants her purple pepper and takes the 2-point plaque."""
    g = g3()
    # auction card ids (catalog order): 16 = purple, 24 = yellow+blue, 8 = red
    cat = g.catalog()["auction"]
    assert (cat[16], cat[24], cat[8]) == ([C["purple"]], [C["yellow"], C["blue"]], [C["red"]])
    s = stage(g, order=[RUTH, YURI, GREG], round_=2, auction=[16, 24, 8])
    assert s.phase == "bid" and s.current_player == GREG
    s.apply("bid $7")
    assert s.current_player == RUTH
    s.apply("bid $5")
    s.apply("bid $5")
    assert s.bids == [7, 5, 5] and s.money == [3, 5, 5]
    assert s.current_player == GREG and labels(s) == ["take spot 1", "take spot 2", "take spot 3"]
    s.apply("take spot 3")
    assert s.current_player == RUTH
    s.apply("take spot 1")                       # Yuri has no choice left
    assert s.order == [RUTH, YURI, GREG]
    assert s.phase == "claim" and s.current_player == RUTH
    before = [p.copy() for p in s.peppers]
    s.apply("claim auction card 16")
    s.apply("claim auction card 24")             # Greg takes the remaining card
    assert s.peppers[RUTH][C["purple"]] == before[RUTH][C["purple"]] + 1
    assert s.peppers[YURI][C["yellow"]] == before[YURI][C["yellow"]] + 1
    assert s.peppers[YURI][C["blue"]] == before[YURI][C["blue"]] + 1
    assert s.peppers[GREG][C["red"]] == before[GREG][C["red"]] + 1
    assert len(s.auction) == 3 and not {16, 24, 8} & set(s.auction)
    assert sorted(s.auction_discard[0]) == [8, 16, 24]
    assert sorted(s.observation(GREG)["discard"]) == [8, 16, 24]     # discarded face up
    # Ruth plants the purple pepper and earns the most valuable striped plaque (2)
    assert s.phase == "plant" and s.current_player == RUTH
    s.apply("plant purple at d4")
    assert s.phase == "plaque"
    s.apply("take the plaque")
    assert s.won[RUTH] == [[0, 2]] and s.stacks[0] == [2]
    assert s.tally(RUTH)["plaques"] == 2


def test_bid_ties_and_zero_bids():
    """Bidding: a tie (higher than zero) goes to the earlier previous order; zero
    bids take the remaining spots in the previous order, lowest number first."""
    g = nbgames.load("scoville", players=4)
    s = stage(g, order=[3, 1, 0, 2], round_=2)
    for b in (0, 4, 0, 4):
        s.apply(f"bid ${b}")
    assert s.current_player == 3                 # tied with seat 1, earlier before
    s.apply("take spot 4")
    assert s.current_player == 1
    s.apply("take spot 2")
    assert s.order == [0, 1, 2, 3] and s.phase == "claim"


def test_all_zero_bids_keep_the_order():
    """Bidding: players who bid zero are placed in the previous round's order."""
    s = stage(g3(), order=[2, 0, 1], round_=2)
    for _ in range(3):
        s.apply("bid $0")
    assert s.order == [2, 0, 1] and s.money == [10, 10, 10]


def test_bid_is_limited_to_money_and_hidden():
    """Bidding: players secretly take any amount of their coins (including zero);
    bids are revealed simultaneously. The bid cap is the money bound."""
    g = g3()
    s = stage(g, round_=2, money={0: 4, 1: 12})
    assert labels(s) == [f"bid ${k}" for k in range(5)]
    s.apply("bid $3")
    assert s.observation(0)["my_bid"] == 3
    assert s.observation(1)["my_bid"] is None and s.observation(1)["bidding"] == [True, False, False]
    assert "3" not in json.dumps(s.observation(1)["holdings"][0])
    assert s.observation(1)["bids"] is None
    assert labels(s)[-1] == "bid $12"
    # the other seat's bid is resampled by determinize (the viewer cannot see it)
    seen = {s.determinize(1, random.Random(k)).secret_choices(0)[0] for k in range(30)}
    assert len(seen) > 1
    with pytest.raises(IllegalActionError):
        s.apply("bid $13")


def test_money_cap_bound():
    """Bid ids need a cap: money only grows in Fulfillment, by at most one Market
    card ($7 at most) and one sale (5 peppers at $35 at most) a round, so after
    at most ``round_limit`` rounds money <= 10 + 30 * 182 = 5470 = the cap."""
    g = g3()
    c = g.components
    assert max(m.coins for m in c.market) == 7
    assert g.cap == 10 + 30 * (7 + 5 * 35) == 5470
    assert g.action_space.kind("bid").fields[0].hi == g.cap
    assert nbgames.load("scoville", players=2, round_limit=12).cap == 10 + 12 * 182


def test_auction_deck_reshuffles_its_discards():
    """Claiming Auction Cards: a deck that runs out is reshuffled from its discards."""
    g = nbgames.load("scoville", players=6)
    deck = g.new_state(seed=3).auction_deck[0]
    s = stage(g, seed=3, auction_discard=[deck[:-2], []])     # two cards left in the deck
    assert s.auction_deck[0] == deck[-2:]
    auto(s, phase_is("plant"))
    assert len(s.auction) == 6 and s.auction_deck[0] and not s.auction_discard[0]
    s.check_invariants()


# ---------------------------------------------------------------------------
# Planting
# ---------------------------------------------------------------------------

def _to_plant(seed=2, **kw):
    s = stage(g3(), seed=seed, **kw)
    return auto(s, phase_is("plant"))


def test_planting_must_be_adjacent_and_mandatory():
    """Planting: each player must plant one pepper, on an empty plot horizontally
    or vertically adjacent to a planted plot."""
    s = _to_plant()
    ls = labels(s)
    assert "done" not in ls                       # the first pepper is required
    plots = {x.split(" at ")[1] for x in ls}
    assert plots == {"d4", "g4", "e3", "f3", "e5", "f5"}


def test_no_plant_without_peppers_skips():
    """Planting: must plant one pepper if they have one (a seat without peppers is
    skipped). Every auction card gives a pepper, so this is staged: seat 0 has
    claimed its card and holds nothing; seats 1 and 2 claim."""
    s = stage(g3(), order=[0, 1, 2], peppers={0: {}}, auction=[1, 2],
           auction_discard=[[0], []], turn=1)
    assert s.current_player == 1
    s.apply("claim auction card 1")              # seat 2 takes the last card
    assert s.phase == "plant" and s.current_player == 1
    assert ["skip", 0, "plant"] in s.events
    s.check_invariants()


def test_plaques_striped_one_per_round_and_extra_pepper():
    """Award Plaques: striped plaques for purple, orange or green; only one plaque
    a round. Plant 1 Extra Pepper: a second pepper, following the normal rules;
    you may decline the first plaque to claim one with the second."""
    s = _to_plant(order=[0, 1, 2], peppers={0: {"green": 1, "brown": 1, "red": 1}})
    assert s.current_player == 0
    s.apply("plant green at d4")
    assert s.phase == "plaque"
    s.apply("decline the plaque")
    assert "done" in labels(s) and any(x.startswith("plant brown") for x in labels(s))
    s.apply("plant brown at c4")                  # uses the extra-pepper tile
    assert s.tiles[0][0] is False and ["tile", 0, 0] in s.events
    assert s.phase == "plaque"
    s.apply("take the plaque")
    assert s.won[0] == [[1, 4]]                  # brown: 5 removed (3 players), 4 on top
    assert s.current_player == 1


def test_only_one_plaque_per_round():
    """Award Plaques: a player may only earn one plaque per round, even with a
    second pepper that would qualify."""
    s = _to_plant(order=[0, 1, 2], peppers={0: {"green": 1, "brown": 1}})
    s.apply("plant green at d4")
    s.apply("take the plaque")
    s.apply("plant brown at c4")
    assert s.phase == "plant" and s.current_player == 1 and len(s.won[0]) == 1


def test_red_yellow_blue_earn_no_plaque():
    """Award Plaques: plaques exist only for striped, brown, white, black, phantom."""
    s = _to_plant(order=[0, 1, 2])
    s.apply(next(x for x in labels(s) if x.startswith("plant red")))
    assert s.phase == "plant" and s.current_player == 0 and "done" in labels(s)


# ---------------------------------------------------------------------------
# Harvesting
# ---------------------------------------------------------------------------

GREG_FIELD = {"e4": "yellow", "f4": "red", "d4": "purple", "d3": "orange", "c3": "orange"}


def _greg_walk(**kw):
    s = stage(g3(), clear_field=True, field=GREG_FIELD, order=[RUTH, YURI, GREG], **kw)
    return auto(s, phase_is("harvest"), plant_at=["g4", "h4", "i4", "j4", "g5", "g3"])


def test_greg_first_round_harvest_example():
    """Harvesting, Example: in the first round Greg starts on the star; step 1
    ends between an empty plot and a yellow pepper: nothing; step 2 between an
    orange and a purple pepper: white; step 3 between two oranges: black. The
    Harvesting phase runs in reverse turn order."""
    s = _greg_walk()
    assert s.current_player == GREG
    assert s.farmers[GREG] == s.game.field.star
    before = s.peppers[GREG].copy()
    s.apply("step to e3-e4")
    assert s.peppers[GREG] == before
    s.apply("step to d3-d4")
    assert s.peppers[GREG][C["white"]] == before[C["white"]] + 1
    s.apply("step to c3|d3")
    assert s.peppers[GREG][C["black"]] == before[C["black"]] + 1
    # Greg still holds Move 1 Extra Step, so a 4th step is offered, or he stops
    assert s.current_player == GREG and "done" in labels(s)
    s.apply("done")
    assert s.current_player == YURI                    # reverse order
    assert s.farmers[GREG] == s.game.field.notch_names.index("c3|d3")


def test_steps_cannot_turn_back_and_walk_needs_one_step():
    """Harvesting: at least one step; once moving, no turning around (a step
    leaves through the corner not arrived by)."""
    s = _greg_walk()
    ls = labels(s)
    assert "done" not in ls
    assert sorted(ls) == sorted(f"step to {n}" for n in
                                ("e3|f3", "e3-e4", "f3-f4", "e5|f5", "e4-e5", "f4-f5"))
    s.apply("step to e3-e4")
    steps = [x for x in labels(s) if x.startswith("step")]
    assert sorted(steps) == ["step to d3-d4", "step to d3|e3", "step to d4|e4"]
    back = [x for x in labels(s) if x.startswith("double back")]
    assert sorted(back) == ["double back to e3|f3", "double back to e4|f4",
                            "double back to f3-f4"]


def test_double_back_example():
    """Double Back Once: after two steps turning left the next step reaches one
    of three points; with the tile the farmer turns around and reaches the other
    three (the one it came from included). It is not an extra step."""
    s = _greg_walk()
    s.apply("step to e3-e4")
    s.apply("step to d3-d4")
    fwd = sorted(x for x in labels(s) if x.startswith("step"))
    back = sorted(x for x in labels(s) if x.startswith("double"))
    assert fwd == ["step to c3-c4", "step to c3|d3", "step to c4|d4"]
    assert back == ["double back to d3|e3", "double back to d4|e4", "double back to e3-e4"]
    s.apply("double back to e3-e4")
    assert s.tiles[GREG][2] is False
    assert not any(x.startswith("double") for x in labels(s))      # once only
    assert s.walk[2] == 3 and s.current_player == GREG     # a 4th step (extra-step tile)
    s.apply(next(x for x in labels(s) if x.startswith("step")))
    assert s.current_player == YURI and not any(s.tiles[GREG][1:])


def test_extra_step_and_circle():
    """Move 1 Extra Step: a fourth step; it allows going round a plot and ending
    where you started."""
    s = _greg_walk()
    for n in ("e3-e4", "d4|e4", "e4-e5"):
        s.apply(f"step to {n}")
    assert "step to e4|f4" in labels(s)               # back to the star, round plot e4
    s.apply("step to e4|f4")
    assert s.tiles[GREG][1] is False and ["tile", GREG, 1] in s.events
    assert s.farmers[GREG] == s.game.field.star and s.current_player == YURI


def test_three_steps_without_tile_end_the_walk():
    """Harvesting: up to three steps (a fourth only with the tile)."""
    s = _greg_walk(tiles={GREG: ["plant", "back"]})
    for n in ("e3-e4", "d3-d4", "c3|d3"):
        s.apply(f"step to {n}")
    assert s.current_player == YURI


def test_farmers_block():
    """Harvesting: farmers cannot pass through or stop on an opponent's farmer;
    a completely blocked farmer skips."""
    s = _greg_walk()
    f = s.game.field
    s.apply("step to e3-e4")
    s.apply("done")
    assert s.current_player == YURI and s.farmers[YURI] == f.star
    assert "step to e3-e4" not in labels(s)
    # a farmer boxed in on every side skips its walk: |a1 has 3 neighbours
    corner = f.notch_names.index("|a1")
    nb = [q for c in f.notch_corners[corner] for q in f.through(corner, c)]
    assert sorted(f.notch_names[q] for q in nb) == ["-a1", "a1-a2", "|a2"]
    # staged: round 2, seat 0 plants last (a red pepper, no extra-pepper tile) and then
    # walks first (reverse order), boxed in by the three others
    g4 = nbgames.load("scoville", players=4)
    s3 = stage(g4, order=[1, 2, 3, 0], round_=2, phase="plant", turn=3, farmers=[corner] + nb,
            peppers={0: ["red"]}, tiles={0: ["step", "back"]})
    assert s3.current_player == 0
    s3.apply("plant red at d4")
    assert ["skip", 0, "harvest"] in s3.events and s3.current_player == 3
    assert s3.farmers[0] == corner
    s3.check_invariants()


def test_harvest_is_reverse_order_and_round_one_star():
    """Harvesting: reverse turn order; in the first round each farmer starts on
    the star."""
    s = _greg_walk()
    assert [s.current_player] == [GREG]
    s.apply("step to f3-f4")
    s.apply("done")
    assert s.current_player == YURI and s.farmers[YURI] == s.game.field.star


# ---------------------------------------------------------------------------
# Fulfillment
# ---------------------------------------------------------------------------

def _to_fulfil(**kw):
    s = stage(g3(), **kw)
    return auto(s, phase_is("fulfil", kw.get("order", [0, 1, 2])[0]) if "order" in kw
                else phase_is("fulfil"),
                plant_at=["d4", "c4", "b4", "g4", "h4", "i4"])


def test_market_example():
    """Visit the Farmer's Market, Example: Yuri pays a yellow and an orange pepper,
    takes a brown pepper and $3, and the card earns him 1 point at the end."""
    g = g3()
    assert g.catalog()["market"][16] == {"wanted": [1, 4], "peppers": [6], "coins": 3, "vp": 1,
                                         "choice": False, "afternoon": False}
    s = _to_fulfil(order=[YURI, GREG, RUTH], market=[16, 0, 1],
                   peppers={YURI: {"yellow": 1, "orange": 1, "green": 1}})
    assert s.current_player == YURI
    before, money = s.peppers[YURI].copy(), s.money[YURI]
    s.apply("market card 16 (as shown)")
    assert s.peppers[YURI][C["yellow"]] == before[C["yellow"]] - 1
    assert s.peppers[YURI][C["orange"]] == before[C["orange"]] - 1
    assert s.peppers[YURI][C["brown"]] == before[C["brown"]] + 1
    assert s.money[YURI] == money + 3 and s.held_market[YURI] == [16]
    assert 16 not in s.market and s.tally(YURI)["market"] == 1
    assert not any(x.startswith("market") for x in labels(s))          # once a round


def test_recipe_example():
    """Enter the Chili Cook-off, Example: Yuri pays 2 black, 2 brown and 2 red
    peppers and the recipe earns him 16 points."""
    g = g3()
    assert g.components.recipes[9].vp == 16
    s = _to_fulfil(order=[YURI, GREG, RUTH], recipes=[9, 29, 28],
                   peppers={YURI: {"black": 2, "brown": 2, "red": 2, "green": 1}})
    have = s.peppers[YURI].copy()
    s.apply("recipe 9")
    assert s.peppers[YURI][C["black"]] == have[C["black"]] - 2
    assert s.peppers[YURI][C["brown"]] == have[C["brown"]] - 2
    assert s.peppers[YURI][C["red"]] == have[C["red"]] - 2
    assert s.held_recipes[YURI] == [9] and s.tally(YURI)["recipes"] == 16
    assert not any(x.startswith("recipe") for x in labels(s))


SELL_FIELD = {"e4": "yellow", "f4": "yellow", "d4": "yellow", "g4": "yellow",
              "e3": "orange", "f3": "orange", "e5": "blue", "f5": "blue", "d3": "red",
              "g3": "purple"}


def test_selling_example():
    """Sell a Batch of Peppers, Example: red and purple worth nothing, orange and
    blue $1, yellow $2 (one $ for every two planted); Yuri sells 3 yellow for $6.
    Up to five peppers of one colour, once a round."""
    s = stage(g3(), clear_field=True, field=SELL_FIELD, order=[YURI, GREG, RUTH],
              peppers={YURI: {"yellow": 6, "green": 1}, GREG: {"green": 1},
                       RUTH: {"green": 1}}, auction=[14, 15, 12])
    s = auto(s, phase_is("fulfil"), plant_at=["c4", "b4", "a4", "h4", "i4"])
    while s.phase == "plant" or s.current_player != YURI:     # plants were green
        s = auto(s, phase_is("fulfil", YURI))
    p = s.observation(YURI)["prices"]
    assert (p[C["red"]], p[C["purple"]], p[C["orange"]], p[C["blue"]], p[C["yellow"]]) == \
        (0, 0, 1, 1, 2)
    assert "sell 5 yellow" in labels(s) and "sell 6 yellow" not in s.game.action_space.to_json()
    money = s.money[YURI]
    s.apply("sell 3 yellow")
    assert s.money[YURI] == money + 6
    assert not any(x.startswith("sell") for x in labels(s))


def test_fulfil_done_and_skip():
    """Fulfillment: the actions are optional, in any order, each once; a player
    who can do nothing is passed."""
    s = _to_fulfil(order=[0, 1, 2], market=[3, 4, 5], peppers={0: ["red", "green"]})
    ls = labels(s)
    assert "done" in ls and any(x.startswith("sell") for x in ls)
    s.apply("done")
    assert s.current_player == 1


# ---------------------------------------------------------------------------
# Time check and the end
# ---------------------------------------------------------------------------

def _buy_round(s, buys):
    """Play to fulfillment and let the seats in ``buys`` (seat -> label) act."""
    while not s.is_terminal() and s.phase != "bid":
        if s.phase == "fulfil" and s.current_player in buys:
            lab = buys.pop(s.current_player)
            s.apply(lab)
            s.apply("done")
            continue
        auto(s, lambda t: t.phase == "fulfil" and t.current_player in buys or t.phase == "bid",
             plant_at=["d4", "c4", "b4", "g4", "h4", "i4", "a4", "j4"])
    return s


def test_time_check_morning_to_afternoon_example():
    """Time Check, If It's Morning, Example: only 1 market card remains in a
    three-player game: discard it, deal 9 afternoon cards, remove the morning
    auction deck, keep the auction cards on display."""
    g = g3()
    s = stage(g, order=[0, 1, 2], market=[3, 4, 5],
              peppers={0: ["red", "green"], 1: ["yellow", "green"]})
    s = _buy_round(s, {0: "market card 3 (as shown)", 1: "market card 4 (as shown)"})
    assert s.round == 2 and s.afternoon and not s.final
    assert len(s.market) == 9 and all(g.components.market[m].afternoon for m in s.market)
    assert s.auction_deck[0] == [] and s.market_deck == []
    assert len(s.auction) == 3 and not any(g.components.auction_afternoon[a] for a in s.auction)


def test_time_check_morning_recipes_short_skips_afternoon():
    """Time Check, If It's Morning: fewer recipes than players skips the afternoon;
    one more round, then the game ends."""
    s = stage(g3(), order=[0, 1, 2], recipes=[28, 29, 22],
              peppers={0: {"orange": 1, "blue": 1, "green": 1}})
    s = _buy_round(s, {0: "recipe 28"})
    assert s.final and not s.afternoon and s.round == 2
    auto(s, lambda t: False)
    assert s.is_terminal() and s.round == 2 and s.result["why"] == "the last round is over"


def test_time_check_afternoon_example():
    """Time Check, If It's Afternoon, Example: 2 market cards and 3 recipes in a
    three-player game: one more round, then the game ends."""
    s = stage(g3(), order=[0, 1, 2], afternoon=True, market=[25, 26, 27],
              recipes=[28, 29, 27], peppers={0: {"brown": 1, "red": 1, "green": 1}})
    s = _buy_round(s, {0: "market card 25 (as shown)"})
    assert s.final and s.round == 2 and s.phase == "bid"
    auto(s, lambda t: False)
    assert s.is_terminal() and s.round == 2


def test_time_check_afternoon_both_short_ends_at_once():
    """Time Check, If It's Afternoon: both counts short: the game ends at once."""
    s = stage(g3(), order=[0, 1, 2], afternoon=True, market=[25, 26, 27],
              recipes=[28, 29, 27], peppers={0: {"brown": 1, "red": 1, "orange": 1,
                                                 "blue": 1, "green": 1}})
    s = _buy_round(s, {0: "market card 25 (as shown)"})
    assert s.round == 2 and s.final          # sanity: one buy = one count short
    s2 = stage(g3(), order=[0, 1, 2], afternoon=True, market=[25, 26, 27],
               recipes=[28, 29, 27], peppers={0: {"brown": 1, "red": 1, "orange": 1,
                                                  "blue": 1, "green": 1}})
    while s2.current_player != 0 or s2.phase != "fulfil":
        auto(s2, phase_is("fulfil", 0), plant_at=["d4", "c4", "g4", "h4"])
    s2.apply("market card 25 (as shown)")
    s2.apply("recipe 28")
    auto(s2, lambda t: False)
    assert s2.is_terminal() and s2.round == 1


def test_endgame_example_45_points():
    """Endgame, Example: 8 from Market cards + 21 from Recipes + 7 from plaques +
    4 from one unused tile + 5 from $17 = 45."""
    assert scoring.tally(8, 21, 7, 1, 17) == {"market": 8, "recipes": 21, "plaques": 7,
                                               "tiles": 4, "money": 5, "total": 45}
    g = g3()
    c = g.components
    # market 36 + 37 (4 + 4), recipes 12 + 20 (13 + 8), the 7-point white plaque
    assert c.market[36].vp + c.market[37].vp == 8 and c.recipes[12].vp + c.recipes[20].vp == 21
    # round 2 (a seat holds at most $10 before the first Fulfillment), bids of $0
    s = stage(g, order=[0, 1, 2], afternoon=True, market=[], recipes=[], round_=2,
           held_market={0: [36, 37]}, held_recipes={0: [12, 20]},
           plaques={0: [[2, 7]]}, tiles={0: ["step"]}, money={0: 17},
           peppers={0: {"green": 1}})
    auto(s, lambda t: False, plant_at=["d4", "c4", "g4"])
    assert s.is_terminal() and s.round == 2
    assert s.result["tally"][0] == {"market": 8, "recipes": 21, "plaques": 7, "tiles": 4,
                                    "money": 5, "total": 45}
    assert s.scores()[0] == 45


def _tied_final_round(money):
    """Two players, the last round (morning, full displays): both with 12 points of
    tiles and plaques; their money as given; bids of $0, no card, no sale."""
    g = nbgames.load("scoville", players=2)
    s = stage(g, order=[0, 1], round_=2, final=True, money={0: money[0], 1: money[1]},
              plaques={1: [[4, 8]]}, tiles={0: ["plant", "step", "back"], 1: ["plant"]})
    auto(s, lambda t: False, plant_at=["d4", "g4", "c4", "h4"])
    assert s.is_terminal()
    return s


@pytest.mark.parametrize("money,won", [((9, 11), [1]), ((11, 9), [0]), ((10, 11), [1]),
                                       ((11, 11), [0, 1])])
def test_tie_goes_to_money_then_shared(money, won):
    """Endgame: "The player with the most points wins. In case of a tie, the player
    with the most money wins"; then the victory is shared (our reading: the
    rulebook names no further tie-break). $9 and $11 are both 3 points; $10 vs
    $11 is also a tie on points (3 each), which money breaks."""
    s = _tied_final_round(money)
    assert s.money == list(money)
    assert s.scores()[0] == s.scores()[1]
    assert s.winners() == won and s.result["winners"] == won
    assert nbgames.replay(s.record()).winners() == won


def test_round_limit_ends_the_game():
    """Our choice (the rulebook has no limit): the game ends after round_limit."""
    g = nbgames.load("scoville", players=2, round_limit=3)
    s = g.new_state(seed=1)
    auto(s, lambda t: False)
    assert s.is_terminal() and s.round == 3 and "round limit" in s.result["why"]


# ---------------------------------------------------------------------------
# Screens, determinize, random games
# ---------------------------------------------------------------------------

def test_screens_hide_holdings():
    """Player screens hide holdings: with screens (default) a seat sees only its
    own money, peppers and cards; screens=False shows everything."""
    s = g3().new_state(seed=4)
    o = s.observation(1)
    assert o["holdings"][1]["money"] == 10 and o["holdings"][0]["money"] is None
    assert o["holdings"][0]["peppers"] is None and o["holdings"][2]["recipes"] is None
    assert s.observation(None)["holdings"][1]["peppers"] is None
    t = g3(screens=False).new_state(seed=4)
    assert t.observation(1)["holdings"][0]["peppers"] == [1, 1, 1, 0, 0, 0, 0, 0, 0, 0]


@pytest.mark.parametrize("n", [2, 4, 6])
def test_determinize_keeps_what_the_seat_saw(n):
    """determinize resamples hidden holdings consistently with the round's public
    events: every pepper a player was seen to plant, pay or sell was there, and
    every check of the engine on its peppers (``inference.facts``) holds in every copy;
    the copies really differ from the truth."""
    g = nbgames.load("scoville", players=n)
    rng = random.Random(n)
    s = g.new_state(seed=2)
    changed = checked = 0
    while not s.is_terminal():
        if len(s.history) % 7 == 0:
            for seat in (None, 0, n - 1):
                d = s.determinize(seat, rng)
                assert d.observation(seat) == s.observation(seat)
                d.check_invariants()
                for o, (need, net, checks, _, _) in enumerate(inference.facts(d)):
                    start = [d.peppers[o][i] - net[i] for i in range(10)]
                    assert all(start[i] >= need[i] for i in range(10))
                    checked += len(checks)
                changed += d.peppers != s.peppers or d.money != s.money
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    assert changed > 10 and checked > 10


def _round_start_of(copy, truth, start, seat):
    """The position at the start of the round that ``copy`` implies: ``start`` (the
    true round start) with every other seat's holdings set to the copy's, less
    what the round's public events gave and took (the same in every world)."""
    d = start.to_dict()
    x = d["data"]
    for o in range(truth.players):
        if o == seat:
            continue
        x["peppers"][o] = [a - (b - c) for a, b, c in
                           zip(copy.peppers[o], truth.peppers[o], start.peppers[o])]
        x["money"][o] = copy.money[o] - (truth.money[o] - start.money[o])
        for key in ("held_market", "held_recipes"):
            taken = [card for card in getattr(truth, key)[o] if card not in getattr(start, key)[o]]
            x[key][o] = [card for card in getattr(copy, key)[o] if card not in taken]
    d.update(history=[], start=None)
    return truth.game.scenario(d)


@pytest.mark.parametrize("n", [3, 6])
def test_copies_replay_the_round_the_seat_saw(n):
    """(e), shown end to end without the engine's own bookkeeping: every copy is
    the end of a round the rules can play. Its holdings, less what the round's
    public events gave and took, make a legal round start (staged with
    game.scenario, so the invariants hold there); replaying the round's decisions
    from it (the sealed bids of the others: the copy's) is legal, gives the same
    public events (the same skips, ends, harvests, sales) and the same view for
    the seat, and ends in exactly the copy's holdings."""
    g = nbgames.load("scoville", players=n, round_limit=10)
    compared = 0
    for seed in range(2):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        start, since = s.clone(), []
        while not s.is_terminal():
            if len(s.history) % 5 == 0 and s.events:
                for seat in (None, *range(n)):
                    copy = s.determinize(seat, rng)
                    actions = list(since)
                    if s.phase == "bid":        # the copy's own sealed bids for the others
                        actions = [copy.secret_choices(i)[0] for i in range(s.current_player)]
                    replayed = _round_start_of(copy, s, start, seat)
                    for aid in actions:
                        replayed.apply(aid)
                    assert replayed.events == s.events
                    view = replayed.observation(seat)
                    view.pop("step")
                    truth = s.observation(seat)
                    truth.pop("step")
                    assert view == truth
                    for key in ("peppers", "money", "held_market", "held_recipes"):
                        assert [sorted(x) if isinstance(x, list) else x
                                for x in getattr(replayed, key)] == \
                            [sorted(x) if isinstance(x, list) else x for x in getattr(copy, key)]
                    compared += 1
            ids = s.legal_action_ids()
            aid = int(ids[rng.randrange(len(ids))])
            last = s.round
            s.apply(aid)
            since.append(aid)
            if s.round != last:
                start, since = s.clone(), []
    assert compared > 40


def test_skipped_fulfillment_means_no_pepper_in_every_world():
    """The audit's finding (issue 18): seat 2 saw seat 1 skip Fulfillment, which
    means seat 1 holds no pepper (Fulfillment: a player may sell "up to five of
    their peppers", so a player who is passed has none; our reading: a player who
    can do nothing is passed). Before the fix 34 of seat 2's 40 worlds gave
    seat 1 peppers; now none does."""
    g = g3()
    s = g.new_state(seed=9)
    rng = random.Random(9)
    while not (s.phase == "fulfil" and s.current_player == 2 and ["skip", 1, "fulfil"] in s.events):
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    assert s.step == 95 and not any(s.peppers[1])
    worlds = [s.determinize(2, random.Random(k)) for k in range(40)]
    assert sum(1 for w in worlds if any(w.peppers[1])) == 0
    # and the copy is a state the rules can produce: it breaks no invariant
    for w in worlds:
        w.check_invariants()
    # the worlds still differ where the events say nothing: seat 0's holdings
    assert len({tuple(w.peppers[0]) for w in worlds}) > 1


def _played(g, seed, until):
    """A random game of ``g`` played until ``until(state)``."""
    s = g.new_state(seed=seed)
    rng = random.Random(seed)
    while not until(s):
        if s.is_terminal():
            return None
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    return s


def _event_game(kind, phase, extra=lambda s, e: True, players=3):
    """The first random game (seeds 0..) where an event ``[kind, seat, phase]`` of a
    seat other than the last occurs while the round goes on with a later seat."""
    g = nbgames.load("scoville", players=players)
    for seed in range(200):
        s = _played(g, seed, lambda t: not t.is_terminal() and t.phase in ("harvest", "fulfil")
                    and any(e[0] == kind and e[2] == phase and e[1] != t.current_player
                            and extra(t, e) for e in t.events))
        if s is not None:
            return s, next(e for e in s.events if e[0] == kind and e[2] == phase
                           and e[1] != s.current_player and extra(s, e))
    raise AssertionError(f"no game shows {kind} {phase}")


def test_the_suite_moves_the_holdings_behind_the_screens():
    """Issue 30: the declaration gives the conformance swaps every place a seat
    cannot see, the holdings the inference resamples (``hook=True``) included:
    the other seats' money, peppers and held cards, but not the cards everyone saw
    taken this round (``known``) nor the seat's own. (Before, the suite skipped
    hook parts, so it never moved them.)"""
    g = nbgames.load("scoville", players=3)
    s = next(t for t in (_played(g, seed, lambda t: not t.is_terminal() and any(
        e[0] == "market" for e in t.events)) for seed in range(50)) if t is not None)
    e = next(e for e in s.events if e[0] == "market")
    taker, seat = e[1], next(x for x in range(3) if x != e[1])
    assert e[2] in s.held_market[taker]                 # this round's, seen by everyone
    places = conformance.hidden_places(s, seat)
    where = {(part, key, i) for p in places.values() for part, key, i in p}
    others = [o for o in range(3) if o != seat]
    assert {("money", None, o) for o in others} <= where
    assert {("peppers", o, c) for o in others for c in range(10)} <= where
    assert not any(part in ("money", "peppers", "held_market", "held_recipes")
                   and (key == seat or (key is None and i == seat)) for part, key, i in where)
    seen_at = s.held_market[taker].index(e[2])
    assert ("held_market", taker, seen_at) not in where
    assert {("held_market", o, i) for o in others for i in range(len(s.held_market[o]))
            if (o, i) != (taker, seen_at)} <= where
    # the swap checks really move them: a swap of two seats' money is a twin
    twin = conformance.twin(s, seat, random.Random(1), tries=200)
    assert twin is not None and twin.observation(seat) == s.observation(seat)


def _one_game(monkeypatch, players=3):
    g = nbgames.load("scoville", players=players)
    monkeypatch.setattr(conformance, "games_of", lambda title: iter([g]))


def test_a_resample_outside_the_declaration_fails_the_suite(monkeypatch):
    """Issue 30, planted: money declared never hidden while the inference still
    redraws it: ``check_resample_stays_hidden`` names it."""
    _one_game(monkeypatch)
    State = nbgames.load("scoville").State
    monkeypatch.setitem(State.FIELDS, "money", private("list", hook=True, when=lambda s: False))
    with pytest.raises(AssertionError, match=r"changed \['money'\] where FIELDS hides nothing"):
        conformance.check_resample_stays_hidden("scoville")


def test_a_hook_part_that_hides_nothing_fails_the_suite(monkeypatch):
    """Issue 30, planted: a part the title resamples (``hook=True``) whose
    declaration hides no place anywhere fails the suite (here the held recipes,
    with the card deal switched off so nothing else trips first)."""
    _one_game(monkeypatch)
    State = nbgames.load("scoville").State
    monkeypatch.setitem(State.FIELDS, "held_recipes",
                        private("lists", hook=True, when=lambda s: False))
    monkeypatch.setattr(inference, "_deal_cards", lambda *a: None)
    with pytest.raises(AssertionError, match=r"\['held_recipes'\] are resampled by the title"):
        conformance.check_resample_stays_hidden("scoville")


@pytest.mark.parametrize("held", [1, 2])
def test_planting_ended_for_lack_of_pepper_holds_in_every_world(held):
    """Plant 1 Extra Pepper: a seat with the tile and a free plot but no pepper
    left after its first one has only one answer (done): the engine plays it
    (an ``end`` event) and every copy gives the seat no pepper then. A seat that
    chose ``done`` there held a pepper, in every copy too. Staged: seat 0 holds
    one or two red peppers (random games rarely keep the tile that long)."""
    s = stage(g3(), order=[0, 1, 2], round_=2, phase="plant", peppers={0: {"red": held}})
    s.apply("plant red at d4")
    if held == 2:
        assert "done" in labels(s)
        s.apply("done")
    assert s.events[-1] == (["end", 0, "plant"] if held == 1 else ["done", 0, "plant"])
    assert s.current_player == 1
    worlds = [s.determinize(1, random.Random(k)) for k in range(40)]
    for w in worlds:
        w.check_invariants()
    # nothing reached seat 0 since: its peppers now are those it held then
    assert sum(1 for w in worlds if any(w.peppers[0])) == (0 if held == 1 else 40)
    assert len({tuple(w.peppers[0]) for w in worlds}) > (1 if held == 2 else 0)


def test_fulfillment_ended_after_a_sale_pays_nothing_in_every_world():
    """Fulfillment: once a seat has sold and can pay none of the open market cards
    and recipes, the engine ends its turn (``end``); in every copy the seat can
    pay none of the cards open to it then."""
    def sold_only(t, e):          # it sold, and a market card or recipe was still open
        mine = {x[0] for x in t.events if x[1] == e[1]}
        return "sell" in mine and not {"market", "recipe"} <= mine

    s, e = _event_game("end", "fulfil", sold_only)
    seat, o = s.current_player, e[1]
    for k in range(30):
        w = s.determinize(seat, random.Random(k))
        w.check_invariants()
        _, net, checks, _, _ = inference.facts(w)[o]
        nones = [(r, wants) for r, what, wants in checks if what == "none"]
        assert nones
        for r, wants in nones:
            have = [w.peppers[o][c] - net[c] + r[c] for c in range(10)]
            assert wants and not any(all(h >= x for h, x in zip(have, want)) for want in wants)


def test_bids_held_in_time_in_every_world():
    """Bidding for Turn Order: players bid "any amount of their coins": every copy
    gives each seat at the start of the round at least the bid it revealed; and
    at most what the rounds played allow (money only grows in Fulfillment)."""
    g = nbgames.load("scoville", players=4)
    s = _played(g, 5, lambda t: t.round >= 3 and t.phase == "plant")
    for k in range(30):
        w = s.determinize(s.current_player, random.Random(k))
        for o, (_, _, _, mneed, mnet) in enumerate(inference.facts(w)):
            assert mneed == s.bids[o] <= w.money[o] - mnet <= inference.money_bound(w)


def test_sealed_bid_leaves_no_trace_in_a_copy():
    """Bidding for Turn Order: players "secretly take any amount of their coins";
    a copy made for seat 1 while the bids are sealed carries no trace of seat 0's
    bid: not in its history, log, secret or data; twins that differ only in seat
    0's bid give equal copies, field for field (issue 18: the history ended with
    ``bid $3`` and the log said "You bid $3.")."""
    g = g3()
    copies = []
    for bid in (3, 1, 7):
        s = stage(g, round_=2, money={0: 9, 1: 9, 2: 9})
        s.apply(f"bid ${bid}")
        assert s.current_player == 1 and f"You bid ${bid}." in s.log(0)
        c = s.determinize(1, random.Random(5))
        d = c.to_dict()
        assert d["history"] == [] and c.step == s.step
        assert not any("You bid" in text for _, text in d["log"])
        assert "P0 has bid." in c.log(1)
        copies.append(d)
    assert copies[0] == copies[1] == copies[2]
    # the sealed bid is redrawn among the bids seat 0's (resampled) money allows
    seen = {s.determinize(1, random.Random(k)).secret_choices(0)[0] for k in range(40)}
    assert len(seen) > 3


def _twins():
    """Round 3, 3 players, afternoon: two positions that differ only behind the
    screens of seats 0 and 1 (afternoon cards 24.., 5 held; morning cards 0..23, 7
    to 9 held; 8 recipes held), the same for seat 2."""
    g = g3()
    common = dict(order=[0, 1, 2], round_=3, afternoon=True, market=[25, 26, 27, 28],
                  recipes=[28, 29, 27, 22])
    a = stage(g, peppers={0: ["red"], 1: {"black": 3, "white": 2}, 2: ["red", "green"]},
              money={0: 12, 1: 3, 2: 8},
              held_market={0: [30, 31, 32], 1: [1, 2, 3, 4, 5, 6], 2: [24, 29, 0]},
              held_recipes={0: [1, 2, 3], 1: [4, 5, 6, 7], 2: [10]}, **common)
    b = stage(g, peppers={0: {"phantom": 4}, 1: [], 2: ["red", "green"]},
              money={0: 1, 1: 40, 2: 8},
              held_market={0: [7, 8, 9, 10, 11, 12, 13, 14], 1: [40, 41, 42], 2: [24, 29, 0]},
              held_recipes={1: [11, 12, 13, 14, 15, 16, 17], 2: [10]}, **common)
    return a, b


def test_twins_with_other_holdings_give_equal_copies():
    """With the screens up (table memory), two positions that differ only behind
    the other screens (peppers, money, which cards and how many are held, in the
    afternoon how many morning cards were taken) look the same to seat 2 and give
    equal copies for the same generator, field for field."""
    a, b = _twins()
    assert a.to_dict()["data"] != b.to_dict()["data"]
    assert a.observation(2) == b.observation(2) and a.log(2) == b.log(2)
    for k in range(20):
        assert a.determinize(2, random.Random(k)).to_dict() == \
            b.determinize(2, random.Random(k)).to_dict()
    # the same decisions keep them twins (seat 0 bids what both allow)
    for label in ("bid $1", "bid $2", "bid $0"):
        a.apply(label)
        b.apply(label)
    assert a.observation(2) == b.observation(2)
    for k in range(5):
        assert a.determinize(2, random.Random(k)).to_dict() == \
            b.determinize(2, random.Random(k)).to_dict()


def test_holdings_are_shown_and_kept_at_the_end():
    """Endgame: players tally their points, the screens come down: at the end every
    seat sees every holding, and a copy keeps them."""
    s = _tied_final_round((9, 11))
    for seat in (None, 0, 1):
        o = s.observation(seat)
        assert [h["money"] for h in o["holdings"]] == [9, 11]
        d = s.determinize(seat, random.Random(1))
        assert d.peppers == s.peppers and d.money == s.money and d.held_market == s.held_market


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_end_and_money_stays_under_cap(n):
    """Every phase runs to the end at every player count; money never passes the cap."""
    g = nbgames.load("scoville", players=n)
    for seed in range(3):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            ids = s.legal_action_ids()
            s.apply(int(ids[rng.randrange(len(ids))]))
            assert max(s.money) <= g.cap
        assert s.winners()


def test_render_and_labels_round_trip():
    """The text picture shows the field and hides screened holdings."""
    s = g3().new_state(seed=1)
    text = s.render(0)
    assert "e" in text and "(behind the screen)" in text and "$10" in text
    assert s.game.action_id("step to e4|f4") == s.game.action_space.encode(
        "step", notch=s.game.field.star)


def test_afternoon_auction_refills_from_the_afternoon_deck():
    """Claiming Auction Cards: refill from the morning deck while it is morning and
    from the afternoon deck in the afternoon (Time Check: the morning auction deck
    is removed, the cards on display stay)."""
    g = g3()
    s = stage(g, order=[0, 1, 2], market=[3, 4, 5],
              peppers={0: ["red", "green"], 1: ["yellow", "green"]})
    s = _buy_round(s, {0: "market card 3 (as shown)", 1: "market card 4 (as shown)"})
    assert s.afternoon and s.phase == "bid"
    kept = list(s.auction)
    auto(s, phase_is("plant"))
    assert len(s.auction) == 3 and not set(kept) & set(s.auction)
    assert all(g.components.auction_afternoon[a] for a in s.auction)
    assert sorted(s.auction_discard[0]) == []            # morning cards leave the game


def test_market_card_black_or_white_choice():
    """Visit the Farmer's Market: the reward is what the card shows; two afternoon
    cards show a black or a white pepper (the player's choice)."""
    g = g3()
    card = next(i for i, m in enumerate(g.components.market) if m.choice)
    assert g.catalog()["market"][card]["wanted"] == [C["green"], C["orange"], C["purple"]]
    s = stage(g, order=[0, 1, 2], afternoon=True, market=[card, 25, 26],
              peppers={0: ["green", "orange", "purple", "green"]})
    auto(s, phase_is("fulfil", 0), plant_at=["d4", "c4", "g4"])
    ls = labels(s)
    assert f"market card {card} (black)" in ls and f"market card {card} (white)" in ls
    assert f"market card {card} (as shown)" not in ls
    white = s.peppers[0][C["white"]]
    s.apply(f"market card {card} (white)")
    assert s.peppers[0][C["white"]] == white + 1 and s.tally(0)["market"] == 4


# ---------------------------------------------------------------------------
# Derived facts in the observation (what the board draws; Python owns the rules)
# ---------------------------------------------------------------------------

def _derived_positions(n, screens, seed):
    """Every state of a random game (round_limit 8)."""
    g = nbgames.load("scoville", players=n, screens=screens, round_limit=8)
    s = g.new_state(seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        yield s
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    yield s


@pytest.mark.parametrize("n,screens", [(2, True), (4, False), (6, True)])
def test_derived_facts_match_what_the_engine_does(n, screens):
    """``bid_max``, ``offer_value``, ``harvest``, ``affordable`` and ``walk.corners``
    equal what applying the actions does, and reach only the seat they belong to."""
    seen = set()
    for seed in range(2):
        for s in _derived_positions(n, screens, seed):
            g = s.game
            sp = g.action_space
            cp, ph = s.current_player, s.phase
            obs = {seat: s.observation(seat) for seat in [None, *range(n)]}
            kinds = [sp.unpack(int(a)) for a in s.legal_action_ids()]
            for seat, o in obs.items():
                mover = seat is not None and seat == cp
                assert ("bid_max" in o) == (ph == "bid" and mover)
                assert ("harvest" in o) == (ph == "harvest" and mover)
                assert ("offer_value" in o) == (ph == "plaque")
                if seat is None or ph == "over":
                    assert "affordable" not in o
                else:
                    # the displayed cards whose wanted peppers the seat holds (absent: none)
                    have = s.peppers[seat]
                    want = {"market": [m for m in s.market
                                       if all(have[c] >= k for c, k in enumerate(g.market_need[m]))],
                            "recipes": [r for r in s.recipes
                                        if all(have[c] >= k for c, k in enumerate(g.recipe_need[r]))]}
                    assert o.get("affordable") == (want if want["market"] or want["recipes"] else None)
                    seen.add("affordable" if "affordable" in o else "unaffordable")
            o = obs[cp] if cp is not None else obs[None]
            if ph == "bid":
                assert o["bid_max"] == max(v[0] for k, *v in kinds if k == "bid") == s.money[cp]
                seen.add("bid")
            elif ph == "plaque":
                t = s.clone()
                t.apply(sp.encode("plaque", choice=0))
                assert t.won[cp][-1] == [s.offer, o["offer_value"]]
                seen.add("plaque")
            elif ph == "harvest":
                targets = {v[0] for k, *v in kinds if k in ("step", "back")}
                assert set(o["harvest"]) == {str(q) for q in targets}
                for k, *v in kinds:
                    if k not in ("step", "back"):
                        continue
                    t = s.clone()
                    t.apply(sp.encode(k, notch=v[0]))
                    ev = next(e for e in t.events[len(s.events):] if e[0] == "step")
                    assert ev[1:3] == [cp, v[0]] and ev[3] == o["harvest"][str(v[0])]
                    gained = [t.peppers[cp][c] - s.peppers[cp][c] for c in range(10)]
                    assert gained == [ev[3].count(c) for c in range(10)]
                    seen.add("harvest+" if ev[3] else "harvest0")
            elif ph == "fulfil" and not s.did[0] and not s.did[1]:
                aff = o.get("affordable", {"market": [], "recipes": []})
                assert sorted(aff["market"]) == sorted({v[0] for k, *v in kinds if k == "market"})
                assert sorted(aff["recipes"]) == sorted(v[0] for k, *v in kinds if k == "recipe")
                seen.add("fulfil")
            w = o["walk"]
            if w:
                assert len(w["corners"]) == len(w["path"]) - 1 == w["steps"]
                f = g.field
                for (a, b), xy in zip(zip(w["path"], w["path"][1:]), w["corners"]):
                    for q in (a, b):       # the corner is an end of both notches' edges
                        assert abs(f.notch_xy[q][0] - xy[0]) + abs(f.notch_xy[q][1] - xy[1]) == 0.5
                if w["steps"]:
                    assert w["corners"][-1] == list(f.corner_xy[s.walk[1]])   # the engine's corner
                    seen.add("walk")
    assert {"bid", "plaque", "harvest+", "harvest0", "fulfil", "walk",
            "affordable", "unaffordable"} <= seen, seen


# -- weighted worlds: the round a seat remembers, replayed in each world -------------------
def _red_bidder(without_red):
    """A model of the others (``model(state, ids) -> weights``): in the bid phase a
    seat bids $0 or $1 only, $1 with weight 1 when it holds a red pepper and
    ``without_red`` when it holds none; every other decision uniform."""
    def model(state, ids):
        if state.phase != "bid":
            return [1.0] * len(ids)
        zero = state.game.K["bid"].id(0)
        red = state.peppers[state.current_player][C["red"]] > 0
        return [1.0 if a == zero else (1.0 if red else without_red) if a == zero + 1 else 0.0
                for a in ids]
    return model


def _bids_revealed():
    """Round 3, 2 players, red and blue planted: Greg bids $1 and Ruth $2, and Ruth
    (the higher bid) chooses her spot. Greg's peppers are behind his screen (Setup
    B); his bid is revealed (Auction, Bidding for Turn Order: "they simultaneously
    reveal their bids"), and the round's events say nothing of his peppers."""
    s = stage(nbgames.load("scoville", players=2), seed=2, round_=3, money={0: 9, 1: 9},
              peppers={0: ["red"], 1: ["blue"]})
    s.apply("bid $1")
    s.apply("bid $2")
    assert s.phase == "spot" and s.current_player == RUTH
    assert sorted(c for c in s.field if c >= 0) == [C["red"], C["blue"]]
    return s


def test_weighted_worlds_never_hold_what_the_others_moves_rule_out():
    """Under a model where a seat without a red pepper never bids above $0, Greg's
    $1 bid (seen by Ruth this round) rules out every world where he began the
    round without red: the weighted sampler replays the round in each world from
    the world's own holdings and keeps none of them, though uniform worlds hold
    none a third of the time. (Before the round was replayed, no Scoville world
    had a history and the pool was empty.)"""
    from nbgames.core import chance
    s = _bids_revealed()
    red = C["red"]
    uniform = [s.determinize(RUTH, random.Random(k)) for k in range(300)]
    assert 0.2 < sum(1 for w in uniform if w.peppers[GREG][red] == 0) / 300 < 0.5
    pool = chance.worlds(s, RUTH, 64, random.Random(0), model=_red_bidder(0.0))
    assert pool.with_past == pool.tried == 64 and pool.weighed == 1, pool.note
    assert 25 < len(pool.worlds) < 64, pool.note     # the ruled-out worlds are left out
    assert all(w.peppers[GREG][red] > 0 for w in pool.worlds)
    rng = random.Random(1)
    assert all(pool.draw(rng).peppers[GREG][red] > 0 for _ in range(200))


def test_weighted_worlds_shift_the_odds_where_the_model_only_prefers():
    """Where the model makes a $1 bid three times likelier with red than without
    (1/2 against 1/6), every world is kept and the weights move the share of
    worlds where Greg holds red up from the uniform share (about 0.65 to about
    0.85: the odds times 3)."""
    from nbgames.core import chance
    s = _bids_revealed()
    red = C["red"]
    pool = chance.worlds(s, RUTH, 200, random.Random(0), model=_red_bidder(1 / 5))
    assert len(pool.worlds) == pool.tried == 200, pool.note
    has = [w.peppers[GREG][red] > 0 for w in pool.worlds]
    plain = sum(has) / len(has)
    weighted = sum(x for x, h in zip(pool.weights, has) if h) / sum(pool.weights)
    odds = plain / (1 - plain) * 3
    assert 0.5 < plain < 0.8
    assert weighted == pytest.approx(odds / (1 + odds), abs=1e-9)
    assert weighted > plain + 0.1


def test_weighted_worlds_hold_no_trace_of_the_truths_holdings():
    """Security boundary: the twins of ``_twins`` (other peppers, money and
    cards behind the other screens, the same view for Yuri) play the same round;
    Yuri's weighted pools (worlds and weights, under the title's prior, which
    reads the bidder's money) are identical for the same generator. Each world's
    round is replayed from its own holdings rolled back, never the truth's."""
    from nbgames.core import chance
    from nbgames.core.registry import spec
    a, b = _twins()
    for label in ("bid $1", "bid $2", "bid $0"):
        a.apply(label)
        b.apply(label)
    assert a.observation(YURI) == b.observation(YURI) and a.money != b.money
    prior = spec("scoville").prior
    for k in range(3):
        pa = chance.worlds(a, YURI, 24, random.Random(k), model=prior)
        pb = chance.worlds(b, YURI, 24, random.Random(k), model=prior)
        assert len(pa.worlds) == 24 and pa.weighed == 2, pa.note
        assert [chance._key(w) for w in pa.worlds] == [chance._key(w) for w in pb.worlds]
        assert pa.weights == pb.weights and pa.ess < 23     # the bids weigh the worlds


@pytest.mark.parametrize("n", [2, 3])
def test_every_world_replays_the_round_from_its_own_holdings(n):
    """In random games every world the sampler draws has a history: the round
    replayed from its holdings rolled back ends in exactly that world (else it
    is left out), except where a deck was reshuffled during the round (a chance
    point the world's history cannot take: no window, uniform worlds)."""
    from nbgames.core import chance
    g = nbgames.load("scoville", players=n)
    checked = 0
    for seed in range(3):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if len(s.history) % 23 == 7:
                pool = chance.worlds(s, s.current_player, 6, random.Random(len(s.history)))
                if "chance point" not in pool.note:
                    assert pool.with_past == pool.tried == len(pool.worlds) == 6, pool.note
                    checked += 1
            ids = s.legal_action_ids()
            s.apply(int(ids[rng.randrange(len(ids))]))
    assert checked > 30
