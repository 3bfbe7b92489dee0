"""The classroom host over a real network (127.0.0.1): nbgames.host, nbgames.join,
nbgames serve. Real websocket clients: the Python client of nbgames.join, and
raw connections (the websockets library, plain sockets) for hostile clients.

What is proven here:
* a connection receives only its seat's view of its own game, exactly what the
  board widget would sync for that seat, and nothing that differs across the
  determinized copies of that seat, nor between twin games the seat cannot tell
  apart played on through the server (the leak proofs over the wire);
* a connection acts only for its seat, on its turn, with a legal action; every
  hostile message (wrong token, another seat, out of turn, malformed, oversized,
  flooding, never reading) is refused with the state unchanged;
* a dropped connection rejoins and gets its view back; the record is on disk
  after every decision; a killed host resumes (`nbgames serve --resume`); an
  away seat can be handed to a bot; several tables in one call give one
  TournamentResult.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import nbgames
from nbgames.net import protocol as P
from nbgames.net.client import Client
from nbgames.net.protocol import RemoteError

pytest.importorskip("websockets")
from websockets.exceptions import ConnectionClosed  # noqa: E402

TITLES = nbgames.games()
ROOT = Path(__file__).resolve().parents[1]


def _length(title, players=2):
    return len(nbgames.play(nbgames.load(title, players), ["greedy"] * players, seed=1)["actions"])


# the title with the shortest 2-player game (the hostile tests need a few turns only)
QUICK = min(TITLES, key=_length)
# titles with 3 seats
THREE = [t for t in TITLES if nbgames.load(t).max_players >= 3]


@pytest.fixture
def make_host(tmp_path):
    made = []

    def make(*args, **kwargs):
        kwargs.setdefault("port", 0)
        kwargs.setdefault("quiet", True)
        kwargs.setdefault("record", tmp_path / "records")
        h = nbgames.host(*args, **kwargs)
        made.append(h)
        return h

    yield make
    for h in made:
        h.close()


@pytest.fixture
def clients():
    made = []

    def make(link, **kwargs):
        kwargs.setdefault("reconnect", 0)
        c = Client(link, **kwargs)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


def _record_file(h, table=0) -> dict:
    return json.loads(Path(h.tables[table].record_path).read_text())


def _raw(url, **kwargs):
    """A websocket connection of the library itself (no nbgames client logic)."""
    from websockets.sync.client import connect
    kwargs.setdefault("compression", None)
    return connect(url, proxy=None, open_timeout=10, **kwargs).__enter__()


def _ws(link):
    return P.ws_url(link)


def _recv_json(ws, timeout=10.0):
    return json.loads(ws.recv(timeout=timeout))


def _until(ws, pred, timeout=10.0):
    """Read messages until one satisfies pred; returns it."""
    end = time.monotonic() + timeout
    while True:
        msg = _recv_json(ws, max(0.01, end - time.monotonic()))
        if pred(msg):
            return msg


# -- 1. the protocol's checks ----------------------------------------------------------------
@pytest.mark.parametrize("data, code", [
    (b'{"type": "action", "id": 1}', "bad_message"),
    ("x" * (P.MAX_MESSAGE + 1), "too_big"),
    ("not json", "bad_message"),
    ('{"type": "action", "id": NaN}', "bad_message"),
    ("[" * 1020 + "]" * 1020, "bad_message"),
    ("[1, 2]", "bad_message"),
    ('{"type": "undo"}', "bad_message"),
    ('{"type": "action", "id": 1, "seat": 0}', "bad_message"),
    ('{"type": "action", "id": 1, "table": 1}', "bad_message"),
    ('{"type": "action"}', "bad_message"),
    ('{"type": "action", "id": true}', "bad_message"),
    ('{"type": "action", "id": 1.0}', "bad_message"),
    ('{"type": "action", "id": "1"}', "bad_message"),
    ('{"type": "action", "id": -1}', "bad_action"),
    ('{"type": "action", "id": 100}', "bad_action"),
    ('{"type": "action", "id": 1, "step": -2}', "bad_message"),
    ('{"type": "action", "id": 1, "ref": "a"}', "bad_message"),
    ('{"type": "ping", "ref": 99999999999}', "bad_message"),
], ids=lambda x: x[:24] if isinstance(x, (str, bytes)) else None)
def test_every_bad_client_message_is_named(data, code):
    with pytest.raises(P.BadMessage) as e:
        P.parse_client_message(data, num_actions=100)
    assert e.value.code == code and e.value.text


def test_good_client_messages_pass():
    assert P.parse_client_message('{"type": "action", "id": 7, "step": 3, "ref": 1}', 100) == \
        {"type": "action", "id": 7, "step": 3, "ref": 1}
    assert P.parse_client_message('{"type": "ping"}', 100) == {"type": "ping"}


def test_links_and_tokens():
    tokens = {P.new_token() for _ in range(1000)}
    assert len(tokens) == 1000 and all(P.TOKEN_RE.fullmatch(t) for t in tokens)
    assert P.ws_url("http://127.0.0.1:8765/play/abc") == "ws://127.0.0.1:8765/ws/abc"
    assert P.ws_url("https://hub.example.org/user/t/proxy/8765/play/abc") == \
        "wss://hub.example.org/user/t/proxy/8765/ws/abc"
    assert P.ws_url("ws://10.0.0.2:9/ws/abc") == "ws://10.0.0.2:9/ws/abc"
    for bad in ("", "http://x/", "ftp://x/play/abc", "http:///play/abc", "abc"):
        with pytest.raises(RemoteError) as e:
            P.ws_url(bad)
        assert e.value.code == "bad_link" and "join link" in str(e.value)


def test_rate_limit_is_a_token_bucket_and_a_steady_excess_never_ends_its_run():
    now = [0.0]
    r = P.RateLimit(rate=10, burst=5, clock=lambda: now[0])
    assert [r.allow() for _ in range(7)] == [True] * 5 + [False] * 2
    assert r.refused == 2 and r.over_for() == 0.0
    # a steady 12 a second (above the rate of 10): some accepted, some refused, and the
    # run of refusals never ends, since the bucket never refills
    answers = []
    for _ in range(60):
        now[0] += 1 / 12
        answers.append(r.allow())
    assert 0 < answers.count(False) < answers.count(True)
    assert r.over_for() == pytest.approx(5.0) and r.refused == 2 + answers.count(False)
    # under the rate long enough to earn back the whole burst: the run is over
    now[0] += 5 / 10
    assert r.allow() and r.refused == 0 and r.over_for() == 0.0


# -- 2. what a seat receives ---------------------------------------------------------------------
def _mid_state(title, players, seed=8_675_309_123_457):
    """A position in the middle of a greedy game."""
    game = nbgames.load(title, players)
    rec = nbgames.play(game, ["greedy"] * players, seed=seed)
    return nbgames.replay(rec, upto=len(rec["actions"]) // 2)


def test_a_seat_receives_exactly_what_the_widget_would_sync(make_host, clients):
    """For every title, at a position mid-game, each seat's welcome is the board
    widget's synced traits for that viewer (the remote seat has no history to
    scrub: history_start = history_len = the step)."""
    from nbgames.widget.conformance import synced
    states = [_mid_state(t, 2) for t in TITLES]
    h = make_host(states, seats=["human", "human"])
    for i, (title, state) in enumerate(zip(TITLES, states)):
        for seat, link in ((0, h.link(0, table=i)), (None, h.spectator_link(i))):
            c = clients(link)
            w = nbgames.widget(state=state, seats=["human", "human"], viewer=seat, viewers=[seat])
            want = synced(w)
            got = {**c.static, **c.frame}
            assert c.seat == seat and c.table == f"table {i + 1}"
            for key in ("view", "legal", "log_lines", "scores", "winners", "seat_info", "to_move",
                        "status", "step_index", "title", "name", "players", "catalog",
                        "action_space", "viewer", "viewers"):
                assert json.dumps(got[key], sort_keys=True) == json.dumps(want[key], sort_keys=True), \
                    (title, seat, key)
            assert got["history_start"] == got["history_len"] == got["step_index"]
            assert got["hints"] == {} and got["thinking"] == {} and got["advisor"] == ""
            assert str(state.seed) not in json.dumps(list(c.received))


def test_each_connection_sees_only_its_seat_of_its_own_table(make_host, clients):
    game = nbgames.load(QUICK, 2)
    h = make_host(game, ["human", "human"], tables=2, seed=8)
    mine = clients(h.link(1, table=0))
    other = clients(h.link(1, table=1))
    truth0, truth1 = h.state(0), h.state(1)
    assert mine.view == json.loads(json.dumps(truth0.observation(1)))
    assert other.view == json.loads(json.dumps(truth1.observation(1)))
    assert mine.view != other.view
    assert all(m.get("table", "table 1") == "table 1" for m in mine.received)
    assert mine.legal_ids == [] and mine.frame["to_move"] == 0


# -- 3. hostile clients: refused, the state unchanged -------------------------------------------
def test_wrong_tokens_are_refused_before_any_game_data(make_host):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"])
    good = h.link(0)
    bad = [good[:-1] + ("A" if good[-1] != "A" else "B"), h.url + "/play/" + P.new_token(),
           h.url + "/play/..%2f..%2fetc", h.url + "/play/" + "x" * 64]
    for link in bad:
        with pytest.raises(RemoteError) as e:
            nbgames.join(link)
        assert e.value.code in ("unknown_link", "bad_link"), e.value
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(link, timeout=5)
        assert err.value.code == 404
        with pytest.raises(Exception, match="404"):     # the websocket too, at the handshake
            _raw(link.replace("http:", "ws:").replace("/play/", "/ws/"))
    assert all("connected" not in text for _, _, text in h.events)


def test_another_seats_token_acts_only_for_that_seat(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "human"], seed=3)
    zero, one = clients(h.link(0)), clients(h.link(1))
    before = h.record()
    assert zero.frame["to_move"] == 0 and one.legal_ids == []
    # seat 1 tries seat 0's move (it is seat 0's turn), then names seat 0 outright
    aid = zero.legal_ids[0]
    with pytest.raises(RemoteError) as e:
        one.act(aid)
    assert e.value.code == "not_your_turn" and "player 0's turn" in str(e.value)
    one.send({"type": "action", "id": aid, "seat": 0, "ref": 77})
    assert one.wait(lambda c: any(m.get("ref") == 77 for m in c.errors), 10)
    err = [m for m in one.errors if m.get("ref") == 77][0]
    assert err["code"] == "bad_message" and "only for the seat of its link" in err["error"]
    # a spectator cannot move at all
    spec = clients(h.spectator_link())
    with pytest.raises(RemoteError) as e:
        spec.act(aid)
    assert e.value.code == "spectator"
    assert h.record() == before
    assert "view" in one.frame and one.view.get("seat") == 1


def test_out_of_turn_stale_and_illegal_actions_change_nothing(make_host, clients):
    game = nbgames.load(QUICK, 2)
    h = make_host(game, ["human", "human"], seed=4)
    zero, one = clients(h.link(0)), clients(h.link(1))
    before = h.record()
    legal = set(zero.legal_ids)
    illegal = next(a for a in range(game.num_actions) if a not in legal)
    for client, msg, code in [
        (one, {"type": "action", "id": zero.legal_ids[0]}, "not_your_turn"),
        (zero, {"type": "action", "id": illegal}, "not_legal"),
        (zero, {"type": "action", "id": zero.legal_ids[0], "step": zero.step + 1}, "stale"),
        (zero, {"type": "action", "id": game.num_actions}, "bad_action"),
        (zero, {"type": "action", "id": 2**40}, "bad_action"),
    ]:
        ref = client._next_ref()
        client.send({**msg, "ref": ref})
        assert client.wait(lambda c, ref=ref: ref in c._answers, 10), msg
        got = client._answers.pop(ref)
        assert got["code"] == code, (msg, got)
        assert h.record() == before
    # a legal move on its turn is accepted, and acked
    zero.act(zero.legal_ids[0])
    assert len(h.record()["actions"]) >= 1


def test_malformed_and_oversized_messages(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], seed=5)
    c = clients(h.link(0))
    before = h.record()
    for text in ["{", "[]", '"x"', "null", '{"type": 3}', '{"type": "tick"}',
                 '{"type": "action", "id": 1, "extra": ' + "1" * 100 + "}",
                 "x" * (P.MAX_MESSAGE + 10)]:
        n = len(c.errors)
        c.send_text(text)
        assert c.wait(lambda cl, n=n: len(cl.errors) > n, 10), text
        assert c.errors[-1]["code"] in ("bad_message", "too_big"), c.errors[-1]
    c.send_text(b"\x00\x01binary")
    assert c.wait(lambda cl: "binary" in cl.errors[-1]["error"], 10)
    assert h.record() == before and not c.closed
    # past the transport limit the connection is closed (1009), the host goes on
    raw = _raw(_ws(h.link(0)))
    _recv_json(raw)
    raw.send("y" * (P.MAX_FRAME + 1))
    with pytest.raises(ConnectionClosed):
        for _ in range(50):
            raw.recv(timeout=5)
    assert raw.close_code == 1009
    assert h.record() == before
    c.act(c.legal_ids[0])                    # the honest connection still plays


def test_over_the_burst_messages_are_refused_unparsed(make_host, clients, monkeypatch):
    """Past the burst the extra messages are refused (and the refusals say so),
    and the rate check comes before parsing: a refused message is never parsed."""
    parsed, allowed = [], []
    parse, allow = P.parse_client_message, P.RateLimit.allow
    monkeypatch.setattr(P, "parse_client_message", lambda *a: parsed.append(1) or parse(*a))
    monkeypatch.setattr(P.RateLimit, "allow", lambda self: allowed.append(allow(self)) or
                        allowed[-1])
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], seed=6)
    before = h.record()
    raw = _raw(_ws(h.link(0)), max_queue=None)
    _recv_json(raw)
    for _ in range(P.BURST + 20):
        raw.send('{"type": "ping"}')
    codes = []
    with pytest.raises(TimeoutError):
        while True:
            codes.append(_recv_json(raw, 2).get("code"))
    raw.close()
    assert "rate_limited" in codes and len(codes) <= P.BURST + 20
    assert allowed.count(False) >= 1 and len(parsed) == allowed.count(True)
    assert h.record() == before


def _flood(link, per_second):
    """Send pings at ``per_second`` (paced) while reading everything, until the host
    hangs up (or 8 seconds' worth of messages): returns (messages sent, the close
    code seen)."""
    raw = _raw(_ws(link), max_queue=None)           # it reads all: it is not a slow client
    _recv_json(raw)
    sent, step, t0, limit = 0, 1.0 / per_second, time.monotonic(), int(8 * per_second)
    try:
        while sent < limit:
            raw.send('{"type": "ping"}')
            sent += 1
            pause = t0 + sent * step - time.monotonic()
            if pause > 0:
                time.sleep(pause)
        raise AssertionError(f"{limit} messages at {per_second}/s were never hung up on")
    except ConnectionClosed as e:
        return sent, (e.rcvd.code if e.rcvd else None)
    finally:
        raw.close()


@pytest.mark.parametrize("times", [1.5, 5, 40])
def test_a_flood_at_any_rate_over_the_limit_is_hung_up_and_its_link_refused(
        make_host, clients, times):
    """A steady flood at 1.5, 5 or 40 times the rate is hung up on (1008): the host
    counts how long a connection has been over the rate, not refusals in a row
    (which every accepted message reset, so a steady 5x flood went on for ever);
    its link is refused (HTTP 429) while its ban lasts; the other links go on."""
    rate, burst = 20, 10
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], seed=6, rate=rate, burst=burst,
                  flood=1.0, flood_ban=60)
    honest = clients(h.spectator_link())
    before = h.record()
    sent, code = _flood(h.link(0), rate * times)
    assert code == P.CLOSE_FLOOD
    # over the limit means refused: at least the burst went through first
    assert sent > burst
    assert any("hung up on, over the rate limit" in text for _, _, text in h.events)
    with pytest.raises(Exception, match="429"):
        _raw(_ws(h.link(0)))
    with pytest.raises(RemoteError) as e:
        Client(h.link(0), reconnect=0)
    assert e.value.code == "banned" and "flooded" in str(e.value)
    assert h.record() == before
    honest.ping()                             # the host still answers the others


def test_a_flood_ban_ends_and_an_honest_client_at_the_rate_is_never_refused(make_host, clients):
    rate, burst = 20, 10
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], seed=6, rate=rate, burst=burst,
                  flood=1.0, flood_ban=1.0)
    assert _flood(h.link(0), rate * 5)[1] == P.CLOSE_FLOOD
    with pytest.raises(Exception, match="429"):
        _raw(_ws(h.link(0)))
    back = None
    for _ in range(100):                        # the ban lasts 1 s: then the link works
        try:
            back = clients(h.link(0))
            break
        except RemoteError as e:
            assert e.code == "banned"
            time.sleep(0.05)
    assert back is not None
    # the Python client paces itself by the limit the welcome gave: 4 bursts' worth of
    # pings in a row, none refused, never hung up
    for _ in range(4 * burst):
        back.ping()
    assert not back.closed and not [m for m in back.errors if m["code"] == "rate_limited"]


def test_a_client_that_stops_reading_is_closed_with_4008_and_sees_it(make_host, clients):
    """A spectator that reads its welcome and then stops reading (its library stops
    reading the socket once a message waits), while the table plays a whole game:
    the host sends it one batch, waits for the pong it never gets, and closes it
    with 4008; when the client reads again it finds at most that batch and the one
    its library had taken in, then the 4008 close frame. (Before: the kernel's
    buffers took every update of the game, the host never noticed, and a longer
    game was cut after about 40 s with an abort no client could read a code from.)"""
    players = 3 if QUICK in THREE else 2
    h = make_host(nbgames.load(QUICK, players), ["human"] + ["greedy"] * (players - 1), seed=7,
                  send_timeout=1.0)
    stuck = _raw(_ws(h.spectator_link()), max_queue=1)
    assert _recv_json(stuck)["type"] == "welcome"
    t = h.tables[0]
    player = clients(h.link(0))
    moves = 0
    while not player.over:
        assert player.wait("turn", 30)
        if player.my_turn:
            player.act(player.legal_ids[-1])
            moves += 1
    for _ in range(300):                      # a bound for the loop, not a measure of time
        if not t.connected(None):
            break
        time.sleep(0.1)
    assert not t.connected(None), "the host kept a connection that never reads"
    assert any("did not read" in text for _, _, text in h.events)
    found = []
    with pytest.raises(ConnectionClosed) as e:
        while True:
            found.append(_recv_json(stuck))
    assert e.value.rcvd is not None and e.value.rcvd.code == P.CLOSE_SLOW
    # what waited: the update its library took in before it paused (max_queue=1), and the
    # one batch the host lets wait unread; not the game's other updates
    assert moves >= 2 and 1 <= len(found) <= 2 and all(m["type"] == "update" for m in found)
    stuck.close()


def test_every_client_call_raises_remote_error_during_an_outage(make_host, clients):
    """While the host is gone and the client is reconnecting, act, send_action and
    ping raise RemoteError (code "disconnected", the websocket library's error as
    its cause), which is what a notebook catches; not the library's own error."""
    h = make_host(nbgames.load(QUICK, 2), ["human", "human"], seed=17)
    c = clients(h.link(0), reconnect=30)
    aid = c.legal_ids[0]
    h.close()
    for _ in range(200):                      # until the reader has seen the drop
        if c._ws.close_code is not None:
            break
        time.sleep(0.05)
    assert c._ws.close_code is not None and not c.closed
    for call in (lambda: c.act(aid, timeout=5), lambda: c.send_action(aid),
                 lambda: c.ping(timeout=5)):
        with pytest.raises(RemoteError) as e:
            call()
        assert e.value.code == "disconnected" and "reconnecting" in str(e.value)
        assert isinstance(e.value.__cause__, ConnectionClosed)


