"""The shell guard's verdict on each line of a corpus, and the lines two runs judged otherwise.

    PYTHONPATH=SRC .venv/bin/python bench/shell/verdict_lines.py judge FILE OUT.json
    .venv/bin/python bench/shell/verdict_lines.py compare BEFORE.json AFTER.json [--show N]

``judge`` gives each distinct non-blank line of FILE (one command a line: tldr-pages'
examples, the lines of ``.bat``/``.ps1`` files; nothing written for cordon) to a shell tool
(``run_command``, confined to a project directory, the project the only allowed prefix) and
writes ``[line, verdict, rule]`` for each; run it with ``PYTHONPATH`` at the ``src`` of the
two trees to compare (``git archive COMMIT src | tar -x -C DIR``). ``compare`` counts the
lines whose verdict changed, by old -> new verdict and rule, and shows up to ``--show``.
"""

from __future__ import annotations

import argparse
import collections
import json
import tempfile
from pathlib import Path


def judge(corpus: Path, out: Path) -> None:
    from cordon.engine.core import Engine

    project = Path(tempfile.mkdtemp()) / "project"
    project.mkdir()
    tool = {"executes": True, "exfiltrating": False, "base_dir": str(project)}
    policy = {"tools": {"run_command": tool}, "allowed_path_prefixes": [str(project)]}
    eng = Engine.from_policy([policy])
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    text = corpus.read_text("utf-8", errors="replace").splitlines()
    rows = []
    for line in dict.fromkeys(x for x in text if x.strip()):
        v = eng.new_session().check("run_command", {"command": line})
        rows.append([line, v.verdict, v.rule])
    out.write_text(json.dumps(rows, indent=0), "utf-8")


def compare(before: Path, after: Path, show: int) -> None:
    old = {line: (v, r) for line, v, r in json.loads(before.read_text("utf-8"))}
    new = {line: (v, r) for line, v, r in json.loads(after.read_text("utf-8"))}
    changed = [
        (line, old[line], new[line]) for line in old if line in new and old[line] != new[line]
    ]
    print(f"{after.name}: {len(changed)} of {len(old)} lines judged otherwise")
    kinds = collections.Counter(f"{a[0]} {a[1]} -> {b[0]} {b[1]}" for _, a, b in changed)
    for kind, n in kinds.most_common():
        print(f"  {n:5d}  {kind}")
    for line, _a, b in changed[:show]:
        print(f"    {b[0]:5s} {b[1]:28s} {line[:110]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    j = sub.add_parser("judge")
    j.add_argument("corpus", type=Path)
    j.add_argument("out", type=Path)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--show", type=int, default=40)
    args = ap.parse_args()
    if args.cmd == "judge":
        judge(args.corpus, args.out)
    else:
        compare(args.before, args.after, args.show)


if __name__ == "__main__":
    main()
