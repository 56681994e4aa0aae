"""The rule reference page (``docs/rules.md``), generated from the rule catalogues.

Two catalogues: the engine's (the rules that decide a ``tools/call``: pinning, budgets,
arguments, actions, egress, taint, Rule of Two, secrets) and the content firewall's (what the
scanner finds in results and tool definitions, :data:`cordon.content.rules.RULES`).

The engine catalogue is ``cordon.engine.rules.CATALOGUE`` (``id -> Rule(id, layer, verdict,
summary, source, allow)``). Where that module is not present, the page is built from
``cordon.server.ENGINE_RULES`` (``id -> summary``), with the layer and verdict read from the
id and the summary, and how to allow a legitimate case given per layer by
:data:`FALLBACK_ALLOW`.

``tests/test_docs_generated.py`` fails when ``docs/rules.md`` differs from :func:`render`.
Regenerate with ``python -m cordon.rules_reference --write docs/rules.md``.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cordon.content.rules import CATEGORIES, RULES

__all__ = ["EngineRow", "engine_rows", "main", "render"]

#: Layer of an engine rule id prefix, in decision order (used when the engine catalogue is
#: not importable).
LAYERS: dict[str, str] = {
    "pin": "pinning",
    "content": "pinning",
    "budget": "budgets and scopes",
    "scope": "budgets and scopes",
    "arg": "argument rules",
    "action": "action rules",
    "egress": "egress",
    "taint": "destination taint",
    "r2": "Rule of Two",
    "secret": "secrets",
    "session": "session",
}

#: Engine rules that ask although their summary does not end in "(ask)" (fallback only).
FALLBACK_ASKS = frozenset({"action.credential_write", "r2.trifecta"})

#: How to allow a legitimate call, per layer and verdict (fallback only).
FALLBACK_ALLOW: dict[tuple[str, str], str] = {
    ("pinning", "deny"): "review the new definition and run `cordon pin accept --server NAME`",
    ("budgets and scopes", "deny"): "raise the tool's `max_calls`, or give the caller the "
    "scope in `required_scopes`",
    ("argument rules", "deny"): "widen the tool's `allowed_path_prefixes`, `base_dir`, "
    "`arg_patterns` or `max_value`",
    ("action rules", "deny"): "none in the policy: do it outside the agent",
    ("action rules", "ask"): "approve the ask; list the tool in `trust_tools` (built-in asks "
    "only); or give it `requires_request` and let the user's request name it",
    ("egress", "deny"): "`egress.allow` (an exact entry), `egress.allow_private` or "
    "`egress.allow_schemes`; cloud metadata endpoints: none",
    ("egress", "ask"): "approve the ask, or add the host to `egress.allow`",
    ("destination taint", "deny"): "the user's own text naming the destination, a `directory` "
    "listing, or `trusted_destinations` with `allowlist_beats_taint`",
    ("destination taint", "ask"): "approve the ask, add the destination to "
    "`trusted_destinations`, or vouch for it with the provenance keys (policy.md)",
    ("Rule of Two", "ask"): "approve the ask, or allowlist the destination",
    ("secrets", "deny"): "none: a secret never leaves, not even after an approval",
    ("session", "deny"): "none: restart the session (its history is incomplete)",
}


@dataclass(frozen=True, kw_only=True)
class EngineRow:
    """One engine rule as the page shows it."""

    id: str
    layer: str
    verdict: str
    summary: str
    source: str
    allow: str


def _engine_catalogue() -> dict[str, Any] | None:
    try:
        module = importlib.import_module("cordon.engine.rules")
    except ModuleNotFoundError as exc:
        if exc.name != "cordon.engine.rules":
            raise
        return None
    catalogue: dict[str, Any] = module.CATALOGUE
    return catalogue


def engine_rows() -> list[EngineRow]:
    """Every engine rule, from ``cordon.engine.rules`` or, failing that, the fallback."""
    catalogue = _engine_catalogue()
    if catalogue is not None:
        return [
            EngineRow(
                id=r.id,
                layer=str(r.layer),
                verdict=str(r.verdict),
                summary=r.summary,
                source=r.source or "",
                allow=r.allow or "",
            )
            for r in catalogue.values()
        ]
    from cordon.server import ENGINE_RULES

    rows = []
    for rule_id, summary in ENGINE_RULES.items():
        layer = LAYERS.get(rule_id.split(".", 1)[0], "other")
        ask = summary.endswith("(ask)") or rule_id in FALLBACK_ASKS
        verdict = "ask" if ask else "deny"
        rows.append(
            EngineRow(
                id=rule_id,
                layer=layer,
                verdict=verdict,
                summary=summary.removesuffix(" (ask)"),
                source="",
                allow=FALLBACK_ALLOW.get((layer, verdict), ""),
            )
        )
    order = list(dict.fromkeys(LAYERS.values()))
    rows.sort(key=lambda r: order.index(r.layer) if r.layer in order else len(order))
    return rows


def _cell(text: str) -> str:
    """``text`` on one line for a Markdown table cell or list item: a pipe escaped, and,
    outside its code spans, a bracket that would open a link or an image (a rule quoting
    ``[system](#context)``, an ``![a](https://...)`` beacon) and an ``<`` that would open an
    HTML tag (``<IMPORTANT>``, ``<password>``), so the page shows what the rule quotes."""
    parts = " ".join(text.split()).replace("|", "\\|").split("`")
    # (even parts are outside code spans: a backslash inside one would show as written)
    return "`".join(
        _TAG_OPEN.sub(r"\\<", _LINK_OPEN.sub(r"\\[", p)) if i % 2 == 0 else p
        for i, p in enumerate(parts)
    )


#: a ``[`` whose ``]`` is followed by ``(`` or ``[``: Markdown reads it as a link or image
_LINK_OPEN = re.compile(r"\[(?=[^\]\n]*\][(\[])")
#: a ``<`` Markdown reads as the start of inline HTML (a tag, a closing tag, a comment)
_TAG_OPEN = re.compile(r"<(?=[A-Za-z/!?])")


_INTRO = """\
# Rule reference

<!-- Generated from the rule catalogues by
     `python -m cordon.rules_reference --write docs/rules.md`; do not edit by hand.
     tests/test_docs_generated.py fails when this page and the catalogues disagree. -->

Every verdict names one rule id; the audit log keeps it, and a denied call's error text ends
with `(rule: <id>)`. Ids are stable: a rule is never renumbered or renamed.

- **Engine rules** decide a `tools/call`, in this order: pinning, budgets and scopes,
  argument rules, action rules, egress, destination taint, Rule of Two, secrets. The first
  deny wins; otherwise the asks no approval covers, as one ask (the first one's rule, every
  destination named: one approval covers them all); otherwise `default.allow`, or, when an
  approval given earlier in the session covered an ask, the approved ask's rule with a
  reason that says so.
- **Content rules** find injections and other hostile text in what servers return (tool
  results, resources, prompts) and in tool definitions. What a finding does depends on
  `content.mode` ([policy.md](policy.md#contentmode)): `warn` (the default) sanitises the
  tool result, `monitor` logs it and delivers the result unchanged, `block` replaces a result
  with a finding at or over `content.block_at` and sanitises any other as `warn` does.
  A tool definition with a finding at high or above is hidden and its calls denied
  (`content.poisoned_definition`). `cordon rules` prints this catalogue.
"""


def render() -> str:
    """The whole ``docs/rules.md`` page."""
    rows = engine_rows()
    out = [_INTRO, f"## Engine rules ({len(rows)})", ""]
    out += [
        "| id | layer | verdict | what it stops | source | how to allow a legitimate case |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| `{r.id}` | {r.layer} | {r.verdict} | {_cell(r.summary)} | {_cell(r.source)} "
            f"| {_cell(r.allow)} |"
        )
    out += ["", f"## Content rules ({len(RULES)})", ""]
    for category, prefix in CATEGORIES.items():
        rules = [r for r in RULES if r.category == category]
        if not rules:
            continue
        out += [f"### {category.replace('_', ' ')} (`{prefix}`)", ""]
        for rule in rules:
            sev: str = rule.severity
            if rule.mention_severity is not None and rule.mention_severity != rule.severity:
                sev += f" ({rule.mention_severity} when only mentioned)"
            out += [
                f"#### `{rule.id}`",
                "",
                f"- severity: {sev}",
                f"- finds: {_cell(rule.summary)}",
                f"- why: {_cell(rule.why)}",
                f"- fix: {_cell(rule.fix)}",
                f"- source: {_cell(rule.source)}",
                "",
            ]
    return "\n".join(out).rstrip("\n") + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cordon.rules_reference [--write PATH]``: print the page or write it."""
    from cordon.policy.reference import page_main

    return page_main("cordon.rules_reference", render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
