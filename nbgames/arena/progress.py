"""The progress of a long job (a tournament's games, a review's decisions), one
helper for both: a ``tqdm.auto`` bar, nothing, or the caller's own function."""

from __future__ import annotations

from ..core.errors import OptionError


class Callback:
    """``progress(done, total)`` as a bar (``update(n)``, ``close()``): called once
    with 0 at the start and after every update."""

    def __init__(self, fn, total: int):
        self.fn, self.total, self.done = fn, total, 0
        fn(0, total)

    def update(self, n: int) -> None:
        self.done += n
        self.fn(self.done, self.total)

    def close(self) -> None:
        pass


def progress_bar(total: int, progress, desc: str, unit: str):
    """What shows the progress of ``total`` steps: ``progress`` True gives a
    ``tqdm.auto`` bar (``desc``, counted in ``unit``), False gives None (nothing to
    update), and a function ``progress(done, total)`` is called through
    :class:`Callback`. Anything else is an OptionError naming the value."""
    if callable(progress):
        return Callback(progress, total)
    if not isinstance(progress, bool):
        raise OptionError(f"progress must be True, False or a function progress(done, total), "
                          f"got {progress!r}"[:200])
    if not progress:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return None
    return tqdm(total=total, desc=desc, unit=unit)
