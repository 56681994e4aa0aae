"""``with_arguments``, how ``Session.check`` puts the arguments to run into the verdict it
returns, builds what ``dataclasses.replace(v, arguments=...)`` builds: every field the same
object, ``arguments`` the new one."""

from __future__ import annotations

import dataclasses

import pytest

from cordon._types import ALLOW, Verdict
from cordon.engine.checks import with_arguments

_VERDICTS = [
    ALLOW,
    Verdict(verdict="deny", rule="r", reason="why"),
    Verdict(
        verdict="ask",
        rule="taint.unverified_destination",
        reason="'to': not cleared",
        param="to",
        destination="bob@example.com",
        destinations=("bob@example.com", "x.example"),
        details={"approval_key": ["default", "send", "r", "to", "bob@example.com"]},
        arguments={"old": 1},
    ),
]


@pytest.mark.parametrize("v", _VERDICTS)
@pytest.mark.parametrize("arguments", [None, {}, {"to": "bob@example.com", "n": [1, {"a": None}]}])
def test_with_arguments_is_replace(v: Verdict, arguments: dict[str, object] | None) -> None:
    got = with_arguments(v, arguments)
    want = dataclasses.replace(v, arguments=arguments)
    assert type(got) is Verdict
    for f in dataclasses.fields(Verdict):
        assert getattr(got, f.name) is getattr(want, f.name), f.name
    assert got == want and repr(got) == repr(want) and hash(got.verdict) == hash(want.verdict)
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.arguments = {}  # type: ignore[misc]
