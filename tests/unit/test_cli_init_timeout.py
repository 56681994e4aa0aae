"""``cordon run --init-timeout`` takes 0 (no limit) or a finite number of seconds; anything else
is a usage error before a server is started, and the help keeps its flag names whole at 80
columns (tests/unit/test_cli_help_narrow.py)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cordon.cli import app


@pytest.mark.parametrize("value", ["-1", "-0.5", "nan", "inf"])
def test_a_wait_that_is_not_a_finite_count_of_seconds_is_refused(value: str) -> None:
    got = CliRunner().invoke(
        app, ["run", "--url", "http://127.0.0.1:9/mcp", "--init-timeout", value]
    )
    assert got.exit_code == 2, got.output
    assert "must be 0 (no limit) or more seconds" in got.output
