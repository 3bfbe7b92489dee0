"""Issue 12, part 1: search that cannot cheat. InfoSet and ISMCTS on every title."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import nbgames
from nbgames.core.conformance import playout

TITLES = nbgames.games()
STAGED_SEEDS = {t: v for t, v in json.loads(
    (Path(__file__).parent / "data" / "search_positions.json").read_text(encoding="utf-8")).items()
    if not t.startswith("_")}


def midgame(title, seed=2):
    game = nbgames.load(title)
    states = [s.clone() for s, _ in playout(game, seed)]
    return states[len(states) // 3]


def _contents(root, game):
    """Everything reachable from ``root`` through attributes (``__dict__`` and
    ``__slots__``), containers and generators' states, as a comparable value, plus
    the ids of the objects met. The
    Game (public, shared by every state of it) is not entered."""
    seen: dict[int, int] = {}

    def walk(x):
        if x is game:
            return "<game>"
        if isinstance(x, (bool, int, float, complex, str, bytes, type(None))):
            return x
        if isinstance(x, np.generic):
            return x.item()
        if id(x) in seen:
            return ("<seen>", seen[id(x)])
        seen[id(x)] = len(seen)
        if isinstance(x, np.ndarray):
            return ("ndarray", x.dtype.str, x.shape, x.tobytes())
        if isinstance(x, random.Random):
            return ("Random", x.getstate())
        if isinstance(x, dict):
            return ("dict", [(walk(k), walk(v)) for k, v in x.items()])
        if isinstance(x, (list, tuple)):
            return (type(x).__name__, [walk(v) for v in x])
        if isinstance(x, (set, frozenset)):
            return ("set", sorted(repr(walk(v)) for v in x))
        if isinstance(x, type) or callable(x) and not hasattr(x, "__dict__"):
            return ("callable", getattr(x, "__qualname__", repr(type(x))))
        fields = dict(getattr(x, "__dict__", {}))
        for cls in type(x).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(x, slot):
                    fields[slot] = getattr(x, slot)
        return (type(x).__qualname__, [(k, walk(v)) for k, v in sorted(fields.items())])

    return walk(root), set(seen)


@pytest.mark.parametrize("title", TITLES)
def test_an_infoset_never_holds_the_truth(title):
    """Nothing reachable from an InfoSet holds the true state or its hidden parts:
    the state itself is not reachable from it, and the InfoSets of two states the
    seat cannot tell apart (the truth and a copy with every hidden part drawn anew)
    hold equal contents, attribute for attribute and element for element, for the
    same rng; so no attribute can carry what the seat may not see. (Public parts
    may be shared with the state: copies share what is copy-on-write.)"""
    s = midgame(title)
    seat = s.current_player
    info = nbgames.InfoSet(s, seat, rng=1)
    assert info.seat == seat and info.observation == s.observation(seat)
    assert list(info.legal_actions.ids) == list(s.legal_action_ids())
    held, reachable = _contents(info, s.game)
    assert id(s) not in reachable, "the true state is reachable from the InfoSet"
    twin = s.determinize(seat, random.Random(99))
    assert twin.to_dict()["data"] != s.to_dict()["data"], "the twin hides nothing other"
    assert twin.observation(seat) == s.observation(seat)
    assert _contents(nbgames.InfoSet(twin, seat, rng=1), s.game)[0] == held
    # every sample looks the same to the seat
    for k in range(5):
        sample = info.sample(k)
        assert sample.observation(seat) == s.observation(seat)
        assert list(sample.legal_action_ids()) == list(s.legal_action_ids())


def test_policies_get_an_infoset_only_when_they_ask_for_it():
    seen = []

    def plain(observation, legal_actions):
        seen.append("plain")
        return legal_actions[0]

    def thinker(observation, legal_actions, infoset):
        seen.append(type(infoset).__name__)
        assert infoset.observation == observation
        return infoset.legal_actions[0]

    game = nbgames.load(TITLES[0], 2)
    nbgames.play(game, [plain, thinker], seed=1)
    assert "plain" in seen and "InfoSet" in seen


@pytest.mark.parametrize("title", TITLES)
def test_ismcts_plays_every_title_through_play_table_and_widget(title):
    """The plumbing, not the strength: a tiny budget (4 iterations a decision) keeps
    the longest title's three whole games to seconds."""
    game = nbgames.load(title)
    bot = nbgames.bots.ismcts(iterations=4, seed=1)
    seats = [bot] + ["random"] * (game.players - 1)
    rec = nbgames.play(game, seats, seed=5)
    assert nbgames.replay(rec).winners() == rec["winners"]
    t = nbgames.Table(game, seats=seats, seed=5)       # a second run, through the Table:
    t.run(until="end")                                 # seeded and reproducible
    assert t.state.record()["actions"] == rec["actions"]
    w = nbgames.widget(game, seats=["human"] + [bot] * (game.players - 1), seed=5)
    assert w.to_move in (0, None)
    res = nbgames.tournament(game, {"ismcts": bot, "random": "random"}, games=1, seed=1,
                             progress=False)
    assert res["ismcts"].games == 1 and not res.errors and res.finished == 1


