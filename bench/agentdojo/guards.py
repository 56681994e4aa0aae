"""The guards the replay runs through: none, cordon (two configurations), and two peers.

Each guard answers three things for the scripted agent:

- ``new_case(prompt)``: a fresh session for one (user task, injection task) case;
- ``check(tool, args) -> Verdict``: allow / deny / ask before a call runs;
- ``observe(tool, text) -> (action, text)``: the tool's output, recorded as untrusted, and
  what the agent gets to read (``deliver``, ``sanitise`` with new text, or ``block``).

Peers are configured the way their READMEs describe (see ``profiles.py``). Nothing here
decides anything itself: every verdict comes from the guard's own code.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import profiles


@dataclass(frozen=True, kw_only=True)
class Verdict:
    verdict: str  # allow | deny | ask
    rule: str = ""
    reason: str = ""


ALLOW = Verdict(verdict="allow", rule="allow")


class NoGuard:
    name = "no guard"

    def __init__(self, suite: Any) -> None:
        self.suite = suite

    def new_case(self, prompt: str) -> None:
        return None

    def check(self, tool: str, args: dict[str, Any]) -> Verdict:
        return ALLOW

    def observe(self, tool: str, text: str) -> tuple[str, str]:
        return "deliver", text

    def close(self) -> None:
        return None


class CordonGuard:
    """cordon's library engine (issue 6): ``Engine.from_policy``, ``pin_tools``, sessions."""

    def __init__(
        self,
        suite: Any,
        *,
        content_mode: str,
        annotations: bool = True,
        label: str,
        style: str = "full",
        trust_actions: bool = False,
        provenance: bool = True,
    ) -> None:
        from cordon import Engine  # the extra's venv puts /work/main/src on the path

        self.name = label
        self.content_mode = content_mode
        self.engine = Engine.from_policy(
            [
                profiles.cordon_policy(
                    suite,
                    content_mode=content_mode,
                    style=style,
                    trust_actions=trust_actions,
                    provenance=provenance,
                )
            ]
        )
        report = self.engine.pin_tools(profiles.mcp_tools(suite, annotations=annotations))
        self.hidden = {name: v.rule for name, v in getattr(report, "hidden", {}).items()}
        self.session: Any = None

    def new_case(self, prompt: str) -> None:
        self.session = self.engine.new_session(trusted=[prompt])
        self.last_args: dict[str, Any] = {}

    def check(self, tool: str, args: dict[str, Any]) -> Verdict:
        d = self.session.check(tool, args)
        self.last_args = args  # the harness runs an allowed call next, then observes it
        return Verdict(verdict=d.verdict, rule=d.rule, reason=d.reason)

    def observe(self, tool: str, text: str) -> tuple[str, str]:
        result = {"content": [{"type": "text", "text": text}], "isError": False}
        obs = self.session.observe_output(tool, result, arguments=self.last_args)
        action = getattr(obs, "action", "deliver")
        if action == "block":
            return "block", ""
        if action in ("sanitise", "sanitize"):
            delivered = getattr(obs, "result", None) or {}
            parts = [c.get("text", "") for c in delivered.get("content", []) if isinstance(c, dict)]
            return "sanitise", "\n".join(parts)
        return "deliver", text

    def close(self) -> None:
        return None


