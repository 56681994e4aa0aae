"""The SQL readers are loaded at a process's first SQL text, not with the engine.

A resting ``cordon run`` holds what it imported (issue 19's 60 MB); ``sql_programs`` and the
modules that import it (the clients' and ``sqlite3``'s dot commands, the system commands,
``cmd.exe``'s reading, the git configuration swaps) are ~0.6 MB of it, and a call without SQL
or a command string never reads their answer.
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

def readers():
    return sorted(m for m in sys.modules if m.startswith(tuple("cordon.engine." + n for n in (
        "sql_programs", "sql_rules", "sql_clients", "sqlite_dots", "psql_meta", "sql_lexings",
        "system_commands", "remote_clis", "cmd_exe", "cmd_programs", "git_config_swaps"))))

policy = {"version": 1, "tools": {"send_email": {"exfiltrating": True, "sink_params": ["to"]}}}
engine = Engine.from_policy([policy])
obj = {"type": "object", "properties": {}}
engine.pin_tools([{"name": n, "description": n, "inputSchema": obj}
                  for n in ("send_email", "read_inbox", "write_file", "run_sql")])
s = engine.new_session()
s.observe_output("read_inbox", "write to someone@example.net")
out = {"start": readers()}
out["send"] = s.check("send_email", {"to": "a@b.example", "body": "hi"}).rule
out["write"] = s.check("write_file", {"path": "notes.txt", "content": "hi"}).rule
out["after"] = readers()
out["sql"] = s.check("run_sql", {"sql": "DROP TABLE users"}).rule
out["program"] = s.check("run_sql", {"sql": "COPY t TO PROGRAM 'gzip -c'"}).rule
out["after_sql"] = "cordon.engine.sql_programs" in readers()
print(json.dumps(out))
"""


def test_a_call_without_sql_does_not_load_the_sql_readers() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _CODE],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    got = json.loads(out.stdout.splitlines()[-1])
    assert got["start"] == [] and got["after"] == []
    assert got["send"] == "taint.unverified_destination"
    # the first SQL text loads them, and is judged as before
    assert got["sql"] == "action.sql_drop" and got["program"] == "action.sql_code"
    assert got["after_sql"] is True


def test_a_drive_root_is_a_root_target() -> None:
    from cordon.engine.actions import _is_root_target

    for target in ("C:\\", "c:\\*", "C:\\Windows", "C:\\Program Files (x86)", "D:/Users/"):
        assert _is_root_target(target), target
    assert not _is_root_target("C:\\Users\\me\\project")
