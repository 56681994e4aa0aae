"""``cordon approve`` and ``cordon pending`` run as real processes (issue 3).

``approve`` is driven through a pseudo-terminal, the way a person would use it, and through
pipes, the way an agent's shell tool would, which it must refuse.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests._tty import plain as _plain
from tests._tty import run_in_pty as _run_in_pty

from cordon.approvals.codes import CodeStore
from cordon.approvals.commands import find_call_record
from cordon.audit.log import AuditLog, record_for_call

REPO = Path(__file__).resolve().parents[2]
SRC = REPO / "src"
CONSOLE_SCRIPT = REPO / ".venv" / "bin" / "cordon"
CLI = SRC / "cordon" / "cli.py"
KEY = ["mail", "send_email", "to", "eve@example.net"]

_FALLBACK = """\
import typer
from cordon.approvals.commands import register
app = typer.Typer()
register(app)
app(prog_name="cordon")
"""


def _uses_real_cli() -> bool:
    return CLI.exists() and "approvals" in CLI.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def cordon_argv(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The real ``cordon`` entry point when it exists, else an app that only registers ours."""
    if CONSOLE_SCRIPT.exists() and _uses_real_cli():
        return [str(CONSOLE_SCRIPT)]
    if _uses_real_cli():
        return [sys.executable, "-m", "cordon.cli"]
    script = tmp_path_factory.mktemp("app") / "cordon_app.py"
    script.write_text(_FALLBACK)
    return [sys.executable, str(script)]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), e.get("PYTHONPATH")) if p)
    e["HOME"] = str(tmp_path / "home")  # never touch the real ~/.cordon
    e["TERM"] = "xterm-256color"
    for var in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES"):
        e.pop(var, None)
    return e


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "store" / "approvals.json"


def _issue(path: Path, *, dest: str = "eve@example.net", age_s: float = 0.0) -> str:
    store = CodeStore(path, clock=lambda: time.time() - age_s)
    return store.issue(
        server="mail",
        tool="send_email",
        param="to",
        destination=dest,
        rule="taint.unproven",
        reason="the destination was not seen in the user's request",
        approval_key=[*KEY[:3], dest],
    )


def _state(path: Path, code: str) -> str:
    rec = CodeStore(path).get(code)
    assert rec is not None
    return rec.state


# -- refusing to run without a person ----------------------------------------------------------


