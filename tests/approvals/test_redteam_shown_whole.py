"""An approval of exact arguments covers at most 4,000 bytes of values, and every one of them
is shown whole: by cordon's question and by ``cordon approve``.

Attack class: ``cordon approve`` cut a value at 4,000 characters of its escaped form (a line
break shown as the two characters ``\\n``), so a command of 3,000 bytes with 1,000 line
breaks, within the cap and approvable, was shown cut in the middle: a delete there was out
of sight."""

from __future__ import annotations

from typing import Any

from cordon._types import Verdict
from cordon.approvals import commands
from cordon.approvals.envelope import SHOWN_NAME_CHARS, SHOWN_VALUE_BYTES, shown_bytes, shown_value
from cordon.decider import _named_whole


def test_a_value_within_the_cap_is_shown_whole_by_cordon_approve() -> None:
    lines = ["echo ok"] * 248 + ["rm -rf ../precious"] + ["echo ok"] * 249
    command = "\n".join(lines)
    assert shown_bytes({"command": command}) <= SHOWN_VALUE_BYTES
    text = commands._argument(command).plain
    assert "cut in the middle" not in text
    assert "rm -rf ../precious" in text
    assert text.count("echo ok") == 497
    tabs = "\t".join(["x"] * 1999)  # (3,997 bytes: a tab shown as two characters)
    assert "cut in the middle" not in commands._argument(tabs).plain


def test_a_value_over_the_cap_is_still_cut_and_said() -> None:
    text = commands._argument("b" * 4050).plain
    assert "[cut in the middle: 55 of 4050 characters not shown]" in text


def _ask(**kw: Any) -> Verdict:
    return Verdict(verdict="ask", rule="action.delete_outside", reason="rm: a delete", **kw)


def test_an_approval_of_arguments_whose_name_is_cut_is_denied_unasked() -> None:
    """A top-level name longer than the question shows whole (its start and its end, the
    middle cut) is part of what an approval of exact arguments covers (a server reading its
    arguments by any name, ``**kwargs``, gets it): not approvable unseen."""
    name = "a" * 20 + "; rm -rf ../precious; " + "b" * 20
    args = {"command": "ls", name: "1"}
    assert name not in (shown_value(args, "command") or "")
    v = _named_whole(_ask(param="command"), args)
    assert (v.verdict, v.rule) == ("deny", "approval.unshowable"), v
    fits = {"command": "ls", "x" * SHOWN_NAME_CHARS: "1"}
    assert ("x" * SHOWN_NAME_CHARS) in (shown_value(fits, "command") or "")
    assert _named_whole(_ask(param="command"), fits).verdict == "ask"
