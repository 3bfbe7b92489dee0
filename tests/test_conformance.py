"""Every title found in nbgames/games/ passes the same conformance suite: the
engine's checks (nbgames.core.conformance) and the widget's hidden-information
proof (nbgames.widget.conformance), at every player count and option variant."""

import pytest

import nbgames
from nbgames.core import conformance
from nbgames.widget import conformance as widget_conformance

CHECKS = conformance.CHECKS + widget_conformance.CHECKS


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("title", nbgames.games())
def test_conformance(title, check):
    check(title)
