"""Running a review's decisions: which decisions are judged, each batch replaying
the record once, on any ``concurrent.futures`` executor (dask's
``client.get_executor()`` included) or here, with the progress bar of
``nbgames.arena.progress``. Every decision
has its own seed (``nbgames.arena.judge.decision_seed``), so the rows are
the same whatever the executor and the batches."""

from __future__ import annotations

from ..core.registry import replay
from .judge import MAX_ROUNDS, judge
from .progress import progress_bar

__all__ = ["decisions_of", "review_batch", "run", "progress_bar"]


def decisions_of(record: dict, seats: list[int]) -> list[tuple[int, int]]:
    """[(step, seat)]: the decisions of ``seats`` in ``record`` that had a choice,
    ``step`` being the position's ``state.step`` (a staged start's step counts)."""
    state = replay(record, upto=0)
    out = []
    for aid in record["actions"]:
        seat = state.current_player
        if seat in seats and len(state.legal_action_ids()) > 1:
            out.append((state.step, seat))
        state.apply(aid)
    return out


def review_batch(record: dict, decisions: list, search, exact, seed: int, thresholds: dict,
                 method: str = "", on_row=None, rounds: int = MAX_ROUNDS) -> list:
    """Review ``decisions`` ([(step, seat)], rising steps) of ``record`` in order,
    calling ``on_row(row)`` after each: one worker's task (top level, so a process
    pool can pickle it). ``rounds``: a decision's rounds at most (``judge``)."""
    state = replay(record, upto=0)
    step0 = state.step
    actions = record["actions"]
    rows = []
    for step, seat in decisions:
        while state.step < step:
            state.apply(actions[state.step - step0])
        rows.append(judge(state, seat, actions[step - step0], search, exact, seed, thresholds,
                          method, rounds))
        if on_row is not None:
            on_row(rows[-1])
    return rows


def run(record, todo, search, exact, seed, thresholds, method, executor, bar, batch,
        rounds: int = MAX_ROUNDS) -> list[dict]:
    """The rows of the decisions ``todo``: here in order, or on ``executor`` in
    interleaved batches (early and late decisions, which cost differently, spread
    over the tasks)."""
    if executor is None:
        return review_batch(record, todo, search, exact, seed, thresholds, method,
                            on_row=None if bar is None else lambda row: bar.update(1),
                            rounds=rounds)
    from concurrent.futures import as_completed

    from .batches import batch_size
    size = batch_size(len(todo), executor, batch)
    tasks = max(1, -(-len(todo) // size))
    parts = [todo[k::tasks] for k in range(tasks)]
    futures = {executor.submit(review_batch, record, part, search, exact, seed, thresholds, method,
                               None, rounds): part for part in parts if part}
    rows = []
    for f in as_completed(futures):
        out = f.result()
        rows.extend(out)
        if bar is not None:
            bar.update(len(out))
    rows.sort(key=lambda r: r["step"])
    return rows
