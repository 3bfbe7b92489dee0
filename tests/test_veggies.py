"""Veggies engine tests. Each docstring names the rulebook section it checks
(the Veggies rulebook) or the issue-4 requirement."""

import json
import random
import re

import numpy as np
import pytest

import nbgames
from nbgames import IllegalActionError, OptionError
from nbgames.core.errors import ComponentError
from nbgames.core.state import best_seats
from nbgames.games.veggies import scoring
from nbgames.games.veggies.components import generate_cards, load_components
from nbgames.games.veggies.rules import rotate

OLA = ["SSSGGG",
       "SRSG.G",
       "BB.RRS",
       "BSSM.S",
       "CS.SSB"]


def cells(state, seat):
    """{(r, c): symbol} of a stand's visible spaces, relative to the starting card."""
    rows, (r0, c0) = state.visible_rows(seat)
    return {(r0 + i, c0 + j): ch for i, row in enumerate(rows) for j, ch in enumerate(row)
            if ch != " "}


def rig(state, hands, ramp, draws, rest):
    """Scenario set-up (boardgame.io style): give the hands and the ramp, and stack
    the deck so that ``draws`` come off the top in that order."""
    state.hands = [list(h) for h in hands]
    state.ramp = list(ramp)
    state.deck = list(rest) + list(reversed(draws))
    state.check_invariants()
    return state


def printed(block):
    """The printed rows (r0) of a card that shows ``block`` (3 rows of 2) once turned r90."""
    a = np.array([list(r) for r in block])
    text = "".join("".join(r) for r in np.rot90(a, 1))
    assert rotate(text, 90) == block
    return text


def ola_game():
    """Ola's stand (rulebook: Scoring Example) in a 4-player game of 5-card stands.
    Krysia, Michal and Patrycja build all-banana, all-grape and all-strawberry stands."""
    ola = ["SSSSRS", "GGGG.G", printed(["BB", "BS", "CS"]), printed([".R", "SM", ".S"]),
           printed(["RS", ".S", "SB"])]
    cards = ola + ["BBBBBB"] * 5 + ["GGGGGG"] * 5 + ["SSSSSS"] * 5 + ["CMCMCM"] * 20
    game = nbgames.load("veggies", players=4, stand_cards=5, components={"cards": cards})
    s = game.new_state(seed=1)
    draws = [2, 7, 12, 17, 3, 8, 13, 18, 4, 9, 14, 19, 23, 24, 25, 26]
    rig(s, [[0, 1], [5, 6], [10, 11], [15, 16]], [20, 21, 22], draws, range(27, 40))
    for _seat in range(4):
        s.apply("start with hand card 0")
    ola_moves = ["place held r0 at (+0,+3)", "place held r90 at (+2,+0)",
                 "place held r90 at (+2,+2)", "place held r90 at (+2,+4)"]
    for turn in range(4):
        s.apply(ola_moves[turn])
        for _seat in (1, 2, 3):
            s.apply(f"place held r0 at (+0,+{3 * (turn + 1)})")
    return s


def test_ola_scoring_example():
    """Scoring Example: Ola ties strawberries and grapes (5 each), chooses
    strawberries; with Krysia's bananas, Michal's grapes and Patrycja's
    strawberries she scores 5x4 + 3x2 + 5x1 - 3 rats x 2 = 25."""
    s = ola_game()
    assert s.visible_rows(0) == (OLA, [0, 0])
    assert s.phase == "announce" and s.current_player == 0
    assert [a.label for a in s.legal_actions()] == ["announce strawberry", "announce grape"]
    s.apply("announce strawberry")
    assert s.is_terminal()
    res = s.result
    assert res["announcements"] == [["strawberry"], ["banana"], ["grape"], ["strawberry"]]
    assert res["pooled"] == ["strawberry", "banana", "grape"]
    ola = res["stands"][0]
    assert {g: (v["largest"], v["groups"], v["points"]) for g, v in ola["goods"].items()} == \
        {"strawberry": (5, 4, 20), "banana": (3, 2, 6), "grape": (5, 1, 5)}
    assert ola["rats"] == 3 and ola["penalty"] == -6 and ola["total"] == 25
    assert scoring.score_stand(OLA, ["strawberry", "banana", "grape"])["total"] == 25


