"""``cordon init`` run through its real CLI for end-to-end tests of client configs: the
harness's HOME, pins under the test's directory, no question asked."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Harness


def run_init(harness: Harness, config: Path, *more: str) -> str:
    """``cordon init --config CONFIG --pin-dir <tmp>/pins -y MORE...``; its output (exit 0)."""
    from typer.testing import CliRunner

    from cordon.cli import app

    done = CliRunner().invoke(
        app,
        ["init", "--config", str(config), "--pin-dir", str(harness.tmp / "pins"), "-y", *more],
        env={"HOME": str(harness.home)},
    )
    assert done.exit_code == 0, done.output
    return done.output
