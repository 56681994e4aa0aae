"""One-time codes scoped to the server they were issued for (CodeStore ``scope``,
:func:`cordon.approvals.codes.server_scope`): two servers of one name share the store and
the approval key of an identical call, and neither redeems the other's code."""

from __future__ import annotations

from pathlib import Path

from cordon.approvals.codes import CodeStore, server_scope

KEY = ["mail", "send_email", "taint.unverified_destination", "to", "eve@partner.example", "d1"]
ASK = {
    "server": "mail",
    "tool": "send_email",
    "param": "to",
    "destination": "eve@partner.example",
    "rule": "taint.unverified_destination",
    "reason": "destination is not on an allowlist",
}


def _scope(command: list[str]) -> str:
    return server_scope("mail", {"command": command, "url": None, "pins": "/p/mail.json"})


def test_a_code_is_consumed_only_under_its_own_scope(tmp_path: Path) -> None:
    path = tmp_path / "approvals.json"
    one = CodeStore(path, scope=_scope(["mail-server", "--account", "work"]))
    two = CodeStore(path, scope=_scope(["mail-server", "--account", "home"]))
    code = one.issue(**ASK, approval_key=KEY)
    assert two.issue(**ASK, approval_key=KEY) != code  # not handed the other's code
    one.approve(code)
    assert two.consume(KEY) is None  # the other server's identical retry
    assert CodeStore(path).consume(KEY) is None  # nor a store with no scope
    used = one.consume(KEY)
    assert used is not None and used.code == code
    assert one.consume(KEY) is None  # once


def test_an_unscoped_code_is_not_consumed_under_a_scope(tmp_path: Path) -> None:
    """A code a store without a scope issued (an older cordon run) is redeemed by no
    scoped server: the retry is asked again (fail closed), never let through as anyone's."""
    path = tmp_path / "approvals.json"
    code = CodeStore(path).issue(**ASK, approval_key=KEY)
    CodeStore(path).approve(code)
    assert CodeStore(path, scope=_scope(["mail-server"])).consume(KEY) is None


def test_the_scope_tells_servers_apart_and_keeps_no_credential() -> None:
    key = "sk-live-0123456789abcdef0123"
    a = server_scope("mail", {"command": ["srv", "--api-key", key]})
    assert a == server_scope("mail", {"command": ["srv", "--api-key", key]})
    assert a != server_scope("mail", {"command": ["srv", "--api-key", key + "x"]})
    assert a != server_scope("other", {"command": ["srv", "--api-key", key]})
    assert key not in a and a.startswith("server:")
