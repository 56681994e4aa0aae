"""The real ``cordon run`` in front of a server that really runs shell commands
(tests/servers/shellbox.py), driven by the official SDK client: container forms that reach
the host's files are judged as the line run here and never forwarded: the runtime's options
before ``run`` (``docker --context X run -v /:/host IMG chroot /host rm -rf DIR``), a chroot
in a container started earlier (``docker exec CTR chroot /host ...``, ``kubectl exec``), a
chroot into a directory under the host's ``/`` mount (``chroot /host/PARENT rm -rf NAME``), a
privileged container that mounts the host's disk and enters it, text piped into ``docker
compose run SERVICE``, and a chroot in ``docker compose run SERVICE`` without the mount on
the line (the compose file's volumes are not shown). Each was allowed and forwarded before
(with a daemon there, the delete would have run). Asserted on the side effects: the
directory is still there and the server's log holds none of them; a near miss (``docker
--context X ps``, ``docker exec CTR ls /host``, ``docker compose run app ls /host``) is
still forwarded."""

from __future__ import annotations

import json

import pytest
from mcp import Client

from tests.conftest import Harness, text_of
from tests.e2e._shellbox import shellbox_in_front

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: allowed near misses: forwarded to the server (which runs them: no daemon here, they fail)
_NEAR = ["docker --context X ps", "docker exec ctr ls /host", "docker compose run app ls /host"]


async def test_container_forms_reaching_the_host_are_denied_before_the_server(
    harness: Harness,
) -> None:
    sandbox, log, params = shellbox_in_front(harness, confined=True)
    victim = harness.tmp / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("keep", "utf-8")
    line = f"rm -rf {victim}"
    forms = [
        f"docker --context X run -v /:/host alpine chroot /host {line}",
        f"podman --remote run -v /:/host alpine chroot /host {line}",
        f"docker exec -it ctr chroot /host {line}",
        f"kubectl exec pod -- chroot /host {line}",
        f"docker run -v /:/host alpine chroot /host{victim.parent} rm -rf {victim.name}",
        f"docker run --privileged alpine sh -c 'mount /dev/sda1 /mnt && chroot /mnt {line}'",
        f"echo 'chroot /host {line}' | docker compose run -v /:/host app",
        f"docker compose run --rm app chroot /host {line}",
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
