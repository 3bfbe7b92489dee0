"""The page a join link opens in a browser: the title's board (the same composed
ES module and CSS the widget and the HTML export load, :mod:`nbgames.widget.assets`)
driven by a small stand-in for anywidget's model that talks to the host over a
websocket instead of a kernel.

The page itself holds no game data: it is the same for every seat and every
table of a title. It reads its token from its own address, opens
``../ws/TOKEN`` and renders what the host sends for that seat (the welcome, then
the changes). A click sends ``{"type": "action", "id", "step", "ref"}``; the
board's session controls (step, play, undo, the history, the viewer, new game)
are hidden, since the host holds them (a message from one of them would answer
with a sentence instead of reaching the host). When the connection drops the
page reconnects by itself and the host sends the whole view again, unless the
host said there is nothing more to come: the game is over (its last frame, or
the close code ``CLOSE_DONE`` the host sends when it stops), another window took
the seat, the link is unknown, or the page flooded the host; then it says so and
stops.
"""

from __future__ import annotations

import html
from functools import cache

from ..core.registry import spec
from ..widget.assets import PAGE_MODEL_JS, page_css, page_esm

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; }
#nbg-bar { display: flex; gap: 1rem; align-items: baseline; margin: 0 0 .75rem; }
#nbg-conn { color: #555; }
#nbg-conn.nbg-bad { color: #a00; font-weight: 600; }
/* a remote seat has none of the session controls (step, play, undo, history, viewer,
   new game): the host holds them */
#nbg-root section[aria-label="controls"] { display: none; }
</style>
<style>__CSS__</style>
</head>
<body>
<div id="nbg-bar"><b id="nbg-who">__TITLE__</b><span id="nbg-conn" role="status"
  aria-live="polite">connecting&hellip;</span></div>
<div id="nbg-root"></div>
<script id="nbg-esm" type="text/plain">__ESM__</script>
<script type="module">
const data = {};
__MODEL__
const set = (k, v) => { data[k] = v; emit(k); };
const conn = document.getElementById("nbg-conn");
const who = document.getElementById("nbg-who");
const token = location.pathname.split("/").filter(Boolean).pop();
let ws = null, mounted = false, retry = 0, ref = 0, welcomed = false;
function wsUrl() {
  const u = new URL(`../ws/${token}`, location.href);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  u.search = ""; u.hash = "";
  return u.href;
}
function say(text, bad) { conn.textContent = text; conn.classList.toggle("nbg-bad", !!bad); }
function hostNote(h) {
  if (!h) return;
  document.body.dataset.paused = h.paused ? "1" : "0";
  document.body.dataset.ended = h.ended ? "1" : "0";
}
const SHARED = "This is a shared table: the host deals, steps and takes back moves; you play your own seat.";
const model = pageModel((msg) => {
  if (msg.type === "action") {
    if (!ws || ws.readyState !== 1) {
      set("error", "Not connected to the host; reconnecting\u2026");
      return;
    }
    ref += 1;
    ws.send(JSON.stringify({ type: "action", id: msg.id, step: data.step_index, ref }));
  } else if (msg.type === "clear_error") set("error", "");
  else if (msg.type === "tick" || msg.type === "pause" || msg.type === "speed") { /* nothing to do */ }
  else set("error", SHARED);
});
async function mount() {
  mounted = true;
  const url = URL.createObjectURL(new Blob([document.getElementById("nbg-esm").textContent],
                                           { type: "text/javascript" }));
  const mod = await import(url);
  mod.default.render({ model, el: document.getElementById("nbg-root") });
  document.body.dataset.ready = "1";
}
function onMessage(ev) {
  let m;
  try { m = JSON.parse(ev.data); } catch (e) { return; }
  if (m.type === "welcome") {
    welcomed = true;
    retry = 0;
    for (const [k, v] of Object.entries({ ...m.static, ...m.frame })) set(k, v);
    const seat = m.seat === null ? "spectator" : `player ${m.seat}`;
    who.textContent = `${data.name}, ${m.table}: you are ${seat}`;
    document.body.dataset.seat = m.seat === null ? "spectator" : String(m.seat);
    say("connected");
    hostNote(m.host);
    if (!mounted) mount();
  } else if (m.type === "update") {
    if ("step_index" in m.frame) set("error", "");
    for (const [k, v] of Object.entries(m.frame)) set(k, v);
    hostNote(m.host);
  } else if (m.type === "error") {
    set("error", m.error);
    document.body.dataset.errors = String(Number(document.body.dataset.errors || 0) + 1);
  }
  if (data.step_index !== undefined) document.body.dataset.step = String(data.step_index);
}
// why a closed connection is not tried again (null: reconnect): the host's close code,
// or a game the host already said is over (nothing more will come)
function closing(code, over) {
  const bad = (why, text) => ({ why, text, bad: true });
  if (code === 4000) return bad("replaced", "This seat was opened in another window; this one stopped.");
  if (code === 4404) return bad("unknown", "This link is not a seat of this host.");
  if (code === 1008) return bad("flood", "The host hung up: this page sent too many messages. "
                                         + "Reload it in a minute.");
  if (code === 4001 || over) {
    const text = document.body.dataset.ended === "1" ? "The host ended this game and closed the table."
                                                     : "The game is over; the host closed the table.";
    return { why: "over", text, bad: false };
  }
  return null;
}
function connect() {
  say(retry ? "reconnecting\u2026" : "connecting\u2026", retry > 0);
  ws = new WebSocket(wsUrl());
  ws.onmessage = onMessage;
  ws.onclose = (ev) => {
    const over = welcomed && (data.to_move === null || document.body.dataset.ended === "1");
    const end = closing(ev.code, over);
    document.body.dataset.closed = end ? end.why : "";
    if (end) { say(end.text, end.bad); return; }
    retry += 1;
    say(`connection lost; reconnecting\u2026 (try ${retry})`, true);
    setTimeout(connect, Math.min(10000, 250 * 2 ** Math.min(retry, 6)));
  };
}
connect();
</script>
</body>
</html>
""".replace("__MODEL__", PAGE_MODEL_JS)


@cache
def _page(title: str, esm: str, css: str) -> str:
    page = PAGE.replace("__TITLE__", html.escape(f"{spec(title).game.name} (nbgames)"))
    return page.replace("__CSS__", css).replace("__ESM__", esm)


def join_page(title: str) -> str:
    """The join page of ``title`` (one page serves every seat and table)."""
    return _page(title, page_esm(title), page_css(title))
