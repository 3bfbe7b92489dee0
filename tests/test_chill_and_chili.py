"""Chill & Chili engine tests. Each docstring names the rulebook section it checks
(the Chill & Chili rulebook) or the issue-10 requirement."""

import copy
import json
import random

import pytest

import nbgames
from nbgames import IllegalActionError, OptionError
from nbgames.core.errors import ComponentError
from nbgames.games.chill_and_chili import scoring
from nbgames.games.chill_and_chili.components import DEFAULT, load_components


def load(n=2, **kw):
    return nbgames.load("chill_and_chili", players=n, **kw)


def T(game, name):
    """The card type named e.g. 'Tomato 1 sun'."""
    return game.type_names.index(name)


def combo(game, name):
    return game.combo_names.index(name)


def rig(state, hands=None, beds=None, pond=None, coins=None, laid=None, held=None, well=None,
        draw_top=None, board_left=None):
    """Scenario set-up, used only where the position cannot be reached quickly by
    play: edits a copy of ``state`` and stages it with ``game.scenario`` (checked
    field by field and by the invariants; its record carries the position). Cards
    given to hands or beds are taken out of the draw pile; chips for the pond,
    the well, drops and coins come from the pond board, so every conservation law
    still holds."""
    state = state.clone()
    g = state.game
    pool = state.draw

    def take(t):
        pool.remove(t)
        return t

    if hands is not None:
        for s, h in enumerate(hands):
            if h is None:
                continue
            pool.extend(state.hands[s])
            state.hands[s] = sorted(take(t) for t in h)
    if beds is not None:
        for s, bs in enumerate(beds):
            for c, d in bs:
                for t in g.combos[c][1]:
                    take(t)
                state.beds[s].append((c, d))
                state.pond_board -= d
    if pond is not None:
        state.pond_board -= pond - state.pond
        state.pond = pond
    if well is not None:
        state.pond_board -= well - state.well
        state.well = well
    if coins is not None:
        for s, c in enumerate(coins):
            state.pond_board -= c - state.coins[s]
            state.coins[s] = c
    for attr, val in (("laid", laid), ("held", held)):
        if val is not None:
            for s, accs in enumerate(val):
                for a in accs:
                    getattr(state, attr)[s] |= 1 << a
                    state.stacks[a] -= 1
    if draw_top is not None:
        for t in draw_top:
            pool.remove(t)
        pool.extend(reversed(draw_top))       # the first listed is the top card
    if board_left is not None:          # move chips from the pond board into the pond
        state.pond += state.pond_board - board_left
        state.pond_board = board_left
    state.check_invariants()
    return state.game.scenario(state.to_dict())


def labels(state):
    return state.legal_actions().labels


# -- components --------------------------------------------------------------------

def test_components_counts():
    """Components: 90 vegetable cards (18 Corn, 17 Carrot, 15 Tomato, 14 Cauliflower,
    14 Pumpkin, 12 Chili); 20 accessories, 5 each; 120 chips."""
    c = load_components()
    assert {v.name: v.count for v in c.varieties} == {
        "Corn": 18, "Carrot": 17, "Tomato": 15, "Cauliflower": 14, "Pumpkin": 14, "Chili": 12}
    assert sum(v.count for v in c.varieties) == 90
    assert len(load().deck) == 90
    assert [(n, k) for n, k, _ in c.accessories] == [
        ("Fertilizer", 5), ("Watering Can", 5), ("Wheelbarrow", 5), ("Scarecrow", 5)]
    assert c.rules["chips"] == 120


def test_components_beds_and_known_figures():
    """Planting a Vegetable Variety: Tomato, Carrot, Corn exactly 2; Cauliflower and
    Chili exactly 3; Pumpkin 1-5; '2 carrot cards score 4'; C) example: a tomato bed
    is worth 5; A) example: the Watering Can costs 1; each card shows 1 to 3 suns
    (nbgames/games/chill_and_chili/components.md); a bigger pumpkin bed is worth more per card."""
    c = load_components()
    v = {x.name: x for x in c.varieties}
    assert [(v[k].bed_min, v[k].bed_max) for k in ("Tomato", "Carrot", "Corn")] == [(2, 2)] * 3
    assert [(v[k].bed_min, v[k].bed_max) for k in ("Cauliflower", "Chili")] == [(3, 3)] * 2
    assert (v["Pumpkin"].bed_min, v["Pumpkin"].bed_max) == (1, 5)
    assert v["Carrot"].points == {2: 4} and v["Tomato"].points == {2: 5}
    assert dict((n, p) for n, _, p in c.accessories)["Watering Can"] == 1
    assert all(1 <= s <= 3 for x in c.varieties for s in x.suns)
    per_card = [v["Pumpkin"].points[k] / k for k in range(1, 6)]
    assert per_card == sorted(per_card) and len(set(per_card)) == 5
    # the varieties that need 3 cards show more suns on average (its components.md)
    avg = {k: sum(s * n for s, n in x.suns.items()) / x.count for k, x in v.items()}
    assert min(avg["Cauliflower"], avg["Chili"]) > max(avg["Corn"], avg["Carrot"], avg["Tomato"])


