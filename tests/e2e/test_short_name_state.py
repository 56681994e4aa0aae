"""cordon's policy kept in the project, written under its Windows 8.3 short name
(``CORDON~1.YAM``): on an NTFS volume with short names the file a server opens is
``cordon-policy.yaml``. On Linux it is another file, so what Linux shows is the decision
delivered: the real ``cordon run`` in front of the npm filesystem server (``packs:
[filesystem]``, confined to the project), driven by the SDK client, refuses it as
``action.cordon_state`` (before: asked as a credential write), the policy is unchanged, and
the short name of another file is written. The alias reading itself is checked at the engine
(tests/engine/test_platform_spellings_rest.py)."""

from __future__ import annotations

import pytest
import yaml
from mcp import Client

from tests.conftest import Harness, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


async def test_the_policys_short_name_is_refused(harness: Harness) -> None:
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
        for path in (f"{proj}/CORDON~1.YAM", "cordon~1.yam", "CO1A2B~1.YAM"):
            r = await client.call_tool("write_file", {"path": path, "content": "version: 1\n"})
            assert r.is_error, path
            assert "action.cordon_state" in text_of(r), (path, text_of(r))
        ok = await client.call_tool("write_file", {"path": "NOTES~1.MD", "content": "x"})
        assert not ok.is_error, text_of(ok)
    assert policy.read_text("utf-8") == before
    assert sorted(p.name for p in proj.iterdir()) == ["NOTES~1.MD", "cordon-policy.yaml"]
