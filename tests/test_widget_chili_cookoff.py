"""The Cookoff board without a browser: its own cards and phases through the
widget. What every title's widget shares is tested in tests/test_widget.py."""

from __future__ import annotations

import json
import statistics

from widget_kit import click, send

import nbgames
from nbgames.widget.assets import compose_css, compose_esm

greedy, rand = nbgames.bots.greedy, nbgames.bots.random


def snapshot(w):
    return json.dumps(w.state.to_dict(), sort_keys=True)


def test_a_card_not_in_hand_and_a_pick_while_playing_are_refused():
    w = nbgames.widget("chili_cookoff", players=4, seats=["human", greedy, rand, greedy], seed=3)
    hand = set(w.state.observation(0)["hand_cards"])
    not_in_hand = next(t for t in range(31) if t not in hand)
    before = snapshot(w)
    click(w, not_in_hand)
    assert "not legal" in w.error and snapshot(w) == before
    click(w, 31 + next(iter(hand)))                       # a pick during the play phase
    assert "not legal" in w.error and snapshot(w) == before
    assert "legal: 'play " in w.error                      # the seat's own legal cards: its own view


def test_the_spectator_sees_no_hand():
    state = nbgames.load("chili_cookoff", players=3).new_state(seed=4)
    w = nbgames.widget(state=state, viewer=None)
    assert w.view["hand_cards"] == [] and w.legal == []
    send(w, {"type": "action", "id": 0})
    assert "spectator" in w.error


def test_payloads_are_small():
    """Median update message <= 4 KB (the target of issue 3), 4 and 7 players."""
    for n in (4, 7):
        w = nbgames.widget("chili_cookoff", players=n, seats=["human"] + [greedy] * (n - 1),
                           seed=31)
        sizes = []
        real = w._send

        def spy(msg, buffers=None, sizes=sizes, real=real):
            sizes.append(len(json.dumps(msg)))
            return real(msg, buffers=buffers)

        w._send = spy
        while w.to_move is not None:
            click(w, w.legal_ids[0])
        assert statistics.median(sizes) <= 4096, (n, statistics.median(sizes))


def test_composition():
    esm = compose_esm("chili_cookoff")
    assert esm.endswith("export default __nbg_shared.createWidget(__nbg_chili_cookoff.board);\n")
    assert "lastHandText" in esm and "class Shell" in esm
    css = compose_css("chili_cookoff")
    assert ".nbg" in css and ".ck-card" in css


def test_issue_25_a_failing_bot_shows_the_human_no_card_of_its_hand():
    """The finding as filed: `bad` returns 'play Tomato 1', not in its hand; seat 0's
    board read "...which is not legal; 6 legal actions such as 'play Tomato 2'" (a card
    of seat 1's hand). Now it says what went wrong and nothing of seat 1's hand."""
    def bad(observation, legal_actions):
        return "play Tomato 1"
    w = nbgames.widget("chili_cookoff", players=2, seats=["human", bad], seed=1, viewers="all")
    try:
        while not w.error:
            w.act(w.legal_ids[-1])
    except nbgames.PolicyError as e:
        assert "which is not legal" in str(e) and "such as" in str(e)   # Python says all
    hand = {w.game.action_label(31 + t) for t in range(31)} | {a.label for a in w.state.legal_actions()}
    assert w.error.startswith("policy 'bad' (seat 1) returned an action that is not legal at "
                              "chili_cookoff step ")
    assert "Tomato" not in w.error and not any(label in w.error for label in hand)
    w.viewer = 1
    assert "such as 'play " in w.error                                  # seat 1's own view
