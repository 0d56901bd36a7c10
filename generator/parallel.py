"""parallel_map(): the same function over many items on every core, in order.

Worker processes are forked, so they start with everything the build has already loaded (the
site, the templates, the catalogs) and only the results travel back. Small jobs, machines with
one core, systems without fork, and GIV_WORKERS=1 run in this process instead. Work that mostly
waits on another program (`beside`) runs in a thread of this process while the workers work."""
from __future__ import annotations

import gc
import os
import signal
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")
_JOB: tuple[Callable, Sequence] | None = None


def workers() -> int:
    wanted = os.environ.get("GIV_WORKERS")
    if wanted:
        return max(1, int(wanted))
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _start_worker() -> None:
    """In a worker: Ctrl-C reaches the whole process group; this process stops the workers. What
    the worker inherits is left out of its collections (gc.freeze), which would otherwise walk it,
    and so copy it into the worker, again and again; the collector runs over what the worker makes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()
    gc.enable()


def _run(span: tuple[int, int]) -> list:
    fn, items = _JOB
    return [fn(items[i]) for i in range(*span)]


def _serial(fn: Callable[[T], R], items: Sequence[T], done: Callable[[int], None] | None,
            beside: Callable[[], None] | None) -> list[R]:
    if beside:
        beside()
    out = []
    for item in items:
        out.append(fn(item))
        if done:
            done(1)
    return out


def parallel_map(fn: Callable[[T], R], items: Sequence[T], min_items: int = 48,
                 done: Callable[[int], None] | None = None, beside: Callable[[], None] | None = None) -> list[R]:
    """[fn(item) for item in items], split over the cores; `done(n)` after each finished part.
    `beside()` is called once, in this process, while the workers work (in a thread started after
    they are forked); an exception it raises is raised here, after the workers' results."""
    global _JOB
    count = workers()
    min_items = int(os.environ.get("GIV_PARALLEL_MIN", min_items))  # tests set it low
    if count < 2 or len(items) < min_items:
        return _serial(fn, items, done, beside)
    import multiprocessing  # here: an incremental build seldom needs it
    from concurrent.futures import ThreadPoolExecutor

    if "fork" not in multiprocessing.get_all_start_methods():
        return _serial(fn, items, done, beside)
    size = max(4, len(items) // (count * 32))  # small parts: the last ones finish close together
    spans = [(i, min(i + size, len(items))) for i in range(0, len(items), size)]
    _JOB = (fn, items)
    collecting = gc.isenabled()
    gc.disable()  # this process only takes the results in: no collection walks them as they come
    try:
        with multiprocessing.get_context("fork").Pool(count, initializer=_start_worker) as pool, \
                ThreadPoolExecutor(1) as aside:  # (its thread starts after the workers are forked)
            pending = aside.submit(beside) if beside else None
            out = []
            for part in pool.imap(_run, spans):
                out.extend(part)
                if done:
                    done(len(part))
            if pending:
                pending.result()  # its exception, if any, is raised here
            return out
    finally:
        _JOB = None
        gc.freeze()  # what this process holds now, the results with it, lives as long as the build (build() unfreezes)
        if collecting:
            gc.enable()
