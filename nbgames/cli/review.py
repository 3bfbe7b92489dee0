"""``nbgames review``: review a record (``nbgames.review``) from the shell."""

from __future__ import annotations

from ..arena.named import UsageError
from .common import load_record, pool, viewer_seat, write_json, write_text


def cmd_review(args, out=print) -> int:
    """Review a record (``nbgames.review``): print the summary per seat and the
    worst decisions; ``--json`` writes every row, ``--html`` the exported page
    with the review on it (for ``--viewer``: its own decisions only)."""
    from ..arena.review import review
    rec = load_record(args.record)
    players = rec["players"]
    seats = None
    if args.seats:
        try:
            seats = [int(x) for x in args.seats.split(",")]
        except ValueError:
            raise UsageError(f"--seats {args.seats!r}: comma-separated seats from 0 to "
                             f"{players - 1}") from None
    viewer = viewer_seat(args.viewer, players)
    executor = pool(args.workers)
    try:
        got = review(rec, seats=seats, budget=args.budget, exact=not args.no_exact, seed=args.seed,
                     executor=executor, progress=not args.quiet)
    finally:
        if executor is not None:
            executor.shutdown()
    out(repr(got))
    for r in got.worst(5):
        if r["loss"] > 0:
            out(f"  step {r['step']}, player {r['seat']}: {r['class']}, played {r['taken']!r} "
                f"(win chance {r['value_taken']:.2f}), advisor {r['best']!r} ({r['value_best']:.2f})")
    out(f"reviewed in {got.seconds:.1f} s")
    if args.json:
        write_json(args.json, got.to_dict())
        out(f"wrote {args.json} (every row: it names every seat's moves and what they were worth)")
    if args.html:
        from ..widget.export import record_html
        write_text(args.html, record_html(rec, viewer=viewer, reveal=args.reveal, review=got))
        out(f"wrote {args.html} (viewer {'spectator' if viewer is None else viewer}"
            f"{': every hand and every seat’s review' if args.reveal else ''})")
    return 0
