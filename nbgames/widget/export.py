"""A finished game as one self-contained HTML file: the board (the same composed
ES module and CSS the widget loads), one frame of the view model
(:mod:`nbgames.widget.view`, what the widget would sync) for one viewer at every
step. It opens in a browser with no kernel and no network: the module is
imported from a Blob URL, as anywidget does, and a small stand-in for anywidget's
model serves the recorded positions to the board's own controls (one history
slider with its step buttons, and Play), as Python would.

The page is made for one viewer (a seat, or None: the spectator) and holds only
what that viewer may see: the viewer's observations and log lines, the public
scores and the seat names. Never the seed, the record, another seat's hand or
another seat's decision that the viewer did not see (ARCHITECTURE.md, "Hidden
information"), so a page exported for seat 1 can be shared without giving away
seat 0's cards. ``reveal=True`` (teaching mode) adds every seat's hidden cards at
every step; such a page says so at its top.
"""

from __future__ import annotations

import html
import json

from ..arena.seats import describe
from ..arena.table import Table
from ..core.errors import OptionError
from ..core.registry import replay
from . import view
from .assets import PAGE_MODEL_JS, page_css, page_esm
from .wire import run_length

LOG_LIMIT = 20


def frames(record: dict, viewer: int | None, reveal: bool = False,
           review=None) -> tuple[dict, list[dict]]:
    """The static traits and one dict of changing traits per position (0 .. len(actions)):
    the view model of the record's game for ``viewer``. A trait that is the same at
    every position is written once, in the static traits. With a ``review``
    (:class:`nbgames.Review` of this record) the static ``reviewed`` trait holds what
    the viewer may see of it (:meth:`~nbgames.Review.marks`), and at each of the
    viewer's own reviewed decisions the frame carries the viewer's legal ids, so the
    board draws the moves the review paints."""
    replay(record)                                  # RecordError names what is wrong
    state = replay(record, upto=0)
    game = state.game
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < game.players):
        raise OptionError(f"viewer must be None (spectator) or a seat from 0 to "
                          f"{game.players - 1}, got {viewer!r}")
    if not isinstance(reveal, bool):
        raise OptionError(f"reveal must be True or False, got {reveal!r}")
    names = record.get("policies") or record.get("names") or ["?"] * game.players
    seat_info = [describe("human" if n == "human" else _Named(str(n)), i) for i, n in enumerate(names)]
    table = Table(state, seats=["human"] * game.players, auto=False)
    for aid in record["actions"]:
        table.act(aid)                              # the whole line, then each position on it
    marks = _review_marks(review, record, viewer, reveal)
    out = []
    for i in range(table.history_start, table.history_len + 1):
        table.goto(i)
        f = view.frame(table, viewer, reveal=reveal, log_limit=LOG_LIMIT, interactive=False,
                       seat_info=seat_info)
        row = marks.get("rows", {}).get(str(i))
        if row is not None and row["seat"] == viewer:          # the viewer's own decision
            f["legal"] = run_length(table.state.legal_action_ids())
        out.append(f)
    static = {**view.static(game), **view.session(viewer, reviewed=marks)}
    for key in view.FRAME:
        if all(f[key] == out[0][key] for f in out):
            static[key] = out[0][key]
            for f in out:
                del f[key]
    return static, out


def _review_marks(review, record, viewer, reveal) -> dict:
    if review is None:
        return {}
    from ..arena.review import Review
    if not isinstance(review, Review):
        raise OptionError(f"review must be None or an nbgames.Review, got {type(review).__name__}")
    if review.record.get("actions") != record["actions"] or review.title != record["title"] \
            or review.record.get("seed") != record.get("seed"):
        raise OptionError("the review is of another game than this record")
    return review.marks(viewer, reveal)


class _Named:
    def __init__(self, name):
        self.__name__ = name

    def __call__(self, *a):  # pragma: no cover - never called: only its name is shown
        raise NotImplementedError


def _script_json(data) -> str:
    """JSON safe inside a <script> element."""
    return json.dumps(data, separators=(",", ":")).replace("<", "\\u003c").replace(
        "\u2028", "\\u2028").replace("\u2029", "\\u2029")


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; script-src 'unsafe-inline' blob:; style-src 'unsafe-inline';
               img-src data: blob:">
