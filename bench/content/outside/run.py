"""The outside corpus: attack payloads from public write-ups, benign installed documents.

    .venv/bin/python bench/content/outside/run.py                 # both parts, misses by class
    .venv/bin/python bench/content/outside/run.py --show tuning   # and the tuning part's misses

Each attack payload and each benign file is in the *tuning* part or the *hold-out* part,
fixed by a hash of the item (:func:`part`: SHA-256 of the payload's JSON, or of the file's
path; 40% hold-out). Rules are tuned on the tuning part only; the hold-out part is reported
beside it, and its misses only by class and number unless ``--show holdout`` is given.

Detection: an attack counts as caught when it gets a finding at high or above on the surface
it reaches the model by (``attacks.py``); a benign file counts as a false positive when it
gets a finding at high or above, scanned as ``cordon scan`` scans a file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# the checkout's src unless a PYTHONPATH names the tree to measure (a clean export): put
# first, it would shadow that tree with this one, uncommitted edits included
if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(HERE.parents[2] / "src"))

import attacks  # noqa: E402
import benign  # noqa: E402

from cordon._types import SEVERITY_ORDER, Finding  # noqa: E402
from cordon.content import scan_instructions, scan_result, scan_text, scan_tool  # noqa: E402
from cordon.content.commands import _findings_for  # noqa: E402

HIGH = SEVERITY_ORDER["high"]


def part(key: str) -> str:
    """``"holdout"`` for 40% of keys, ``"tuning"`` for the rest, by SHA-256."""
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return "holdout" if digest[0] % 10 < 4 else "tuning"


def attack_key(cls: str, surface: str, payload: Any) -> str:
    return json.dumps([cls, surface, payload], sort_keys=True, ensure_ascii=False)


def scan_attack(surface: str, payload: Any) -> list[Finding]:
    if surface == "tool":
        return scan_tool(payload)
    if surface == "result":
        return scan_result({"content": [{"type": "text", "text": payload}]})
    if surface == "instructions":
        return scan_instructions(payload)
    return scan_text(payload)


def _high(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if SEVERITY_ORDER[f.severity] >= HIGH]


def _attacks(show: set[str]) -> dict[str, list[tuple[str, bool]]]:
    out: dict[str, list[tuple[str, bool]]] = {"tuning": [], "holdout": []}
    for i, (cls, surface, payload, source) in enumerate(attacks.ATTACKS):
        p = part(attack_key(cls, surface, payload))
        caught = bool(_high(scan_attack(surface, payload)))
        out[p].append((cls, caught))
        if not caught and p in show:
            text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
            print(f"  MISS {p} #{i} [{cls}/{surface}] {text[:300]!r}\n       {source}")
    return out


def _benign(show: set[str]) -> dict[str, list[tuple[str, list[str]]]]:
    out: dict[str, list[tuple[str, list[str]]]] = {"tuning": [], "holdout": []}
    for kind, paths in benign.frozen().items():
        for path in paths:
            text = benign.read(path)
            if not text.strip():
                continue
            p = part(str(path))
            rules = sorted(
                {
                    f"{f.rule}@{f.path}" if f.path else f.rule
                    for f in _high(_findings_for(text, "low"))
                }
            )
            out[p].append((kind, rules))
            if rules and p in show:
                print(f"  FP   {p} {path} ({kind}): {', '.join(rules)[:200]}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--show", action="append", default=[], choices=("tuning", "holdout"))
    ns = ap.parse_args()
    show = set(ns.show)
    got = _attacks(show)
    files = _benign(show)
    print("cordon outside corpus (findings at high or above)")
    print("=" * 60)
    for p in ("tuning", "holdout"):
        items = got[p]
        caught = sum(c for _, c in items)
        missed = Counter(cls for cls, c in items if not c)
        print(
            f"{p:8s} attacks : {caught}/{len(items)} caught ({100 * caught / max(1, len(items)):.0f}%)"
        )
        if missed:
            print("         missed  : " + ", ".join(f"{k} {v}" for k, v in sorted(missed.items())))
        docs = files[p]
        flagged = [(k, r) for k, r in docs if r]
        kinds = Counter(k for k, _ in docs)
        print(
            f"{p:8s} benign  : {len(flagged)}/{len(docs)} files with a high finding "
            f"({', '.join(f'{k} {v}' for k, v in kinds.items())})"
        )
        for k, r in flagged:
            print(f"         FP      : ({k}) {', '.join(r)[:160]}")
    absent = benign.missing(benign.MANIFEST) if benign.MANIFEST.exists() else []
    if absent:
        print(f"({len(absent)} listed benign files are not on this machine: not counted)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
