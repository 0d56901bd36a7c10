"""Progress of a long build: nothing for a quick one, plain lines off a terminal, a live line on one."""
from __future__ import annotations

import io
import time

from generator.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def wait_until(predicate, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not predicate() and time.monotonic() < end:
        time.sleep(0.02)


def test_a_quick_build_shows_nothing():
    for stream in (io.StringIO(), Terminal()):
        with Progress(stream=stream, delay=5) as progress:
            progress.tick()
            progress.writing()
        assert stream.getvalue() == ""


def test_off_a_terminal_each_phase_is_one_plain_line():
    stream = io.StringIO()
    with Progress(stream=stream, delay=0) as progress:
        wait_until(lambda: "checking" in stream.getvalue())
        for _ in range(3):
            progress.tick()
        wait_until(lambda: "rendering" in stream.getvalue())
        progress.writing()
        wait_until(lambda: "writing" in stream.getvalue())
    assert stream.getvalue().splitlines() == [
        "giv build: checking content/ and the worked examples ...",
        "giv build: rendering pages ...",
        "giv build: writing the files ...",
    ]


def test_on_a_terminal_a_live_line_counts_the_pages():
    stream = Terminal()
    with Progress(stream=stream, delay=0) as progress:
        for _ in range(42):
            progress.tick()
        wait_until(lambda: "rendering pages: 42" in stream.getvalue())
        progress.writing()
        wait_until(lambda: "writing the files" in stream.getvalue())
    shown = stream.getvalue()
    assert "\x1b[" in shown  # rich's live line: redrawn in place, not a line per update
    assert "giv build: rendering pages: 42 (" in shown
    assert "giv build: writing the files (" in shown
