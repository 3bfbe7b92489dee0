"""The Scoville widget without a browser: driven by the messages the board sends
(bids, spots, claims, plants, plaques, steps, cards, sales as action ids), the
synced traits checked, hidden holdings and sealed bids proved absent (a widget
built from a state and one built from ``state.determinize(viewer)`` sync the
same traits, for every viewer, with screens on and off), and the JS board run
on real synced states of whole games (node --test js/tests/scoville.test.mjs)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from widget_kit import board_choice, click, play_by_clicks, send, synced

import nbgames
from nbgames.widget.assets import compose_css, compose_esm

ROOT = Path(__file__).resolve().parents[1]
greedy = nbgames.bots.greedy



def new(seed=4, players=2, **kw):
    return nbgames.widget("scoville", players=players, seats=["human"] + [greedy] * (players - 1),
                          seed=seed, **kw)


def test_the_scoville_board_module_is_composed():
    src = compose_esm("scoville")
    assert "// ---- js/scoville.js ----" in src and "createWidget(__nbg_scoville.board)" in src
    assert ".sc-board" in compose_css("scoville") and ".nbg-btn" in compose_css("scoville")


def test_a_whole_game_by_clicks_goes_through_every_phase():
    """The shared whole-game driver (tests/widget_kit.py) on a short game: the person
    bids, claims, plants, harvests and fulfils by clicks."""
    w = new(seed=4, round_limit=12)
    phases = {view["phase"] for view, _ in play_by_clicks(w)}
    assert {"bid", "claim", "plant", "harvest", "fulfil"} <= phases
    assert w.view["result"]["totals"] == w.state.scores()


def test_bid_clicks_and_illegal_clicks_change_nothing():
    w = new(seed=2)
    while w.view["phase"] != "bid":
        click(w, board_choice(w))
    money = w.view["holdings"][0]["money"]
    bid = w.game.action_space.encode("bid", amount=money + 1)
    snap = json.dumps(w.state.to_dict(), sort_keys=True)
    for bad in (bid, w.game.num_actions, -1, "7", None, 1.5):
        click(w, bad)
        assert w.error, bad
        assert json.dumps(w.state.to_dict(), sort_keys=True) == snap
    send(w, {"type": "clear_error"})
    click(w, w.game.action_space.encode("bid", amount=1))
    assert w.error == "" and w.view["bids"] is not None     # the bot bid at once: revealed
    assert w.view["bids"][0] == 1


# -- hidden information ------------------------------------------------------------

def positions(players, seed, every, **options):
    """States along a greedy-vs-random game every ``every`` decisions, plus every
    state of the sealed bids (some seats in, others not)."""
    game = nbgames.load("scoville", players=players, round_limit=8, **options)
    state = game.new_state(seed=seed)
    bots = [nbgames.bots.RandomPolicy(seed=i) if i % 2 else nbgames.bots.GreedyPolicy(seed=i)
            for i in range(players)]
    out = []
    while not state.is_terminal():
        if len(state.history) % every == 0 or (state.phase == "bid" and state.current_player > 0):
            out.append(state.clone())
        state.apply(bots[state.current_player](state.observation(state.current_player),
                                               state.legal_actions()))
    out.append(state.clone())
    return out


@pytest.mark.parametrize("players,screens", [(2, True), (3, True), (4, True), (2, False),
                                             (4, False)])
def test_determinized_states_sync_identical_traits(players, screens):
    rng = random.Random(players)
    n = 0
    phases = set()
    bids_open = 0
    for state in positions(players, 11 + players, {2: 9, 3: 13, 4: 17}[players], screens=screens):
        phases.add(state.phase)
        bids_open += state.phase == "bid" and state.current_player > 0
        for viewer in [*range(players), None]:
            real = synced(nbgames.widget(state=state, viewer=viewer))
            fake_state = state.determinize(viewer, rng)
            fake = synced(nbgames.widget(state=fake_state, viewer=viewer))
            assert fake == real, (players, len(state.history), viewer)
            n += 1
    assert {"bid", "claim", "plant", "harvest", "fulfil", "over"} <= phases
    assert bids_open > 2 and n > 30


def test_sealed_bids_and_holdings_never_reach_other_viewers():
    """Screens on: another seat's money, peppers and cards are None in the synced
    view until the end (Endgame: the screens come down for the tally), and a
    sealed bid reaches nobody but its bidder until all are in."""
    for state in positions(3, 7_362_514_908_331, 5):
        for viewer in (0, 1, 2, None):
            w = nbgames.widget(state=state, viewer=viewer)
            data = synced(w)
            for s, p in enumerate(data["view"]["holdings"]):
                if state.is_terminal():
                    assert p["money"] == state.money[s] and p["peppers"] == state.peppers[s]
                elif s != viewer:
                    assert p["money"] is None and p["peppers"] is None and p["market"] is None
            assert str(state.seed) not in json.dumps(data)
            if state.phase == "bid":
                mine = state.secret_choices(viewer) if viewer is not None else []
                assert data["view"]["my_bid"] == (
                    state.game.action_space.unpack(mine[0])[1] if mine else None)
                assert data["view"]["bids"] is None
            # private log lines ("You bid $3.") reach only their seat
            own_or_public = {t for to, t in state.log_entries() if to in (None, viewer)}
            others = {t for to, t in state.log_entries() if to is not None and to != viewer}
            assert not (others - own_or_public) & set(data["log_lines"])


def test_legal_moves_only_for_the_human_seat_to_move():
    for state in positions(2, 3, 7)[:-1]:
        for viewer in (0, 1, None):
            w = nbgames.widget(state=state, viewer=viewer)
            if viewer == state.current_player:
                assert w.legal_ids == sorted(int(x) for x in state.legal_actions().ids)
            else:
                assert w.legal_ids == []


def test_update_payloads_are_small():
    """Median update under 4 KB (the issue's budget)."""
    import statistics
    w = new(seed=4, round_limit=10)
    sizes = []
    while w.to_move is not None:
        before = synced(w)
        click(w, board_choice(w))
        after = synced(w)
        sizes.append(len(json.dumps({k: v for k, v in after.items() if before.get(k) != v})))
    assert statistics.median(sizes) < 4096, statistics.median(sizes)
