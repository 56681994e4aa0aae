"""Red team of protocol-era and session confusion, through the real ``cordon run``: a client
of one era and a server of the other (handshake era: ``initialize``; 2026-07-28: no session,
``_meta`` on every request, ``server/discover``, ``input_required`` results), a server that
puts its answers where only one era's checks look.

The promises under attack: the same call with the same history gets the same verdict in
both eras; a server swapped behind a pinned entry is refused whichever era the client
speaks; a server's questions (``input_required``) fit what the client declared, on every
request that can carry them. Each test asserts what the upstream received (its side
effects), what the client saw, and what the audit log holds.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import Harness, cordon_exe, text_of
from tests.e2e._recorder import RECORDER, Recorded
from tests.e2e.test_remote_recovery import _port, _serve, _stop

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

MODERN = "2026-07-28"

# A real SDK server (both eras on one stdio connection) named by $SRV_NAME, whose one tool
# appends its text to $NOTE_LOG: the side effect a refused session must not have.
SDK_SERVER = """
import json
import os
import select
import subprocess
from mcp.server.mcpserver import MCPServer

srv = MCPServer(os.environ["SRV_NAME"], instructions="Takes notes.")

@srv.tool()
def note(text: str) -> str:
    with open(os.environ["NOTE_LOG"], "a") as fh:
        fh.write(text + "\\n")
    return "noted"

if "PORT" in os.environ:  # Streamable HTTP (stateful: both eras on one endpoint)
    import uvicorn

    app = srv.streamable_http_app()
    uvicorn.run(app, host="127.0.0.1", port=int(os.environ["PORT"]), log_level="warning")
else:
    srv.run("stdio")
