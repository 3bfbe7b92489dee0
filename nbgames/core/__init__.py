"""The engine contract shared by every title (no widget imports here)."""

from .actions import Action, ActionList
from .errors import (ComponentError, IllegalActionError, NbgamesError, OptionError, PolicyError, RecordError,
                     UnknownGameError)
from .game import Game, Option, components_option, int_range
from .registry import games, load, replay
from .state import State

__all__ = ["ComponentError", "components_option", "int_range", "Action", "ActionList", "Game", "Option", "State", "games", "load", "replay",
           "IllegalActionError", "NbgamesError", "OptionError", "PolicyError", "RecordError",
           "UnknownGameError"]
