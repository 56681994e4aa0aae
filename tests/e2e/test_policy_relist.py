"""The policy's fit and the pin file's ``listed`` names follow every complete tools/list, not
only the first: a server that lists a tool only after a call (a login, ``enable``) and says
so with ``notifications/tools/list_changed`` is re-listed by the client, and cordon checks the
policy against that list and records its names. Through the real `cordon run` process, with
a raw JSON-RPC client (tests/servers/late_tools.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cordon.store.pins import PinFile
from tests.conftest import Harness

pytestmark = [pytest.mark.e2e]
LATE = [sys.executable, str(Path(__file__).parents[1] / "servers" / "late_tools.py")]


class _Raw:
    """A client on the pipes of a real `cordon run`: initialize, then requests one by one."""

    def __init__(self, params: Any) -> None:
        self.proc = subprocess.Popen(
            [params.command, *params.args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=params.env,
        )
        self.n = 0
        init = {"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        self.ask("initialize", init)
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, msg: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg).encode() + b"\n")
        self.proc.stdin.flush()

    def ask(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdout is not None
        self.n += 1
        self._send({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        while True:
            msg = json.loads(self.proc.stdout.readline())
            if msg.get("id") == self.n:
                return msg

    def call(self, tool: str) -> str:
        """The text of a tools/call's result (an error result's too)."""
        r = self.ask("tools/call", {"name": tool, "arguments": {}})
        return json.dumps(r["result"])

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


def test_a_typo_of_a_tool_listed_later_denies_from_that_list_on(harness: Harness) -> None:
    """admin_tol restricts a tool the server lists only after enable: near none of the first
    list's names (taken for another server's, calls go through), a near match of the re-list's
    admin_tool (a typo: from then on every call is denied). Before, the fit was computed
    once, at the first list, and admin_tool ran without its max_calls: 0."""
    p = harness.policy({"version": 1, "tools": {"admin_tol": {"max_calls": 0}}})
    raw = _Raw(harness.cordon(LATE, policies=[p], name="late"))
    try:
        raw.ask("tools/list", {})
        assert "enable: ok" in raw.call("enable")
        relisted = raw.ask("tools/list", {})
        after = raw.call("read_file")
    finally:
        raw.close()
    assert "admin_tool" not in json.dumps(relisted)  # new since the pins: hidden for review
    assert "policy.unknown_tool" in after and "did you mean 'admin_tool'?" in after, after


def test_a_policy_restricting_a_tool_listed_later_runs(harness: Harness) -> None:
    """admin_tool (max_calls: 0) is listed only after enable: the first list does not make
    the policy a misfit (every call was denied, enable too), and the re-list holds the tool
    to its entry."""
    pins = harness.tmp / "pins.json"
    p = harness.policy({"version": 1, "tools": {"admin_tool": {"max_calls": 0}}})
    params = harness.cordon(LATE, policies=[p], name="late", extra=["--pin-file", str(pins)])
    raw = _Raw(params)
    try:
        raw.ask("tools/list", {})
        assert "enable: ok" in raw.call("enable")
        raw.ask("tools/list", {})
        assert "read_file: ok" in raw.call("read_file")
    finally:
        raw.close()
    assert not [r for r in harness.records("verdict") if r.get("rule") == "policy.unknown_tool"]


def test_listed_follows_each_relist_for_pin_accept(harness: Harness) -> None:
    """The pin file's listed names are those of the latest complete tools/list: a tool the
    server lists only after enable is pending and kept for `cordon pin accept` (it dropped it
    as stale, forever, while stderr told the user to run pin accept), and one it no longer
    lists after disable is dropped."""
    pins = harness.tmp / "pins.json"
    params = harness.cordon(LATE, name="late", extra=["--pin-file", str(pins)])
    raw = _Raw(params)  # the first run pins enable, disable and read_file
    try:
        raw.ask("tools/list", {})
    finally:
        raw.close()
    raw = _Raw(params)
    try:
        raw.ask("tools/list", {})
        raw.call("enable")
        raw.ask("tools/list", {})  # admin_tool: new since the pins, pending
        entry = PinFile(pins).load()["servers"]["late"]
        assert "admin_tool" in entry["pending"] and "admin_tool" in entry["listed"]
        assert PinFile(pins).drop_stale("late") == []
        raw.call("disable")
        raw.ask("tools/list", {})
    finally:
        raw.close()
    assert "admin_tool" not in PinFile(pins).load()["servers"]["late"]["listed"]
    assert PinFile(pins).drop_stale("late") == ["late/admin_tool"]