"""


def _sdk_params(h: Harness, name: str) -> StdioServerParameters:
    """``cordon run`` (one pin file for every session of the test) in front of the SDK
    server calling itself ``name``: started by cordon (stdio), or, for ``h.transport ==
    "http"``, serving on one port that every session of the test reaches (``--url``), the
    one before stopped first (the same URL: the pinned entry)."""
    script = h.tmp / "sdk_server.py"
    script.write_text(SDK_SERVER, "utf-8")
    env = {**os.environ, "HOME": str(h.home), "SRV_NAME": name, "NOTE_LOG": str(h.tmp / "notes")}
    args = [*cordon_exe()[1:], "run", "--audit", str(h.audit), "--name", "notes"]
    args += ["--pin-file", str(h.tmp / "pins.json")]
    if h.transport == "http":
        kept = h.tmp / "port"
        port = int(kept.read_text()) if kept.exists() else _port()
        kept.write_text(str(port))
        _stop(h)
        _serve(h, script, {**env, "PORT": str(port)}, port)
        args += ["--url", f"http://127.0.0.1:{port}/mcp"]
    else:
        args += ["--", sys.executable, str(script)]
    return StdioServerParameters(command=cordon_exe()[0], args=args, env=env)


async def _note(h: Harness, name: str, mode: str, text: str, *, listed: bool = True) -> str:
    """One client session (``mode``: the SDK client's era) calling ``note``, after listing
    the tools (``listed``): the text it got, or the error that ended it."""
    try:
        async with Client(_sdk_params(h, name), mode=mode) as c:
            if listed:
                await c.list_tools()  # (pins the tools; later sessions: the pin file's)
            return text_of(await c.call_tool("note", {"text": text}))
    except BaseException as exc:  # noqa: BLE001 - unwrapped: the client's error
        while isinstance(exc, BaseExceptionGroup):
            exc = exc.exceptions[0]
        if isinstance(exc, Exception):
            return f"error: {exc}"
        raise


def _noted(h: Harness) -> list[str]:
    path = h.tmp / "notes"
    return path.read_text("utf-8").splitlines() if path.exists() else []


def _pin_refusals(h: Harness) -> list[dict[str, Any]]:
    return [r for r in h.records("pin") if r.get("rule") == "pin.server_changed"]


# -- server identity across eras ----------------------------------------------------------


@pytest.mark.parametrize("harness", ["stdio", "http"], indirect=True)
async def test_a_server_swapped_behind_its_entry_is_refused_in_the_2026_era_too(
    harness: Harness,
) -> None:
    """A 2026-07-28 ``server/discover`` names the server in ``_meta``
    (``io.modelcontextprotocol/serverInfo``), not at the top as ``initialize`` does. cordon
    read only the top: over discover it saw no name, so another program behind the pinned
    entry (another ``serverInfo`` name) was let through in the 2026 era, while the same swap
    was refused to a handshake-era client. The SDK client's ``auto`` mode probes discover."""
    assert await _note(harness, "notes-server", "auto", "first") == "noted"
    got = await _note(harness, "someone-else", "auto", "second")
    assert got.startswith("error:"), got
    assert _noted(harness) == ["first"]  # the swapped server ran nothing
    refusals = _pin_refusals(harness)  # (discover, then the client's initialize fallback)
    assert refusals and all("serverInfo" in r["reason"] for r in refusals)


async def test_a_server_pinned_over_initialize_is_the_same_server_over_discover(
    harness: Harness,
) -> None:
    """The same server pinned by a handshake-era client and then reached by a 2026-07-28
    client (``server/discover``) is the same server: its calls go through. Before, the
    discover answer gave no top-level ``serverInfo`` and the server was shut off as changed
    (the same call, the same history, another verdict in the other era)."""
    assert await _note(harness, "notes-server", "legacy", "first") == "noted"
    assert await _note(harness, "notes-server", "auto", "second") == "noted"
    assert _noted(harness) == ["first", "second"]
    assert _pin_refusals(harness) == []
    verdicts = [r["verdict"] for r in harness.records("verdict") if r.get("tool") == "note"]
    assert verdicts == ["allow", "allow"]


async def test_a_swapped_server_is_refused_to_a_2026_client_that_skips_discover(
    harness: Harness,
) -> None:
    """A 2026-07-28 client that sends no ``server/discover`` (the SDK client's
    ``mode="2026-07-28"``) brings cordon no handshake to compare. Its ``tools/list`` answer
    names the server in ``_meta``: a name that is not the pinned one shows no tool, and the
    call after it is denied (``pin.server_changed``), as over ``initialize``."""
    assert await _note(harness, "notes-server", "auto", "first") == "noted"
    got = await _note(harness, "someone-else", MODERN, "second")
    assert "pin.server_changed" in got, got
    assert _noted(harness) == ["first"]
    assert _pin_refusals(harness)
    denied = [r for r in harness.records("verdict") if r.get("verdict") == "deny"]
    assert [r["rule"] for r in denied] == ["pin.server_changed"]


@pytest.mark.parametrize("harness", ["stdio", "http"], indirect=True)
async def test_a_swapped_server_gets_no_call_from_a_2026_client_that_lists_nothing(
    harness: Harness,
) -> None:
    """A 2026-07-28 client that skips ``server/discover`` and calls a tool before any
    ``tools/list`` (the tools are pinned from the pin file) gave cordon no sign of the
    server's identity before the call went out: only the result's ``_meta`` named the
    server, after the side effect. cordon now sends a discover of its own first and
    compares its answer with the pinned identity."""
    assert await _note(harness, "notes-server", "auto", "first") == "noted"
    got = await _note(harness, "someone-else", MODERN, "second", listed=False)
    assert "pin.server_changed" in got, got
    assert _noted(harness) == ["first"]
    assert _pin_refusals(harness)
    probes = [r for r in harness.records("upstream") if r.get("event") == "discover"]
    assert len(probes) == 1  # (the first session's client sent its own discover)


async def test_the_pinned_server_answers_a_2026_client_that_lists_nothing(
    harness: Harness,
) -> None:
    """The same server, reached by a 2026-07-28 client that calls before any list: cordon's
    own discover names it, and the call goes through."""
    assert await _note(harness, "notes-server", "auto", "first") == "noted"
    assert await _note(harness, "notes-server", MODERN, "second", listed=False) == "noted"
    assert _noted(harness) == ["first", "second"]
    assert _pin_refusals(harness) == []


# -- a server's questions (input_required) against what the client declared ----------------

#: a 2026-07-28 ``input_required`` result asking the client's model to write (sampling)
SAMPLING_ASK = {
    "resultType": "input_required",
    "inputRequests": {
        "q": {
            "method": "sampling/createMessage",
            "params": {
                "messages": [{"role": "user", "content": {"type": "text", "text": "Summarise."}}],
                "maxTokens": 50,
            },
        }
    },
    "requestState": "round-1",
}
#: the ``_meta`` of a 2026-07-28 request from a client that declared no feature at all
BARE_META = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"},
}