def test_four_player_teams_winners():
    """4-Player Variant: seats 0+2 against 1+3; teammates add their scores and
    winners() holds both seats of the winning team."""
    s = ola_game()
    s.apply("announce strawberry")
    t = s.result["totals"]
    teams = [t[0] + t[2], t[1] + t[3]]
    assert s.result["team_totals"] == teams and teams[0] != teams[1]
    win = [0, 2] if teams[0] > teams[1] else [1, 3]
    assert s.winners() == win
    assert s.scores() == [teams[0], teams[1], teams[0], teams[1]]
    assert s.observation(None)["teams"] == [[0, 2], [1, 3]]
    # teams off: each for themselves
    g = nbgames.load("veggies", players=4, teams=False)
    assert g.teams is None
    with pytest.raises(OptionError, match="teams=True needs 4 players"):
        nbgames.load("veggies", players=3, teams=True)


def test_team_and_solo_tie_breaks():
    """Scoring (ties: fewer rats, then shared) and 4-Player Variant (team rats)."""
    def winners(*args):
        return best_seats(scoring.seat_keys(*args))
    assert winners([10, 10, 3], [2, 1, 0]) == [1]
    assert winners([10, 10, 3], [1, 1, 0]) == [0, 1]
    teams = [[0, 2], [1, 3]]
    assert winners([10, 5, 5, 10], [1, 0, 2, 0], teams) == [1, 3]
    assert winners([10, 5, 5, 10], [1, 1, 0, 0], teams) == [0, 1, 2, 3]
    assert winners([11, 5, 5, 10], [9, 0, 9, 0], teams) == [0, 2]


def test_the_engine_picks_the_winners_the_scoring_rule_picks():
    """Scoring (ties: fewer rats) through the engine's winners(): the highest
    ``scores()`` and, between seats tied on points, the title's tie-break (a seat's
    or its team's rats) give the winners of ``scoring.seat_keys``, in finished games
    of every player count, with and without teams."""
    for players, options in ((2, {}), (3, {}), (4, {}), (4, {"teams": False})):
        g = nbgames.load("veggies", players=players, **options)
        for seed in range(6):
            s = g.new_state(seed=seed)
            rng = random.Random(seed)
            while not s.is_terminal():
                s.apply(rng.choice(s.legal_actions()))
            r = s.result
            assert s.winners() == best_seats(scoring.seat_keys(r["totals"], r["rats"], r["teams"]))
            assert s.winners() == r["winners"]


def test_group_counting():
    """Scoring: a group is spaces of one good adjacent side to side (not by corners);
    empty crates and rats split groups."""
    assert scoring.groups(OLA)["strawberry"] == [5, 3, 2, 2]
    assert scoring.groups(OLA)["banana"] == [3, 1]
    assert scoring.groups(OLA)["grape"] == [5]
    assert scoring.groups(["S.", ".S"])["strawberry"] == [1, 1]
    assert scoring.groups(["SS.S", "S.SS", " RS "])["strawberry"] == [4, 3]
    assert scoring.groups(["SRS"])["strawberry"] == [1, 1]
    assert scoring.groups(["S S"])["strawberry"] == [1, 1]
    assert scoring.rats(OLA) == 3
    assert scoring.largest(OLA)["carrot"] == 1 and scoring.largest(["SS"])["carrot"] == 0


def _start_game(cards, players=2, **opts):
    game = nbgames.load("veggies", players=players, components={"cards": cards}, **opts)
    s = game.new_state(seed=0)
    for _ in range(players):
        s.apply(0)
    return s


