"""Outbound DLP reads a call's integers as their decimal text, as it reads its strings.

A server reads ``{"b": 3456}`` as the same digits as ``{"b": "3456"}``: a credential split
across arguments with a piece sent as a JSON number (``"AKIAQ2ZB7XK4LMPW"`` and ``3456``) is
refused by format (``secret.pattern``, joined view) as its all-string form is. A payment card
sent as a number is ``private.card_number``'s (which reads integer scalars already:
tests/engine/test_card_gate.py); here the two forms are held to one verdict."""

from __future__ import annotations

from typing import Any

import pytest

from cordon import Engine
from cordon.engine.dlp import default_detector, withhold

TOOLS: list[dict[str, Any]] = [{"name": "send_email", "inputSchema": {"type": "object"}}]
POLICY: dict[str, Any] = {
    "version": 1,
    "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}},
}
TO = ["jane@example.com"]
AWS_HEAD, AWS_TAIL = "AKIAQ2ZB7XK4LMPW", "3456"  # AKIA and 16 base32 characters, split


def _check(args: dict[str, Any]) -> Any:
    engine = Engine.from_policy([POLICY])
    engine.pin_tools(TOOLS)
    return engine.new_session(trusted=["Mail jane@example.com"]).check("send_email", args)


@pytest.mark.parametrize(
    "args",
    [
        {"to": TO, "a": AWS_HEAD, "b": int(AWS_TAIL)},
        {"to": TO, "a": AWS_HEAD, "n": {"deep": [int(AWS_TAIL)]}},
        {"to": TO, "a": [AWS_HEAD, int(AWS_TAIL)]},
    ],
)
def test_a_credential_with_a_piece_sent_as_a_number_is_refused_by_format(
    args: dict[str, Any],
) -> None:
    as_text = {"to": TO, "a": AWS_HEAD, "b": AWS_TAIL}
    assert (_check(as_text).verdict, _check(as_text).rule) == ("deny", "secret.pattern")
    d = _check(args)
    assert (d.verdict, d.rule) == ("deny", "secret.pattern"), args
    assert d.details["encoding"] == "joined"
    # the detector without a walk (the audit copy, the library) reads the same
    assert [h.value for h, _ in default_detector().hits(args)] == [AWS_HEAD + AWS_TAIL]
    kept = repr(withhold(args, None))
    assert AWS_HEAD not in kept and AWS_TAIL not in kept, kept


@pytest.mark.parametrize(
    "value", ["4111111111111111", "4237425274562574", "3456", "0", "18446744073709551615"]
)
def test_a_number_and_its_digits_as_a_string_get_one_verdict(value: str) -> None:
    for extra in ({}, {"a": AWS_HEAD}, {"memo": "card"}):
        as_text, as_number = (
            _check({"to": TO, **extra, "n": value}),
            _check({"to": TO, **extra, "n": int(value)}),
        )
        assert (as_number.verdict, as_number.rule) == (as_text.verdict, as_text.rule), extra


def test_numbers_alone_and_booleans_are_no_credential() -> None:
    for args in ({"to": TO, "n": 9876543210}, {"to": TO, "a": True, "b": 1.5, "c": -7}):
        assert _check(args).verdict == "allow", args