def test_record_files_are_owner_only_and_flushed_before_the_rename(make_host, clients,
                                                                   monkeypatch):
    """A record holds every token and the seed: its file is created 0600 (never wider
    for a moment, whatever the umask lets through), and each write flushes the file
    before the rename and the folder after it."""
    synced, renamed = [], []
    fsync, replace = os.fsync, os.replace

    def spy_fsync(fd):
        synced.append(os.fstat(fd))
        fsync(fd)

    def spy_replace(src, dst):
        renamed.append((stat.S_IMODE(os.stat(src).st_mode), len(synced)))
        replace(src, dst)

    monkeypatch.setattr(os, "fsync", spy_fsync)
    monkeypatch.setattr(os, "replace", spy_replace)
    old = os.umask(0o022)                     # the usual umask: it would let 0644 through
    try:
        h = make_host(nbgames.load(QUICK, 2), ["human", "human"], seed=18)
        c = clients(h.link(0))
        c.act(c.legal_ids[0])                 # acknowledged: written
    finally:
        os.umask(old)
    path = Path(h.tables[0].record_path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(renamed) >= 2 and all(mode == 0o600 for mode, _ in renamed)
    # the file is flushed before its rename, the folder after it
    assert all(n >= 1 and stat.S_ISREG(synced[n - 1].st_mode) for _, n in renamed)
    mine = path.stat().st_ino
    assert any(stat.S_ISREG(s.st_mode) and s.st_ino == mine for s in synced)
    folder = path.parent.stat().st_ino
    assert [s for s in synced if stat.S_ISDIR(s.st_mode) and s.st_ino == folder]
    assert json.loads(path.read_text())["actions"] == h.record()["actions"]


def test_when_the_host_closes_after_the_game_the_clients_are_told_and_stop(make_host, clients):
    """A table whose game is over is closed with CLOSE_DONE (4001) when the host
    stops: the Python client stops reconnecting and says why; a table still playing
    is closed with 1001 (the host may come back with --resume: clients retry)."""
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], tables=2, seed=19)
    done, playing = clients(h.link(0, table=0), reconnect=30), clients(h.link(0, table=1),
                                                                       reconnect=30)
    raw = _raw(_ws(h.spectator_link(0)))
    _recv_json(raw)
    h.end(0)
    assert done.wait("end", 10) and not playing.over
    h.close()
    with pytest.raises(ConnectionClosed) as e:
        while True:
            _recv_json(raw)
    assert e.value.rcvd is not None and e.value.rcvd.code == P.CLOSE_DONE
    assert "game is over" in e.value.rcvd.reason
    assert done.wait(lambda c: c.closed, 10) and "over (4001)" in done.close_reason
    for _ in range(100):
        if playing._ws.close_code is not None:
            break
        time.sleep(0.05)
    assert playing._ws.close_code == P.CLOSE_HOST and not playing.closed   # it retries


