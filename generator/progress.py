"""Progress of a long build on stderr: a live line on a terminal (rich), plain lines otherwise.

Nothing is shown for a build that ends within `delay` seconds."""
from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

RENDERING = "rendering pages"


class Progress:
    def __init__(self, command: str = "giv build", stream: TextIO | None = None, delay: float = 0.7):
        self.command, self.stream, self.delay = command, stream or sys.stderr, delay
        self.count = 0          # pages rendered (or kept from the last build)
        self.written = False    # rendering is over: what is left is writing
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._shown = ""

    def tick(self) -> None:
        self.count += 1

    def writing(self) -> None:
        self.written = True

    def phase(self) -> str:
        if self.written:
            return "writing the files"
        return "checking content/ and the worked examples" if self.count == 0 else RENDERING

    def __enter__(self) -> "Progress":
        self.started = time.monotonic()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join()

    def _run(self) -> None:
        if self._stop.wait(self.delay):
            return
        if self.stream.isatty():
            try:
                from rich.console import Console
            except ImportError:  # rich is a dependency; without it, plain lines
                pass
            else:
                console = Console(file=self.stream)
                with console.status(self._text(), spinner="dots") as status:
                    while not self._stop.wait(0.1):
                        status.update(self._text())
                return
        while True:  # not a terminal: one line per phase, and a count every 5 s while rendering
            text = self.phase()
            if text != self._shown:
                print(f"{self.command}: {text} ...", file=self.stream, flush=True)
                self._shown, last = text, time.monotonic()
            elif text == RENDERING and time.monotonic() - last >= 5:
                print(f"{self.command}: {self.count} pages rendered", file=self.stream, flush=True)
                last = time.monotonic()
            if self._stop.wait(0.2):
                return

    def _text(self) -> str:
        seconds, phase = time.monotonic() - self.started, self.phase()
        counted = f": {self.count}" if phase == RENDERING else ""
        return f"{self.command}: {phase}{counted} ({seconds:.1f} s)"
