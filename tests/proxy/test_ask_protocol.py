"""Table tests of how the proxy core asks a person on a legacy (``initialize``) connection:
cordon's own ``elicitation/create`` only where the negotiated protocol version has it
(2025-06-18 on), and a one-time code whenever the client cannot answer it (an older
version, no capability, or a JSON-RPC error answered to the question). Never an allow on
an error."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from cordon._types import Verdict
from cordon.decider import Decision
from cordon.proxy.asking import elicitation_negotiated
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.memory import MemoryTransport
from tests.proxy.test_core import _call, _Work

CODE = "ABCD-EF12"


class _CodeWork(_Work):
    """``send`` is asked about; a code is issued when the core asks for one."""

    def __init__(self, *, code_fails: bool = False) -> None:
        super().__init__()
        self.verdicts["send"] = "ask"
        self.code_fails = code_fails

    def decide(
        self, tool: str, args: Any, *, approve: Any, issue_code: bool, params: Any = None
    ) -> Decision:
        d = super().decide(tool, args, approve=approve, issue_code=issue_code)
        self.log[-1] += " +code" if issue_code else ""
        if issue_code and d.verdict.verdict == "ask":
            d.code = CODE
        return d

    def code_for(self, v: Verdict, tool: str, args: Any) -> Decision:
        self.log.append(f"code_for {tool}")
        if self.code_fails:
            raise OSError("approval store unwritable")
        return Decision(v, code=CODE)


def _connect(
    work: _Work, version: Any, *, caps: dict[str, Any] | None = None, codes: bool = True
) -> MemoryTransport:
    """A core after the initialize handshake: the client declares ``caps`` (elicitation by
    default), the upstream answers ``version`` (None: no protocolVersion; "error": an
    error)."""
    cfg = CoreConfig(server="s", session_id="sid", codes=codes)
    t = MemoryTransport(ProxyCore(cfg, work, clock=lambda: 0.0))  # type: ignore[arg-type]
    hello = {
        "protocolVersion": "2025-11-25",
        "capabilities": {"elicitation": {}} if caps is None else caps,
        "clientInfo": {"name": "c", "version": "1"},
    }
    t.from_client({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello})
    if version == "error":
        t.from_server({"jsonrpc": "2.0", "id": 0, "error": {"code": -32602, "message": "no"}})
    else:
        result: dict[str, Any] = {"capabilities": {"tools": {}}, "serverInfo": {"name": "u"}}
        if version is not None:
            result["protocolVersion"] = version
        t.from_server({"jsonrpc": "2.0", "id": 0, "result": result})
    t.client.clear()
    t.audit.clear()
    work.log.clear()
    return t


def _last(t: MemoryTransport) -> dict[str, Any]:
    msg: dict[str, Any] = orjson.loads(t.client[-1])
    return msg


def _text(msg: dict[str, Any]) -> str:
    return "\n".join(c.get("text", "") for c in msg["result"]["content"])


@pytest.mark.parametrize(
    ("version", "caps", "elicits"),
    [
        ("2025-06-18", None, True),
        ("2025-11-25", None, True),
        ("2024-11-05", None, False),  # the Slack and GitHub reference servers
        ("2025-03-26", None, False),
        (None, None, False),  # no version named: fail closed
        ("DRAFT-2026-v1", None, False),
        ("2025-6-18", None, False),
        (20250618, None, False),
        ("error", None, False),  # initialize failed
        ("2025-06-18", {}, False),  # the client did not declare elicitation
    ],
)
def test_cordon_elicits_only_where_the_negotiated_version_has_it(
    version: Any, caps: dict[str, Any] | None, elicits: bool
) -> None:
    work = _CodeWork()
    t = _connect(work, version, caps=caps)
    t.from_client(_call(1, "send"))
    msg = _last(t)
    assert t.sent_upstream[1:] == []  # only the initialize went upstream
    if elicits:
        assert msg["method"] == "elicitation/create" and work.log == ["decide send"]
        assert t.audit[-1]["asked"] == "elicitation"
    else:
        assert "method" not in msg and msg["id"] == 1 and msg["result"]["isError"] is True
        assert f"cordon approve {CODE}" in _text(msg)
        assert work.log == ["decide send +code"]
        assert (t.audit[-1]["asked"], t.audit[-1]["code"]) == ("code", CODE)


def test_no_question_before_the_upstream_answers_initialize() -> None:
    """A call sent before the handshake finished gets a code: the version is not known."""
    work = _CodeWork()
    t = MemoryTransport(
        ProxyCore(CoreConfig(server="s", session_id="x"), work, clock=lambda: 0.0)  # type: ignore[arg-type]
    )
    hello = {"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}}}
    t.from_client({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello})
    t.from_client(_call(1, "send"))
    assert f"cordon approve {CODE}" in _text(_last(t))


def _question(t: MemoryTransport) -> str:
    q = _last(t)
    assert q["method"] == "elicitation/create"
    return str(q["id"])


@pytest.mark.parametrize(
    ("error", "again"),
    [
        ({"code": -32601, "message": "Method not found", "data": "elicitation/create"}, False),
        ({"code": -32603, "message": "the dialog failed"}, True),
        ({"code": -32000, "message": "x"}, True),
    ],
)
def test_an_error_answer_to_cordons_question_is_a_deny_with_a_code(
    error: dict[str, Any], again: bool
) -> None:
    """The error is not a person's answer: the call is denied with a one-time code (as for a
    client without elicitation), never checked again and never forwarded, even though the
    engine would now allow it; after -32601 the connection gets codes without a question."""
    work = _CodeWork()
    t = _connect(work, "2025-06-18")
    t.from_client(_call(1, "send"))
    eid = _question(t)
    work.verdicts["send"] = "allow"  # an approval now would let it through: it must not
    t.from_client({"jsonrpc": "2.0", "id": eid, "error": error})
    denied = _last(t)
    assert denied["id"] == 1 and denied["result"]["isError"] is True
    assert f"cordon approve {CODE}" in _text(denied)
    assert "taint" not in _text(denied) and "r.ask" in _text(denied)
    assert t.sent_upstream[1:] == []
    assert work.log == ["decide send", "code_for send"]
    kinds = [(r["kind"], r.get("asked"), r.get("answer")) for r in t.audit]
    assert kinds == [
        ("verdict", "elicitation", None),
        ("approval", None, "error"),
        ("verdict", "code", "deny"),
    ]
    assert t.audit[-1]["code"] == CODE and t.audit[1]["channel"] == "elicitation"
    work.verdicts["send"] = "ask"
    t.from_client(_call(2, "send", 2))
    if again:
        assert _last(t)["method"] == "elicitation/create"
    else:
        assert f"cordon approve {CODE}" in _text(_last(t)) and _last(t)["id"] == 2
        assert work.log[-1] == "decide send 2 +code"


def test_an_error_answer_without_a_code_store_is_a_plain_deny() -> None:
    work = _CodeWork()
    cfg = CoreConfig(server="s", session_id="x", codes=False)
    core = ProxyCore(cfg, work, clock=lambda: 0.0)  # type: ignore[arg-type]
    core.legacy_elicitation = True
    t = MemoryTransport(core)
    t.from_client(_call(1, "send"))
    t.from_client({"jsonrpc": "2.0", "id": _question(t), "error": {"code": -32601, "message": "m"}})
    denied = _last(t)
    assert denied["result"]["isError"] is True and "cordon approve" not in _text(denied)
    assert "code_for send" not in work.log and t.sent_upstream == []
    assert (t.audit[-1]["asked"], t.audit[-1]["answer"]) == ("none", "deny")


def test_an_error_answer_whose_code_cannot_be_issued_is_still_a_deny() -> None:
    work = _CodeWork(code_fails=True)
    t = _connect(work, "2025-06-18")
    t.from_client(_call(1, "send"))
    t.from_client({"jsonrpc": "2.0", "id": _question(t), "error": {"code": -32601, "message": "m"}})
    denied = _last(t)
    assert denied["id"] == 1 and denied["result"]["isError"] is True
    assert "cordon approve" not in _text(denied) and t.sent_upstream[1:] == []
    assert any("one-time code" in line for line in t.log)


@pytest.mark.parametrize(
    ("version", "has"),
    [
        ("2025-06-18", True),
        ("2026-07-28", True),
        ("2025-03-26", False),
        ("2024-11-05", False),
        ("", False),
        (None, False),
        ("2025-06-18 ", False),
        ("latest", False),
    ],
)
def test_elicitation_negotiated(version: Any, has: bool) -> None:
    assert elicitation_negotiated(version) is has