def test_every_figure_has_a_source():
    """Issue 10: every reconstructed figure carries its reason in components.json."""
    data = json.loads(DEFAULT.read_text())
    items = list(data["rules"].values()) + data["varieties"] + data["accessories"]
    for it in items:
        src = it["source"]
        assert src.split(":")[0] in ("rulebook", "count", "count and bed", "deduced", "published",
                                     "reconstructed", "rank deduced")
    for v in data["varieties"]:
        if v["name"] in ("Corn", "Cauliflower", "Chili", "Pumpkin"):
            assert "points reconstructed" in v["source"] or "points by bed size reconstructed" \
                in v["source"]
        assert "suns reconstructed" in v["source"]
    for a in data["accessories"]:
        assert ("price reconstructed" in a["source"]) == (a["name"] != "Watering Can")


def test_corrected_component_file(tmp_path):
    """Issue 10: a corrected file can be loaded with components=; bad files are
    refused with a message naming the problem."""
    data = json.loads(DEFAULT.read_text())
    data["varieties"][0]["points"] = 2          # Corn worth 2
    data["accessories"][0]["price"] = 3         # Fertilizer costs 3
    p = tmp_path / "cc.json"
    p.write_text(json.dumps(data))
    g = load(components=str(p))
    corn = combo(g, "Corn (suns 1+1)")
    assert g.combo_points[corn] == 2 and g.acc_price[0] == 3
    assert load(components=data).acc_price[0] == 3
    bad = copy.deepcopy(data)
    bad["varieties"][0]["suns"]["1"] = 1
    with pytest.raises(OptionError, match="add up to"):
        load(components=bad)
    bad = copy.deepcopy(data)
    bad["varieties"][4]["points"] = {"1": 1, "2": 3}
    with pytest.raises(OptionError, match="every bed size 1..5"):
        load(components=bad)
    with pytest.raises(ComponentError, match="cannot read"):
        load_components(str(tmp_path / "missing.json"))


def test_options_validated():
    """Options are validated with errors naming the value and the choices."""
    with pytest.raises(OptionError, match="start_order.*'sideways'.*any"):
        load(start_order="sideways")
    with pytest.raises(OptionError, match="first_player=5"):
        load(first_player=5)
    with pytest.raises(OptionError, match="held_accessories_score"):
        load(held_accessories_score="yes")
    with pytest.raises(Exception, match="players"):
        load(6)


# -- set-up ---------------------------------------------------------------------------

@pytest.mark.parametrize("n,board", [(2, 52), (3, 68), (4, 84), (5, 100)])
def test_setup(n, board):
    """Setup: 5 cards face down to each player; two market rows of 4; 4 coins each;
    remove 60/40/20/0 chips for 2/3/4/5 players, the rest on the pond board; the
    pond and the well start empty; the first turn pushes one chip (Game Flow)."""
    g = load(n)
    s = g.new_state(seed=1)
    assert all(len(h) == 5 for h in s.hands)
    assert len(s.market) == 2 and all(len(r) == 4 and min(r) >= 0 for r in s.market)
    assert g.prices == [4, 3, 2, 1]
    assert s.coins == [4] * n and s.well == 0
    assert s.pond == 1 and s.pond_board == board - 1
    assert len(s.draw) == 90 - 5 * n - 8
    obs = s.observation(0)
    assert obs["hand"] == s.hands[0] and obs["hand_sizes"] == [5] * n
    assert all(str(s.hands[1]) not in json.dumps(s.observation(x)) or x == 1
               for x in (None, 0))


def test_observation_hides_hands_and_draw_pile():
    """Issue 10, Observation: public pond board, pond, well, market, beds, coins,
    accessories and hand sizes; private: your hand and what you drew."""
    g = load(3)
    s = g.new_state(seed=2)
    s.apply("draw the top card")
    o0, o1, spec = s.observation(0), s.observation(1), s.observation(None)
    assert o0["hand"] == s.hands[0] and len(o0["drew"]) == 1
    assert o1["hand"] == s.hands[1] and o1["drew"] == []
    assert spec["hand"] == [] and spec["drew"] == []
    for o in (o0, o1, spec):
        assert {"pond_board", "pond", "well", "market", "beds", "coins", "laid", "held",
                "hand_sizes", "stacks"} <= set(o)
        assert "draw_pile" not in o and isinstance(o["draw"], int)
    # a determinized state differs in hidden cards, not in what seat 1 sees
    d = s.determinize(1, random.Random(0))
    assert d.observation(1) == o1


# -- a turn -------------------------------------------------------------------------

def test_push_one_chip_each_turn():
    """Game Flow: a turn always begins with pushing one chip from the pond board into
    the pond (not a decision)."""
    g = load(2)
    s = g.new_state(seed=3)
    board, pond = s.pond_board, s.pond
    s.apply("draw the top card")
    assert s.current_player == 1
    assert (s.pond_board, s.pond) == (board - 1, pond + 1)


def test_fresh_vegetables():
    """Fresh Vegetables: once a turn, pay 1 coin into the well, the 4 cards of one
    row go to the compost and 4 new cards are laid out; then the actual turn."""
    g = load(2)
    s = g.new_state(seed=4)
    old = list(s.market[1])
    top4 = list(reversed(s.draw[-4:]))
    s.apply("fresh vegetables: row 2")
    assert s.coins[0] == 3 and s.well == 1
    assert sorted(s.compost) == sorted(old)
    assert s.market[1] == top4
    assert s.current_player == 0 and not any(a.startswith("fresh") for a in labels(s))
    s.apply("draw the top card")
    assert s.current_player == 1
    s = rig(s, coins=[3, 0])
    assert not any(a.startswith("fresh") for a in labels(s))      # no coin, no fresh row


