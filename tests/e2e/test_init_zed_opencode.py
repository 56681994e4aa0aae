"""``cordon init`` on Zed's ``settings.json`` and opencode's ``opencode.json``: the real
``cordon init`` rewrites a real config in a scratch HOME; the rewritten entry is started as the
client starts it (Zed: ``command``, ``args``, its environment plus ``env``; opencode: the
``command`` list, its environment plus ``environment``) and driven with the official SDK
client. A stdio entry runs the npm filesystem server behind cordon with the ``--policy`` init
gave it: a write inside the allowed folder lands, one outside it (which the server itself
would have done) is denied and nothing is written. A remote entry reaches the token-checking
mailbox server through ``cordon run --url`` with its header, the token on no command line.
``--undo`` gives each file back byte for byte."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, fs_server, text_of
from tests.e2e._init_cli import run_init

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

TOKEN = "tok-zed-opencode-5d2e"

#: where each client keeps its config under HOME, and its servers key
CLIENTS = {
    "zed": (".config/zed/settings.json", "context_servers"),
    "opencode": (".config/opencode/opencode.jsonc", "mcp"),
}


def _entry(client: str, command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """A stdio server's entry as the client's own docs write it."""
    if client == "zed":
        return {"command": command[0], "args": command[1:], "env": env}
    return {"type": "local", "command": command, "environment": env, "enabled": True}


def _remote(client: str, url: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {TOKEN}"}
    if client == "zed":
        return {"url": url, "headers": headers}
    return {"type": "remote", "url": url, "headers": headers, "oauth": False}


def _write(config: Path, key: str, servers: dict[str, Any]) -> None:
    """The config as JSONC, a comment and a trailing comma in it, as both clients allow."""
    body = json.dumps({key: servers}, indent=2)
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text("// my settings\n" + body[:-2] + ",\n}\n", "utf-8")


def _read(config: Path, key: str) -> dict[str, Any]:
    from cordon.clientconfig import _parse

    servers: dict[str, Any] = _parse(config.read_bytes(), config)[0][key]
    return servers


def _as_started(client: str, entry: dict[str, Any], home: Path) -> StdioServerParameters:
    """The process the client starts for a (wrapped) stdio entry."""
    env = {**os.environ, "HOME": str(home)}
    if client == "zed":
        command, args = entry["command"], entry["args"]
        env.update(entry.get("env") or {})
    else:
        assert entry["type"] == "local" and entry.get("enabled", True)
        command, *args = entry["command"]
        env.update(entry.get("environment") or {})
    return StdioServerParameters(command=command, args=args, env=env)


@pytest.mark.parametrize("client", sorted(CLIENTS))
async def test_a_stdio_entry_runs_behind_cordon_with_its_policy(
    harness: Harness, client: str
) -> None:
    where, key = CLIENTS[client]
    work, other = harness.tmp / "work", harness.tmp / "other"
    work.mkdir()
    other.mkdir()
    config = harness.home / where
    _write(config, key, {"files": _entry(client, fs_server(work, other), {"FS_MARK": "1"})})
    before = config.read_bytes()
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(work)]}
    )
    said = run_init(harness, config, "--policy", str(policy))
    assert "files: wrapped" in said
    assert config.read_text("utf-8").startswith("// my settings\n")
    wrapped = _read(config, key)["files"]
    assert wrapped["x-cordon-upstream"] == _entry(client, fs_server(work, other), {"FS_MARK": "1"})
    async with Client(_as_started(client, wrapped, harness.home), mode="legacy") as session:
        tools = {t.name for t in (await session.list_tools()).tools}
        assert "write_file" in tools
        ok = await session.call_tool("write_file", {"path": str(work / "a.txt"), "content": "hi"})
        assert not ok.is_error, text_of(ok)
        denied = await session.call_tool(
            "write_file", {"path": str(other / "b.txt"), "content": "no"}
        )
        assert denied.is_error, text_of(denied)
    assert (work / "a.txt").read_text("utf-8") == "hi"
    assert not (other / "b.txt").exists()  # the server would have written it: cordon denied
    audit = (harness.home / ".cordon" / "audit.jsonl").read_text("utf-8").splitlines()
    verdicts = [json.loads(line) for line in audit if '"verdict"' in line]
    denies = [v for v in verdicts if v.get("verdict") == "deny" and v.get("server") == "files"]
    assert [v.get("tool") for v in denies] == ["write_file"], verdicts
    run_init(harness, config, "--undo")
    assert config.read_bytes() == before


@pytest.mark.parametrize("client", sorted(CLIENTS))
async def test_a_remote_entry_runs_behind_cordon_with_its_header(
    harness: Harness, client: str
) -> None:
    where, key = CLIENTS[client]
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text("", "utf-8")
    url = harness.http_mailbox({"MAILBOX_DIR": str(box)}, token=TOKEN)
    config = harness.home / where
    servers: dict[str, Any] = {"mail": _remote(client, url)}
    if client == "zed":
        servers["ext"] = {"settings": {"key": "v"}}  # an extension's server: said, left alone
    _write(config, key, servers)
    before = config.read_bytes()
    said = run_init(harness, config)
    assert "mail: wrapped" in said and "--url " + url in said
    if client == "zed":
        assert "ext: provided by a Zed extension" in said and "NOT wrapped" in said
    wrapped = _read(config, key)["mail"]
    assert "url" not in wrapped and "headers" not in wrapped
    assert TOKEN not in json.dumps(wrapped.get("args", wrapped["command"]))
    async with Client(_as_started(client, wrapped, harness.home), mode="legacy") as session:
        await session.list_tools()
        r = await session.call_tool("echo", {"text": f"through {client}"})
        assert not r.is_error and f"through {client}" in text_of(r), text_of(r)
    posts = [json.loads(x) for x in (box / "http.log").read_text("utf-8").splitlines()]
    assert posts and all(p["headers"].get("authorization") == f"Bearer {TOKEN}" for p in posts)
    assert TOKEN not in (harness.home / ".cordon" / "audit.jsonl").read_text("utf-8")
    run_init(harness, config, "--undo")
    assert config.read_bytes() == before