def test_the_origin_of_a_foreign_page_is_refused(make_host):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"])
    with pytest.raises(Exception) as e:
        _raw(_ws(h.link(0)), origin="http://evil.example")
    assert "403" in str(e.value)
    ok = _raw(_ws(h.link(0)), origin=f"http://127.0.0.1:{h.port}")
    assert _recv_json(ok)["type"] == "welcome"
    ok.close()


def test_more_connections_of_one_link_replace_the_oldest(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], per_link=2)
    first = _raw(_ws(h.link(0)))
    _recv_json(first)
    second, third = clients(h.link(0)), clients(h.link(0))
    with pytest.raises(ConnectionClosed):
        for _ in range(50):
            first.recv(timeout=5)
    assert first.close_code == P.CLOSE_REPLACED
    assert not second.closed and not third.closed


def test_a_failing_bot_leaks_nothing_and_pauses_its_table(make_host, clients):
    secret = "SECRET-HAND-7f3a"

    def broken(observation, legal_actions):
        raise RuntimeError(f"{secret}: {observation}")

    game = nbgames.load(QUICK, 2)
    h = make_host(game, ["human", broken], seed=2)
    c = clients(h.link(0))
    spec = clients(h.spectator_link())
    c.act(c.legal_ids[0])
    assert c.wait(lambda cl: cl.host.get("paused"), 10)
    assert spec.wait(lambda cl: cl.host.get("paused"), 10)
    for cl in (c, spec):
        text = json.dumps(list(cl.received))
        assert secret not in text and "RuntimeError" not in text
        assert "Paused by the host" in cl.frame["status"]
    assert any(secret in text for _, _, text in h.events)          # the host sees why
    assert secret in h.tables[0].failure
    with pytest.raises(RemoteError) as e:
        c.act(0)
    assert e.value.code in ("paused", "not_your_turn")
    h.replace(1, "greedy")
    h.resume()
    assert c.wait("turn", 10) and c.my_turn and not c.host["paused"]


