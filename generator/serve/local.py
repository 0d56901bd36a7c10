"""Serving on 127.0.0.1, for giv serve, the tests and the benchmarks, and the Chromium they drive.

A browser drops connections all the time: it navigates away while a page is loading, and a
live reload does exactly that. http.server prints a traceback for each one; QuietServer does not,
so an author's terminal and a test run show only what matters."""
from __future__ import annotations

import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"  # Debian's package (Makefile: test-deps); Playwright downloads nothing
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # the client went away mid-answer
            return
        super().handle_error(request, client_address)


class FolderHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def serve_folder(folder: Path) -> tuple[QuietServer, str]:
    """A built site served from a thread: the server (shutdown() stops it) and its base URL."""
    httpd = QuietServer(("127.0.0.1", 0), functools.partial(FolderHandler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True, name="giv-folder").start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"