def test_placement_legality():
    """Rules for Adding Cards: a new card touches a side of the stand (fully or
    partly) or covers part of it; a corner alone is not enough; no contact is
    illegal and leaves the state unchanged."""
    s = _start_game(["SBGCMR"] * 40)          # start card at rows 0..1, cols 0..2
    ok = ["place held r0 at (+1,+2)",          # covers one space
          "place held r0 at (+0,+0)",          # covers the whole card
          "place held r0 at (+2,+0)",          # side to side, fully
          "place held r0 at (-2,+2)",          # side to side, one space
          "place held r90 at (+0,+3)",         # right side
          "place ramp3 r270 at (-1,-2)",       # left side, partly
          "place ramp1 r180 at (-2,-2)"]       # above, partly
    bad = ["place held r0 at (-2,+3)",         # corner only (top right)
           "place held r0 at (+2,+3)",         # corner only (bottom right)
           "place held r90 at (-3,-2)",        # corner only (top left)
           "place held r0 at (+5,+5)",         # no contact
           "place ramp2 r0 at (+0,+4)"]        # one space gap
    legal = set(s.legal_actions().labels)
    for label in ok:
        assert label in legal and s.is_legal(s.game.action_id(label)), label
    for label in bad:
        assert label not in legal and not s.is_legal(s.game.action_id(label)), label
        before = s.to_dict()
        with pytest.raises(IllegalActionError):
            s.apply(label)
        assert s.to_dict() == before
    # the numpy legal set equals a brute-force check of every placement
    g = s.game
    occ = {(r, c) for r in range(2) for c in range(3)}
    near = occ | {(r + dr, c + dc) for r, c in occ for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))}
    brute = set()
    for q in range(4):
        h, w = (2, 3) if q % 2 == 0 else (3, 2)
        for r in range(-g.E, g.E + 1):
            for c in range(-g.E, g.E + 1):
                if any((r + i, c + j) in near for i in range(h) for j in range(w)):
                    brute |= {g.action_space.encode("place", src=src, rot=q, row=r, col=c)
                                  for src in range(4)}
    assert set(int(a) for a in s.legal_action_ids()) == brute


def test_rotation_content():
    """Rules for Adding Cards: 'the card may be rotated in any way' (clockwise
    r0/r90/r180/r270), and the placed card lies on top of what it covers."""
    assert rotate("SBGCMR", 0) == ["SBG", "CMR"]
    assert rotate("SBGCMR", 90) == ["CS", "MB", "RG"]
    assert rotate("SBGCMR", 180) == ["RMC", "GBS"]
    assert rotate("SBGCMR", 270) == ["GR", "BM", "SC"]
    for q, want in ((0, ["SBG", "CMR"]), (90, ["CS", "MB", "RG"]), (180, ["RMC", "GBS"]),
                    (270, ["GR", "BM", "SC"])):
        g = nbgames.load("veggies", players=2, components={"cards": ["......"] * 3 + ["SBGCMR"] * 37})
        s = rig(g.new_state(seed=0), [[0, 3], [1, 4]], [2, 5, 6], [], range(7, 40))
        s.apply(0), s.apply(0)
        seat = s.current_player
        s.apply(f"place held r{q} at (+1,+1)")     # covers part of the blank start card
        got = cells(s, seat)
        for i, row in enumerate(want):
            for j, ch in enumerate(row):
                assert got[(1 + i, 1 + j)] == ch, (q, i, j)
        assert got[(0, 0)] == "." and got[(1, 0)] == "."


def test_covered_spaces_are_invisible():
    """Rules for Adding Cards: cards go on top; covered spaces no longer count."""
    s = _start_game(["RRRRRR"] * 20 + ["SSSSSS"] * 20, stand_cards=3)
    seat = s.current_player
    before = cells(s, seat)
    s.apply("place held r0 at (+0,+0)")
    s.apply("place held r0 at (+0,+0)")
    after = cells(s, seat)
    assert set(after) == set(before)
    held_text = s.game.card_text[s.stands[seat][1][0]]
    assert "".join(after[(r, c)] for r in range(2) for c in range(3)) == held_text
    assert scoring.rats(s.visible_rows(seat)[0]) == held_text.count("R")


def test_starting_card_choice_and_setup():
    """Setup: 3 cards face up on the ramp; each player is dealt 2 and chooses one
    to start the stand; the other is held (``start="open"``: each card is laid as
    soon as it is chosen)."""
    g = nbgames.load("veggies", players=3, start="open")
    s = g.new_state(seed=11)
    assert s.phase == "start" and len(s.ramp) == 3 and all(len(h) == 2 for h in s.hands)
    assert len(s.deck) == 40 - 3 - 6
    assert [a.label for a in s.legal_actions()] == ["start with hand card 0",
                                                   "start with hand card 1"]
    h0 = list(s.hands[0])
    s.apply("start with hand card 1")
    assert s.stands[0] == [(h0[1], 0, 0, 0)] and s.hands[0] == [h0[0]]
    assert s.current_player == 1 and s.phase == "start"
    s.apply(0)
    s.apply(0)
    assert s.phase == "place" and s.current_player == 0


