"""Scan real MCP servers' tool definitions (``benign_tools.py``) as ``cordon run`` does.

Each definition goes through what the proxy does with a tools/list page
(``cordon.engine.core.Engine.pin_tools``): ``cordon.engine.pins.tool_definition``, then
``cordon.content.scan_tool``; a finding at ``content.block_at`` (high by default) hides the
tool (``content.poisoned_definition``). Each server's ``instructions`` goes through
``cordon.content.scan_instructions``. Every definition and instructions text here is benign,
so every finding at high or above is a false positive (or a deliberate one, see
``tests/content/test_benign_tool_definitions.py``).

    env -u SHELL PYTHONPATH=src .venv/bin/python bench/content/outside/run_tools.py [--all]

``--all`` also prints findings under high (they do not hide a tool).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benign_tools import INSTRUCTIONS, TOOLS  # noqa: E402

from cordon._types import Finding, severity_at_least  # noqa: E402
from cordon.content import scan_instructions, scan_tool  # noqa: E402
from cordon.engine.pins import tool_definition  # noqa: E402

#: the proxy's default ``content.block_at``
BLOCK_AT = "high"


def matched(doc: object, f: Finding) -> str:
    """The text a finding spans (its evidence is a redacted excerpt): ``f.path`` is a JSON
    pointer into ``doc``, ``f.span`` offsets into the string there."""
    node = doc
    for part in f.path.lstrip("/").split("/") if f.path.strip("/") else []:
        key = part.replace("~1", "/").replace("~0", "~").lstrip("#")
        if isinstance(node, list) and key.isdigit():
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            break
    if isinstance(node, str) and f.span:
        return node[max(0, f.span[0]) : f.span[1]]
    return f.evidence


def hiding(findings: list[Finding], block_at: str = BLOCK_AT) -> list[Finding]:
    return [f for f in findings if severity_at_least(f.severity, block_at)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--all", action="store_true", help="print findings under high too")
    args = ap.parse_args()
    rules: Counter[str] = Counter()
    low: Counter[str] = Counter()
    hidden = 0
    for server, tool, _source in TOOLS:
        found = scan_tool(tool_definition(tool))
        bad = hiding(found)
        low.update(f.rule for f in found if f not in bad)
        hidden += bool(bad)
        for f in bad if not args.all else found:
            rules[f.rule] += f in bad
            print(
                f"{f.severity:8} {f.rule:34} {server}/{tool.get('name')} {f.path}: {matched(tool, f)!r}"
            )
    flagged = 0
    for server, text, _source in INSTRUCTIONS:
        found = scan_instructions(text)
        bad = hiding(found)
        low.update(f.rule for f in found if f not in bad)
        flagged += bool(bad)
        for f in bad if not args.all else found:
            rules[f.rule] += f in bad
            print(f"{f.severity:8} {f.rule:34} {server}/instructions: {matched(text, f)!r}")
    servers = len({s for s, _, _ in TOOLS} | {s for s, _, _ in INSTRUCTIONS})
    print(
        f"\n{len(TOOLS)} tool definitions and {len(INSTRUCTIONS)} instructions texts of "
        f"{servers} servers: {hidden} definitions hidden (a finding at {BLOCK_AT} or above), "
        f"{flagged} instructions texts with one"
    )
    for rule, n in sorted((k, v) for k, v in rules.items() if v):
        print(f"  {rule}: {n}")
    if low:
        print("under high (not hiding): " + ", ".join(f"{k} {v}" for k, v in sorted(low.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