_CAPS = "io.modelcontextprotocol/clientCapabilities"


def _refused_undeclared(reply: dict[str, Any]) -> None:
    err = reply.get("error")
    assert err is not None and "did not declare sampling" in err["message"], reply
    assert "result" not in reply


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("tools/call", {"name": "read_doc", "arguments": {}}),
        ("tools/call", {"name": "read_doc", "arguments": {}, "_meta": BARE_META}),
        ("resources/read", {"uri": "note://today"}),
        ("resources/read", {"uri": "note://today", "_meta": BARE_META}),
        ("prompts/get", {"name": "summary", "_meta": BARE_META}),
    ],
    ids=["call-2025", "call-2026", "read-2025", "read-2026", "prompt-2026"],
)
def test_a_server_question_of_a_kind_the_client_never_declared_is_refused_in_either_era(
    harness: Harness, method: str, params: dict[str, Any]
) -> None:
    """A server answers with ``input_required`` asking for sampling, which the client never
    declared (not at ``initialize``, not in the request's ``clientCapabilities``). cordon
    refused it only on a 2026-07-28 ``tools/call``: the same question on a handshake-era
    call, or on any ``resources/read`` or ``prompts/get``, reached the client (whose SDK
    hands every ``input_required`` to the same callbacks as a server request)."""
    rec = Recorded(harness, {method: SAMPLING_ASK, "read": {"note://today": SAMPLING_ASK}})
    try:
        reply = rec.rpc(3, method, params)
    finally:
        rec.close()
    _refused_undeclared(reply)
    refused = [r for r in harness.records("server_request") if r.get("action") == "refuse"]
    assert [r["request"] for r in refused] == ["input_required"]
    assert "did not declare sampling" in refused[0]["reason"]
    # the question went no further: no retry carrying an answer reached the server
    assert not [m for m in rec.received() if "inputResponses" in (m.get("params") or {})]


def test_a_server_question_of_a_kind_the_client_declared_reaches_it(harness: Harness) -> None:
    """The other side of the check: a 2026-07-28 resource read from a client that declared
    sampling gets the server's sampling question as it was sent (nothing else refused)."""
    meta = {**BARE_META, "io.modelcontextprotocol/clientCapabilities": {"sampling": {}}}
    rec = Recorded(harness, {"read": {"note://today": SAMPLING_ASK}})
    try:
        reply = rec.rpc(3, "resources/read", {"uri": "note://today", "_meta": meta})
    finally:
        rec.close()
    assert reply["result"]["inputRequests"] == SAMPLING_ASK["inputRequests"], reply
    assert not [r for r in harness.records("server_request") if r.get("action") == "refuse"]


# -- cordon's own question, and ids the upstream must not learn ----------------------------


