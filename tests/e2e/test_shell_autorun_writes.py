"""The real ``cordon run`` in front of a server that really runs shell commands
(tests/servers/shellbox.py), driven by the official SDK client: writers other than ``cp``
and ``>`` that plant an auto-run file in the project (``touch .envrc``, ``dd of=.git/config``,
``sort -o .env``, an archive carrying ``.git/hooks/post-checkout`` and ``.vscode/tasks.json``
extracted at the project's root, ``git apply`` of a patch no rule can read, a work tree
exported into a nested ``sh -c``) are asked about, so refused without an approval, and the
server never runs them. Asserted on the side effects: the files absent, the server's log
without the refused commands, and the same archive extracted under ``build/`` really run."""

from __future__ import annotations

import io
import json
import sys
import tarfile

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


def _archive(path: object) -> None:
    """A tar holding a git hook and a VS Code task (what a poisoned release carries)."""
    with tarfile.open(str(path), "w") as tar:
        for name, text in ((".git/hooks/post-checkout", "#!/bin/sh\necho pwned\n"),
                           (".vscode/tasks.json", '{"tasks": []}\n'),
                           ("README.md", "release\n")):  # fmt: skip
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


async def test_auto_run_writes_by_other_writers_are_refused(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    (sandbox / ".git" / "hooks").mkdir(parents=True)
    (sandbox / "build").mkdir()
    (sandbox / "in.txt").write_text("b\na\n", "utf-8")
    _archive(sandbox / "release.tar")
    log = harness.tmp / "ran.log"
    policy = harness.policy(
        {
            "version": 1,
            "allowed_path_prefixes": [str(harness.tmp)],
            "tools": {"run_command": {"base_dir": str(sandbox)}},
        }
    )
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    refused = [
        "touch .envrc",
        "dd if=in.txt of=.git/config",
        "sort -o .env in.txt",
        "tar -xf release.tar",
        "tar -C .git/hooks -xf release.tar",
        "git apply x.patch",
        "export GIT_WORK_TREE=.git/hooks; sh -c 'git checkout main'",
    ]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for command in refused:
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and "action.credential_write" in text_of(r), (command, text_of(r))
        for command in ("tar -xf release.tar -C build/", "sort -o out.txt in.txt"):
            ok = await client.call_tool("run_command", {"command": command})
            assert not ok.is_error, (command, text_of(ok))

    ran = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert not any(c in ran for c in refused), ran
    for planted in (".envrc", ".env", ".git/config", ".git/hooks/post-checkout", ".vscode"):
        assert not (sandbox / planted).exists(), planted
    assert (sandbox / "build" / ".git" / "hooks" / "post-checkout").exists()
    assert (sandbox / "build" / "README.md").read_text("utf-8") == "release\n"
    assert (sandbox / "out.txt").read_text("utf-8") == "a\nb\n"
