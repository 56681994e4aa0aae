"""The content scanner's findings on every corpus, one digest a text, to compare two trees.

    .venv/bin/python bench/content/compare_findings.py --tree /tmp/base --tree . [--quick]

Each tree (a clean export, ``git archive HEAD | tar -x -C /tmp/base``) is run in its own
process with ``PYTHONPATH=<tree>/src``; the texts are read from this checkout: every file of
``corpus/``, every outside attack payload on its surface and JSON-escaped once and twice
(the escape-decoded reading), every benign manifest's files (``outside/benign_*.txt``), the
string constants of ``tests/content/*.py``, the real-text document (``real_text.py``'s
output, ``--real``) whole and in 200 KB slices, ``run.py``'s mixed document. A
text's digest covers every finding's rule, severity, span, path and evidence, in order. The
first tree's lines are compared with each other tree's; exit 1 on any difference.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _texts(
    quick: bool, real: Path, exclude: Sequence[str] = ()
) -> Iterator[tuple[str, str, object]]:
    """``(name, surface, payload)``; surface ``file`` is scanned as ``cordon scan`` scans.
    An outside attack list or benign manifest whose name holds a string of ``exclude`` is
    neither imported nor read (a hold-out being collected)."""
    for p in sorted((HERE / "corpus").rglob("*")):
        if p.is_file():
            yield (
                f"corpus/{p.relative_to(HERE / 'corpus')}",
                "file",
                p.read_text("utf-8", "replace"),
            )
    sys.path[:0] = [str(HERE / "outside"), str(HERE)]
    mods = sorted(q.stem for q in (HERE / "outside").glob("attacks*.py"))
    for mod in (m for m in mods if not any(x in m for x in exclude)):
        for i, (_cls, surface, payload, _src) in enumerate(importlib.import_module(mod).ATTACKS):
            yield f"{mod}#{i}", surface, payload
            text = payload if isinstance(payload, str) else json.dumps(payload)
            yield f"{mod}#{i}/esc1", "text", json.dumps(text)
            yield f"{mod}#{i}/esc2", "text", json.dumps(json.dumps(text))
    benign = importlib.import_module("benign")
    for manifest in sorted((HERE / "outside").glob("benign_*.txt")):
        if any(x in manifest.name for x in exclude):
            continue
        for line in manifest.read_text("utf-8").splitlines()[:: 8 if quick else 1]:
            path = line.partition("\t")[2]
            if path and not line.startswith("#") and benign.locate(path).is_file():
                yield f"{manifest.name}:{path}", "file", benign.read(Path(path))
    for p in sorted((ROOT / "tests" / "content").glob("*.py")):
        for node in ast.walk(ast.parse(p.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if len(node.value) >= 8:
                    yield f"{p.name}:{node.lineno}", "text", node.value
    if real.is_file():
        doc = real.read_text("utf-8")
        yield "real-text", "file", doc
        for k in range(0, len(doc), 200_000 * (5 if quick else 1)):
            yield f"real-text@{k}", "text", doc[k : k + 200_000]
    spec = importlib.util.spec_from_file_location("content_run", HERE / "run.py")
    assert spec is not None and spec.loader is not None
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    yield "mixed", "text", run._mixed_document(10 * 1024 * 1024)


def _dump(quick: bool, real: Path, exclude: Sequence[str]) -> None:
    """One line a text: name, digest of its findings (runs inside the tree's process)."""
    from cordon.content import scan_instructions, scan_result, scan_text, scan_tool, warm
    from cordon.content.commands import _findings_for

    warm(wait=True)
    scan = {
        "file": lambda t: _findings_for(t, "low"),
        "tool": scan_tool,
        "result": lambda t: scan_result({"content": [{"type": "text", "text": t}]}),
        "instructions": scan_instructions,
        "text": scan_text,
    }
    for name, surface, payload in _texts(quick, real, exclude):
        found = [
            (f.rule, f.severity, list(f.span), f.path, f.evidence)
            for f in scan.get(surface, scan_text)(payload)
        ]
        digest = hashlib.sha256(json.dumps(found).encode()).hexdigest()[:16]
        print(f"{name}\t{len(found)}\t{digest}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tree", action="append", default=[], help="a tree to run (repeat)")
    ap.add_argument("--quick", action="store_true", help="every 8th benign file, fewer slices")
    ap.add_argument("--real", default="/tmp/cordon-real-text.txt", help="real_text.py --out")
    ap.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="STR",
        help="skip outside sets whose name holds STR (repeat; e.g. a hold-out being collected)",
    )
    ap.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.dump:
        _dump(ns.quick, Path(ns.real), ns.exclude)
        return 0
    outs = []
    for tree in ns.tree:
        env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve() / "src"))
        cmd = [sys.executable, __file__, "--dump", "--real", ns.real]
        cmd += ["--quick"] if ns.quick else []
        cmd += [f"--exclude={x}" for x in ns.exclude]
        res = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        outs.append(res.stdout.splitlines())
        print(f"{tree}: {len(outs[-1])} texts", file=sys.stderr)
    bad = 0
    for other, tree in zip(outs[1:], ns.tree[1:], strict=True):
        for a, b in zip(outs[0], other, strict=True):
            if a != b:
                bad += 1
                print(f"DIFF {tree}\n  {a}\n  {b}")
    findings = sum(int(line.split("\t")[1]) for line in outs[0])
    print(f"{len(outs[0])} texts, {findings} findings, {bad} differing")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