def test_starting_cards_are_secret_until_all_have_chosen():
    """Setup (rulebook silent on timing; our default ``start="secret"``): the
    choices are made in seat order, face down, and revealed together. Nobody sees
    another's choice before the reveal, and determinize resamples it."""
    g = nbgames.load("veggies", players=3)
    s = g.new_state(seed=11)
    hands = [list(h) for h in s.hands]
    s.apply("start with hand card 1")
    assert s.stands == [[], [], []] and s.current_player == 1
    obs1, obs0 = s.observation(1), s.observation(0)
    assert obs1["started"] == [True, False, False] and obs1["my_start"] is None
    assert obs0["my_start"] == hands[0][1]
    assert all(st["cards"] == [] for st in obs1["stands"])
    # seat 1 cannot tell which card seat 0 chose: determinize resamples the choice
    seen = {tuple(s.determinize(1, k).secret_choices(0)) for k in range(20)}
    assert seen == {(0,), (1,)}
    assert all(s.determinize(0, k).secret_choices(0) == [1] for k in range(5))
    s.apply(0)
    s.apply(1)
    assert s.phase == "place" and s.current_player == 0
    assert [st[0][0] for st in s.stands] == [hands[0][1], hands[1][0], hands[2][1]]
    assert s.hands == [[hands[0][0]], [hands[1][1]], [hands[2][0]]]


def test_turn_draws_into_hand_or_ramp():
    """How to Play A/B: playing the held card draws into the hand; taking from the
    ramp refills that ramp slot from the deck."""
    s = nbgames.load("veggies", players=2).new_state(seed=5)
    s.apply(0), s.apply(0)
    top = s.deck[-1]
    s.apply("place held r0 at (+2,+0)")
    assert s.hands[0] == [top]
    top = s.deck[-1]
    taken = s.ramp[1]
    s.apply("place ramp2 r0 at (+2,+0)")
    assert s.ramp[1] == top and s.stands[1][-1][0] == taken and len(s.hands[1]) == 1


def test_empty_deck_draws_nothing():
    """How to Play + issue 4: when the deck is empty nothing is drawn (a ramp slot
    stays empty); with 2 players and 19-card stands the deck runs out."""
    g = nbgames.load("veggies", players=2, stand_cards=19)
    s = g.new_state(seed=2)
    rng = random.Random(2)
    emptied = False
    while not s.is_terminal():
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
        s.check_invariants()
        emptied |= not s.deck
    assert emptied and "The deck is empty: nothing is drawn." in s.log()
    assert [len(st) for st in s.stands] == [19, 19]
    left = [c for c in s.ramp if c >= 0] + [c for h in s.hands for c in h]
    assert len(left) == 40 - 38
    with pytest.raises(ComponentError, match="stand_cards <= 19"):
        nbgames.load("veggies", players=2, stand_cards=20)


def test_stand_cards_option():
    """End of the Game: 8 cards a stand by default (starting card included);
    option stand_cards changes it and the action window with it."""
    assert nbgames.load("veggies").options["stand_cards"] == 8
    g = nbgames.load("veggies", players=4, stand_cards=3)
    assert g.E == 6 and g.num_actions == 7 + 16 * 13 * 13
    s = g.new_state(seed=9)
    rng = random.Random(9)
    places = 0
    while not s.is_terminal():
        ids = s.legal_action_ids()
        aid = int(ids[rng.randrange(len(ids))])
        places += aid >= 7
        s.apply(aid)
    assert places == 4 * 2 and all(len(st) == 3 for st in s.stands)
    g8 = nbgames.load("veggies", players=4)
    assert g8.E == 21
    s = g8.new_state(seed=1)
    while not s.is_terminal():
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    assert all(len(st) == 8 for st in s.stands) and len(s.deck) == 1   # 39 of 40 used
    with pytest.raises(OptionError, match="stand_cards"):
        nbgames.load("veggies", stand_cards=1)


