"""The Gateway hands a handler the path the check confined: a relative path of a
``path_params`` parameter is joined to the policy's ``base_dir`` before the handler runs, so a
handler that resolves paths in its own working directory opens the checked file
(cordon.engine.anchored_paths)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon import Blocked, Gateway


def test_the_handler_gets_the_confined_path(tmp_path: Path) -> None:
    proj = tmp_path / "project"
    policy = {
        "version": 1,
        "allowed_path_prefixes": [str(proj)],
        "base_dir": str(proj),
        "tools": {"read": {"path_params": ["path"]}},
    }
    got: list[str] = []

    def read(path: str) -> str:
        got.append(path)
        return "ok"

    gw = Gateway(policy=policy)
    gw.add_tool("read", "Read a file.", read, untrusted_output=False)
    s = gw.new_session()
    assert gw.call("read", {"path": "notes.md"}, session=s) == "ok"
    assert gw.call("read", {"path": str(proj / "a.md")}, session=s) == "ok"
    with pytest.raises(Blocked):
        gw.call("read", {"path": "../.ssh/id_rsa"}, session=s)
    assert got == [str(proj / "notes.md"), str(proj / "a.md")]