# -- 4. the leak proof over the wire ----------------------------------------------------------
def _frames_by_step(client) -> dict:
    """The client's view after each message it received, by step."""
    merged, out = {}, {}
    for m in client.received:
        if m["type"] == "welcome":
            merged = {**m["static"], **m["frame"]}
        elif m["type"] == "update":
            merged = {**merged, **m["frame"]}
        else:
            continue
        out[merged["step_index"]] = json.dumps(merged, sort_keys=True)
    return out


@pytest.mark.parametrize("title", TITLES)
def test_nothing_a_client_received_differs_across_determinized_copies(title, make_host, clients):
    """A whole game at a hosted table, every seat played from its own connection
    (seat 0 by a client choosing at random, the others by remote greedy bots), a
    spectator watching: at positions along the game, a host whose tables hold
    ``state.determinize(seat, rng)`` (everything the seat cannot see resampled)
    sends that seat byte-identical views to what the real client received at
    that step."""
    players = 2
    game = nbgames.load(title, players)
    seats = ["human"] * players
    h = make_host(game, seats, seed=13)
    me = clients(h.link(0))
    watcher = clients(h.spectator_link())
    bots = [nbgames.join(h.link(s), policy="greedy") for s in range(1, players)]
    rng = random.Random(1)
    while not me.over:
        assert me.wait("turn", 60)
        if me.my_turn:
            me.act(me.legal_ids[rng.randrange(len(me.legal_ids))])
    assert watcher.wait("end", 30)
    for b in bots:
        b.wait(30)
        b.close()
    record = h.record()
    for client, seat in ((me, 0), (watcher, None)):
        got = _frames_by_step(client)
        steps = sorted(got)
        picked = steps[:: max(1, len(steps) // 6)] + [steps[-1]]
        copies = []
        for k in picked:
            state = nbgames.replay(record, upto=k)
            for j in range(2):
                copies.append((k, state.determinize(seat, random.Random(100 * k + j))))
        twin = make_host([c for _, c in copies], seats=seats, record=None)
        for i, (k, _) in enumerate(copies):
            link = twin.spectator_link(i) if seat is None else twin.link(0, table=i)
            other = clients(link)
            view = {**other.static, **other.frame}
            assert json.dumps(view, sort_keys=True) == got[k], \
                (title, seat, k, [key for key in view if json.dumps(view[key], sort_keys=True) !=
                                  json.dumps(json.loads(got[k]).get(key), sort_keys=True)])
        twin.close()


def _sizes():
    for title in TITLES:
        g = nbgames.load(title)
        for n in sorted({g.min_players, g.max_players}):
            yield pytest.param(title, n, id=f"{title}-{n}p")


def _twin_line(game, viewer, rng):
    """Twin games (tests/twins.py) from a few positions along a seeded game: the
    longest pair of lines."""
    from twins import twins

    from nbgames.core.conformance import playout
    line = [s.clone() for s, _ in playout(game, 31)]
    starts = [line[int(len(line) * f)] for f in (1 / 3, 2 / 3, 5 / 6)]
    return max((twins(start, viewer, rng) for start in starts), key=len)


@pytest.mark.parametrize("title, players", list(_sizes()))
def test_the_wire_carries_the_same_bytes_from_games_a_viewer_cannot_tell_apart(
        title, players, make_host, clients):
    """Two games the viewer cannot tell apart (tests/twins.py: the same position with
    everything hidden from the viewer drawn anew, then played on, other seats choosing
    differently where their choices are hidden), each hosted and played through the
    server decision by decision, every seat from its own connection: the viewer's
    connection receives the same messages, byte for byte, from both."""
    game = nbgames.load(title, players)
    for k, viewer in enumerate([*range(players), None]):
        line = _twin_line(game, viewer, random.Random(k))
        streams = []
        for side in (0, 1):
            h = make_host(line[0][side], seats=["human"] * players, record=None)
            seats = {s: clients(h.link(s)) for s in range(players)}
            watcher = seats[viewer] if viewer is not None else clients(h.spectator_link())
            for i in range(1, len(line)):
                before, after = line[i - 1][side], line[i][side]
                actor = seats[before.current_player]
                assert actor.wait(i - 1, 30)         # it has seen the position it plays in
                actor.act(after.history[-1])
                assert watcher.wait(i, 30)
            # the viewer saw every position of the line, one by one (the welcome, then
            # an update a decision): the comparison below covers each of them
            assert len(_frames_by_step(watcher)) == len(line)
            streams.append(json.dumps(list(watcher.received)))
        assert streams[0] == streams[1], (f"{game!r} viewer {viewer}: the wire differs after "
                                          f"{len(line) - 1} decisions")


def test_error_replies_are_the_same_for_determinized_copies(make_host, clients):
    """What the host answers a refused move depends only on what the seat sees: the
    seat to move (whose legality checks run) and another seat, at the real state
    and at determinized copies of each seat."""
    game = nbgames.load(QUICK, 2)
    real = nbgames.replay(nbgames.play(game, ["greedy", "greedy"], seed=21), upto=3)
    mover = real.current_player
    for seat in (mover, 1 - mover):
        copies = [real] + [real.determinize(seat, random.Random(j)) for j in range(3)]
        h = make_host(copies, seats=["human", "human"], record=None)
        answers = []
        for i in range(len(copies)):
            c = clients(h.link(seat, table=i))
            legal = set(c.legal_ids) or {int(a) for a in real.legal_action_ids()}
            illegal = next(a for a in range(game.num_actions) if a not in legal)
            got = []
            for msg in ({"type": "action", "id": illegal},
                        {"type": "action", "id": min(legal), "step": 99},
                        {"type": "action", "id": game.num_actions - 1}, {"type": "undo"},
                        "garbage"):
                n = len(c.errors)
                c.send_text(msg if isinstance(msg, str) else json.dumps(msg))
                assert c.wait(lambda cl, n=n: len(cl.errors) > n, 10)
                got.append(c.errors[-1])
            answers.append(json.dumps(got))
            assert h.tables[i].table.state.history == copies[i].history   # nothing changed
        assert len(set(answers)) == 1, answers[:2]
        assert seat != mover or '"not_legal"' in answers[0]


# -- 5. reliability ----------------------------------------------------------------------------
def test_a_dropped_connection_rejoins_and_gets_its_view_back(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], seed=9)
    c = clients(h.link(0), reconnect=30)
    c.act(c.legal_ids[0])
    assert c.wait("turn", 10)
    seen = json.dumps(c.frame, sort_keys=True)
    # the host drops it (as a network failure would): it reconnects by itself
    conn = next(iter(h.tables[0].conns))
    h._loop.call_soon_threadsafe(conn.ws.transport.abort)    # in the loop: not thread-safe
    assert c.wait(lambda cl: cl.reconnects == 1, 15)
    assert json.dumps(c.frame, sort_keys=True) == seen
    # a new client with the same link gets the same view too
    again = clients(h.link(0))
    assert json.dumps(again.frame, sort_keys=True) == seen
    again.act(again.legal_ids[0])
    assert c.wait(lambda cl: cl.step > json.loads(seen)["step_index"], 10)


def test_the_record_is_on_disk_after_every_decision(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "human"], seed=10)
    players = [clients(h.link(0)), clients(h.link(1))]
    checked = 0
    while not players[0].over and checked < 8:
        c = players[h.state().current_player]
        assert c.wait("turn", 10)
        c.act(c.legal_ids[0])                 # acknowledged: the file already holds it
        on_disk = _record_file(h)
        truth = h.record()
        assert on_disk["actions"] == truth["actions"] and len(truth["actions"]) == checked + 1
        assert on_disk["host"]["people"]["0"]["token"] in h.link(0)
        assert nbgames.replay(on_disk).history == h.state().history
        checked += 1
    assert checked >= 3


