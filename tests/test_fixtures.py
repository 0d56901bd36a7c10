"""Fixture sites: every invalid case fails the build with exactly its expected lines, and leaves
the previous output as it was. See tests/fixtures/sites.py for the layout of a case."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from fixtures.sites import INVALID, cases, make_site, needs_other_user, tree_hash

CASES = cases()


NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]  # as root, to be refused a file


def giv_build(site: Path, out: Path, user: list[str] = ()) -> subprocess.CompletedProcess:
    return subprocess.run([*user, sys.executable, "-m", "generator", "--content", str(site / "content"), "build",
                           "--out", str(out)], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="session")
def previous_output(tmp_path_factory) -> Path:
    """The valid fixture built once: the output every failed build must leave untouched."""
    site = make_site(tmp_path_factory.mktemp("valid") / "site")
    out = site.parent / "out"
    result = giv_build(site, out)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def runs(tmp_path_factory, previous_output, request) -> dict[str, tuple[subprocess.CompletedProcess, Path, str]]:
    """Every case built at once (one process per case, as many at a time as there are cores).
    A case that needs another user than root is built in a folder of /tmp that user owns."""
    import shutil
    import tempfile

    before = tree_hash(previous_output)
    if any(needs_other_user(case) for case in CASES):
        can = subprocess.run([*NOBODY, sys.executable, "-c", "import generator.cli"], capture_output=True, text=True)
        assert can.returncode == 0, (f"user 65534 cannot run Giv from this checkout ({can.stderr.strip()[-200:]}): "
                                     "the folders above it must be searchable by others (chmod o+x)")

    def run(case: str):
        other = needs_other_user(case)
        root = Path(tempfile.mkdtemp(prefix=f"giv-{case}-")) if other else tmp_path_factory.mktemp(case)
        if other:
            request.addfinalizer(lambda: shutil.rmtree(root, ignore_errors=True))
        site = make_site(root / "site", case)
        out = root / "out"
        shutil.copytree(previous_output, out)  # copy2 keeps the mtimes, so the hash is the same
        assert tree_hash(out) == before
        if other:
            for path in [root, *root.rglob("*")]:
                os.chown(path, 65534, 65534, follow_symlinks=False)
        return case, (giv_build(site, out, NOBODY if other else ()), out, before)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return dict(pool.map(run, CASES))


def test_there_are_enough_cases():
    assert len(CASES) >= 32


@pytest.mark.parametrize("case", CASES)
def test_invalid_case(case, runs):
    result, out, before = runs[case]
    expected = (INVALID / case / "expected.txt").read_text(encoding="utf-8").splitlines()
    lines = result.stderr.splitlines()
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 1, result.stderr
    # `giv build: ...` lines are progress (on a slow machine) and the summary; the rest is the report.
    report = [line for line in lines if not line.startswith("giv build: ")]
    assert report == expected, "stderr differs from expected.txt:\n" + result.stderr
    errors = sum(1 for line in lines if line.startswith("error: "))
    assert errors >= 1
    assert re.fullmatch(rf"giv build: {errors} error\(s\); .*/ was left as it was", lines[-1]), lines[-1]
    assert result.stdout == ""
    assert tree_hash(out) == before, "a failed build changed the previous output"
    assert sorted(p.name for p in out.parent.iterdir()) == ["out", "site"], "a failed build left files behind"


def test_every_expected_line_names_a_file_and_line():
    """expected.txt holds `error: <file>:<line>: <message>` lines, each followed only by indented table lines."""
    for case in CASES:
        lines = (INVALID / case / "expected.txt").read_text(encoding="utf-8").splitlines()
        assert lines and lines[0].startswith("error: "), case
        for line in lines:
            assert re.fullmatch(r"error: (content|templates)/[^:]+:\d+: \S.*", line) or line.startswith("    "), \
                f"{case}: {line}"
