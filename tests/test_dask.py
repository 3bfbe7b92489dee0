"""Tournaments on a dask.distributed LocalCluster: the same results as the
serial run, in batches. Skipped without dask.distributed."""

import pytest

import nbgames
from nbgames.arena import batches

distributed = pytest.importorskip("distributed")

TITLE = nbgames.games()[0]


def _key(result):
    return ([(r["seed"], r["names"], r.get("actions"), r.get("scores")) for r in result.records],
            result.table())


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_dask_executor_gives_the_serial_results(client):
    game = nbgames.load(TITLE, players=3)
    pols = {"greedy": "greedy", "random": "random", "ismcts": nbgames.bots.ismcts(iterations=2, seed=1)}
    serial = nbgames.tournament(game, pols, games=24, seed=5, progress=False)
    with client.get_executor() as ex:
        assert batches.workers_of(ex) == 2
        assert batches.batch_size(24, ex, None) == 3          # four batches a worker
        on_dask = nbgames.tournament(game, pols, games=24, seed=5, executor=ex, progress=False)
        odd = nbgames.tournament(game, pols, games=24, seed=5, executor=ex, progress=False, batch=7)
    assert _key(on_dask) == _key(serial) == _key(odd)


def test_batches_go_to_the_executor_in_order():
    from concurrent.futures import ThreadPoolExecutor

    class Counting(ThreadPoolExecutor):
        submitted = 0

        def submit(self, *a, **k):
            Counting.submitted += 1
            return super().submit(*a, **k)

    game = nbgames.load(TITLE, players=2)
    serial = nbgames.tournament(game, {"a": "greedy", "b": "random"}, games=10, seed=2, progress=False)
    with Counting(max_workers=2) as ex:
        par = nbgames.tournament(game, {"a": "greedy", "b": "random"}, games=10, seed=2, executor=ex,
                                 progress=False, batch=4)
    assert Counting.submitted == 3 and _key(par) == _key(serial)
    for bad in (0, -1, 2.5, True, "3"):
        with pytest.raises(nbgames.OptionError, match="batch must be"):
            with ThreadPoolExecutor(1) as ex:
                nbgames.tournament(game, {"a": "greedy", "b": "random"}, games=2, executor=ex,
                                   progress=False, batch=bad)


def test_a_review_on_dask_gives_the_serial_rows(client):
    rec = nbgames.play(nbgames.load(TITLE, players=2), ["greedy", "random"], seed=4)
    kw = {"seats": [1], "budget": 8, "seed": 3, "progress": False}
    serial = nbgames.review(rec, **kw)
    with client.get_executor() as ex:
        on_dask = nbgames.review(rec, executor=ex, **kw)
    assert on_dask.rows == serial.rows and serial.rows