def _serve(args, cwd, env):
    return subprocess.Popen([sys.executable, "-m", "nbgames", "serve", *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _read_links(proc, timeout=60):
    links, lines = {}, []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError("nbgames serve stopped:\n" + "".join(lines))
        lines.append(line)
        parts = line.split()
        if "/play/" in line and "seat" in line:
            links[int(parts[-2].rstrip(":"))] = parts[-1]
        if line.strip().startswith("spectators"):
            links["spectators"] = parts[-1]
        if line.strip().startswith("record"):
            return links, parts[-1]
    raise AssertionError("no links printed:\n" + "".join(lines))


def test_a_killed_host_resumes_its_game(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    seats = "human,greedy"
    proc = _serve([QUICK, "--players", "2", "--seats", seats, "--seed", "12", "--port", str(port),
                   "--records", str(tmp_path)], tmp_path, env)
    try:
        links, path = _read_links(proc)
        c = Client(links[0], reconnect=60)
        for _ in range(3):
            assert c.wait("turn", 20) and not c.over
            c.act(c.legal_ids[0])
        before = json.loads(Path(path).read_text())
        assert before["actions"] and before["host"]["people"]["0"]["token"] in links[0]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        step = c.step
        proc = _serve(["--resume", path, "--port", str(port), "--linger", "0.5"], tmp_path, env)
        _read_links(proc)
        # the same client reconnects by itself with the same link, and plays on
        assert c.wait(lambda cl: cl.reconnects >= 1, 60)
        assert c.step >= step                 # where it was (a bot may have moved since)
        while not c.over:
            assert c.wait("turn", 30)
            if c.my_turn:
                c.act(c.legal_ids[0])
        final = json.loads(Path(path).read_text())
        assert final["actions"][:len(before["actions"])] == before["actions"]
        state = nbgames.replay(final)
        assert state.is_terminal() and final["scores"] == state.scores()
        assert proc.wait(30) == 0
        c.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_serve_deals_several_tables_and_exits_when_every_game_is_over(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = _serve([QUICK, "--players", "2", "--seats", "human,human", "--tables", "2",
                   "--seating", "random", "--names", "Ann,Ben,Cy,Di", "--seed", "3",
                   "--port", "0", "--records", str(tmp_path), "--linger", "0"], tmp_path, env)
    try:
        lines = []
        while len([x for x in lines if x.strip().startswith("record")]) < 2:
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        people = [x.split() for x in lines if "/play/" in x and ", seat " in x]
        assert sorted(p[0] for p in people) == ["Ann", "Ben", "Cy", "Di"]
        assert "this computer only" in lines[0]
        bots = [nbgames.join(p[-1], policy="greedy") for p in people]
        for b in bots:
            b.wait(120)
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0 and "every game is over" in out
        for i in (1, 2):
            assert f"table {i}: scores" in out
        records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("*.json"))]
        assert len(records) == 2 and all(nbgames.replay(r).is_terminal() for r in records)
        assert sorted(n for r in records for n in r["names"]) == ["Ann", "Ben", "Cy", "Di"]
        for b in bots:
            b.close()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_resume_refuses_files_that_are_not_host_records(tmp_path):
    rec = nbgames.play(nbgames.load(QUICK, 2), ["greedy", "greedy"], seed=1)
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps(rec))
    with pytest.raises(nbgames.RecordError, match="not a record written by an nbgames host"):
        nbgames.net.restore([plain])
    with pytest.raises(nbgames.RecordError, match="no such record"):
        nbgames.net.restore([tmp_path / "missing.json"])


def test_an_away_seat_is_handed_to_a_bot_and_back(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "human"], seed=11, away=0.3)
    zero = clients(h.link(0))
    # seat 1 never came: after 0.3 s a bot plays it, and seat 0 can play on
    assert zero.wait(lambda c: c.frame["seat_info"][1]["kind"] == "policy", 10)
    zero.act(zero.legal_ids[0])
    assert zero.wait(lambda c: c.step >= 2 or c.over, 10)
    one = clients(h.link(1))                  # the person is back: the seat is theirs again
    assert one.wait(lambda c: c.frame["seat_info"][1]["kind"] == "human", 10)
    assert any("away" in text for _, _, text in h.events)


