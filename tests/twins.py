"""Two games one viewer cannot tell apart, for the leak proofs over the bytes
(tests/test_leaks.py): whatever leaves for that viewer must be the same from both.

Both games are staged positions (``game.scenario``) with seeds of their own: A is
the true position, B the same position with everything the viewer cannot see
drawn anew. What a title hides is declared by the title itself (its ``FIELDS``
and resample hooks, through ``state.determinize(viewer)``), so this helper names no
title and a new title is covered by the existing leak proofs without a line of its
own. Both games then play on while the
viewer still cannot tell them apart, so that the decisions of other seats are
part of what is compared.
"""

from __future__ import annotations

import random

# long seeds, so that their digits cannot appear in an artifact by chance
SEEDS = (5_551_234_567_891, 7_770_987_654_321)


def stage(state, seed: int):
    """``state`` as a staged position (its history starts here) with ``seed`` for the
    chance to come."""
    d = state.to_dict()
    d["seed"] = seed
    return state.game.scenario(d)


def looks_the_same(a, b, viewer) -> bool:
    """Can ``viewer`` (a seat, None for the spectator) tell the two states apart by
    what it may see: its observation, its log lines and, on its turn, its legal
    actions?"""
    if a.observation(viewer) != b.observation(viewer) or a.log(viewer) != b.log(viewer):
        return False
    if viewer is not None and viewer == a.current_player:
        return sorted(int(x) for x in a.legal_action_ids()) == \
            sorted(int(x) for x in b.legal_action_ids())
    return True


def twins(state, viewer, rng: random.Random, steps: int = 16, tries: int = 8,
          answers: int = 60, differ: int = 12) -> list[tuple]:
    """Two staged games that ``viewer`` cannot tell apart, as the pairs of states
    along them: ``a`` starts as ``state``, ``b`` as ``state.determinize(viewer)``,
    each with its own seed; then up to ``steps`` decisions are played in both. A
    decision of ``a`` is tried (up to ``tries`` of its legal ids, at random) until
    one has an answer in ``b`` that keeps the two alike to the viewer: the same id
    when the viewer decides; for another seat, up to ``differ`` other ids first (so
    that where a seat's choice is hidden from the viewer, the twins choose
    differently and a leak of that choice shows), then the same id, then up to
    ``answers`` others. Stops where nothing keeps them alike (a hidden card is
    revealed differently, say)."""
    a = stage(state, SEEDS[0])
    b = stage(state.determinize(viewer, rng), SEEDS[1])
    assert looks_the_same(a, b, viewer), "determinize changed what the viewer sees"
    line = [(a, b)]
    for _ in range(steps):
        if a.is_terminal():
            break
        found = None
        ids = [int(x) for x in a.legal_action_ids()]
        rng.shuffle(ids)
        theirs = [int(x) for x in b.legal_action_ids()]
        for aid in ids[:tries]:
            after = a.clone().apply(aid)
            if a.current_player == viewer:
                candidates = [aid]
            else:
                rest = [x for x in theirs if x != aid]
                rng.shuffle(rest)
                # another id first: where a seat's choice is hidden, the twins choose differently
                candidates = rest[:differ] + ([aid] if aid in theirs else []) + rest[differ:answers]
            found = next(((after, b_after) for b_after in (b.clone().apply(x) for x in candidates)
                          if looks_the_same(after, b_after, viewer)), None)
            if found:
                break
        if found is None:
            break
        a, b = found
        line.append(found)
    return line
