"""A reason cut for the person approving a call (`cordon approve`, the client's question) is
cut between words: its sentence is cordon's own, around the adversary's quoted text, and a cut
inside a word reads as another word (``this call communicates ex [... 31 of 331 characters
not shown ...]``). The cap still holds, and a run of word characters longer than the reach
(an encoded blob) is cut where the budget ends."""

from __future__ import annotations

import re

from cordon.approvals import display
from cordon.approvals.commands import MAX_SHOWN_CHARS
from cordon.approvals.envelope import REASON_CHARS, question

#: a Rule of Two reason as the engine writes it (engine/trifecta.py), past 300 characters
REASON = (
    "taint.seen_in_output: the destination came from a tool result; r2.trifecta: this call "
    "communicates externally after the session read untrusted content and sensitive data "
    "was read by read_file (Rule of Two: all three legs); the user's request named does not "
    "clear it, as the destination was first seen in a result of read_email (search_mail)"
)


def _sides(shown: str) -> tuple[str, str]:
    m = re.search(r" \[\.\.\. ([\d,]+) of ([\d,]+) characters not shown \.\.\.\] ", shown)
    assert m is not None, shown
    return shown[: m.start()], shown[m.end() :]


def test_a_reason_is_cut_between_words_where_approve_shows_it() -> None:
    for limit in (MAX_SHOWN_CHARS, REASON_CHARS, 200, 120, 90):
        if len(REASON) <= limit:
            assert display.clipped(REASON, limit) == REASON
            continue
        shown = display.clipped(REASON, limit)
        head, tail = _sides(shown)
        assert len(shown) <= limit + 60, (limit, shown)
        words = set(re.findall(r"\w+", REASON))
        for word in (re.findall(r"\w+", head)[-1], re.findall(r"\w+", tail)[0]):
            assert word in words, (limit, word, shown)
        assert REASON.startswith(head) and REASON.endswith(tail), shown


def test_the_question_cuts_the_reason_between_words() -> None:
    reason = REASON + " " + "and more words to read " * 10
    message = question("mail", "send_email", "to", "ops@evil.example", reason)["message"]
    why = message.split("Why: ", 1)[1].rsplit(". Approve", 1)[0]
    head, tail = _sides(why)
    assert reason.startswith(head) and reason.endswith(tail), why
    cut = len(reason) - len(tail)
    assert not re.match(r"\w\w", reason[len(head) - 1 : len(head) + 1]), why
    assert not re.match(r"\w\w", reason[cut - 1 : cut + 1]), why


def test_a_long_run_of_word_characters_is_cut_at_the_budget() -> None:
    blob = "Zm9v" * 500
    shown = display.clipped(blob, 300)
    head, tail = _sides(shown)
    assert len(head) == 200 and len(tail) == 100, shown
