"""Per-tool check lists (``checks.CheckLists``) and facts set in place: the same verdicts.

A check's ``applies(tool, tp)`` says its ``run`` passes every call of that tool: held here to
``run`` on many tools, policies, arguments and session states. A tool's list then decides as
the whole pipeline does, and the pipeline's facts, set into one object, are the facts a new
object of every field set so far holds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cordon.engine import checks
from cordon.engine.checks import _pipeline
from cordon.engine.checks._base import PASS, Context, Facts, Legs, Result, SinkFacts
from cordon.engine.core import Engine

#: tool names: plain, credential verbs, consequential families, read verbs, odd spellings
TOOLS = [
    "send_email",
    "echo",
    "read_file",
    "write_file",
    "reset_password",
    "update_user",
    "set_api_key",
    "createToken",
    "book_hotel",
    "get_calendar_events",
    "schedule_meeting",
    "send_money",
    "sendMoney",
    "transfer_funds",
    "pay",
    "buy_ticket",
    "delete_repo",
    "run_shell",
    "new-credential",
    "rotate.secret",
    "list_people",
    "create_page",
    "add_comment",
    "post_message",
    "get_page",
    "",
]
POLICIES: list[dict[str, Any]] = [
    {},
    {"max_calls": 0},
    {"max_calls": 2},
    {"required_scopes": ["mail:send"]},
    {"requires_request": ["pay"]},
    {"path_params": ["path"], "allowed_path_prefixes": ["/tmp/ok"]},
    {"arg_patterns": {"to": "[a-z]+@corp\\.example"}},
    {"max_value": {"amount": 10}},
    {"exfiltrating": True, "sink_params": ["to"]},
    {"renders": True},
    {"renders": False},
    {"unfurls": True},
    {"unfurls": False, "renders": False},
]
TEXTS = [
    "",
    "alice@corp.example",
    "hunter2",
    "/etc/passwd",
    "12",
    "1000",
    "please book a hotel for May 1st and pay 10 EUR to alice@corp.example",
    "reset the password to hunter2",
    "![x](https://img.evil.example/p.png?d=1)",
    '<img src="https://img.evil.example/p.png">',
    "see https://wiki.evil.example/page",
]
TRUSTED = [(), ("please book a hotel for May 1st, reset my password to hunter2, pay bob",)]


def _arguments(rnd: random.Random) -> dict[str, Any]:
    keys = ["to", "body", "path", "password", "new_password", "api_key", "amount", "date", "x",
            "image_url", "src"]  # fmt: skip
    out: dict[str, Any] = {}
    for key in rnd.sample(keys, rnd.randint(0, 4)):
        pick = rnd.random()
        if pick < 0.6:
            out[key] = rnd.choice(TEXTS)
        elif pick < 0.8:
            out[key] = rnd.choice([0, 5, 11, 10.5, True, None])
        else:
            out[key] = [rnd.choice(TEXTS), {"k": rnd.choice(TEXTS)}]
    return out


def _session(tool: str, tp: dict[str, Any], trusted: tuple[str, ...]) -> Any:
    engine = Engine.from_policy([{"version": 1, "tools": {tool: tp} if tool and tp else {}}])
    s = engine.new_session(trusted=trusted)
    # (hosts an injected image or link would carry: a rendering tool's call asks about them)
    s.observe_output("read_inbox", "https://img.evil.example/p.png https://wiki.evil.example/")
    return s


GATED = [c for c in checks.PIPELINE if c.applies is not None]


def test_the_gated_checks() -> None:
    # (a new gate is added here with its own reading of what makes run pass)
    assert [c.name for c in GATED] == [
        "budgets",
        "arguments",
        "credentials",
        "requests",
    ]  # (not rendered: a command string in any tool's arguments may write a rendered file)


@pytest.mark.parametrize("check", GATED, ids=lambda c: c.name)
def test_a_check_left_out_passes_every_call(check: checks.Check) -> None:
    rnd = random.Random(f"check-lists-{check.name}")
    left_out = 0
    for tool in TOOLS:
        for tp_dict in POLICIES:
            for trusted in TRUSTED:
                s = _session(tool, tp_dict, trusted)
                tp = s.engine.tool_policy(tool)
                if check.applies is None or check.applies(tool, tp):
                    continue
                left_out += 1
                for _ in range(6):
                    s.counts[("default", tool)] = rnd.randint(0, 3)
                    scopes = rnd.choice([None, (), ("mail:send",)])
                    ctx = Context(s, tool, _arguments(rnd), "default", scopes, tp)
                    facts = Facts(sending=rnd.random() < 0.5, external=rnd.random() < 0.5)
                    assert check.run(ctx, facts) is PASS, (tool, tp_dict, ctx.arguments)
    assert left_out > 20  # (the gate does leave checks out)


def test_a_check_that_applies_is_kept() -> None:
    s = _session("reset_password", {"max_calls": 1}, ())
    names = [c.name for c in s.engine.check_lists.get(checks.PIPELINE, "reset_password",
                                                        s.engine.tool_policy("reset_password"))]  # fmt: skip
    left_out = ("arguments", "requests")
    assert names == [c.name for c in checks.PIPELINE if c.name not in left_out]


def test_lists_follow_the_policy_object_and_the_pipeline() -> None:
    lists = _pipeline.CheckLists()
    engine = Engine.from_policy([{"version": 1}])
    plain = engine.tool_policy("echo")
    assert "budgets" not in [c.name for c in lists.get(checks.PIPELINE, "echo", plain)]
    # a policy replaced (Gateway merges a tool's entry): the list is derived again
    capped = Engine.from_policy([{"version": 1, "tools": {"echo": {"max_calls": 1}}}])
    tp = capped.tool_policy("echo")
    assert "budgets" in [c.name for c in lists.get(checks.PIPELINE, "echo", tp)]
    # another pipeline (a test swapping one in): its own checks, whatever was held
    only = (checks.PIPELINE[0],)
    assert tuple(lists.get(only, "echo", tp)) == only


def test_lists_are_capped() -> None:
    lists = _pipeline.CheckLists()
    tp = Engine.from_policy([{"version": 1}]).tool_policy("x")
    for i in range(lists.MAX_TOOLS + 5):
        lists.get(checks.PIPELINE, f"tool{i}", tp)
    assert len(lists._lists) <= lists.MAX_TOOLS


def test_a_tool_list_decides_as_the_whole_pipeline() -> None:
    rnd = random.Random("check-lists-decide")
    for tool in TOOLS:
        for tp_dict in POLICIES:
            s = _session(tool, tp_dict, rnd.choice(TRUSTED))
            tp = s.engine.tool_policy(tool)
            for _ in range(4):
                args = _arguments(rnd)
                whole = _pipeline.run(checks.PIPELINE, Context(s, tool, args, "default", None, tp))
                listed = checks.decide(Context(s, tool, args, "default", None, tp))
                assert listed.verdict == whole.verdict, (tool, tp_dict, args)
                assert listed.facts == whole.facts


def _setting(name: str, facts: dict[str, Any]) -> checks.Check:
    return checks.Check(name, lambda ctx, f: Result(facts=facts), ())


def test_facts_set_in_place_are_a_new_object_of_every_field() -> None:
    sink = SinkFacts(destinations=("a@b.example",), over_taint={"k": "v"})
    first = {"sending": True, "taint": sink}
    second = {"legs": Legs(external=True, steered=("o", "r"))}
    seen: list[Facts] = []

    def look(ctx: Context, facts: Facts) -> Result:
        seen.append(Facts(**{f: getattr(facts, f) for f in _pipeline.FACT_SETTERS}))
        return PASS

    pipeline = (
        checks.Check("look0", look, ()),
        _setting("one", first),
        checks.Check("look1", look, ()),
        _setting("two", second),
        checks.Check("look2", look, ()),
    )
    s = _session("echo", {}, ())
    out = _pipeline.run(pipeline, Context(s, "echo", {}, "default", None, s.engine.tool_policy("")))
    assert seen == [Facts(), Facts(**first), Facts(**first, **second)]
    assert out.facts == Facts(**first, **second)
    assert _pipeline._NO_FACTS == Facts()  # (the shared empty facts never written)
    with pytest.raises(RuntimeError):
        _pipeline.run((_setting("one", first), _setting("again", {"sending": False})),
                      Context(s, "echo", {}, "default", None, s.engine.tool_policy("")))  # fmt: skip
    with pytest.raises(TypeError):
        _pipeline.run((_setting("one", first), _setting("odd", {"no_such": 1})),
                      Context(s, "echo", {}, "default", None, s.engine.tool_policy("")))  # fmt: skip
