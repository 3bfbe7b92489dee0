"""Text as people read it: seats listed with "and", who won and the scores, and
docstrings without Sphinx markup.

The command line, the classroom host, the text boards and the log all say the
end of a game in these words (never a Python list such as ``winners [1]``); a
title's help page (``help(nbgames.games.<title>)``) is its docstring in plain text.
"""

from __future__ import annotations

import re


def and_list(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(x) for x in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def who_won(winners, names=None) -> str:
    """``player 1 wins``, ``player 1 and player 3 win`` (``names[seat]`` when
    given: ``Ann wins``), or ``nobody wins``."""
    said = [names[s] if names else f"player {s}" for s in winners]
    if not said:
        return "nobody wins"
    return f"{and_list(said)} {'wins' if len(said) == 1 else 'win'}"


def outcome(scores, winners, names=None) -> str:
    """One line for the end of a game: every seat's score, then who won, e.g.
    ``scores: player 0 12, player 1 20; player 1 wins``."""
    who = [names[s] if names else f"player {s}" for s in range(len(scores))]
    return ("scores: " + ", ".join(f"{w} {score:g}" if isinstance(score, float) else f"{w} {score}"
                                   for w, score in zip(who, scores))
            + f"; {who_won(winners, names)}")


_ROLE = re.compile(r":(?:py:)?(\w+):`([^`]+)`")


def _plain_role(match) -> str:
    role, target = match.group(1), match.group(2).strip()
    shown = re.match(r"(.*?)\s*<(.+)>$", target)
    if shown:                                   # :func:`the text <target>`
        return shown.group(1)
    if target.startswith("~"):                  # :class:`~a.b.C` shows C
        target = target[1:].rsplit(".", 1)[-1]
    elif target.startswith("."):                # relative to the module: a file beside it
        target = target[1:] + (".py" if role == "mod" else "")
    return f"``{target}``"


def plain_text(doc: str) -> str:
    """A docstring as ``help()`` shows it to people: Sphinx roles such as
    :mod:`.rules` or :class:`~nbgames.core.state.State` become the plain names
    (``rules.py``, ``State``) that the site links and a terminal cannot."""
    return _ROLE.sub(_plain_role, doc or "")
