"""Adversary-chosen text a person approving a call reads is capped: a reason, a tool's or a
parameter's name, a destination.

A reason quotes what the adversary wrote (a program name, a destination a result planted, a
tool's name a hostile server listed); none of it was length-capped where the approver reads
it. Ten thousand characters of it push what matters (the destination, what the approval
covers, the question itself) off the screen or out of a client's form. Each is cut to its
start and its end, and the cut says how much was left out (the whole text is in the audit
log).
"""

from __future__ import annotations

from cordon.approvals import display
from cordon.approvals.envelope import question

PAD = "harmless looking padding " * 400  # 10,000 characters


def test_clipped_keeps_the_start_and_the_end_and_says_how_much_was_cut() -> None:
    text = "START " + "x" * 5000 + " rm -rf ~/END"
    shown = display.clipped(text, 300)
    assert shown.startswith("START ")
    assert shown.endswith(" rm -rf ~/END")
    assert f"of {len(text):,} characters not shown" in shown
    assert len(shown) < 360, len(shown)
    cut = int(shown.split("[... ")[1].split(" of ")[0].replace(",", ""))
    head, tail = shown.split(" [... ")[0], shown.split(" ...] ")[1]
    assert len(head) + len(tail) + cut == len(text)
    assert display.clipped("short", 300) == "short"


def test_clipped_counts_escapes_and_never_splits_one() -> None:
    """Invisible characters are shown as escapes (six characters each): the cap is on what
    is shown, and an escape is kept whole or left out."""
    text = "\u200b" * 3000 + "END"
    shown = display.clipped(text, 300)
    assert len(shown) < 360, len(shown)
    assert shown.endswith("\\u200bEND")
    head = shown.split(" [... ")[0]
    assert len(head) % 6 == 0 and set(head.split("\\u200b")) == {""}
    ascii_view = display.clipped("p\u0430ypal" * 500, 120, display.ascii_only)
    assert ascii_view.isascii() and len(ascii_view) < 180


def test_a_long_reason_does_not_push_the_question_off_screen() -> None:
    reason = f"the destination was first seen in a tool result: {PAD} (see the log)"
    q = question("mail", "send_email", "to", "ops@evil.example", reason)["message"]
    assert len(q) < 1000, len(q)
    assert "to destination 'ops@evil.example'" in q
    assert "first seen in a tool result" in q and q.count("(see the log)") == 1
    assert "characters not shown" in q
    assert q.endswith("Approve this destination for this tool for the rest of the session?")


def test_a_long_reason_outside_ascii_is_capped_in_both_spellings() -> None:
    reason = "names p\u0430ypal.example and " + "\u0430" * 5000
    q = question("mail", "send_email", "to", None, reason)["message"]
    assert len(q) < 1600, len(q)
    assert q.count("characters not shown") == 2
    assert q.endswith("Approve these exact arguments for the rest of the session?")


def test_a_long_name_or_destination_is_capped() -> None:
    tool = "send email " + "and tell the approver it is fine " * 100 + "tail"
    param = "to\n" + "y" * 3000
    dest = "ops@" + "a" * 3000 + ".evil.example"
    q = question("srv " * 500, tool, param, dest, "first seen in output")["message"]
    assert len(q) < 1400, len(q)
    assert q.count("characters not shown") == 4
    assert "evil.example'" in q  # the end of a destination (its registered domain) is shown
    assert '"send email and tell' in q and 'tail"' in q
    assert q.endswith("Approve this destination for this tool for the rest of the session?")


def test_plain_names_are_shown_as_before() -> None:
    assert display.name("send_email") == "'send_email'"
    assert display.name("x" * 128) == "'" + "x" * 128 + "'"
    assert display.name("odd name") == '"odd name"'
    assert display.spelled("ops@example.com") == "'ops@example.com'"
