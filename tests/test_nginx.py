"""The built site served by Debian's nginx with the configuration docs/publishing.md gives: each
language's 404 page, a domain per language, a sub-path, and the service worker's headers.

nginx runs as this test's own process (no daemon, no master process) on a free loopback port."""
from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from generator.build import build
from sitecopy import ROOT, site_copy

NGINX = "/usr/sbin/nginx"  # Debian's package (Makefile: test-deps)
DOC = ROOT / "docs" / "publishing.md"


def documented(title: str) -> str:
    """The nginx block of docs/publishing.md whose first line is `# nginx: <title>`."""
    blocks = re.findall(r"```nginx\n(.*?)```", DOC.read_text("utf-8"), re.S)
    found = [b for b in blocks if b.startswith(f"# nginx: {title}\n")]
    assert len(found) == 1, f"docs/publishing.md has no single nginx block '{title}'"
    return found[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Nginx:
    def __init__(self, tmp: Path, servers: str):
        self.port = free_port()
        self.tmp = tmp
        servers = servers.replace("listen 80;", f"listen 127.0.0.1:{self.port};").replace("/srv/giv/", f"{tmp}/")
        temp = "\n".join(f"    {name}_temp_path {tmp}/{name};" for name in
                         ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (tmp / "nginx.conf").write_text(f"""daemon off;
master_process off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
{temp}
{servers}
}}
""", "utf-8")
        self.proc = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        end = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > end:
                    raise AssertionError(f"nginx did not start: {self.proc.stderr.read()}"
                                         f"{(tmp / 'error.log').read_text() if (tmp / 'error.log').exists() else ''}")
                time.sleep(0.05)

    def get(self, path: str, host: str) -> tuple[int, dict, str]:
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", headers={"Host": host})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, dict(response.headers), response.read().decode("utf-8")
        except urllib.error.HTTPError as exc:
            return exc.code, dict(exc.headers), exc.read().decode("utf-8")

    def moved_to(self, path: str, host: str) -> tuple[int, str | None]:
        """The status and Location of the answer to path, the redirect not followed."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path, headers={"Host": host})
        response = connection.getresponse()
        connection.close()
        return response.status, response.getheader("Location")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def nginx(tmp_path):
    if not Path(NGINX).exists():
        pytest.fail(f"{NGINX} is missing: run `make test-deps` (it installs Debian's nginx)")
    started = []

    def start(servers: str) -> Nginx:
        started.append(Nginx(tmp_path, servers))
        return started[0]

    yield start
    for server in started:
        server.stop()


def set_site(content: Path, yaml: str) -> None:
    (content / "site.yaml").write_text(yaml, "utf-8")


def lang_of(html: str) -> str:
    return re.search(r'<html lang="(\w+)"', html).group(1)


def sw_headers_ok(server: Nginx, path: str, host: str) -> None:
    status, headers, body = server.get(path, host)
    assert status == 200 and body.startswith("// Service worker for one language of Giv"), path
    assert headers["Cache-Control"] == "no-cache", path
    assert headers["Content-Type"].startswith(("application/javascript", "text/javascript")), headers


def search_served(server: Nginx, folder: str, host: str) -> None:
    """The search index as pagefind.js loads it: the script as JavaScript (a module), its files as bytes."""
    status, headers, _ = server.get(f"{folder}pagefind/pagefind.js", host)
    assert status == 200 and headers["Content-Type"].startswith(("application/javascript", "text/javascript"))
    status, headers, body = server.get(f"{folder}pagefind/pagefind-entry.json", host)
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    for lang, info in json.loads(body)["languages"].items():
        request = urllib.request.Request(f"http://127.0.0.1:{server.port}{folder}pagefind/wasm.{info['wasm']}.pagefind",
                                         headers={"Host": host})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.headers["Content-Type"] == "application/octet-stream"
            assert response.read()[:2] == b"\x1f\x8b"  # gzip'd WebAssembly, unpacked by pagefind.js
    assert server.get(f"{folder}search.html", host)[0] == 200


def switcher_leads_home(server: Nginx, body: str, host: str, at: str) -> list[str]:
    """Follows each link of a 404 page's language switcher (served at `at`) as a browser would:
    each leads to its language's home, served. The languages it offers."""
    from urllib.parse import urljoin, urlsplit

    nav = re.search(r'<nav class="languages".*?</nav>', body, re.S).group()
    links = re.findall(r'<a [^>]*lang="([^"]+)" hreflang="[^"]+" href="([^"]+)"', nav)
    assert links and '<link rel="alternate"' not in body  # no other page is this one in another language
    for lang, href in links:
        target = urlsplit(urljoin(f"http://{host}{at}", href))
        status, _, page = server.get(target.path, target.hostname)
        assert status == 200 and lang_of(page) == lang and 'class="game-list' in page, (at, href)
    return [lang for lang, _ in links]


def test_one_domain_with_a_folder_per_language(tmp_path, nginx):
    content = site_copy(tmp_path)
    build(content, tmp_path / "templates", tmp_path / "site")
    server = nginx(documented("one domain, a folder per language"))
    host = "giv.example"
    status, headers, body = server.get("/da/vend-om/", host)
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert server.moved_to("/da/vend-om", host) == (301, "/da/vend-om/")  # a path: right behind an HTTPS proxy too
    for lang, words in (("da", "Siden findes ikke"), ("sv", "Sidan finns inte"), ("en", "Page not found")):
        status, _, body = server.get(f"/{lang}/no-such-game/", host)
        assert status == 404 and lang_of(body) == lang and words in body, lang
        assert switcher_leads_home(server, body, host, f"/{lang}/no-such-game/") == ["da", "sv", "en"]
        css = re.search(r'<link rel="stylesheet" href="([^"]+)"', body).group(1)
        assert css == f"/{lang}/assets/giv.css" and server.get(css, host)[0] == 200  # styled at any depth
    status, _, body = server.get("/no-such-page", host)
    assert status == 404 and lang_of(body) == "en"  # the root 404.html: site.yaml's x_default
    for lang in ("da", "sv", "en"):
        sw_headers_ok(server, f"/{lang}/sw.js", host)
        search_served(server, f"/{lang}/", host)
    assert server.get("/sitemap.xml", host)[1]["Content-Type"].startswith(("text/xml", "application/xml"))


def test_a_domain_per_language(tmp_path, nginx):
    content = site_copy(tmp_path)
    set_site(content, """languages:
  da: {locale: da_DK, base_url: "https://vendom.example.dk/", name: Vend om}
  sv: {locale: sv_SE, base_url: "https://plump.example.se/", name: Plump}
  en: {locale: en_GB, base_url: "https://giv.example/en/", draft: true}
root_url: https://giv.example/
x_default: da
""")
    for lang in ("da", "sv"):
        build(content, tmp_path / "templates", tmp_path / f"site-{lang}", [lang])
    server = nginx(documented("a domain per language"))
    for host, lang, game, missing in (("vendom.example.dk", "da", "vend-om", "Siden findes ikke"),
                                      ("plump.example.se", "sv", "plump", "Sidan finns inte")):
        status, _, body = server.get("/", host)
        assert status == 200 and lang_of(body) == lang
        assert server.get(f"/{game}/", host)[0] == 200
        assert server.moved_to(f"/{game}", host) == (301, f"/{game}/")
        status, _, body = server.get("/no-such-game/", host)
        assert status == 404 and lang_of(body) == lang and missing in body
        assert switcher_leads_home(server, body, host, "/no-such-game/") == ["da", "sv"]
        assert f"Sitemap: https://{host}/sitemap.xml" in server.get("/robots.txt", host)[2]
        sw_headers_ok(server, "/sw.js", host)
        search_served(server, "/", host)


def test_a_sub_path(tmp_path, nginx):
    content = site_copy(tmp_path)
    text = (content / "site.yaml").read_text("utf-8")
    set_site(content, text.replace("https://giv.example/da/", "https://example.org/kortspil/"))
    build(content, tmp_path / "templates", tmp_path / "site-da", ["da"])
    server = nginx(documented("a sub-path"))
    host = "example.org"
    status, _, body = server.get("/kortspil/", host)
    assert status == 200 and lang_of(body) == "da"
    status, _, body = server.get("/kortspil/vend-om/", host)
    assert status == 200 and 'href="../assets/giv.css"' in body
    assert server.moved_to("/kortspil/vend-om", host) == (301, "/kortspil/vend-om/")
    assert server.get("/kortspil/assets/giv.css", host)[0] == 200
    status, _, body = server.get("/kortspil/no-such-game/", host)
    assert status == 404 and "Siden findes ikke" in body
    css = re.search(r'<link rel="stylesheet" href="([^"]+)"', body).group(1)
    assert css == "/kortspil/assets/giv.css"
    assert server.get("/kortspil/robots.txt", host)[0] == 404  # not a host's root: no robots.txt there
    sw_headers_ok(server, "/kortspil/sw.js", host)
    search_served(server, "/kortspil/", host)
