"""``cordon run --url --init-timeout`` bounds the start on the legacy HTTP+SSE transport as
on Streamable HTTP: a server that takes the stream and never sends its ``endpoint`` event, or
takes the ``initialize`` POST (202) and never answers it on the stream, is given up after the
wait, with ``--sse`` and after the fallback from a refused ``initialize`` POST. The client's
``initialize`` gets a JSON-RPC error naming the server and the wait, and the audit log a
``start_failed`` record. Through the real ``cordon run`` process, driven by the SDK client,
in front of a scripted server (without the bound the client waits for ever)."""

from __future__ import annotations

import contextlib
import json
import queue
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import anyio
import pytest
from mcp import Client

from tests.conftest import Harness, first_mcp_error

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


class _Silent(BaseHTTPRequestHandler):
    """A legacy server that starts and never answers: the GET an SSE stream (with an
    ``endpoint`` event unless the server's ``mode`` is ``no-endpoint``), held open; a POST
    to the endpoint 202; a POST to the URL itself (Streamable HTTP's ``initialize``) 405."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        mode = getattr(self.server, "mode", "")
        stop: threading.Event = getattr(self.server, "stop")  # noqa: B009
        if mode == "no-head":  # the connection taken, the GET read, no answer ever
            stop.wait(120)
            return
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        self.wfile.flush()
        if mode == "late-endpoint":  # past the 30 s the endpoint event had at most
            stop.wait(LATE_S)
        if mode != "no-endpoint":
            self.wfile.write(b"event: endpoint\ndata: /message?sessionId=1\n\n")
        self.wfile.flush()
        answers: queue.Queue[bytes] = getattr(self.server, "answers")  # noqa: B009
        while not stop.is_set():
            with contextlib.suppress(queue.Empty):
                data = answers.get(timeout=0.2)
                self.wfile.write(b"event: message\ndata: " + data + b"\n\n")
                self.wfile.flush()

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        self.send_response(202 if self.path.startswith("/message") else 405)
        self.send_header("content-length", "0")
        self.end_headers()
        if getattr(self.server, "mode", "") == "late-endpoint":  # it answers, on the stream
            msg = json.loads(body)
            result = _RESULTS.get(msg.get("method"))
            if result is not None and "id" in msg:
                reply = {"jsonrpc": "2.0", "id": msg["id"], "result": result}
                getattr(self.server, "answers").put(json.dumps(reply).encode())  # noqa: B009


#: the endpoint event's delay of the ``late-endpoint`` server (seconds): over the 30 s the
#: legacy start had for it whatever --init-timeout said
LATE_S = 32.0
_RESULTS: dict[str, dict[str, object]] = {
    "initialize": {
        "protocolVersion": "2024-11-05",
        "capabilities": {"tools": {}},
        "serverInfo": {"name": "late", "version": "1"},
    },
    "tools/list": {"tools": []},
}


def _serve(mode: str) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Silent)
    server.daemon_threads = True
    stop = threading.Event()
    server.mode = mode  # type: ignore[attr-defined]
    server.stop = stop  # type: ignore[attr-defined]
    server.answers = queue.Queue()  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/sse"
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
        thread.join(5)


@pytest.fixture
def silent_sse() -> Iterator[str]:
    yield from _serve("silent")


@pytest.fixture
def no_endpoint() -> Iterator[str]:
    yield from _serve("no-endpoint")


@pytest.fixture
def no_head() -> Iterator[str]:
    yield from _serve("no-head")


@pytest.fixture
def late_endpoint() -> Iterator[str]:
    yield from _serve("late-endpoint")


async def _given_up(harness: Harness, extra: list[str], what: str) -> None:
    params = harness.cordon([], extra=[*extra, "--init-timeout", "2"])
    # (well under the 30 s the endpoint event had, and without a bound the answer never comes)
    with anyio.fail_after(20):
        said = await first_mcp_error(Client(params, mode="legacy"))
    assert f"did not {what} within 2 s (--init-timeout)" in said, said
    failed = [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
    assert len(failed) == 1, harness.records()
    assert f"did not {what} within 2 s" in failed[0]["reason"], failed


async def test_sse_initialize_never_answered_on_the_stream(
    harness: Harness, silent_sse: str
) -> None:
    await _given_up(harness, ["--url", silent_sse, "--sse"], "answer initialize")


async def test_fallback_initialize_never_answered_on_the_stream(
    harness: Harness, silent_sse: str
) -> None:
    await _given_up(harness, ["--url", silent_sse], "answer initialize")


async def test_sse_endpoint_event_never_sent(harness: Harness, no_endpoint: str) -> None:
    await _given_up(harness, ["--url", no_endpoint, "--sse"], "send its endpoint event")


async def test_fallback_endpoint_event_never_sent(harness: Harness, no_endpoint: str) -> None:
    await _given_up(harness, ["--url", no_endpoint], "send its endpoint event")


@pytest.mark.parametrize("sse", [True, False], ids=["sse", "fallback"])
async def test_a_stream_get_never_answered_is_given_up_after_the_init_timeout(
    harness: Harness, no_head: str, sse: bool
) -> None:
    # (it waited a fixed 30 s, 300 s with OAuth, whatever --init-timeout said)
    await _given_up(
        harness, ["--url", no_head, *(["--sse"] if sse else [])], "answer the SSE stream's GET"
    )


async def test_init_timeout_0_is_no_limit_for_the_endpoint_event_too(
    harness: Harness, late_endpoint: str
) -> None:
    # 0 is no limit, as over Streamable HTTP: the endpoint event coming after 30 s is waited for
    # (the start was given up at 30 s), and the session then works
    params = harness.cordon([], extra=["--url", late_endpoint, "--init-timeout", "0"])
    with anyio.fail_after(LATE_S + 30):
        async with Client(params, mode="legacy") as client:
            assert (await client.list_tools()).tools == []
    assert not [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
