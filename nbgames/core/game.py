"""The Game: a title with its player count and validated options."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .action_space import ActionSpace
from .actions import Action
from .errors import InvalidActionError, OptionError, choices_text
from .validate import MAX_SEED, as_int

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class Option:
    """One option of a title: its default, what it means, and how it is checked.

    ``choices`` lists the valid values when they are few; ``check`` returns an
    error text (or None) for values that need more than a list.
    """

    default: Any
    doc: str
    choices: tuple | None = None
    check: Callable[[Any, Game], str | None] | None = field(default=None, compare=False)


def int_range(lo, hi, what: str = "an int"):
    """An Option check: an int from ``lo`` to ``hi`` inclusive; ``hi`` may be a
    function of the game (e.g. the last seat)."""
    def check(value, game):
        top = hi(game) if callable(hi) else hi
        try:
            as_int(value, what, lo, top)
        except OptionError:
            return f"must be {what} from {lo} to {top}"
    return check


def read_components(source, default, what: str, parsed: tuple = (dict,)) -> tuple[Any, str]:
    """Every title's first step in loading a component file: ``(data, label)``.

    ``source`` is None (the bundled file ``default``), parsed data of one of the
    ``parsed`` types, or a path. ``label`` names the source for messages (the
    bundled file as such, never its place on this machine). A file that cannot be
    read or parsed raises ComponentError naming ``what`` and the source."""
    import json
    from pathlib import Path

    from .errors import ComponentError
    if source is None:
        source, label = default, "the bundled components.json"
    elif isinstance(source, parsed):
        return source, "the given component data"
    elif isinstance(source, (str, Path)):
        label = repr(str(source))
    else:
        raise ComponentError(f"{what}: components must be None, a path or parsed data, got "
                             f"{type(source).__name__}")
    try:
        return json.loads(Path(source).read_text()), label
    except (OSError, ValueError) as e:
        raise ComponentError(f"cannot read {what} from {label}: {e}") from None


def components_option(loader, doc: str) -> Option:
    """The ``components`` option every title has: None for the bundled file, or a
    path or dict (a list too, where the loader takes one) of a corrected file,
    checked by loading it with ``loader``."""
    from .errors import ComponentError

    def check(value, game):
        if value is not None and not isinstance(value, (str, dict, list)):
            return "must be None, a path to a component file, or its parsed JSON"
        try:
            loader(value)
        except ComponentError as e:
            return str(e)
        return None
    return Option(None, doc, check=check)


class Game:
    """A title loaded with a player count and options. Subclasses set the class
    attributes and, in :meth:`_setup`, load their components and set
    ``self.action_space`` (an :class:`~nbgames.core.action_space.ActionSpace`:
    the ids, fields and labels of every decision)."""

    title: str = ""          # the folder name under nbgames/games/
    name: str = ""           # the display name, as on the box
    min_players: int = 2
    max_players: int = 2
    options_spec: dict[str, Option] = {}
    State: type = None       # the title's State class
    action_space: ActionSpace

    def __init__(self, players: int | None = None, **options: Any):
        if players is None:
            players = self.min_players
        players = as_int(players, f"{self.title}: players", self.min_players, self.max_players)
        self.players = players
        resolved = {}
        for key in options:
            if key not in self.options_spec:
                raise OptionError(f"{self.title}: unknown option {key!r}; valid options: "
                                  f"{choices_text(self.options_spec) or 'none'}")
        for key, spec in self.options_spec.items():
            value = options.get(key, spec.default)
            if spec.choices is not None and not any(
                    value is c or (type(value) is type(c) and value == c) for c in spec.choices):
                raise OptionError(f"{self.title}: option {key}={value!r} is not valid; "
                                  f"choose one of {choices_text(spec.choices)}")
            if spec.check is not None:
                problem = spec.check(value, self)
                if problem:
                    raise OptionError(f"{self.title}: option {key}={value!r}: {problem}")
            resolved[key] = value
        self.options = resolved
        self._setup()
        self._label_cache: dict[int, str] = {}
        self._action_cache: dict[int, Action] = {}

    # -- hooks for subclasses -------------------------------------------------
    def _setup(self) -> None:
        """Load components and set ``self.action_space``."""
        raise NotImplementedError

    def catalog(self) -> dict:
        """Public facts that never change during a game (card faces, prices) and
        that observations refer to by index. The widget sends them once."""
        return {}

    # -- public API -----------------------------------------------------------
    @property
    def num_actions(self) -> int:
        """The number of action ids: ``range(num_actions)`` holds every decision."""
        return self.action_space.size

    def new_state(self, seed: int | None = None) -> State:
        """A new game. Same seed and same action ids always give the same game.
        ``seed`` is an int from 0 to 2**63 - 1, or None for a random one."""
        if seed is None:
            seed = secrets.randbits(63)
        seed = as_int(seed, f"{self.title}: seed", 0, MAX_SEED)
        return self.State._new(self, seed)

    def state_from_dict(self, d: dict) -> State:
        """Rebuild a state from :meth:`State.to_dict`. The data must be consistent:
        every field is checked, and the seed and history must replay to exactly
        this state; anything else raises RecordError naming the field. To stage a
        position by hand, use :meth:`scenario`."""
        return self.State._from_dict(self, d)

    def scenario(self, d: dict) -> State:
        """Stage a position set up by hand (a rulebook example, a puzzle): ``d`` is
        a state dict, typically ``state.to_dict()`` with its ``data`` edited. The
        data is checked against the shape of this title's data and its invariants
        (cards conserved...), but not replayed: the position is the start of a new
        history, and ``record()`` carries it, so ``replay`` still works."""
        return self.State._from_dict(self, d, scenario=True)

    def action_label(self, aid: int) -> str:
        """The label of an action id."""
        label = self._label_cache.get(aid)
        if label is None:
            if isinstance(aid, bool) or not isinstance(aid, int) or not 0 <= aid < self.num_actions:
                raise InvalidActionError(f"{self.title}: action id {aid!r} is not in "
                                         f"range(0, {self.num_actions})")
            label = self._label_cache[aid] = self.action_space.label(aid)
        return label

    def action(self, aid: int) -> Action:
        """The :class:`Action` of an id."""
        a = self._action_cache.get(aid)
        if a is None:
            a = self._action_cache[aid] = Action(aid, self.action_label(aid), self)
        return a

    def action_id(self, label: str) -> int:
        """The id of a label (InvalidActionError when no action has it)."""
        try:
            return self.action_space.parse(label)
        except InvalidActionError as e:
            raise InvalidActionError(f"{self.title}: {e}") from None

    def resolve(self, action: Any) -> int:
        """Turn an Action, an id or a label into an id (not yet checked for legality)."""
        if type(action) is int:
            if 0 <= action < self.action_space.size:     # (num_actions, without the property call)
                return action
            raise InvalidActionError(f"{self.title}: action id {action} is not in "
                                     f"range(0, {self.num_actions})")
        if isinstance(action, Action):
            if action.game is not None and action.game != self:
                raise InvalidActionError(
                    f"{self.title}: {action!r} belongs to {action.game!r}, not to {self!r}")
            return self.resolve(action.id)
        if isinstance(action, str):
            return self.action_id(action)
        if hasattr(action, "__index__") and not isinstance(action, bool):
            return self.resolve(int(action.__index__()))
        raise InvalidActionError(f"{self.title}: an action must be an Action, an int id or a "
                                 f"label string, got {type(action).__name__} {action!r}")

    def observation_layout(self):
        """The :class:`~nbgames.core.encoding.Layout` of ``state.observation_tensor``:
        its size and which slice means what, for this player count and options."""
        from .encoding import layout
        return layout(self)

    def config(self) -> dict:
        """``{"title", "players", "options"}``: enough to load this game again."""
        return {"title": self.title, "players": self.players, "options": dict(self.options)}

    def __eq__(self, other):
        return isinstance(other, Game) and self.config() == other.config()

    def __hash__(self):
        return hash((self.title, self.players))

    def __repr__(self):
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items()
                       if v != self.options_spec[k].default)
        return f"nbgames.load({self.title!r}, players={self.players}{opts})"
