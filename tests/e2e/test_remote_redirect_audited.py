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


def test_a_redirect_ping_pong_repeated_is_counted_not_written_each_time(
    harness: Harness, servers: Any
) -> None:
    # two paths redirecting to each other: each request was refused after 5 redirects and
    # wrote 5 records; a server answering every call so wrote without bound. The two moves
    # are each written whole once, their repeats counted (the exact count on the way out)
    def mcp(req: Req) -> Answer:
        if req.path in ("/pp-a", "/pp-b") and req.method != "GET":
            other = "/pp-b" if req.path == "/pp-a" else "/pp-a"
            return http(308, b"", "text/plain", Location=other)
        if req.path == "/mcp" and req.method != "GET" and req.json().get("method") == "tools/call":
            return http(308, b"", "text/plain", Location="/pp-a")
        basic = mcp_basics(req, [READ, SEND])
        if basic is not None:
            return basic
        return http(200, text(req.json()["id"], "inbox"))

    evil = servers(mcp)
    c = Cordon(harness, f"{evil.origin}/mcp")
    calls = 20
    try:
        c.start()
        for _ in range(calls):
            answer = c.ask("tools/call", {"name": "read_inbox", "arguments": {}})
            assert "error" in answer or answer["result"].get("isError"), answer  # never ran
    finally:
        c.close()
    moved = [r for r in harness.records("upstream") if r.get("event") == "redirected"]
    assert len(moved) < 24, len(moved)  # (5 a call before: 100)
    firsts = [r for r in moved if "repeat" not in r]
    assert len(firsts) <= 3 and {f"{evil.origin}/pp-a", f"{evil.origin}/pp-b"} <= {
        r["reason"].split(" redirects to ")[1].split(" ")[0] for r in firsts
    }, firsts
    finals = [r for r in moved if r.get("final")]
    assert finals and sum(r["repeat"] for r in finals) + len(firsts) >= calls * 4, moved
