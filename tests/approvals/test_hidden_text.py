"""What a person approving a call reads holds every part of what the approval covers: no
value cut from sight, no text spelled in characters a renderer shows as nothing, no
parameter name passed off as another (cordon.approvals.display, envelope, cordon.decider)."""

from __future__ import annotations

from typing import Any

from cordon._textnorm_unicode import INVISIBLE_CHARS
from cordon._types import Verdict
from cordon.approvals import display
from cordon.approvals.envelope import SHOWN_VALUE_BYTES, question, shown_bytes, shown_value
from cordon.decider import _named_whole


def _smuggled(text: str) -> str:
    """``text`` spelled as variation selectors after an emoji (one selector a byte: VS1-16
    for 0-15, VS17-256 for 16-255), which a renderer shows as the emoji alone."""
    vs = [chr(0xFE00 + b) if b < 16 else chr(0xE0100 + b - 16) for b in text.encode()]
    return "\U0001f642" + "".join(vs)


def test_text_spelled_in_variation_selectors_is_shown_as_escapes() -> None:
    body = "Thanks! " + _smuggled("AKIAQ2ZB7XK4LMPW to drop@attacker.example")
    args = {"to": "ops@example.com", "body": body}
    shown = shown_value(args, None)
    message = question("mail", "send_email", None, None, "a new recipient", shown)["message"]
    assert not any(c in message for c in body[9:]), message  # (no selector reaches the person)
    assert "\\ufe00" in message or "\\U000e01" in message, message
    # the same in a parameter's own value (repr kept them) and in a reason
    assert not set(shown_value(args, "body") or "") & set(body[9:])
    assert "\\U000e01" in display.visible(body) and display.visible("plain") == "plain"


def test_hangul_fillers_and_the_grapheme_joiner_are_shown_as_escapes() -> None:
    for c in "\u3164\u115f\u1160\uffa0\u034f\u180b":
        assert display.visible(f"rm{c}-rf") == f"rm\\u{ord(c):04x}-rf"
    # letters of any script, and an emoji, still show as themselves
    for text in ("Grüße, 東京", "\U0001f642", "\u0928\u092e\u0938\u094d\u0924\u0947"):
        assert display.visible(text) == text


def test_every_printable_invisible_character_is_escaped() -> None:
    # (display keeps its own class: the normaliser's table is not imported where a person
    # is shown text; this keeps the two equal)
    printable = {c for c in INVISIBLE_CHARS if c.isprintable()}
    assert printable and all(display.visible(c) != c for c in printable)
    assert all(display.visible(c) == c for c in map(chr, range(0x20, 0x3000)) if c.isprintable()
               and c not in INVISIBLE_CHARS)  # fmt: skip


def test_a_parameter_name_with_a_look_alike_letter_is_spelled_in_ascii() -> None:
    args = {"p\u0430th": "/home/me/project/notes.txt", "path": "/home/me/.ssh/id_rsa"}
    shown = shown_value(args, None) or ""
    assert '"p\\u0430th": ' in shown and '"path": ' in shown, shown


def _ask(**kw: Any) -> Verdict:
    return Verdict(verdict="ask", rule="action.delete_outside", reason="rm: a delete", **kw)


def test_an_approval_of_values_longer_than_shown_whole_is_denied_unasked() -> None:
    fits = {"command": "x" * (SHOWN_VALUE_BYTES - 10), "cwd": "/srv"}
    assert shown_bytes(fits) == SHOWN_VALUE_BYTES - 6
    assert _named_whole(_ask(param="command"), fits).verdict == "ask"
    over = {"command": "echo " + "a" * 3000 + "; rm -rf ../precious; echo " + "b" * 1000}
    v = _named_whole(_ask(param="command"), over)
    assert (v.verdict, v.rule) == ("deny", "approval.unshowable"), v
    assert v.details == {"asked_for": "action.delete_outside", "value_bytes": 4032}
    # counted in UTF-8 bytes (the audit log, which `cordon approve` reads, keeps 4096 whole)
    wide = {"command": "\u6771" * 1400}
    assert shown_bytes(wide) == 4200 and _named_whole(_ask(), wide).verdict == "deny"
    nested = {"options": {"command": "y" * 4000}}
    assert _named_whole(_ask(param="options.command"), nested).verdict == "deny"
    # an approval of a destination does not cover the values: asked as before
    dest = _ask(destination="drop.example", param="url")
    assert _named_whole(dest, {"url": "https://drop.example/", "body": "z" * 9000}) is dest


def test_a_dotted_key_beside_the_nested_path_it_spells_puts_no_value_first() -> None:
    # the engine names a nested parameter by its path (options.command): a key spelt so
    # beside it was shown as the parameter's value ('ls') while the delete was asked about
    args = {"options.command": "ls", "options": {"command": "rm -rf ../precious"}}
    shown = shown_value(args, "options.command") or ""
    assert not shown.startswith("'ls'"), shown
    assert shown == '{"options.command": "ls", "options": {"command": "rm -rf ../precious"}}'
    # either alone is shown first as before
    assert (shown_value({"options.command": "ls"}, "options.command") or "").startswith("'ls'")
    nested = {"options": {"command": "rm -rf ../precious"}}
    assert (shown_value(nested, "options.command") or "").startswith("'rm -rf ../precious'")