def test_analyse_reports_every_legal_action():
    s = midgame(TITLES[0])
    bot = nbgames.bots.ismcts(iterations=200, seed=3)
    stats = bot.analyse(nbgames.InfoSet(s))
    assert sorted(stats) == sorted(int(a) for a in s.legal_action_ids())
    assert sum(v["visits"] for v in stats.values()) == 200
    assert abs(sum(v["share"] for v in stats.values()) - 1) < 1e-9
    assert all(0 <= v["value"] <= 1 for v in stats.values())
    json.dumps(stats)


def test_ismcts_is_checked_and_named():
    with pytest.raises(nbgames.OptionError, match="iterations must be None or an int >= 1"):
        nbgames.bots.ismcts(iterations=0)
    with pytest.raises(nbgames.OptionError, match="seconds must be None or a number > 0"):
        nbgames.bots.ismcts(seconds=-1)
    assert nbgames.bots.policy_name(nbgames.bots.ismcts(iterations=50)) == "ismcts(50)"
    t = nbgames.Table(nbgames.load(TITLES[0], 2), seats=["ismcts", "random"], seed=1)
    assert t.seats.names()[0] == "ismcts(1s)"        # the default budget is a time
    assert t.run(until="end", max_steps=2) == 2


def test_ismcts_beats_random_in_a_small_seeded_match():
    game = nbgames.load(TITLES[0], 2)
    res = nbgames.tournament(game, {"ismcts": nbgames.bots.ismcts(iterations=100, seed=1),
                                    "random": "random"}, games=12, seed=4, progress=False)
    assert res["ismcts"].win_rate >= 0.7, res


# -- issue 20: a search that finds the clearly best move, and bots that repeat -------------

def _win_share(state, seat):
    w = state.winners()
    return (seat in w) / len(w) if w else 0.0


def _finish(state):
    """Play the game out with the greedy bot in every seat (seeded: the same every time)."""
    bots = [nbgames.bots.GreedyPolicy(s) for s in range(state.players)]
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p](state.observation(p), state.legal_actions()))
    return state


def _clearly_best(title, seeds=range(80), samples=16, back=6, most=40):
    """One of the last ``back`` real decisions of a seeded greedy game, staged with
    game.scenario, where over the seat's information set (``samples``
    determinizations, each played out by the greedy bots) the best moves win at
    least 75% of the time and every other move at least 50 points less, and the
    best are at most half of the legal moves. Only decisions of at most ``most``
    moves are tried (every move is played out ``samples`` times: a placement among
    hundreds would take minutes). Returns (staged state, seat, best ids)."""
    game = nbgames.load(title, 2)
    for seed in seeds:
        s = game.new_state(seed=seed)
        pols = [nbgames.bots.greedy.spawn(i) for i in range(2)]
        line = []
        while not s.is_terminal():
            if 1 < len(s.legal_action_ids()) <= most:
                line.append(s.clone())
            p = s.current_player
            s.apply(pols[p](s.observation(p), s.legal_actions()))
        for last in reversed(line[-back:]):
            staged = game.scenario(last.to_dict())
            seat = staged.current_player
            info = nbgames.InfoSet(staged, seat, rng=seed)
            shares = {}
            for aid in (int(a) for a in staged.legal_action_ids()):
                shares[aid] = sum(_win_share(_finish(info.sample(k).apply(aid)), seat)
                                  for k in range(samples)) / samples
            top = max(shares.values())
            wins = {a for a, v in shares.items() if v == top}
            rest = [v for a, v in shares.items() if a not in wins]
            if top >= 0.75 and rest and max(rest) <= top - 0.5 and 2 * len(wins) <= len(shares):
                return staged, seat, wins
    raise AssertionError(f"{title}: no staged position with a clearly best move in seeds "
                         f"{list(seeds)} (the engine changed? python tests/test_search.py finds "
                         f"the first seed again)")


