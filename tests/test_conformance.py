"""Every registered title passes the same conformance suite (nbgames.core.conformance).
A new title joins by its one line in nbgames.core.registry.TITLES."""

import pytest

import nbgames
from nbgames.core import conformance


@pytest.mark.parametrize("check", conformance.CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("title", nbgames.games())
def test_conformance(title, check):
    check(title)
