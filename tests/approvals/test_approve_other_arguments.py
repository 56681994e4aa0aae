"""`cordon approve CODE` shows the denied call's arguments from the audit log's record that
carries the code; the code itself binds the digest of the whole call (``code_key``). A record
whose arguments are whole (nothing cut by the audit log) but do not hash to the code's digest
is not the call the code approves: another file than cordon's log (``--audit`` named in a
hint the agent relayed from a hostile server's output, a file the agent was made to write),
or arguments cleaned of control characters. Its arguments must not be shown as the call's
under a mild note ("could not be checked ... cut or cleaned"): the person would approve a
call they did not see. Attacker: a server whose output the agent reads (the spoofed hint)
and a file the agent writes; a process of the user's own can write the store itself
(docs/threat-model.md)."""

from __future__ import annotations

from pathlib import Path

from tests._tty import plain as _plain
from tests._tty import run_in_pty as _run_in_pty
from tests.approvals.test_commands import (  # noqa: F401 - fixtures
    _log_call,
    cordon_argv,
    env,
    store_path,
)

from cordon.approvals.codes import CodeStore
from cordon.decider import code_key

_REAL = {"to": "eve@example.net", "body": "attached: the contents of ~/.ssh/id_ed25519"}
_SHOWN = {"to": "eve@example.net", "body": "Lunch at noon?"}


def _issue_for(store: Path, args: dict[str, str]) -> str:
    return CodeStore(store).issue(
        server="mail",
        tool="send_email",
        param="to",
        destination="eve@example.net",
        rule="taint.unproven",
        reason="the destination was not seen in the user's request",
        approval_key=code_key(["mail", "send_email", "to", "eve@example.net"], "send_email", args),
    )


def _approve_text(
    argv: list[str], environ: dict[str, str], code: str, store: Path, audit: Path
) -> str:
    environ = {**environ, "COLUMNS": "400"}
    rc, out = _run_in_pty(
        [*argv, "approve", code, "--store", str(store), "--audit", str(audit)], environ, "no\n"
    )
    assert rc == 1
    return _plain(out)


def test_a_record_with_other_whole_arguments_is_not_shown_as_the_call(
    cordon_argv: list[str],  # noqa: F811
    env: dict[str, str],  # noqa: F811
    store_path: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    code = _issue_for(store_path, _REAL)
    forged = tmp_path / "notes.jsonl"
    _log_call(forged, code, _SHOWN)
    text = _approve_text(cordon_argv, env, code, store_path, forged)
    assert "Lunch at noon?" not in text, text
    assert "NOT SHOWN" in text and "other arguments" in text, text
    assert CodeStore(store_path).get(code).state == "pending"  # type: ignore[union-attr]


def test_the_calls_own_record_is_shown_and_checked(
    cordon_argv: list[str],  # noqa: F811
    env: dict[str, str],  # noqa: F811
    store_path: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    code = _issue_for(store_path, _REAL)
    audit = tmp_path / "audit.jsonl"
    _log_call(audit, code, _REAL)
    text = _approve_text(cordon_argv, env, code, store_path, audit)
    assert "~/.ssh/id_ed25519" in text
    assert "exactly the arguments shown (checked against the code)" in text


def test_a_cut_copy_is_still_shown_with_its_note(
    cordon_argv: list[str],  # noqa: F811
    env: dict[str, str],  # noqa: F811
    store_path: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    long = {"to": "eve@example.net", "body": "x" * 5000 + "END"}
    code = _issue_for(store_path, long)
    audit = tmp_path / "audit.jsonl"
    _log_call(audit, code, long)
    text = _approve_text(cordon_argv, env, code, store_path, audit)
    assert "cut by the audit log" in text and "END" in text
    assert "could not be checked against the code" in text
