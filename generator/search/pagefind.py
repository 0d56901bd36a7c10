"""make_indexes(): Pagefind indexes made from records, by Pagefind's binary in its service mode.

The build hands Pagefind what each rule page is found by as a record (index.py), not the page's
HTML: nothing is parsed, and Pagefind indexes those words alone. The records go to one
`pagefind --service` process, the protocol the `pagefind` package's client speaks (messages as in
pagefind.service.types: base64 JSON, each ended by a comma, on stdin and stdout), and each index's
files come back in its answer to GetFiles: nothing is written to disk. Giv speaks it itself
because that client reads one answer per tenth of a second, which for a record per rule page is
minutes; here the requests are written from a thread while the answers are read, as they come.

What the build keeps of an index (bundle_files): the first shard of a language keeps what
pagefind.js loads (the script and its worker, the language's stemmer, the index and its
fragments), not Pagefind's own UI (the search page has a script of its own); a shard merged into
it keeps its index alone."""
from __future__ import annotations

import base64
import json
import subprocess
import tempfile
import threading
from typing import Protocol

UI = ("pagefind-ui", "pagefind-modular-ui", "pagefind-component-ui", "pagefind-highlight")
# What a merged shard needs of its bundle: the first shard's script, worker and stemmer serve all.
MERGED = ("pagefind-entry.json", "index/", "fragment/", "filter/")


class Shard(Protocol):
    lang: str
    records: list[dict]  # each {"url", "content", "meta"}
    first: bool          # the shard whose bundle pagefind.js comes from


def pagefind() -> str:
    """Which Pagefind makes the indexes: its binary's path, size and time (a new version is a new
    binary; the file's stat is cheaper than importing importlib.metadata for the version)."""
    from pagefind_bin import get_executable

    binary = get_executable()
    st = binary.stat()
    return f"{binary}|{st.st_size}|{st.st_mtime_ns}"


class Service:
    """One `pagefind --service` process: ask() sends requests and returns their answers' payloads."""

    def __init__(self) -> None:
        from pagefind_bin import get_executable

        self.said = tempfile.TemporaryFile()  # what it says besides the protocol, for an error
        self.process = subprocess.Popen([str(get_executable()), "--service"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.said)
        self.sent = 0
        self.unread = b""

    def ask(self, requests: list[dict]) -> list[dict]:
        first = self.sent
        self.sent += len(requests)
        writer = threading.Thread(target=self._write, args=(first, requests))
        writer.start()
        answers: dict[int, dict] = {}
        try:
            while len(answers) < len(requests):
                message = json.loads(base64.b64decode(self._read()))
                payload = message["payload"]
                if payload["type"] == "Error":
                    raise RuntimeError(f"pagefind: {payload['message']}")
                answers[message["message_id"]] = payload
        except BaseException:
            self.process.kill()  # the writer may be waiting on a full pipe: this ends its wait
            raise
        finally:
            writer.join()
        return [answers[first + n] for n in range(len(requests))]

    def _write(self, first: int, requests: list[dict]) -> None:
        try:
            for n, payload in enumerate(requests):
                self.process.stdin.write(base64.b64encode(json.dumps(
                    {"message_id": first + n, "payload": payload}).encode()) + b",")
            self.process.stdin.flush()
        except BrokenPipeError:  # it stopped: the reader says why
            pass

    def _read(self) -> bytes:
        while b"," not in self.unread:
            chunk = self.process.stdout.read1(1 << 20)
            if not chunk:
                self.process.wait()
                self.said.seek(0)
                raise RuntimeError(f"pagefind stopped (exit {self.process.returncode}): "
                                   f"{self.said.read().decode(errors='replace').strip()}")
            self.unread += chunk
        message, _, self.unread = self.unread.partition(b",")
        return message

    def close(self) -> None:
        try:
            self.process.stdin.close()  # the service ends when its input does
        except BrokenPipeError:  # it ended already
            pass
        self.process.wait()
        self.said.close()


def make_indexes(shards: list[Shard]) -> list[dict[str, bytes]]:
    """The files of each shard's index, by their names in its bundle, in the order of shards."""
    service = Service()
    try:
        made = service.ask([{"type": "NewIndex", "config": {"force_language": shard.lang}} for shard in shards])
        ids = [answer["index_id"] for answer in made]
        requests = [{"type": "AddRecord", "index_id": index, "language": shard.lang, "filters": None, "sort": None,
                     **record} for index, shard in zip(ids, shards) for record in shard.records]
        answers = service.ask(requests + [{"type": "GetFiles", "index_id": index} for index in ids])
    finally:
        service.close()
    bundles = answers[len(requests):]
    return [bundle_files(shard, {f["path"]: base64.b64decode(f["content"]) for f in bundle["files"]})
            for shard, bundle in zip(shards, bundles)]


def bundle_files(shard: Shard, found: dict[str, bytes]) -> dict[str, bytes]:
    """What the build keeps of a shard's bundle (found: its files by their names in it)."""
    if not shard.first:
        return {name: data for name, data in found.items() if name.startswith(MERGED) or name.endswith(".pf_meta")}
    entry = json.loads(found["pagefind-entry.json"])
    stemmers = {f"wasm.{info['wasm']}.pagefind" for info in entry["languages"].values()}
    return {name: data for name, data in found.items()
            if not name.startswith(UI) and (not name.startswith("wasm.") or name in stemmers)}
