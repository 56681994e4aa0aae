"""``file:`` resource URIs through the real ``cordon run`` in front of a real SDK server that
serves files from disk (tests/servers/file_resources.py), driven by the official SDK client.

With global ``allowed_path_prefixes``, a read or subscribe of a ``file:`` URI outside them
is denied (``arg.path_outside``) and never reaches the server, whether the server listed it
or the agent filled the server's ``file:///{+path}`` template; one inside goes through and
returns the file. Without global prefixes the same read reaches the server (nothing
changed). The server logs every request it receives to ``$RES_LOG`` before it opens the
file: each assertion that a request was refused is on that log.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.conftest import ROOT, Harness

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = ROOT / "tests" / "servers" / "file_resources.py"
POLICY_DENIED = -32003
KEY_TEXT = "-----BEGIN OPENSSH PRIVATE KEY----- not a real key"


def _tree(harness: Harness) -> tuple[Path, Path]:
    """``files/project/notes.txt`` (the prefix) and ``files/ssh/id_rsa`` beside it, with a
    symlink ``project/keys`` to ``ssh``; returns (project, the key)."""
    project = harness.tmp / "files" / "project"
    (project / "docs").mkdir(parents=True)
    (project / "notes.txt").write_text("project notes", "utf-8")
    ssh = harness.tmp / "files" / "ssh"
    ssh.mkdir()
    (ssh / "id_rsa").write_text(KEY_TEXT, "utf-8")
    (project / "keys").symlink_to(ssh)
    return project, ssh / "id_rsa"


def _client(harness: Harness, policy: dict[str, Any], mode: str = "legacy") -> Client:
    env = {"RES_LOG": str(harness.tmp / "res.log"), "FILES_ROOT": str(harness.tmp / "files")}
    params = harness.cordon(
        [sys.executable, str(SERVER)], policies=[harness.policy(policy)], env=env, name="files"
    )
    return Client(params, mode=mode, cache=None)


def _received(harness: Harness) -> list[tuple[str, str]]:
    p = harness.tmp / "res.log"
    if not p.exists():
        return []
    lines = p.read_text("utf-8").splitlines()
    return [(r["method"], r["uri"]) for r in map(json.loads, lines)]


async def _denied(request: Any, rule: str = "arg.path_outside") -> None:
    with pytest.raises(MCPError) as info:
        await request
    assert info.value.code == POLICY_DENIED and rule in info.value.message, info.value.message
    assert "BEGIN" not in info.value.message


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
async def test_a_file_resource_outside_the_prefixes_never_reaches_the_server(
    harness: Harness, mode: str
) -> None:
    project, key = _tree(harness)
    inside = (project / "notes.txt").as_uri()
    policy = {"version": 1, "allowed_path_prefixes": [str(project)]}
    async with _client(harness, policy, mode) as client:
        listed = {str(r.uri) for r in (await client.list_resources()).resources}
        assert key.as_uri() in listed  # the server lists the key: the listing widens nothing
        got = await client.read_resource(inside)
        assert got.contents[0].text == "project notes"  # type: ignore[union-attr]
        escapes = [
            key.as_uri(),  # listed, outside
            f"{project.as_uri()}/../ssh/id_rsa",  # the template filled with a .. escape
            f"{project.as_uri()}/%2e%2e%2Fssh%2Fid_rsa",  # encoded dots and slash
            (project / "keys" / "id_rsa").as_uri(),  # a symlink inside pointing outside
            f"{project.as_uri()}/keys/../notes.txt",  # .. after it: files/notes.txt
            f"file://localhost{key}",
        ]
        for uri in escapes:
            await _denied(client.read_resource(uri))
        await _denied(client.read_resource(f"file://evil{project}/notes.txt"), "unresolvable")
        if mode == "legacy":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                await _denied(client.subscribe_resource(key.as_uri()))
                await client.subscribe_resource(inside)
        # near miss: the project's own file through the template, with a dot segment
        again = await client.read_resource(f"{project.as_uri()}/docs/../notes.txt")
        assert again.contents[0].text == "project notes"  # type: ignore[union-attr]
    want = [("resources/read", inside)]
    if mode == "legacy":
        want.append(("resources/subscribe", inside))
    want.append(("resources/read", f"{project.as_uri()}/docs/../notes.txt"))
    assert _received(harness) == want
    denies = [r for r in harness.records("verdict") if r["verdict"] == "deny"]
    assert {(r["tool"], r["rule"]) for r in denies} >= {("resources/read", "arg.path_outside")}
    assert all(KEY_TEXT not in json.dumps(r) for r in harness.records())


async def test_without_global_prefixes_a_file_resource_is_read_as_before(
    harness: Harness,
) -> None:
    """Nothing confines a request when the policy has no global prefixes: the same read
    reaches the server (and the denials above are the confinement's, not the server's)."""
    _, key = _tree(harness)
    async with _client(harness, {"version": 1}) as client:
        got = await client.read_resource(key.as_uri())
        assert got.contents[0].text == KEY_TEXT  # type: ignore[union-attr]
    assert _received(harness) == [("resources/read", key.as_uri())]
