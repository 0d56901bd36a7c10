"""Reading one file of content/ or templates/: the one way every such file is read.

Only a regular file that lies inside its folder, content/ or templates/ (after its symbolic links
are followed), is read, at most MAX_BYTES of it, and a text only as UTF-8 without NUL bytes or
control characters. A folder, a link to nothing or out of the folder, a named pipe, a device or an
unreadable file is refused with a one-line reason: never a traceback, never a read that waits for
ever (a pipe opens non-blocking).
"""
from __future__ import annotations

import codecs
import os
import re
import stat
from pathlib import Path

from ..limits import MAX_BYTES
NOT_FILES = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")  # what a text file holds but tab, LF, CR


def present(path: Path) -> bool:
    """Whether there is anything at path, even a link to nothing (which read_bytes then refuses)."""
    return os.path.lexists(path)


def _inside(path: Path, root: Path) -> tuple[str | None, str]:
    """The path with its links followed, or None and why it cannot be followed or leaves root."""
    try:
        real = os.path.realpath(path, strict=True)
    except FileNotFoundError:
        return None, "is a symbolic link to nothing" if os.path.islink(path) else "does not exist"
    except (OSError, RuntimeError):  # a loop of links
        return None, "is a symbolic link that leads back to itself"
    top = os.path.realpath(root)
    if real != top and not real.startswith(top.rstrip(os.sep) + os.sep):
        name = os.path.basename(os.path.abspath(root))
        return None, f"is a symbolic link to a file outside {name}/ (Giv reads only what is in {name}/)"
    return real, ""


def read_bytes(path: Path, root: Path) -> tuple[bytes | None, str]:
    """The file's bytes, or None and why the file is not one Giv reads."""
    real, why = _inside(path, root)
    if real is None:
        return None, why
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except PermissionError:
        return None, "cannot be read: permission denied"
    except OSError as exc:
        return None, f"cannot be read: {(exc.strerror or type(exc).__name__).lower()}"
    try:
        info = os.fstat(fd)
        for test, what in NOT_FILES:
            if test(info.st_mode):
                return None, f"is {what}, not a file"
        if info.st_size > MAX_BYTES:
            return None, f"file is {info.st_size:,} bytes; the limit is {MAX_BYTES:,}"
        chunks, size = [], 0  # read to the end: the size stat gives may be out of date
        while size <= MAX_BYTES and (chunk := os.read(fd, MAX_BYTES + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        return None, f"cannot be read: {(exc.strerror or type(exc).__name__).lower()}"
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        return None, f"file is over {MAX_BYTES:,} bytes, the limit"
    return b"".join(chunks), ""


def read_text(path: Path, root: Path) -> tuple[str | None, int, str]:
    """The file's text, or None with the line and message of why it cannot be read.
    A byte-order mark at the start is dropped: some editors write one, and it is not text."""
    data, why = read_bytes(path, root)
    if data is None:
        return None, 1, why
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, data[: exc.start].count(b"\n") + 1, f"not UTF-8 (byte 0x{data[exc.start]:02x})"
    if bad := CONTROL.search(text):
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - text.rfind("\n", 0, bad.start())
        what = "a NUL byte" if bad.group() == "\0" else f"the control character U+{ord(bad.group()):04X}"
        return None, line, f"holds {what} (column {column}); a text file cannot"
    if not text.strip():
        return None, 1, "file is empty"
    return text, 0, ""
