"""Chill & Chili (Schmidt Spiele, 2017): push your luck at the pond.

(doc page: to be completed)
"""

from ...core.spec import TitleSpec
from . import bot, render
from .rules import ChillGame, ChillState

SPEC = TitleSpec(game=ChillGame, bot=bot.choose, render=render.render,
                 js=("chill_and_chili.js",), bench_players=(2, 5))

__all__ = ["SPEC", "ChillGame", "ChillState"]
