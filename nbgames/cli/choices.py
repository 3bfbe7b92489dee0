"""A person's choice among the legal actions, typed in a terminal.

A few actions are listed one a line, numbered. Many (a turn may offer hundreds
of placements) are listed in groups made from the labels' leading words, the way
a person decides: e.g. first the card and its rotation (``place held r90 …``),
then the place. A group is opened by its number or by typing the start of its
labels; ``..`` goes back to every choice. Nothing here names a title: the groups
come from the words of the labels.
"""

from __future__ import annotations

from ..arena.named import UsageError

LIST_MAX = 30
"""Up to this many actions are listed one a line; more are grouped."""
GROUPS_MAX = 24
"""A list of groups is at most this long, unless the labels' first words differ more."""
BACK = ("..", "back")


class Item:
    """One line of a menu: an action (one id) or a group of actions (a label's
    leading words and every id under them)."""

    __slots__ = ("text", "ids")

    def __init__(self, text: str, ids: list[int]):
        self.text, self.ids = text, ids

    @property
    def is_group(self) -> bool:
        return len(self.ids) > 1

    def line(self, n: int) -> str:
        if self.is_group:
            return f"  {n:>4}. {self.text} …   ({len(self.ids)} choices)"
        return f"  {n:>4}. {self.text}   (#{self.ids[0]})"


def _words(label: str) -> list[str]:
    return label.split()


def _starts(label: str, prefix: str) -> bool:
    """True when ``label`` starts with the words of ``prefix`` (any case); its last
    word may be cut short (``place ram`` matches ``place ramp1 r0 ...``)."""
    lw, pw = _words(label.casefold()), _words(prefix.casefold())
    if not pw or len(pw) > len(lw):
        return not pw
    return lw[:len(pw) - 1] == pw[:-1] and lw[len(pw) - 1].startswith(pw[-1])


def menu(actions, prefix: str = "") -> list[Item]:
    """The lines of the menu of ``actions`` (Action objects with ``id`` and
    ``label``) under ``prefix`` (the words already chosen): each action when they
    are few, else groups by the labels' leading words, as deep as keeps the list
    at most GROUPS_MAX long (the shallowest of equal length)."""
    actions = [a for a in actions if _starts(a.label, prefix)]
    if len(actions) <= LIST_MAX:
        return [Item(a.label, [a.id]) for a in actions]
    words = [_words(a.label) for a in actions]
    best = None
    for depth in range(len(_words(prefix)) + 1, max(map(len, words)) + 1):
        groups: dict[str, list[int]] = {}
        for a, w in zip(actions, words):
            groups.setdefault(" ".join(w[:depth]), []).append(a.id)
        if len(groups) == len(actions):
            break
        if len(groups) > GROUPS_MAX:
            best = best or groups
            break
        if len(groups) > 1 and (best is None or len(groups) > len(best)):
            best = groups
    if best is None:
        return [Item(a.label, [a.id]) for a in actions]
    labels = {a.id: a.label for a in actions}
    return [Item(labels[ids[0]] if len(ids) == 1 else text, ids) for text, ids in best.items()]


class Chooser:
    """The human seat's prompt for one decision: ``read(text)`` returns an action
    id (or the typed text, for the engine to refuse with its reason), or None when
    the text only narrowed or widened the menu; ``lines()`` is the menu to print."""

    def __init__(self, actions):
        self.actions = list(actions)
        self.prefix = ""

    def items(self) -> list[Item]:
        return menu(self.actions, self.prefix)

    def lines(self) -> list[str]:
        items = self.items()
        out = [item.line(n) for n, item in enumerate(items, 1)]
        if any(item.is_group for item in items):
            out.append(f"  ({len(self.actions)} choices in all: type a group's number or the "
                       f"start of its label to open it{'' if not self.prefix else ', .. to go back'})")
        return out

    def prompt(self) -> str:
        return f" [{self.prefix} …]" if self.prefix else ""

    def read(self, text: str):
        """What ``text`` chooses: an action id, None (the menu changed: print it),
        or ``text`` itself when it names no legal action (the engine says why).
        Text is a number of the menu, ``#`` and an id, ``..``, a whole label, or
        the start of labels (one: it is chosen; several: their group opens); in an
        open group also the rest of a label or its last words (``(+0,+3)``)."""
        if text.casefold() in BACK:
            self.prefix = ""
            return None
        if text.isdigit():
            items = self.items()
            n = int(text)
            if not 1 <= n <= len(items):
                raise UsageError(f"no choice {n}: the '?' list has {len(items)} "
                                 f"item{'s' if len(items) != 1 else ''} (1 to {len(items)}); "
                                 f"type #ID for an action id")
            item = items[n - 1]
            if item.is_group:
                self.prefix = item.text
                return None
            return item.ids[0]
        if text.startswith("#") and text[1:].strip().isdigit():
            return int(text[1:].strip())
        for typed in ([f"{self.prefix} {text}", text] if self.prefix else [text]):
            exact = [a.id for a in self.actions if a.label.casefold() == typed.casefold()]
            if len(exact) == 1:
                return exact[0]
        if self.prefix:                         # the end of a label in the open group
            tail = [a.id for a in self.actions if _starts(a.label, self.prefix)
                    and a.label.casefold().endswith(" " + text.casefold())]
            if len(tail) == 1:
                return tail[0]
        for typed in ([f"{self.prefix} {text}", text] if self.prefix else [text]):
            found = [a for a in self.actions if _starts(a.label, typed)]
            if len(found) == 1:
                return found[0].id
            if found:
                self.prefix = " ".join(_words(found[0].label)[:len(_words(typed))])
                if not all(_starts(a.label, self.prefix) for a in found):
                    self.prefix = typed           # the last word was cut short
                return None
        return text
