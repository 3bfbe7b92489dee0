"""Every title as a PettingZoo AEC environment, in the style of PettingZoo's
classic environments.

>>> import nbgames
>>> from nbgames.adapters.pettingzoo import env
>>> e = env(nbgames.games()[0], players=3)
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     if termination or truncation:
...         action = None
...     else:
...         action = e.action_space(agent).sample(obs["action_mask"])   # a random legal id
...     e.step(action)

* Agents are ``player_0`` .. ``player_{n-1}`` (the seats); the agent to act is
  the seat to decide (one decision a step, secret choices included: the others'
  secret choices never show in an observation).
* Observation: ``{"observation": float32[layout.size], "action_mask":
  int8[num_actions]}``. The tensor is the title's encoder applied to
  ``state.observation(seat)`` (``game.observation_layout()`` says which slice
  means what); the mask marks the legal ids for the agent to act and is all zero
  for the others.
* Actions: ``Discrete(num_actions)``, the title's action ids
  (``game.action_space``). An illegal id raises ``IllegalActionError``.
* Rewards come at the end only: +1 for each winner and -1 for each other seat,
  0 for everyone when all seats share the win. ``infos[agent]`` holds the
  final ``scores`` once the game is over.
* ``reset(seed=s)`` starts ``game.new_state(seed=s)``, so the same seed and the
  same actions replay the same game; with no seed, the environment's own
  generator (seeded by the last seed given) draws one.
* ``render_mode="ansi"``: ``render()`` returns the title's text board as the
  spectator sees it.

Requires ``pettingzoo`` and ``gymnasium`` (``pip install "nbgames[rl]"``).
"""

from __future__ import annotations

import numpy as np

from ..core.errors import OptionError, choices_text
from ..core.registry import load

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError("nbgames.adapters.pettingzoo needs pettingzoo and gymnasium: "
                      "pip install \"nbgames[rl]\"") from e

RENDER_MODES = ("ansi",)
BOUNDED_KINDS = ("onehot", "multihot", "grid")
HIGH = 1000.0          # bound of the counts, scalars and values in the observation space


def env(title: str, players: int | None = None, render_mode: str | None = None, **options):
    """The AEC environment of a title, wrapped like PettingZoo's classic
    environments (an illegal id raises instead of being punished)."""
    e = raw_env(title, players=players, render_mode=render_mode, **options)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


def observation_space(game) -> spaces.Dict:
    """The space of one agent's observations for a loaded game."""
    layout = game.observation_layout()
    low = np.full(layout.size, -HIGH, np.float32)
    high = np.full(layout.size, HIGH, np.float32)
    for s in layout:
        if s.kind in BOUNDED_KINDS:
            low[s.start:s.stop], high[s.start:s.stop] = 0.0, 1.0
        elif s.kind == "counts":
            low[s.start:s.stop] = 0.0
    return spaces.Dict({
        "observation": spaces.Box(low=low, high=high, shape=(layout.size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(game.num_actions,), dtype=np.int8),
    })


class raw_env(AECEnv):
    """The unwrapped environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "nbgames_v0", "is_parallelizable": False}

    def __init__(self, title: str, players: int | None = None, render_mode: str | None = None,
                 **options):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode={render_mode!r} is not supported; choose None or "
                              f"{choices_text(RENDER_MODES)}")
        self.game = load(title, players, **options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"nbgames_{self.game.title}_v0")
        self.possible_agents = [f"player_{i}" for i in range(self.game.players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.game)
        act_space = spaces.Discrete(self.game.num_actions)
        self.observation_spaces = {a: obs_space if i == 0 else observation_space(self.game)
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.game.num_actions) if i else act_space
                              for i, a in enumerate(self.possible_agents)}
        self.state = None
        self._seeds = np.random.default_rng()

    def __str__(self):
        return self.metadata["name"]

    def observation_space(self, agent):     # the same space object every call (seeding)
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the AEC protocol -------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed) % 2**63
        else:
            game_seed = int(self._seeds.integers(0, 2**63 - 1))
        self.state = self.game.new_state(seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.game.num_actions, np.int8)
        if self.state.current_player == seat:
            mask[np.asarray(self.state.legal_action_ids(), dtype=np.int64)] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self.state.apply(int(action))
        if self.state.is_terminal():
            winners = self.state.winners()
            scores = self.state.scores()
            everyone = len(winners) == self.game.players
            for a, seat in self.agent_name_mapping.items():
                self.rewards[a] = 0 if everyone else (1 if seat in winners else -1)
                self.terminations[a] = True
                self.infos[a] = {"scores": list(scores), "winners": list(winners)}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render() without a render_mode "
                                  "(env(..., render_mode=\"ansi\")).")
            return None
        if self.state is None:
            return ""
        return self.state.render(None)

    def close(self):
        pass
