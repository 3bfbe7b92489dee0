"""Play one game, run tournaments, and read the results."""

from .play import play
from .tournament import TournamentResult, tournament

__all__ = ["play", "tournament", "TournamentResult"]
