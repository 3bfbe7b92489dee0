"""Staged positions for tests and tutorials (a small, isolated helper).

The rulebook's worked examples show positions that random set-up rarely deals
(Greg's first-round walk needs orange and purple peppers already in the field).
:func:`scenario` makes a new game with ``game.new_state(seed)``, then replaces
the named parts of the set-up *before anyone has decided anything* (round 1,
the claim phase), checks the invariants and hands the state back: everything
after that is played through the ordinary API (``state.apply``), so the rules
under test are the engine's own.

This is the workaround for a general scenario path in core (issue 8); when
core has one, this module should become a thin call to it.

>>> import nbgames
>>> from nbgames.games.scoville.scenario import scenario
>>> g = nbgames.load("scoville", players=3)
>>> s = scenario(g, field={"e4": "yellow", "d4": "purple"}, order=[1, 2, 0])
>>> s.field[3 * 10 + 3], s.order
(5, [1, 2, 0])
"""

from __future__ import annotations

from .components import CI, TILES


def _colors(spec):
    """A dict colour -> count, or a list of colour names -> 10 counts."""
    out = [0] * 10
    if isinstance(spec, dict):
        for k, v in spec.items():
            out[CI[k]] += int(v)
    else:
        for k in spec:
            out[CI[k]] += 1
    return out


def scenario(game, seed: int = 0, *, field=None, clear_field=False, order=None, peppers=None,
             money=None, auction=None, market=None, recipes=None, held_market=None,
             held_recipes=None, plaques=None, tiles=None, afternoon=None, final=None,
             round_=None):
    """A round-1 position of ``game`` with the given parts replaced.

    ``field``: {plot name: colour} planted on top of the starting plots (or on
    an empty field with ``clear_field=True``); ``order``: seats by spot;
    ``peppers``: {seat: {colour: count} or [colours]}; ``money``: {seat: $};
    ``auction``/``market``/``recipes``: the displays (card ids; cards put on
    display are taken out of the hidden decks); ``held_market``/``held_recipes``:
    {seat: [card ids]}; ``plaques``: {seat: [[stack, value], ...]};
    ``tiles``: {seat: [tile names still unused: plant, step, back]};
    ``afternoon``/``final``/``round_``: the time of day, the last-round flag and
    the round number: from 2 the position opens with the sealed bids (seat 0
    to bid), else with the claims of round 1."""
    s = game.new_state(seed=seed)
    f = game.field
    if clear_field:
        s.field = [-1] * f.plots
    for name, col in (field or {}).items():
        s.field[f.plot_names.index(name)] = CI[col]
    if order is not None:
        s.order = list(order)
    for seat, spec in (peppers or {}).items():
        s.peppers[seat] = _colors(spec)
    for seat, m in (money or {}).items():
        s.money[seat] = int(m)
    if afternoon is not None:
        s.afternoon = bool(afternoon)
        if afternoon:
            s.auction_deck[0] = []
    if final is not None:
        s.final = bool(final)
    if round_ is not None:
        s.round = int(round_)
    if auction is not None:
        for card in s.auction:                       # the dealt cards go back to their deck
            s.auction_deck[1 if game.components.auction_afternoon[card] else 0].append(card)
        s.auction = list(auction)
        for d in s.auction_deck + s.auction_discard:
            d[:] = [x for x in d if x not in s.auction]
    if market is not None:
        s.market = list(market)
        s.market_deck = [x for x in s.market_deck if x not in s.market]
    if recipes is not None:
        s.recipes = list(recipes)
    for seat, cards in (held_market or {}).items():
        s.held_market[seat] = list(cards)
    for seat, cards in (held_recipes or {}).items():
        s.held_recipes[seat] = list(cards)
    taken = {x for h in s.held_market for x in h}
    s.market = [x for x in s.market if x not in taken]
    s.market_deck = [x for x in s.market_deck if x not in taken]
    taken = {x for h in s.held_recipes for x in h}
    s.recipes = [x for x in s.recipes if x not in taken]
    for seat, won in (plaques or {}).items():
        s.won[seat] = [list(x) for x in won]
    for seat, names in (tiles or {}).items():
        s.tiles[seat] = [t in names for t in TILES]
    s._say("(scenario: a staged position)")
    if s.round >= 2:                 # the round opens with the sealed bids
        s.phase = "bid"
        s._secret_open()
        s.current_player = 0
    else:
        s.phase = "claim"
        s.turn = 0
        s._next_claim()
    s._legal = None
    s.check_invariants()
    return s
