"""``--help`` at 80 columns: a flag shows no type (``--help``, not ``--help <bool>``: a flag
takes no value), and no word of an option's help is cut with an ellipsis (``cordon run
--help`` showed ``(default ~/.cordon/audit.…``: the options table leaves its help column
about 17 characters there, and rich cuts a longer word). Every command, through typer's
runner, and the two a newcomer reads first through the real ``cordon`` process."""

from __future__ import annotations

import os
import subprocess

import pytest
from typer.testing import CliRunner

from cordon import cli
from tests.conftest import cordon_exe
from tests.unit.test_cli_help import BOX, _commands


def _problems(path: list[str], shown: str) -> list[str]:
    where = " ".join(["cordon", *path])
    out = [f"{where}: {ln.strip()}" for ln in shown.splitlines() if "…" in ln]
    return out + [f"{where}: {ln.strip()}" for ln in shown.splitlines() if "<bool>" in ln]


def test_every_help_at_80_columns_shows_flags_untyped_and_words_whole() -> None:
    runner = CliRunner()
    problems: list[str] = []
    for path, _cmd in _commands():
        shown = runner.invoke(cli.app, [*path, "--help"], env={"COLUMNS": "80"})
        assert shown.exit_code == 0, (path, shown.output)
        problems += _problems(path, shown.output)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", [[], ["run"]])
def test_the_real_command_at_80_columns(path: list[str]) -> None:
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    shown = subprocess.run(
        [*cordon_exe(), *path, "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    assert not _problems(path, shown.stdout), shown.stdout
    flat = " ".join(BOX.sub(" ", shown.stdout).split())
    if not path:
        assert "--version Print the version." in flat
    else:
        assert "audit.jsonl in ~/.cordon" in flat and "approvals.json in ~/.cordon" in flat
