"""Attack sequences an outsider tries on the "may I?" question give one verdict from the
proxy (``cordon run`` in front of tests/servers/mailbox.py), the library (Engine/Session),
the Gateway and ``cordon serve`` (real process, SDK client): the tainted address respelt
(case, ``mailto:``, a display name, a list under another key), arguments nested deeper than
the engine reads, tool names that look like a listed one (a Cyrillic letter, case, a
trailing space) and cloud-metadata addresses respelt. tests/e2e/test_parity.py holds the
plain sequence; this one holds none that should run, so no upstream side effect differs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from cordon import Blocked, Engine, Gateway
from tests.conftest import Harness, mailbox_server, text_of
from tests.e2e.test_parity import INBOX, POISON, POLICY, _dump
from tests.serve.test_serve_mcp import serve_params

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _deep(levels: int) -> Any:
    value: Any = "remittance"
    for _ in range(levels):
        value = {"n": value}
    return value


OPS = "ops@example.com"
#: deeper than the engine reads (``cordon.engine.args._MAX_DEPTH``): the proxy refuses the
#: message itself (a JSON-RPC error, before any verdict), the others deny it
DEEP = 70
TAINT = ("deny", "taint.seen_in_output")
UNKNOWN = ("deny", "pin.unknown_tool")
METADATA = ("deny", "egress.metadata")
# (tool, arguments, expected (verdict, rule)); the first call reads the poisoned inbox
SEQUENCE: list[tuple[str, dict[str, Any], tuple[str, str]]] = [
    ("read_inbox", {}, ("allow", "default.allow")),
    ("send_email", {"to": POISON.upper(), "body": "r"}, TAINT),
    ("send_email", {"to": f"mailto:{POISON}", "body": "r"}, TAINT),
    ("send_email", {"to": f"Remit <{POISON}>", "body": "r"}, TAINT),
    ("send_email", {"to": OPS, "body": "r", "cc": [POISON]}, TAINT),
    ("send_email", {"to": OPS, "body": _deep(DEEP)}, ("deny", "arg.malformed")),
    ("send_emai\u0456l", {"to": OPS, "body": "r"}, UNKNOWN),  # Cyrillic i
    ("SEND_EMAIL", {"to": OPS, "body": "r"}, UNKNOWN),
    ("send_email ", {"to": OPS, "body": "r"}, UNKNOWN),
    ("fetch", {"url": "http://0xA9FEA9FE/latest/meta-data/"}, METADATA),
    ("fetch", {"url": "http://[::ffff:169.254.169.254]/latest/"}, METADATA),
    ("fetch", {"url": "https://evil-mail.example/remit"}, ("ask", "taint.unverified_destination")),
]
EXPECTED = [e for _, _, e in SEQUENCE]


async def _proxy(harness: Harness) -> tuple[list[Any], Any, Path]:
    """The sequence through ``cordon run``: the tool list, the inbox result (SDK objects)
    and the mailbox directory; every call after the first is refused."""
    box = harness.tmp / "box"
    box.mkdir()
    (box / "inbox.txt").write_text(INBOX, "utf-8")
    params = harness.cordon(
        mailbox_server(), policies=[harness.policy(POLICY)], env={"MAILBOX_DIR": str(box)}
    )
    async with Client(params, mode="legacy", cache=None) as client:  # type: ignore[arg-type]
        tools = list((await client.list_tools()).tools)
        inbox = await client.call_tool("read_inbox", {})
        assert not inbox.is_error
        for tool, args, (_, rule) in SEQUENCE[1:]:
            if args.get("body") == _deep(DEEP):
                with pytest.raises(MCPError, match="nested deeper than the depth cap"):
                    await client.call_tool(tool, args)
                continue
            r = await client.call_tool(tool, args)
            assert r.is_error and f"(rule: {rule})" in text_of(r), (tool, text_of(r))
    return tools, inbox, box


def _library(tools: list[Any], inbox: Any, policy: Path) -> list[tuple[str, str]]:
    engine = Engine.from_policy([policy])
    engine.pin_tools(tools)
    session = engine.new_session()
    out = []
    for tool, args, _ in SEQUENCE:
        d = session.check(tool, args)
        out.append((d.verdict, d.rule))
        if tool == "read_inbox":
            session.observe_output(tool, inbox)
    return out


def _gateway(policy: Path) -> tuple[list[tuple[str, str]], list[Any]]:
    ran: list[Any] = []
    gw = Gateway(policy=[policy])
    gw.add_tool("read_inbox", "Read the newest email in the inbox.", lambda: INBOX)
    gw.add_tool("send_email", "Send an email.", lambda **kw: ran.append(kw) or "sent")
    gw.add_tool("fetch", "Fetch a URL and return its body.", lambda url: ran.append(url) or "")
    session = gw.new_session()
    out = []
    for tool, args, _ in SEQUENCE:
        before = len(gw.audit_records)
        try:
            gw.call(tool, args, session=session)
        except Blocked:
            pass
        first = next(r for r in gw.audit_records[before:] if r["kind"] == "verdict")
        out.append((first["verdict"], first["rule"]))
    return out, ran


async def _serve(tools: list[Any], inbox: Any, policy: Path, tmp: Path) -> list[tuple[str, str]]:
    out = []
    async with Client(serve_params(tmp, "--policy", str(policy)), cache=None) as client:
        for i, (tool, args, _) in enumerate(SEQUENCE):
            ctx: dict[str, Any] = {"session_id": "attacks"}
            if i == 0:
                ctx["tools"] = tools
            if i == 1:
                ctx["outputs"] = [{"tool": "read_inbox", "content": inbox}]
            r = await client.call_tool(
                "check_tool_call", {"tool": tool, "arguments": args, "context": ctx}
            )
            sc = r.structured_content
            assert not r.is_error and sc is not None, text_of(r)
            out.append((sc["verdict"], sc["rule"]))
    return out


async def test_attack_sequences_agree(harness: Harness) -> None:
    sdk_tools, sdk_inbox, box = await _proxy(harness)
    proxy = [(r["verdict"], r["rule"]) for r in harness.records("verdict")]
    policy = harness.tmp / "policy.yaml"
    tools, inbox = [_dump(t) for t in sdk_tools], _dump(sdk_inbox)

    assert proxy == [e for _, a, e in SEQUENCE if a.get("body") != _deep(DEEP)]
    assert _library(tools, inbox, policy) == EXPECTED
    assert _library(sdk_tools, sdk_inbox, policy) == EXPECTED
    gateway, ran = _gateway(policy)
    assert gateway == EXPECTED
    assert await _serve(tools, inbox, policy, harness.tmp) == EXPECTED

    # nothing but the inbox read ran, on any side
    assert not ran
    assert not (box / "outbox").exists() or not any((box / "outbox").iterdir())
    assert not (box / "fetched.log").exists()