def test_buy_accessory_once_each_kind():
    """A) Buy a Card: an accessory costs the coins shown, into the well, to the hand;
    players may own each accessory only once."""
    g = load(2)
    s = g.new_state(seed=5)
    s.apply("buy Fertilizer")
    assert s.coins[0] == 2 and s.well == 2 and s.held[0] == 1 and s.stacks[0] == 4
    assert s.hand_size(0) == 6
    assert "buy Fertilizer" in labels(s)           # player 1 may buy one too
    s.apply("draw the top card")                  # player 1
    assert s.current_player == 0 and "buy Fertilizer" not in labels(s)
    s.apply("lay out Fertilizer")
    s.apply("draw the top card")                  # player 1
    assert s.current_player == 0
    assert "buy Fertilizer" not in labels(s)       # laid out still counts as owned
    s = rig(s, coins=[0, s.coins[1]])
    assert not any(a.startswith("buy ") for a in labels(s))


def test_empty_accessory_stack():
    """A) Buy a Card: an accessory can only be bought while its stack has one (a
    corrected file with 1 Scarecrow: once player 1 owns it, player 0 cannot buy)."""
    data = json.loads(DEFAULT.read_text())
    data["accessories"][3]["count"] = 1
    g = load(2, components=data)
    s = g.new_state(seed=5)
    assert "buy Scarecrow" in labels(s)
    s = rig(s, laid=[[], [3]])
    assert s.stacks[3] == 0 and "buy Scarecrow" not in labels(s)


def test_draw_top_card_free():
    """A) Buy a Card: take the top card of the draw pile for free."""
    s = load(2).new_state(seed=6)
    top = s.draw[-1]
    s.apply("draw the top card")
    assert top in s.hands[0] and s.coins[0] == 4 and s.well == 0


def test_market_prices_by_space():
    """A) Buy a Card: prices 4, 3, 2, 1 from left to right; not affordable, not legal."""
    g = load(2)
    s = g.new_state(seed=7)
    for p, price in enumerate([4, 3, 2, 1]):
        st = s.clone()
        st.apply(f"buy row 1 space {p + 1} ({price} coin{'s' if price > 1 else ''})")
        assert st.coins[0] == 4 - price and st.well == price
    s = rig(s, coins=[2, 4])
    legal = labels(s)
    assert "buy row 1 space 2 (3 coins)" not in legal and "buy row 1 space 3 (2 coins)" in legal


def test_worked_example_marie_buys_the_tomatoes():
    """A) Buy a Card, example: Marie buys the tomatoes for 2 coins; the carrot and
    the cauliflower shift right and a new card is revealed in the most expensive
    space. Played through the engine from a seed whose row 1 shows carrot,
    cauliflower, tomato."""
    g = load(2)
    s = g.new_state(seed=387)
    row = list(s.market[0])
    assert [g.var_names[g.type_var[t]] for t in row[:3]] == ["Carrot", "Cauliflower", "Tomato"]
    new = s.draw[-1]
    s.apply("buy row 1 space 3 (2 coins)")
    assert row[2] in s.hands[0] and s.coins[0] == 2 and s.well == 2
    assert s.market[0] == [new, row[0], row[1], row[3]]


def test_worked_example_nina_buys_a_watering_can():
    """A) Buy a Card, example: Nina buys a Watering Can, takes it into her hand and
    throws 1 coin into the well."""
    s = load(3).new_state(seed=8)
    s.apply("buy Watering Can")
    assert s.coins[0] == 3 and s.well == 1 and s.held[0] == 1 << 1
    assert s.observation(1)["held"][0] == [1] and s.observation(1)["hand_sizes"][0] == 6


def test_hand_limit_forces_compost():
    """A) Buy a Card: the hand limit is 7; drawing an 8th card forces a card onto
    the compost at once."""
    g = load(2)
    s = g.new_state(seed=9)
    s = rig(s, hands=[s.draw[-7:], None])
    s.apply("draw the top card")
    assert s.stage == "compost" and s.current_player == 0
    assert all(a.startswith("compost ") for a in labels(s))
    t = s.hands[0][0]
    s.apply(f"compost {g.type_names[t]}")
    assert len(s.hands[0]) == 7 and s.compost == [t] and s.current_player == 1


def test_composted_accessory_returns_to_its_stack():
    """A) hand limit with an accessory in hand (rule choice: an accessory composted
    goes back to its stack, so it can be bought again)."""
    g = load(2)
    s = g.new_state(seed=10)
    s = rig(s, hands=[s.draw[-7:], None])
    s.apply("buy Scarecrow")
    assert s.stage == "compost"
    s.apply("compost Scarecrow")
    assert s.stacks[3] == 5 and s.held[0] == 0 and s.compost == []


