"""The real ``cordon run`` in front of a server that really runs shell commands
(tests/servers/shellbox.py), driven by the official SDK client: text piped into a shell that
a wrapper starts with no command of its own (``su``, ``unshare``: each reads its standard
input as command lines when it is no terminal, su(1), unshare(1)) is judged as the line it
carries. ``echo 'rm -rf DIR' | unshare`` was read as running no program and allowed; now it
gets ``rm -rf DIR``'s verdict (a delete outside the server's directory: denied) and is never
forwarded. Asserted on the side effects: the directory is still there, the server's log holds
none of the piped forms, and an ordinary command still runs. ``su`` and ``unshare`` are
util-linux programs on the machines this runs on; ``sudo -i`` and the rest are read the same
way (tests/engine/test_local_login_shells.py) but not installed here."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._shellbox import shellbox_in_front

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: an ordinary line piped into the same shell: its own verdict (allowed), and really run
_OK = "echo 'echo ok > ok.txt' | unshare"


async def test_a_delete_piped_into_a_bare_shell_is_denied_before_the_server_runs_it(
    harness: Harness,
) -> None:
    sandbox, log, params = shellbox_in_front(harness, confined=True)
    victim = harness.tmp / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("keep", "utf-8")
    line = f"rm -rf {victim}"
    piped = [f"echo '{line}' | unshare", f"echo '{line}' | su", f"unshare <<'EOF'\n{line}\nEOF"]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        direct = await client.call_tool("run_command", {"command": line})
        assert direct.is_error and "action." in text_of(direct), text_of(direct)
        rule = text_of(direct).split("action.", 1)[1].split()[0].rstrip(".:,)")
        for command in piped:
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and f"action.{rule}" in text_of(r), (command, text_of(r))
        ok = await client.call_tool("run_command", {"command": _OK})
        assert not ok.is_error, text_of(ok)

    assert (victim / "keep.txt").read_text("utf-8") == "keep"
    ran = [json.loads(x) for x in log.read_text("utf-8").splitlines()]
    assert not any(c in ran for c in [line, *piped]), ran
    assert _OK in ran
    assert (sandbox / "ok.txt").read_text("utf-8") == "ok\n"  # the piped line really ran
