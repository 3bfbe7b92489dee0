"""``nbgames export``: a record as one self-contained HTML page (one viewer's view,
or every hand with ``--reveal``)."""

from __future__ import annotations

from .common import load_record, viewer_seat, write_text


def cmd_export(args, out=print) -> int:
    from ..widget.export import record_html
    rec = load_record(args.record)
    viewer = viewer_seat(args.viewer, rec["players"])
    html = record_html(rec, viewer=viewer, reveal=args.reveal)
    write_text(args.html, html)
    out(f"wrote {args.html} ({len(html.encode()) // 1024} KiB, {len(rec['actions']) + 1} positions, "
        f"viewer {'spectator' if viewer is None else viewer}"
        f"{': every hand revealed' if args.reveal else ''})")
    return 0