def test_plant_exact_counts():
    """Planting a Vegetable Variety: exactly 2 (Tomato, Carrot, Corn) or 3
    (Cauliflower, Chili) cards of one variety, pumpkins 1 to 5; more or fewer is
    not allowed; a bed may mix sun counts."""
    g = load(2)
    s = g.new_state(seed=11)
    hand = [T(g, n) for n in ("Tomato 1 sun", "Tomato 2 suns", "Tomato 3 suns",
                              "Chili 1 sun", "Chili 2 suns", "Pumpkin 2 suns", "Pumpkin 2 suns")]
    s = rig(s, hands=[hand, None])
    plants = sorted(a for a in labels(s) if a.startswith("plant"))
    assert plants == ["plant Pumpkin (suns 2)", "plant Pumpkin (suns 2+2)",
                      "plant Tomato (suns 1+2)", "plant Tomato (suns 1+3)",
                      "plant Tomato (suns 2+3)"]
    s.apply("plant Tomato (suns 1+3)")
    assert s.beds[0] == [(combo(g, "Tomato (suns 1+3)"), 0)]
    assert s.hands[0] == sorted(hand[1:2] + hand[3:])
    assert s.current_player == 1


def test_pumpkin_bed_sizes_and_points():
    """Planting: 1-5 pumpkins in one bed; reconstructed: a bigger bed is worth more
    per card (components.json)."""
    g = load(2)
    pts = [g.combo_points[combo(g, "Pumpkin (suns " + "+".join(["2"] * k) + ")")]
           for k in range(1, 6)]
    assert pts == [1, 3, 5, 7, 10]


def test_lay_out_accessory():
    """Laying Out an Accessory Card: B lays one accessory from hand in front of you."""
    s = load(2).new_state(seed=12)
    s.apply("buy Wheelbarrow")
    s.apply("draw the top card")
    s.apply("lay out Wheelbarrow")
    assert s.laid[0] == 1 << 2 and s.held[0] == 0 and s.current_player == 1


def test_take_half_rounded_up_as_money():
    """C) Take Chips: half of the pond, rounded up; money goes to your coins."""
    g = load(2)
    s = g.new_state(seed=13)
    s = rig(s, pond=7)
    s.apply("take the pond as money")
    assert s.coins[0] == 8 and s.pond == 3 + 1      # 3 left, +1 pushed by player 1


def test_worked_example_nina_takes_six_of_eleven():
    """C) Take Chips, example: 11 chips in the pond; Nina takes 6 (rounded up) as
    water: 1 drop covers the last sun of her tomato bed (now 10 instead of 5), 3
    drops her carrot bed (8 instead of 4), 2 drops go into the well. Staged: her two
    beds and the pond of 11 are staged with game.scenario (reaching them by play
    takes dozens of turns); the take and the watering are played through the
    engine."""
    g = load(2)
    s = g.new_state(seed=14)
    tomato, carrot = combo(g, "Tomato (suns 1+2)"), combo(g, "Carrot (suns 1+2)")
    s = rig(s, beds=[[(tomato, 2), (carrot, 0)], []], pond=11)
    before = s.scores()[0]
    money = s.clone().apply("take the pond as money")
    assert money.coins[0] == 4 + 6                      # the alternative: 6 coins
    s.apply("take the pond as water")
    assert s.pond == 5 and s.drops == 6 and s.stage == "water"
    assert labels(s) == ["water bed 1", "water bed 2"]
    s.apply("water bed 1")
    # only the carrot bed has free suns: 3 drops land there, the surplus 2 in the well
    assert s.beds[0] == [(tomato, 3), (carrot, 3)]
    assert s.well == 2 and s.drops == 0 and s.current_player == 1
    assert s.scores()[0] == before - 5 - 4 + 10 + 8


def test_water_with_no_free_sun_goes_to_the_well():
    """C) Take Chips: surplus drops go to the well only when every sun is covered;
    choosing water with no bed pours all into the well."""
    s = load(2).new_state(seed=15)
    s = rig(s, pond=5)
    s.apply("take the pond as water")
    assert s.well == 3 and s.coins[0] == 4 and s.current_player == 1


def test_water_one_drop_at_a_time():
    """C) Take Chips: drops may be distributed freely across beds, one sun each."""
    g = load(2)
    s = g.new_state(seed=16)
    a, b = combo(g, "Chili (suns 3+3+3)"), combo(g, "Corn (suns 3+3)")
    s = rig(s, beds=[[(a, 0), (b, 0)], []], pond=8)
    s.apply("take the pond as water")
    for _ in range(3):
        s.apply("water bed 2")
    s.apply("water bed 1")
    assert s.beds[0] == [(a, 1), (b, 3)] and s.current_player == 1


def test_watering_can():
    """Laying Out an Accessory Card, Watering Can: taking from the pond gives 2 more
    chips from the well, money or water, chosen apart from the main take; with fewer
    chips in the well you get what is there."""
    g = load(2)
    s = g.new_state(seed=17)
    s = rig(s, laid=[[1], []], pond=4, well=5)
    s.apply("take the pond as money")
    assert s.stage == "can"
    s.apply("Watering Can chips as water")      # no bed: the drops go back to the well
    assert s.coins[0] == 6 and s.well == 5
    s = g.new_state(seed=17)
    s = rig(s, laid=[[1], []], pond=4, well=1)
    s.apply("take the pond as money")
    s.apply("Watering Can chips as money")
    assert s.coins[0] == 7 and s.well == 0
    s = g.new_state(seed=17)
    s = rig(s, laid=[[1], []], pond=4, well=0)
    s.apply("take the pond as money")
    assert s.current_player == 1                 # empty well: nothing to choose


