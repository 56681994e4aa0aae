"""``cordon run --url --init-timeout`` bounds the start on the legacy HTTP+SSE transport as
on Streamable HTTP: a server that takes the stream and never sends its ``endpoint`` event, or
takes the ``initialize`` POST (202) and never answers it on the stream, is given up after the
wait, with ``--sse`` and after the fallback from a refused ``initialize`` POST. The client's
``initialize`` gets a JSON-RPC error naming the server and the wait, and the audit log a
``start_failed`` record. Through the real ``cordon run`` process, driven by the SDK client,
in front of a scripted server (without the bound the client waits for ever)."""

from __future__ import annotations

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
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.end_headers()
        if getattr(self.server, "mode", "") != "no-endpoint":
            self.wfile.write(b"event: endpoint\ndata: /message?sessionId=1\n\n")
        self.wfile.flush()
        stop: threading.Event = getattr(self.server, "stop")  # noqa: B009
        stop.wait(120)

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("content-length", "0")))
        self.send_response(202 if self.path.startswith("/message") else 405)
        self.send_header("content-length", "0")
        self.end_headers()


def _serve(mode: str) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Silent)
    server.daemon_threads = True
    stop = threading.Event()
    server.mode = mode  # type: ignore[attr-defined]
    server.stop = stop  # type: ignore[attr-defined]
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
