"""Draw a small game tree with matplotlib: chance nodes as grey squares,
decision nodes as circles coloured by seat, terminals as payoff labels, and
the members of one information set joined by a dashed line of the seat's colour."""

from __future__ import annotations

from ..core.errors import NbgamesError

COLOURS = ("#c2410c", "#2563eb", "#15803d", "#7c3aed", "#b45309", "#0f766e", "#be123c")


def draw(tree, ax=None, max_nodes: int = 200, labels: bool = True, profile=None):
    """Draw ``tree`` (at most ``max_nodes`` nodes) on ``ax`` (a new figure when
    None) and return the axes. With ``profile`` ({infoset: probabilities}, e.g.
    ``solution.profile``) the edges are labelled with their probabilities."""
    if tree.num_nodes > max_nodes:
        raise NbgamesError(f"the tree has {tree.num_nodes} nodes; draw draws at most "
                           f"max_nodes={max_nodes} (pass a larger max_nodes, or a smaller tree)")
    import matplotlib.pyplot as plt
    if ax is None:
        _, ax = plt.subplots(figsize=(min(22, 2 + 0.22 * tree.num_terminals), 5.5))
    x: dict[int, float] = {}
    depth: dict[int, int] = {0: 0}
    leaves = 0
    order = []
    stack = [0]
    while stack:                      # preorder, to give depths
        n = stack.pop()
        order.append(n)
        for c in reversed(tree.children[n]):
            depth[c] = depth[n] + 1
            stack.append(c)
    for n in reversed(order):         # children before parents
        kids = tree.children[n]
        if not kids:
            x[n] = leaves
            leaves += 1
        else:
            x[n] = sum(x[c] for c in kids) / len(kids)
    y = {n: -d for n, d in depth.items()}
    for n in order:
        for j, c in enumerate(tree.children[n]):
            ax.plot([x[n], x[c]], [y[n], y[c]], color="#9ca3af", lw=0.8, zorder=1)
            if profile is not None and tree.kind[n] == "p":
                p = profile[tree.infoset_of[n]][j]
                ax.text((x[n] + x[c]) / 2, (y[n] + y[c]) / 2, f"{p:.2f}".rstrip("0").rstrip("."),
                        fontsize=6, ha="center", va="center", color="#111827",
                        bbox={"fc": "white", "ec": "none", "pad": 0.5}, zorder=4)
    for info in tree.infosets:            # one information set: dashed arcs between its nodes
        nodes = sorted(info["nodes"], key=lambda n: x[n])
        colour = COLOURS[info["seat"] % len(COLOURS)]
        for a, b in zip(nodes, nodes[1:]):
            ax.annotate("", xy=(x[b], y[b]), xytext=(x[a], y[a]), zorder=2,
                        arrowprops={"arrowstyle": "-", "ls": "--", "lw": 1.2, "color": colour,
                                    "alpha": 0.7, "connectionstyle": "arc3,rad=0.18",
                                    "shrinkA": 4, "shrinkB": 4})
    for n in order:
        k = tree.kind[n]
        if k == "c":
            ax.scatter([x[n]], [y[n]], marker="s", s=60, color="#6b7280", zorder=3)
        elif k == "p":
            seat = tree.infosets[tree.infoset_of[n]]["seat"]
            ax.scatter([x[n]], [y[n]], s=55, color=COLOURS[seat % len(COLOURS)], zorder=3)
        elif labels:
            pay = ",".join(f"{v:g}" for v in tree.payoffs[n])
            ax.text(x[n], y[n] - 0.15, pay, rotation=90, fontsize=6, ha="center", va="top")
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], marker="s", ls="", color="#6b7280", label="chance (worlds)")]
    handles += [Line2D([], [], marker="o", ls="--", color=COLOURS[s],
                       label=f"seat {s} (dashed: one information set)") for s in range(tree.players)]
    ax.legend(handles=handles, loc="upper right", fontsize=7, frameon=False)
    ax.set_axis_off()
    ax.set_title(f"{tree.game.name}: {tree.num_nodes} nodes, {len(tree.infosets)} information sets",
                 fontsize=9)
    return ax