def test_wheelbarrow_and_fertilizer_on_planting():
    """Laying Out an Accessory Card: Fertilizer draws the top card and Wheelbarrow
    gives 2 chips from the well (money or water) whenever you plant."""
    g = load(2)
    s = g.new_state(seed=18)
    hand = [T(g, "Corn 1 sun"), T(g, "Corn 2 suns")]
    top = s.draw[-3]
    s = rig(s, hands=[hand, None], laid=[[0, 2], []], well=3, draw_top=[top])
    s.apply("plant Corn (suns 1+2)")
    assert s.hands[0] == [top] and s.stage == "barrow"
    s.apply("Wheelbarrow chips as water")       # a single bed with 3 suns: no choice
    assert s.beds[0] == [(combo(g, "Corn (suns 1+2)"), 2)] and s.well == 1
    assert s.current_player == 1


def test_scarecrow():
    """Laying Out an Accessory Card, Scarecrow: at the start of the turn, after the
    chip, take the top card, then compost one card; then the normal turn."""
    g = load(2)
    s = g.new_state(seed=19)
    s = rig(s, laid=[[3], []])
    top = s.draw[-1]
    s.apply("Scarecrow: draw the top card")
    assert top in s.hands[0] and s.stage == "compost" and len(s.hands[0]) == 6
    s.apply(f"compost {g.type_names[s.hands[0][0]]}")
    assert s.stage == "main" and s.current_player == 0
    assert "Scarecrow: draw the top card" not in labels(s)
    assert any(a.startswith("fresh") for a in labels(s))       # start_order 'any'
    s.apply("draw the top card")
    assert s.current_player == 1


def test_start_order_option():
    """Rule choice (rulebook silent): start_order 'fresh_first' forbids fresh
    vegetables after the Scarecrow, 'scarecrow_first' the Scarecrow after fresh."""
    g = load(2, start_order="fresh_first")
    s = rig(g.new_state(seed=20), laid=[[3], []])
    s.apply("Scarecrow: draw the top card")
    s.apply(f"compost {g.type_names[s.hands[0][0]]}")
    assert not any(a.startswith("fresh") for a in labels(s))
    g = load(2, start_order="scarecrow_first")
    s = rig(g.new_state(seed=20), laid=[[3], []])
    s.apply("fresh vegetables: row 1")
    assert "Scarecrow: draw the top card" not in labels(s)


def test_compost_reshuffled_when_draw_pile_is_used_up():
    """A) Buy a Card: when the draw pile is used up, the compost is shuffled and laid
    out as the new draw pile."""
    g = load(2)
    s = g.new_state(seed=21)
    rest = s.draw[:-1]
    d = s.to_dict()
    d["data"]["compost"], d["data"]["draw"] = rest, s.draw[-1:]
    s = g.scenario(d)                           # staged: one card left in the draw pile
    s.apply("draw the top card")
    assert s.compost == [] and sorted(s.draw) == sorted(rest)
    assert "shuffled" in " ".join(s.log())


def test_game_ends_after_the_turn_of_the_last_chip():
    """End of Game: when the last chip is pushed into the pond, the game ends as soon
    as the current player has finished their turn."""
    g = load(2)
    s = g.new_state(seed=22)
    s = rig(s, board_left=1)                       # one chip left on the pond board
    s.apply("draw the top card")
    assert s.pond_board == 0 and s.last and s.current_player == 1
    assert s.observation(0)["last_turn"]
    s.apply("take the pond as water")          # no beds: a last take still ends the turn
    assert s.is_terminal() and s.winners()


def test_game_length_in_turns():
    """Game Flow + Setup: one chip a turn, so a 2-player game lasts 52 turns."""
    g = load(2)
    rec = nbgames.play(g, [nbgames.bots.random] * 2, seed=5)
    s = nbgames.replay(rec)
    turns = sum(1 for line in s.log() if "pushes a chip" in line)
    assert turns == 52 and s.pond_board == 0


def test_scoring_functions():
    """End of Game: a bed with a visible sun scores its basic value, a fully watered
    bed double; 1 point a card in hand; 3 coins 1 point; ties go to more beds, then
    are shared."""
    assert scoring.bed_points(5, 3, 2) == 5 and scoring.bed_points(5, 3, 3) == 10
    pts = scoring.player_points([(5, 3, 3), (4, 3, 0)], hand_cards=2, coins=8)
    assert pts == {"beds": 14, "hand": 2, "coins": 2, "total": 18}


def test_tie_goes_to_more_beds_then_is_shared():
    """End of Game: "If there is a tie, the player among them who has planted more
    beds wins. If there is still no clear winner, there are several winners."
    Staged from finished games: chips moved from the well to a seat's coins until
    both seats tie on points (chips conserved), with the bed counts as they are,
    then with equal bed counts."""
    g = nbgames.load("chill_and_chili", players=2)
    cpp = g.components.rules["coins_per_point"]

    def tied(state):
        d = state.to_dict()
        totals = state.scores()
        lo = totals.index(min(totals))
        need = (max(totals) - min(totals)) * cpp
        if need > d["data"]["well"]:
            return None
        d["data"]["well"] -= need
        d["data"]["coins"][lo] += need
        return g.scenario(d)

    seen = set()
    for seed in range(60):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        t = tied(s)
        if t is None:
            continue
        assert t.scores()[0] == t.scores()[1]
        beds = [len(b) for b in t.beds]
        if beds[0] != beds[1]:
            assert t.winners() == [beds.index(max(beds))]
            seen.add("beds")
        else:
            assert t.winners() == [0, 1]
            seen.add("shared")
        if seen == {"beds", "shared"}:
            break
    assert seen == {"beds", "shared"}, seen


