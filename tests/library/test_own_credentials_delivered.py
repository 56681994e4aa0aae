"""The library and ``cordon serve`` mask the policy's secrets in a result they deliver in warn
or block mode, as ``cordon run`` masks its own credentials (``cordon.content.known``): the
same value in the same result reads the same through each front end."""

from __future__ import annotations

import json

import pytest

from cordon.content.known import MASK
from cordon.engine.core import Engine
from cordon.server import ServeCore

TOKEN = "Zq7Xv2Lm9Rt4Wp8Kd3Hs6Nb1"  # no known format: only its exact value tells
RESULT = {"content": [{"type": "text", "text": f"connect to the reporting db with {TOKEN}"}]}


@pytest.mark.parametrize("mode", ["warn", "block"])
def test_the_library_masks_a_policy_secret_in_a_delivered_result(mode: str) -> None:
    engine = Engine.from_policy([{"version": 1}], secrets=[TOKEN])
    obs = engine.new_session().observe_output("read", RESULT, content_mode=mode)
    assert obs.action == "sanitise"
    assert obs.result["content"][0]["text"] == f"connect to the reporting db with {MASK.decode()}"
    assert "secret.own_credential" in {f.rule for f in obs.findings}
    assert TOKEN in RESULT["content"][0]["text"]  # the caller's result is not changed


def test_monitor_delivers_it_unchanged_and_other_values_pass() -> None:
    session = Engine.from_policy([{"version": 1}], secrets=[TOKEN]).new_session()
    assert session.observe_output("read", RESULT, content_mode="monitor").result == RESULT
    other = Engine.from_policy([{"version": 1}], secrets=["another-value-0001"]).new_session()
    assert other.observe_output("read", RESULT, content_mode="warn").action == "deliver"


@pytest.mark.parametrize("mode", ["warn", "block"])
def test_serve_masks_it_in_an_evaluated_result(mode: str) -> None:
    serve = ServeCore.from_sources([{"version": 1}])
    serve = ServeCore(serve.policy, secrets=[TOKEN])
    out = serve.evaluate_tool_result({"content": RESULT, "mode": mode})
    assert out["action"] == "sanitise" and TOKEN not in json.dumps(out)
    assert "secret.own_credential" in {f["rule"] for f in out["findings"]}
    assert MASK.decode() in json.dumps(out["result"])
