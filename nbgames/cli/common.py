"""What several commands share: their arguments read into games and records, files
written, and a policy's forfeit told in the shell's words."""

from __future__ import annotations

import json

from ..arena.named import UsageError
from ..core.errors import OptionError, PolicyError, choices_text, last_frames


def viewer_seat(value: str | None, players: int) -> int | None:
    """``--viewer``: a seat from 0 to ``players - 1``, or None for the spectator."""
    if value is None or value in ("spectator", "none", "None"):
        return None
    try:
        seat = int(value)
    except ValueError:
        seat = -1
    if not 0 <= seat < players:
        raise UsageError(f"--viewer {value!r}: a seat from 0 to {players - 1}, or 'spectator'")
    return seat


def option_value(text: str):
    """A command-line option value as Python: JSON (numbers, true/false/null, lists,
    quoted strings), Python's True/False/None, else the text itself."""
    words = {"True": True, "False": False, "None": None}
    if text in words:
        return words[text]
    try:
        return json.loads(text)
    except ValueError:
        return text


def title_options(title: str, pairs) -> dict:
    """``--option KEY=VALUE`` pairs as keyword arguments of ``nbgames.load`` (which
    checks the names and the values, as the API does)."""
    from ..core.registry import spec
    known = spec(title).game.options_spec
    out = {}
    for pair in pairs or ():
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise UsageError(f"--option {pair!r}: write KEY=VALUE; {title} options: "
                             f"{choices_text(known) or 'none'}")
        if key in ("players", "seed"):
            raise UsageError(f"--option {pair!r}: use --{key} for {key}")
        out[key] = option_value(value.strip())
    return out


def load_game(title: str, players, options: dict):
    """``nbgames.load`` with the command line's error (a bad option or count)."""
    from ..core.registry import load
    try:
        return load(title, players, **options)
    except OptionError as e:
        raise UsageError(str(e)) from None


EVERYONE = object()
"""``forfeit_report``'s default viewer: the whole message (a tournament's own table)."""


def forfeit_report(error: dict | PolicyError, games: str = "", viewer=EVERYONE) -> list[str]:
    """Lines for one forfeit: the policy, the seat, the step, the error and the last
    frames of the policy's traceback (its code, no game data). With ``viewer`` (a
    seat, or None for the spectator) the error reads as that viewer may read it:
    what the policy returned or said is private to its own seat."""
    if isinstance(error, PolicyError):
        text = str(error) if viewer is EVERYONE else error.for_viewer(viewer)
        if text != str(error):
            text += (f" (the rest is private to seat {error.seat}; `nbgames tournament` and its "
                     f"--json give the whole message)")
        info = {"forfeit": error.policy, "forfeit_seat": error.seat, "step": error.step,
                "error": text, "frames": last_frames(error)}
    else:
        info = dict(error)
        if info.get("names") and info.get("forfeit_seat") is not None:
            info["forfeit"] = info["names"][info["forfeit_seat"]]
    lines = [f"forfeit{games}: policy {info.get('forfeit', '?')!r}, seat {info.get('forfeit_seat')}, "
             f"step {info.get('step', '?')}:", f"  {info['error']}"]
    if info.get("frames"):
        lines.append("  last frames of its traceback:")
        lines += ["  " + line for frame in info["frames"] for line in frame.splitlines()]
    return lines


def load_record(path: str) -> dict:
    """One game's record from a JSON file, checked by replaying it."""
    from ..core.registry import replay
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except FileNotFoundError:
        raise UsageError(f"no such record file: {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise UsageError(f"{path} is not JSON: {e}") from None
    if isinstance(rec, dict) and "records" in rec and "format" not in rec:
        raise UsageError(f"{path} holds a tournament's results; pass one game's record "
                         f"(e.g. extract one of its 'records')")
    replay(rec)                 # validates: RecordError names what is wrong
    return rec


def write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path``, or UsageError saying why not."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e}") from None


def write_json(path: str, data) -> None:
    write_text(path, json.dumps(data, indent=1))


def pool(workers: int):
    """A process pool of ``workers`` processes, or None for 1 (serial)."""
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        return ProcessPoolExecutor(workers)
    return None
