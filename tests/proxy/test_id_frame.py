"""``id_frame``: the answers made ready with every forwarded call and delivered result (in
case the audit log or the shared taint store cannot be written) are serialised once but for
their id, and must be the very bytes ``result_frame`` and ``error_frame`` give."""

from __future__ import annotations

from typing import Any

import pytest

from cordon.proxy.framing import (
    INTERNAL_ERROR,
    blocked_result,
    error_frame,
    frame_tail,
    id_frame,
    result_frame,
)

IDS: list[Any] = [0, 7, -3, 2**53, 1.5, "a", 'é\u2028"\\x', "", "cordon-1-2"]


@pytest.mark.parametrize("id_", IDS)
@pytest.mark.parametrize("modern", [False, True])
def test_a_result_frame_is_the_same_bytes(id_: Any, modern: bool) -> None:
    result = blocked_result("audit.unwritable", "the audit log cannot be written", modern=modern)
    assert id_frame(id_, frame_tail(result=result)) == result_frame(id_, result)


@pytest.mark.parametrize("id_", IDS)
def test_an_error_frame_is_the_same_bytes(id_: Any) -> None:
    message = "cordon: internal error; the upstream result was withheld"
    tail = frame_tail(error={"code": INTERNAL_ERROR, "message": message})
    assert id_frame(id_, tail) == error_frame(id_, INTERNAL_ERROR, message)
