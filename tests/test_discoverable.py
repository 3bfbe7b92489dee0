"""Issue 21, a newcomer's first hour: the API tells what it takes. ``help`` and
``inspect.signature`` of ``nbgames.widget`` give its real parameters; ``play``,
``tournament`` and ``widget`` take a title with the same ``players`` and title
options; every option appears in its title's help, hand-written summaries
included."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import nbgames
from nbgames.core.registry import spec

ROOT = Path(__file__).resolve().parents[1]
TITLES = nbgames.games()


def _fresh(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout


@pytest.mark.parametrize("imported", [False, True], ids=["function", "package"])
def test_help_of_widget_gives_the_real_signature_and_every_option(imported):
    """``nbgames.widget`` is a function until the widget package is imported, then
    the (callable) package: both show the same signature and document every widget
    argument and the factory's own."""
    code = ("import inspect, pydoc, json, nbgames\n"
            + ("import nbgames.widget\n" if imported else "")
            + "print(json.dumps([str(inspect.signature(nbgames.widget)),\n"
              "    pydoc.render_doc(nbgames.widget, renderer=pydoc.plaintext)]))\n")
    import json
    sig, text = json.loads(_fresh(code))
    assert "*args" not in sig and "**kwargs" not in sig
    from nbgames.widget.options import WIDGET_ARGS
    wanted = [*WIDGET_ARGS, "title", "players", "options"]
    for name in wanted:
        assert f"{name}" in sig, (name, sig)
        assert f"``{name}``" in text or f"``**{name}``" in text, name
    for word in ("advisor", "show_thinking", "reveal", "help(nbgames.games.<title>)"):
        assert word in text


def test_the_factory_signature_matches_the_widget_arguments():
    """Nothing the widget takes is missing from nbgames.widget's signature, and
    nothing extra: its keywords are the widget's arguments (and the class's)."""
    from nbgames.widget import GameWidget
    from nbgames.widget.options import WIDGET_ARGS
    fn = set(inspect.signature(nbgames.widget).parameters) - {"title", "players", "options"}
    assert fn == set(WIDGET_ARGS)
    cls = set(inspect.signature(GameWidget.__init__).parameters) - {"self", "game_or_state"}
    assert cls <= fn


def _title_with_int_option():
    """A title, one of its int options and a value other than its default."""
    for t in TITLES:
        for name, opt in spec(t).game.options_spec.items():
            if type(opt.default) is int and not isinstance(opt.default, bool):
                for value in (opt.default - 1, opt.default + 1):
                    try:
                        nbgames.load(t, **{name: value})
                    except nbgames.OptionError:
                        continue
                    return t, name, value
    pytest.skip("no title has an int option")


def test_play_tournament_and_widget_take_the_same_players_and_options():
    title, name, value = _title_with_int_option()
    n = nbgames.load(title).min_players
    policies = ["greedy"] * n
    rec = nbgames.play(title, policies, seed=1, players=n, **{name: value})
    assert rec["players"] == n and rec["options"][name] == value
    res = nbgames.tournament(title, {"a": "greedy", "b": "random"}, games=2, players=n,
                             progress=False, **{name: value})
    assert res.records[0]["options"][name] == value and res.players == n
    w = nbgames.widget(title, players=n, seats=["greedy"] * n, seed=1, **{name: value})
    assert w.game.players == n and w.game.options[name] == value
    # the player count comes from the policies / seats when it is left out
    rec = nbgames.play(title, policies, seed=1)
    assert rec["players"] == n
    # each refuses an unknown keyword, naming it and the title's options
    for call in (lambda: nbgames.play(title, policies, no_such_option=1),
                 lambda: nbgames.tournament(title, {"a": "greedy"}, games=1, no_such_option=1),
                 lambda: nbgames.widget(title, seats=policies, no_such_option=1)):
        with pytest.raises(nbgames.OptionError, match="no_such_option") as e:
            call()
        assert name in str(e.value)
    # a player count that contradicts a loaded Game, or options given with one
    game = nbgames.load(title, n)
    for call in (lambda: nbgames.play(game, policies, players=n + 1),
                 lambda: nbgames.tournament(game, {"a": "greedy"}, players=n + 1),
                 lambda: nbgames.widget(game, players=n + 1)):
        with pytest.raises(nbgames.OptionError, match=str(n + 1)):
            call()
    for call in (lambda: nbgames.play(game, policies, **{name: value}),
                 lambda: nbgames.tournament(game, {"a": "greedy"}, **{name: value}),
                 lambda: nbgames.widget(game, **{name: value})):
        with pytest.raises(nbgames.OptionError, match=name):
            call()
    # a bad value is refused by the option's own check, the same way everywhere
    messages = set()
    for call in (lambda: nbgames.play(title, policies, **{name: "lots"}),
                 lambda: nbgames.tournament(title, {"a": "greedy"}, **{name: "lots"}),
                 lambda: nbgames.widget(title, seats=policies, **{name: "lots"})):
        with pytest.raises(nbgames.OptionError) as e:
            call()
        messages.add(str(e.value))
    assert len(messages) == 1 and "lots" in messages.pop()


@pytest.mark.parametrize("title", TITLES)
def test_every_option_is_in_its_title_help_and_in_any_handwritten_summary(title):
    """The generated Options section lists every option; a hand-written line that
    starts "Options:" in the module's own text must not leave one out (one title's
    once left out ``start``)."""
    import pydoc
    mod = getattr(nbgames.games, title)
    text = pydoc.render_doc(mod, renderer=pydoc.plaintext)
    own = mod.__doc__.replace(mod.SPEC.help(), "")
    options = spec(title).game.options_spec
    for name in options:
        assert f"``{name}`` (default" in mod.SPEC.help() and name in text, name
    if "Options:" in own:
        summary = own.split("Options:", 1)[1].split("\n\n", 1)[0]
        missing = [name for name in options if name not in summary]
        assert not missing, (title, missing)
