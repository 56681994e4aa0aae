"""`cordon scan --min-severity` with a word it does not know names the ones it does: a typo
('hgh') said only "unknown severity" and left the user to find the list in --help."""

from __future__ import annotations

from typer.testing import CliRunner

from cordon.cli import app


def test_an_unknown_severity_names_the_valid_ones() -> None:
    result = CliRunner().invoke(app, ["scan", "--min-severity", "hgh", "-"], input="hello\n")
    assert result.exit_code == 2, result.output
    assert "unknown severity 'hgh'" in result.output, result.output
    for word in ("low", "medium", "high", "critical"):
        assert word in result.output, result.output


def test_a_known_severity_scans() -> None:
    result = CliRunner().invoke(app, ["scan", "--min-severity", "high", "-"], input="hello\n")
    assert result.exit_code == 0, result.output
