"""The wire coding of the synced traits: how a long list of legal action ids
travels to the browser in a few numbers. ``js/shared.js`` (``expandRuns``)
decodes it; see ARCHITECTURE.md, "A click, an action, a render"."""

from __future__ import annotations


def run_length(ids) -> list[int]:
    """Sorted ids as runs ``[gap, count, gap, count, ...]``: each run starts ``gap``
    after the end of the one before (the first after 0). Hundreds of legal
    placements fit in a few hundred bytes.

    >>> run_length([5, 3, 4, 9, 10, 20])
    [3, 3, 3, 2, 9, 1]
    """
    out: list[int] = []
    end = 0
    for a in sorted(int(x) for x in ids):
        if out and a == end:
            out[-1] += 1
        else:
            out += [a - end, 1]
        end = a + 1
    return out


def expand_runs(runs: list[int]) -> list[int]:
    """The inverse of :func:`run_length`.

    >>> expand_runs([3, 3, 3, 2, 9, 1])
    [3, 4, 5, 9, 10, 20]
    """
    out: list[int] = []
    end = 0
    for i in range(0, len(runs) - 1, 2):
        start = end + runs[i]
        out.extend(range(start, start + runs[i + 1]))
        end = start + runs[i + 1]
    return out
