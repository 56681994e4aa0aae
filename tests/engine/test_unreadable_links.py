"""A path through a symbolic link the user may not read (``/proc/1/root`` of another user's
process: ``readlink`` fails with EACCES) cannot be resolved: the call is judged (denied),
never left to raise out of the check."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.engine.args import resolve_path
from cordon.engine.core import Engine


class _Unreadable:
    """A resolver whose filesystem refuses to read one link, as ``/proc/1/root`` does."""

    def expanduser(self, path: str) -> str:
        return path

    def realpath(self, path: str) -> str:
        if path.startswith("/locked/"):
            raise PermissionError(13, "Permission denied", "/locked")
        return path

    def git_dir(self, path: str) -> bool:
        return False


def test_resolve_path_unreadable_link_is_unresolvable() -> None:
    assert resolve_path("/locked/etc/passwd", None, _Unreadable()) is None  # type: ignore[arg-type]
    assert resolve_path("/open/x", None, _Unreadable()) == "/open/x"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("read_file", {"path": "/locked/etc/shadow"}),
        ("run_command", {"command": "rm -rf /locked/"}),
        ("run_command", {"command": "cat /locked/etc/shadow > notes.txt"}),
    ],
)
def test_call_through_an_unreadable_link_is_denied(
    tmp_path: Path, tool: str, args: dict[str, str]
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    policy = {
        "allowed_path_prefixes": [str(project)],
        "tools": {
            "read_file": {"path_params": ["path"]},
            "run_command": {"executes": True, "base_dir": str(project)},
        },
    }
    eng = Engine.from_policy([policy], paths=_Unreadable())
    eng.pin_tools(
        [{"name": n, "inputSchema": {"type": "object"}} for n in ("read_file", "run_command")]
    )
    assert eng.new_session().check(tool, args).verdict in ("deny", "ask")
