"""What the widget tests of every title share: the messages a browser sends, the
synced state the browser receives, and a seeded "person" clicking the board."""

from __future__ import annotations

import nbgames
from nbgames.widget.conformance import FIXED, synced  # noqa: F401  (re-exported)

# every synced trait a board reads
SYNCED = ("view", "legal", "log_lines", "scores", "winners", "seat_info", "to_move", "status",
          "step_index", "history_start", "history_len", "error", "speed", "playing", "viewer",
          "viewers", "catalog", "action_space", "title", "name", "players")


def send(w, content):
    """Exactly what a browser message does: a comm msg handled by ipywidgets."""
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def click(w, aid):
    send(w, {"type": "action", "id": aid})


def board_choice(w):
    """What a person clicking the board would pick: a greedy choice among the synced
    legal ids (the board offers only those), seeded by the position so every run
    makes the same game."""
    choice = int(nbgames.bots.GreedyPolicy(seed=w.step_index)(w.view, w.state.legal_actions()))
    assert choice in w.legal_ids
    return choice
