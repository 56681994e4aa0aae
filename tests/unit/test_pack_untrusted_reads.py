"""Reads of the filesystem pack count as untrusted input for the Rule of Two, though the
server marks them ``openWorldHint: false``: a file's text is written by whoever wrote the file
(a cloned repository, a downloaded document), not by the server."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine


def _tool(name: str, *params: str, **annotations: bool) -> dict[str, Any]:
    props = {p: {"type": "string"} for p in params}
    return {
        "name": name,
        "inputSchema": {"type": "object", "properties": props},
        "annotations": annotations,
    }


#: the annotations @modelcontextprotocol/server-filesystem lists (npm 2026.8.31)
_FS_READS = ["read_text_file", "read_file", "read_multiple_files", "directory_tree"]


def _engine(*packs: str) -> Engine:
    tools = [
        *(_tool(t, "path", readOnlyHint=True, openWorldHint=False) for t in _FS_READS),
        _tool("read_secrets_note", "path", readOnlyHint=True, openWorldHint=False),
        _tool("sync_backup", "label", openWorldHint=True),
    ]
    policy: dict[str, Any] = {
        "version": 1,
        "packs": list(packs),
        "tools": {
            "read_secrets_note": {"sensitive": True, "exfiltrating": False},
            "sync_backup": {"egress": True},
        },
    }
    engine = Engine.from_policy([policy])
    engine.pin_tools(tools)
    return engine


@pytest.mark.parametrize("read", _FS_READS)
def test_a_file_read_is_the_untrusted_leg_with_the_pack(read: str) -> None:
    session = _engine("filesystem").new_session()
    session.check("read_secrets_note", {"path": "/srv/notes.txt"})
    session.observe_output("read_secrets_note", "db password rotated")
    session.check(read, {"path": "/srv/repo/README.md"})
    session.observe_output(read, "Build with make.")
    d = session.check("sync_backup", {"label": "nightly"})
    assert (d.verdict, d.rule) == ("ask", "r2.trifecta"), d.rule


def test_without_the_pack_the_servers_closed_world_hint_is_believed() -> None:
    session = _engine().new_session()
    session.check("read_secrets_note", {"path": "/srv/notes.txt"})
    session.observe_output("read_secrets_note", "db password rotated")
    session.check("read_text_file", {"path": "/srv/repo/README.md"})
    session.observe_output("read_text_file", "Build with make.")
    d = session.check("sync_backup", {"label": "nightly"})
    assert d.rule != "r2.trifecta", d.rule
