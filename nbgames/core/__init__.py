"""The engine contract shared by every title (no widget imports here)."""

from .actions import Action, ActionList
from .errors import (IllegalActionError, NbgamesError, OptionError, PolicyError, RecordError,
                     UnknownGameError)
from .game import Game, Option
from .registry import games, load, replay
from .state import State

__all__ = ["Action", "ActionList", "Game", "Option", "State", "games", "load", "replay",
           "IllegalActionError", "NbgamesError", "OptionError", "PolicyError", "RecordError",
           "UnknownGameError"]
