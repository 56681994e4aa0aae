"""The per-client list of cordon's own files (:mod:`cordon.store.state_paths`): every process
of a client reads what the others appended, current to each call; a list it cannot read
raises (the engine then denies the write)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cordon.store import SharedStatePaths
from cordon.store.state_paths import MAX_BYTES, record_wrapped


def test_each_process_reads_the_others_files_as_they_are_appended(tmp_path: Path) -> None:
    f = tmp_path / "client.paths"
    a = SharedStatePaths(f, ["/p/a.yaml", "/home/u/.cordon"], name="files")
    assert a.paths() == ("/p/a.yaml", "/home/u/.cordon")
    b = SharedStatePaths(f, ["/p/b.yaml", "/home/u/.cordon", "/p/audit.jsonl"], name="mail")
    assert b.paths() == ("/p/a.yaml", "/home/u/.cordon", "/p/b.yaml", "/p/audit.jsonl")
    # a process that started first sees a later one at its next call
    assert a.paths() == b.paths()
    c = SharedStatePaths(f)  # publishes nothing
    assert c.paths() == a.paths()
    assert len(f.read_text().splitlines()) == 2
    for s in (a, b, c):
        s.close()


def test_a_line_not_yet_complete_is_read_once_it_is(tmp_path: Path) -> None:
    f = tmp_path / "client.paths"
    a = SharedStatePaths(f, ["/p/a.yaml"])
    with f.open("ab") as out:
        out.write(b'{"pid": 1, "name": "x", "paths": ["/p/b.ya')
    assert a.paths() == ("/p/a.yaml",)
    with f.open("ab") as out:
        out.write(b'ml"]}\n')
    assert a.paths() == ("/p/a.yaml", "/p/b.yaml")


@pytest.mark.parametrize(
    "line",
    [
        b"not json\n",
        b'["/p/b.yaml"]\n',
        b'{"paths": "/p/b.yaml"}\n',
        b'{"paths": ["relative/b.yaml"]}\n',
        b'{"paths": [3]}\n',
        b'{"name": "x"}\n',
    ],
)
def test_a_line_that_is_not_a_list_of_absolute_paths_fails_closed(
    tmp_path: Path, line: bytes
) -> None:
    f = tmp_path / "client.paths"
    a = SharedStatePaths(f, ["/p/a.yaml"])
    with f.open("ab") as out:
        out.write(line)
    with pytest.raises(OSError):
        a.paths()


def test_a_list_past_its_bound_or_shrunk_fails_closed(tmp_path: Path) -> None:
    f = tmp_path / "client.paths"
    a = SharedStatePaths(f, ["/p/a.yaml"])
    a.paths()
    os.truncate(f, 0)
    with pytest.raises(OSError, match="shrank"):
        a.paths()
    b = SharedStatePaths(tmp_path / "big.paths", ["/p/a.yaml"])
    os.truncate(tmp_path / "big.paths", MAX_BYTES + 1)
    with pytest.raises(OSError, match="larger"):
        b.paths()


def test_a_closed_list_cannot_be_read(tmp_path: Path) -> None:
    a = SharedStatePaths(tmp_path / "client.paths", ["/p/a.yaml"])
    a.close()
    with pytest.raises(OSError):
        a.paths()


def test_for_client_names_the_file_by_the_parent_and_prunes_gone_clients(
    tmp_path: Path,
) -> None:
    base = tmp_path / "home" / ".cordon" / "state"
    base.mkdir(parents=True)
    gone = base / "client-999999999-1.paths"  # no such process
    gone.write_text("{}\n")
    other = base / "unrelated.txt"
    other.write_text("x")
    s = SharedStatePaths.for_client(["/p/a.yaml"], name="files", base_dir=base)
    assert s.path.parent == base and s.path.name.startswith(f"client-{os.getppid()}-")
    assert stat.S_IMODE(s.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(base.stat().st_mode) == 0o700
    assert not gone.exists() and other.exists()
    again = SharedStatePaths.for_client(["/p/b.yaml"], base_dir=base)
    assert again.path == s.path and s.paths() == ("/p/a.yaml", "/p/b.yaml")


def test_for_client_creates_cordons_directories_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    s = SharedStatePaths.for_client(["/p/a.yaml"])
    assert s.path.parent == tmp_path / ".cordon" / "state"
    for d in (tmp_path / ".cordon", tmp_path / ".cordon" / "state"):
        assert stat.S_IMODE(d.stat().st_mode) == 0o700


def test_cordon_inits_list_is_read_with_the_published_one(tmp_path: Path) -> None:
    wrapped = tmp_path / "wrapped.json"
    s = SharedStatePaths(tmp_path / "client.paths", ["/p/a.yaml"], wrapped=wrapped)
    assert s.paths() == ("/p/a.yaml",)  # no list yet: nothing more
    record_wrapped(Path("/p/.mcp.json"), ["/p/b.yaml", "/p/a.yaml"], file=wrapped)
    assert s.paths() == ("/p/a.yaml", "/p/b.yaml")
    record_wrapped(Path("/q/.mcp.json"), ["/q/c.yaml"], file=wrapped)
    assert s.paths() == ("/p/a.yaml", "/p/b.yaml", "/q/c.yaml")
    record_wrapped(Path("/p/.mcp.json"), [], file=wrapped)  # undone
    assert s.paths() == ("/p/a.yaml", "/q/c.yaml")
    assert stat.S_IMODE(wrapped.stat().st_mode) == 0o600


@pytest.mark.parametrize(
    "doc",
    [
        b"nope",
        b"{}",
        b'{"version": 2, "configs": {}}',
        b'{"version": 1, "configs": {"x": ["rel"]}}',
    ],
)
def test_a_cordon_init_list_that_cannot_be_read_fails_closed(tmp_path: Path, doc: bytes) -> None:
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_bytes(doc)
    s = SharedStatePaths(tmp_path / "client.paths", ["/p/a.yaml"], wrapped=wrapped)
    with pytest.raises(OSError):
        s.paths()
    with pytest.raises(OSError):
        record_wrapped(Path("/p/.mcp.json"), ["/p/b.yaml"], file=wrapped)
    assert wrapped.read_bytes() == doc  # not overwritten


def test_a_list_linked_to_another_file_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    """A symbolic link in place of the client's list: followed, cordon appended its paths to
    the linked file and chmodded it 0600 (as root, a link to /dev/null broke the machine's
    /dev/null); a link to /dev/null would swallow the paths, so the other processes would let
    their tools write this one's policy. Refused: the linked file keeps content and mode."""
    victim = tmp_path / "victim.txt"
    victim.write_text("kept\n", "utf-8")
    victim.chmod(0o644)
    path = tmp_path / "client.paths"
    path.symlink_to(victim)
    with pytest.raises(OSError):
        SharedStatePaths(path, ["/home/me/policy.yaml"])
    assert victim.read_text("utf-8") == "kept\n"
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_list_is_refused_without_hanging(tmp_path: Path) -> None:
    path = tmp_path / "client.paths"
    os.mkfifo(path)
    with pytest.raises(OSError):
        SharedStatePaths(path, ["/home/me/policy.yaml"])
