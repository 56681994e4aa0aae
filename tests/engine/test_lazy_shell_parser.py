"""The shell parser is loaded at a call's first command string, not with the engine.

A resting ``cordon run`` holds what it imported (issue 19's 60 MB); the parser and its ~24
modules are ~1.4 MB of it, and a call without a command string never reads their answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

_CODE = """
import json, sys
import cordon.cli, cordon.proxy.main
from cordon.engine.core import Engine

def parser():
    return sorted(m for m in sys.modules if m.startswith(("cordon.engine.shell",
                  "cordon.engine.autorun_writes", "cordon.engine.cordon_commands",
                  "cordon.engine.cordon_paths", "cordon.engine.find_exec")))

policy = {"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}}
engine = Engine.from_policy([policy])
obj = {"type": "object", "properties": {}}
engine.pin_tools([{"name": n, "description": n, "inputSchema": obj}
                  for n in ("send_email", "read_inbox", "run_command")])
s = engine.new_session()
s.observe_output("read_inbox", "write to someone@example.net")
out = {"start": parser()}
out["send"] = s.check("send_email", {"to": "a@b.example", "body": "hi"}).rule
out["after_send"] = parser()
out["command"] = s.check("run_command", {"command": "git reset --hard"}).rule
out["after_command"] = "cordon.engine.shell" in parser()
print(json.dumps(out))
"""


def test_a_call_without_a_command_does_not_load_the_parser() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _CODE],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    got = json.loads(out.stdout.splitlines()[-1])
    assert got["start"] == [] and got["after_send"] == []
    assert got["send"] == "taint.unverified_destination"
    # the first command string loads it, and is judged as before
    assert got["command"] == "action.git_destroy" and got["after_command"] is True


def test_the_run_time_mark_is_the_parser_s() -> None:
    from cordon.engine import commands, shell_commands

    assert commands.DYNAMIC == shell_commands.DYNAMIC
