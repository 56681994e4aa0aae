"""The Gateway hands a handler the path the check confined: a relative path of a
``path_params`` parameter is joined to the policy's ``base_dir`` before the handler runs, so a
handler that resolves paths in its own working directory opens the checked file
(cordon.engine.anchored_paths)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon import Blocked, Gateway
from cordon.engine.core import Engine


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


class _OtherHome:
    """A resolver whose home is ``/srv/agent`` (the engine's, not the process's)."""

    def expanduser(self, path: str) -> str:
        return "/srv/agent" + path[1:] if path == "~" or path.startswith("~/") else path

    def realpath(self, path: str) -> str:
        return path

    def git_dir(self, path: str) -> bool:
        return False


def test_a_tilde_path_is_expanded_by_the_engines_resolver() -> None:
    """An engine given its own resolver confines ``~/x`` as that resolver's home: the handler
    gets that path, not the process home's (where the check never looked)."""
    engine = Engine.from_policy(
        [
            {
                "version": 1,
                "allowed_path_prefixes": ["/srv/agent"],
                "tools": {"read": {"path_params": ["path"]}},
            }
        ],
        paths=_OtherHome(),
    )
    got: list[str] = []

    def read(path: str) -> str:
        got.append(path)
        return "ok"

    gw = Gateway(engine=engine)
    gw.add_tool("read", "Read a file.", read, untrusted_output=False)
    assert gw.call("read", {"path": "~/notes.md"}, session=gw.new_session()) == "ok"
    assert got == ["/srv/agent/notes.md"]