class BouncerGuard:
    """bouncer-core 0.1.4: ``ContractEngine`` with its packs, heuristics and a user policy.

    Every output is recorded with ``register_output`` (the proxy records all of a server's
    output as untrusted). No trusted destinations: the README's default deployment.
    """

    name = "bouncer-core 0.1.4"

    def __init__(self, suite: Any, style: str = "full") -> None:
        from bouncer.policy import (
            PolicyResolver,
            _policy_from_dict,
            builtin_pack_paths,
            load_policies,
        )

        overrides = load_policies(builtin_pack_paths())
        for tool, raw in profiles.bouncer_policy(suite, style).items():
            overrides[tool] = _policy_from_dict(tool, raw)  # a user entry replaces a pack entry
        self.resolver = PolicyResolver(overrides, use_heuristics=True)
        self.schemas = {t["name"]: t["inputSchema"] for t in profiles.mcp_tools(suite)}
        self.tmp = Path(tempfile.mkdtemp(prefix="bouncer-agentdojo-"))
        self.engine: Any = None
        self.n = 0

    def new_case(self, prompt: str) -> None:
        from bouncer.approvals import ApprovalStore
        from bouncer.audit import AuditLog
        from bouncer.engine import ContractEngine
        from bouncer.taint import TaintTracker

        self.n += 1
        audit = AuditLog(self.tmp / f"audit-{self.n % 4}.jsonl")
        self.engine = ContractEngine(
            self.resolver, TaintTracker(), ApprovalStore(), audit, dict(self.schemas)
        )

    def check(self, tool: str, args: dict[str, Any]) -> Verdict:
        from bouncer.types import ToolCall

        d = self.engine.evaluate(ToolCall(tool=tool, args=dict(args)))
        return Verdict(verdict=d.verdict.value, rule=d.contract, reason=d.reason)

    def observe(self, tool: str, text: str) -> tuple[str, str]:
        self.engine.register_output(text)
        return "deliver", text

    def close(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


class ToolbouncerGuard:
    """toolbouncer 0.1.0: a ``Gateway`` with each tool's Rule-of-Two flags.

    The handler is a no-op: the gateway runs its checks, then the replay executes the
    AgentDojo function itself; the gateway updates the session's legs after the handler,
    exactly as it would with a real handler. toolbouncer has no ask: a block is a deny.
    """

    name = "toolbouncer 0.1.0"

    def __init__(self, suite: Any) -> None:
        from toolbouncer import Blocked, Gateway

        self.Blocked = Blocked
        self.gw = Gateway()
        self.refused: dict[str, str] = {}
        for t in profiles.mcp_tools(suite):
            try:
                self.gw.add_tool(
                    t["name"],
                    t["description"],
                    lambda **kw: None,
                    schema=str(t["inputSchema"]),
                    **profiles.toolbouncer_profile(suite.name, t["name"]),
                )
            except Blocked as exc:  # strict description scan refused registration
                self.refused[t["name"]] = exc.reason_code
        self.session: Any = None

    def new_case(self, prompt: str) -> None:
        from toolbouncer import Session

        self.gw.audit_log.clear()
        self.session = Session()

    def check(self, tool: str, args: dict[str, Any]) -> Verdict:
        try:
            self.gw.call(tool, dict(args), session=self.session)
        except self.Blocked as exc:
            return Verdict(verdict="deny", rule=exc.reason_code, reason=exc.detail)
        return ALLOW

    def observe(self, tool: str, text: str) -> tuple[str, str]:
        return "deliver", text

    def close(self) -> None:
        self.gw.audit_log.clear()


GUARDS = {
    "none": lambda suite, style: NoGuard(suite),
    "cordon-dataflow": lambda suite, style: CordonGuard(
        suite, content_mode="monitor", style=style, label="cordon, data-flow layers only"
    ),
    "cordon-dataflow-no-provenance": lambda suite, style: CordonGuard(
        suite,
        content_mode="monitor",
        style=style,
        provenance=False,
        label="cordon, data-flow, no provenance keys",
    ),
    # what a user gives (issue 21's "out of the box"): the sending tools and their
    # destination parameters only, tools annotated as real servers annotate them, the
    # user's prompt trusted; no provenance keys, whatever --policy-style says
    "cordon-out-of-box": lambda suite, style: CordonGuard(
        suite,
        content_mode="monitor",
        style="sinks",
        provenance=False,
        label="cordon, out of the box",
    ),
    "cordon-dataflow-trusted-actions": lambda suite, style: CordonGuard(
        suite,
        content_mode="monitor",
        style=style,
        trust_actions=True,
        label="cordon, data-flow only, action asks off",
    ),
    "cordon-all": lambda suite, style: CordonGuard(
        suite, content_mode="block", style=style, label="cordon, everything on"
    ),
    "bouncer": lambda suite, style: BouncerGuard(suite, style),
    "toolbouncer": lambda suite, style: ToolbouncerGuard(suite),
}
