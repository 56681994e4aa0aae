"""One client, two real ``cordon run`` processes (one HOME, one parent process): one in front
of the npm filesystem server, one in front of the mailbox server, each with its own
``--policy`` and audit log. The file server's tools cannot write the mailbox process's
policy or audit log (write, edit, move away, move over, through a symbolic link): denied
``action.cordon_state``, the files unchanged on disk, although the file process started
before the mailbox one and its own policy never named them. A write elsewhere in the same
directory still goes through, and the mailbox process goes on answering."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, fs_server, mailbox_server, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

OFF = "version: 1\nsecrets: {env_credentials: off}\negress: {allow_private: true}\n"


def _own_audit(params: StdioServerParameters, audit: Path) -> StdioServerParameters:
    """``params`` with its ``--audit`` log replaced by ``audit``."""
    args = list(params.args)
    args[args.index("--audit") + 1] = str(audit)
    return StdioServerParameters(command=params.command, args=args, env=params.env)


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(data), "utf-8")
    return path


async def test_a_file_tool_cannot_rewrite_another_cordon_processs_policy(
    harness: Harness,
) -> None:
    project = harness.tmp / "project"
    project.mkdir()
    # the file tools trusted (no question asked): the deny is a block rule, trust does not lift it
    trusted = ["write_file", "edit_file", "move_file"]
    files_policy = _write(project / "files.yaml", {"version": 1, "trust_tools": trusted})
    mail_policy = _write(
        project / "mail.yaml", {"version": 1, "trusted_destinations": ["ops@x.example"]}
    )
    (project / "link.yaml").symlink_to("mail.yaml")
    mail_audit = project / "mail-audit.jsonl"
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("hello\n", "utf-8")
    a = harness.cordon(fs_server(project), policies=[files_policy], name="files")
    b = _own_audit(
        harness.cordon(
            mailbox_server(), policies=[mail_policy], env={"MAILBOX_DIR": str(box)}, name="mail"
        ),
        mail_audit,
    )
    async with Client(a, mode="legacy") as files:
        await files.list_tools()
        r = await files.call_tool("write_file", {"path": str(project / "a.md"), "content": "a"})
        assert not r.is_error, text_of(r)
        # the mailbox process starts after the file process: its files are read at the call
        async with Client(b, mode="legacy") as mail:
            await mail.list_tools()
            before = {p: p.read_bytes() for p in (mail_policy, mail_audit)}
            calls: list[tuple[str, dict[str, Any]]] = [
                ("write_file", {"path": str(mail_policy), "content": OFF}),
                ("write_file", {"path": str(project / "link.yaml"), "content": OFF}),
                ("write_file", {"path": str(project / "sub" / ".." / "mail.yaml"), "content": OFF}),
                (
                    "edit_file",
                    {
                        "path": str(mail_policy),
                        "edits": [{"oldText": "version: 1", "newText": OFF}],
                    },
                ),
                ("move_file", {"source": str(mail_policy), "destination": str(project / "x.yaml")}),
                ("move_file", {"source": str(project / "a.md"), "destination": str(mail_policy)}),
                ("write_file", {"path": str(mail_audit), "content": ""}),
            ]
            for tool, args in calls:
                r = await files.call_tool(tool, args)
                assert r.is_error and "action.cordon_state" in text_of(r), (tool, text_of(r))
            assert {p: p.read_bytes() for p in (mail_policy, mail_audit)} == before
            assert not (project / "x.yaml").exists() and (project / "a.md").exists()
            r = await files.call_tool("write_file", {"path": str(project / "b.md"), "content": "b"})
            assert not r.is_error, text_of(r)
            assert (project / "b.md").read_text() == "b"
            r = await mail.call_tool("read_inbox", {})
            assert not r.is_error and "hello" in text_of(r), text_of(r)
    assert yaml.safe_load(mail_policy.read_text()) == {
        "version": 1,
        "trusted_destinations": ["ops@x.example"],
    }
    (listed,) = (harness.home / ".cordon" / "state").glob("client-*.paths")
    lines = [json.loads(x) for x in listed.read_text().splitlines()]
    assert [x["name"] for x in lines] == ["files", "mail"]
    assert str(mail_policy) in lines[1]["paths"] and str(mail_audit) in lines[1]["paths"]
    denied = [r for r in harness.records() if r.get("rule") == "action.cordon_state"]
    assert len(denied) == len(calls), harness.records()


async def test_an_entry_cordon_init_wrapped_is_protected_before_it_starts(
    harness: Harness,
) -> None:
    """``cordon init`` records each wrapped entry's files: the file server's cordon denies a
    write to the mailbox entry's policy although the client never started that entry (no
    process of it published anything)."""
    project = harness.tmp / "project"
    project.mkdir()
    config = project / ".mcp.json"
    files = fs_server(project)
    entries = {
        "files": {"command": files[0], "args": files[1:]},
        "mail": {"command": mailbox_server()[0], "args": mailbox_server()[1:]},
    }
    config.write_text(json.dumps({"mcpServers": entries}), "utf-8")
    texts = {
        "files": f"version: 1\npacks: [filesystem]\nallowed_path_prefixes: [{project}]\n",
        "mail": "version: 1\nsecrets: {env_credentials: on}\n",
    }
    (project / "conf").mkdir()
    for name, text in texts.items():
        (project / "conf" / f"{name}.yaml").write_text(text, "utf-8")
        pol = str(project / "conf" / f"{name}.yaml")
        run_init(harness, config, "--server", name, "--policy", pol)
    entry = json.loads(config.read_text("utf-8"))["mcpServers"]["files"]
    env = {**os.environ, "HOME": str(harness.home), **entry.get("env", {})}
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=env)
    mail_policy = project / "conf" / "mail.yaml"
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("write_file", {"path": str(mail_policy), "content": OFF})
        assert r.is_error and "action.cordon_state" in text_of(r), text_of(r)
        # the policy's directory moved away (to write one there and move it back): denied
        move = {"source": str(project / "conf"), "destination": str(project / "conf2")}
        r = await client.call_tool("move_file", move)
        assert r.is_error and "action.cordon_state" in text_of(r), text_of(r)
        r = await client.call_tool("write_file", {"path": str(project / "n.md"), "content": "n"})
        assert not r.is_error, text_of(r)
    assert mail_policy.read_text("utf-8") == texts["mail"]
    assert (project / "n.md").read_text("utf-8") == "n"
    (listed,) = (harness.home / ".cordon" / "state").glob("client-*.paths")
    assert [json.loads(x)["name"] for x in listed.read_text().splitlines()] == ["files"]
