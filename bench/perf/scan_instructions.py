"""Instructions one ``scan_text`` (or one anchor pass) executes, counted by valgrind.

    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/tmp/cg.%p \
        .venv/bin/python bench/perf/scan_instructions.py [--find] {real,mixed} BYTES

Wall-clock and CPU time on a shared machine swing 20% and more between runs; the count of
instructions does not, so two trees are compared by it (run the command once per tree, with
``PYTHONPATH=<tree>/src``; valgrind prints ``Collected : N``). The text is the first BYTES
characters of the real-text document (``bench/content/real_text.py`` builds
``/tmp/cordon-real-text.txt``) or of ``bench/content``'s mixed document. After the databases
compile and two scans (which start the busiest rules' filters, waited for), instrumentation
covers one ``scan_text``, or with ``--find`` two calls of the Hyperscan anchor pass alone.

Which rule filters exist changes the count (a window a filter rules out is not searched), and
they compile when a rule's window searches take 3 ms of CPU time in two texts: under valgrind
every search is tens of times slower, so two runs can scan with other filters. To compare two
trees, fix the set: ``--write-filters FILE`` (run natively, no valgrind) scans three times and
writes the filters that compiled; ``--filters FILE`` then compiles exactly those and switches
the triggers off.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "content"))

from cordon.content import _accel, scan_text, warm  # noqa: E402
from cordon.content.normalize import normalize  # noqa: E402
from cordon.content.scanner import _anchor_index  # noqa: E402


def _instrument(on: bool) -> None:
    flag = "on" if on else "off"
    subprocess.run(["callgrind_control", "-i", flag, str(os.getpid())], capture_output=True)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--find", action="store_true")
    ap.add_argument("doc", choices=["real", "mixed"])
    ap.add_argument("size", type=int)
    ap.add_argument("--filters", metavar="FILE", help="compile exactly the filters in FILE")
    ap.add_argument("--write-filters", metavar="FILE", help="write the filters scans compile")
    ns = ap.parse_args()
    warm(wait=True)
    if ns.filters:
        _accel.FILTER_TRIGGER = 1 << 62  # no window size or search time compiles another
        _accel.FILTER_COST_S = float("inf")
        _accel.want_filters(json.loads(Path(ns.filters).read_text("utf-8")), wait=True)
    if ns.doc == "real":
        text = Path("/tmp/cordon-real-text.txt").read_text("utf-8")[: ns.size]
    else:
        import run  # bench/content/run.py

        text = run._mixed_document(ns.size)
    if ns.find:
        idx = _anchor_index(None)
        view = normalize(text).ascii_view.lower()
        _accel.find(idx.accel_anchors, view)
        _instrument(True)
        for _ in range(2):
            _accel.find(idx.accel_anchors, view)
        _instrument(False)
        return 0
    scan_text(text)
    scan_text(text)
    _accel.wait_compiled(600)
    scan_text(text)
    if ns.write_filters:
        _accel.wait_compiled(600)
        ready = sorted(p for p in list(_accel._filters) if _accel.rule_filter(p) is not None)
        Path(ns.write_filters).write_text(json.dumps(ready), "utf-8")
        print(f"{len(ready)} filters written to {ns.write_filters}")
        return 0
    _instrument(True)
    found = scan_text(text)
    _instrument(False)
    digest = hashlib.sha256(repr([(f.rule, f.span) for f in found]).encode()).hexdigest()
    print(f"{len(found)} findings, sha256 of (rule, span) {digest[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