def test_end_scores_and_accessories_in_hand():
    """End of Game scoring through the engine; rule choice: an accessory still in hand
    is a card in hand (1 point), option held_accessories_score=False drops it."""
    for count, extra in ((True, 1), (False, 0)):
        g = load(2, held_accessories_score=count)
        s = g.new_state(seed=23)
        c = combo(g, "Cauliflower (suns 2+2+3)")
        s = rig(s, beds=[[(c, 7)], []], held=[[0], []], coins=[7, 4], board_left=1)
        s.apply("draw the top card")
        s.apply("draw the top card")
        assert s.is_terminal()
        row = s.result["rows"][0]
        assert row == {"beds": 14, "hand": 6 + extra, "coins": 2, "total": 22 + extra}
        assert s.scores()[0] == 22 + extra
        assert s.observation(1)["result"]["rows"][0] == row


def test_tie_break_more_beds():
    """End of Game: a tie goes to the player who planted more beds."""
    g = load(2)
    s = g.new_state(seed=24)
    pk1 = combo(g, "Pumpkin (suns 2)")
    s = rig(s, hands=[s.draw[-2:], s.draw[-4:-2]], beds=[[(pk1, 0)], []],
        coins=[4, 7], board_left=1)
    s.apply("fresh vegetables: row 1")         # 3 coins: 1 point, like player 1's 7
    s.apply("draw the top card")
    s.apply("draw the top card")
    assert s.is_terminal()
    tot = [r["total"] for r in s.result["rows"]]
    assert tot[0] == tot[1] and s.winners() == [0]


def test_illegal_actions_are_refused():
    """Illegal choices raise IllegalActionError and change nothing."""
    s = load(2).new_state(seed=25)
    d = s.to_dict()
    for bad in ("water bed 1", "compost Corn 1 sun", "Wheelbarrow chips as money",
                "lay out Scarecrow"):
        with pytest.raises(IllegalActionError):
            s.apply(bad)
    assert s.to_dict() == d


def test_random_games_keep_invariants_at_every_count():
    """Conservation of chips, cards and accessories in seeded random games."""
    for n in range(2, 6):
        g = load(n)
        for seed in range(3):
            s = g.new_state(seed=seed)
            rng = random.Random(seed)
            while not s.is_terminal():
                ids = s.legal_action_ids()
                s.apply(ids[rng.randrange(len(ids))])
                s.check_invariants()
            assert len(s.scores()) == n


def test_greedy_bot_beats_random():
    """Issue 10, Bot: nbgames.bots.greedy beats random in a seeded tournament."""
    for n in (2, 5):
        g = load(n)
        res = nbgames.tournament(g, {"greedy": "greedy", "random": "random"}, games=30, seed=3,
                                 progress=False)
        text = str(res)
        greedy = [line for line in text.splitlines() if line.startswith("greedy")][0].split()
        assert float(greedy[3]) > 0.8, text


# -- derived facts in the observation (Python owns the truth; the board draws them) --------

def _configured(**figures):
    """The bundled component file with some rule figures changed."""
    data = json.loads(DEFAULT.read_text())
    for k, v in figures.items():
        data["rules"][k]["value"] = v
    return data


def _positions(n, seed, policy_every=3):
    """Every state of a seeded game (greedy with a random move every few decisions)."""
    g = load(n)
    s = g.new_state(seed=seed)
    rng = random.Random(seed)
    greedy = nbgames.bots.GreedyPolicy(seed=seed)
    out = [s.clone()]
    while not s.is_terminal():
        ids = s.legal_action_ids()
        if len(s.history) % policy_every == 0:
            s.apply(ids[rng.randrange(len(ids))])
        else:
            s.apply(greedy(s.observation(s.current_player), s.legal_actions()))
        out.append(s.clone())
    return out


def test_observation_bed_values_and_watered_follow_the_score():
    """End of Game / C) Take Chips: ``bed_values`` are the beds' points now (double once
    watered) and add up, with the hand and the coins, to the score the engine gives;
    ``watered`` names exactly the beds the engine no longer lets you water."""
    g = load(2)
    s = g.new_state(seed=14)
    tomato, carrot = combo(g, "Tomato (suns 1+2)"), combo(g, "Carrot (suns 1+2)")
    s = rig(s, beds=[[(tomato, 2), (carrot, 0)], []], pond=11)
    o = s.observation(1)
    assert o["bed_values"] == [[5, 4], []] and o["watered"] == [[], []]
    s.apply("take the pond as water")
    s.apply("water bed 1")
    o = s.observation(None)
    assert o["bed_values"] == [[10, 8], []] and o["watered"] == [[0, 1], []]
    cpp = g.components.rules["coins_per_point"]
    seen_full = 0
    for st in _positions(3, 31):
        o = st.observation(None)
        for seat in range(3):
            hand = st.hand_size(seat)
            assert sum(o["bed_values"][seat]) + hand + o["coins"][seat] // cpp == o["scores"][seat]
            seen_full += len(o["watered"][seat])
        if st.stage == "water":
            seat = st.current_player
            targets = {g.action_space.unpack(a)[1] - 1 for a in st.legal_action_ids()}
            assert targets.isdisjoint(o["watered"][seat])
            assert targets | set(o["watered"][seat]) == set(range(len(o["beds"][seat])))
    assert seen_full > 0


