"""Play one game, hold a session (Table), run tournaments, and read the results."""

from .play import play
from .table import HumanTurnError, Table
from .tournament import TournamentResult, tournament

__all__ = ["play", "tournament", "TournamentResult", "Table", "HumanTurnError"]
