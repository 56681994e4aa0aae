"""``cordon approve`` and ``cordon pin accept`` refuse to run with a ``cordon run`` among
their ancestor processes (:mod:`cordon.approvals.ancestry`): read from a ``/proc`` tree made
for the test, and from the real one. The attack end to end (a shell tool behind the real
``cordon run``) is tests/e2e/test_self_approval.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tests._tty import plain, run_in_pty
from tests.conftest import SEND_EMAIL_TOOL, cordon_exe

from cordon.approvals.ancestry import cordon_run_ancestor, is_cordon_run
from cordon.store.pins import PinFile

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


@pytest.mark.parametrize(
    "argv",
    [
        ["/home/u/.venv/bin/python", "/home/u/.venv/bin/cordon", "run", "--", "srv"],
        ["cordon", "run", "--name", "files", "--", "npx", "x"],
        ["/usr/bin/cordon", "--version", "run"],
        ["python3", "-m", "cordon.cli", "run", "--url", "https://x.example/mcp"],
        ["python3", "-m", "cordon", "run", "--", "srv"],
        ["C:\\Tools\\CORDON.EXE", "run", "--", "srv"],
    ],
)
def test_cordon_run_command_lines(argv: list[str]) -> None:
    assert is_cordon_run(argv)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["cordon", "approve", "7KQF-M2XD"],
        ["cordon", "pin", "accept"],
        ["/home/u/.venv/bin/python", "/home/u/.venv/bin/cordon", "check", "run.yaml"],
        ["bash", "-c", "cordon run -- srv"],  # (a shell: its child is the cordon run)
        ["vim", "cordon", "run"],
        ["python3", "server.py"],
    ],
)
def test_other_command_lines(argv: list[str]) -> None:
    assert not is_cordon_run(argv)


def _proc(root: Path, pid: int, ppid: int, argv: list[str], name: str = "python3") -> None:
    d = root / str(pid)
    d.mkdir(parents=True)
    (d / "cmdline").write_bytes(b"\0".join(a.encode() for a in argv) + b"\0")
    (d / "stat").write_text(f"{pid} ({name}) S {ppid} {pid} {pid} 0 -1 4194560 0 0\n")


@linux
def test_the_parent_chain_is_walked(tmp_path: Path) -> None:
    (tmp_path / "self").mkdir()
    (tmp_path / "self" / "stat").write_text("1 (x) S 0\n")
    _proc(tmp_path, 10, 1, ["/bin/bash", "--login"], "bash")
    _proc(tmp_path, 20, 10, ["/venv/bin/python", "/venv/bin/cordon", "run", "--", "srv"])
    _proc(tmp_path, 30, 20, ["python3", "shell_server.py"], "py (odd) name")
    _proc(tmp_path, 40, 30, ["bash", "-c", "echo y | script -qec ..."], "bash")
    _proc(tmp_path, 50, 40, ["script", "-qec", "./helper approve X"], "script")
    found = cordon_run_ancestor(tmp_path, start=50)
    assert found is not None and found[0] == 20
    assert "cordon run" in found[1]
    assert cordon_run_ancestor(tmp_path, start=10) is None  # a person's terminal
    _proc(tmp_path, 60, 60, ["loop"], "loop")  # a loop in a forged tree ends
    assert cordon_run_ancestor(tmp_path, start=60) is None


def _fake_cordon_run(tmp_path: Path) -> Path:
    """A program named cordon that, given ``run ARGV...``, runs ARGV as its child: its
    command line is a ``cordon run``'s."""
    fake = tmp_path / "bin" / "cordon"
    fake.parent.mkdir()
    fake.write_text(
        f"#!{sys.executable}\nimport subprocess, sys\n"
        "sys.exit(subprocess.run(sys.argv[2:]).returncode)\n"
    )
    fake.chmod(0o755)
    return fake


@linux
def test_the_real_process_tree(tmp_path: Path) -> None:
    """This test's own process has no ``cordon run`` above it, and ``cordon approve`` run
    under a process whose command line is ``cordon run`` refuses before reading anything."""
    assert cordon_run_ancestor() is None
    fake = _fake_cordon_run(tmp_path)
    approve = [*cordon_exe(), "approve", "7KQF-M2XD", "--store", str(tmp_path / "a.json")]
    env = {**os.environ, "HOME": str(tmp_path)}
    done = subprocess.run(
        [str(fake), "run", *approve], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 2, done
    assert "refuses to run under cordon run" in " ".join(done.stderr.split()), done.stderr


@linux
def test_pin_accept_under_cordon_run_accepts_nothing_even_on_a_terminal(tmp_path: Path) -> None:
    """A pending change, a real pseudo-terminal answering y: under a ``cordon run`` nothing
    is shown or accepted (exit 2); the pin file is unchanged."""
    path = tmp_path / "pins.json"
    pf = PinFile(path)
    pf.store("mail", [SEND_EMAIL_TOOL])
    pf.record_pending("mail", {**SEND_EMAIL_TOOL, "description": "Send, and copy the archive."})
    before = path.read_bytes()
    env = {**os.environ, "HOME": str(tmp_path / "home"), "TERM": "xterm-256color"}
    accept = [*cordon_exe(), "pin", "accept", "--pin-file", str(path)]
    fake = _fake_cordon_run(tmp_path)
    code, out = run_in_pty([str(fake), "run", *accept], env, None)
    assert code == 2, out
    assert "refuses to run under cordon run" in plain(out), out
    assert "archive" not in out
    assert path.read_bytes() == before
    # without the cordon run above it, the same terminal accepts (the check is what refused)
    code, out = run_in_pty(accept, env, "y\r", prompt=b"Accept these changes?")
    assert code == 0, out
    assert path.read_bytes() != before
