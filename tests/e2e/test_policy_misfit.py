"""`cordon run` with a policy that does not fit its server fails closed, visibly.

A restricting ``tools:`` entry naming no listed tool (a typo: the real tool would run
unrestricted) or a pack naming none of the server's tools (written for another server) denies
every call to the server, with a reason the client shows that names `cordon check`. A
pack tool an older server lacks, and a loosening typo, do not (warnings only)."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, mailbox_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


@pytest.mark.parametrize(
    "policy",
    [
        # a typo: write_file runs with no path confinement
        {"packs": ["filesystem"], "tools": {"write_fiel": {"allowed_path_prefixes": ["/nope"]}}},
        # the github pack behind the filesystem server: nothing is classified
        {"packs": ["github"]},
    ],
    ids=["typo", "foreign-pack"],
)
async def test_a_misfit_policy_denies_every_call(harness: Harness, policy: dict) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    p = harness.policy({"version": 1, **policy})
    params = harness.cordon(fs_server(root), policies=[p], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("write_file", {"path": str(root / "a.txt"), "content": "x"})
        text = text_of(r)
        assert r.is_error and "policy.unknown_tool" in text, text
        assert "does not fit server 'files'" in text and "cordon check --server files" in text
        listed = await client.call_tool("list_allowed_directories", {})
        assert listed.is_error and "policy.unknown_tool" in text_of(listed)
    assert not (root / "a.txt").exists()
    verdicts = [r for r in harness.records("verdict") if r.get("rule") == "policy.unknown_tool"]
    assert [v["verdict"] for v in verdicts] == ["deny", "deny"]
    if "tools" in policy:  # the stray's record: the closest name, the restriction lost
        (stray,) = harness.records("policy")
        assert stray["closest"] == "write_file"
        assert stray["restricts"] == ["allowed_path_prefixes"]


async def test_a_loosening_typo_only_warns(harness: Harness) -> None:
    """An entry that restricts nothing (exfiltrating: false) limits nothing either way."""
    root = harness.tmp / "root"
    root.mkdir()
    p = harness.policy(
        {"version": 1, "packs": ["filesystem"], "tools": {"write_fiel": {"exfiltrating": False}}}
    )
    params = harness.cordon(fs_server(root), policies=[p], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("write_file", {"path": str(root / "a.txt"), "content": "x"})
        assert not r.is_error, text_of(r)
    assert (root / "a.txt").read_text() == "x"


async def test_a_policy_edited_after_pinning_is_checked_at_each_start(harness: Harness) -> None:
    """The server ran once with a fitting policy (its tools pinned); the policy then gets a
    typo: the next start denies too (the check ran on the first, unpinned run only)."""
    root = harness.tmp / "root"
    root.mkdir()
    good = harness.policy({"version": 1, "packs": ["filesystem"]}, "good.yaml")
    async with Client(harness.cordon(fs_server(root), policies=[good], name="files")) as c:
        await c.list_tools()
        r = await c.call_tool("list_allowed_directories", {})
        assert not r.is_error, text_of(r)
    typo = harness.policy(
        {"version": 1, "packs": ["filesystem"], "tools": {"write_fiel": {"max_calls": 1}}}
    )
    async with Client(harness.cordon(fs_server(root), policies=[typo], name="files")) as c:
        await c.list_tools()
        r = await c.call_tool("list_allowed_directories", {})
        assert r.is_error and "tools.write_fiel names no tool" in text_of(r), text_of(r)


def _call_without_listing(params: object, tool: str) -> dict:
    """A client that calls a tool without a tools/list first (one that cached the list):
    initialize, then tools/call, on the pipes of the real cordon run."""
    import subprocess

    proc = subprocess.Popen(
        [params.command, *params.args],  # type: ignore[attr-defined]
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=params.env,  # type: ignore[attr-defined]
    )
    assert proc.stdin is not None and proc.stdout is not None
    init = {"protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
    frames = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": tool, "arguments": {}}},
    ]  # fmt: skip
    try:
        for f in frames:
            proc.stdin.write(json.dumps(f).encode() + b"\n")
            proc.stdin.flush()
        while True:
            msg = json.loads(proc.stdout.readline())
            if msg.get("id") == 2:
                return msg
    finally:
        proc.kill()
        proc.wait(10)


async def test_a_misfit_is_denied_before_any_tools_list(harness: Harness) -> None:
    """With the server's tool names pinned, the check runs at start-up too: a client that
    calls without listing first (a cached list) is denied as well."""
    root = harness.tmp / "root"
    root.mkdir()
    good = harness.policy({"version": 1, "packs": ["filesystem"]}, "good.yaml")
    async with Client(harness.cordon(fs_server(root), policies=[good], name="files")) as c:
        await c.list_tools()
    typo = harness.policy(
        {"version": 1, "packs": ["filesystem"], "tools": {"write_fiel": {"max_calls": 1}}}
    )
    params = harness.cordon(fs_server(root), policies=[typo], name="files")
    reply = _call_without_listing(params, "list_allowed_directories")
    text = json.dumps(reply)
    assert "policy.unknown_tool" in text and "tools.write_fiel names no tool" in text, text


async def test_one_policy_for_two_servers_runs_both(harness: Harness) -> None:
    """One policy file for the filesystem and mailbox servers (`tools:` names are global):
    each server lists only its own tools, the other's restricting entry is near none of them
    (taken for the other server's: a warning), and each server is held to its own entry.
    Before, every call on both servers was denied."""
    root, box = harness.tmp / "root", harness.tmp / "box"
    root.mkdir()
    box.mkdir()
    cap = {"max_calls": 1}
    p = harness.policy(
        {"version": 1, "tools": {"list_allowed_directories": cap, "read_inbox": cap}}
    )
    async with Client(harness.cordon(fs_server(root), policies=[p], name="files")) as c:
        await c.list_tools()
        assert not (await c.call_tool("list_allowed_directories", {})).is_error
        r = await c.call_tool("list_allowed_directories", {})  # its own max_calls: 1
        assert r.is_error and "budget.max_calls" in text_of(r), text_of(r)
        made = await c.call_tool("create_directory", {"path": str(root / "d")})
        assert not made.is_error, text_of(made)
    mail = harness.cordon(
        mailbox_server(), policies=[p], name="mail", env={"MAILBOX_DIR": str(box)}
    )
    async with Client(mail) as c:
        await c.list_tools()
        assert not (await c.call_tool("read_inbox", {})).is_error
        r = await c.call_tool("read_inbox", {})
        assert r.is_error and "budget.max_calls" in text_of(r), text_of(r)
    assert not [r for r in harness.records("verdict") if r.get("rule") == "policy.unknown_tool"]
    assert {r["tool"] for r in harness.records("policy")} == {
        "read_inbox",
        "list_allowed_directories",
    }
