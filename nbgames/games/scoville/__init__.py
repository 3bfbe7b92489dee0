"""Scoville (Tasty Minstrel Games, 2014): breed the hottest peppers.

(doc page: see below)
"""

from ...core.spec import TitleSpec
from . import bot, render
from .rules import ScovilleGame, ScovilleState

SPEC = TitleSpec(game=ScovilleGame, bot=bot.choose, render=render.render,
                 js=("scoville.js",), bench_players=(2, 6))

__all__ = ["SPEC", "ScovilleGame", "ScovilleState"]
