"""Commands that hide what they do from the shell guard, through the real ``cordon run`` in
front of a server that really runs them with ``bash -c``: refused (denied, or asked and not
answered), and the files they aimed at are still there; the same commands aimed inside the project still run."""

from __future__ import annotations

import base64
import json
import sys

import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SHELLBOX = ROOT / "tests" / "servers" / "shellbox.py"


async def test_hidden_deletes_refused(harness: Harness) -> None:
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    victim = harness.tmp / "outside" / "data"
    victim.mkdir(parents=True)
    (victim / "keep.txt").write_text("keep")
    (sandbox / "old").mkdir()
    log = harness.tmp / "ran.log"
    policy = harness.policy(
        {
            "version": 1,
            "allowed_path_prefixes": [str(sandbox)],
            "tools": {"run_command": {"base_dir": str(sandbox)}},
        }
    )
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log)}
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    out = str(victim)
    hidden = base64.b64encode(f"import shutil; shutil.rmtree({out!r})".encode()).decode()
    refused = [
        f'rm -rf $"{out}"',  # (locale quoting: bash reads $"X" as "X")
        f'$"rm" -rf $"{out}"',
        f"hash -p /bin/rm x; x -rf {out}",  # (x runs /bin/rm)
        # (ssh runs its ProxyCommand locally before connecting; npx -c its line)
        f"ssh -o BatchMode=yes -o ProxyCommand='rm -rf {out}' ok.example true",
        f"npx -c 'rm -rf {out}'",
        # (a one-liner's command line built at run time: cordon cannot read what it runs)
        f"{sys.executable} -c \"import os; os.system('r' + 'm -rf {out}')\"",
        f"{sys.executable} -c \"import base64; exec(base64.b64decode('{hidden}'))\"",
    ]
    ordinary = ['rm -rf $"old"', f"{sys.executable} -c \"import os; os.system('ls')\""]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for command in refused:
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and "[cordon" in text_of(r), (command, text_of(r))
        for command in ordinary:
            r = await client.call_tool("run_command", {"command": command})
            assert not r.is_error, (command, text_of(r))

    ran = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert ran == ordinary  # the server never saw a refused command
    assert (victim / "keep.txt").read_text() == "keep"
    assert not (sandbox / "old").exists()


async def test_escaped_secret_refused(harness: Harness) -> None:
    """A registered secret written as octal escapes (``$'\\132...'``) or as invisible tag
    characters never reaches the server: the file the command would write is not there."""
    sandbox = harness.tmp / "project"
    sandbox.mkdir()
    log = harness.tmp / "ran.log"
    secret = "Zq9Xw2Lp8Rt5Vb3Nm7Kc4Hd6Jf1Gs0Ya"
    policy = harness.policy(
        {
            "version": 1,
            "secrets": {"env": ["E2E_DEPLOY_KEY"]},
            "allowed_path_prefixes": [str(sandbox)],
            "tools": {"run_command": {"base_dir": str(sandbox)}},
        }
    )
    env = {"SHELLBOX_DIR": str(sandbox), "SHELLBOX_LOG": str(log), "E2E_DEPLOY_KEY": secret}
    params = harness.cordon([sys.executable, str(SHELLBOX)], policies=[policy], env=env)
    octal = "".join(f"\\{b:03o}" for b in secret.encode())
    tags = "".join(chr(0xE0000 + ord(c)) for c in secret)
    refused = [f"printf %s $'{octal}' > leak1.txt", f"echo 'ok {tags}' > leak2.txt"]
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        for command in refused:
            r = await client.call_tool("run_command", {"command": command})
            assert r.is_error and "[cordon" in text_of(r), (command, text_of(r))
        r = await client.call_tool("run_command", {"command": "echo fine > ok.txt"})
        assert not r.is_error, text_of(r)
    assert not (sandbox / "leak1.txt").exists()
    assert not (sandbox / "leak2.txt").exists()
    assert (sandbox / "ok.txt").read_text() == "fine\n"