<title>__TITLE__</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; }
/* a recorded game has no next game to start: the seed box and "New game" are left out */
.nbg .nbg-row:has([data-key="ctl-new"]) { display: none; }
</style>
<style>__CSS__</style>
</head>
<body>
<h1 style="font-size:1.2rem">__TITLE__</h1>
<p id="nbg-about">__ABOUT__</p>
<div id="nbg-root"></div>
<script id="nbg-static" type="application/json">__STATIC__</script>
<script id="nbg-frames" type="application/json">__FRAMES__</script>
<script id="nbg-esm" type="text/plain">__ESM__</script>
<script type="module">
const read = (id) => document.getElementById(id).textContent;
const STATIC = JSON.parse(read("nbg-static"));
const FRAMES = JSON.parse(read("nbg-frames"));
const data = { ...STATIC, ...FRAMES[__START__] };
__MODEL__
let timer = null;
function show(i) {
  i = Math.max(0, Math.min(FRAMES.length - 1, i));
  const f = FRAMES[i];
  for (const [k, v] of Object.entries(f)) { data[k] = v; emit(k); }
  document.body.dataset.step = String(i);
}
function setTrait(k, v) { data[k] = v; emit(k); }
function stop() { if (timer) { clearInterval(timer); timer = null; } setTrait("playing", false); }
const model = pageModel((msg) => {
  const at = data.step_index;
  if (msg.type === "goto") show(Number(msg.step));
  else if (msg.type === "step") show(at + 1);
  else if (msg.type === "undo") show(at - 1);
  else if (msg.type === "play") {
    setTrait("playing", true);
    const last = FRAMES.length - 1;
    const next = () => { if (data.step_index >= last) stop(); else show(data.step_index + 1); };
    timer = setInterval(next, 1000 / (data.speed || 2));
  } else if (msg.type === "pause") stop();
  else if (msg.type === "speed") setTrait("speed", Number(msg.value));
  else if (msg.type === "clear_error") setTrait("error", "");
  else if (msg.type === "tick") {}
  else setTrait("error", "This page is a recorded game: move through it with the history slider or "
    + "the \u25C0 \u25B6 buttons. To play, open the board in Jupyter with nbgames.widget(...).");
});
const url = URL.createObjectURL(new Blob([read("nbg-esm")], { type: "text/javascript" }));
const mod = await import(url);
mod.default.render({ model, el: document.getElementById("nbg-root") });
show(__START__);
document.body.dataset.ready = "1";
</script>
</body>
</html>
""".replace("__MODEL__", PAGE_MODEL_JS)


def record_html(record: dict, viewer: int | None = None, start: int | None = None,
                reveal: bool = False, review=None) -> str:
    """The HTML page of a record for ``viewer`` (see the module docstring); the
    scrubber starts at ``start`` (default: the end). With a ``review`` of the record
    (:func:`nbgames.review`) the page marks the viewer's reviewed decisions under the
    scrubber by class and shows, at each, the move taken beside the advisor's
    choice; only the viewer's own decisions (every seat's with ``reveal``)."""
    static, fr = frames(record, viewer, reveal, review)
    start = len(fr) - 1 if start is None else start
    if type(start) is not int or not 0 <= start < len(fr):
        raise OptionError(f"start must be a step from 0 to {len(fr) - 1}, got {start!r}")
    who = "the spectator" if viewer is None else f"player {viewer}"
    title = f"{static['name']}: {static['players']} players, as {who} saw it"
    about = (f"A recorded game of {static['name']} as {who} sees it "
             f"({len(fr) - 1} decisions). Move through it with the history slider under "
             f"Controls, or its \u25C0 \u25B6 buttons.")
    if static["reviewed"]:
        got = static["reviewed"]
        mine = ", ".join(f"player {s}" for s in got["seats"]) or "no seat the viewer may see"
        about += (f" Reviewed by {got['advisor']}: the marks under the board are the decisions of "
                  f"{mine}, by class (best, good, inaccuracy, mistake, blunder); step to one to "
                  f"see the move taken beside the advisor's choice.")
    if reveal:
        title = f"{static['name']}: {static['players']} players, every hand revealed"
        about = (f"This page holds every seat's hidden cards at every step (exported with "
                 f"reveal): share it only when that is meant. {about}")
    esm, css = page_esm(static["title"]), page_css(static["title"])
    page = PAGE
    for key, value in (("__STATIC__", _script_json(static)), ("__FRAMES__", _script_json(fr)),
                       ("__ESM__", esm), ("__CSS__", css)):
        page = page.replace(key, value)
    return (page.replace("__TITLE__", html.escape(title)).replace("__ABOUT__", html.escape(about))
            .replace("__START__", str(start)))
