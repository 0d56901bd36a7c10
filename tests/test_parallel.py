"""parallel_map: the same answers on the workers as in this process, and `beside` run once while they work."""
import os

import pytest

from generator.parallel import parallel_map


def square(n: int) -> int:
    return n * n


@pytest.mark.parametrize("workers", ["1", "2"])
def test_results_in_order_and_beside_once(monkeypatch, workers):
    monkeypatch.setenv("GIV_WORKERS", workers)
    calls = []
    out = parallel_map(square, list(range(200)), beside=lambda: calls.append(os.getpid()))
    assert out == [n * n for n in range(200)]
    assert calls == [os.getpid()]  # once, in this process, not in a worker


def test_beside_failing_is_raised_after_the_work(monkeypatch):
    monkeypatch.setenv("GIV_WORKERS", "2")
    done = []

    def fail() -> None:
        raise OSError("pagefind stopped")

    with pytest.raises(OSError, match="pagefind stopped"):
        parallel_map(square, list(range(200)), done=done.append, beside=fail)
    assert sum(done) == 200  # every part came back from the workers before the error
