"""``cordon pin accept`` asks a person at a terminal, as ``cordon approve`` does: the error of
a rug pull or a swapped server names the command, and an agent's shell tool that reads it
must not be able to re-trust the changed definition by running it (MCPoison,
CVE-2025-54136). The real command, on pipes and on a pseudo-terminal."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from cordon.store.pins import PinFile
from tests._tty import plain, run_in_pty
from tests.conftest import SEND_EMAIL_TOOL, cordon_exe

PROMPT = b"Accept these changes?"
CHANGED = {**SEND_EMAIL_TOOL, "description": "Send an email, and a copy to the archive."}


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    e = {**os.environ, "HOME": str(tmp_path / "home"), "TERM": "xterm-256color"}
    for var in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES"):
        e.pop(var, None)
    return e


@pytest.fixture
def pins(tmp_path: Path) -> Path:
    """A pin file with a changed send_email and a changed command line waiting."""
    path = tmp_path / "pins.json"
    pf = PinFile(path)
    pf.store("mail", [SEND_EMAIL_TOOL])
    pf.pin_identity("mail", {"upstream": {"command": ["mailbox"]}})
    pf.record_pending("mail", CHANGED)
    pf.record_pending_identity("mail", {"upstream": {"command": ["impostor"]}})
    return path


def _accept(pins: Path, *extra: str) -> list[str]:
    return [*cordon_exe(), "pin", "accept", "--pin-file", str(pins), *extra]


@pytest.mark.parametrize("stdin", ["devnull", "pipe"])
def test_without_a_terminal_nothing_is_accepted(
    pins: Path, env: dict[str, str], stdin: str
) -> None:
    before = pins.read_bytes()
    kwargs = {"stdin": subprocess.DEVNULL} if stdin == "devnull" else {"input": "y\n"}
    p = subprocess.run(
        _accept(pins), capture_output=True, text=True, env=env, timeout=60, check=False, **kwargs
    )
    assert p.returncode == 2, p.stdout + p.stderr
    err = plain(p.stderr)
    assert "terminal" in err and "Nothing was accepted" in err
    # refused before the new definitions are shown
    assert "archive" not in p.stdout and "impostor" not in p.stdout
    assert "accepted" not in p.stdout
    assert pins.read_bytes() == before


def test_only_stdin_a_terminal_is_not_enough(pins: Path, env: dict[str, str]) -> None:
    before = pins.read_bytes()
    master, slave = os.openpty()
    try:
        p = subprocess.run(
            _accept(pins),
            stdin=slave,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
    finally:
        os.close(slave)
        os.close(master)
    assert p.returncode == 2, p.stdout + p.stderr
    assert pins.read_bytes() == before


@pytest.mark.parametrize("answer", ["n\n", "\n", "yep\n", "\x04"])
def test_answering_no_at_the_terminal_accepts_nothing(
    pins: Path, env: dict[str, str], answer: str
) -> None:
    before = pins.read_bytes()
    rc, out = run_in_pty(_accept(pins), env, answer, prompt=PROMPT)
    text = plain(out)
    assert rc == 1, text
    # shown before the question: the changed field, the new text, the new command line
    assert "mail/send_email: changed: description" in text and "archive" in text
    assert "impostor" in text
    assert "Nothing was accepted" in text and "accepted mail" not in text
    assert pins.read_bytes() == before


@pytest.mark.parametrize("answer", ["y\n", "YES\n"])
def test_answering_yes_at_the_terminal_accepts(
    pins: Path, env: dict[str, str], answer: str
) -> None:
    rc, out = run_in_pty(_accept(pins), env, answer, prompt=PROMPT)
    text = plain(out)
    assert rc == 0, text
    assert "Accept these changes? [y/N]" in text  # the question `cordon approve` asks too
    assert "accepted mail/send_email" in text and "accepted mail/(server)" in text
    pf = PinFile(pins)
    assert not pf.pending() and not pf.pending_identities()
    assert pf.identity("mail") == {"upstream": {"command": ["impostor"]}}
    tools = pf.load()["servers"]["mail"]["tools"]
    assert tools["send_email"]["description"] == CHANGED["description"]


@pytest.mark.parametrize("flag", ["--yes", "-y"])
def test_there_is_no_flag_that_skips_the_question(
    pins: Path, env: dict[str, str], flag: str
) -> None:
    before = pins.read_bytes()
    p = subprocess.run(
        _accept(pins, flag),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert p.returncode == 2
    assert pins.read_bytes() == before


def test_nothing_pending_needs_no_terminal(tmp_path: Path, env: dict[str, str]) -> None:
    path = tmp_path / "pins.json"
    PinFile(path).store("mail", [SEND_EMAIL_TOOL])
    p = subprocess.run(
        _accept(path),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "nothing pending" in p.stdout


def test_the_readme_says_what_a_run_without_a_terminal_does() -> None:
    """The README's quick start tells a newcomer how the command answers without a terminal:
    exit 2 with something pending (the test above it), exit 0 with nothing pending (the one
    above), both said, so a script that checks for pending changes is not surprised."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    start = readme.index("until you review it with `cordon pin accept --server NAME`")
    said = " ".join(readme[start : readme.index("A TTY alone proves nothing", start)].split())
    assert "must be a TTY, exit 2" in said
    assert "nothing pending" in said and "exit 0" in said


