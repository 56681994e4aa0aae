"""Integers orjson cannot write (outside [-2**63, 2**64-1]) in an audit record: the library's
``Gateway`` and ``cordon serve`` take Python integers of any size, and the record of such a
call raised ``TypeError`` from the log before (the call failed with no verdict recorded).
The engine denies such a call (``arg.malformed``, as the proxy refuses the frame); its record
keeps the number's digits as text and the chain still verifies."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from cordon import Blocked, Gateway
from cordon.audit.log import AuditLog, sanitize
from cordon.audit.verify import verify


def test_sanitize_writes_wide_integers_as_their_digits() -> None:
    rec = {"a": 10**20 + 1, "b": -(2**63) - 1, "c": 2**64 - 1, "d": -(2**63), "e": [2**70]}
    clean = sanitize(rec)
    assert clean == {"a": str(10**20 + 1), "b": str(-(2**63) - 1), "c": 2**64 - 1,
                     "d": -(2**63), "e": [str(2**70)]}  # fmt: skip
    orjson.dumps(clean)  # writable


def test_gateway_call_with_a_wide_integer_is_audited(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(path)
    seen: list[int] = []

    def echo(n: int) -> int:
        seen.append(n)
        return n

    gw = Gateway(policy={"version": 1}, audit=log)
    gw.add_tool("echo", "echo a number", echo, untrusted_output=False)
    session = gw.new_session()
    with pytest.raises(Blocked) as denied:
        gw.call("echo", {"n": 10**20 + 1}, session=session)
    log.close()
    assert denied.value.rule == "arg.malformed" and seen == []
    records = [orjson.loads(line) for line in path.read_text("utf-8").splitlines()]
    calls = [r for r in records if r.get("tool") == "echo"]
    assert [r["verdict"] for r in calls] == ["deny"]
    assert str(10**20 + 1) in path.read_text("utf-8")
    assert verify(path).ok
