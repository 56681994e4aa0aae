"""A Python upstream on the mcp 2.x SDK behind the real ``cordon run``: rug pulls, both eras."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client

from cordon.audit.listing import as_per_tool
from tests._tty import plain, run_in_pty
from tests.conftest import Harness, cordon_exe, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _outbox(d: Path) -> list[dict]:
    out = d / "outbox"
    return [json.loads(p.read_text()) for p in sorted(out.iterdir())] if out.exists() else []


@pytest.mark.parametrize("harness", ["stdio", "http"], indirect=True)
@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_rug_pull_hides_tool_and_denies_calls(harness: Harness, mode: str) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    policy = harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})
    params = harness.cordon(
        mailbox_server(), policies=[policy], env={"MAILBOX_DIR": str(box)}, name="mail"
    )
    async with Client(params, mode=mode, cache=None) as client:  # type: ignore[arg-type]
        names = {t.name for t in (await client.list_tools()).tools}
        assert "send_email" in names
        if mode == "auto":
            assert client.protocol_version == "2026-07-28"
        ok = await client.call_tool("send_email", {"to": "ops@example.com", "body": "status"})
        assert not ok.is_error, text_of(ok)

        await client.call_tool("rug_pull", {})
        names = {t.name for t in (await client.list_tools()).tools}
        assert "send_email" not in names
        assert "read_inbox" in names
        r = await client.call_tool("send_email", {"to": "ops@example.com", "body": "again"})
        assert r.is_error and "pin.changed" in text_of(r)
    assert len(_outbox(box)) == 1
    pins = [r for r in as_per_tool(harness.records()) if r.get("kind") == "pin"]
    assert pins and pins[0]["rule"] == "pin.changed"
    assert pins[0]["details"]["changed_fields"] == ["description"]


async def test_pin_file_catches_change_at_restart(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    pin_file = harness.tmp / "pins.json"
    env = {"MAILBOX_DIR": str(box)}
    params = harness.cordon(
        mailbox_server(), extra=["--pin-file", str(pin_file)], env=env, name="mail"
    )
    async with Client(params, mode="legacy") as client:
        assert "weather" not in {t.name for t in (await client.list_tools()).tools}
    assert pin_file.exists()
    # the server now starts with an extra tool: hidden and denied
    params = harness.cordon(
        mailbox_server(),
        extra=["--pin-file", str(pin_file), "--block-at", "critical"],
        env={**env, "MAILBOX_POISON_TOOL": "1"},
        name="mail",
    )
    async with Client(params, mode="legacy") as client:
        names = {t.name for t in (await client.list_tools()).tools}
        assert "weather" not in names and "echo" in names
        r = await client.call_tool("weather", {"city": "Oslo"})
        assert r.is_error and "pin.unknown_tool" in text_of(r)


@pytest.mark.parametrize("harness", ["stdio", "http"], indirect=True)
@pytest.mark.requirement("inv:audit-before-forward")
async def test_audit_record_is_written_before_the_call_is_forwarded(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    env = {"MAILBOX_DIR": str(box), "MAILBOX_AUDIT": str(harness.audit)}
    async with Client(harness.cordon(mailbox_server(), env=env), mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("audit_peek", {})
        # the upstream, while handling the call, already sees the allow record for it
        assert text_of(r) == "1"


async def test_pin_accept_reapproves_after_restart(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    pin_file = harness.tmp / "pins.json"
    env = {"MAILBOX_DIR": str(box)}
    extra = ["--pin-file", str(pin_file), "--block-at", "critical"]
    async with Client(
        harness.cordon(mailbox_server(), extra=extra, env=env, name="mail"), mode="legacy"
    ) as client:
        await client.list_tools()
    env2 = {**env, "MAILBOX_POISON_TOOL": "1"}
    async with Client(
        harness.cordon(mailbox_server(), extra=extra, env=env2, name="mail"), mode="legacy"
    ) as client:
        assert "weather" not in {t.name for t in (await client.list_tools()).tools}
    accept = [*cordon_exe(), "pin", "accept", "--pin-file", str(pin_file)]
    rc, out = run_in_pty(accept, None, None)
    out = plain(out)
    # shown first: a new tool, its description, what the poisoning scan finds in it; not
    # accepted without --force (nothing left to ask about), and still pending
    assert rc == 1, out
    assert "mail/weather: new tool" in out and "poisoning scan: " in out
    assert "inj.directive_tag" in out
    assert "Accept these changes?" not in out
    assert "accepted mail" not in out and "not accepted" in out
    data = json.loads(pin_file.read_text())["servers"]["mail"]
    assert "weather" not in data["tools"] and "weather" in data["pending"]
    rc, out = run_in_pty([*accept, "--force"], None, "y\n", prompt=b"Accept these changes?")
    assert rc == 0 and "accepted mail/weather" in out, out
    async with Client(
        harness.cordon(mailbox_server(), extra=extra, env=env2, name="mail"), mode="legacy"
    ) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        r = await client.call_tool("echo", {"text": "hi"})
    assert not r.is_error
    # accepted into the pins; still subject to the definition scan at the block threshold
    pinned = json.loads(pin_file.read_text())["servers"]["mail"]["tools"]
    assert "weather" in pinned
    recs = [r for r in as_per_tool(harness.records()) if r.get("tool") == "weather"]
    assert ("weather" in names) != any(
        r.get("rule") == "content.poisoned_definition" for r in recs[-1:]
    )


async def test_repin_replaces_persisted_pins(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    pin_file = harness.tmp / "pins.json"
    env = {"MAILBOX_DIR": str(box)}
    extra = ["--pin-file", str(pin_file), "--block-at", "critical"]
    async with Client(
        harness.cordon(mailbox_server(), extra=extra, env=env, name="mail"), mode="legacy"
    ) as client:
        await client.list_tools()
    env2 = {**env, "MAILBOX_POISON_TOOL": "1"}
    async with Client(
        harness.cordon(mailbox_server(), extra=extra, env=env2, name="mail"), mode="legacy"
    ) as client:
        assert "weather" not in {t.name for t in (await client.list_tools()).tools}
    async with Client(
        harness.cordon(mailbox_server(), extra=[*extra, "--repin"], env=env2, name="mail"),
        mode="legacy",
    ) as client:
        await client.list_tools()
        r = await client.call_tool("weather", {"city": "Oslo"})
    assert "pin.unknown_tool" not in text_of(r)
    assert "weather" in json.loads(pin_file.read_text())["servers"]["mail"]["tools"]


@pytest.mark.requirement("inv:audit-before-forward")
async def test_unwritable_audit_log_refuses_calls_and_answers(harness: Harness) -> None:
    """No audit record, no forwarding: once the log cannot be written, allowed calls are
    refused (audit.unwritable) and other verdicts are answered with an error, not left hanging."""
    import shutil

    from mcp.shared.exceptions import MCPError

    box = harness.tmp / "box"
    box.mkdir()
    env = {"MAILBOX_DIR": str(box)}
    policy = harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})
    async with Client(
        harness.cordon(mailbox_server(), policies=[policy], env=env), mode="legacy"
    ) as client:
        await client.list_tools()
        harness.audit.unlink()
        harness.audit.mkdir()  # the log path is now a directory: every write fails
        r = await client.call_tool("send_email", {"to": "ops@example.com", "body": "x"})
        assert r.is_error and "audit.unwritable" in text_of(r)
        with pytest.raises(MCPError):
            await client.call_tool("nope", {})
    shutil.rmtree(harness.audit)
    assert not (box / "outbox").exists()
