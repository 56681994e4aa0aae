"""Precision on real third-party documentation: every README of the npm packages and every
Python package description (METADATA) that `make setup` installed, scanned for findings at
high or above. These are texts nobody wrote for this test.

    .venv/bin/python bench/content/real_docs.py [--min-severity high]

Prints the number of documents, their size, and each document with a finding, with the rule
and a neutralised excerpt.
"""

from __future__ import annotations

import argparse
import glob
import sys
from pathlib import Path

from cordon.content import scan_text

ROOT = Path(__file__).resolve().parents[2]


def documents() -> list[Path]:
    docs = sorted(
        Path(p) for p in glob.glob(str(ROOT / "node_modules" / "**" / "README.md"), recursive=True)
    )
    site = sorted(
        Path(p)
        for p in glob.glob(
            str(ROOT / ".venv" / "lib" / "python*" / "site-packages" / "*.dist-info" / "METADATA")
        )
    )
    return docs + site


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--min-severity", default="high")
    ns = ap.parse_args()
    docs = documents()
    if not docs:
        print("no installed documents found: run `make setup` first")
        return 2
    flagged = 0
    size = 0
    for path in docs:
        text = path.read_text("utf-8", errors="replace")
        size += len(text.encode("utf-8"))
        findings = scan_text(text, min_severity=ns.min_severity)
        if findings:
            flagged += 1
            rules = ", ".join(sorted({f.rule for f in findings}))
            print(f"  {path.relative_to(ROOT)}: {rules} | {findings[0].evidence[:100]!r}")
    print(
        f"{len(docs)} real documents, {size / 1e6:.1f} MB: {flagged} with a finding at {ns.min_severity} or above"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
