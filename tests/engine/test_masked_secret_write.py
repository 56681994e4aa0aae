"""``action.masked_secret_write``: a write whose text holds cordon's own mask of a credential
is denied. In the default ``warn`` mode the agent reads a file with each credential masked
(``api_key: [secret masked: sk-l****]``); written back whole, that text replaces the real
credential in the file with the mask, and nothing says so. An edit that leaves the masked
line out goes through, and so does a write of text with no mask."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.content import evaluate_result
from cordon.content.known import MASK
from cordon.engine.actions import check_actions

KEY = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
CONFIG = f"service:\n  name: widget\n  token: {KEY}\n  timeout: 10\n"


def _act(tool: str, args: dict[str, Any], *, trusted: bool = False) -> Any:
    return check_actions(
        tool, args, annotations=None, executes=False, destructive=False, trusted=trusted
    )


def _as_read() -> str:
    """``CONFIG`` as the agent reads it through cordon in warn mode."""
    ev = evaluate_result({"content": [{"type": "text", "text": CONFIG}]}, mode="warn")
    text: str = ev.result["content"][0]["text"]
    assert KEY not in text and "[secret masked:" in text, text
    return text


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("write_file", {"path": "/p/config.yaml", "content": None}),
        ("edit_file", {"path": "/p/config.yaml", "edits": [{"oldText": "x", "newText": None}]}),
        ("create_file", {"path": "/p/copy.yaml", "text": None}),
    ],
)
def test_a_write_of_the_masked_text_is_denied(tool: str, args: dict[str, Any]) -> None:
    read = _as_read().replace("timeout: 10", "timeout: 30")
    if "content" in args:
        args = {**args, "content": read}
    elif "text" in args:
        args = {**args, "text": read}
    else:
        args = {**args, "edits": [{"oldText": "x", "newText": read}]}
    for trusted in (False, True):  # (a trusted tool loses the credential all the same)
        v = _act(tool, args, trusted=trusted)
        assert v is not None and (v.verdict, v.rule) == ("deny", "action.masked_secret_write")
        assert "edit" in v.reason and "mask" in v.reason, v.reason


def test_the_own_credential_mask_is_read_too() -> None:
    text = "token: " + MASK.decode() + "\n"
    v = _act("write_file", {"path": "/p/.npmrc.bak", "content": text})
    assert v is not None and v.rule == "action.masked_secret_write"


def test_an_edit_around_the_masked_line_and_plain_text_pass() -> None:
    edit = {"oldText": "timeout: 10", "newText": "timeout: 30"}
    assert _act("edit_file", {"path": "/p/config.yaml", "edits": [edit]}) is None
    assert _act("write_file", {"path": "/p/notes.md", "content": "secret masked here\n"}) is None
    # a tool that writes nothing (a mail, an issue) may quote what the agent read
    assert _act("search_issues", {"q": _as_read()}) is None


def test_a_shell_command_writing_the_masked_text_is_denied() -> None:
    read = _as_read()
    for command in (
        f"cat > /p/config.yaml <<'EOF'\n{read}EOF",
        f"printf '%s' '{read}' > /p/config.yaml",
        f"echo '{read}' | tee /p/config.yaml",
    ):
        v = check_actions(
            "run_command",
            {"command": command},
            annotations=None,
            executes=True,
            destructive=False,
            trusted=False,
        )
        assert v is not None and v.rule == "action.masked_secret_write", command
    # a command that writes nothing may quote it
    quoted = {"command": f"echo '{read}'"}
    v = check_actions(
        "run_command", quoted, annotations=None, executes=True, destructive=False, trusted=False
    )
    assert v is None or v.rule != "action.masked_secret_write"
