"""The real ``cordon run`` in front of a server that really runs shell commands
(tests/servers/shellbox.py), driven by the official SDK client: container forms whose
writes reach the host through mounts read as docker reads them are judged as the line run
here and never forwarded: a chroot into a directory under a read-only mount of the host's
``/`` (``ro`` leaves submounts writable: engine/container_mounts), a delete under a
``--mount ...,ro=true`` of it, a mount written ``readonly=false``, and a chroot in a run that
takes another container's mounts (``--volumes-from CTR``, not in the line). Each was allowed
and forwarded before (with a daemon there, the delete could have run). Asserted on the side
effects: the directory is still there and the server's log holds none of them; a near miss
(``--volumes-from CTR ... ls /host``, a sealed read-only mount) is still forwarded."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._shellbox import shellbox_in_front

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: allowed near misses: forwarded to the server (which runs them: no daemon here, they fail)
_NEAR = [
    "docker run --volumes-from ctr alpine ls /host",
    "docker run --mount type=bind,src=/,dst=/host,readonly,bind-recursive=readonly alpine "
    "chroot /host/etc ls",
]


async def test_forms_through_unseen_or_read_only_mounts_are_denied_before_the_server(
    harness: Harness,
) -> None:
    sandbox, log, params = shellbox_in_front(harness, confined=True)
    victim = harness.tmp / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("keep", "utf-8")
    line = f"rm -rf {victim}"
    forms = [
        f"docker run -v /:/host:ro alpine chroot /host{victim.parent} rm -rf {victim.name}",
        f"docker run --mount type=bind,src=/,dst=/host,ro=true alpine rm -rf /host{victim}",
        f"docker run --mount type=bind,src=/,dst=/h,readonly=false alpine rm -rf /h{victim}",
        f"docker run --volumes-from ctr alpine chroot /host {line}",
        f"podman run --rm --volumes-from=ctr:ro alpine sh -c 'chroot /host {line}'",
    ]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        direct = await client.call_tool("run_command", {"command": line})
        assert direct.is_error and "action." in text_of(direct), text_of(direct)
        rule = text_of(direct).split("action.", 1)[1].split()[0].rstrip(".:,)")
        for command in forms:
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and f"action.{rule}" in text_of(r), (command, text_of(r))
        for command in _NEAR:
            r = await client.call_tool("run_command", {"command": command})
            assert "action." not in text_of(r), (command, text_of(r))

    assert (victim / "keep.txt").read_text("utf-8") == "keep"
    ran = [json.loads(x) for x in log.read_text("utf-8").splitlines()]
    assert not any(c in ran for c in [line, *forms]), ran
    assert all(c in ran for c in _NEAR), ran
