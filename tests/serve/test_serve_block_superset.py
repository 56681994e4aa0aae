"""``cordon serve``'s ``evaluate_tool_result`` in ``block`` (its default mode) answers as
``warn`` for a result no finding at ``block_at`` blocks: a caller that reads the answer's
``result`` gets the credential masked and the escape stripped, where ``deliver`` told it to
pass the result on as it came."""

from __future__ import annotations

import json

from cordon.server import ServeCore

PASSWORD = "hunter2" + "Secretpw"
TEXT = f"Connect with postgres://admin:{PASSWORD}@db/prod. Status: \x1b[31mFAILED\x1b[0m"


def test_block_answers_as_warn_under_block_at() -> None:
    core = ServeCore.from_sources([{"version": 1}])
    blocked = core.evaluate_tool_result({"content": TEXT})
    warned = core.evaluate_tool_result({"content": TEXT, "mode": "warn"})
    assert blocked == warned
    assert blocked["action"] == "sanitise"
    shown = json.dumps(blocked["result"])
    assert PASSWORD not in shown and "\\u001b" not in shown and "FAILED" in shown
    assert {f["rule"] for f in blocked["findings"]} >= {"secret.url_password", "obf.ansi_escape"}
    # at block_at it is withheld, the payload never repeated
    low = core.evaluate_tool_result({"content": TEXT, "block_at": "medium"})
    assert low["action"] == "block" and low["result"] is None
