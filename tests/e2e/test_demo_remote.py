"""``make demo-remote`` end to end: the scripted hijacked agent against the helpdesk server over
Streamable HTTP, straight and through the real ``cordon run --url``.

The demo checks the server's state, what the server saw and where its bearer token went, and
exits non-zero on any failed check; this test runs it as a subprocess with a known token and
re-reads what it left behind: the state, the server's request logs, the audit log.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.e2e

DEMO = ROOT / "examples" / "demo"
OUT = DEMO / "out" / "remote"
TOKEN = "tok-demo-remote-3f9c2a71be"
ATTACKER = "exfil@attacker-mail.example"
ALLOWED = [
    "list_tickets",
    "read_ticket",
    "list_customers",
    "delete_customer",
    "write_file",
    "send_email",
]


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text("utf-8").splitlines() if x.strip()]


def _customers(state: Path) -> set[int]:
    with sqlite3.connect(state / "helpdesk.db") as db:
        return {r[0] for r in db.execute("SELECT id FROM customers")}


def test_remote_demo_blocks_the_hijack_and_the_token_stays_out_of_the_log() -> None:
    p = subprocess.run(
        [sys.executable, str(DEMO / "run.py"), "--remote"],
        capture_output=True,
        text=True,
        timeout=110,
        cwd=ROOT,
        env={
            "COLUMNS": "200",
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT / "src"),
            "HELPDESK_DEMO_TOKEN": TOKEN,
        },
        check=False,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "FAIL" not in p.stdout
    assert "all 26 checks passed" in p.stdout
    assert TOKEN not in p.stdout + p.stderr

    guarded = OUT / "state-cordon"
    mails = [json.loads(x.read_text()) for x in sorted((guarded / "outbox").glob("*.json"))]
    assert [m["to"] for m in mails] == ["support-team@helpdesk.example"]
    assert _customers(guarded) == {1, 3, 4}

    # near-miss: without cordon the same script does all the damage
    direct = OUT / "state-direct"
    direct_to = {json.loads(x.read_text())["to"] for x in (direct / "outbox").glob("*.json")}
    assert ATTACKER in direct_to
    assert _customers(direct) == {1, 4}

    # what the server saw: straight, all ten calls; through cordon, only the allowed six,
    # every request with the token (checked by the server) and cordon's User-Agent
    straight = _jsonl(OUT / "server-direct.jsonl")
    assert len([r for r in straight if r.get("rpc") == "tools/call"]) == 10
    behind = _jsonl(OUT / "server-cordon.jsonl")
    assert behind and {r["auth"] for r in behind} == {"ok"}
    assert all(str(r["user_agent"]).startswith("cordon/") for r in behind)
    assert [r["tool"] for r in behind if r.get("rpc") == "tools/call"] == ALLOWED
    assert ATTACKER not in json.dumps([r.get("arguments") for r in behind])

    records = _jsonl(OUT / "audit.jsonl")
    denied = {
        r.get("rule") for r in records if r.get("kind") == "verdict" and r.get("verdict") != "allow"
    }
    assert {"taint.seen_in_output", "arg.path_outside", "budget.max_calls"} <= denied
    start = next(r for r in records if r.get("kind") == "start")
    assert start["upstream"]["url"].startswith("http://127.0.0.1:")
    # the token reached the server through cordon, and no file the demo left holds it
    leaks = [str(f) for f in OUT.rglob("*") if f.is_file() and TOKEN.encode() in f.read_bytes()]
    assert leaks == []
    assert (OUT / "pack.md").stat().st_size > 0 and (OUT / "pack.html").stat().st_size > 0
