"""``cordon run --url`` that cannot start its remote server says why to the client and on
the audit record, and never waits without end: through the real ``cordon run`` process,
driven by the SDK client.

- a ``--header-env NAME=VAR`` whose variable holds a ``${OTHER}`` that is not set: the
  client's ``initialize`` is answered with a JSON-RPC error naming ``--header-env`` (the
  option given, not ``--header``), and the audit log has the start and why it failed;
- a ``--url-env VAR`` whose variable is not set: the same error and the same two records
  (the start record names the variable: no URL is known);
- a server that accepts the connection and never answers ``initialize``: after
  ``--init-timeout`` seconds the client's ``initialize`` gets a JSON-RPC error naming the
  server and the wait, and the audit log records the start that failed.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import anyio
import pytest
from mcp import Client

from tests.conftest import Harness, first_mcp_error

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_a_header_env_value_reading_an_unset_variable_is_said_and_audited(
    harness: Harness,
) -> None:
    url = "http://127.0.0.1:9/mcp"
    params = harness.cordon(
        [],
        extra=["--url", url, "--header-env", "Authorization=AUTH_LINE"],
        env={"AUTH_LINE": "Bearer ${TOKEN_NOT_SET_HERE}"},
    )
    said = await first_mcp_error(Client(params, mode="legacy"))
    assert "--header-env Authorization" in said, said
    assert "TOKEN_NOT_SET_HERE is not set" in said, said
    assert "--header Authorization" not in said, said
    starts = harness.records("start")
    failed = [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
    assert len(starts) == 1 and starts[0]["upstream"] == {"url": url}, starts
    assert len(failed) == 1 and "--header-env Authorization" in failed[0]["reason"], failed
    assert failed[0]["session"] == starts[0]["session"]


async def test_an_unset_header_env_variable_is_audited(harness: Harness) -> None:
    params = harness.cordon(
        [], extra=["--url", "http://127.0.0.1:9/mcp", "--header-env", "X-Api-Key"]
    )
    said = await first_mcp_error(Client(params, mode="legacy"))
    assert "--header-env X-Api-Key: environment variable CORDON_HEADER_X_API_KEY" in said
    failed = [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
    assert len(failed) == 1 and "CORDON_HEADER_X_API_KEY" in failed[0]["reason"], failed


@pytest.mark.parametrize("sse", [False, True], ids=["url-env", "url-env-sse"])
async def test_an_unset_url_env_variable_is_said_and_audited(harness: Harness, sse: bool) -> None:
    # as a --header-env that cannot be read: a start record naming what was given (the
    # variable; no URL is known) and a start_failed record saying why, not stderr alone
    extra = ["--url-env", "NO_SUCH_CORDON_URL", *(["--sse"] if sse else [])]
    params = harness.cordon([], extra=extra)
    said = await first_mcp_error(Client(params, mode="legacy"))
    assert "--url-env NO_SUCH_CORDON_URL: environment variable NO_SUCH_CORDON_URL is not set" in (
        said
    )
    starts = harness.records("start")
    failed = [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
    assert len(starts) == 1 and starts[0]["upstream"] == {"url_env": "NO_SUCH_CORDON_URL"}, starts
    assert len(failed) == 1 and "NO_SUCH_CORDON_URL is not set" in failed[0]["reason"], failed
    assert failed[0]["session"] == starts[0]["session"]


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A TCP server that accepts every connection, reads what comes and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            held.append(conn)  # read by nobody, closed at the end: the request hangs

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/mcp"
    finally:
        stop.set()
        thread.join(5)
        for conn in held:
            conn.close()
        listener.close()


async def test_a_server_that_never_answers_initialize_is_given_up_on(
    harness: Harness, silent_server: str
) -> None:
    params = harness.cordon([], extra=["--url", silent_server, "--init-timeout", "2"])
    with anyio.fail_after(60):  # (without the limit the client waits for ever)
        said = await first_mcp_error(Client(params, mode="legacy"))
    assert silent_server in said and "did not answer initialize within 2 s" in said, said
    failed = [r for r in harness.records("upstream") if r.get("event") == "start_failed"]
    assert len(failed) == 1, harness.records()
    assert "did not answer initialize within 2 s" in failed[0]["reason"], failed


def test_the_cli_default_is_the_upstream_default() -> None:
    from cordon import _cli_run_options as cli
    from cordon.proxy import http_session

    assert cli.INIT_WAIT_S == http_session.INIT_WAIT_S
