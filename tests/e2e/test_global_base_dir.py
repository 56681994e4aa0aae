"""The README's quick-start policy with a global ``base_dir``, through the real ``cordon run``
in front of the npm filesystem server (which resolves a relative path in its first
directory), driven by the SDK client: a relative read returns the file, a relative write
lands under the project, a relative path that leaves it is denied and nothing is written
outside. Without ``base_dir`` the same relative read is refused (``arg.path_unresolvable``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]


def _project(harness: Harness) -> Path:
    proj = harness.tmp / "proj"
    (proj / "docs").mkdir(parents=True)
    (proj / "docs" / "readme.md").write_text("read me first\n", "utf-8")
    return proj


async def test_relative_paths_resolve_in_the_global_base_dir(harness: Harness) -> None:
    proj = _project(harness)
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(proj)],
            "base_dir": str(proj),
        }
    )
    params = harness.cordon(fs_server(proj, harness.tmp), policies=[policy], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("read_text_file", {"path": "docs/readme.md"})
        assert not r.is_error and "read me first" in text_of(r), text_of(r)
        w = await client.call_tool("write_file", {"path": "docs/new.md", "content": "new\n"})
        assert not w.is_error, text_of(w)
        out = await client.call_tool("write_file", {"path": "../escaped.md", "content": "x"})
        assert out.is_error and "arg.path_outside" in text_of(out), text_of(out)
    assert (proj / "docs" / "new.md").read_text("utf-8") == "new\n"
    assert not (harness.tmp / "escaped.md").exists()


async def test_without_base_dir_a_relative_path_is_refused(harness: Harness) -> None:
    proj = _project(harness)
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(proj)]}
    )
    params = harness.cordon(fs_server(proj), policies=[policy], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("read_text_file", {"path": "docs/readme.md"})
        assert r.is_error and "arg.path_unresolvable" in text_of(r), text_of(r)
