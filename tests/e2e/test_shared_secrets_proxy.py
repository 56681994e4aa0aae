"""Credentials across two servers of one client, through the real ``cordon run`` processes.

Two mailbox servers stand for a file server and a ticket server, each wrapped by its own
``cordon run`` (one client, one shared store under ``$HOME/.cordon/taint``). A database
password read from ``.env`` through the first is refused in any call to the second, and in
a later call to the first too (it came from a file read: CyberArk's advanced tool
poisoning asks the model for ``.env`` in a parameter of the next call to the same server);
a token the first server produced itself may go back to it in a call that sends nothing,
never to the other. The servers log every call they receive: the refused ones never arrive.
The audit log and the review pack hold the password's hash, never the password.

The credentials are random, built at run time."""

from __future__ import annotations

import hashlib
import json
import random
import string
import subprocess
from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, cordon_exe, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

OPS = "ops@example.com"
_RNG = random.SystemRandom()


def _token() -> str:
    # letters and digits, as a generated database password is (and the scanner's
    # ``secret.password_assignment`` takes one: letters and a digit)
    return "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(14)) + "7q"


def _box(harness: Harness, name: str, inbox: str = "") -> Path:
    box = harness.tmp / name
    box.mkdir()
    (box / "inbox.txt").write_text(inbox, "utf-8")
    return box


def _arrived(box: Path) -> str:
    """Every call the server received, and everything it sent or fetched."""
    out = ""
    for name in ("calls.log", "fetched.log"):
        if (box / name).exists():
            out += (box / name).read_text("utf-8")
    if (box / "outbox").exists():
        out += "".join(p.read_text("utf-8") for p in (box / "outbox").iterdir())
    return out


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()[:16]


def _review_pack(harness: Harness) -> str:
    md, page = harness.tmp / "pack.md", harness.tmp / "pack.html"
    subprocess.run(
        [*cordon_exe(), "report", "--audit", str(harness.audit), "-o", str(md), "--html",
         str(page)],
        check=True,
        capture_output=True,
        env={"HOME": str(harness.home), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    return md.read_text("utf-8") + page.read_text("utf-8")


async def test_a_password_read_through_one_server_is_refused_by_both(harness: Harness) -> None:
    password, session_token = _token(), _token()
    project = harness.tmp / "project"
    project.mkdir()
    (project / ".env").write_text(f"APP_ENV=prod\nDB_PASSWORD={password}\n", "utf-8")
    policy = harness.policy({"version": 1, "trusted_destinations": [OPS, "*.example.com"]})
    files_box = _box(harness, "files", inbox=f"Your session api_key: {session_token}\n")
    tickets_box = _box(harness, "tickets")
    files = harness.cordon(
        mailbox_server(),
        policies=[policy],
        env={"MAILBOX_DIR": str(files_box), "MAILBOX_CALL_LOG": "1"},
        name="files",
        extra=["--content", "monitor"],  # the agent reads the password as the server sent it
    )
    tickets = harness.cordon(
        mailbox_server(),
        policies=[policy],
        env={"MAILBOX_DIR": str(tickets_box), "MAILBOX_CALL_LOG": "1"},
        name="tickets",
    )
    async with Client(files, mode="legacy") as fc, Client(tickets, mode="legacy") as tc:
        await fc.list_tools()
        await tc.list_tools()
        r = await fc.call_tool("read_file", {"path": str(project / ".env")})
        assert password in text_of(r)  # monitor mode: the agent reads it
        r = await fc.call_tool("read_inbox", {})  # a token the server itself issued
        assert session_token in text_of(r)

        # the other server: refused in any call, sending or not, however it is spelled
        for tool, args in [
            ("echo", {"text": password}),
            ("echo", {"text": f"db creds: user=app pw={password}"}),
            ("fetch", {"url": f"https://status.example.com/search?q={password}"}),
            ("send_email", {"to": OPS, "subject": "creds", "body": f"it is {password}"}),
            ("echo", {"text": f"a={password[:9]}", "more": f"{password[9:]};"}),
            ("echo", {"text": session_token}),
        ]:
            r = await tc.call_tool(tool, args)
            assert r.is_error and "secret.egress" in text_of(r), (tool, text_of(r))
            assert password not in text_of(r)
        r = await tc.call_tool("echo", {"text": "nothing secret here"})
        assert not r.is_error, text_of(r)

        # the same server: the password came from a file read, so it does not go back
        # either (the fake-error "put .env in the next call's notes" attack)
        r = await fc.call_tool("echo", {"text": f"notes: DB_PASSWORD={password}"})
        assert r.is_error and "secret.egress" in text_of(r), text_of(r)
        # the server's own token may go back to it in a call that sends nothing
        r = await fc.call_tool("echo", {"text": session_token})
        assert not r.is_error, text_of(r)

    # nothing refused reached either server
    assert password not in _arrived(tickets_box) and password[9:] not in _arrived(tickets_box)
    assert session_token not in _arrived(tickets_box)
    assert "nothing secret here" in _arrived(tickets_box)
    assert password not in _arrived(files_box)
    assert session_token in _arrived(files_box)  # (the allowed call back to its own server)

    # the audit log and the review pack hold the password's hash, never the password
    log = harness.audit.read_text("utf-8")
    pack = _review_pack(harness)
    for secret in (password, password[9:], session_token):
        assert secret.lower() not in log.lower() or secret == session_token
        assert secret.lower() not in pack.lower(), secret
    denied = [r for r in harness.records("verdict") if r["verdict"] == "deny"]
    assert [r["server"] for r in denied] == ["tickets"] * 6 + ["files"]
    assert all(r["rule"] == "secret.egress" for r in denied)
    assert f"sha256:{_digest(password)}]" in json.dumps(denied[0]["arguments"])
    assert json.dumps(denied[2]["arguments"]).count(_digest(password)) == 1
    assert denied[0]["details"]["withheld"].endswith(f"sha256:{_digest(password)}]")
    # the session token's only clear copy is the allowed call back to its own server
    assert session_token not in json.dumps(denied)
