"""A session with one shell-like tool (``run_command``) confined to ``tmp_path/project``: what
the shell guard's tests judge commands with."""

from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

from cordon.engine.core import Engine, Session


def session(tmp_path: Path, *, prefixes: bool = True) -> Session:
    """``run_command`` runs programs, sends nothing, resolves relative paths in the project;
    ``prefixes``: the project is also the policy's ``allowed_path_prefixes``."""
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    tool = {"executes": True, "exfiltrating": False, "base_dir": str(project)}
    policy: dict[str, object] = {"tools": {"run_command": tool}}
    if prefixes:
        policy["allowed_path_prefixes"] = [str(project)]
    eng = Engine.from_policy([policy])
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    return eng.new_session()


def run(tmp_path: Path, command: str, *, prefixes: bool = True) -> tuple[str, str]:
    """The verdict and rule of ``command`` in a new :func:`session`."""
    v = session(tmp_path, prefixes=prefixes).check("run_command", {"command": command})
    return v.verdict, v.rule


def bash_drops_the_users_table(tmp_path: Path, line: str) -> bool:
    """Control for a shell guard test: ``line`` run by the real bash in ``tmp_path`` beside an
    ``app.db`` holding one ``users`` table; whether the table is gone afterwards."""
    with sqlite3.connect(tmp_path / "app.db") as conn:
        conn.execute("CREATE TABLE users (id INTEGER)")
    subprocess.run(["bash", "-c", line], cwd=tmp_path, check=True, capture_output=True, timeout=30)
    with sqlite3.connect(tmp_path / "app.db") as conn:
        return conn.execute("SELECT name FROM sqlite_master").fetchall() == []
