"""What the escape-decoded reading rescans in a text, and what it finds.

    .venv/bin/python bench/perf/escape_regions.py [--doc PATH] [--size CHARS] [--reps 2]

The scanner reads a text's JSON/JavaScript escapes decoded, region by region
(``cordon.content._regions.escape_regions``: every line within ``ESCAPE_REACH`` characters of
an escape), and each decoded region is scanned again one level down, its own escape regions
included. This prints, for the text (default: ``bench/content/real_text.py``'s document,
``/tmp/cordon-real-text.txt``):

* the regions of the text whose decoding changes them, their characters, and the escapes
  that opened them (the hint escapes: ``\\"``, ``\\n``, ``\\u`` ...) and the other escapes
  decoded in them (``\\f``, ``\\\\``, ``\\b``);
* how much of that is troff (a region holding a font escape, ``\\fB``, every 1,000
  characters or more: a man page);
* the same one level down (the escape regions of the decoded regions) and the escapes there;
* the CPU time of scanning the decoded regions of each level alone (best of ``--reps``,
  after a warm-up scan of each), the nested level included in the first;
* the hits the escape reading keeps over a whole ``scan_text`` (the scanner's
  ``_escape_reading`` wrapped), by nesting level, rule and severity.

Read-only: it calls the scanner's functions and wraps one of them to count.
"""

from __future__ import annotations

import argparse
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

from cordon._textnorm_decoders import decode_escapes_in_reading
from cordon.content import scan_text, warm
from cordon.content import scanner as sc
from cordon.content._regions import _ESCAPE_HINT, escape_regions

#: every escape the reading decodes, by its first two characters
_ANY_ESCAPE = re.compile(r"\\(?:[\"\\/bfnrtu]|x[0-9a-fA-F]{2})")
#: a troff font escape (``\fB``, ``\f(CW``, ``\f[B]``)
_TROFF_FONT = re.compile(r"\\f[BIRPC1-4(\[]")


def _decoded(text: str) -> list[tuple[int, int, str, str]]:
    """``(lo, hi, region, decoded)`` for each escape region of ``text`` its decoding changes."""
    out = []
    for lo, hi in escape_regions(text):
        region = text[lo:hi]
        decoded = decode_escapes_in_reading(region)
        if decoded != region:
            out.append((lo, hi, region, decoded))
    return out


def _describe(label: str, found: list[tuple[int, int, str, str]]) -> None:
    hints: Counter[str] = Counter()
    every: Counter[str] = Counter()
    troff = 0
    for _, _, region, _ in found:
        hints.update(m.group()[:2] for m in _ESCAPE_HINT.finditer(region))
        every.update(m.group()[:2] for m in _ANY_ESCAPE.finditer(region))
        if len(_TROFF_FONT.findall(region)) * 1000 >= len(region):
            troff += len(region)
    size = sum(len(r) for _, _, r, _ in found)
    print(f"{label}: {len(found)} regions, {size:,} characters, troff pages {troff:,}")
    print(f"  hint escapes: {dict(hints.most_common(8))}")
    print(f"  every escape decoded: {dict(every.most_common(8))}")


def _best(texts: list[str], depth: int, reps: int) -> float:
    for t in texts:
        sc.scan_hits(t, depth=depth)
    best = float("inf")
    for _ in range(reps):
        sc._SHORT.clear()
        t0 = time.process_time()
        for t in texts:
            sc.scan_hits(t, depth=depth)
        best = min(best, time.process_time() - t0)
    return best * 1000


def _kept_hits(text: str) -> Counter[tuple[int, str, str]]:
    level = [0]
    kept: Counter[tuple[int, str, str]] = Counter()
    original = sc._escape_reading

    def counted(*args: Any, **kwargs: Any) -> list[sc.Hit]:
        level[0] += 1
        try:
            hits: list[sc.Hit] = original(*args, **kwargs)
            kept.update((level[0], h.rule.id, h.severity) for h in hits)
            return hits
        finally:
            level[0] -= 1

    sc._escape_reading = counted  # type: ignore[assignment]
    try:
        scan_text(text)
    finally:
        sc._escape_reading = original  # type: ignore[assignment]
    return kept


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--doc", default="/tmp/cordon-real-text.txt")
    ap.add_argument("--size", type=int, default=0, help="the first CHARS characters only")
    ap.add_argument("--reps", type=int, default=2)
    args = ap.parse_args()
    text = Path(args.doc).read_text("utf-8")
    text = text[: args.size] if args.size else text
    warm(wait=True)
    top = _decoded(text)
    _describe("level 1 (the text's regions)", top)
    nested = [n for _, _, _, d in top for n in _decoded(d)]
    _describe("level 2 (the decoded regions' regions)", nested)
    ms1 = _best([d for *_, d in top], 1, args.reps)
    ms2 = _best([d for *_, d in nested], 0, args.reps)
    print(f"CPU, level 1 scans (level 2 inside): {ms1:.0f} ms; level 2 scans alone: {ms2:.0f} ms")
    t0 = time.process_time()
    kept = _kept_hits(text)
    print(f"scan_text: {1000 * (time.process_time() - t0):.0f} ms CPU (with its compiles)")
    print(f"hits the escape reading keeps (level, rule, severity): {dict(kept)}")


if __name__ == "__main__":
    main()
