"""``cordon suggest`` on the audit log and pin file of a real ``cordon run`` session in front of
the mailbox server: the tools whose arguments carried destinations are proposed
as sending, with their evidence, and the proposal loads as a policy."""

from __future__ import annotations

import subprocess

import pytest
import yaml
from mcp import Client

from cordon.policy import load_policy
from tests.conftest import Harness, cordon_exe, mailbox_server

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _suggest(harness: Harness, *args: str) -> str:
    p = subprocess.run(
        [*cordon_exe(), "suggest", "--audit", str(harness.audit), *args],
        capture_output=True,
        text=True,
        timeout=30,
        env={"HOME": str(harness.home), "PATH": "/usr/bin:/bin"},
    )
    assert p.returncode == 0, p.stderr
    return p.stdout


async def test_suggest_proposes_the_sending_tools_of_a_real_session(harness: Harness) -> None:
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("Lunch at noon?\n", "utf-8")
    pins = harness.tmp / "pins.json"
    policy = harness.policy({"version": 1, "trusted_destinations": ["ops@example.com"]})
    params = harness.cordon(
        mailbox_server(),
        policies=[policy],
        extra=["--pin-file", str(pins)],
        env={"MAILBOX_DIR": str(box)},
        name="mail",
    )
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        await client.call_tool("read_inbox", {})
        for body in ("status", "again"):
            r = await client.call_tool("send_email", {"to": "ops@example.com", "body": body})
            assert not r.is_error
        await client.call_tool("send_email", {"to": "someone@partner.example", "body": "hi"})
        await client.call_tool("fetch", {"url": "https://docs.example.org/page"})
    assert pins.exists()

    out = _suggest(harness, "--pins", str(pins))
    assert "# 3 of 3 calls carried a destination in 'to' (2 distinct)" in out
    assert "# 1 of 1 calls carried a destination in 'url' (1 distinct)" in out
    proposal = yaml.safe_load(out)
    assert proposal["tools"]["send_email"] == {"exfiltrating": True, "sink_params": ["to"]}
    assert proposal["tools"]["fetch"] == {"exfiltrating": True, "sink_params": ["url"]}
    assert "read_inbox" not in proposal["tools"]
    kept = harness.tmp / "kept.yaml"
    kept.write_text(out, "utf-8")
    assert load_policy([kept]).tools["send_email"].sink_params == ("to",)

    named = harness.policy(
        {"version": 1, "tools": {"send_email": {"sink_params": ["to"]}}}, "p2.yaml"
    )
    again = yaml.safe_load(_suggest(harness, "--pins", str(pins), "--policy", str(named)))
    assert "send_email" not in again["tools"] and "fetch" in again["tools"]


def test_suggest_proposes_one_policy_per_server(harness: Harness) -> None:
    """Two servers' records: one YAML document each; --server prints one policy that loads;
    --policy (one server's) without --server is refused, not applied to every server."""
    from tests.audit.test_suggest import _two_servers

    log, pins = _two_servers(harness.tmp)
    harness.audit = log
    docs = list(yaml.safe_load_all(_suggest(harness, "--pins", str(pins))))
    assert [d["tools"]["send"]["sink_params"] for d in docs] == [["channel"], ["to"]]
    one = _suggest(harness, "--pins", str(pins), "--server", "mail")
    kept = harness.tmp / "mail.yaml"
    kept.write_text(one, "utf-8")
    assert set(load_policy([kept]).tools) == {"send"}
    assert load_policy([kept]).tools["send"].sink_params == ("to",)
    named = harness.policy({"version": 1, "tools": {"send": {"sink_params": ["to"]}}}, "m.yaml")
    p = subprocess.run(
        [
            *cordon_exe(),
            "suggest",
            "--audit",
            str(log),
            "--pins",
            str(pins),
            "--policy",
            str(named),
        ],
        capture_output=True,
        text=True,
        timeout=30,
        env={"HOME": str(harness.home), "PATH": "/usr/bin:/bin"},
    )
    assert p.returncode == 2 and "give --server NAME" in p.stderr, p.stderr
    chat = yaml.safe_load(_suggest(harness, "--pins", str(pins), "--server", "chat",
                                   "--policy", str(named)))  # fmt: skip
    assert "send" not in chat["tools"] and "list_rooms" in chat["tools"]