def test_announcement_tie_is_a_hidden_decision():
    """Scoring: 'If several goods form an equally large, largest group, the player
    must choose one of them'; the choices are taken in seat order and hidden from
    the others until all are in; announced goods are pooled once (Note)."""
    s = _start_game(["SSSGGG"] * 40, players=3, stand_cards=2)
    for _ in range(3):
        s.apply("place held r0 at (+0,+3)")       # strawberry 6 and grape 6 in every stand
    assert s.phase == "announce" and s.current_player == 0
    assert [a.label for a in s.legal_actions()] == ["announce strawberry", "announce grape"]
    s.apply("announce grape")
    assert s.current_player == 1
    o1, o0, spec = s.observation(1), s.observation(0), s.observation(None)
    assert o0["my_announcement"] == ["grape"] and o1["my_announcement"] == []
    for o in (o1, spec):
        assert o["announced"] == [True, False, False]
        assert o["announcements"] is None and o["pooled"] is None and o["result"] is None
    assert not any("grape" in line for line in s.log(1) + s.log(None))
    assert any("You announce grape" in line for line in s.log(0))
    # a search bot of seat 1 cannot tell seat 0's choice
    seen = set()
    for k in range(20):
        d = s.determinize(1, k)
        assert d.observation(1) == o1 and list(d.legal_action_ids()) == list(s.legal_action_ids())
        seen.add(d.game.action_label(d.secret_choices(0)[0]).removeprefix("announce "))
    assert seen == {"strawberry", "grape"}
    s.apply("announce strawberry")
    s.apply("announce strawberry")
    assert s.is_terminal()
    assert s.result["pooled"] == ["strawberry", "grape"]
    assert s.scores() == [12, 12, 12] and s.winners() == [0, 1, 2]


def test_no_decision_without_a_tie():
    """Scoring: a single largest good is announced without a decision."""
    s = _start_game(["SSSSSG"] * 40, players=2, stand_cards=2)
    s.apply("place held r0 at (+0,+3)")
    s.apply("place held r0 at (+0,+3)")
    assert s.is_terminal() and all(a >= 7 or a < 2 for a in s.history)
    # 2 players: the two largest, strawberry and grape, both forced
    assert s.result["announcements"] == [["strawberry", "grape"]] * 2


def test_two_player_two_largest_groups():
    """2-Player Variant: each player announces the goods of their 2 largest
    groups; a tie at the boundary is decided one good at a time."""
    assert scoring.announcement_options(["SSSGGCC"], 2) == (["strawberry"], ["grape", "carrot"], 1)
    assert scoring.announcement_options(["SSSGGCC"], 1) == (["strawberry"], [], 0)
    assert scoring.announcement_options(["SSSGG.C"], 2) == (["strawberry", "grape"], [], 0)
    assert scoring.announcement_options(["S.R"], 2) == (["strawberry"], [], 0)
    s = _start_game(["SGCSGC"] * 40, players=2, stand_cards=2)
    s.apply("place held r0 at (+0,+3)")
    s.apply("place held r0 at (+0,+3)")          # every stand: S, G, C groups of 2, twice
    assert s.current_player == 0
    assert len(s.legal_actions()) == 3
    s.apply("announce strawberry")
    assert s.current_player == 0 and s.legal_actions().labels == ["announce grape",
                                                                  "announce carrot"]
    s.apply("announce carrot")
    assert s.current_player == 1
    s.apply("announce grape"), s.apply("announce carrot")
    assert s.is_terminal()
    assert s.result["pooled"] == ["strawberry", "grape", "carrot"]
    assert s.result["totals"] == [12, 12] and s.winners() == [0, 1]


def test_bad_component_files(tmp_path):
    """Components + nbgames/games/veggies/components.md: a user can load a corrected card file; a bad
    one raises a clear error naming the problem."""
    good = tmp_path / "cards.json"
    good.write_text(json.dumps({"cards": [{"spaces": ["SSB", "GR."]}] * 20}))
    assert nbgames.load("veggies", components=str(good)).components.cards[0] == "SSBGR."
    cases = [
        (str(tmp_path / "missing.json"), "cannot read"),
        ({"cards": [["SSB", "GR"]] * 12}, "2 x 3 spaces"),
        ({"cards": [["SSB", "GRX"]] * 12}, "unknown symbol"),
        ({"cards": [{"space": "SSBGR."}] * 12}, "no 'spaces'"),
        ({"cards": []}, "non-empty list"),
        ({"cards": ["SSBGR."] * 10}, "need at least 11 cards"),
        ({"cards": ["SSBGR."] * 20}, "stand_cards"),
        (42, "must be None, a path"),
    ]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    cases.append((str(bad), "cannot read"))
    for value, words in cases:
        with pytest.raises(OptionError, match=words):
            nbgames.load("veggies", players=4, components=value)