def test_the_hosts_controls_pause_end_and_replace(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "human"], seed=12)
    zero = clients(h.link(0))
    h.pause()
    assert zero.wait(lambda c: c.host.get("paused") and not c.legal_ids, 10)
    with pytest.raises(RemoteError) as e:
        zero.act(0)
    assert e.value.code == "paused"
    h.resume()
    assert zero.wait(lambda c: c.my_turn, 10)
    zero.act(zero.legal_ids[0])
    h.replace(1, "greedy")
    assert zero.wait(lambda c: c.frame["seat_info"][1]["name"] == "greedy", 10)
    h.end()
    assert zero.wait(lambda c: c.host.get("ended"), 10)
    with pytest.raises(RemoteError) as e:
        zero.act(0)
    assert e.value.code in ("ended", "not_your_turn")
    assert "The host ended this game" in zero.frame["status"]
    with pytest.raises(nbgames.OptionError):
        h.replace(5, "greedy")


def test_the_monitor_shows_the_public_board_and_drives_the_controls(make_host, clients):
    h = make_host(nbgames.load(QUICK, 2), ["human", "human"], seed=14)
    zero = clients(h.link(0))
    m = h.monitor()
    assert m.board.view == json.loads(json.dumps(h.state().observation(None)))
    assert m.board.legal == [] and m.board.viewer is None
    assert "P1" in m.info.value and "&#x25CF; 1" in m.info.value     # seat 0 connected
    m.pause_btn.click()
    assert h.tables[0].paused and m.pause_btn.description == "Go on"
    assert zero.wait(lambda c: c.host.get("paused"), 10)
    m.pause_btn.click()
    m.seat_pick.value, m.who_pick.value = 1, "random"
    m.set_btn.click()
    assert h.tables[0].specs[1] == "random"
    m.end_btn.click()
    assert h.tables[0].ended and m.end_btn.disabled


