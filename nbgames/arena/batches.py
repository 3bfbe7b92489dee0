"""Running a tournament's games on an Executor in batches.

One future per game makes the scheduler's overhead (a few milliseconds a task
on a dask cluster, the pickling of the policies) comparable with a short game.
So the games go in batches: consecutive games in one task, played in order by
the worker, their records sent back together. Every game keeps its own seed, so
the results are the same as the serial run's, whatever the batch size and
however many workers there are.
"""

from __future__ import annotations

from concurrent.futures import as_completed

from ..core.validate import as_int

TARGET_TASKS_PER_WORKER = 4
MAX_BATCH = 50


def run_batch(run_one, jobs: list) -> list[dict]:
    """Play ``jobs`` (argument tuples of ``run_one``) in order (a worker's task)."""
    return [run_one(*job) for job in jobs]


def workers_of(executor) -> int | None:
    """How many games the executor runs at once, when it says (concurrent.futures
    pools, dask's ClientExecutor); None otherwise."""
    n = getattr(executor, "_max_workers", None)
    if isinstance(n, int) and n > 0:
        return n
    client = getattr(executor, "_client", None)
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # noqa: BLE001 - a client that cannot say: use the default
            return None
    return None


def batch_size(games: int, executor, batch: int | None) -> int:
    """The games per task: ``batch`` when given, else about four tasks a worker
    (for load balance), at most MAX_BATCH games a task."""
    if batch is not None:
        return as_int(batch, "batch", 1, None)
    workers = workers_of(executor) or 8
    return max(1, min(MAX_BATCH, -(-games // (workers * TARGET_TASKS_PER_WORKER))))


def run_jobs(executor, run_one, jobs: list, bar, batch: int | None) -> list[dict]:
    """Submit ``jobs`` in batches to ``executor``; the results in job order."""
    size = batch_size(len(jobs), executor, batch)
    starts = range(0, len(jobs), size)
    futures = {executor.submit(run_batch, run_one, jobs[s:s + size]): s for s in starts}
    results: list = [None] * len(jobs)
    for f in as_completed(futures):
        s = futures[f]
        out = f.result()
        results[s:s + len(out)] = out
        if bar is not None:
            bar.update(len(out))
    return results
