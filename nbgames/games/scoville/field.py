"""The pepper field: plots, the notches on their edges, and the paths between.

Plots are named like a chess board: columns ``a..j`` (1..10 in the rulebook's
coordinates), rows ``1..7`` (row 1 at the top). The starting plots are ``e4``
and ``f4``. A plot's index is ``y * cols + x`` (0-based).

The paths run along the plot edges. Every plot edge has one notch at its
middle (rulebook: Harvesting, "a point exactly between two plots (or a point
next to a plot, if the Farmer is moving along the outer edge of the field)"):
``(cols + 1) * rows`` on the vertical edges plus ``cols * (rows + 1)`` on the
horizontal ones, 77 + 80 = 157 for the 10 x 7 field.

* a vertical-edge notch is named ``left|right`` (``e4|f4``; the outer ones
  ``|a4`` and ``j4|``); its index is ``y * (cols + 1) + bx``;
* a horizontal-edge notch is named ``above-below`` (``e3-e4``; the outer ones
  ``-e1`` and ``e7-``); its index is ``77 + by * cols + x``.

A notch's edge runs between two *corners* (where the paths cross). A step
leaves the notch through one of its two corners and ends at the middle of
another edge at that corner: straight on, or turning left or right. Not
turning back means leaving through the corner you did not arrive by.
"""

from __future__ import annotations

from operator import itemgetter


class Field:
    """The fixed geometry of a ``cols`` x ``rows`` field (pure data, shared)."""

    def __init__(self, cols: int, rows: int, start_plots):
        self.cols, self.rows = cols, rows
        self.plots = cols * rows
        C = cols + 1
        self.nv = C * rows
        self.notches = self.nv + cols * (rows + 1)
        self.plot_names = tuple(f"{chr(97 + x)}{y + 1}" for y in range(rows) for x in range(cols))
        self.notch_plots: list[tuple[int, int]] = []      # (plot, plot), -1 = outside the field
        self.notch_corners: list[tuple[int, int]] = []
        self.notch_xy: list[tuple[float, float]] = []     # centre, in plot units (x right, y down)
        names = []
        for y in range(rows):
            for bx in range(C):
                a = y * cols + bx - 1 if bx >= 1 else -1
                b = y * cols + bx if bx < cols else -1
                self.notch_plots.append((a, b))
                self.notch_corners.append((y * C + bx, (y + 1) * C + bx))
                self.notch_xy.append((bx, y + 0.5))
                names.append((self.plot_names[a] if a >= 0 else "") + "|"
                             + (self.plot_names[b] if b >= 0 else ""))
        for by in range(rows + 1):
            for x in range(cols):
                a = (by - 1) * cols + x if by >= 1 else -1
                b = by * cols + x if by < rows else -1
                self.notch_plots.append((a, b))
                self.notch_corners.append((by * C + x, by * C + x + 1))
                self.notch_xy.append((x + 0.5, by))
                names.append((self.plot_names[a] if a >= 0 else "") + "-"
                             + (self.plot_names[b] if b >= 0 else ""))
        self.notch_names = tuple(names)
        # corner c sits at (c % (cols + 1), c // (cols + 1)), in plot units
        self.corner_xy = tuple((c % C, c // C) for c in range(C * (rows + 1)))
        self.corner_notches: list[list[int]] = [[] for _ in range(C * (rows + 1))]
        for n, (c1, c2) in enumerate(self.notch_corners):
            self.corner_notches[c1].append(n)
            self.corner_notches[c2].append(n)
        (x0, y0), (x1, _) = start_plots
        self.start_plots = (y0 * cols + x0, y0 * cols + x1)
        # the star: the notch between the two starting plots
        self.star = y0 * C + max(x0, x1)
        assert set(self.notch_plots[self.star]) == set(self.start_plots)
        nb = []
        for p in range(self.plots):
            x, y = p % cols, p // cols
            nb.append(tuple(q for q, ok in ((p - 1, x > 0), (p + 1, x < cols - 1),
                                             (p - cols, y > 0), (p + cols, y < rows - 1)) if ok))
        self.neighbours = tuple(nb)
        # the notches one step from each notch, by the corner arrived by (-1 at the
        # start): :meth:`_ways`, looked up by :meth:`targets`
        self.ways = {(n, c): self._ways(n, c) for n, corners in enumerate(self.notch_corners)
                     for c in (-1, *corners)}
        # each plot's neighbours' colours read from a field at once: a tuple of them
        self._neighbour_colours = tuple(_reader(q) for q in nb)

    def other_corner(self, notch: int, corner: int) -> int:
        a, b = self.notch_corners[notch]
        return b if corner == a else a

    def through(self, notch: int, corner: int) -> list[int]:
        """The notches one step from ``notch`` through ``corner``."""
        return [q for q in self.corner_notches[corner] if q != notch]

    def corner_between(self, a: int, b: int) -> int:
        """The corner two neighbouring notches share (-1 if none)."""
        ca = self.notch_corners[a]
        for c in self.notch_corners[b]:
            if c in ca:
                return c
        return -1

    def plantable(self, field) -> list[int]:
        """Empty plots orthogonally next to a planted plot (rulebook: Planting), in
        plot order. (Two ways to the same list, the cheaper first: the neighbours
        of the planted plots while they are few, else each empty plot's.)"""
        nb = self.neighbours
        if 3 * field.count(-1) > self.plots:         # -1 = empty: fewer than 2/3 planted
            near = set()
            for p, c in enumerate(field):
                if c >= 0:
                    near.update(nb[p])
            return sorted([q for q in near if field[q] < 0])
        planted = self._neighbour_colours
        return [p for p, c in enumerate(field) if c < 0 and max(planted[p](field)) >= 0]

    @staticmethod
    def can_plant(field) -> bool:
        """Whether ``plantable(field)`` is not empty: some plot is empty and some
        is planted (the plots form a connected grid, so one empty plot then lies
        next to a planted one)."""
        return min(field) < 0 <= max(field)

    def targets(self, pos: int, came: int, back_tile: bool, occupied) -> tuple | None:
        """(forward, back) target notches of a farmer on notch ``pos`` that arrived
        through corner ``came`` (-1: it has not moved yet), or None when it cannot
        step: through the other corner (at the start: either), or back through the
        corner it came by with the Double Back tile; never onto a farmer
        (Harvesting)."""
        ahead, behind = self.ways.get((pos, came)) or self._ways(pos, came)
        fwd = [q for q in ahead if q not in occupied]
        back = [q for q in behind if q not in occupied] if came >= 0 and back_tile else []
        if not fwd and not back:
            return None
        return fwd, back

    def _ways(self, pos: int, came: int) -> tuple[tuple, tuple]:
        """(ahead, behind): the notches one step from ``pos`` through the corner it
        did not arrive by (through either at the start, ``came`` -1), and back
        through the corner it arrived by."""
        if came < 0:
            a, b = self.notch_corners[pos]
            return tuple(self.through(pos, a) + self.through(pos, b)), ()
        return (tuple(self.through(pos, self.other_corner(pos, came))),
                tuple(self.through(pos, came)))


def _reader(plots):
    """A function of a field giving the colours of ``plots`` as a tuple (-1 alone
    when there are none: nothing planted there)."""
    if len(plots) > 1:
        return itemgetter(*plots)
    if plots:
        return lambda field, p=plots[0]: (field[p],)
    return lambda field: (-1,)
