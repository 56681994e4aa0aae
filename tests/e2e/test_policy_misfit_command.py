"""The policy-misfit deny names the policy files `cordon run` loaded, through the real
process: the `cordon check` line it gives the person runs as shown (each file as its own
``--policy FILE``, shell-quoted, absolute), not ``--policy POLICY.yaml`` left to fill in."""

from __future__ import annotations

import shlex

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_misfit_deny_names_the_policy_files(harness: Harness) -> None:
    root = harness.tmp / "root"
    root.mkdir()
    (harness.tmp / "my policies").mkdir()
    base = harness.policy({"version": 1, "packs": ["filesystem"]}, name="my policies/base.yaml")
    typo = {"version": 1, "tools": {"write_fiel": {"allowed_path_prefixes": ["/nope"]}}}
    layer = harness.policy(typo, name="layer.yaml")
    params = harness.cordon(fs_server(root), policies=[base, layer], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("write_file", {"path": str(root / "a.txt"), "content": "x"})
        text = text_of(r)
    assert r.is_error and "policy.unknown_tool" in text, text
    want = (
        f"cordon check --server files --policy {shlex.quote(str(base))} "
        f"--policy {shlex.quote(str(layer))}`"
    )
    assert want in text, text
    assert "POLICY.yaml" not in text
    assert not (root / "a.txt").exists()
