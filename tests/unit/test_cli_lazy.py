"""``cordon run`` imports only what it needs; the other subcommands load when looked up."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

SRC = Path(__file__).resolve().parents[2] / "src"


def test_run_path_does_not_import_the_other_commands() -> None:
    # `cordon run` resolved and invoked through the app, the proxy itself stubbed out
    code = """
import json, sys
import cordon.proxy.main
cordon.proxy.main.run_proxy = lambda **kw: 0
from cordon.cli import app
try:
    app(["run", "--", "true"], standalone_mode=False)
except SystemExit:
    pass
# (rich: help output; httpx2 and h11: a remote server's transport, for --url only; tomlkit:
# Codex's config, for cordon init: ~3 MB of a resting cordon run's 60 MB together; the
# client-config editing stack, for cordon init and cordon pin: ~0.8 MB)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("rich", "httpx2",
      "h11", "tomlkit")
      or m in ("cordon.clienthooks", "cordon.server", "cordon.audit.commands",
               "cordon.clientconfig", "cordon.clientbackups", "cordon.clientjsonc",
               "cordon.clientpins", "cordon.clientpolicy",
               "cordon.approvals.commands", "cordon.content.commands", "requests"))))
"""
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert json.loads(out.stdout.splitlines()[-1]) == []


def test_every_command_is_listed_and_resolved() -> None:
    from cordon.cli import app

    runner = CliRunner()
    shown = runner.invoke(app, ["--help"], terminal_width=200).output
    for name in ("run", "check", "pin", "audit", "approve", "serve", "init", "rules", "scan"):
        assert f" {name} " in shown, name
    assert runner.invoke(app, ["rules", "--json"]).exit_code == 0
    typo = runner.invoke(app, ["aprove"])
    assert typo.exit_code == 2 and "approve" in typo.output
