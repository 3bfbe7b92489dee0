"""The sequence-form linear program of a 2-player zero-sum tree, solved with
scipy's HiGHS (Koller, Megiddo and von Stengel 1996): the same LP that
``pygambit.nash.lp_solve`` sets up, with a sparse solver that scales further.

Seat 0 maximises ``x^T A y``, seat 1 minimises it, over realization plans
``x`` (``E x = e, x >= 0``) and ``y`` (``F y = f, y >= 0``); ``A`` sums
chance probability times seat 0's payoff over the terminals reached by each
pair of sequences. The dual LP ``max f^T q  s.t.  F^T q - A^T x <= 0`` gives
seat 0's equilibrium plan and the value; the same with the roles swapped
gives seat 1's.
"""

from __future__ import annotations

import numpy as np


def _sequences(tree):
    """Per seat: the sequence list [(infoset, action index)] (index 0 = empty),
    each infoset's parent sequence, and each terminal's sequence pair and
    chance probability."""
    seq_index = [{None: 0}, {None: 0}]
    parent = {}
    leaves = []
    stack = [(0, [None, None], 1.0)]
    while stack:
        node, last, prob = stack.pop()
        k = tree.kind[node]
        if k == "t":
            leaves.append((node, seq_index[0][last[0]], seq_index[1][last[1]], prob))
            continue
        if k == "c":
            for p, c in zip(tree.probs[node], tree.children[node]):
                stack.append((c, last, prob * float(p)))
            continue
        i = tree.infoset_of[node]
        seat = tree.infosets[i]["seat"]
        parent.setdefault(i, seq_index[seat][last[seat]])
        for j, c in enumerate(tree.children[node]):
            key = (i, j)
            if key not in seq_index[seat]:
                seq_index[seat][key] = len(seq_index[seat])
            nxt = list(last)
            nxt[seat] = key
            stack.append((c, nxt, prob))
    return seq_index, parent, leaves


def _constraints(tree, seat, seq_index, parent):
    from scipy import sparse
    rows, cols, vals = [0], [0], [1.0]
    infosets = tree.infosets_of(seat)
    for r, i in enumerate(infosets, start=1):
        rows.append(r)
        cols.append(parent[i] if i in parent else 0)
        vals.append(-1.0)
        for j in range(len(tree.infosets[i]["actions"])):
            if (i, j) in seq_index[seat]:
                rows.append(r)
                cols.append(seq_index[seat][(i, j)])
                vals.append(1.0)
    n = len(seq_index[seat])
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(infosets) + 1, n)), infosets


def _solve_side(A, E, F):
    """max_x min_y x^T A y: returns (x, value). Variables [x, q]."""
    from scipy import sparse
    from scipy.optimize import linprog
    nx, nq = E.shape[1], F.shape[0]
    c = np.zeros(nx + nq)
    c[nx] = -1.0                                    # maximise q_0 (f = e_0)
    A_ub = sparse.hstack([-A.T, F.T]).tocsr()       # F^T q - A^T x <= 0
    b_ub = np.zeros(A_ub.shape[0])
    A_eq = sparse.hstack([E, sparse.csr_matrix((E.shape[0], nq))]).tocsr()
    b_eq = np.zeros(E.shape[0])
    b_eq[0] = 1.0
    bounds = [(0, None)] * nx + [(None, None)] * nq
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, A_eq=A_eq, b_eq=b_eq, bounds=bounds, method="highs")
    if res.status != 0:
        raise RuntimeError(f"HiGHS: {res.message}")
    return res.x[:nx], -res.fun


def solve_zero_sum(tree):
    """(profile {infoset: probabilities}, value for seat 0) of a 2-player tree
    whose payoffs are zero-sum or constant-sum (seat 0's payoff is solved)."""
    from scipy import sparse
    seq_index, parent, leaves = _sequences(tree)
    n0, n1 = len(seq_index[0]), len(seq_index[1])
    rows = [s0 for _, s0, _, _ in leaves]
    cols = [s1 for _, _, s1, _ in leaves]
    vals = [p * tree.payoffs[n][0] for n, _, _, p in leaves]
    A = sparse.csr_matrix((vals, (rows, cols)), shape=(n0, n1))     # duplicates are summed
    E, sets0 = _constraints(tree, 0, seq_index, parent)
    F, sets1 = _constraints(tree, 1, seq_index, parent)
    x, value = _solve_side(A, E, F)
    y, _ = _solve_side(-A.T.tocsr(), F, E)
    profile = {}
    for seat, plan, sets in ((0, x, sets0), (1, y, sets1)):
        for i in sets:
            k = len(tree.infosets[i]["actions"])
            par = plan[parent[i]] if i in parent else 1.0
            probs = [plan[seq_index[seat][(i, j)]] if (i, j) in seq_index[seat] else 0.0
                     for j in range(k)]
            profile[i] = [p / par for p in probs] if par > 1e-12 else [0.0] * k
    return profile, value
