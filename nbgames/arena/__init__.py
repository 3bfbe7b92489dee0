"""Play one game, hold a session (Table), run tournaments, and read the results;
:mod:`nbgames.arena.review` reviews a finished game (``nbgames.review``)."""

from .play import play
from .table import HumanTurnError, Table
from .tournament import TournamentResult, tournament

__all__ = ["play", "tournament", "TournamentResult", "Table", "HumanTurnError"]
