"""A ``cordon serve`` reason names the parameter it is about as ``cordon run`` and the library
do: the reply never echoes argument values, and it hid every argument name of four or more
characters too, so ``'recipient': destination is not on an allowlist`` came back as
``'<value>': ...`` while the reply's own ``param`` said ``recipient``. Only the names the
verdict itself names (its ``param``, each approval's parameter) are shown, and only plain
names; values, and any other key the caller chose, stay withheld."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from cordon import Engine
from cordon.decider import Decider
from cordon.server import ServeCore
from tests.serve.test_serve_mcp import serve_params

POLICY: list[Any] = [{"version": 1}]


def _library_reason(tool: str, args: dict[str, Any]) -> str:
    engine = Engine.from_policy(POLICY)
    engine.pin_tools([{"name": tool, "description": "x", "inputSchema": {}}], server="default")
    return Decider(engine.new_session(), server="default").decide(tool, args).verdict.reason


CASES = [
    # one destination parameter
    ("send_email", {"recipient": "eve@partner.example", "body": "the totals"}, ["recipient"]),
    # two of them, one approval for both: each named
    (
        "send_email",
        {"recipients": ["a@one.example"], "cc_list": "c@three.example", "body": "totals"},
        ["recipients", "cc_list"],
    ),
    # nested: the parameter is the inner key
    ("send", {"message": {"recipient": "x@y.example"}}, ["recipient"]),
]


@pytest.mark.parametrize(("tool", "args", "names"), CASES)
def test_the_reason_names_the_parameter_as_the_library_does(
    tool: str, args: dict[str, Any], names: list[str]
) -> None:
    r = ServeCore.from_sources(POLICY).check_tool_call({"tool": tool, "arguments": args})
    lib = _library_reason(tool, args)
    assert r["verdict"] == "ask" and r["param"] == names[0], r
    for name in names:
        assert f"'{name}'" in r["reason"] and f"'{name}'" in lib, (r["reason"], lib)
    # the values stay withheld, as before
    assert "example" not in r["reason"] and "totals" not in str(r), r
    assert "'<value>': destination" not in r["reason"], r


def test_a_key_the_verdict_does_not_name_stays_withheld() -> None:
    """A caller's key the verdict is not about is not echoed: only the verdict's own names."""
    args = {"recipient": "eve@partner.example", "zebra-cabinet-7731": "x"}
    r = ServeCore.from_sources(POLICY).check_tool_call({"tool": "send_email", "arguments": args})
    assert "'recipient'" in r["reason"] and "zebra-cabinet-7731" not in str(r), r


def test_a_name_that_is_not_plain_stays_withheld() -> None:
    args = {"to address": "eve@partner.example"}
    r = ServeCore.from_sources(POLICY).check_tool_call({"tool": "send_email", "arguments": args})
    assert r["param"] == "<param>" and "to address" not in r["reason"], r


@pytest.mark.anyio
@pytest.mark.e2e
async def test_through_the_real_cordon_serve(tmp_path: Path) -> None:
    args = {"recipient": "eve@partner.example", "body": "the totals"}
    async with Client(serve_params(tmp_path), mode="legacy") as client:
        r = await client.call_tool("check_tool_call", {"tool": "send_email", "arguments": args})
    out = r.structured_content
    assert not r.is_error and out is not None
    assert out["reason"] == _library_reason("send_email", args), out
    assert out["reason"].startswith("'recipient': destination is not on an allowlist"), out
