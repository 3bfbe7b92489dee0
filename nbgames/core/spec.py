"""A title declares itself: one :class:`TitleSpec` named ``SPEC`` in the
``__init__.py`` of its folder ``nbgames/games/<title>/``.

The framework finds titles from the folders (:func:`nbgames.core.registry.games`)
and reads everything it needs from the spec: the Game class, the heuristic bot,
the text renderer, the board's JavaScript modules, and the player counts the
benchmarks use. Nothing outside the title's folder and its ``js/<title>.*``
files names the title.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TitleSpec:
    """Everything the framework knows about one title.

    ``game``      the Game subclass (its ``title`` is the folder name).
    ``bot``       ``choose(observation, legal_actions, rng) -> action``: the
                  heuristic bot behind ``nbgames.bots.greedy``.
    ``render``    ``render(observation, game) -> str``: the text picture.
    ``js``        the manifest of the board's ES modules in ``js/``: the board
                  module (which exports ``board``) last, the helper modules it
                  imports before it; ``shared.js`` is always included. CSS files
                  of the same names are added when they exist.
    ``bench_players``  player counts that ``bench/`` measures.
    ``variants``  option sets the conformance suite runs besides the defaults
                  (e.g. ``({"memory": "recall"},)``: every hidden-information
                  mode must pass the suite).
    ``encoder``   ``encode(observation, game, tensor)``: writes the observation of
                  one seat into a :class:`~nbgames.core.encoding.Tensor`, slice by
                  named slice, the same sizes for every state of a game
                  configuration (see :mod:`nbgames.core.encoding`).
    ``prior``     optional ``prior(state, ids) -> weights``: for a position reached
                  in a search (a determinized State), how likely the seat to move
                  is to play each of the legal ``ids``, from that seat's view
                  (non-negative numbers, one an id). ``nbgames.bots.ismcts`` uses it
                  for PUCT and progressive widening. Cheap: it runs once a node.
    ``evaluate``  optional ``evaluate(state) -> values``: each seat's expected
                  share of the win, in [0, 1], for a position reached in a search
                  (scored where a rollout stops, and at the end with
                  ``reward="margin"``). Without it the search uses a logistic of
                  the lead in ``state.scores()``.
    ``extra``     anything else a later part of the framework needs.
    """

    game: type
    bot: Callable[..., Any]
    render: Callable[..., str]
    js: tuple[str, ...]
    bench_players: tuple[int, ...] = ()
    variants: tuple[dict, ...] = ()
    encoder: Callable[..., None] | None = None
    prior: Callable[..., Any] | None = None
    evaluate: Callable[..., Any] | None = None
    extra: dict = field(default_factory=dict)

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def board(self) -> str:
        """The file name of the board module (the manifest's last entry)."""
        return self.js[-1]

    def help(self) -> str:
        """The generated part of the title's doc page: every option with its default
        and full text, and the grammar of every action label (with the default
        options). Each title appends it to its module docstring."""
        g = self.game
        lines = ["", "Options", "-------", "",
                 f"``players``: {g.min_players} to {g.max_players} (default {g.min_players}).", ""]
        for name, opt in g.options_spec.items():
            choices = "" if opt.choices is None else \
                " Choices: " + ", ".join(repr(c) for c in opt.choices) + "."
            lines += [f"``{name}`` (default {opt.default!r}): {opt.doc}{choices}", ""]
        game = g()
        lines += ["Decisions (action labels)", "-------------------------", "",
                  f"{game.num_actions} action ids with the default options, kind by kind "
                  f"(``game.action_space``):", ""]
        for k in game.action_space.kinds:
            fields = ", ".join(f"``{f.name}`` ``{f.describe()}``" for f in k.fields) or "no fields"
            lines.append(f"* ``{k.template}``: kind ``{k.name}``, ids {k.base} to "
                         f"{k.base + k.count - 1}; {fields}.")
        fields = getattr(g.State, "FIELDS", None)
        if fields:
            from .fields import describe
            lines += ["", "What each seat may know", "-----------------------", "",
                      "The parts of the state (the State's ``FIELDS``): ``public`` ones everyone "
                      "sees, ``private`` ones their seat only, ``hidden`` ones nobody. "
                      "``state.determinize(seat)`` re-deals what the seat cannot see (parts of a "
                      "pool exchange their items), keeps every rule and every public event the "
                      "seat saw, and gives a position of its own: its own start, seed and log.",
                      "", describe(fields)]
        if self.encoder is not None:
            import inspect
            import sys
            doc = inspect.cleandoc(sys.modules[self.encoder.__module__].__doc__ or "")
            lines += ["", "Observation tensor", "------------------", "",
                      "``state.observation_tensor(seat)``: float32, one fixed size per player count "
                      "and options; ``game.observation_layout()`` lists every slice with its range. "
                      "The common slices first (``my_turn``, ``to_move``, ``over``), then:", "",
                      *doc.splitlines()[1:]]
        return "\n".join(lines) + "\n"


def margin_values(scores, scale: float) -> list[float]:
    """Each seat's value in (0, 1) from score margins: a logistic of the seat's
    score less the best other score, over ``scale`` points. The shape of most
    titles' ``evaluate`` (a lead of ``scale`` points is worth about 0.73)."""
    out = []
    for s, mine in enumerate(scores):
        best = max(x for t, x in enumerate(scores) if t != s)
        z = (mine - best) / scale
        out.append(1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0)
    return out