def test_several_tables_in_one_call_give_one_tournament_result(make_host):
    game = nbgames.load(QUICK, 2)
    names = ["Ann", "Ben", "Cy", "Di"]
    h = make_host(game, ["human", "human"], tables=2, seating="random", names=names, seed=5)
    assert sorted(p.name for p in h.participants) == sorted(names)
    assert sorted((p.table.index, p.seat) for p in h.participants) == [(0, 0), (0, 1), (1, 0),
                                                                       (1, 1)]
    again = make_host(game, ["human", "human"], tables=2, seating="random", names=names, seed=5)
    assert [p.name for p in again.participants] == [p.name for p in h.participants]
    bots = [nbgames.join(link, policy="greedy") for link in h.links]
    for b in bots:
        assert b.wait(120)["moves"] > 0
    assert h.wait(30)
    result = h.result()
    assert isinstance(result, nbgames.TournamentResult)
    assert sorted(result.names) == sorted(names) and len(result.records) == 2
    for r in result.records:
        assert nbgames.replay(r).scores() == r["scores"]
    assert len(result.table()) == 4
    pytest.importorskip("openskill")
    assert len(result.ratings(as_frame=False)) == 4
    for b in bots:
        b.close()


def test_thirty_clients_at_six_tables_play_to_the_end(make_host, clients):
    """Six 4-seat tables, every seat a remote bot acting as fast as it can, and a
    spectator at each table: 30 connections, every game to its end, and every
    spectator saw the end of its own table."""
    title = min((t for t in TITLES if nbgames.load(t).max_players >= 4),
                key=lambda t: _length(t, 4))
    h = make_host(nbgames.load(title, 4), ["human"] * 4, tables=6, seed=3)
    watchers = [clients(h.spectator_link(i)) for i in range(6)]
    bots = [nbgames.join(link, policy="random") for link in h.links]
    assert len(bots) + len(watchers) == 30
    for b in bots:
        assert b.wait(300)["moves"] > 0
    assert h.wait(30)
    result = h.result()
    assert len(result.records) == 6
    for i, w in enumerate(watchers):
        assert w.wait("end", 30)
        assert w.frame["scores"] == result.records[i]["scores"]
    for b in bots:
        b.close()


