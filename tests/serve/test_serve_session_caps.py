"""What a ``cordon serve`` session keeps across requests is bounded: the tool lists it was
given (each server's first is kept as its pins for the session's life: a request naming a
new server grew it by up to 16 MiB each time) and the tools it pinned by name alone (each
new name pinned the whole synthetic list again: every request cost more than the one
before). Past a cap a request is an error and nothing of it is applied."""

from __future__ import annotations

import pytest

import cordon.server as srv
from cordon.server import InvalidInput, ServeCore


def _tools(n: int) -> list[dict[str, object]]:
    return [{"name": f"t{i}", "inputSchema": {"type": "object"}} for i in range(n)]


def test_the_tool_lists_a_session_keeps_are_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    core = ServeCore.from_sources([])
    one = srv.json_size(_tools(3))
    monkeypatch.setattr(srv, "MAX_PINNED", 2 * one)
    for server in ("a", "b", "a", "b"):  # a list given again is compared, not kept again
        ctx = {"session_id": "p", "server": server, "tools": _tools(3)}
        assert core.check_tool_call({"tool": "t0", "context": ctx})["verdict"] == "allow"
    ctx = {"session_id": "p", "server": "c", "tools": _tools(3), "trusted": ["x@y.example"]}
    with pytest.raises(InvalidInput, match="at most .* bytes of tool lists"):
        core.check_tool_call({"tool": "t0", "context": ctx})
    # nothing of it applied: server c has no pins, and the trusted text was not kept
    r = core.check_tool_call({"tool": "t0", "context": {"session_id": "p", "server": "c"}})
    assert r["rule"] == "pin.unknown_tool"
    assert core.sessions["p"].session.trusted_texts == []


def test_the_tools_a_session_pins_by_name_alone_are_capped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    core = ServeCore.from_sources([])
    monkeypatch.setattr(srv, "MAX_ITEMS", 3)
    for tool in ("a", "b", "c", "a"):
        r = core.check_tool_call({"tool": tool, "context": {"session_id": "s"}})
        assert r["pinning"] == "synthetic" and r["verdict"] == "allow"
    with pytest.raises(InvalidInput, match="pinned 3 tools by name alone"):
        core.check_tool_call({"tool": "d", "context": {"session_id": "s"}})
    assert core.check_tool_call({"tool": "b", "context": {"session_id": "s"}})["verdict"] == "allow"


def test_names_listed_twice_past_the_pins_are_not_kept() -> None:
    # a list given again for a server is compared, not kept (its bytes are not counted):
    # a name it lists twice that the pins lack is hidden as unknown, and was kept besides as
    # a duplicate for the session's life, so such requests grew the session without bound
    core = ServeCore.from_sources([])
    ctx: dict[str, object] = {"session_id": "d", "server": "a", "tools": _tools(2)}
    assert core.check_tool_call({"tool": "t0", "context": ctx})["verdict"] == "allow"
    for i in range(20):
        name = f"x{i}" + "n" * 60_000
        twice = [{"name": name, "description": d} for d in ("one", "two")]
        ctx = {"session_id": "d", "server": "a", "tools": [*_tools(2), *twice]}
        r = core.check_tool_call({"tool": name, "context": ctx})
        assert r["verdict"] == "deny" and r["rule"] == "pin.unknown_tool"
    assert core.sessions["d"].engine.pins["a"].duplicated == set()
    # a pinned name listed twice is still a duplicate, and stays denied
    other = {"name": "t1", "description": "another"}
    ctx = {"session_id": "d", "server": "a", "tools": [*_tools(2), other]}
    r = core.check_tool_call({"tool": "t1", "context": ctx})
    assert r["rule"] == "pin.duplicate_tool"
    r = core.check_tool_call({"tool": "t1", "context": {"session_id": "d", "server": "a"}})
    assert r["rule"] == "pin.duplicate_tool"
