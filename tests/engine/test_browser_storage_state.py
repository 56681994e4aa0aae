"""The browser's logins saved to a file (@playwright/mcp's ``browser_storage_state``: every
cookie and web storage item of the session, at a ``filename`` the agent names or as
``storage-state-<time>.json`` in the output directory). The playwright pack asks about every
call (a credential write) and admits only a name cordon reads as a credential file
(``storage-state*.json``, under ``.auth/``), so a later upload, send or read of that file is
judged as one: refused to a page (``action.sensitive_upload``), asked about as a write over it
from another tool. Another name is denied (``arg.pattern``): nothing would mark it later."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.credential_paths import is_credential_path
from cordon.policy import load_policy

SCHEMA = {"type": "object"}


def _session(tmp_path: Path) -> Any:
    proj = tmp_path / "proj"
    doc = {"version": 1, "packs": ["playwright"], "allowed_path_prefixes": [str(tmp_path)],
           "base_dir": str(proj)}  # fmt: skip
    engine = Engine(load_policy([doc]))
    tools = ("browser_storage_state", "browser_file_upload", "browser_take_screenshot")
    engine.pin_tools([{"name": n, "description": "A browser tool.", "inputSchema": SCHEMA}
                      for n in tools])  # fmt: skip
    return engine.new_session()


@pytest.mark.parametrize(
    "filename", ["storage-state.json", "auth/storageState.json", "playwright/.auth/user.json"]
)
def test_saving_the_logins_is_asked_as_a_credential_write(tmp_path: Path, filename: str) -> None:
    v = _session(tmp_path).check("browser_storage_state", {"filename": filename})
    assert (v.verdict, v.rule, v.param) == ("ask", "action.credential_write", "filename"), v


def test_saving_them_under_the_servers_own_name_is_asked(tmp_path: Path) -> None:
    v = _session(tmp_path).check("browser_storage_state", {})
    assert (v.verdict, v.rule) == ("ask", "action.destructive_hint"), v


@pytest.mark.parametrize(
    "filename",
    [
        "state.json",
        "notes/page.out",
        ".auth/../notes.json",
        "storage-state.json\\..\\notes.json",  # one name on Linux, not a storage state's
        ".auth/..",
    ],
)
def test_a_name_no_later_check_would_know_is_denied(tmp_path: Path, filename: str) -> None:
    v = _session(tmp_path).check("browser_storage_state", {"filename": filename})
    assert (v.verdict, v.rule) == ("deny", "arg.pattern"), v


@pytest.mark.parametrize(
    "name",
    [
        "storage-state.json",
        "browser-out/storage-state-2026-12-04T14-30-35-611Z.json",
        "auth/StorageState.json",
        "playwright/.auth/user.json",
    ],
)
def test_the_saved_file_is_refused_to_a_page(tmp_path: Path, name: str) -> None:
    assert is_credential_path(name, whole=True, reads=True)
    path = str(tmp_path / "proj" / name)
    v = _session(tmp_path).check("browser_file_upload", {"paths": [path]})
    assert (v.verdict, v.rule) == ("deny", "action.sensitive_upload"), v


def test_another_tool_writing_over_it_is_asked(tmp_path: Path) -> None:
    v = _session(tmp_path).check("browser_take_screenshot", {"filename": "storage-state.json"})
    assert (v.verdict, v.rule) == ("ask", "action.credential_write"), v


def test_control_a_plain_project_file_is_not_refused(tmp_path: Path) -> None:
    v = _session(tmp_path).check("browser_file_upload", {"paths": [str(tmp_path / "proj" / "state.json")]})  # fmt: skip
    assert v.verdict == "ask", v  # (the server marks the upload destructive)
