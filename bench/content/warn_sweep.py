"""How often warn mode changes a benign file an agent reads (false rewrites).

    .venv/bin/python bench/content/warn_sweep.py [--seed 23] [--per-kind 1000] [--show]

Samples installed files of this machine that no rule was written against: Python sources of
``.venv``'s site-packages, JavaScript and TypeScript of ``node_modules``, and the Markdown of
``node_modules`` (READMEs, changelogs), ``--per-kind`` of each (fewer when fewer exist), with
``--seed``. Each is delivered as a tool result through :func:`cordon.content.evaluate_result`
in ``warn`` mode (the default content mode); a file counts when what the agent would read
differs from the file. Prints the count per kind and the rules behind the changes
(``--show``: each file). The seed 11 sample was used to find false rewrites; report another
seed beside it as the hold-out.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# the checkout's src unless a PYTHONPATH names the tree to measure (a clean export): put
# first, it would shadow that tree with this one, uncommitted edits included
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(ROOT / "src"))

from cordon.content import evaluate_result, warm  # noqa: E402

MAX_CHARS = 300_000


def _sample(seed: int, per_kind: int) -> list[Path]:
    rnd = random.Random(seed)
    site = sorted((ROOT / ".venv" / "lib").glob("python3*/site-packages"))
    kinds = [
        sorted(p for s in site for p in s.rglob("*.py")),
        sorted([*(ROOT / "node_modules").rglob("*.js"), *(ROOT / "node_modules").rglob("*.ts")]),
        sorted((ROOT / "node_modules").rglob("*.md")),
    ]
    out: list[Path] = []
    for files in kinds:
        out += rnd.sample(files, min(per_kind, len(files)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--per-kind", type=int, default=1000)
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    warm(wait=True)
    seen: Counter[str] = Counter()
    changed: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    for path in _sample(args.seed, args.per_kind):
        try:
            text = path.read_text("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if len(text) > MAX_CHARS:
            continue
        kind = path.suffix.lstrip(".")
        seen[kind] += 1
        ev = evaluate_result({"content": [{"type": "text", "text": text}]}, mode="warn")
        if ev.result == {"content": [{"type": "text", "text": text}]}:
            continue
        changed[kind] += 1
        why = sorted({f.rule for f in ev.findings if f.severity != "low"})
        rules.update(why)
        if args.show:
            print(f"  {path.relative_to(ROOT)}: {', '.join(why) or '(ANSI or low findings)'}")
    total, moved = sum(seen.values()), sum(changed.values())
    print(f"seed {args.seed}: warn mode changed {moved} of {total} files ({moved / total:.2%})")
    print("  per kind: " + ", ".join(f"{k} {changed[k]}/{n}" for k, n in sorted(seen.items())))
    print("  rules: " + ", ".join(f"{r} {n}" for r, n in rules.most_common()))


if __name__ == "__main__":
    main()
