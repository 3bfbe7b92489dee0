"""Play one game, hold a session (Table), run tournaments, review a game, and read the results."""

from .play import play
from .review import Review, review
from .table import HumanTurnError, Table
from .tournament import TournamentResult, tournament

__all__ = ["play", "review", "Review", "tournament", "TournamentResult", "Table", "HumanTurnError"]
