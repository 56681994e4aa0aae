"""``action.sensitive_upload`` for a tool that communicates externally and takes local file
paths: Playwright's ``browser_file_upload`` and ``browser_drop`` hand a file to the open page
(its script reads it as soon as the input holds it), Gmail's ``send_email`` attaches one. A
credential file, or one under ``sensitive_paths``, is denied whatever its spelling; any other
file in the confined project is not (the browser's upload stays asked, as the server marks
it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.policy import load_policy

SCHEMA = {"type": "object"}


def _session(tmp_path: Path, **extra: Any) -> Any:
    proj = tmp_path / "proj"
    link = proj / "docs" / "notes.txt"
    if not link.is_symlink():
        link.parent.mkdir(parents=True)
        link.symlink_to("../.env")
    doc = {"version": 1, "packs": ["playwright"], "allowed_path_prefixes": [str(tmp_path)],
           "base_dir": str(proj), **extra}  # fmt: skip
    engine = Engine(load_policy([doc]))
    tools = ("browser_file_upload", "browser_drop", "browser_take_screenshot")
    engine.pin_tools([{"name": n, "description": "A browser tool.", "inputSchema": SCHEMA}
                      for n in tools])  # fmt: skip
    return engine.new_session()


@pytest.mark.parametrize(
    "path",
    [
        "{p}/.env",
        ".env.production",
        "{p}/sub/../.aws/credentials",
        "{t}/home/.ssh/id_ed25519",
        "{p}/docs/notes.txt",  # a symbolic link to the project's .env
    ],
)
@pytest.mark.parametrize("tool", ["browser_file_upload", "browser_drop"])
def test_a_credential_file_handed_to_the_page_is_denied(
    tmp_path: Path, tool: str, path: str
) -> None:
    s = _session(tmp_path)
    given = path.format(p=tmp_path / "proj", t=tmp_path)
    v = s.check(tool, {"paths": [str(tmp_path / "proj" / "a.png"), given]})
    assert (v.verdict, v.rule) == ("deny", "action.sensitive_upload"), v
    assert v.param == "paths[1]"


def test_a_file_under_sensitive_paths_is_denied(tmp_path: Path) -> None:
    s = _session(tmp_path, sensitive_paths=[str(tmp_path / "proj" / "private")])
    v = s.check("browser_file_upload", {"paths": [str(tmp_path / "proj" / "private" / "q3.xlsx")]})
    assert (v.verdict, v.rule) == ("deny", "action.sensitive_upload"), v


def test_another_file_is_asked_as_the_server_marks_it(tmp_path: Path) -> None:
    s = _session(tmp_path)
    v = s.check("browser_file_upload", {"paths": [str(tmp_path / "proj" / "avatar.png")]})
    assert (v.verdict, v.rule) == ("ask", "action.destructive_hint"), v


def test_a_local_tool_is_not_an_upload(tmp_path: Path) -> None:
    """Control: a tool that is not ``egress: true`` (a screenshot's file name) is no
    upload, and neither is a string outside the path parameters (an element's description)."""
    s = _session(tmp_path)
    v = s.check("browser_take_screenshot", {"filename": "shot.png", "element": ".env"})
    assert v.rule != "action.sensitive_upload", v
    drop = s.check("browser_drop", {"element": "the .env drop zone", "target": "e3",
                                    "data": {"text/plain": "hello"}})  # fmt: skip
    assert drop.rule != "action.sensitive_upload", drop
