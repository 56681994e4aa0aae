"""cordon's policy kept in the project, written under a spelling another platform's file
system maps onto it: a Windows server's ``sub\\..\\cordon-policy.yaml``, trailing dot and
``::$DATA`` stream, an NFKC ``\\uff0e``, a ``$HOME`` a server expands. On Linux each is another
file, so what Linux shows is the decision delivered: the real ``cordon run`` in front of the
npm filesystem server (``packs: [filesystem]``, confined to the project), driven by the SDK
client, refuses each as ``action.cordon_state`` (before: forwarded, a stray file written), and
the policy is unchanged. The platforms' mapping itself is checked at the engine
(tests/engine/test_platform_path_spellings.py)."""

from __future__ import annotations

import pytest
import yaml
from mcp import Client

from tests.conftest import Harness, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SPELLINGS = [
    "sub\\..\\cordon-policy.yaml",
    "{proj}/cordon-policy.yaml.",
    "{proj}/cordon-policy.yaml::$DATA",
    "cordon-policy\uff0eyaml",
    "$HOME/proj/cordon-policy.yaml",
]


async def test_the_policy_in_another_platforms_spelling_is_refused(harness: Harness) -> None:
    proj = harness.home / "proj"
    proj.mkdir(parents=True)
    policy = proj / "cordon-policy.yaml"
    doc = {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(proj)],
           "base_dir": str(proj)}  # fmt: skip
    policy.write_text(yaml.safe_dump(doc), "utf-8")
    before = policy.read_text("utf-8")
    params = harness.cordon(fs_server(proj), policies=[policy], name="fs")
    async with Client(params, mode="legacy") as client:  # type: ignore[arg-type]
        await client.list_tools()
        for spelling in SPELLINGS:
            path = spelling.format(proj=proj)
            r = await client.call_tool("write_file", {"path": path, "content": "version: 1\n"})
            assert r.is_error, spelling
            assert "action.cordon_state" in text_of(r), (spelling, text_of(r))
        ok = await client.call_tool("write_file", {"path": "notes.md", "content": "x"})
        assert not ok.is_error, text_of(ok)
    assert policy.read_text("utf-8") == before
    assert sorted(p.name for p in proj.iterdir()) == ["cordon-policy.yaml", "notes.md"]
