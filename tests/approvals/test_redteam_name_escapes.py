"""A top-level argument name within the characters a question shows whole
(:data:`cordon.approvals.envelope.SHOWN_NAME_CHARS`) is approvable, so ``cordon approve``
shows it whole too, whatever its escapes add. Attack class: ``cordon approve`` wrote a name
escaped (every letter outside ASCII as ``\\uXXXX``, six characters) and cut the escaped form
at 60 characters, keeping its start: a name of 25 characters, twelve of them accented,
lost its end (``; rm -rf ../p``) in the approval the person gave, while the question and
the approval covered it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from cordon._types import Verdict
from cordon.approvals import commands
from cordon.approvals.codes import CodeRecord
from cordon.approvals.envelope import SHOWN_NAME_CHARS
from cordon.decider import _named_whole


def _shown_arguments(args: dict[str, Any], width: int = 400) -> str:
    rec = CodeRecord(
        code="7KQF-M2XD",
        server="shell",
        tool="run",
        param="command",
        destination=None,
        rule="action.delete_outside",
        reason="rm: a delete",
        created=0.0,
        expires=300.0,
        state="pending",
        approval_key=[],
    )
    call = {"server": "shell", "tool": "run", "arguments": args}
    grid = commands._add_arguments(commands._details(rec, 0.0, call), rec, call, Path("a"))
    console = Console(width=width, record=True)
    console.print(grid)
    return console.export_text()


def test_an_approvable_name_is_shown_whole_whatever_its_escapes_add() -> None:
    for name in (
        "\u00e9" * 12 + "; rm -rf ../p",  # accented letters: \u00e9, six characters each
        "x" * 14 + "\u200b" * 12 + "; rm -rf ../p",  # invisible: escaped as well
        "\U0001d5ff" * 27 + "; rm -rf ../p",  # (40 characters) \U0001d5ff, ten each
    ):
        assert len(name) <= SHOWN_NAME_CHARS
        args = {"command": "ls", name: "1"}
        # approvable: the question shows it whole
        v = Verdict(verdict="ask", rule="action.delete_outside", reason="rm", param="command")
        assert _named_whole(v, args).verdict == "ask"
        shown = _shown_arguments(args)
        assert "; rm -rf ../p" in shown, shown
        assert "name cut" not in shown, shown
        # in a terminal of 80 columns: the name whole (folded), the values still in sight
        narrow = _shown_arguments(args, 80)
        assert ";rm-rf../p" in "".join(narrow.split()), narrow
        assert "ls" in narrow and "one retry" in narrow, narrow


def test_a_longer_name_is_still_cut_and_said() -> None:
    shown = _shown_arguments({"command": "ls", "a" * 70: "1"})
    assert "...[name cut]" in shown, shown
