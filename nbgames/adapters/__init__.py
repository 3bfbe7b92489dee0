"""Faces of every title for other ecosystems: :mod:`.pettingzoo` (an AEC
environment) and :mod:`.openspiel` (a pyspiel game). Each imports its framework
only when used: ``pip install "nbgames[rl]"`` or ``"nbgames[openspiel]"``."""

from importlib import import_module


def __getattr__(name):
    if name in ("pettingzoo", "openspiel"):
        return import_module(f"{__name__}.{name}")
    raise AttributeError(name)