def test_observation_take_and_take_left_match_the_take():
    """C) Take Chips: ``take`` is what taking the pond adds to your coins, ``take_left``
    what stays in the pond."""
    checked = 0
    for st in _positions(2, 32):
        if st.is_terminal() or st.stage != "main":
            continue
        seat = st.current_player
        o = st.observation(seat)
        after = st.clone().apply("take the pond as money")
        assert after.coins[seat] - st.coins[seat] == o["take"]
        pushed = 0 if after.current_player in (seat, None) else 1      # the next turn's chip
        assert after.pond - pushed == o["take_left"]
        checked += 1
    assert checked > 20


def test_take_preview_worked_examples():
    """C) Take Chips: the preview of Nina's 6 of 11 (1 drop finishes the tomatoes, 3 the
    carrots, 2 go to the well); closest beds first; the Watering Can's chips, fewer
    when the well holds fewer; no bed: everything to the well."""
    g = load(2)
    tomato, carrot = combo(g, "Tomato (suns 1+2)"), combo(g, "Carrot (suns 1+2)")
    s = rig(g.new_state(seed=14), beds=[[(tomato, 2), (carrot, 0)], []], pond=11)
    assert s.observation(0)["take_preview"] == {"can": 0, "free": 4, "covered": 4, "complete": 2,
                                                "to_well": 2}
    assert "take_preview" not in s.observation(1) and "take_preview" not in s.observation(None)
    chili, corn, pk = (combo(g, "Chili (suns 3+3+3)"), combo(g, "Corn (suns 1+2)"),
                       combo(g, "Pumpkin (suns 2)"))
    s = rig(g.new_state(seed=16), beds=[[(chili, 0), (corn, 0), (pk, 1)], []], pond=8,
            laid=[[1], []], well=1)
    # 4 drops: the pumpkin's last sun, then the corn's 3; the chili stays dry
    assert s.observation(0)["take_preview"] == {"can": 1, "free": 13, "covered": 4,
                                                "complete": 2, "to_well": 0}
    s = rig(g.new_state(seed=15), pond=5, laid=[[1], []], well=4)
    assert s.observation(0)["take_preview"] == {"can": 2, "free": 0, "covered": 0, "complete": 0,
                                                "to_well": 3}
    s = rig(load(2, components=_configured(watering_can_chips=3)).new_state(seed=15), pond=5,
            laid=[[1], []], well=4)
    assert s.observation(0)["take_preview"]["can"] == 3


def test_take_preview_is_what_playing_it_does():
    """The preview is the engine's own play: take as water, the Watering Can's chips as
    money, each chosen drop on the bed with the fewest free suns; played for real on a
    copy, the beds, the well and the coins come out as the preview says. Building the
    observation changes nothing."""
    g = load(2)
    checked = with_can = 0
    for seed in (33, 34):
        for st in _positions(2, seed):
            if st.is_terminal() or st.stage != "main":
                continue
            seat = st.current_player
            before = st.to_dict()
            p = st.observation(seat)["take_preview"]
            assert st.to_dict() == before, "the observation changed the state"
            real = st.clone().apply("take the pond as water")
            n = st.observation(seat)["take"]
            coins, well = st.coins[seat], st.well
            if real.stage == "can":
                assert p["can"] > 0
                real.apply("Watering Can chips as money")
                assert real.coins[seat] - coins == p["can"]
                with_can += 1
            else:
                assert p["can"] == 0
            suns = g.combo_suns
            while real.stage == "water":
                free = {b: suns[c] - d for b, (c, d) in enumerate(real.beds[seat]) if d < suns[c]}
                real.apply(f"water bed {min(free, key=lambda b: (free[b], b)) + 1}")
            beds0, beds1 = st.beds[seat], real.beds[seat]
            assert sum(suns[c] - d for c, d in beds0) == p["free"]
            assert sum(d for _, d in beds1) - sum(d for _, d in beds0) == p["covered"]
            assert p["covered"] + p["to_well"] == n
            assert real.well - (well - p["can"]) == p["to_well"]
            assert (sum(d == suns[c] for c, d in beds1) - sum(d == suns[c] for c, d in beds0)
                    == p["complete"])
            checked += 1
    assert checked > 40 and with_can > 0


def test_pending_chips_are_what_the_accessory_gives():
    """Laying Out an Accessory Card: while the Watering Can or the Wheelbarrow asks,
    ``pending_chips`` is what taking its chips as money adds, from the configured
    figure (here 3) or what the well holds."""
    data = _configured(watering_can_chips=3, wheelbarrow_chips=3)
    g = load(2, components=data)
    s = rig(g.new_state(seed=17), laid=[[1], []], pond=4, well=5)
    s.apply("take the pond as money")
    assert s.observation(None)["pending_chips"] == 3
    coins = s.coins[0]
    s.apply("Watering Can chips as money")
    assert s.coins[0] - coins == 3 and "pending_chips" not in s.observation(None)
    s = rig(g.new_state(seed=17), laid=[[1], []], pond=4, well=2)
    s.apply("take the pond as money")
    assert s.observation(0)["pending_chips"] == 2
    kinds = set()
    for st in _positions(2, 35, policy_every=2):
        if st.is_terminal() or st.stage not in ("can", "barrow"):
            continue
        seat = st.current_player
        k = st.observation(seat)["pending_chips"]
        money = st.clone().apply(f"{'Watering Can' if st.stage == 'can' else 'Wheelbarrow'} "
                                 f"chips as money")
        assert money.coins[seat] - st.coins[seat] == k > 0
        kinds.add(st.stage)
    assert kinds, "no accessory asked in this game"


