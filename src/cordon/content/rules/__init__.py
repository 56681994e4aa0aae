"""The rule catalogue: an explicit registry of every category module (no package scan).

Ids are stable: a rule is never renumbered or renamed, and a retired id is not reused.
"""

from __future__ import annotations

from cordon.content._rule import CATEGORIES, Rule
from cordon.content.rules import (
    addressed,
    agent_orders,
    agentgate,
    agentic,
    carried,
    channels,
    classes,
    clickfix,
    codeswitch,
    cooccur,
    credfile,
    crosscall,
    definitions,
    directives,
    egress_orders,
    egress_shape,
    embedded,
    exfiltration,
    forged,
    glued,
    harness,
    injection,
    intent,
    inventory,
    ja_orders,
    labels,
    lexicon,
    literal_cues,
    memwrite,
    multilingual,
    obfuscation,
    outcomes,
    replyleak,
    review_orders,
    runorder,
    schema_defaults,
    scrambled,
    secret_slots,
    secrets,
    sendto,
    shadowing,
    steered,
    steering,
    structure,
    supply_chain,
    sysupdate,
    tool_hijack,
    toolorders,
    translated,
    waived_lex,
    waivers,
)

#: Every rule, in catalogue order (category, then definition order).
RULES: tuple[Rule, ...] = (
    *injection.RULES,
    *translated.RULES,
    *multilingual.RULES,
    *lexicon.RULES,
    *directives.RULES,
    *steering.RULES,
    *agentic.RULES,
    *classes.RULES,
    *cooccur.RULES,
    *addressed.RULES,
    *agentgate.RULES,
    *forged.RULES,
    *labels.RULES,
    *sysupdate.RULES,
    *crosscall.RULES,
    *waivers.RULES,
    *codeswitch.RULES,
    *inventory.RULES,
    *intent.RULES,
    *outcomes.RULES,
    *tool_hijack.RULES,
    *credfile.RULES,
    *memwrite.RULES,
    *definitions.RULES,
    *schema_defaults.RULES,
    *exfiltration.RULES,
    *replyleak.RULES,
    *channels.RULES,
    *sendto.RULES,
    *secrets.RULES,
    *secret_slots.RULES,
    *obfuscation.RULES,
    *glued.RULES,
    *supply_chain.RULES,
    *runorder.RULES,
    *structure.RULES,
    *clickfix.RULES,
    *harness.RULES,
    *toolorders.RULES,
    *steered.RULES,
    *waived_lex.RULES,
    *shadowing.RULES,
    *literal_cues.RULES,
    *scrambled.RULES,
    *embedded.RULES,
    *egress_orders.RULES,
    *carried.RULES,
    *agent_orders.RULES,
    *review_orders.RULES,
    *ja_orders.RULES,
    *egress_shape.RULES,
)

_BY_ID: dict[str, Rule] = {r.id: r for r in RULES}
if len(_BY_ID) != len(RULES):  # pragma: no cover - guarded by tests/content/test_rules.py
    raise RuntimeError("duplicate content rule id")


def rule_by_id(rule_id: str) -> Rule:
    """The rule with this id.

    Raises:
        KeyError: no such rule.
    """
    return _BY_ID[rule_id]


__all__ = ["CATEGORIES", "RULES", "Rule", "rule_by_id"]
