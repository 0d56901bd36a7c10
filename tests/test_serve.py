"""giv serve: serves the build, survives a broken file, shows the error, and reloads when fixed."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from generator.build import build
from generator.serve import DevServer
from sitecopy import site_copy, tree


def get(url: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def wait_for(predicate, timeout: float = 15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out")


class Events:
    """The server's Server-Sent Events, read in a thread."""

    def __init__(self, url: str):
        self.states: list[dict] = []
        self.response = urllib.request.urlopen(url + "__giv/events", timeout=30)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        event = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "state":
                    self.states.append(json.loads(line[6:]))
        except Exception:
            pass


@pytest.fixture
def dev(tmp_path):
    content = site_copy(tmp_path, ["vend-om", "tips", "vandtia"])
    log = io.StringIO()
    server = DevServer(content, tmp_path / "templates", port=0, log=log).start()
    server.log_text = log
    yield server
    server.stop()


def test_pages_carry_the_reload_script_only_when_served(dev, tmp_path):
    status, headers, body = get(dev.url + "da/vend-om/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b'<script src="/__giv/reload.js" data-build="1"></script>\n</body>' in body
    assert b"Content-Security-Policy" in body  # the page's own policy is kept; the script is 'self'
    assert get(dev.url + "__giv/reload.js")[0] == 200
    assert get(dev.url + "da/vend-om")[0] == 200  # redirected to the folder
    assert b"unregister" in get(dev.url + "da/sw.js")[2]  # no stale offline copies while editing
    assert get(dev.url + "da/no-such-page/")[0] == 404
    out = tmp_path / "built"
    build(dev.content, dev.templates, out)
    assert not [p for p in out.rglob("*.html") if b"__giv" in p.read_bytes()]


def test_survives_a_broken_file_and_reloads_when_fixed(dev):
    events = Events(dev.url)
    wait_for(lambda: events.states)
    assert events.states[-1] == {"build": 1, "ok": True, "problems": []}
    rules = dev.content / "games" / "vandtia" / "en.yaml"
    good = rules.read_text("utf-8")
    rules.write_text(good.replace("slug: vandtia", "slug: [vandtia"), "utf-8")
    broken = wait_for(lambda: [s for s in events.states if not s["ok"]])[-1]
    assert broken["problems"][0]["file"] == "content/games/vandtia/en.yaml"
    assert broken["problems"][0]["line"] == 2 and "invalid YAML" in broken["problems"][0]["message"]
    status, _, body = get(dev.url + "en/vandtia/")  # the last good build is still served
    assert status == 200 and "Vändtia".encode() in body
    rules.write_text(good.replace("Shithead", "Shit-head"), "utf-8")
    fixed = wait_for(lambda: [s for s in events.states if s["ok"] and s["build"] > 1])[-1]
    assert fixed["build"] == 2
    assert b"Shit-head" in get(dev.url + "en/vandtia/")[2]
    clean = dev.content.parent / "clean"
    build(dev.content, dev.templates, clean)
    assert dev.files == tree(clean)  # what is served is what a clean build writes
    log = dev.log_text.getvalue()
    assert "error: content/games/vandtia/en.yaml:2: invalid YAML" in log
    assert "; fixed" in log


def test_a_worked_example_s_error_fixed_changes_nothing_else(dev):
    """A wrong number in a worked example stops the build (the incremental one, then the full one
    it falls back on); putting it right again changes no file, so no open page reloads."""
    examples = dev.content / "games" / "vandtia" / "examples.yaml"
    good = examples.read_text("utf-8")
    examples.write_text(good.replace("      - [1, 1, 3, 0]\n", "      - [1, 1, 3, 1]\n", 1), "utf-8")
    wait_for(lambda: (s := json.loads(get(dev.url + "__giv/state")[2])) and not s["ok"] and s)
    examples.write_text(good, "utf-8")
    wait_for(lambda: json.loads(get(dev.url + "__giv/state")[2])["ok"])
    built = [line for line in dev.log_text.getvalue().splitlines() if line.startswith("giv serve: built")]
    assert "; nothing changed (" in built[-1] and built[-1].endswith("; fixed"), built
    assert dev.changed == []


def test_a_template_error_is_shown_too(dev):
    template = dev.templates / "index.html"
    good = template.read_text("utf-8")
    template.write_text(good.replace("{% endblock %}", "{% endblok %}", 1), "utf-8")
    state = wait_for(lambda: (s := json.loads(get(dev.url + "__giv/state")[2])) and not s["ok"] and s)
    assert state["problems"][0]["file"] == "templates/index.html"
    template.write_text(good, "utf-8")
    wait_for(lambda: json.loads(get(dev.url + "__giv/state")[2])["ok"])


def test_the_browser_shows_the_error_and_reloads(dev, page):
    """Under the page's CSP (the page fixture fails on any violation): overlay, then reload."""
    page.goto(dev.url + "sv/plump/")
    page.wait_for_function("() => document.currentScript !== undefined")
    text = dev.content / "games" / "vend-om" / "sv.yaml"
    good = text.read_text("utf-8")
    assert "\nslug: plump\n" in good
    text.write_text(good.replace("\nslug: plump\n", "\nslug: [plump\n", 1), "utf-8")  # YAML that does not parse
    page.wait_for_selector("#giv-overlay", timeout=15000)
    assert "content/games/vend-om/sv.yaml" in page.inner_text("#giv-overlay")
    with page.expect_navigation(timeout=15000):
        text.write_text(good.replace("Plump", "Plumpen", 1), "utf-8")
    assert page.locator("#giv-overlay").count() == 0


def test_the_error_overlay_fits_a_phone(dev, page):
    """At 360 px the overlay's lines wrap, a long file:line with them: nothing scrolls sideways."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(dev.url + "en/vandtia/")
    page.wait_for_function("() => document.currentScript !== undefined")
    examples = dev.content / "games" / "vandtia" / "examples.yaml"
    good = examples.read_text("utf-8")
    examples.write_text(good.replace("      - [1, 1, 3, 0]\n", "      - [1, 1, 3, 1]\n", 1), "utf-8")
    page.wait_for_selector("#giv-overlay", timeout=15000)
    assert "content/games/vandtia/examples.yaml:" in page.inner_text("#giv-overlay")
    assert page.evaluate("() => [...document.querySelectorAll('#giv-overlay, #giv-overlay *')]"
                         ".filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.outerHTML.slice(0, 80))") == []
    examples.write_text(good, "utf-8")
    page.wait_for_selector("#giv-overlay", state="detached", timeout=15000)


def test_a_saved_file_is_named_without_the_scratch_files_of_the_save(tmp_path):
    """`sed -i` writes a temporary file and renames it over the one it edits; vim writes .swp
    files: only the edited file is named (and only it makes a rebuild)."""
    from watchfiles import Change

    from generator.serve import worth_naming

    edited, gone, deleted = tmp_path / "en.yaml", tmp_path / "sedKKmaVI", tmp_path / "old.md"
    edited.write_text("id: x\n")
    changes = {(Change.added, str(gone)), (Change.modified, str(gone)), (Change.deleted, str(gone)),
               (Change.added, str(edited)), (Change.modified, str(tmp_path / ".en.yaml.swp")),
               (Change.added, str(tmp_path / "4913")), (Change.deleted, str(deleted))}
    assert worth_naming(changes) == [str(edited), str(deleted)]
    assert worth_naming({(Change.added, str(gone)), (Change.deleted, str(gone))}) == []


def test_a_browser_that_drops_a_connection_is_not_a_traceback(capsys):
    """Browsers drop connections mid-answer (a live reload does it on every save): nothing is
    printed for that, and any other error in a request is still printed."""
    from http.server import BaseHTTPRequestHandler

    from generator.serve.local import QuietServer

    server = QuietServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    try:
        for dropped in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "Connection reset by peer")):
            try:
                raise dropped
            except OSError:
                server.handle_error(None, ("127.0.0.1", 50000))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a bug in a handler")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 50000))
        assert "ValueError: a bug in a handler" in capsys.readouterr().err
    finally:
        server.server_close()


# -- the `giv serve` process: it stops on Ctrl-C and on kill, in a build or between builds -----------


def as_from_a_terminal() -> None:
    """Ctrl-C as a terminal leaves it to a program it starts: a test run started in the background
    of a shell (`make test &`) ignores SIGINT, and its children would inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def session_processes(session: int) -> list[str]:
    """The processes of a session (the server and whatever it started), as "pid command"."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone meanwhile
            continue
        fields = text[text.rindex(")") + 2:].split()  # state, ppid, pgrp, session, ...
        if int(fields[3]) == session:
            found.append(f"{stat.parent.name} {text[text.index('(') + 1:text.rindex(')')]} {fields[0]}")
    return found


class ServeProcess:
    """`giv serve --port 0` in a session of its own, with the default number of workers, and the
    lines of its terminal as they come."""

    def __init__(self, tmp: Path, broken: tuple[str, str, str] | None = None):
        self.content = site_copy(tmp)
        if broken:  # (file under content/, text, what replaces it): the site it starts on
            path = self.content / broken[0]
            path.write_text(path.read_text("utf-8").replace(broken[1], broken[2], 1), "utf-8")
        env = {k: v for k, v in os.environ.items() if k != "GIV_WORKERS"}
        env["GIV_PARALLEL_MIN"] = "2"  # every build, however small, on the worker processes
        self.proc = subprocess.Popen([sys.executable, "-m", "generator", "--content", str(self.content), "serve",
                                      "--port", "0"], cwd=tmp, env=env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                     start_new_session=True, preexec_fn=as_from_a_terminal)
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    def outcomes(self) -> list[str]:
        return [line for line in self.lines if line.startswith("giv serve: built") or "error(s);" in line]

    def wait_line(self, start: str, after: int = 0) -> int:
        """Waits for a line that starts with `start` beyond the first `after` lines; its index."""
        return wait_for(lambda: next((i + 1 for i, line in enumerate(self.lines) if i >= after
                                      and line.startswith(start)), None), timeout=60) - 1

    def edit(self, path: Path, old: str, new: str) -> str:
        """Saves the file with `old` replaced, and waits for the build it starts: its outcome line."""
        count = len(self.outcomes())
        text = path.read_text("utf-8")
        assert old in text, (path, old)
        path.write_text(text.replace(old, new, 1), "utf-8")
        try:
            wait_for(lambda: len(self.outcomes()) > count, timeout=60)
        except AssertionError:
            raise AssertionError(f"no build after an edit of {path.name}; the server's processes: "
                                 f"{session_processes(self.proc.pid)}; its last lines: {self.lines[-6:]}") from None
        return self.outcomes()[count]

    def stopped(self, timeout: float = 20) -> int:
        try:
            code = self.proc.wait(timeout)
            self.reader.join(10)  # every line it wrote is read before the test looks at the last one
            return code
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            raise AssertionError(f"giv serve did not stop; its processes: {session_processes(self.proc.pid)}; "
                                 f"its last lines: {self.lines[-5:]}")


STOPS = {"ctrl-c": (signal.SIGINT, False, 0), "kill": (signal.SIGTERM, False, 0),
         "ctrl-c in a build": (signal.SIGINT, True, 0), "kill in a build": (signal.SIGTERM, True, 0),
         "kill -9 in a build": (signal.SIGKILL, True, -9)}


@pytest.mark.parametrize("stop", list(STOPS))
def test_giv_serve_stops_after_ten_rebuilds_leaving_no_process(tmp_path, stop):
    """Ten rebuilds (content, templates, a broken file and its fix, a broken template and its fix),
    then Ctrl-C (to the whole process group, as a terminal sends it) or kill: the server stops at
    once, in a build or between builds, and not one of its worker processes is left."""
    how, in_build, code = STOPS[stop]
    serve = ServeProcess(tmp_path)
    serve.wait_line("giv serve: http://")
    game, templates = serve.content / "games" / "vandtia", tmp_path / "templates"
    edits = [(game / "en.yaml", "behind Shithead", "behind Shit-head", "built"),
             (game / "da.md", "\n", "\nEn ny sætning.\n\n", "built"),
             (templates / "index.html", 'class="lead"', 'class="lead intro"', "built"),
             (game / "en.yaml", "slug: vandtia", "slug: [vandtia", "error"),
             (game / "en.yaml", "slug: [vandtia", "slug: vandtia", "built"),
             (templates / "game.html", "{% endblock %}", "{% endblok %}", "error"),
             (templates / "game.html", "{% endblok %}", "{% endblock %}", "built"),
             (game / "sv.yaml", "slug: vandtia", "slug: vandtia-spel", "built"),
             (templates / "index.html", 'class="lead intro"', 'class="lead"', "built"),
             (game / "sv.yaml", "slug: vandtia-spel", "slug: vandtia", "built")]
    for path, old, new, outcome in edits:
        line = serve.edit(path, old, new)
        assert line.startswith("giv serve: built") == (outcome == "built"), (path, new, line)
    assert len(serve.outcomes()) == 11  # the first build and ten rebuilds
    if in_build:
        seen = len(serve.lines)
        (game / "da.md").write_text((game / "da.md").read_text("utf-8") + "\nEndnu en.\n", "utf-8")
        serve.wait_line("giv serve: changed:", seen)  # the build has begun
    if how == signal.SIGINT:
        os.killpg(serve.proc.pid, how)  # Ctrl-C reaches every process of the terminal's group
    else:
        os.kill(serve.proc.pid, how)
    assert serve.stopped() == code
    wait_for(lambda: not session_processes(serve.proc.pid), timeout=10)
    if code == 0:
        assert serve.lines[-1] == "giv serve: stopped"
    assert not [line for line in serve.lines if "Traceback" in line]


def test_giv_serve_started_on_a_broken_site_prints_its_errors_once(tmp_path):
    """The errors of the first build are printed once: the watcher, as it starts, builds again
    only when something changed meanwhile. The fix is built, and said to be a fix."""
    serve = ServeProcess(tmp_path, ("games/vandtia/en.yaml", "slug: vandtia", "slug: [vandtia"))
    serve.wait_line("giv serve: http://")
    time.sleep(3)  # the watcher's first wake-up has come and gone (where the errors were printed again)
    line = serve.edit(serve.content / "games" / "vandtia" / "en.yaml", "slug: [vandtia", "slug: vandtia")
    assert line.startswith("giv serve: built") and line.endswith("; fixed"), serve.lines
    errors = [line for line in serve.lines if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith("error: content/games/vandtia/en.yaml:"), serve.lines
    assert len([line for line in serve.lines if "error(s);" in line]) == 1, serve.lines
    os.kill(serve.proc.pid, signal.SIGTERM)
    assert serve.stopped() == 0


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_giv_serve_stops_in_its_first_build(tmp_path, how):
    serve = ServeProcess(tmp_path)
    wait_for(lambda: session_processes(serve.proc.pid)[1:], timeout=30)  # the build's workers have started
    os.kill(serve.proc.pid, how)
    assert serve.stopped() == 0
    wait_for(lambda: not session_processes(serve.proc.pid), timeout=10)
    assert serve.lines[-1] == "giv serve: stopped"


def test_serve_shows_a_new_game_s_drafts_marked(tmp_path):
    """Right after `giv new`, giv serve shows the new game's pages, each marked as a draft."""
    from generator.scaffold import new_game

    content = site_copy(tmp_path, ["vandtia"])
    new_game(content, "boerenbridge", "bid")
    server = DevServer(content, tmp_path / "templates", port=0, log=io.StringIO(), watch=False).start()
    try:
        assert server.state()["ok"], server.state()
        status, _, body = get(server.url + "da/boerenbridge/")
        assert status == 200 and b'class="draft-note"' in body and b'content="noindex"' in body
        assert b'class="draft-mark"' in get(server.url + "da/")[2]
        assert b"vaendtia/" in get(server.url + "da/")[2]  # the published game beside it
    finally:
        server.stop()


@pytest.mark.parametrize("port", ["99999", "-1", "eighty"])
def test_a_port_out_of_range_is_refused_in_one_line(port, capsys):
    """`giv serve --port 99999` is a mistake of the command line, said as such, not a bug in Giv."""
    from generator.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["serve", "--port", port])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --port: {port!r} is not a port: a whole number from 0 to 65535" in err
    assert "bug" not in err
