"""``make demo`` end to end: the scripted hijacked agent through the real ``cordon run``.

The demo script checks the helpdesk server's state itself and exits non-zero on any failed
check; this test runs it as a subprocess and also re-reads the state it left behind.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.e2e

DEMO = ROOT / "examples" / "demo"
OUT = DEMO / "out"


def test_demo_blocks_the_hijack_and_keeps_the_real_work() -> None:
    p = subprocess.run(
        [sys.executable, str(DEMO / "run.py")],
        capture_output=True,
        text=True,
        timeout=110,
        cwd=ROOT,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT / "src")},
        check=False,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "FAIL" not in p.stdout
    assert "all" in p.stdout and "checks passed" in p.stdout
    # the approval hint names the store and the audit log cordon run was given, as the
    # README says to pass them (without --audit the approval cannot show the arguments)
    said = " ".join(p.stdout.split())
    hint = r"cordon approve \S+ --store examples/demo/out/approvals\.json"
    assert re.search(hint + r" --audit examples/demo/out/audit\.jsonl", said), said

    guarded = OUT / "state-cordon"
    mails = [json.loads(x.read_text()) for x in sorted((guarded / "outbox").glob("*.json"))]
    assert [m["to"] for m in mails] == ["support-team@helpdesk.example"]
    with sqlite3.connect(guarded / "helpdesk.db") as db:
        ids = {r[0] for r in db.execute("SELECT id FROM customers")}
    assert ids == {1, 3, 4}

    # near-miss: without cordon the same script does all the damage
    direct = OUT / "state-direct"
    direct_to = {json.loads(x.read_text())["to"] for x in (direct / "outbox").glob("*.json")}
    assert "exfil@attacker-mail.example" in direct_to
    with sqlite3.connect(direct / "helpdesk.db") as db:
        assert {r[0] for r in db.execute("SELECT id FROM customers")} == {1, 4}

    records = [json.loads(x) for x in (OUT / "audit.jsonl").read_text().splitlines() if x.strip()]
    denied = {
        r.get("rule") for r in records if r.get("kind") == "verdict" and r.get("verdict") != "allow"
    }
    assert {"taint.seen_in_output", "arg.path_outside", "budget.max_calls"} <= denied
    assert (OUT / "pack.md").stat().st_size > 0 and (OUT / "pack.html").stat().st_size > 0
