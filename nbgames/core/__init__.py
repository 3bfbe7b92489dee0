"""The engine contract shared by every title (no widget imports here)."""

from .action_space import ActionSpace, Kind
from .actions import Action, ActionList
from .errors import (
                     ComponentError,
                     GameOverError,
                     IllegalActionError,
                     InvalidActionError,
                     NbgamesError,
                     NotLegalError,
                     OptionError,
                     PolicyError,
                     RecordError,
                     UnknownGameError,
)
from .game import Game, Option, components_option, int_range
from .registry import games, load, replay, spec
from .spec import TitleSpec
from .state import State

__all__ = ["Action", "ActionList", "ActionSpace", "Kind", "Game", "Option", "State", "TitleSpec",
           "games", "load", "replay", "spec", "components_option", "int_range", "ComponentError",
           "GameOverError", "IllegalActionError", "InvalidActionError", "NbgamesError", "NotLegalError",
           "OptionError", "PolicyError", "RecordError",
           "UnknownGameError"]