def test_catalog_derived_facts():
    """The catalog carries the figures the board shows: a bed's watered points (what
    the engine scores once every sun is covered), each accessory's value of the
    compost ``card`` field, its help with the configured chips, the fresh vegetables'
    price."""
    data = _configured(watering_can_chips=3, wheelbarrow_chips=1, fresh_cost=2)
    g = load(2, components=data)
    cat = g.catalog()
    for b in cat["beds"]:
        assert b["watered"] == scoring.player_points([(b["points"], b["suns"], b["suns"])], 0, 0)[
            "beds"] == 2 * b["points"]
    for acc in cat["accessories"]:
        assert g.action_label(g.action_space.encode("compost", card=acc["card"])) == \
            f"compost {acc['name']}"
    assert cat["accessories"][1]["help"] == "3 more chips from the well whenever you take the pond"
    assert cat["accessories"][2]["help"] == "1 chip from the well whenever you plant"
    assert cat["fresh_cost"] == 2 and load(2).catalog()["fresh_cost"] == 1


# -- hidden information (issue 18) ----------------------------------------------------------
def _random_until(s, rng, stop):
    while not s.is_terminal() and not stop(s):
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_copy_carries_no_line_of_another_seats_hand():
    """The audit: ``s.determinize(0, 7).log(1)`` named seat 1's real hand ("You are
    dealt ...", "You draw ...") beside a resampled hand in ``.observation(1)``. A copy
    for seat 0 holds only the lines seat 0 read: every line of seat 1's log in the
    copy is a public line of the truth."""
    g = nbgames.load("chill_and_chili", players=2)
    s = g.new_state(seed=1)
    _random_until(s, random.Random(1), lambda st: st.step >= 12)
    private_1 = [text for to, text in s.log_entries() if to == 1]
    assert any("You are dealt" in t for t in private_1)
    copy0 = s.determinize(0, 7)
    assert not set(copy0.log(1)) & set(private_1)
    assert copy0.log(1) == s.log(None)
    assert copy0.log(0) == s.log(0)
    assert nbgames.InfoSet(s, 0).sample(random.Random(3)).log(1) == s.log(None)


def test_a_card_bought_face_up_stays_in_its_buyers_hand_in_every_copy():
    """A) Buy a Card: the face-up market card goes into the buyer's hand, in view of
    everyone; until the buyer plants or composts a card of its kind it is known to be
    there. Every copy made for the others keeps it there (40 of 40); the face-down
    draws are resampled."""
    g = nbgames.load("chill_and_chili", players=3)
    found = 0
    for seed in range(40):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        _random_until(s, rng, lambda st: any(st.known[x] for x in range(3)) and st.current_player is not None)
        if s.is_terminal():
            continue
        buyer = next(x for x in range(3) if s.known[x])
        viewer = (buyer + 1) % 3
        for k in range(40):
            c = s.determinize(viewer, random.Random(k))
            rest = list(c.hands[buyer])
            for t in s.known[buyer]:
                assert t in rest, (seed, k, s.known[buyer], c.hands[buyer])
                rest.remove(t)
            c.check_invariants()
        found += 1
        if found >= 5:
            break
    assert found >= 5
    # planting or composting a card of that kind takes it out of what is known: in
    # random games, a known kind that leaves a hand leaves what is known of it too
    lost = 0
    for seed in range(40):
        s = g.new_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal() and lost < 3:
            known, hands = [list(k) for k in s.known], [list(h) for h in s.hands]
            s.apply(rng.choice(s.legal_actions()))
            for x in range(3):
                for t in set(known[x]):
                    if s.hands[x].count(t) < hands[x].count(t):
                        assert s.known[x].count(t) < known[x].count(t), (seed, x, t)
                        lost += 1
                assert all(s.known[x].count(t) <= s.hands[x].count(t) for t in s.known[x])
    assert lost >= 3


def test_face_down_draws_are_the_drawers_and_counted_in_public():
    """Draws are face down (A) Buy a Card: "take the top card of the draw pile"): the
    drawer sees its card (``drew``), the others see that a card was drawn
    (``draws``); a copy for another seat gives the drawer as many drawn cards as it
    drew and still could hold, from its resampled hand."""
    g = nbgames.load("chill_and_chili", players=2)
    s = g.new_state(seed=5)
    s.apply("draw the top card")
    while s.current_player == 0:
        s.apply(s.legal_actions()[0])
    assert s.draws[0] == 1 and len(s.drew[0]) <= 1
    for k in range(30):
        c = s.determinize(1, random.Random(k))
        assert c.draws[0] == 1
        assert len(c.drew[0]) == min(1, len(c.hands[0]) - len(c.known[0]))
        assert all(t in c.hands[0] for t in c.drew[0])
        assert c.observation(1) == s.observation(1)
