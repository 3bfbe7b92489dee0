"""The synced traits of the board widget, declared once: everything the browser
ever receives, each with its type and what it means.

Each trait is tagged with its ``part``: ``"game"`` (fixed for a game: sent
once), ``"position"`` (the position on the board, as the viewer may see it) or
``"session"`` (the controls around the board: viewer, speed, advisor, review).
The view model (:mod:`.view`) computes the values, part by part, and takes its
lists of names from here; the browser (``js/shared.js``) reads whatever is
synced, so no other list of the traits exists.
"""

from __future__ import annotations

import traitlets as t


class BoardTraits(t.HasTraits):
    """The board's synced traits (the widget, :class:`~nbgames.widget.GameWidget`,
    has them all). Python owns them: the browser never writes one."""

    title = t.Unicode("", read_only=True).tag(sync=True, part="game")
    """The title: the name of its folder in ``nbgames/games/``."""

    name = t.Unicode("", read_only=True).tag(sync=True, part="game")
    """The game's display name."""

    players = t.Int(0, read_only=True).tag(sync=True, part="game")
    """Number of seats."""

    viewer = t.Int(None, allow_none=True).tag(sync=True, part="session")
    """The seat the board is drawn for; None is a spectator. Python may set any seat
    (it is then added to ``viewers``); the browser may only pick one of ``viewers``
    through a message."""

    viewers = t.List(read_only=True).tag(sync=True, part="session")
    """The seats the viewer selector offers (None = spectator), set by the notebook."""

    view = t.Dict(read_only=True).tag(sync=True, part="position")
    """``state.observation(viewer)``, exactly as the engine makes it: what the viewer
    seat may see, nothing more. With ``reveal`` on it also holds ``reveal``: the
    private parts of every other seat."""

    catalog = t.Dict(read_only=True).tag(sync=True, part="game")
    """``game.catalog()``: public facts that never change during the game (card
    faces, prices), which observations name by index. Sent once."""

    action_space = t.Dict(read_only=True).tag(sync=True, part="game")
    """``game.action_space.to_json()``: the layout of action ids (kinds, fields,
    label templates). Sent once; ``js/shared.js`` decodes ids with it."""

    legal = t.List(read_only=True).tag(sync=True, part="position")
    """The viewer's legal action ids when it is the viewer's turn and the viewer's
    seat is human (empty otherwise), sorted and run-length coded (see
    ``nbgames.widget.wire.run_length``): ``[gap, count, gap, count, ...]``. The browser decodes them
    into kinds and fields with ``action_space``, and makes labels from its templates."""

    log_lines = t.List(read_only=True).tag(sync=True, part="position")
    """The last ``log_limit`` log lines the viewer may read (``state.log(viewer)``)."""

    scores = t.List(read_only=True).tag(sync=True, part="position")
    """Scores (running totals) by seat."""

    winners = t.List(read_only=True).tag(sync=True, part="position")
    """Winning seats once the game is over; empty before."""

    seat_info = t.List(read_only=True).tag(sync=True, part="position")
    """Seat descriptors ``{"seat", "kind": "human"|"policy", "name"}``."""

    to_move = t.Int(None, allow_none=True, read_only=True).tag(sync=True, part="position")
    """The seat to decide (public), None when the game is over."""

    status = t.Unicode("", read_only=True).tag(sync=True, part="position")
    """One line for people: whose move it is, who won, or that the policy to move
    failed here (then ``offers`` holds the next steps)."""

    step_index = t.Int(0, read_only=True).tag(sync=True, part="position")
    """Decisions made so far (``w.state.step``): the scrubber position."""

    history_start = t.Int(0, read_only=True).tag(sync=True, part="position")
    """The first scrubber position (0, or the step of the state the widget was made from)."""

    history_len = t.Int(0, read_only=True).tag(sync=True, part="position")
    """The last scrubber position: decisions in the current line, including those
    after the current position that ``goto``/``undo`` stepped back over."""

    error = t.Unicode("", read_only=True).tag(sync=True, part="position")
    """The last error (a refused click, a failing policy), shown in the widget; cleared
    by the next successful action. An error about another seat's decision is shown
    without that seat's private content (what its policy returned, its legal
    actions); ``w.last_error`` holds the whole exception, in Python only."""

    offers = t.List(read_only=True).tag(sync=True, part="position")
    """The next steps the board offers when the seat to move is a policy that failed
    at this position: ``[{"label", "message"}]``, each a button that sends its
    message (retry the policy: ``{"type": "step"}``; play the seat yourself, when
    the board may view it: ``{"type": "take_over", "seat": s}``; undo:
    ``{"type": "undo"}``). Empty otherwise. ``status`` says what failed and
    ``w.last_error`` holds the whole error."""

    speed = t.Float(2.0).tag(sync=True, part="session")
    """Decisions per second when playing (play/pause), from 0.25 to 50."""

    playing = t.Bool(False, read_only=True).tag(sync=True, part="session")
    """True while the browser's play button lets policy seats move at ``speed``."""

    advisor = t.Unicode("", read_only=True).tag(sync=True, part="session")
    """The name of the advisor behind the Hint button ("" when there is none)."""

    advisor_label = t.Unicode("Hint", read_only=True).tag(sync=True, part="session")
    """What the advisor's button says: "Solve" for an exact solver (an advisor with
    ``can_solve``, such as ``nbgames.theory.solver()``), else "Hint"."""

    advisor_ready = t.Bool(False, read_only=True).tag(sync=True, part="session")
    """True when the advisor can advise the viewer now: it is the human viewer's turn
    and, for a solver, the position is small enough to solve (``can_solve`` on the
    viewer's infoset). The button is shown only then."""

    hints = t.Dict(read_only=True).tag(sync=True, part="session")
    """The advisor's analysis of the viewer's decision (empty when none):
    ``{"seat", "step", "status": "running"|"done", "done", "total", "elapsed",
    "seconds", "value", "meaning", "moves": {aid: {"share", "visits", "value"}}}``:
    ``done`` iterations of ``total`` (None for a time budget: then ``elapsed`` of
    ``seconds`` tells the progress), ``value`` the expected result for the viewer
    over the whole search and ``meaning`` what a value is (e.g. "expected share
    of the win ..."). Only the viewer's legal actions, only from the viewer's
    infoset, and only while the position is the one analysed: any move, undo,
    goto, new game or viewer change clears it (and cancels a search still
    running)."""

    reviewed = t.Dict(read_only=True).tag(sync=True, part="session")
    """The review of the game on the board
    (:meth:`nbgames.widget.GameWidget.review`), as this viewer may see it
    (:meth:`nbgames.Review.marks`): ``{"classes", "thresholds", "advisor", "exact",
    "seats", "rows": {step: {"seat", "taken", "best", "taken_id", "best_id",
    "value_taken", "value_best", "loss", "class", "source", "focused"}}}``. Only the
    viewer's own decisions (every seat's with ``reveal``): a row is measured from
    its seat's hand. Empty once a move leaves the reviewed line. Without a review:
    ``{"ready": true}`` when the game on the board is over (the board offers its
    Review button), ``{"status": "running", "done", "total"}`` while that button's
    review runs. The scrubber marks each row by class; at a row the board shows the
    move taken beside the advisor's choice through the hint overlay."""

    thinking = t.Dict(read_only=True).tag(sync=True, part="session")
    """With ``show_thinking``: the statistics of the last policy decision (a search
    bot's ``last_analysis``): ``{"seat", "step", "chosen", "moves": {...}}``. They
    were computed from that seat's hand, so they are sent only when the viewer is
    that seat or ``reveal`` is on; otherwise ``{"seat", "step", "hidden": true}``."""


def names(part: str | None = None) -> tuple[str, ...]:
    """The synced traits of ``part`` (all of them when None), in declaration order."""
    traits = BoardTraits.class_traits(sync=True)
    return tuple(n for n in BoardTraits.__dict__ if n in traits
                 and (part is None or traits[n].metadata.get("part") == part))
