"""How many lines of real command text the cmd.exe and PowerShell readings of the shell guard
flag that the POSIX reading alone did not.

    PYTHONPATH=src .venv/bin/python bench/shell/windows_lines.py FILE... [--show N]

Each FILE holds one command per line (nothing in them written for cordon: tldr-pages'
``pages/windows`` and ``pages/{common,linux}`` examples with ``{{x}}`` written as ``x``, the
non-comment lines of a repository's ``.bat``/``.cmd`` or ``.ps1`` files). Each distinct line is
given to a shell tool (``run_command``, confined to a project directory, the project the only
allowed prefix) twice in one process: with :func:`cordon.engine.cmd_exe.record` switched off
(the POSIX reading, and ``pwsh -c`` as before) and on. The script counts the lines whose
verdict changed, by old -> new verdict and rule, and shows up to ``--show`` of them.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path

import cordon.engine.cmd_exe as cmd_exe
from cordon.engine import shell
from cordon.engine.core import Engine


def _engine(project: Path) -> Engine:
    tool = {"executes": True, "exfiltrating": False, "base_dir": str(project)}
    policy = {"tools": {"run_command": tool}, "allowed_path_prefixes": [str(project)]}
    eng = Engine.from_policy([policy])
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    return eng


def _verdicts(eng: Engine, lines: list[str]) -> list[tuple[str, str]]:
    shell._analyze.cache_clear()
    out = []
    for line in lines:
        v = eng.new_session().check("run_command", {"command": line})
        out.append((v.verdict, v.rule))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--show", type=int, default=20)
    args = ap.parse_args()
    project = Path(tempfile.mkdtemp()) / "project"
    project.mkdir()
    eng = _engine(project)
    record = cmd_exe.record
    for path in args.files:
        text = path.read_text("utf-8", errors="replace").splitlines()
        lines = list(dict.fromkeys(x for x in text if x.strip()))
        cmd_exe.record = lambda w, t: None  # type: ignore[assignment]
        off = _verdicts(eng, lines)
        cmd_exe.record = record
        on = _verdicts(eng, lines)
        changed = [(a, b, x) for a, b, x in zip(off, on, lines, strict=True) if a != b]
        kinds = collections.Counter(f"{a[0]} {a[1]} -> {b[0]} {b[1]}" for a, b, _ in changed)
        print(f"{path.name}: {len(changed)} of {len(lines)} lines judged otherwise")
        for kind, n in kinds.most_common():
            print(f"  {n:5d}  {kind}")
        for _a, b, line in changed[: args.show]:
            print(f"    {b[1]:28s} {line[:110]}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
