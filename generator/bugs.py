"""An error Giv did not foresee: one line that says what Giv was reading and that it is a bug in
Giv, never a bare traceback; the traceback goes to a log file the line names."""
from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator

from .model.errors import printable

NOTE = "giv: while reading "


@contextlib.contextmanager
def reading(what: str) -> Iterator[None]:
    """Name what is being read in an unforeseen error raised inside (as a note on the exception,
    which survives the trip back from a worker process). The innermost name is the one reported."""
    try:
        yield
    except Exception as exc:
        exc.add_note(NOTE + what)
        raise


def report(command: str, exc: BaseException, argv: list[str]) -> str:
    """Write the details to a new log file; the one line to print."""
    where = next((note[len(NOTE):] for note in getattr(exc, "__notes__", ()) if note.startswith(NOTE)), None)
    details = "".join(traceback.format_exception(exc))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        fd, log = tempfile.mkstemp(prefix=f"giv-bug-{stamp}-", suffix=".log")
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
            handle.write(f"giv {' '.join(argv)}\nPython {platform.python_version()} on {platform.platform()}\n\n")
            handle.write(details)
        saved = f"the details are in {log}"
    except OSError as error:  # no log either: the details go to the terminal after all
        saved = f"no log could be written ({error.strerror}); the details follow"
        print(details, file=sys.stderr)
    what = f"while reading {where}" if where else f"in `giv {command}`"
    message = printable(str(exc))
    message = f"{message[:200]}..." if len(message) > 200 else message
    return f"giv {command}: a bug in Giv, not in your input, {what}: {type(exc).__name__}: {message}; {saved}"
