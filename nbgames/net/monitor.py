"""The host's monitor in its own notebook: for the table picked, who is
connected to each seat, whose turn it is, the public board (the spectators'
view, drawn by the same board front-end), the last events, and the controls:
pause / go on, hand a seat to a bot (or back to its person), end the game.

It reads only what the host published (the spectator frame and the
connection counts), so it never shows a hand on the teacher's projector.
Updates arrive from the server's thread, at most ``every`` seconds apart.
"""

from __future__ import annotations

import html
import threading
import time

import ipywidgets as w

from ..agents.adapter import policy_name
from . import frames
from .client import board_class

BOTS = ("greedy", "random")


class Monitor(w.VBox):
    """``host.monitor()``: see the module docstring."""

    def __init__(self, host, every: float = 0.25):
        self.host = host
        self.every = every
        self._pending = None
        self._lock = threading.Lock()
        self._last = 0.0
        n = len(host.tables)
        self.pick = w.Dropdown(options=[(t.label, t.index) for t in host.tables], value=0,
                               description="Table", layout=w.Layout(width="14rem"))
        self.pick.layout.display = None if n > 1 else "none"
        self.info = w.HTML()
        self.pause_btn = w.Button(description="Pause", icon="pause")
        self.end_btn = w.Button(description="End game", icon="stop", button_style="danger")
        self.seat_pick = w.Dropdown(description="Seat", layout=w.Layout(width="10rem"))
        self.who_pick = w.Dropdown(options=[*BOTS, "human"], value="greedy",
                                   description="plays", layout=w.Layout(width="12rem"))
        self.set_btn = w.Button(description="Set seat", icon="user")
        self.events = w.HTML()
        self.message = w.HTML()
        self.pause_btn.on_click(self._pause)
        self.end_btn.on_click(self._end)
        self.set_btn.on_click(self._set_seat)
        self.pick.observe(lambda _: self._show(), names="value")
        first = host.tables[0]
        self.board = board_class(first.game.title)(static=frames.static(first.game, None))
        super().__init__([self.pick, self.info,
                          w.HBox([self.pause_btn, self.end_btn]),
                          w.HBox([self.seat_pick, self.who_pick, self.set_btn]),
                          self.message, self.board, self.events])
        host.listen(self._changed)
        self._show()

    def __repr__(self):
        n = len(self.host.tables)
        return f"<nbgames host monitor: {n} table{'s' if n > 1 else ''} on port {self.host.port}>"

    # -- updates (from the server's thread, throttled) ----------------------------------------
    def _changed(self, index):
        if index != self.pick.value:
            return
        with self._lock:
            if self._pending is not None:
                return
            wait = max(0.0, self._last + self.every - time.monotonic())
            self._pending = threading.Timer(wait, self._flush)
            self._pending.daemon = True
            self._pending.start()

    def _flush(self):
        with self._lock:
            self._pending = None
            self._last = time.monotonic()
        try:
            self._show()
        except Exception:  # noqa: BLE001 - the comm may be gone with the notebook
            pass

    def _show(self):
        t = self.host.tables[self.pick.value]
        frame = t.frames.get(None)
        if frame is not None:
            self.board.feed({**frames.static(t.game, None), **frame})
        cp = None if frame is None else frame["to_move"]
        rows = []
        for s in range(t.game.players):
            person = t.people.get(s)
            plays = "human" if t.table.is_human(s) else t.specs[s] if s not in t.handed else \
                f"{policy_name(t.table.seats[s])} (while away)"
            n = t.connected(s)
            link = "" if person is None else html.escape(person.name)
            rows.append(f"<tr><td>{s}</td><td>{link}</td><td>{html.escape(plays)}</td>"
                        f"<td>{'&#x25CF; ' + str(n) if n else ('&ndash;' if person else '')}</td>"
                        f"<td>{'&#x25B8;' if cp == s else ''}</td>"
                        f"<td>{'' if frame is None else frame['scores'][s]}</td></tr>")
        state = ("ended" if t.ended else "paused" if t.paused else "game over"
                 if cp is None and frame is not None else "playing")
        fail = f"<p style='color:#a00'>{html.escape(t.failure[:300])}</p>" if t.failure else ""
        spect = t.connected(None)
        self.info.value = (
            f"<b>{html.escape(t.label)}</b>: {state}, step "
            f"{'' if frame is None else frame['step_index']}; {spect} spectator(s){fail}"
            "<table><tr><th>seat</th><th>person</th><th>played by</th><th>connected</th>"
            f"<th>turn</th><th>score</th></tr>{''.join(rows)}</table>")
        self.pause_btn.description = "Go on" if t.paused else "Pause"
        self.pause_btn.icon = "play" if t.paused else "pause"
        self.pause_btn.disabled = self.end_btn.disabled = bool(t.ended)
        options = list(range(t.game.players))
        if list(self.seat_pick.options) != options:
            self.seat_pick.options = options
        recent = list(self.host.events)[-6:]
        self.events.value = "<br>".join(
            f"<small>{time.strftime('%H:%M:%S', time.localtime(ts))} "
            f"{'' if i is None else f'table {i + 1}: '}{html.escape(text)}</small>"
            for ts, i, text in recent)

    # -- controls (in the kernel's thread) --------------------------------------------------
    def _run(self, fn):
        try:
            fn()
            self.message.value = ""
        except Exception as e:  # noqa: BLE001 - shown where the teacher looks
            self.message.value = f"<span style='color:#a00'>{html.escape(str(e))}</span>"
        self._show()

    def _pause(self, _b):
        t = self.host.tables[self.pick.value]
        self._run(lambda: (self.host.resume if t.paused else self.host.pause)(t.index))

    def _end(self, _b):
        self._run(lambda: self.host.end(self.pick.value))

    def _set_seat(self, _b):
        self._run(lambda: self.host.replace(self.seat_pick.value, self.who_pick.value,
                                            table=self.pick.value))
