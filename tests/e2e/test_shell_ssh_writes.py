"""The real ``cordon run`` in front of a server that really runs shell commands
(tests/servers/shellbox.py), driven by the official SDK client: a delete run through ssh is
judged as the same delete run here (engine/remote_writes) and never forwarded. The host,
``db.invalid``, may be this machine for all the line shows (an alias in ``~/.ssh/config``, the
machine's own name), as ``docker -H ssh://HOST``'s may; ``localhost`` itself is denied as a
private address already (``egress.private_address``). ssh's options after the host (``-t``,
``-o``), ``--`` and a quoted command are read as OpenSSH reads them. Each was only asked
before, as any ssh to a host on no allowlist is (``taint.unverified_destination``): one
approval and the delete ran; now each is denied as the delete. Asserted on the side effects:
the directory is still there and the server's log holds none of them; the near misses (``ssh
HOST ls``, ``ssh HOST cat /etc/os-release``) are asked as before, no delete read in them."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._shellbox import shellbox_in_front

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: ssh's options that keep a command run by the server from waiting on a prompt or a network
_SSH = "ssh -o BatchMode=yes -o ConnectTimeout=2"
#: near misses: asked for their destination only (``.invalid`` is never a name, RFC 2606)
_NEAR = [f"{_SSH} db.invalid ls", f"{_SSH} db.invalid cat /etc/os-release"]


async def test_deletes_through_ssh_are_denied_before_the_server(harness: Harness) -> None:
    sandbox, log, params = shellbox_in_front(harness, confined=True)
    victim = harness.tmp / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("keep", "utf-8")
    line = f"rm -rf {victim}"
    forms = [
        f"{_SSH} db.invalid {line}",
        f"{_SSH} db.invalid -t '{line}'",
        f"{_SSH} me@db.invalid -- {line}",
        f"ssh db.invalid 'cd {victim.parent} && rm -rf {victim.name}'",
        f"echo '{line}' | ssh db.invalid",
    ]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        direct = await client.call_tool("run_command", {"command": line})
        assert direct.is_error and "action." in text_of(direct), text_of(direct)
        rule = text_of(direct).split("action.", 1)[1].split()[0].rstrip(".:,)")
        for command in forms:
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and f"action.{rule}" in text_of(r), (command, text_of(r))
        for command in _NEAR:  # (a host on no allowlist: asked, as before; no delete read)
            r = await client.call_tool("run_command", {"command": command})
            assert "taint.unverified_destination" in text_of(r), (command, text_of(r))
            assert "action." not in text_of(r), (command, text_of(r))

    assert (victim / "keep.txt").read_text("utf-8") == "keep"
    ran = [json.loads(x) for x in log.read_text("utf-8").splitlines()] if log.exists() else []
    assert not any(c in ran for c in [line, *forms]), ran
