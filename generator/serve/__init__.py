"""giv serve: build into memory, serve on 127.0.0.1, rebuild what changed, reload the open pages.

The pages keep their Content-Security-Policy: the reload script is a file served by this server
(/__giv/reload.js), added to each HTML page as it is sent, never written into a build.

Builds run in one thread, the one that calls run(). In giv serve that is a thread of its own, and
the main thread waits for Ctrl-C or `kill`, which stop the server at once, in a build or between
builds, its worker processes with it (see stop_on_signals)."""
from __future__ import annotations

import json
import mimetypes
import os
import signal
import sys
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import TextIO
from urllib.parse import unquote, urlsplit

from ..build import build, templates_beside
from ..cache import Cache
from ..cache.inputs import RACY_NS, Inputs
from ..model.content_error import ContentError
from ..model.scratch import scratch
from .local import QuietServer

HERE = Path(__file__).resolve().parent
ENGINE_DIR = HERE.parent / "engine"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".json": "application/json", ".xml": "application/xml",
         ".svg": "image/svg+xml", ".txt": "text/plain; charset=utf-8", ".webmanifest": "application/manifest+json"}
WAITING = b"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>giv serve</title></head>
<body><h1>giv serve</h1><p>The site has not been built yet.</p></body></html>"""


def worth_naming(changes: set[tuple[object, str]]) -> list[str]:
    """The paths of a batch of file changes that may be inputs: not an editor's scratch file, and
    not a file that appeared and was gone again within the batch (the temporary file that
    `sed -i` and many editors write and rename over the one they save)."""
    import watchfiles

    added = {path for change, path in changes if change == watchfiles.Change.added}
    return sorted({path for _, path in changes
                   if not scratch(os.path.basename(path)) and (path not in added or os.path.lexists(path))})


def problem_list(exc: BaseException, root: Path) -> list[dict]:
    """The problems of a failed build as the overlay shows them."""
    if isinstance(exc, ContentError):
        return [{"file": p.file, "line": p.line, "message": p.message, "detail": p.detail} for p in exc.problems]
    filename, line = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    if filename:  # a Jinja2 template error names its file and line
        try:
            filename = Path(filename).resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
        return [{"file": filename, "line": line or 1, "message": f"{type(exc).__name__}: {exc}", "detail": ""}]
    return [{"file": "giv", "line": 0, "message": f"{type(exc).__name__}: {exc}",
             "detail": "".join(traceback.format_exception(exc)[-6:])}]


class DevServer:
    """The build, the HTTP server and the watcher. start() returns once the first build is done."""

    def __init__(self, content: Path, templates: Path, langs: list[str] | None = None, host: str = "127.0.0.1",
                 port: int = 8000, log: TextIO | None = None, watch: bool = True):
        self.content, self.templates, self.langs = content, templates, langs
        self.root = content.resolve().parent
        self.log = log or sys.stderr
        self.cache = Cache(content, templates, None, langs)
        self.files: dict[str, bytes] = {}
        self.build_id = 0
        self.problems: list[dict] = []
        self.changed: list[str] = []
        self.requests: list[list[str]] = []  # from the watcher to run(): the files of each batch of changes
        self.cond = threading.Condition()
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.watching = watch
        self.httpd = QuietServer((host, port), self._handler())
        self.url = f"http://{host}:{self.httpd.server_address[1]}/"
        self.threads: list[threading.Thread] = []
        self.first: tuple[Inputs, int] | None = None  # what a failed first build read, and when (see run)

    def say(self, line: str) -> None:
        print(line, file=self.log, flush=True)

    # -- building -----------------------------------------------------------------------------------
    def rebuild(self) -> bool:
        started = time.monotonic()
        try:
            build(self.content, self.templates, None, self.langs, cache=self.cache, drafts=True)
        except Exception as exc:  # a content error, a template error, a bug: all shown, none fatal
            problems = problem_list(exc, self.root)
            for p in problems:
                self.say(f"error: {p['file']}:{p['line']}: {p['message']}" if p["line"] else f"error: {p['message']}")
                if p["detail"]:
                    self.say(p["detail"].rstrip())
            self.say(f"giv serve: {len(problems)} error(s); the browser shows them; waiting for a fix")
            with self.cond:
                self.problems = problems
                self.cond.notify_all()
            return False
        seconds = time.monotonic() - started
        changed = list(self.cache.changed)
        with self.cond:
            recovered = bool(self.problems)
            self.files = self.cache.files
            if changed or recovered or not self.build_id:
                self.build_id += 1
            self.problems, self.changed = [], changed
            self.cond.notify_all()
        pages = sum(1 for name in self.files if name.endswith(".html"))
        what = f"{len(changed)} file(s) changed" if changed else "nothing changed"
        self.say(f"giv serve: built {pages} pages; {what} ({seconds:.2f} s)" + ("; fixed" if recovered else ""))
        return True

    def state(self) -> dict:
        with self.cond:
            return {"build": self.build_id, "ok": not self.problems, "problems": self.problems}

    # -- watching -----------------------------------------------------------------------------------
    def _watch(self) -> None:
        """Hands each batch of changes to run(); builds nothing itself."""
        import watchfiles

        paths = [p for p in (self.content, self.templates, ENGINE_DIR) if p.exists()]
        for changes in watchfiles.watch(*paths, stop_event=self.stopping, debounce=400, step=20, rust_timeout=200,
                                        yield_on_timeout=True, raise_interrupt=False):
            if not self.ready.is_set():  # the first wake-up: the watches are in place
                self.ready.set()
                self._request([])  # whatever changed while the watcher was starting
            names = sorted({self._rel(path) for path in worth_naming(changes)})
            if names:  # else nothing a build reads (scratch files are not inputs either)
                self._request(names)

    def _request(self, names: list[str]) -> None:
        with self.cond:
            self.requests.append(names)
            self.cond.notify_all()

    def run(self) -> None:
        """Rebuild on each batch of changes until stop(). A build runs in the caller's thread."""
        while True:
            with self.cond:
                while not self.requests and not self.stopping.is_set():
                    self.cond.wait(1)
                if self.stopping.is_set():
                    return
                batches, self.requests = self.requests, []
            names = sorted({name for batch in batches for name in batch})
            if names and not self.problems and self.cache.manifest.outputs and self.cache.fresh():
                continue  # built already: the watcher's first wake-up, slow to come, found the change first
            if names:
                self.say(f"giv serve: changed: {', '.join(names[:3])}"
                         + (f" and {len(names) - 3} more" if len(names) > 3 else ""))
                self.rebuild()
            elif not (self.cache.manifest.outputs and self.cache.fresh()) and not self._as_first_read():
                self.rebuild()  # something changed as the watch began

    def _as_first_read(self) -> bool:
        """True when the first build failed and no input has changed since it read them: the
        watcher's first wake-up then builds nothing (it would print the same errors again)."""
        if self.first is None or not self.problems:
            return False
        before, scanned_at = self.first
        self.first = None
        now = Inputs.scan(self.content, self.templates)
        now.hash_all(before.stats, before.hashes, scanned_at - RACY_NS)
        return now.hashes == before.hashes

    def _rel(self, path: str) -> str:
        try:
            return Path(path).resolve().relative_to(self.root).as_posix()
        except ValueError:
            return path

    # -- running ------------------------------------------------------------------------------------
    def start(self, background: bool = True) -> "DevServer":
        """The first build, then the HTTP server and the watcher. With `background`, the rebuilds run
        in a thread of their own (tests, benchmarks); else the caller calls run() (giv serve)."""
        scanned_at, inputs = time.time_ns(), Inputs.scan(self.content, self.templates)
        inputs.hash_all({}, {}, 0)
        if not self.rebuild():
            self.first = (inputs, scanned_at)
        self.threads.append(threading.Thread(target=self.httpd.serve_forever, daemon=True, name="giv-http"))
        if self.watching:
            self.threads.append(threading.Thread(target=self._watch, daemon=True, name="giv-watch"))
            if background:
                self.threads.append(threading.Thread(target=self.run, daemon=True, name="giv-build"))
        for thread in self.threads:
            thread.start()
        if self.watching:
            self.ready.wait(10)
        return self

    def stop(self) -> None:
        self.stopping.set()
        with self.cond:
            self.cond.notify_all()
        if self.threads:  # shutdown() waits for serve_forever(), which runs only once start() is past its build
            self.httpd.shutdown()
        self.httpd.server_close()
        for thread in self.threads:
            thread.join(timeout=5)

    # -- answering ----------------------------------------------------------------------------------
    def page(self, path: str) -> tuple[int, str, bytes, dict]:
        """(status, content type, body, extra headers) for a GET of path."""
        rel = unquote(path).lstrip("/")
        if rel == "" or rel.endswith("/"):
            rel += "index.html"
        files = self.files
        if rel.endswith("sw.js") and rel in files:
            return 200, TYPES[".js"], (HERE / "noop-sw.js").read_bytes(), {}
        body, status = files.get(rel), 200
        if body is None and rel + "/index.html" in files:
            return 301, "text/plain", b"", {"Location": path + "/"}
        if body is None:
            status = 404
            lang = rel.split("/", 1)[0]
            body = files.get(f"{lang}/404.html") or files.get("404.html") or next(
                (files[n] for n in sorted(files) if n.endswith("404.html")), None)
            rel = "404.html"
        if body is None:
            body = WAITING
            rel = "index.html"
        kind = TYPES.get(Path(rel).suffix) or mimetypes.guess_type(rel)[0] or "application/octet-stream"
        if kind.startswith("text/html"):
            tag = f'<script src="/__giv/reload.js" data-build="{self.build_id}"></script>\n'.encode()
            at = body.rfind(b"</body>")
            body = body[:at] + tag + body[at:] if at >= 0 else body + tag
        return status, kind, body, {}

    def _handler(self):
        dev = self

        class Handler(BaseHTTPRequestHandler):
            server_version = "giv-serve"
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def send(self, status: int, kind: str, body: bytes, headers: dict | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            def do_HEAD(self) -> None:
                self.do_GET()

            def do_GET(self) -> None:
                path = urlsplit(self.path).path
                if path == "/__giv/events":
                    return self.events()
                if path == "/__giv/reload.js":
                    return self.send(200, TYPES[".js"], (HERE / "client.js").read_bytes())
                if path == "/__giv/reload.css":
                    return self.send(200, TYPES[".css"], (HERE / "client.css").read_bytes())
                if path == "/__giv/state":
                    return self.send(200, TYPES[".json"], json.dumps(dev.state()).encode())
                self.send(*dev.page(path))

            def events(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-store")
                self.send_header("Connection", "close")
                self.end_headers()
                self.close_connection = True
                last = None
                try:
                    while not dev.stopping.is_set():
                        with dev.cond:
                            if dev.state() == last:
                                dev.cond.wait(timeout=15)
                            state = dev.state()
                        if state != last:
                            self.wfile.write(f"event: state\ndata: {json.dumps(state)}\n\n".encode())
                            last = state
                        else:
                            self.wfile.write(b": still here\n\n")
                        self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError, OSError):
                    return

        return Handler


STOPPING = {signal.SIGINT, signal.SIGTERM}


def stop_on_signals() -> None:
    """Ctrl-C and `kill` are never raised in the server: this thread blocks both before the server
    starts any other thread, every thread inherits that, and serve_command() takes them with
    sigwait(). (A KeyboardInterrupt raised where Python prints and drops it, in a weakref callback
    as a build's pool closes or in a fork's hook, would leave the server running.) A worker
    process forked by a build unblocks them once it has its own handling: SIGTERM ends it, as the
    pool that started it expects when it stops it, and it ignores Ctrl-C (the server stops it).
    And a worker ends when the server does, even by `kill -9` (Linux's parent-death signal)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    server = os.getpid()
    try:
        import ctypes

        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # not Linux: no parent-death signal
        prctl = None

    def in_child() -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if prctl is not None:
            prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
            if os.getppid() != server:  # the server was gone before the line above
                os._exit(1)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)

    os.register_at_fork(after_in_child=in_child)


def serve_command(args) -> int:
    content = Path(args.content)
    templates = templates_beside(content)
    try:
        dev = DevServer(content, templates, args.lang, args.host, args.port)
    except OSError as exc:
        print(f"giv serve: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 1
    stop_on_signals()
    shown = [p.relative_to(Path.cwd()) if p.is_relative_to(Path.cwd()) else p for p in (content.resolve(), templates.resolve())]
    failed = []

    def serving() -> None:  # the builds, in a thread of their own: the main thread waits for a signal
        try:
            dev.start(background=False)
            dev.say(f"giv serve: {dev.url} (watching {shown[0]}/ and {shown[1]}/; Ctrl-C stops)")
            dev.run()
        except BaseException:
            failed.append(traceback.format_exc())
        finally:
            os.kill(os.getpid(), signal.SIGTERM)  # a server that cannot go on stops as if told to

    threading.Thread(target=serving, daemon=True, name="giv-build").start()
    signal.sigwait(STOPPING)
    if failed:
        dev.say(failed[0].rstrip())
    dev.say("giv serve: stopped")
    # Out at once, a build under way with it: it builds into memory only. Its workers end with this
    # process (the parent-death signal; elsewhere, at the end of their pipe).
    os._exit(1 if failed else 0)
