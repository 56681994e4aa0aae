"""`cordon check --pin-file FILE` with no file there says the path does not exist: it said the
file "holds no pinned tools yet: run the server behind cordon once", sending a user who
mistyped the path to run a server that had run long ago."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.cli import app


def test_a_missing_pin_file_is_said_not_to_exist(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\npacks: [memory]\n", "utf-8")
    typo = tmp_path / "pins" / "notes-4eea45a61.json"
    result = CliRunner().invoke(
        app, ["check", "--policy", str(policy), "--pin-file", str(typo)], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 2, result.output
    assert "does not exist" in result.stderr, result.stderr
    assert "holds no pinned tools" not in result.stderr, result.stderr


def test_an_empty_pin_file_still_says_no_pinned_tools(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\npacks: [memory]\n", "utf-8")
    pins = tmp_path / "pins.json"
    pins.write_text('{"servers": {}}', "utf-8")
    result = CliRunner().invoke(
        app, ["check", "--policy", str(policy), "--pin-file", str(pins)], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 2, result.output
    assert "holds no pinned tools yet" in result.stderr, result.stderr