def test_bundled_cards_follow_the_reconstruction():
    """Components (40 cards of 6 spaces) and nbgames/games/veggies/components.md: 40 of each good,
    20 empty, 20 rats, at most one bad space a card, no single-good card."""
    cards = load_components().cards
    assert cards == tuple(generate_cards())
    assert len(cards) == 40
    allsp = "".join(cards)
    assert all(allsp.count(s) == 40 for s in "SBGCM")
    assert allsp.count(".") == 20 and allsp.count("R") == 20
    assert all(sum(c in ".R" for c in card) <= 1 for card in cards)
    assert all(len(set(card) - set(".R")) > 1 for card in cards)
    data = json.loads(open(nbgames.games.veggies.components.DEFAULT).read())
    assert all(c["source"].startswith("reconstructed") for c in data["cards"])
    assert all(v["source"].split(":")[0] in ("rulebook", "deduced", "published", "reconstructed")
               for v in data["rules"].values())


def test_labels_and_ids():
    """Issue 4: a fixed, finite action space; labels unique and parsed without a table."""
    g = nbgames.load("veggies", players=2)
    aid = g.action_id("place ramp2 r90 at (-2,+3)")
    assert aid == g.action_space.encode("place", src=2, rot=1, row=-2, col=3)
    assert g.action_label(aid) == "place ramp2 r90 at (-2,+3)"
    assert g.action_id("announce mushroom") == 6 and g.action_id("start with hand card 1") == 1
    assert g.action_space.decode(g.num_actions - 1) == {"kind": "place", "src": 3, "rot": 3,
                                                        "row": g.E, "col": g.E}
    assert g.action_space._unpacked == {}              # no 30k-entry table was built
    with pytest.raises(IllegalActionError, match="no action is labelled"):
        g.action_id("place held r0 at (+99,+0)")
    with pytest.raises(IllegalActionError, match="no action is labelled"):
        g.action_id("put it somewhere")


def test_observation_hides_held_cards_and_deck():
    """Setup ('hold them so opponents cannot see') and issue 4: public stands,
    ramp and deck count; private held card; nothing else."""
    s = nbgames.load("veggies", players=3).new_state(seed=4)
    s.apply(0)
    o1, spec = s.observation(1), s.observation(None)
    assert o1["hand"] == s.hands[1] and spec["hand"] == []      # card ids: faces in the catalog
    text = json.dumps(o1)
    assert json.dumps(spec)
    assert o1["deck"] == len(s.deck) and "deck_order" not in text
    # secret start (the default): seat 0's chosen card stays in its hand until all have chosen
    assert [st["hand_size"] for st in o1["stands"]] == [2, 2, 2]
    assert o1["started"] == [True, False, False] and o1["my_start"] is None
    ids_seen = set(o1["hand"]) | {c for c in o1["ramp"] if c is not None} | \
        {c[0] for st in o1["stands"] for c in st["cards"]}
    assert not ids_seen & set(s.hands[0] + s.hands[2] + s.deck)


def test_determinize_resamples_hidden_cards():
    """Issue 4 / ARCHITECTURE.md, "Hidden information": determinize keeps
    observation(seat) and the legal actions, resampling the other hands and the deck."""
    rng = random.Random(3)
    for players in (2, 4):
        s = nbgames.load("veggies", players=players).new_state(seed=3)
        for _step in range(players + 5):
            for seat in range(players):
                changed = False
                for k in range(5):
                    d = s.determinize(seat, k)
                    d.check_invariants()
                    assert d.observation(seat) == s.observation(seat)
                    assert list(d.legal_action_ids()) == list(s.legal_action_ids())
                    assert d.hands[seat] == s.hands[seat] and d.ramp == s.ramp
                    changed |= d.deck != s.deck
                assert changed
            ids = s.legal_action_ids()
            s.apply(int(ids[rng.randrange(len(ids))]))


def test_greedy_beats_random():
    """Issue 4 §4: the greedy bot beats random in a seeded tournament."""
    r = nbgames.tournament("veggies", {"greedy": nbgames.bots.greedy,
                                       "random": nbgames.bots.random}, games=12, seed=0,
                           progress=False)
    assert r["greedy"].win_rate > 0.75 and not r.errors


def test_render_text():
    """The text picture names the phase, the ramp, the hand and every stand."""
    s = nbgames.load("veggies", players=2).new_state(seed=1)
    s.apply(0)
    text = s.render(1)
    assert "Ramp" in text and "Your hand" in text and "Player 0" in text and "Player 1 (you)" in text
    assert "Your hand" not in s.render(None)


