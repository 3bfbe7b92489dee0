"""The widget's part of the conformance suite: hidden information is a security
boundary (ARCHITECTURE.md, "Hidden information"), for every title, present and future.

``tests/test_conformance.py`` runs these checks beside the engine's
(:mod:`nbgames.core.conformance`), on every title, player count and option set
of ``SPEC.variants``.
"""

from __future__ import annotations

import json
import random

from ..core.conformance import games_of, playout
from .make import make_widget

# comm-state keys that are the same for every widget of a title (code, ids, layout)
FIXED = {"_esm", "_css", "_anywidget_id", "_model_id", "_view_count", "_dom_classes",
         "layout", "tabbable", "tooltip"}


def synced(w) -> dict:
    """Everything the browser receives: the widget's whole comm state (anywidget's
    and ipywidgets' own keys left out), as JSON carries it. Every other key is
    kept, a trait nobody meant to sync included, so the proofs see it too."""
    state = {k: v for k, v in w.get_state().items() if k not in FIXED
             and not k.startswith("_model") and not k.startswith("_view")}
    return json.loads(json.dumps(state))


def _positions(game, seed: int, every: int):
    for state, _ in playout(game, seed):
        if state.step % every == 0 or state.is_terminal():
            yield state


def check_widget_sync_survives_determinize(title, seed=12, positions=8):
    """A widget made from a state and one made from ``state.determinize(viewer)``
    (everything the viewer cannot see resampled: other hands, the deck, secret
    choices, the seed) sync byte-identical traits, for every viewer (None = the
    spectator) at positions along a seeded game. So nothing the viewer may not
    see reaches the browser."""
    for game in games_of(title):
        rng = random.Random(seed)
        length = sum(1 for _ in playout(game, seed))
        every = max(1, length // positions)
        checked = 0
        for state in _positions(game, seed, every):
            for viewer in [*range(game.players), None]:
                real = synced(make_widget(state=state, viewer=viewer))
                fake = synced(make_widget(state=state.determinize(viewer, rng), viewer=viewer))
                assert json.dumps(fake, sort_keys=True) == json.dumps(real, sort_keys=True), \
                    (f"{game!r} seed {seed} step {state.step} viewer {viewer}: the synced "
                     f"traits differ from a determinized copy's: "
                     f"{sorted(k for k in real if real[k] != fake.get(k))}")
                checked += 1
        assert checked >= game.players + 1


def check_widget_hints_survive_determinize(title, seed=21, positions=4, iterations=24):
    """The hint respects hidden information: at positions along a seeded game, a
    widget made from the state and one made from ``state.determinize(viewer)``, each
    with an advisor of the same seed (ISMCTS, run synchronously with
    ``w.hint(wait=True)``), sync identical traits, the hints included. The hint
    covers exactly the viewer's legal actions."""
    from ..agents.search import ismcts
    for game in games_of(title):
        rng = random.Random(seed)
        length = sum(1 for _ in playout(game, seed))
        checked = 0
        for state in _positions(game, seed, max(1, length // positions)):
            viewer = state.current_player
            if viewer is None:
                continue
            widgets = []
            for s in (state, state.determinize(viewer, rng)):
                w = make_widget(state=s, viewer=viewer,
                                advisor=ismcts(iterations=iterations, seed=5))
                w.hint(wait=True)
                traits = synced(w)
                traits["hints"].pop("elapsed", None)     # the time it took, not what it saw
                widgets.append(traits)
            real, fake = widgets
            assert real["hints"]["status"] == "done"
            assert sorted(map(int, real["hints"]["moves"])) == \
                sorted(int(a) for a in state.legal_action_ids())
            assert json.dumps(fake, sort_keys=True) == json.dumps(real, sort_keys=True), \
                (f"{game!r} seed {seed} step {state.step} viewer {viewer}: with an "
                 f"advisor the synced traits differ from a determinized copy's: "
                 f"{sorted(k for k in real if real[k] != fake.get(k))} (state.determinize(seat, rng) must "
                 f"depend only on what the seat sees and rng: sort a pool of hidden cards "
                 f"before shuffling it)")
            checked += 1
        assert checked >= 1


def check_widget_view_is_the_observation(title, seed=8_675_309_123_457, positions=6):
    """The synced view is exactly ``observation(viewer)``; legal ids are sent only
    to the seat to move; the log holds only lines the viewer may read; the seed
    never reaches the browser (the seed is long, so its digits cannot appear by chance)."""
    for game in games_of(title):
        length = sum(1 for _ in playout(game, seed))
        for state in _positions(game, seed, max(1, length // positions)):
            for viewer in [*range(game.players), None]:
                w = make_widget(state=state, viewer=viewer)
                assert w.view == json.loads(json.dumps(state.observation(viewer)))
                if viewer is not None and viewer == state.current_player:
                    assert w.legal_ids == sorted(int(a) for a in state.legal_action_ids())
                else:
                    assert w.legal == []
                assert all(line in state.log(viewer) for line in w.log_lines)
                text = json.dumps(synced(w))
                assert str(state.seed) not in text, f"{game!r}: the seed reached the browser"


CHECKS = [check_widget_sync_survives_determinize, check_widget_hints_survive_determinize,
          check_widget_view_is_the_observation]
