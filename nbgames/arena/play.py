"""Play one game between policies."""

from __future__ import annotations

from ..agents.adapter import as_policy, policy_name
from ..core.errors import OptionError, choices_text
from ..core.game import Game
from ..core.registry import load, spec


def _as_game(game, players=None):
    if isinstance(game, str):
        return load(game, players)
    if isinstance(game, dict):
        return load(game["title"], game["players"], **game.get("options", {}))
    return game


def game_for(game, players=None, options=None, *, default_players=None, who="play",
             arguments=()) -> Game:
    """The Game that ``play``, ``tournament`` and ``widget`` take the same way: a
    title loaded with ``players`` (else ``default_players``) and the title's
    ``options``; a loaded Game (``players``, when given, must match it, and its
    options are its own); or a config dict (``game.config()``). An unknown keyword
    is refused with ``who``'s own ``arguments`` and the title's options."""
    options = dict(options or {})
    if isinstance(game, str):
        known = spec(game).game.options_spec
        unknown = sorted(k for k in options if k not in known)
        if unknown:
            raise OptionError(f"{who}() got unexpected keyword argument(s) "
                              f"{', '.join(map(repr, unknown))}; its arguments: "
                              f"{', '.join(arguments)}; {game} options: {choices_text(known) or 'none'}")
        return load(game, players if players is not None else default_players, **options)
    if isinstance(game, Game):
        if players is not None and players != game.players:
            raise OptionError(f"players={players!r} does not match {game!r}; load the game with "
                              f"the player count you want, or pass its title")
        if options:
            raise OptionError(f"{who}(game) got title option(s) {', '.join(map(repr, sorted(options)))}, "
                              f"but a loaded Game already has its options: pass the title "
                              f"instead, or load it with them")
        return game
    if isinstance(game, dict) and not options and players in (None, game.get("players")):
        return _as_game(game)
    raise OptionError(f"{who}() needs a title (one of nbgames.games()), a Game or a game config "
                      f"dict, got {game!r}"[:300])


PLAY_ARGS = ("game", "policies", "seed", "players", "max_steps")


def play(game, policies, seed: int | None = None, *, players: int | None = None,
         max_steps: int = 100_000, **options) -> dict:
    """Play one game and return its record (config, seed, action ids, scores,
    winners and the policy names by seat). ``policies`` has one policy a seat: a
    callable or a built-in bot's name ("greedy", "random"). A policy that fails
    raises PolicyError naming it, its seat and the step. The game is a
    :class:`~nbgames.arena.table.Table` run to the end.

    ``game`` is a title, a loaded Game or a config dict, as for ``tournament`` and the
    board (``widget``): with
    a title, ``players`` (default: one a policy) and the title's options as keyword
    arguments (``help(nbgames.games.<title>)`` lists them) load it."""
    from .table import Table
    if isinstance(policies, (str, bytes)) or not hasattr(policies, "__len__"):
        raise OptionError(f"policies must be a list with one policy a seat, got {policies!r}"[:200])
    game = game_for(game, players, options, default_players=len(policies), who="play",
                    arguments=PLAY_ARGS)
    if len(policies) != game.players:
        raise OptionError(f"{game.title} with {game.players} players needs {game.players} "
                          f"policies, got {len(policies)}")
    checked = []
    for i, p in enumerate(policies):
        try:
            checked.append(as_policy(p))
        except OptionError as e:
            raise OptionError(f"seat {i}: {e}") from None
    table = Table(game, seats=checked, seed=seed, auto=False)
    table.run(until="end", max_steps=max_steps)
    rec = table.state.record()
    rec["policies"] = [policy_name(p) for p in checked]
    return rec
