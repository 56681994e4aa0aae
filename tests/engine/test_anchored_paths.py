"""The paths an allowed call is forwarded with (cordon.engine.anchored_paths): each relative
or ``~`` path of a ``path_params`` parameter becomes the absolute path the check confined,
so a server that resolves relative paths elsewhere (the filesystem server: its first allowed
directory) opens the file cordon checked."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.engine.anchored_paths import anchored_arguments
from cordon.policy.model import ToolPolicy


class _Home:
    """A resolver whose home is ``/home/me`` (no filesystem)."""

    def expanduser(self, path: str) -> str:
        if path == "~" or path.startswith("~/"):
            return "/home/me" + path[1:]
        return path

    def realpath(self, path: str) -> str:
        return path

    def git_dir(self, path: str) -> bool:
        return False


TP = ToolPolicy(path_params=("path", "paths", "source"), base_dir="~/project")


@pytest.mark.parametrize(
    ("arguments", "forwarded"),
    [
        ({"path": ".ssh/id_rsa"}, {"path": "/home/me/project/.ssh/id_rsa"}),
        ({"path": "../x"}, {"path": "/home/me/project/../x"}),  # lexical, as the check joins
        ({"path": "~/notes"}, {"path": "/home/me/notes"}),
        # a ~user no account has stays relative for the check too: joined to base_dir
        ({"path": "~nobody/../.ssh/id_rsa"}, {"path": "/home/me/project/~nobody/../.ssh/id_rsa"}),
        # a relative file: URL is the relative path after the scheme to the check
        ({"path": "file:-/../.ssh/id_rsa"}, {"path": "/home/me/project/-/../.ssh/id_rsa"}),
        ({"path": "FILE:~/x"}, {"path": "/home/me/x"}),
        ({"paths": ["a", "/abs", "~"]}, {"paths": ["/home/me/project/a", "/abs", "/home/me"]}),
        (
            {"edits": [{"source": "s"}], "n": 1},
            {"edits": [{"source": "/home/me/project/s"}], "n": 1},
        ),
        ({"path": "https://../.ssh/id_rsa"}, {"path": "/home/me/project/https://../.ssh/id_rsa"}),
        ({"path": " /etc/passwd"}, {"path": "/home/me/project/ /etc/passwd"}),
    ],
)
def test_a_relative_path_goes_out_as_the_check_confined_it(
    arguments: dict[str, Any], forwarded: dict[str, Any]
) -> None:
    out = anchored_arguments(arguments, TP, _Home())
    assert out is not None and out.arguments == forwarded, out


@pytest.mark.parametrize(
    "arguments",
    [
        {"path": "/home/me/project/a"},
        {"path": "file:///home/me/project/a"},
        {"path": "file:/home/me/project/a"},
        {"path": "file://localhost/home/me/project/a"},
        {"content": "relative/words", "path": "/abs"},
        {"path": ""},
        {"path": 3},
    ],
)
def test_what_is_absolute_or_no_path_is_forwarded_as_received(arguments: dict[str, Any]) -> None:
    assert anchored_arguments(arguments, TP, _Home()) is None


def test_without_path_params_or_base_dir_nothing_changes() -> None:
    assert anchored_arguments({"path": "a"}, ToolPolicy(), _Home()) is None
    # without a base_dir the check refused the relative path: it is never forwarded
    bare = ToolPolicy(path_params=("path",))
    assert anchored_arguments({"path": "a"}, bare, _Home()) is None


def test_a_url_in_a_fetching_parameter_is_not_a_path() -> None:
    """Desktop Commander's ``read_file`` with ``isUrl`` fetches ``path`` (the pack names it
    in ``code_params``): a URL there stays one; a local path there is still anchored."""
    tp = ToolPolicy(path_params=("path",), code_params=("path",), base_dir="/p")
    assert anchored_arguments({"path": "https://example.com/a"}, tp, _Home()) is None
    out = anchored_arguments({"path": "notes.md"}, tp, _Home())
    assert out is not None and out.arguments == {"path": "/p/notes.md"}


@pytest.mark.parametrize(
    "url", ["https://h/../../.ssh/id_rsa", "HTTPS://h/../x?q", "http://h/a/./b", "https://h/.."]
)
def test_a_url_with_a_dot_segment_is_anchored(url: str) -> None:
    """The server may read the fetching parameter as a path (Desktop Commander's read_file
    without ``isUrl``): its dot segments then walk from the server's directory, not base_dir."""
    tp = ToolPolicy(path_params=("path",), code_params=("path",), base_dir="/p")
    out = anchored_arguments({"path": url}, tp, _Home())
    assert out is not None and out.arguments == {"path": "/p/" + url}


def test_the_record_lists_each_anchored_path() -> None:
    out = anchored_arguments({"paths": ["a", "/b", "c"]}, TP, _Home())
    assert out is not None and out.paths == ("/home/me/project/a", "/home/me/project/c")
