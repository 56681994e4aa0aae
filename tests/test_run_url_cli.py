"""``cordon run --url`` refuses a plain ``http://`` URL to another host unless
``--allow-http`` (a bearer or OAuth token would cross the network in clear); ``cordon init``
carries the choice a client config already made."""

from __future__ import annotations

import subprocess

import pytest

from cordon.clientremote import plain_http_elsewhere
from tests.conftest import cordon_exe


@pytest.mark.parametrize(
    ("url", "elsewhere"),
    [
        ("http://mcp.example.com/mcp", True),
        ("http://10.0.0.5:8080/mcp", True),
        ("https://mcp.example.com/mcp", False),
        ("http://127.0.0.1:8000/mcp", False),
        ("http://localhost:8000/mcp", False),
        ("http://[::1]:8000/mcp", False),
    ],
)
def test_plain_http_elsewhere(url: str, elsewhere: bool) -> None:
    assert plain_http_elsewhere(url) is elsewhere


def test_cordon_run_refuses_plain_http_to_another_host() -> None:
    cmd = [*cordon_exe(), "run", "--url", "http://mcp.example.com/mcp"]
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "--allow-http" in proc.stderr


@pytest.mark.parametrize(
    ("url", "flag"), [("http://mcp.internal.example/mcp", True), ("https://mcp.example/mcp", False)]
)
def test_init_carries_a_plain_http_choice_the_config_made(url: str, flag: bool) -> None:
    from cordon.clientremote import RemoteTarget, remote_target, wrap_remote

    target = remote_target({"type": "http", "url": url})
    assert isinstance(target, RemoteTarget)
    entry, _ = wrap_remote(
        {"type": "http", "url": url},
        target,
        cordon_command="cordon",
        head=["run", "--name", "x"],
        upstream_key="x-cordon-upstream",
    )
    assert ("--allow-http" in entry["args"]) is flag
