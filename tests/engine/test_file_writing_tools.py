"""``writes: true``: a tool whose name does not say it writes but that saves a file at an
argument the agent names (Playwright's ``filename``: a screenshot, a snapshot, a response body
as the site sent it) is read as a writer. A ``filename`` aimed at a credential or auto-run file
is asked about (``action.credential_write``), one at cordon's own files denied
(``action.cordon_state``); a plain file name, and the tool's other strings (an element's
description, a selector), are not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.policy import load_pack, load_policy

SCHEMA = {"type": "object"}


def _tool(name: str) -> dict[str, Any]:
    # the server marks page reads readOnlyHint: nothing else makes them asked
    return {"name": name, "description": "A browser tool.", "inputSchema": SCHEMA,
            "annotations": {"readOnlyHint": True}}  # fmt: skip


_WRITERS = (
    "browser_take_screenshot",
    "browser_snapshot",
    "browser_network_request",
    "browser_console_messages",
    "browser_network_requests",
    "browser_find",
    "browser_start_video",
)


def _session(tmp_path: Path, doc: dict[str, Any] | None = None) -> Any:
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    (state / "approvals.json").write_text("{}", "utf-8")
    policy = load_policy([doc or {"version": 1, "packs": ["playwright"]}])
    engine = Engine(policy, state_paths=[str(state / "approvals.json")])
    engine.pin_tools([_tool(n) for n in (*_WRITERS, "browser_highlight")])
    return engine.new_session()


@pytest.mark.parametrize("tool", _WRITERS)
@pytest.mark.parametrize(
    "filename", [".mcp.json", ".vscode/tasks.json", ".git/hooks/pre-commit", "sub/../.envrc"]
)
def test_a_filename_on_an_auto_run_file_is_asked(tmp_path: Path, tool: str, filename: str) -> None:
    v = _session(tmp_path).check(tool, {"filename": filename})
    assert (v.verdict, v.rule) == ("ask", "action.credential_write"), v
    assert v.param == "filename"


def test_the_pack_marks_every_tool_that_saves_a_filename() -> None:
    """Every Playwright tool with a ``filename`` it writes is a writer, by name or by the pack;
    the two that read their ``filename`` (code to run, a storage state to load) are not."""
    tools = load_pack("playwright")["tools"]
    marked = {n for n, e in tools.items() if e.get("writes") is True}
    assert set(_WRITERS) <= marked
    # (browser_storage_state too, with a name pattern of its own: test_browser_storage_state)
    assert {"browser_evaluate", "browser_pdf_save", "browser_storage_state"} <= marked
    assert not marked & {"browser_run_code_unsafe", "browser_set_storage_state"}


def test_a_write_to_cordons_own_store_is_denied(tmp_path: Path) -> None:
    target = str(tmp_path / "state" / "approvals.json")
    v = _session(tmp_path).check("browser_network_request", {"index": 1, "filename": target})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


@pytest.mark.parametrize(
    "args",
    [
        {"filename": "page.png"},
        {"filename": "out/console.log"},
        {"filename": "shot.png", "element": "the .env link in the sidebar", "target": "e12"},
        {},
    ],
)
def test_plain_files_and_other_strings_are_not_asked(tmp_path: Path, args: dict[str, Any]) -> None:
    v = _session(tmp_path).check("browser_take_screenshot", args)
    assert v.verdict == "allow", v


def test_a_tool_not_marked_stays_unasked(tmp_path: Path) -> None:
    """Control: without ``writes`` (and no write word in its name) a tool's ``target`` naming
    a credential file is not a write."""
    v = _session(tmp_path).check("browser_highlight", {"target": ".env", "element": "x"})
    assert v.verdict == "allow", v


def test_writes_in_a_users_policy(tmp_path: Path) -> None:
    doc = {"version": 1, "tools": {"browser_find": {"writes": True}}}
    v = _session(tmp_path, doc).check("browser_find", {"text": "x", "filename": ".mcp.json"})
    assert (v.verdict, v.rule) == ("ask", "action.credential_write"), v
    off = _session(tmp_path, {"version": 1}).check("browser_find", {"filename": ".mcp.json"})
    assert off.verdict == "allow", off
