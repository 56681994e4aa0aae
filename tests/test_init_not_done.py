"""`cordon init` asked for something it does not do says so on stderr, and exits 1 when it
did nothing at all: a `--policy` for an entry already behind cordon with another policy
printed a warning, then "nothing to change" and exit 0, which a script (or a person who
missed the warning) reads as "the server now runs under the new policy". Through the real
`cordon` process."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

from tests.conftest import cordon_exe


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    return home


def _init(home: Path, path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*cordon_exe(), "init", "--config", str(path), "--yes", "--no-hook", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": str(home), "COLUMNS": "400"},
    )


def _config(tmp_path: Path, servers: dict[str, object]) -> Path:
    path = tmp_path / ".mcp.json"
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def _policies(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "old.yaml", tmp_path / "new.yaml"
    for p in (old, new):
        p.write_text("version: 1\n", encoding="utf-8")
    return old, new


def test_another_policy_for_a_wrapped_server_fails(tmp_path: Path, home: Path) -> None:
    old, new = _policies(tmp_path)
    path = _config(tmp_path, {"a": {"command": "x", "args": ["y"]}})
    first = _init(home, path, "--policy", str(old))
    assert first.returncode == 0, first.stderr
    wrapped = path.read_bytes()

    asked = _init(home, path, "--policy", str(new))
    assert asked.returncode == 1, (asked.stdout, asked.stderr)
    assert path.read_bytes() == wrapped  # nothing written
    assert "nothing to change" not in asked.stdout
    err = asked.stderr
    assert "a: already behind cordon, so its policy was NOT changed" in err
    assert str(old.resolve()) in err
    assert "NOT done: a: the --policy given was not applied" in err
    assert f"{path} not changed: nothing asked was done" in err
    # the commands that do it, with this file and the policy asked for, ready to run
    init = f"cordon init --config {shlex.quote(str(path))}"
    assert f"{init} --undo --server a" in err
    assert f"{init} --server a --policy {shlex.quote(str(new.resolve()))}" in err

    # the policy it runs with: already as asked, exit 0 as before
    same = _init(home, path, "--policy", str(old))
    assert same.returncode == 0 and "nothing to change" in same.stdout, same.stderr
    assert "NOT" not in same.stderr


def test_the_undo_then_init_route_applies_it(tmp_path: Path, home: Path) -> None:
    old, new = _policies(tmp_path)
    path = _config(tmp_path, {"a": {"command": "x"}})
    assert _init(home, path, "--policy", str(old)).returncode == 0
    assert _init(home, path, "--undo", "--server", "a").returncode == 0
    done = _init(home, path, "--server", "a", "--policy", str(new))
    assert done.returncode == 0, done.stderr
    args = json.loads(path.read_text())["mcpServers"]["a"]["args"]
    assert args[args.index("--policy") + 1] == str(new.resolve())


def test_partly_done_says_what_not_and_exits_0(tmp_path: Path, home: Path) -> None:
    """The other servers asked for are wrapped (written); the one left as it is is named."""
    old, new = _policies(tmp_path)
    path = _config(tmp_path, {"a": {"command": "x"}})
    assert _init(home, path, "--policy", str(old)).returncode == 0
    data = json.loads(path.read_text())
    data["mcpServers"]["b"] = {"command": "z"}
    path.write_text(json.dumps(data), encoding="utf-8")
    both = _init(home, path, "--policy", str(new))
    assert both.returncode == 0, both.stderr
    assert "NOT done: a: the --policy given was not applied" in both.stderr
    assert "nothing asked was done" not in both.stderr
    b = json.loads(path.read_text())["mcpServers"]["b"]["args"]
    assert b[b.index("--policy") + 1] == str(new.resolve())


def test_a_named_server_that_cannot_be_wrapped_fails(tmp_path: Path, home: Path) -> None:
    # a client-side OAuth set-up: cordon run cannot carry it
    signin = {"type": "sse", "url": "https://example.test/sse", "oauth": {"clientId": "c"}}
    path = _config(tmp_path, {"signin": signin})
    before = path.read_bytes()
    r = _init(home, path, "--server", "signin")
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert path.read_bytes() == before
    assert "signin: remote server left alone" in r.stderr and "OAuth" in r.stderr
    assert "NOT done: signin: not wrapped" in r.stderr
    # the whole file, the server not named: left alone with its warning, as before
    whole = _init(home, path)
    assert whole.returncode == 0 and "nothing to change" in whole.stdout, whole.stderr
    assert "NOT done" not in whole.stderr


def test_a_named_legacy_sse_server_is_wrapped(tmp_path: Path, home: Path) -> None:
    # a legacy HTTP+SSE server (a URL ending in /sse, no type): cordon run --sse speaks it
    path = _config(tmp_path, {"legacy": {"url": "https://example.test/sse"}})
    r = _init(home, path, "--server", "legacy")
    assert r.returncode == 0, (r.stdout, r.stderr)
    args = json.loads(path.read_text())["mcpServers"]["legacy"]["args"]
    assert args[-3:] == ["--sse", "--url", "https://example.test/sse"]
    assert "NOT done" not in r.stderr and "left alone" not in r.stderr
