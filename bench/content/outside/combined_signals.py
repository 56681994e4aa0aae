"""Would a combination of weak signals catch the misses? Measured on the tuning sets only.

    env -u SHELL PYTHONPATH=src .venv/bin/python bench/content/outside/combined_signals.py
    ... combined_signals.py --window 400   # signals up to 400 characters apart (default 160)

The question: raise a region to high when two independent signals of different *kinds* (an
order to the model, an authority claim, concealment, a secret, a way out, a tool, code to run,
the prompt itself) fall within one window, none of them high alone. Two sources of signals:

1. the catalogue's own findings under high (low and medium rules, and high rules downgraded
   to low as a quoted mention): for each set, how many payloads missed at high have any, and
   which pairs of such rules fall within :data:`WINDOW` characters of one string;
2. kind detectors with generic vocabularies (:data:`KINDS`, written from the class names of
   issue 22 before any miss was read): which pairs and triples of kinds fall within
   :data:`WINDOW` characters in missed payloads, in the sets' benign files and in the real
   tool definitions (``benign_tools.py``).

Then leave-one-set-out: for each of the 13 sets, the combinations seen in a miss of the other
12 and in no benign file of the other 12 lists and no real tool definition are kept; the
misses of the held set they catch, and its benign files they flag, are counted. The hold-out
(``attacks_blind14.py``, ``benign_blind14.txt``) is never read here.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import benign  # noqa: E402
import run  # noqa: E402  (puts src/ on the path)
from benign_tools import INSTRUCTIONS, TOOLS  # noqa: E402

from cordon.content import scan_instructions, scan_tool  # noqa: E402
from cordon.content.commands import _findings_for  # noqa: E402
from cordon.engine.pins import tool_definition  # noqa: E402

#: set name -> (attack module, benign manifest or None); the hold-out is not among them
SETS: dict[str, tuple[str, Path | None]] = {
    "outside": ("attacks", benign.MANIFEST),
    "fresh": ("attacks_fresh", HERE / "benign_fresh.txt"),
    "blind3": ("attacks_blind3", None),
    **{f"blind{i}": (f"attacks_blind{i}", HERE / f"benign_blind{i}.txt") for i in range(4, 14)},
}
WINDOW = 160
_I = re.I
#: generic vocabularies per kind of signal, from the classes' names, not from payloads
KINDS: dict[str, re.Pattern[str]] = {
    "order": re.compile(
        r"\b(you must|you should|you need to|you have to|you are (?:now |)(?:required|"
        r"instructed|obligated)|make sure (?:to|you)|be sure to|from now on|ignore|disregard|"
        r"instead of|before (?:you|responding|answering|replying)|it is (?:mandatory|required|"
        r"essential|critical) (?:to|that))\b",
        _I,
    ),
    "model": re.compile(
        r"\b(assistant|ai|model|llm|agent|claude|chatgpt|gpt|copilot|chatbot)\b", _I
    ),
    "auth": re.compile(
        r"\b(system (?:administrator|message|notice|note|override|update)|administrator|admin|"
        r"developer mode|operator|security team|it department|compliance|authori[sz]ed by|"
        r"mandatory|official)\b",
        _I,
    ),
    "conceal": re.compile(
        r"\b(?:do not|don't|never|without)\s+(?:tell|telling|mention|mentioning|inform|"
        r"informing|reveal|revealing|notify|notifying|disclos\w*|alert\w*|ask\w*\s+(?:the\s+)?"
        r"user)|\b(silently|quietly|secretly|covertly|without (?:the )?user)\b",
        _I,
    ),
    "secret": re.compile(
        r"\b(passwords?|passwd|api[ _-]?keys?|access tokens?|secret keys?|credentials?|private "
        r"keys?|ssh keys?|id_rsa|\.env\b|\.aws|session cookies?|seed phrase|mnemonic)",
        _I,
    ),
    "egress": re.compile(
        r"(https?://|\b[\w.+-]+@[\w-]+\.[\w.]+\b|\bwebhook\b|\b(?:send|post|upload|forward|"
        r"transmit|exfiltrat\w*|email)\s+(?:it|them|this|the|all|a copy)\b)",
        _I,
    ),
    "tool": re.compile(r"\b[a-z]+_[a-z]+(?:_[a-z]+)*\b|\btools?\b|\bfunction call\b", _I),
    "exec": re.compile(
        r"\b(execute|eval|curl|wget|bash|sh -c|powershell|rm -rf|chmod|subprocess|run the "
        r"(?:following|command|script))\b",
        _I,
    ),
    "prompt": re.compile(
        r"\b(system prompt|initial prompt|hidden prompt|your instructions|your rules|your "
        r"guidelines|previous instructions)\b",
        _I,
    ),
}
HIGH = {"high", "critical"}
Combo = tuple[str, ...]


def strings(payload: Any) -> Iterator[str]:
    """Every string of a payload (a tool definition's keys too)."""
    if isinstance(payload, str):
        yield payload
    elif isinstance(payload, dict):
        for k, v in payload.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(payload, list):
        for v in payload:
            yield from strings(v)


def kind_combos(text: str) -> set[Combo]:
    """The pairs and triples of kinds whose matches start within :data:`WINDOW` characters."""
    pos = sorted((m.start(), k) for k, r in KINDS.items() for m in r.finditer(text[:400_000]))
    out: set[Combo] = set()
    for i, (p, k) in enumerate(pos):
        near = {k}
        for q, k2 in pos[i + 1 :]:
            if q - p > WINDOW:
                break
            near.add(k2)
        for n in (2, 3):
            out.update(combinations(sorted(near), n))
    return out


def rule_pairs(findings: list[Any]) -> set[Combo]:
    """Pairs of distinct rules under high within :data:`WINDOW` characters of one string."""
    low = [f for f in findings if f.severity not in HIGH]
    return {
        tuple(sorted((a.rule, b.rule)))
        for a, b in combinations(low, 2)
        if a.rule != b.rule and a.path == b.path and abs(a.span[0] - b.span[0]) <= WINDOW
    }


def scan_sets() -> tuple[dict[str, list[tuple[str, set[Combo], set[Combo]]]], dict[str, Any]]:
    """Per set: each miss (surface, kind combos, rule pairs); per set's benign list: combos."""
    misses: dict[str, list[tuple[str, set[Combo], set[Combo]]]] = {}
    found: Counter[str] = Counter()
    for name, (module, _) in SETS.items():
        rows = []
        for _cls, surface, payload, _src in importlib.import_module(module).ATTACKS:
            fs = run.scan_attack(surface, payload)
            if any(f.severity in HIGH for f in fs):
                continue
            found[name] += bool(fs)
            combos = set().union(*(kind_combos(t) for t in strings(payload)))
            rows.append((surface, combos, rule_pairs(fs)))
        misses[name] = rows
    benign_combos: dict[str, list[tuple[set[Combo], set[Combo]]]] = {}
    for name, (_, manifest) in SETS.items():
        if manifest is None:
            continue
        rows_b = []
        for line in manifest.read_text(encoding="utf-8").splitlines():
            path = line.partition("\t")[2]
            if line.startswith("#") or not path or not benign.locate(path).is_file():
                continue
            text = benign.read(Path(path))
            if text.strip():
                rows_b.append((kind_combos(text), rule_pairs(_findings_for(text, "low"))))
        benign_combos[name] = rows_b
    tools: list[set[Combo]] = [
        set().union(*(kind_combos(t) for t in strings(tool))) for _, tool, _ in TOOLS
    ] + [kind_combos(text) for _, text, _ in INSTRUCTIONS]
    tool_pairs = [rule_pairs(scan_tool(tool_definition(t))) for _, t, _ in TOOLS] + [
        rule_pairs(scan_instructions(text)) for _, text, _ in INSTRUCTIONS
    ]
    return misses, {
        "benign": benign_combos,
        "tools": tools,
        "tool_pairs": tool_pairs,
        "found": found,
    }


def loso(
    misses: dict[str, Any],
    other: dict[str, Any],
    which: int,
    surfaces: set[str],
    files_veto: bool = True,
) -> None:
    """Leave-one-set-out for the kind combos (``which`` 1) or the rule pairs (``which`` 2);
    ``files_veto`` False: only the real tool definitions veto a combination."""
    tools = other["tools"] if which == 1 else other["tool_pairs"]
    in_tools = set().union(*tools)
    caught = total = flagged = 0
    for held in SETS:
        seen: set[Combo] = set()
        for name, rows in misses.items():
            if name != held:
                seen |= set().union(*(r[which] for r in rows if r[0] in surfaces))
        for name, rows in other["benign"].items():
            if name != held and files_veto:
                seen -= set().union(*(r[which - 1] for r in rows))
        seen -= in_tools
        held_rows = [r for r in misses[held] if r[0] in surfaces]
        caught += sum(bool(r[which] & seen) for r in held_rows)
        total += len(held_rows)
        flagged += sum(bool(r[which - 1] & seen) for r in other["benign"].get(held, []))
    kind = "kind combos" if which == 1 else "rule pairs"
    kind += "" if files_veto else " (tools veto)"
    print(
        f"  {kind:11} on {'/'.join(sorted(surfaces))}: {caught}/{total} held-out misses caught, "
        f"mean {caught / len(SETS):.2f} a set; {flagged} held-out benign files flagged"
    )


def main() -> int:
    global WINDOW
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--window", type=int, default=WINDOW, help="characters between two signals")
    WINDOW = ap.parse_args().window
    misses, other = scan_sets()
    n_benign = sum(len(v) for v in other["benign"].values())
    print(f"{'set':8} misses at high / with a finding under high / with two rules in a window")
    for name, rows in misses.items():
        two = sum(bool(r[2]) for r in rows)
        print(f"{name:8} {len(rows):3} / {other['found'][name]:3} / {two}")
    mc: Counter[Combo] = Counter(c for rows in misses.values() for r in rows for c in r[1])
    bc: Counter[Combo] = Counter(c for rows in other["benign"].values() for r in rows for c in r[0])
    tc: Counter[Combo] = Counter(c for t in other["tools"] for c in t)
    total = sum(len(rows) for rows in misses.values())
    print(
        f"\nkind combos within {WINDOW} chars: misses ({total}) / benign files ({n_benign}) / "
        f"real tool definitions ({len(other['tools'])})"
    )
    for c, n in mc.most_common(20):
        print(f"  {'+'.join(c):26} {n:3} {bc[c]:4} {tc[c]:4}")
    clean = sum(
        any(bc[c] == 0 and tc[c] == 0 for c in r[1]) for rows in misses.values() for r in rows
    )
    print(f"misses with a combo in no benign file and no tool definition: {clean}/{total}")
    print("\nleave-one-set-out (combos kept: in a miss of the other sets, in none of their benign")
    print("files and no real tool definition):")
    every = {"result", "tool", "instructions", "sampling", "text"}
    loso(misses, other, 1, every)
    loso(misses, other, 2, every)
    loso(misses, other, 1, {"tool", "instructions"})
    loso(misses, other, 1, {"tool", "instructions"}, files_veto=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
