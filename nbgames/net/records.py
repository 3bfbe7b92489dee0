"""A hosted table's record on disk: written after every decision, read back by
``nbgames serve --resume``.

A record holds the seed (so every hand) and every link's token, so its file is
created readable by its owner only (mode 0600, at creation: never a moment with
wider rights). It is written whole to a temporary file beside it, flushed to the
disk (``fsync``), renamed over the old file (atomic: a reader or a crash sees the
old record or the new one, never half of one), and the folder is flushed too so
the rename itself survives a power cut.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..core.errors import RecordError
from ..core.registry import replay

HOST_FORMAT = "nbgames-host/1"
MODE = 0o600


def write_record(path: Path, record: dict) -> None:
    """Write ``record`` to ``path`` atomically, owner-only, flushed to the disk."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    data = json.dumps(record, separators=(",", ":")).encode("utf-8")
    try:
        tmp.unlink()                    # a leftover of a crash: created anew, with our mode
    except FileNotFoundError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), MODE)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the rename) to the disk, where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:                     # Windows: a folder cannot be opened this way
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def load_record(path) -> dict:
    """A host's record file, checked: it replays, and it holds the host's part."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except FileNotFoundError:
        raise RecordError(f"no such record file: {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise RecordError(f"cannot read {path}: {e}") from None
    if not isinstance(rec, dict) or not isinstance(rec.get("host"), dict) or \
            rec["host"].get("format") != HOST_FORMAT:
        raise RecordError(f"{path} is not a record written by an nbgames host (no "
                          f"{HOST_FORMAT!r} part); a plain record can be hosted with "
                          f"nbgames.host(nbgames.replay(record), ...)")
    replay(rec)
    return rec
