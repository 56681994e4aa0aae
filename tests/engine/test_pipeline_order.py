"""The decision pipeline as data: the order of the checks is pinned, the combination rule holds
for any checks, and each real check reads the session without writing it or another's result."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.checks import (
    PASS,
    PIPELINE,
    Check,
    Context,
    Facts,
    Result,
    SinkFacts,
    run,
)
from cordon.engine.core import Engine, Session

#: the order docs/internals.md describes; changing it changes which rule refuses a call with
#: several problems, so it is changed here on purpose or not at all
ORDER = (
    "pins",
    "budgets",
    "arguments",
    "actions",
    "credentials",
    "requests",
    "rendered",
    "egress",
    "taint",
    "links",
    "rule_of_two",
    "records",
    "degraded",
    "secrets",
    "dlp",
)


def test_the_order_is_pinned() -> None:
    assert tuple(c.name for c in PIPELINE) == ORDER


def test_every_rule_a_check_returns_is_in_the_catalogue_and_owned_by_one_check() -> None:
    seen: dict[str, str] = {}
    for check in PIPELINE:
        for rid in check.rules:
            assert rid in rules.CATALOGUE, rid
            assert rid not in seen, f"{rid} in {seen.get(rid)} and {check.name}"
            seen[rid] = check.name
    layers = {"pinning", "budgets and scopes", "action rules", "egress", "destination taint"}
    layers |= {"Rule of Two", "private records", "secrets", "session"}
    engine_rules = {r.id for r in rules.CATALOGUE.values() if r.layer in layers}
    assert engine_rules <= set(seen)


# -- the combination rule, with made-up checks -------------------------------------------


def _ask(rule: str, **kw: Any) -> Verdict:
    return Verdict(verdict="ask", rule=rule, reason=rule, **kw)


def _deny(rule: str) -> Verdict:
    return Verdict(verdict="deny", rule=rule, reason=rule)


def _fixed(name: str, result: Result, calls: list[str] | None = None) -> Check:
    def go(ctx: Context, facts: Facts) -> Result:
        if calls is not None:
            calls.append(name)
        return result

    return Check(name, go, ())


@pytest.fixture
def ctx() -> Context:
    eng = Engine.from_policy([{"version": 1}])
    eng.pin_tools([{"name": "t", "inputSchema": {"type": "object"}}])
    s = eng.new_session()
    return Context(s, "t", {"a": 1}, "default", None, eng.tool_policy("t"))


def test_the_first_deny_wins_and_no_later_check_runs(ctx: Context) -> None:
    calls: list[str] = []
    checks = (
        _fixed("a", Result(asks=(_ask("x.one"),)), calls),
        _fixed("b", Result(deny=_deny("x.two")), calls),
        _fixed("c", Result(deny=_deny("x.three")), calls),
    )
    out = run(checks, ctx)
    assert (out.verdict.verdict, out.verdict.rule) == ("deny", "x.two")
    assert calls == ["a", "b"]


def test_the_first_unapproved_ask_in_pipeline_order_wins(ctx: Context) -> None:
    checks = (
        _fixed("a", PASS),
        _fixed("b", Result(asks=(_ask("x.one"), _ask("x.two")))),
        _fixed("c", Result(asks=(_ask("x.three"),))),
    )
    out = run(checks, ctx)
    assert (out.verdict.verdict, out.verdict.rule) == ("ask", "x.one")
    key = tuple(out.verdict.details["approval_key"])
    ctx.session.approvals.add(key)
    assert run(checks, ctx).verdict.rule == "x.two"


def test_a_one_time_approval_is_used_up(ctx: Context) -> None:
    checks = (_fixed("a", Result(asks=(_ask("x.one"),))),)
    key = tuple(run(checks, ctx).verdict.details["approval_key"])
    ctx.session.once.add(key)
    assert run(checks, ctx).verdict.verdict == "allow"
    assert run(checks, ctx).verdict.verdict == "ask"


def test_an_answered_check_loses_its_asks_and_only_those(ctx: Context) -> None:
    checks = (
        _fixed("a", Result(asks=(_ask("x.one"),))),
        _fixed("b", Result(asks=(_ask("x.two"),))),
        _fixed("c", Result(answers=frozenset({"a"}))),
    )
    assert run(checks, ctx).verdict.rule == "x.two"


def test_no_objection_is_an_allow_with_the_destinations_found(ctx: Context) -> None:
    assert run((_fixed("a", PASS),), ctx).verdict.rule == "default.allow"
    found = _fixed("t", Result(facts={"taint": SinkFacts(destinations=("bob@x.example",))}))
    out = run((found,), ctx)
    assert out.verdict.destinations == ("bob@x.example",)
    asked = run((found, _fixed("b", Result(asks=(_ask("x.one"),)))), ctx).verdict
    assert (asked.rule, asked.destinations) == ("x.one", ("bob@x.example",))


def test_facts_flow_forward_only_and_are_set_once(ctx: Context) -> None:
    seen: list[Facts] = []

    def look(ctx: Context, facts: Facts) -> Result:
        seen.append(facts)
        return PASS

    checks = (
        Check("before", look, ()),
        _fixed("setter", Result(facts={"sending": True})),
        Check("after", look, ()),
    )
    out = run(checks, ctx)
    assert [f.sending for f in seen] == [False, True]
    assert out.facts.sending is True
    twice = (*checks, _fixed("again", Result(facts={"sending": False})))
    with pytest.raises(RuntimeError, match="sending"):
        run(twice, ctx)


# -- the real checks: independent, read-only ---------------------------------------------

TOOLS = [
    {"name": "send_email", "inputSchema": {"type": "object"}},
    {"name": "pay", "inputSchema": {"type": "object"}},
    {"name": "fetch", "inputSchema": {"type": "object"}},
    {"name": "contacts", "inputSchema": {"type": "object"}},
]
POLICY = {
    "version": 1,
    "trusted_destinations": ["@partner.example"],
    "tools": {
        "send_email": {"exfiltrating": True, "sink_params": ["to"]},
        "pay": {"requires_request": ["pay"], "sink_params": ["iban"]},
        "contacts": {"directory": True},
    },
}
CALLS = [
    ("send_email", {"to": "ops@attacker.example", "body": "hi"}),
    ("send_email", {"to": "bob@partner.example", "body": "see https://evil.example/x"}),
    ("send_email", {"to": "alice@home.example", "body": "hello"}),
    ("pay", {"iban": "GB29NWBK60161331926819", "amount": 10}),
    ("fetch", {"url": "http://169.254.169.254/latest"}),
    ("unknown", {}),
]


def _session() -> Session:
    eng = Engine.from_policy([POLICY])
    eng.pin_tools(TOOLS)
    s = eng.new_session(trusted=["Please pay GB29NWBK60161331926819 and mail alice@home.example"])
    s.observe_output(
        "fetch", {"content": [{"type": "text", "text": "ops@attacker.example evil.example/x"}]}
    )
    return s


def _state(s: Session) -> Any:
    return copy.deepcopy((s.counts, s.approvals, s.once, s.vouched, s.legs.legs(), s.trusted_texts))


@pytest.mark.parametrize(("tool", "arguments"), CALLS)
def test_each_check_reads_the_session_and_writes_nothing(tool: str, arguments: Any) -> None:
    s = _session()
    ctx = Context(s, tool, arguments, "default", None, s.engine.tool_policy(tool))
    before = _state(s)
    facts = Facts()
    for check in PIPELINE:
        first = check.run(ctx, facts)
        # the same context and facts give the same result: no hidden state between runs
        assert check.run(ctx, facts) == first
        assert _state(s) == before, check.name
        if first.deny is not None:
            break
        if first.facts:
            facts = Facts(**{**_facts_dict(facts), **first.facts})


def _facts_dict(f: Facts) -> dict[str, Any]:
    return {name: getattr(f, name) for name in Facts.__slots__}


@pytest.mark.parametrize(("tool", "arguments"), CALLS)
def test_the_pipeline_is_what_check_returns(tool: str, arguments: Any) -> None:
    s, t = _session(), _session()
    out = run(PIPELINE, Context(s, tool, arguments, "default", None, s.engine.tool_policy(tool)))
    assert t.check(tool, arguments) == out.verdict


def test_the_calls_above_reach_different_checks() -> None:
    rules_seen = {_session().check(tool, arguments).rule for tool, arguments in CALLS}
    assert {
        rules.TAINT_SEEN_IN_OUTPUT,
        rules.EGRESS_METADATA,
        rules.PIN_UNKNOWN_TOOL,
        rules.DEFAULT_ALLOW,
    } <= rules_seen
