"""A class at one table: host a game on a websocket server and join it from
other notebooks, browsers, or students' bots.

``nbgames.host(game_or_table, seats=[...], port=...)`` starts the server and
prints one link a person; ``nbgames.join(link)`` is the board of that seat in
a notebook; ``nbgames.join(link, policy=my_policy)`` plays the seat with a
policy that runs where ``join`` is called; a browser opens the link itself.
``nbgames serve TITLE --players N --seats human,human,greedy`` hosts from the
shell (``--resume RECORD`` after a crash).

The protocol and its checks are in ``nbgames.net.protocol``, the host in
``nbgames.net.server`` (with a module a job beside it: ``build`` for
``nbgames.host``, ``tables``, ``sender``, ``gate``, ``records``, ``control``,
``lan``, ``resume``), what a seat receives in ``nbgames.net.frames``, the
browser page in ``nbgames.net.page`` and the clients in ``nbgames.net.client``
(each module's docstring explains it). The websocket library is ``websockets``
(the ``net`` extra).
"""

from .build import host
from .protocol import RemoteError
from .resume import restore
from .server import Host


def join(link, policy=None, **kwargs):
    """See :func:`nbgames.net.client.join`."""
    from .client import join as _join
    return _join(link, policy=policy, **kwargs)


__all__ = ["Host", "RemoteError", "host", "join", "restore"]
