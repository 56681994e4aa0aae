"""The scanner's findings with Hyperscan and with ``CORDON_HYPERSCAN=0``, compared text by text.

    .venv/bin/python bench/content/hs_parity.py                 # the full set (~10-20 min)
    .venv/bin/python bench/content/hs_parity.py --set sample    # what tests/content runs
    .venv/bin/python bench/content/hs_parity.py --files DOC...  # and these files, whole and
                                                                # in 200 KB slices

The full set: every file of ``bench/content``'s corpora (benign, real documents, the outside
attack lists and benign manifests) whole, and attack payloads spliced into generated texts of
5 KB to 10 MB where the two paths cut a text differently (:mod:`tests.content.parity`). The
real-text document (``bench/content/real_text.py`` builds ``/tmp/cordon-real-text.txt``) is
added when it exists. Each mode runs in a fresh process (``CORDON_HYPERSCAN`` is read at
import and at each compile); both must give the same findings (rule, severity, span,
evidence, and the tool-result path's findings) in the same order. Exit status 1 when they do
not, with each differing text's extra and missing findings.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
REAL = Path("/tmp/cordon-real-text.txt")


def _run(set_name: str, files: list[str], hyperscan: bool) -> tuple[list[dict[str, Any]], float]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), CORDON_HYPERSCAN="1" if hyperscan else "0")
    cmd = [sys.executable, "-m", "tests.content.parity", set_name]
    if files:
        cmd += ["--files", *files]
    t0 = time.monotonic()
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()], time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--set", default="full", choices=["sample", "full"])
    ap.add_argument("--files", nargs="*", default=None)
    ns = ap.parse_args()
    files = ns.files if ns.files is not None else ([str(REAL)] if REAL.exists() else [])
    fast, t_fast = _run(ns.set, files, True)
    slow, t_slow = _run(ns.set, files, False)
    differ = 0
    for f, s in zip(fast, slow, strict=True):
        assert f["name"] == s["name"] and f["sha"] == s["sha"], (f["name"], s["name"])
        if f["findings"] == s["findings"]:
            continue
        differ += 1
        a = {json.dumps(x) for x in f["findings"]}
        b = {json.dumps(x) for x in s["findings"]}
        print(f"{f['name']}: hyperscan {len(a)}, python {len(b)}")
        for x in sorted(b - a):
            print(f"  only without hyperscan: {x}")
        for x in sorted(a - b):
            print(f"  only with hyperscan:    {x}")
        if a == b:
            print("  (the same findings in another order)")
    total = sum(len(r["findings"]) for r in fast)
    print(
        f"{len(fast)} texts, {total} findings with hyperscan "
        f"({t_fast:.0f} s), {sum(len(r['findings']) for r in slow)} without "
        f"({t_slow:.0f} s); {differ} texts differ"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
