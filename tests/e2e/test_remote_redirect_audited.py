"""A same-origin redirect moves every later request of ``cordon run --url`` to another path,
which on a shared host can be another MCP server: the move is an ``upstream`` audit record,
not only a line on stderr (the real process, a scripted raw-socket server)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Harness
from tests.e2e.test_redteam_remote import (
    READ,
    SEND,
    Answer,
    Cordon,
    Req,
    http,
    mcp_basics,
    servers,
    text,
)

pytestmark = [pytest.mark.e2e]

__all__ = ["servers"]


def test_a_followed_redirect_is_recorded_once_with_where_it_points(
    harness: Harness, servers: Any
) -> None:
    def mcp(req: Req) -> Answer:
        if req.path == "/mcp" and req.method != "GET":
            return http(308, b"", "text/plain", Location="/tenant-b/mcp")
        basic = mcp_basics(req, [READ, SEND])
        if basic is not None:
            return basic
        return http(200, text(req.json()["id"], "inbox"))

    evil = servers(mcp)
    c = Cordon(harness, f"{evil.origin}/mcp")
    try:
        c.start()
        assert "inbox" in str(c.call("read_inbox", {}))
    finally:
        c.close()
    moved = [r for r in harness.records("upstream") if r.get("event") == "redirected"]
    assert len(moved) == 1, moved
    assert f"{evil.origin}/tenant-b/mcp" in moved[0]["reason"]
    assert [r.path for r in evil.got if r.method == "POST"][1:] == ["/tenant-b/mcp"] * (
        len([r for r in evil.got if r.method == "POST"]) - 1
    )
