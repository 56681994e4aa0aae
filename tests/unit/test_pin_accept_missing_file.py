"""`cordon pin accept --pin-file FILE` with no file there (a mistyped path) says so and exits
2: it printed "nothing pending" and exit 0, read as "no change is waiting for review" while
the server's real pin file held one."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cordon.cli import app


def test_a_missing_pin_file_is_named_not_nothing_pending(tmp_path: Path) -> None:
    typo = tmp_path / "pins" / "files-0df4d1045.json"
    result = CliRunner().invoke(
        app, ["pin", "accept", "--pin-file", str(typo)], env={"COLUMNS": "300"}
    )
    assert result.exit_code == 2, result.output
    assert "nothing pending" not in result.output, result.output
    assert "no pin file" in result.output and typo.name in result.output, result.output
    assert not typo.exists()  # nothing created


def test_an_existing_pin_file_with_nothing_pending_still_says_so(tmp_path: Path) -> None:
    pins = tmp_path / "pins.json"
    pins.write_text('{"servers": {}}', "utf-8")
    result = CliRunner().invoke(app, ["pin", "accept", "--pin-file", str(pins)])
    assert result.exit_code == 0, result.output
    assert "nothing pending" in result.output, result.output


def test_a_server_the_pin_file_does_not_hold_is_named_with_those_it_does(tmp_path: Path) -> None:
    """`--server mial` with `--pin-file`: a typo must not read as "nothing pending" for it
    while the real server's change waits."""
    pins = tmp_path / "pins.json"
    pins.write_text(
        '{"servers": {"mail": {"tools": {}, "pending": {"send": {"name": "send"}}}}}', "utf-8"
    )
    result = CliRunner().invoke(
        app,
        ["pin", "accept", "--pin-file", str(pins), "--server", "mial"],
        env={"COLUMNS": "300"},
    )
    assert result.exit_code == 2, result.output
    assert "nothing pending" not in result.output, result.output
    assert "'mial'" in result.output and "'mail'" in result.output, result.output
