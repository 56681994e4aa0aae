"""``cordon --help`` lists each command by one sentence of its docstring, on lines rich wraps
at the terminal's width (not at the docstring's source line breaks)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import typer

from cordon._cli_group import summary
from cordon.cli import app

GROUPS = ["", "audit", "pin", "auth", "hook"]


def test_summary_joins_the_first_paragraph_and_keeps_its_first_sentence() -> None:
    text = """Explain one verdict in plain words: rule, reason,
    history, and the fix. Without SEQ: the last call.

    More detail."""
    assert (
        summary(text) == "Explain one verdict in plain words: rule, reason, history, and the fix."
    )


def test_summary_does_not_end_inside_brackets_or_at_a_dotted_name() -> None:
    assert summary("Mask keys (e.g. in .env files. Or not) here. Then more.") == (
        "Mask keys (e.g. in .env files. Or not) here."
    )
    assert summary("Read ~/.aws/credentials and stop") == "Read ~/.aws/credentials and stop"


def _listing(group: str) -> dict[str, str]:
    """The Commands panel of ``cordon GROUP --help`` at 80 columns: name -> its text joined."""
    argv = [sys.executable, "-m", "cordon.cli", *([group] if group else []), "--help"]
    env = {**os.environ, "COLUMNS": "80", "TERM": "dumb", "NO_COLOR": "1"}
    out = subprocess.run(argv, capture_output=True, text=True, env=env, check=True).stdout
    panel = out.split("─ Commands ─")[1]
    rows: dict[str, str] = {}
    name = ""
    for line in panel.splitlines():
        m = re.match(r"^│ (\S*)\s+(.*?)\s*│$", line)
        if not m:
            continue
        if m.group(1):
            name = m.group(1)
            rows[name] = m.group(2)
        elif name:
            rows[name] += " " + m.group(2)
    return rows


@pytest.mark.parametrize("group", GROUPS)
def test_each_command_is_listed_by_its_one_sentence_summary(group: str) -> None:
    click_group = typer.main.get_command(app)
    ctx = typer.Context(click_group)
    target = click_group.get_command(ctx, group) if group else click_group
    assert target is not None
    listed = _listing(group)
    names = target.list_commands(ctx)  # type: ignore[attr-defined]
    assert set(listed) == set(names)
    for name in names:
        command = target.get_command(ctx, name)  # type: ignore[attr-defined]
        assert listed[name] == summary(command.help or ""), name
