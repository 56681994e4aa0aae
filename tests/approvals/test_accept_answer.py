"""Which answers to cordon's own question approve (``envelope.is_accept``): only an accept
whose ``approve`` is ``true``. The form requires the field and defaults it to false, so an
accept with no content, an empty one or a string ``"true"`` approves nothing."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.approvals.envelope import is_accept, question


def test_the_form_requires_approve_and_defaults_it_to_false() -> None:
    schema = question("s", "t", None, None, "why")["requestedSchema"]
    assert schema["required"] == ["approve"]
    assert schema["properties"]["approve"]["default"] is False


def test_an_accept_with_approve_true_approves() -> None:
    assert is_accept({"action": "accept", "content": {"approve": True}})


@pytest.mark.parametrize(
    "answer",
    [
        {"action": "accept"},
        {"action": "accept", "content": {}},
        {"action": "accept", "content": None},
        {"action": "accept", "content": {"approve": "true"}},
        {"action": "accept", "content": {"approve": 1}},
        {"action": "accept", "content": {"approve": False}},
        {"action": "accept", "content": {"ok": True}},
        {"action": "decline", "content": {"approve": True}},
        {"action": "cancel"},
        None,
        "accept",
    ],
)
def test_anything_else_approves_nothing(answer: Any) -> None:
    assert not is_accept(answer)
