"""`cordon rules ID`: a rule id a verdict or a finding names is looked up by itself (it was a
usage error, so a user paged through every rule), a prefix lists its family, and an id no
rule has is said so with the close ones (exit 2), never an empty table read as "no such rule
fires"."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cordon.cli import app
from cordon.content import RULES
from cordon.engine.rules import CATALOGUE


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["rules", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_one_engine_rule_by_id() -> None:
    code, out = _run("--json", "taint.seen_in_output")
    assert code == 0, out
    assert [r["id"] for r in json.loads(out)] == ["taint.seen_in_output"]


def test_a_prefix_lists_its_family_from_both_catalogues() -> None:
    code, out = _run("--json", "taint.", "inj.")
    assert code == 0, out
    ids = {r["id"] for r in json.loads(out)}
    want = {i for i in CATALOGUE if i.startswith("taint.")}
    want |= {r.id for r in RULES if r.id.startswith("inj.")}
    assert ids == want and want


def test_one_content_rule_shows_why_and_fix() -> None:
    rule = next(r for r in RULES if r.id.startswith("inj."))
    code, out = _run(rule.id)
    assert code == 0, out
    assert rule.id in out and "why:" in out and "fix:" in out
    assert "engine rules" not in out


def test_an_unknown_id_is_named_with_the_close_ones() -> None:
    code, out = _run("taint.seen_in_outptu")
    assert code == 2, out
    assert "taint.seen_in_outptu" in out and "taint.seen_in_output" in out


def test_no_argument_lists_every_rule() -> None:
    code, out = _run("--json")
    assert code == 0, out
    assert len(json.loads(out)) == len(CATALOGUE) + len(RULES)