def _finds(title, seed) -> bool:
    try:
        _clearly_best(title, seeds=[seed])
    except AssertionError:
        return False
    return True


@pytest.mark.parametrize("title", TITLES)
def test_search_finds_the_clearly_best_move_in_a_staged_position(title):
    """Section 6: with a small budget, the search plays a winning move where the other
    moves (most of them) lose, on a position staged with game.scenario."""
    # the game seed is pinned (tests/data/search_positions.json: the first seed where the
    # search below finds a position; finding it over every seed took 55 s in one title),
    # the position and its truth are computed here every time
    staged, seat, wins = _clearly_best(title, seeds=[STAGED_SEEDS[title]])
    assert staged.history == [] and staged.to_dict()["start"]   # a staged scenario
    # enough searches that picking at random would pass all of them less than 5% of
    # the time
    share = len(wins) / len(staged.legal_action_ids())
    runs = next(k for k in range(1, 10) if share ** k <= 0.05)
    for seed in range(runs):
        bot = nbgames.bots.ismcts(iterations=300, seed=seed)
        aid = bot(staged.observation(seat), staged.legal_actions(),
                  nbgames.InfoSet(staged, seat, rng=seed))
        assert aid in wins, (staged.game.action_label(aid), sorted(wins)[:5])


def test_ismcts_called_without_an_infoset_says_how_to_call_it():
    s = midgame(TITLES[0])
    bot = nbgames.bots.ismcts(iterations=10)
    with pytest.raises(nbgames.PolicyError, match=r"infoset=nbgames\.InfoSet\(state, seat\)"):
        bot(s.observation(s.current_player), s.legal_actions())


@pytest.mark.parametrize("title", TITLES)
def test_every_built_in_bot_repeats_itself(title):
    """Section 5: the same observation and seed give the same move, called directly
    (twice, in either order), wrapped in a user's function, or played in a game
    (where the arena spawns the bot with a seed of its own)."""
    game = nbgames.load(title, 2)
    states = []
    s = game.new_state(seed=3)
    rng = random.Random(3)
    while not s.is_terminal() and len(states) < 6:
        if len(s.legal_action_ids()) > 1:
            states.append(s.clone())
        ids = s.legal_action_ids()
        s.apply(int(ids[rng.randrange(len(ids))]))
    bots = {"random": lambda seed: nbgames.bots.RandomPolicy(seed),
            "greedy": lambda seed: nbgames.bots.GreedyPolicy(seed),
            "ismcts": lambda seed: nbgames.bots.ismcts(iterations=40, seed=seed)}
    for name, make in bots.items():
        for st in states:
            seat = st.current_player

            def ask(bot, st=st, seat=seat, name=name):
                args = [st.observation(seat), st.legal_actions()]
                if name == "ismcts":
                    return game.resolve(bot(*args, nbgames.InfoSet(st, seat, rng=7)))
                return game.resolve(bot(*args))
            bot = make(5)
            first = ask(bot)
            assert st.is_legal(ask(make(9)))                  # another seed: a legal move too
            assert ask(bot) == first == ask(make(5)), f"{name} at step {len(st.history)}"
            if name != "ismcts":
                def wrapped(observation, legal_actions, bot=bot):
                    return bot(observation, legal_actions)
                assert game.resolve(wrapped(st.observation(seat), st.legal_actions())) == first
    # the module-level bots share no generator: direct calls repeat whatever came before
    st = states[-1]
    seat = st.current_player
    one = [game.resolve(nbgames.bots.greedy(st.observation(seat), st.legal_actions()))
           for _ in range(3)]
    nbgames.bots.greedy(states[0].observation(states[0].current_player), states[0].legal_actions())
    one.append(game.resolve(nbgames.bots.greedy(st.observation(seat), st.legal_actions())))
    assert len(set(one)) == 1