def test_join_page_and_http_answers(make_host):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"])
    with urllib.request.urlopen(h.link(0), timeout=10) as r:
        page = r.read().decode()
        headers = r.headers
    assert "connect-src 'self'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer" and headers["X-Frame-Options"] == "DENY"
    assert "createWidget" in page and "new WebSocket" in page
    # the page holds no game data: it is the same for every seat and the spectators
    with urllib.request.urlopen(h.spectator_link(), timeout=10) as r:
        assert r.read().decode() == page
    assert h.tables[0].people[0].token not in page
    assert str(h.state().seed) not in page
    with urllib.request.urlopen(h.url + "/", timeout=10) as r:
        assert b"join link" in r.read()
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(h.url + "/favicon.ico", timeout=10)
    assert e.value.code == 404


def test_the_host_binds_localhost_unless_told_and_says_so(make_host, capsys):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], quiet=False)
    out = capsys.readouterr().out
    assert h.bind == "127.0.0.1" and "this computer only" in out and h.link(0) in out
    assert h.spectator_link() in out
    with socket.socket() as s:                 # bound to loopback only
        assert s.connect_ex(("127.0.0.1", h.port)) == 0
    wide = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], bind="0.0.0.0",
                     url="http://class.example:9999")
    assert "a link is the only key" in wide.describe()
    assert wide.link(0).startswith("http://class.example:9999/play/")


@pytest.mark.parametrize("kwargs, words", [
    ({"port": -1}, "port must be"), ({"seating": "by height"}, "seating must be"),
    ({"tables": 0}, "tables must be"), ({"rate": 0}, "rate must be"),
    ({"away": -1}, "away must be"), ({"away_bot": "human"}, "away_bot must be a bot"),
    ({"names": ["a"]}, "names: 2 seats"), ({"url": "ftp://x"}, "url must be"),
    ({"bind": ""}, "bind must be"),
])
def test_bad_host_arguments_are_named(kwargs, words):
    kwargs = {"port": 0, "quiet": True, "record": None, **kwargs}
    with pytest.raises(nbgames.OptionError, match=words):
        nbgames.host(nbgames.load(QUICK, 2), ["human", "human"], **kwargs)


def test_a_busy_port_is_a_clear_error(make_host):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"])
    with pytest.raises(nbgames.OptionError, match="cannot listen"):
        nbgames.host(nbgames.load(QUICK, 2), ["human", "greedy"], port=h.port, quiet=True,
                     record=None)


def test_serve_command_line_errors(tmp_path, capsys):
    from nbgames.cli import main
    assert main(["serve"]) == 2
    assert "needs a TITLE" in capsys.readouterr().err
    assert main(["serve", QUICK, "--players", "2", "--seats", "human"]) == 2
    assert "2 players need 2 seats" in capsys.readouterr().err
    assert main(["serve", "--resume", str(tmp_path / "none.json")]) == 2
    assert "no such record" in capsys.readouterr().err


def test_remote_bot_failures_stay_home(make_host):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], seed=15)

    def clumsy(observation, legal_actions):
        raise ValueError("my bug")

    bot = nbgames.join(h.link(0), policy=clumsy)
    with pytest.raises(RemoteError, match="my bug"):
        bot.wait(30)
    assert not any("my bug" in text for _, _, text in h.events)
    bot.close()
    with pytest.raises(nbgames.OptionError, match="spectator link cannot play"):
        nbgames.join(h.spectator_link(), policy="greedy")


def test_the_remote_board_widget_mirrors_the_seat(make_host):
    h = make_host(nbgames.load(QUICK, 2), ["human", "greedy"], seed=16)
    board = nbgames.join(h.link(0))
    try:
        assert board.viewer == 0 and board.legal_ids == board.client.legal_ids
        assert board._esm and board.title == QUICK
        step = board.step_index
        board.act(board.legal_ids[0])
        assert board.wait(lambda c: c.step > step, 10)
        deadline = time.monotonic() + 10
        while board.step_index == step:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        # a browser click goes to the host; controls a seat lacks answer locally
        board._on_browser(board, {"type": "undo"}, [])
        assert "shared table" in board.error
        with pytest.raises(nbgames.IllegalActionError):
            board.act(10**6)
        assert "not in range" in board.error
    finally:
        board.close()


def test_threads_and_hosts_are_released():
    before = threading.active_count()
    h = nbgames.host(nbgames.load(QUICK, 2), ["human", "greedy"], port=0, quiet=True,
                     record=None)
    c = Client(h.link(0), reconnect=0)
    c.close()
    h.close()
    time.sleep(0.5)
    assert threading.active_count() <= before + 1
