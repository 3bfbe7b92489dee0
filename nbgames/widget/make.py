"""``nbgames.widget(...)``: the GameWidget subclass of a title, made from checked
arguments (:mod:`.options`)."""

from __future__ import annotations

from ..core.state import State
from .assets import compose_css, compose_esm, dev_mode
from .base import GameWidget
from .options import game_or_state

_CLASSES: dict[str, type] = {}


def widget_class(title: str) -> type:
    """The GameWidget subclass of one title: its own ``_esm``/``_css`` (so several
    titles can share a page without their styles replacing each other). With
    ``NBGAMES_DEV=1`` it is made anew each time, from the JS files as they are now."""
    cls = None if dev_mode() else _CLASSES.get(title)
    if cls is None:
        name = "".join(p.title() for p in title.split("_")) + "Widget"
        cls = type(name, (GameWidget,), {"__module__": GameWidget.__module__,
                                        "__doc__": GameWidget.__doc__,
                                        "_esm": compose_esm(title), "_css": compose_css(title)})
        if not dev_mode():
            _CLASSES[title] = cls
    return cls


def make_widget(title=None, players: int | None = None, **kwargs) -> GameWidget:
    """``nbgames.widget(title, players=..., seats=[...], seed=..., viewer=..., viewers=...,
    reveal=False, speed=2.0, log_limit=20, advisor=None, show_thinking=False,
    **game_options)``, ``nbgames.widget(game, seats=...)`` with a loaded Game, or
    ``nbgames.widget(state=some_state, viewer=0)``.

    Unknown keyword arguments (neither a widget argument nor an option of the
    title) are refused with the lists of both."""
    shown, wargs = game_or_state(title, players, **kwargs)
    game = shown.game if isinstance(shown, State) else shown
    return widget_class(game.title)(shown, **wargs)
