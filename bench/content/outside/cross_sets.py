"""Cross-set validation of a content rule: its lift on opened sets it was not written on.

    PYTHONPATH=/tmp/before/src .venv/bin/python bench/content/outside/cross_sets.py
        # every opened set: attacks, misses, misses by class; then the classes by how many
        # sets miss them, and each class's misses in the odd-numbered and even-numbered halves
    PYTHONPATH=/tmp/before/src .venv/bin/python bench/content/outside/cross_sets.py \
        --class egress --show odd
        # and the odd half's misses of that class, to write a rule on; the even half's are
        # not printed (they are the rule's unseen half)
    PYTHONPATH=/tmp/after/src .venv/bin/python bench/content/outside/cross_sets.py --class egress
        # the same counts with the rule: the even half's change is what the rule carries to
        # sets nobody wrote it on

The opened sets are ``attacks_fresh.py`` and ``attacks_blind3.py`` up to the one before the
hold-out (``--holdout``, default ``blind18``), which is never imported, scanned or printed.
A set's number decides its half (``fresh`` has none: it is reported beside the halves, never
in them). An attack is caught as ``run.py`` counts it (a finding at high or above on its
surface). Each round so far lifted its own set and the next hold-out by about nothing
(``bench/content/README.md``): a rule that lifts only the half it was written on is that
pattern, measured before the hold-out is spent.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import run  # noqa: E402  (puts src/ on the path unless PYTHONPATH names a tree)


def opened(holdout: str) -> list[str]:
    """The opened sets, in order: fresh, then blind3 .. the hold-out's number minus one."""
    last = int(re.fullmatch(r"blind(\d+)", holdout).group(1))  # type: ignore[union-attr]
    names = sorted(
        int(m.group(1))
        for p in HERE.glob("attacks_blind*.py")
        if (m := re.fullmatch(r"attacks_blind(\d+)\.py", p.name))
    )
    return ["fresh", *(f"blind{n}" for n in names if n < last)]


def half(name: str) -> str:
    """``odd`` or ``even`` by the set's number; ``fresh`` for the unnumbered set."""
    m = re.fullmatch(r"blind(\d+)", name)
    return "fresh" if m is None else ("odd" if int(m.group(1)) % 2 else "even")


def misses(name: str) -> tuple[int, list[tuple[int, str, str, str]]]:
    """(attacks in the set, [(index, class, surface, text)] of the ones not caught)."""
    attacks = importlib.import_module(f"attacks_{name}").ATTACKS
    out = []
    for i, (cls, surface, payload, _source) in enumerate(attacks):
        if not run._high(run.scan_attack(surface, payload)):
            text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
            out.append((i, cls, surface, text))
    return len(attacks), out


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--holdout", default="blind18", help="the hold-out: it and later sets unread")
    ap.add_argument("--class", dest="cls", help="report this class's misses per half")
    ap.add_argument("--show", choices=("odd", "even"), help="print this half's misses of --class")
    ns = ap.parse_args()
    sets = opened(ns.holdout)
    by_set: dict[str, list[tuple[int, str, str, str]]] = {}
    for name in sets:
        n, missed = misses(name)
        by_set[name] = missed
        counts = Counter(cls for _, cls, _, _ in missed)
        top = ", ".join(f"{k} {v}" for k, v in counts.most_common())
        print(f"{name:8} {half(name):5} {n - len(missed):4}/{n:<4} missed: {top}")
    spread = Counter(cls for missed in by_set.values() for cls in {c for _, c, _, _ in missed})
    print("\nclasses by the number of sets that miss them (sets, misses odd/even/fresh):")
    for cls, n_sets in spread.most_common():
        per = Counter(half(s) for s, missed in by_set.items() for _, c, _, _ in missed if c == cls)
        print(f"  {cls:24} {n_sets:3}  {per['odd']}/{per['even']}/{per['fresh']}")
    if ns.cls:
        per = Counter(
            half(s) for s, missed in by_set.items() for _, c, _, _ in missed if c == ns.cls
        )
        print(f"\n{ns.cls} missed: odd {per['odd']}, even {per['even']}, fresh {per['fresh']}")
        for name, missed in by_set.items():
            if ns.show and half(name) == ns.show:
                for i, cls, surface, text in missed:
                    if cls == ns.cls:
                        print(f"  MISS {name} #{i} [{surface}] {text[:600]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
