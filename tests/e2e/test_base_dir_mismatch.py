"""A policy whose ``base_dir`` is not the directory the server resolves relative paths in,
through the real ``cordon run`` in front of the npm filesystem server, driven by the SDK
client.

The server is started on the home directory (its first allowed directory, where it joins a
relative path); the policy confines paths to ``~/project`` and resolves relative ones there.
cordon confined ``.ssh/id_rsa`` as ``~/project/.ssh/id_rsa`` and forwarded it as written:
the server read ``~/.ssh/id_rsa`` and returned the private key, and a relative write landed
in the home directory, outside the allowed prefix (a parser differential, CWE-436). Now the
call goes out with the path cordon confined (cordon.engine.anchored_paths)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp import Client

from tests.conftest import Harness, fs_server, text_of
from tests.e2e._desktop_commander import SERVER as DC_SERVER
from tests.e2e._pack_servers import desktop_commander_home

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"


def _home(harness: Harness) -> tuple[Path, Path]:
    home = harness.tmp / "home"
    (home / ".ssh").mkdir(parents=True)
    (home / ".ssh" / "id_rsa").write_text(KEY, "utf-8")
    proj = home / "project"
    proj.mkdir()
    (proj / "notes.md").write_text("project notes\n", "utf-8")
    return home, proj


async def test_a_relative_path_reaches_the_server_as_cordon_confined_it(
    harness: Harness,
) -> None:
    home, proj = _home(harness)
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(proj)],
            "base_dir": str(proj),
        }
    )
    params = harness.cordon(fs_server(home), policies=[policy], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        key = await client.call_tool("read_text_file", {"path": ".ssh/id_rsa"})
        assert "PRIVATE KEY" not in text_of(key), text_of(key)
        notes = await client.call_tool("read_text_file", {"path": "notes.md"})
        assert not notes.is_error and "project notes" in text_of(notes), text_of(notes)
        w = await client.call_tool("write_file", {"path": "out.md", "content": "written\n"})
        assert not w.is_error, text_of(w)
        many = await client.call_tool("read_multiple_files", {"paths": ["notes.md", "out.md"]})
        assert "project notes" in text_of(many) and "written" in text_of(many), text_of(many)
    assert (proj / "out.md").read_text("utf-8") == "written\n"
    assert not (home / "out.md").exists()
    sent = [r for r in harness.records() if r.get("tool") == "read_text_file"]
    assert sent and sent[0]["forwarded_paths"] == [str(proj / ".ssh/id_rsa")], sent
    assert sent[0]["arguments"] == {"path": ".ssh/id_rsa"}, sent  # as the client sent it


async def test_an_absolute_path_is_forwarded_as_written(harness: Harness) -> None:
    home, proj = _home(harness)
    policy = harness.policy(
        {"version": 1, "packs": ["filesystem"], "allowed_path_prefixes": [str(proj)]}
    )
    params = harness.cordon(fs_server(home), policies=[policy], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("read_text_file", {"path": str(proj / "notes.md")})
        assert not r.is_error and "project notes" in text_of(r), text_of(r)
    sent = [r for r in harness.records() if r.get("tool") == "read_text_file"]
    assert sent and "forwarded_paths" not in sent[0], sent


@pytest.mark.parametrize("path", ["~nosuchuser/../home-only.txt", "file:-/../home-only.txt"])
async def test_a_tilde_or_file_url_path_is_anchored_too(harness: Harness, path: str) -> None:
    """``~nobody/../x`` (``~`` of a user no account has is not expanded) and ``file:-/../x``
    (a relative file URL: the check reads the path after the scheme): the check joined each
    to base_dir; forwarded as written, the server joined it to its own directory and read
    the file next to the project instead of in it."""
    home, proj = _home(harness)
    (home / "home-only.txt").write_text("home-only words\n", "utf-8")
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["filesystem"],
            "allowed_path_prefixes": [str(proj)],
            "base_dir": str(proj),
        }
    )
    params = harness.cordon(fs_server(home), policies=[policy], name="files")
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        r = await client.call_tool("read_text_file", {"path": path})
        assert "home-only words" not in text_of(r), text_of(r)


async def test_a_url_read_as_a_path_walks_from_base_dir(harness: Harness) -> None:
    """Desktop Commander's ``read_file`` reads ``path`` as a URL only with ``isUrl``; without
    it ``https://host/../../x`` is a relative path whose dot segments walk from the server's
    working directory. cordon confined it under base_dir (a trusted host, so no ask) and
    forwarded it as written: the server, started in the home directory, read ``~/x``."""
    home = harness.home
    proj = home / "project"
    proj.mkdir(parents=True)
    (home / "home-only.txt").write_text("home-only words\n", "utf-8")
    desktop_commander_home(home)
    policy = harness.policy(
        {
            "version": 1,
            "packs": ["desktop_commander"],
            "allowed_path_prefixes": [str(proj)],
            "base_dir": str(proj),
            "trusted_destinations": ["docs.example.com"],
        }
    )
    pin = ["--pin-file", str(harness.tmp / "pin.json")]
    params = harness.cordon([str(DC_SERVER)], policies=[policy], extra=pin)
    params = params.model_copy(update={"cwd": str(home)})
    async with Client(params, mode="legacy") as client:
        await client.list_tools()
        url = "https://docs.example.com/../../home-only.txt"
        r = await client.call_tool("read_file", {"path": url, "isUrl": False})
        assert "home-only words" not in text_of(r), text_of(r)
