"""Every title found in nbgames/games/ passes the same conformance suite: the
engine's checks (nbgames.core.conformance) and the widget's hidden-information
proof (nbgames.widget.conformance), at every player count and option variant."""

import random
from collections import Counter
from types import SimpleNamespace

import pytest

import nbgames
from nbgames.core import conformance, fields
from nbgames.core.state import State
from nbgames.widget import conformance as widget_conformance

CHECKS = conformance.CHECKS + widget_conformance.CHECKS


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("title", nbgames.games())
def test_conformance(title, check):
    check(title)


# -- the declaration itself (core/fields.py), on a made-up state ------------------------------
LOW = set(range(4))                     # the items a rule may put at a pile's bottom


def _no_low_bottom(state, seat):
    """A made-up set-up rule: each pile's first item, when hidden, is not LOW."""
    return [(lambda x: x not in LOW, [("piles", p, 0) for p, pile in enumerate(state.piles)
                                      if len(pile) > 1])]


class _Table(State):
    FIELDS = {
        "deck": fields.hidden("list", pool="items", bottom=lambda s, seat: s.seen, top=1),
        "piles": fields.hidden("lists", pool="items", top=1, rule=_no_low_bottom),
        "hands": fields.private(pool="items", known="shown"),
        "shown": fields.public("lists"),
        "seen": fields.public(),
    }


def _table(deck, piles, hands, shown, seen):
    s = object.__new__(_Table)
    s.game = SimpleNamespace(players=len(hands))
    s.deck, s.piles, s.hands, s.shown, s.seen = deck, piles, hands, shown, seen
    return s


def _fresh():
    return _table(deck=[10, 11, 12, 13, 14], piles=[[5, 0], [6, 7, 1]], hands=[[2, 8], [9, 3]],
                  shown=[[], [3]], seen=2)


def test_resample_keeps_what_the_declaration_shows():
    """``bottom``/``top`` items, known items and the seat's own entry stay; the rest
    of the pool is dealt back with every size kept, and the rule holds."""
    seen_worlds = set()
    for k in range(300):
        s = _fresh()
        fields.resample(s, fields.resample_plan(_Table.FIELDS), 0, random.Random(k))
        assert s.deck[:2] == [10, 11] and s.deck[-1] == 14 and len(s.deck) == 5
        assert [p[-1] for p in s.piles] == [0, 1] and [len(p) for p in s.piles] == [2, 3]
        assert s.hands[0] == [2, 8] and 3 in s.hands[1] and len(s.hands[1]) == 2
        assert all(p[0] not in LOW for p in s.piles), f"the rule broke: {s.piles}"
        pool = s.deck[2:4] + s.piles[0][:1] + s.piles[1][:2] + [x for x in s.hands[1] if x != 3]
        assert sorted(pool) == [5, 6, 7, 9, 12, 13]
        seen_worlds.add((tuple(s.deck), tuple(map(tuple, s.piles)), tuple(s.hands[1])))
    assert len(seen_worlds) > 100


def test_the_rule_deal_is_uniform_over_the_deals_that_keep_it():
    """Every deal that keeps the rule comes out, none that breaks it: the first of
    a pile of two is drawn among the items not LOW (a seeded count)."""
    counts = Counter()
    for k in range(4000):
        s = _fresh()
        fields.resample(s, fields.resample_plan(_Table.FIELDS), 0, random.Random(k))
        counts[s.piles[0][0]] += 1
    assert set(counts) == {5, 6, 7, 9, 12, 13}
    assert min(counts.values()) > 4000 / 6 * 0.8       # each about 1/6 of the draws


def test_hidden_places_come_from_the_declaration():
    s = _fresh()
    places = fields.hidden_places(s, 0)
    assert set(places) == {"items"}
    assert sorted(places["items"], key=repr) == sorted(
        [("deck", None, 2), ("deck", None, 3), ("piles", 0, 0), ("piles", 1, 0), ("piles", 1, 1),
         ("hands", 1, 0)], key=repr)            # hands[1][1] is the known 3


def test_a_rule_may_name_only_hidden_places():
    def bad(state, seat):
        return [(lambda x: True, [("deck", None, 0)])]     # deck[0] is shown (bottom)

    class Bad(_Table):
        FIELDS = {**_Table.FIELDS, "piles": fields.hidden("lists", pool="items", top=1, rule=bad)}

    s = _fresh()
    s.__class__ = Bad
    with pytest.raises(ValueError, match=r"deck\[None\]\[0\]"):
        fields.resample(s, fields.resample_plan(Bad.FIELDS), 0, random.Random(0))


@pytest.mark.parametrize("make", [
    lambda: fields.Part("public", top=1),
    lambda: fields.private("lists", hook=True, pool="x"),
    lambda: fields.hidden("list", sort=True, top=1),
    lambda: fields.Part("private", "lists", top=1),
    lambda: fields.hidden("value"),
    lambda: fields.Part("hidden", "list", known="shown"),
])
def test_a_declaration_that_cannot_hold_is_refused(make):
    with pytest.raises(ValueError):
        make()