def _asking_cordon(
    h: Harness, caps: dict[str, Any] | None = None, *, modern: bool = False
) -> tuple[subprocess.Popen[bytes], Any]:
    """``cordon run`` in front of the recorder (``tests/e2e/_recorder.py``), whose one tool
    ``read_doc`` the policy marks destructive (every call asked about), for a client that
    declared ``caps`` (elicitation) at ``initialize``, or sends no handshake (``modern``):
    its ``send`` and a reader of its frames."""
    server = h.tmp / "recorder.py"
    server.write_text(RECORDER, "utf-8")
    (h.tmp / "script.json").write_text("{}", "utf-8")
    policy = h.policy({"version": 1, "tools": {"read_doc": {"destructive": True}}})
    cmd = [*cordon_exe(), "run", "--audit", str(h.audit), "--policy", str(policy)]
    proc = subprocess.Popen(
        [*cmd, "--", sys.executable, str(server)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "HOME": str(h.home), "REC_DIR": str(h.tmp)},
    )

    def send(msg: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(msg).encode() + b"\n")
        proc.stdin.flush()

    def read(timeout: float) -> dict[str, Any] | None:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        line = proc.stdout.readline() if ready else b""
        return json.loads(line) if line else None

    declared = {"elicitation": {}} if caps is None else caps
    if not modern:
        init = {"protocolVersion": "2025-06-18", "capabilities": declared,
                "clientInfo": {"name": "t", "version": "1"}}  # fmt: skip
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init})
        assert read(30) is not None
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    listing = {"_meta": {**BARE_META, _CAPS: declared}} if modern else {}
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": listing})
    assert read(30) is not None
    return proc, (send, read)


def test_a_client_cancel_of_cordons_own_question_never_reaches_the_server(
    harness: Harness,
) -> None:
    """cordon's own ``elicitation/create`` carries an id the upstream must never learn
    (``cordon-<nonce>-<n>``): a server that knew it could send its own harmless-looking form
    under the id of cordon's next question, and the person's accept of that form would be
    taken for the approval of a call (the client answers by id). A client that cancels
    cordon's question (``notifications/cancelled`` naming that id) had the notification
    forwarded to the server as it came, nonce and all, and the call went on waiting for an
    answer that would never come. Now the cancel is cordon's: never forwarded, and the call
    is denied at once, as a person's decline is."""
    proc, (send, read) = _asking_cordon(harness)
    try:
        send({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
              "params": {"name": "read_doc", "arguments": {}}})  # fmt: skip
        question = read(30)
        assert question is not None and question.get("method") == "elicitation/create"
        own = question["id"]
        send({"jsonrpc": "2.0", "method": "notifications/cancelled",
              "params": {"requestId": own, "reason": "dismissed"}})  # fmt: skip
        answer = read(10)  # well before the 120 s an unanswered question waits
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(30)
    assert answer is not None and answer.get("id") == 3, answer
    assert answer["result"]["isError"] is True
    received = (harness.tmp / "recv.jsonl").read_text("utf-8")
    assert own not in received and own.rsplit("-", 1)[0] not in received
    assert "tools/call" not in received  # the call asked about never went out
    approvals = [r for r in harness.records("approval") if r.get("tool") == "read_doc"]
    assert [r["answer"] for r in approvals] == ["cancelled"]


@pytest.mark.parametrize("modern", [False, True], ids=["2025-06-18", "2026-07-28"])
def test_a_client_that_declared_no_form_gets_a_one_time_code_in_either_era(
    harness: Harness, modern: bool
) -> None:
    """cordon's question is a form. A client that declared elicitation in URL mode only
    (MCP 2025-11-25: ``{"url": {}}``) cannot show one, yet got it: a handshake-era client's
    error then fell back to a one-time code, but a 2026-07-28 client's SDK fails the call on
    the ``input_required`` it cannot answer, and no code is ever issued (no way to approve,
    the other era's verdict). Now both get the code at once; nothing reaches the server."""
    caps: dict[str, Any] = {"elicitation": {"url": {}}}
    proc, (send, read) = _asking_cordon(harness, caps, modern=modern)
    params: dict[str, Any] = {"name": "read_doc", "arguments": {}}
    if modern:
        params["_meta"] = {**BARE_META, _CAPS: caps}
    try:
        send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": params})
        answer = read(30)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(30)
    assert answer is not None and answer.get("id") == 3, answer  # (no question first)
    result = answer["result"]
    assert result["isError"] is True and "cordon approve" in json.dumps(result)
    assert result.get("resultType", "complete") == "complete"
    assert "tools/call" not in (harness.tmp / "recv.jsonl").read_text("utf-8")
    asked = [r.get("asked") for r in harness.records("verdict") if r.get("tool") == "read_doc"]
    assert asked == ["code"]
