"""`cordon rules` keeps each rule id on one line: the table folded a long one
(``pin.unknown_t`` / ``ool``) at a terminal's ordinary width, so the id a blocked call names
(``rule: taint.unverified_destination``) could be neither grepped nor copied from it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cordon.cli import app
from cordon.content import RULES
from cordon.engine.rules import CATALOGUE


@pytest.mark.parametrize("columns", ["160", "100", "80"])
def test_rules_table_keeps_each_id_whole(columns: str) -> None:
    result = CliRunner().invoke(app, ["rules"], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    ids = [*CATALOGUE, *(r.id for r in RULES)]
    missing = [i for i in ids if not any(i in line for line in lines)]
    assert not missing, (columns, missing[:10])