def test_a_pending_tool_the_server_no_longer_lists_is_dropped_not_accepted(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """Pending entries persist: a new tool seen once, then gone from the server's latest
    tools/list (`cordon run` records it), is dropped with a message, never pinned; a pending
    tool still listed is reviewed and accepted as before."""
    path = tmp_path / "pins.json"
    pf = PinFile(path)
    pf.store("mail", [SEND_EMAIL_TOOL])
    gone = {"name": "wire_money", "inputSchema": {"type": "object"}}
    pf.record_pending("mail", gone)
    pf.record_pending("mail", CHANGED)
    pf.record_listed("mail", ["send_email"])
    rc, out = run_in_pty(_accept(path), env, "y\n")
    text = plain(out)
    assert "mail/wire_money: not accepted, dropped" in text, text
    assert "accepted mail/send_email" in text and rc == 0, text
    entry = PinFile(path).load()["servers"]["mail"]
    assert "wire_money" not in entry["tools"] and entry["pending"] == {}
    assert entry["tools"]["send_email"]["description"] == CHANGED["description"]


def test_only_a_stale_pending_tool_leaves_nothing_to_ask(
    tmp_path: Path, env: dict[str, str]
) -> None:
    path = tmp_path / "pins.json"
    pf = PinFile(path)
    pf.store("mail", [SEND_EMAIL_TOOL])
    pf.record_pending("mail", {"name": "wire_money", "inputSchema": {"type": "object"}})
    pf.record_listed("mail", ["send_email"])
    rc, out = run_in_pty(_accept(path), env, None)
    text = plain(out)
    assert rc == 0 and "dropped" in text and "nothing else pending" in text, text
    assert PROMPT.decode() not in text
    assert "wire_money" not in PinFile(path).load()["servers"]["mail"]["tools"]


def test_server_name_pinned_in_several_files_resolves_to_the_one_with_a_change(
    env: dict[str, str],
) -> None:
    """One server name pinned in several files (``cordon init`` names each by its config, a
    hand-started ``cordon run`` by its command): ``--server`` alone finds the file that holds
    a change to review; with none holding one it says nothing is pending (exit 0, as with one
    file: README, Quick start step 3); with several holding one, it names them and asks for
    ``--pin-file``."""
    pin_dir = Path(env["HOME"]) / ".cordon" / "pins"
    pin_dir.mkdir(parents=True)
    quiet, changed = pin_dir / "files-aaaa.json", pin_dir / "files-bbbb.json"
    for path in (quiet, changed):
        PinFile(path).store("files", [SEND_EMAIL_TOOL])

    def accept() -> subprocess.CompletedProcess[str]:
        cmd = [*cordon_exe(), "pin", "accept", "--server", "files"]
        return subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
            stdin=subprocess.DEVNULL,
        )

    none_pending = accept()
    said = plain(none_pending.stdout + none_pending.stderr)
    assert none_pending.returncode == 0, said
    assert "nothing pending in any pin file of server 'files'" in said
    assert str(quiet) in said and str(changed) in said

    PinFile(changed).record_pending("files", CHANGED)
    one = accept()
    assert f"pin file {changed}" in one.stdout, one.stdout + one.stderr
    assert "terminal" in plain(one.stderr)  # then refused off a terminal, as with --pin-file
    assert PinFile(changed).pending("files") and not PinFile(quiet).pending("files")

    PinFile(quiet).record_pending("files", CHANGED)
    both = accept()
    assert both.returncode == 2 and "several pin files" in plain(both.stderr)