def test_component_docstring_tells_the_truth_about_split_goods():
    """Issue 7: the generator's docstring says how many bundled cards split a good
    into two groups; that count is checked here."""
    cards = generate_cards()
    split = sum(1 for c in cards if any(len(v) > 1 for v in scoring.groups([c[:3], c[3:]]).values()))
    assert split == 17 and "17 of the 40" in generate_cards.__doc__


@pytest.mark.parametrize("players,stand_cards,seed", [(2, 2, 1), (2, 3, 2), (3, 8, 3), (4, 8, 4)])
def test_legal_placements_equal_brute_force_through_whole_games(players, stand_cards, seed):
    """Rules for Adding Cards, at every placement of random games: a card may go
    wherever one of its spaces covers or shares an edge with a space of the stand
    (never only a corner), within the window of ids. Small stands reach the
    window's edge, where the legal positions are clipped."""
    g = nbgames.load("veggies", players=players, stand_cards=stand_cards)
    s, rng = g.new_state(seed=seed), random.Random(seed)
    E = g.E
    while not s.is_terminal():
        if s.phase == "place":
            seat = s.current_player
            occ = {(int(r) - E, int(c) - E) for r, c in zip(*np.nonzero(s.tops[seat]))}
            near = occ | {(r + dr, c + dc) for r, c in occ
                          for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0))}
            srcs = ([0] if s.hands[seat] else []) + [k + 1 for k, c in enumerate(s.ramp) if c >= 0]
            brute = []
            for src in srcs:
                for q in range(4):
                    h, w = (2, 3) if q % 2 == 0 else (3, 2)
                    for r in range(-E, E + 1):
                        for c in range(-E, E + 1):
                            if any((r + i, c + j) in near for i in range(h) for j in range(w)):
                                brute.append(g.action_space.encode("place", src=src, rot=q,
                                                                   row=r, col=c))
            assert [int(a) for a in s.legal_action_ids()] == brute, "same set, in id order"
        s.apply(rng.choice(s.legal_actions()))


def test_laying_a_card_marks_the_same_positions_everywhere_in_the_window():
    """The one-operation stamp that lays a card away from the window's edges marks
    exactly what the clipped rule (rules._widen) marks, at every position and
    rotation, edges included (rules.mark_legal is what laying a card calls)."""
    from nbgames.games.veggies import rules
    g = nbgames.load("veggies", players=2, stand_cards=3)
    s = g.new_state(seed=0)
    for q in range(4):
        h, w = g.rotated[0][q].shape
        for pr in range(g.P):
            for pc in range(g.P):
                got = np.zeros_like(s.masks[0])
                rules.mark_legal(got, g.stamps[q & 1], pr, pc, h, w, g.P)
                want = np.zeros_like(s.masks[0])
                rules._widen(want, pr, pc, h, w)
                assert (got == want).all(), (q, pr, pc)


def test_people_read_ramp_slots_1_to_3_a_key_and_the_log_in_words():
    """Issue 32: the board shows the ramp's slots as 1 to 3, so the labels, the text
    picture and the log number them so too; the text picture has a key for its
    letters, and the log says a placement in words, not in the label's codes."""
    s = nbgames.load("veggies", players=2).new_state(seed=1)
    s.apply(0)
    s.apply(0)
    first = s.observation(0)["ramp"][0]                      # the board's "ramp 1"
    text = s.render(0)
    assert "ramp1  ramp2  ramp3" in text and "ramp0" not in text
    key = next(line for line in text.splitlines() if line.startswith("Key:"))
    for symbol, name in (("S", "strawberry"), ("B", "banana"), ("G", "grape"), ("C", "carrot"),
                         ("M", "mushroom"), (".", "empty crate"), ("R", "rat"), ("·", "no card")):
        assert f"{symbol} {name}" in key, key
    srcs = {a.label.split()[1] for a in s.legal_actions()}
    assert srcs == {"held", "ramp1", "ramp2", "ramp3"}
    aid = next(a.id for a in s.legal_actions() if a.label.startswith("place ramp1 r90 "))
    seen = len(s.log())
    s.apply(aid)
    assert s.observation(None)["stands"][0]["cards"][-1][0] == first
    said = " ".join(s.log()[seen:])
    assert f"the card of ramp slot 1, #{first} " in said and "turned 90° clockwise" in said
    assert "Ramp slot 1 is refilled with #" in said
    assert not re.search(r"ramp\d|\br\d+\b|\([+-]\d", said), said