@pytest.mark.parametrize("title", TITLES)
def test_a_tournament_decision_is_the_direct_call_with_the_spawned_seed(title):
    """A bot in a game decides as the same bot called directly with the seed the
    arena spawned it with: the games repeat from their seeds alone."""
    game = nbgames.load(title, 2)
    rec = nbgames.play(game, ["greedy", "random"], seed=4)
    t = nbgames.Table(game, seats=["greedy", "random"], seed=4)
    copies = [nbgames.bots.GreedyPolicy(t._base.seed * 31), nbgames.bots.RandomPolicy(t._base.seed * 31 + 1)]
    s = game.new_state(seed=4)
    for aid in rec["actions"]:                # every decision, forced ones too (as the arena)
        p = s.current_player
        assert game.resolve(copies[p](s.observation(p), s.legal_actions())) == aid
        s.apply(aid)


@pytest.mark.parametrize("title", TITLES)
def test_the_anchor_puts_its_share_of_the_root_prior_on_the_heuristic_move(title):
    """The search starts from the title bot's move: ``anchor`` of the root's prior is on
    the move nbgames.bots.greedy makes with the same seed, the rest is the title's
    prior scaled down; anchor=0 leaves the title's prior alone."""
    s = midgame(title)
    seat = s.current_player
    greedy_move = int(s.game.resolve(nbgames.bots.GreedyPolicy(7)(s.observation(seat),
                                                                    s.legal_actions())))
    plain = nbgames.bots.ismcts(iterations=20, seed=7, anchor=0).analyse(nbgames.InfoSet(s))
    leaning = nbgames.bots.ismcts(iterations=20, seed=7, anchor=0.6).analyse(nbgames.InfoSet(s))
    assert sorted(plain) == sorted(leaning)
    for a in plain:
        want = 0.4 * plain[a]["prior"] + (0.6 if a == greedy_move else 0.0)
        assert leaning[a]["prior"] == pytest.approx(want), (a, greedy_move)
    assert leaning[greedy_move]["prior"] >= 0.6
    with pytest.raises(nbgames.OptionError, match=r"anchor must be a number from 0 up to"):
        nbgames.bots.ismcts(anchor=1)


def test_the_search_weighs_worlds_by_default_only_with_a_time_budget_where_declared():
    # "auto" (the default) asks for the title's declared weighted worlds when the
    # budget is a time (the pool takes its share of it); an iteration budget alone
    # keeps uniform worlds; "uniform" never asks, "weighted" always does
    from nbgames.agents.search import WORLD_SHARE
    timed = nbgames.bots.ismcts(seconds=0.5)
    assert timed.worlds is not None and timed.worlds.declared
    assert timed.worlds.seconds == pytest.approx(WORLD_SHARE * 0.5)
    assert nbgames.bots.ismcts(iterations=50).worlds is None
    assert nbgames.bots.ismcts(seconds=0.5, worlds="uniform").worlds is None
    always = nbgames.bots.ismcts(iterations=50, worlds="weighted")
    assert always.worlds is not None and not always.worlds.declared
    assert nbgames.bots.ismcts(seconds=0.5, prior=False).worlds is None
    with pytest.raises(nbgames.core.errors.OptionError, match="worlds must be one of"):
        nbgames.bots.ismcts(worlds="some")


if __name__ == "__main__":        # the first seed with a staged position, by title
    for name in TITLES:
        first = next(k for k in range(80) if _finds(name, k))
        print(f'"{name}": {first},')