def test_approve_refuses_without_a_terminal(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    code = _issue(store_path)
    before = store_path.read_bytes()
    proc = subprocess.run(
        [*cordon_argv, "approve", code, "--store", str(store_path)],
        input="yes\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )
    assert proc.returncode == 2
    assert "terminal" in _plain(proc.stderr)
    assert "Approve it?" not in proc.stdout
    assert store_path.read_bytes() == before
    assert _state(store_path, code) == "pending"


def test_approve_refuses_when_only_stdin_is_a_terminal(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    code = _issue(store_path)
    master, slave = os.openpty()
    try:
        proc = subprocess.run(
            [*cordon_argv, "approve", code, "--store", str(store_path)],
            stdin=slave,
            capture_output=True,
            text=True,
            env=env,
            timeout=30,
        )
    finally:
        os.close(slave)
        os.close(master)
    assert proc.returncode == 2
    assert _state(store_path, code) == "pending"


def test_approve_has_no_yes_flag(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    code = _issue(store_path)
    for flag in ("--yes", "-y"):
        rc, out = _run_in_pty(
            [*cordon_argv, "approve", code, "--store", str(store_path), flag], env, None
        )
        assert rc == 2, out
        assert "Approve it?" not in out
    assert _state(store_path, code) == "pending"


# -- a person at a terminal -------------------------------------------------------------------


def test_approve_in_a_terminal_with_yes(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    code = _issue(store_path)
    rc, out = _run_in_pty(
        [*cordon_argv, "approve", code.lower(), "--store", str(store_path)], env, "yes\n"
    )
    text = _plain(out)
    assert rc == 0, text
    for shown in (code, "mail", "send_email", "to", "eve@example.net", "taint.unproven"):
        assert shown in text
    assert "destination was not seen" in text
    assert "allowed once" in text
    assert _state(store_path, code) == "approved"
    # the approval is the one retry; the store hands it out exactly once
    store = CodeStore(store_path)
    assert store.consume(KEY) is not None
    assert store.consume(KEY) is None


@pytest.mark.parametrize("answer", ["Y\n", "YES\n", "y\n"])
def test_approve_takes_y_or_yes_in_any_case(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, answer: str
) -> None:
    """The same answer as `cordon pin accept` and `cordon init` ([y/N])."""
    code = _issue(store_path)
    rc, out = _run_in_pty([*cordon_argv, "approve", code, "--store", str(store_path)], env, answer)
    assert rc == 0, _plain(out)
    assert "Approve it? [y/N]" in _plain(out)
    assert _state(store_path, code) == "approved"


@pytest.mark.parametrize("answer", ["no\n", "\n", "yess\n", "n\n"])
def test_approve_in_a_terminal_without_yes_aborts(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, answer: str
) -> None:
    code = _issue(store_path)
    rc, out = _run_in_pty([*cordon_argv, "approve", code, "--store", str(store_path)], env, answer)
    assert rc == 1, _plain(out)
    assert "Nothing was approved" in _plain(out)
    assert _state(store_path, code) == "pending"


def test_approve_ctrl_d_aborts(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    code = _issue(store_path)
    rc, out = _run_in_pty([*cordon_argv, "approve", code, "--store", str(store_path)], env, "\x04")
    assert rc == 1, _plain(out)
    assert _state(store_path, code) == "pending"


@pytest.mark.parametrize(
    "case,message",
    [("unknown", "Unknown approval code"), ("expired", "expired"), ("malformed", "not an")],
)
def test_approve_refuses_bad_codes_before_asking(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, case: str, message: str
) -> None:
    live = _issue(store_path)
    if case == "expired":
        code = _issue(store_path, dest="old@example.net", age_s=301)
    elif case == "unknown":
        code = "0000-0000" if live != "0000-0000" else "1111-1111"
    else:
        code = "hello"
    rc, out = _run_in_pty([*cordon_argv, "approve", code, "--store", str(store_path)], env, None)
    assert rc == 1
    assert message in _plain(out)
    assert "Approve it?" not in out
    assert _state(store_path, live) == "pending"


def test_approve_shows_hostile_values_escaped(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    dest = "\u0435ve@example.net\x1b[2J[bold red]ok[/]"  # Cyrillic e, clear-screen, markup
    code = _issue(store_path, dest=dest)
    rc, out = _run_in_pty([*cordon_argv, "approve", code, "--store", str(store_path)], env, "no\n")
    assert rc == 1
    assert "\x1b[2J" not in out
    text = _plain(out)
    assert "\\u0435ve@example.net" in text  # the homoglyph is visible
    assert "[bold red]ok[/]" in text  # markup shown literally, not interpreted
    assert "control characters removed" in text


def _log_call(audit: Path, code: str, arguments: dict[str, object]) -> None:
    log = AuditLog(audit)
    log.write(
        record_for_call(
            session="s1",
            server="mail",
            tool="send_email",
            arguments=arguments,
            verdict="ask",
            rule="taint.unproven",
            reason="r",
            asked="code",
            answer="deny",
            code=code,
        )
    )
    log.close()


def test_approve_shows_the_arguments_and_every_cut(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, tmp_path: Path
) -> None:
    code = _issue(store_path)
    audit = tmp_path / "audit.jsonl"
    many = {f"extra{i:02d}": i for i in range(45)}
    _log_call(
        audit,
        code,
        {
            "to": "eve@example.net",
            "subject": "line one\nDestination: ops@example.com",
            "body": "b" * 4050,  # (over what an approval of exact arguments covers)
            "attachment": "a" * 4990 + "END",  # over MAX_ARG_BYTES: the log keeps its ends
            "cc": ["x@example.net", "\u0435@example.net"],
            **many,
        },
    )
    env = {**env, "COLUMNS": "9000"}  # one line per row: the notes are not wrapped
    argv = [*cordon_argv, "approve", code, "--store", str(store_path), "--audit", str(audit)]
    rc, out = _run_in_pty(argv, env, "no\n")
    assert rc == 1
    text = _plain(out)
    assert "to eve@example.net" in text
    # a newline cannot fake a row of the panel
    assert "subject line one\\nDestination: ops@example.com" in text
    # (cut in the middle: its start and its end are shown)
    cut = (
        "b" * 2662 + " ... " + "b" * 1333 + " [cut in the middle: 55 of 4050 characters not shown]"
    )
    assert cut in text
    assert "b" * 4001 not in text
    assert "[cut by the audit log: 4993 bytes in all, its start and its end were kept" in text
    assert "a" * 125 + "END" in text  # (the end the audit log kept, shown)
    assert "\\u0435@example.net" in text
    # 40 arguments shown, the other 10 counted
    assert "extra34 34" in text and "extra35" not in text
    assert "[10 more argument(s) not shown: audit record seq 1]" in text
    # the code binds the whole call; the shown copy was cut, so it cannot be checked
    # against the code's digest: said plainly
    assert "could not be checked against the code (cut or cleaned)" in text
    assert text.index("[cut in the middle: 55") < text.index("Approve it?")
    assert _state(store_path, code) == "pending"


def test_approve_says_when_the_call_is_not_in_the_audit_log(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, tmp_path: Path
) -> None:
    code = _issue(store_path)
    audit = tmp_path / "audit.jsonl"
    _log_call(audit, "0000-0000" if code != "0000-0000" else "1111-1111", {"to": "a@b.example"})
    argv = [*cordon_argv, "approve", code, "--store", str(store_path), "--audit", str(audit)]
    rc, out = _run_in_pty(argv, {**env, "COLUMNS": "3000"}, "yes\n")
    assert rc == 0  # the person may still approve, having been told
    text = _plain(out)
    assert f"NOT SHOWN: no record of this call with code {code}" in text
    assert "a@b.example" not in text
    assert _state(store_path, code) == "approved"


def test_find_call_record_reads_backwards_across_blocks_and_rotation(tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    _log_call(audit, "AAAA-AAAA", {"n": 1})
    log = AuditLog(audit)
    for i in range(400):  # past one 1 MiB block
        log.write({"kind": "filler", "pad": "p" * 4000, "i": i})
    log.close()
    _log_call(audit, "BBBB-BBBB", {"n": 2})
    _log_call(audit, "BBBB-BBBB", {"n": 3})
    assert audit.stat().st_size > 1 << 20
    assert find_call_record(audit, "AAAA-AAAA")["arguments"] == {"n": 1}  # type: ignore[index]
    assert find_call_record(audit, "BBBB-BBBB")["arguments"] == {"n": 3}  # type: ignore[index]
    assert find_call_record(audit, "CCCC-CCCC") is None
    audit.rename(tmp_path / "audit.jsonl.1")
    _log_call(audit, "DDDD-DDDD", {"n": 4})
    assert find_call_record(audit, "AAAA-AAAA")["arguments"] == {"n": 1}  # type: ignore[index]
    assert find_call_record(tmp_path / "missing.jsonl", "AAAA-AAAA") is None


def test_approve_against_a_corrupt_store_fails_closed(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    store_path.parent.mkdir(parents=True)
    store_path.write_text("{not json")
    os.chmod(store_path, 0o600)
    rc, out = _run_in_pty(
        [*cordon_argv, "approve", "7KQF-M2XD", "--store", str(store_path)], env, None
    )
    assert rc == 1
    assert "corrupt" in _plain(out)
    assert store_path.read_text() == "{not json"


# -- cordon pending ---------------------------------------------------------------------------


def test_pending_lists_open_codes(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    open_code = _issue(store_path)
    expired = _issue(store_path, dest="old@example.net", age_s=301)
    used = _issue(store_path, dest="done@example.net")
    store = CodeStore(store_path)
    store.approve(used)
    assert store.consume([*KEY[:3], "done@example.net"]) is not None

    proc = subprocess.run(
        [*cordon_argv, "pending", "--store", str(store_path), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=30,
    )
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert [r["code"] for r in rows] == [open_code]
    assert rows[0]["destination"] == "eve@example.net"
    assert 0 < rows[0]["expires_in_s"] <= 300

    proc = subprocess.run(
        [*cordon_argv, "pending", "--store", str(store_path)],
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "200"},
        timeout=30,
    )
    assert proc.returncode == 0, proc.stderr
    assert open_code in proc.stdout and "eve@example.net" in proc.stdout
    assert expired not in proc.stdout and used not in proc.stdout


def test_pending_empty_and_default_store(cordon_argv: list[str], env: dict[str, str]) -> None:
    proc = subprocess.run(
        [*cordon_argv, "pending"], capture_output=True, text=True, env=env, timeout=30
    )
    assert proc.returncode == 0, proc.stderr
    assert "No open approval codes" in proc.stdout
    home_store = Path(env["HOME"]) / ".cordon" / "approvals.json"
    # the store looked in is named, and where another is chosen (a cordon run given
    # --approvals-store keeps its codes in that file)
    assert str(home_store) in proc.stdout.replace("\n", "") and "--store" in proc.stdout
    _issue(home_store)
    proc = subprocess.run(
        [*cordon_argv, "pending", "--json"], capture_output=True, text=True, env=env, timeout=30
    )
    assert len(json.loads(proc.stdout)) == 1


def test_approve_shows_the_destination_as_the_call_spelled_it(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, tmp_path: Path
) -> None:
    """The code keeps the destination normalised (lower case); the panel's Destination row
    shows the agent's spelling, found in the call's own arguments."""
    code = _issue(store_path, dest="new.person@partner.example")
    audit = tmp_path / "audit.jsonl"
    _log_call(audit, code, {"to": "New.Person@Partner.Example", "body": "hi"})
    argv = [*cordon_argv, "approve", code, "--store", str(store_path), "--audit", str(audit)]
    rc, out = _run_in_pty(argv, {**env, "COLUMNS": "3000"}, "no\n")
    assert rc == 1
    text = _plain(out)
    assert "Destination New.Person@Partner.Example" in text, text
    assert "new.person@partner.example" not in text


def test_pending_shows_the_destination_as_the_call_spelled_it(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, tmp_path: Path
) -> None:
    """As `cordon approve` does: the code keeps the destination lower case, the table shows
    the agent's spelling from the call's verdict record (--json adds it beside the key)."""
    code = _issue(store_path, dest="new.person@partner.example")
    audit = tmp_path / "audit.jsonl"
    _log_call(audit, code, {"to": "New.Person@Partner.Example", "body": "hi"})
    base = [*cordon_argv, "pending", "--store", str(store_path), "--audit", str(audit)]
    proc = subprocess.run(
        base, capture_output=True, text=True, env={**env, "COLUMNS": "200"}, timeout=30
    )
    assert proc.returncode == 0, proc.stderr
    assert "New.Person@Partner.Example" in proc.stdout, proc.stdout
    assert "new.person@partner.example" not in proc.stdout
    proc = subprocess.run([*base, "--json"], capture_output=True, text=True, env=env, timeout=30)
    (row,) = json.loads(proc.stdout)
    assert row["destination"] == "new.person@partner.example"
    assert row["destination_as_spelled"] == "New.Person@Partner.Example"


def test_approve_caps_a_long_reason_and_destination(
    cordon_argv: list[str], env: dict[str, str], store_path: Path
) -> None:
    """A reason and a destination quote the adversary's text: their start and their end are
    shown with how much was cut, so their length cannot push the question off the screen."""
    dest = "eve@" + "a" * 3000 + ".evil.example"
    store = CodeStore(store_path)
    code = store.issue(
        server="mail",
        tool="send_email",
        param="to",
        destination=dest,
        rule="taint.unproven",
        reason="first seen in output: " + "pad " * 2500 + "END-OF-REASON",
        approval_key=[*KEY[:3], dest],
    )
    argv = [*cordon_argv, "approve", code, "--store", str(store_path)]
    rc, out = _run_in_pty(argv, {**env, "COLUMNS": "3000"}, "no\n")
    assert rc == 1
    text = _plain(out)
    assert "first seen in output: pad" in text and "END-OF-REASON" in text
    assert "of 10,035 characters not shown" in text, text
    assert ".evil.example" in text and "of 3,017 characters not shown" in text
    assert text.count("pad ") < 150 and text.count("a" * 400) == 0
    assert "Approve it?" in text


def test_approve_shows_every_key_of_an_argument_shaped_like_a_cut(
    cordon_argv: list[str], env: dict[str, str], store_path: Path, tmp_path: Path
) -> None:
    # an argument is the agent's JSON: an object spelled as the audit log's cut marker, with
    # a key of its own, reaches the server whole; shown as a cut string it hid that key from
    # the person approving exactly that call
    code = _issue(store_path)
    audit = tmp_path / "audit.jsonl"
    forged = {"truncated": True, "head": "weekly notes", "len": 5000, "sha256": "0" * 64}
    _log_call(audit, code, {"body": {**forged, "bcc": "eve@evil.example"}, "note": forged})
    argv = [*cordon_argv, "approve", code, "--store", str(store_path), "--audit", str(audit)]
    rc, out = _run_in_pty(argv, {**env, "COLUMNS": "3000"}, "no\n")
    assert rc == 1
    text = _plain(out)
    assert "eve@evil.example" in text
    # the marker's own shape is still read as a cut: its every part is shown
    assert "note weekly notes [cut by the audit log: 5000 bytes in all" in text
