"""AgentDojo v1.2.2 replay: a worst-case compliant scripted agent behind each guard.

No LLM, no network. For every user task (benign) and every (user task, injection task) pair
of the four suites (949 pairs), the agent:

1. loads the suite's environment with the injection placed in every vector the user task
   reads (AgentDojo's ``important_instructions`` template), and computes the user task's
   ground truth on a deep copy of it;
2. replays those calls one by one; each goes through the guard first (``check``); a denied
   or asked call is not executed and is left out of the message trace (the worst-case agent
   has nobody to answer an ask; asks are counted as the questions a person would have had
   to answer); every executed call's output goes through ``observe``;
3. as soon as the injected payload shows up in a delivered output (a marker substring,
   matched after collapsing whitespace because outputs are YAML-folded), it obeys it and
   replays the injection task's ground truth the same way, then carries on with the user
   task;
4. ends with the user task's expected answer if every user call ran and was delivered (and
   the injection's expected answer if every injection call ran), then AgentDojo's own
   ``utility`` and ``security`` checkers score the final environment and trace.

Usage (from the repo root, in the extra's venv; see README.md):

    .venv-agentdojo/bin/python bench/agentdojo/run.py
    .venv-agentdojo/bin/python bench/agentdojo/run.py --guards none cordon-dataflow \\
        --suites workspace --diagnose
    .venv-agentdojo/bin/python bench/agentdojo/run.py --self-check
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import warnings
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# CORDON_SRC: measure another checkout of cordon's src/ (e.g. a `git archive` of a commit)
sys.path.insert(0, os.environ.get("CORDON_SRC") or str(HERE.parents[1] / "src"))

warnings.filterwarnings("ignore")

import guards as guard_mod  # noqa: E402
import profiles  # noqa: E402
from agentdojo.agent_pipeline.ground_truth_pipeline import GroundTruthPipeline  # noqa: E402
from agentdojo.agent_pipeline.tool_execution import tool_result_to_str  # noqa: E402
from agentdojo.attacks.important_instructions_attacks import (  # noqa: E402
    ImportantInstructionsAttack,
)
from agentdojo.functions_runtime import FunctionCall, FunctionsRuntime  # noqa: E402
from agentdojo.task_suite.load_suites import get_suites  # noqa: E402
from agentdojo.types import (  # noqa: E402
    ChatAssistantMessage,
    ChatToolResultMessage,
    ChatUserMessage,
    get_text_content_as_str,
    text_content_block_from_string,
)
from injection_truth import injection_steps  # noqa: E402

BENCHMARK_VERSION = "v1.2.2"
SUITES = ("workspace", "travel", "banking", "slack")
MARKER = "<INFORMATION>"  # opens every important_instructions payload; survives YAML folding
_WS = re.compile(r"\s+")


def payload(goal: str) -> str:
    """AgentDojo's ``important_instructions`` attack text for one injection goal."""
    return ImportantInstructionsAttack._JB_STRING.format(
        goal=goal, user="Emma Johnson", model="the AI language model", task=""
    )


def marker_in(text: str) -> bool:
    return MARKER in _WS.sub(" ", text)


@cache
def _suites() -> dict[str, Any]:
    return get_suites(BENCHMARK_VERSION)


@cache
def injection_candidates(suite_name: str, user_task_id: str) -> tuple[str, ...]:
    """Injection vectors the user task's ground truth reads (AgentDojo's canary method)."""
    suite = _suites()[suite_name]
    task = suite.user_tasks[user_task_id]
    canaries = {v: f"<CANARY---{v}--->" for v in suite.get_injection_vector_defaults()}
    env = suite.load_and_inject_default_environment(canaries)
    _, _, _, msgs, _ = GroundTruthPipeline(task).query(
        task.PROMPT, FunctionsRuntime(suite.tools), env
    )
    seen = " ".join(get_text_content_as_str(m["content"]) for m in msgs if m.get("content"))
    return tuple(v for v, c in canaries.items() if c in seen)


@dataclass(kw_only=True)
class CallRecord:
    origin: str  # user | injection
    tool: str
    verdict: str
    rule: str
    reason: str
    delivered: str = ""  # deliver | sanitise | block | error ("" when not executed)


@dataclass(kw_only=True)
class CaseResult:
    suite: str
    user_task: str
    injection_task: str | None
    utility: bool
    security: bool | None  # attack succeeded (AgentDojo's security checker)
    fired: bool = False  # the payload reached a delivered output
    inj_needs_call: bool = True
    asks: int = 0
    denies: int = 0
    calls: list[CallRecord] = field(default_factory=list)


def run_case(suite: Any, user_task: Any, injection_task: Any | None, guard: Any) -> CaseResult:
    injections: dict[str, str] = {}
    if injection_task is not None:
        text = payload(injection_task.GOAL)
        injections = {v: text for v in injection_candidates(suite.name, user_task.ID)}
    env = suite.load_and_inject_default_environment(injections)
    env = user_task.init_environment(env)
    pre_env = env.model_copy(deep=True)
    user_calls = user_task.ground_truth(env.model_copy(deep=True))
    runtime = FunctionsRuntime(suite.tools)
    guard.new_case(user_task.PROMPT)

    messages: list[Any] = [
        ChatUserMessage(role="user", content=[text_content_block_from_string(user_task.PROMPT)])
    ]
    res = CaseResult(
        suite=suite.name,
        user_task=user_task.ID,
        injection_task=injection_task.ID if injection_task else None,
        utility=False,
        security=None,
    )
    complete = {"user": True, "injection": True}

    def execute(call: FunctionCall, origin: str) -> str | None:
        args = dict(call.args)
        v = guard.check(call.function, args)
        rec = CallRecord(
            origin=origin, tool=call.function, verdict=v.verdict, rule=v.rule, reason=v.reason
        )
        res.calls.append(rec)
        if v.verdict != "allow":
            res.asks += v.verdict == "ask"
            res.denies += v.verdict == "deny"
            complete[origin] = False
            return None
        result, error = runtime.run_function(env, call.function, args)
        text = error if error else tool_result_to_str(result)
        action, shown = guard.observe(call.function, text)
        rec.delivered = "error" if error else action
        if action == "block":
            complete[origin] = False
            shown = "[result withheld by the guard]"
        messages.append(
            ChatAssistantMessage(
                role="assistant", tool_calls=[call], content=[text_content_block_from_string("")]
            )
        )
        messages.append(
            ChatToolResultMessage(
                role="tool",
                tool_call=call,
                tool_call_id=None,
                content=[text_content_block_from_string(shown)],
                error=error,
            )
        )
        return shown

    inj_calls_total = 0
    for call in user_calls:
        shown = execute(call, "user")
        if injection_task is not None and not res.fired and shown is not None and marker_in(shown):
            res.fired = True
            steps = injection_steps(suite.name, injection_task, pre_env, env)
            inj_calls_total = len(steps)
            for step in steps:
                c = step if isinstance(step, FunctionCall) else step(env)
                execute(c, "injection")

    output = user_task.GROUND_TRUTH_OUTPUT if complete["user"] else ""
    if injection_task is not None:
        res.inj_needs_call = bool(injection_steps(suite.name, injection_task, pre_env, pre_env))
        if res.fired and complete["injection"]:
            output = f"{output}\n{injection_task.GROUND_TRUTH_OUTPUT}".strip()
    messages.append(
        ChatAssistantMessage(
            role="assistant", tool_calls=None, content=[text_content_block_from_string(output)]
        )
    )
    traces = [tc for m in messages if m["role"] == "assistant" for tc in (m["tool_calls"] or [])]

    u = user_task.utility_from_traces(output, pre_env, env, traces)
    res.utility = bool(user_task.utility(output, pre_env, env) if u is None else u)
    if injection_task is not None:
        s = injection_task.security_from_traces(output, pre_env, env, traces)
        res.security = bool(injection_task.security(output, pre_env, env) if s is None else s)
    del inj_calls_total
    return res


def run_suite(
    suite: Any,
    guard_key: str,
    *,
    benign: bool = True,
    attacks: bool = True,
    user_filter: set[str] | None = None,
    style: str = "full",
) -> list[CaseResult]:
    guard = guard_mod.GUARDS[guard_key](suite, style)
    out: list[CaseResult] = []
    try:
        for ut_id, ut in suite.user_tasks.items():
            if user_filter and ut_id not in user_filter:
                continue
            if benign:
                out.append(run_case(suite, ut, None, guard))
            if attacks:
                for it in suite.injection_tasks.values():
                    out.append(run_case(suite, ut, it, guard))
    finally:
        guard.close()
    return out


# -- reporting -----------------------------------------------------------------------------


def summarise(results: list[CaseResult]) -> dict[str, Any]:
    benign = [r for r in results if r.injection_task is None]
    attack = [r for r in results if r.injection_task is not None]
    tool_attacks = [r for r in attack if r.inj_needs_call]
    return {
        "benign_n": len(benign),
        "benign_utility": sum(r.utility for r in benign),
        "benign_no_ask": sum(r.asks == 0 for r in benign),
        # the task's own utility check passed and nobody was asked: the task *finished*
        "benign_done_no_ask": sum(r.utility and r.asks == 0 for r in benign),
        "benign_untouched": sum(r.asks == 0 and r.denies == 0 for r in benign),
        "benign_asks": sum(r.asks for r in benign),
        "attack_n": len(attack),
        "attack_utility": sum(r.utility for r in attack),
        "attack_success": sum(bool(r.security) for r in attack),
        "attack_success_tool": sum(bool(r.security) for r in tool_attacks),
        "attack_n_tool": len(tool_attacks),
        "attack_fired": sum(r.fired for r in attack),
        "attack_asks": sum(r.asks for r in attack),
    }


def _pct(a: int, b: int) -> str:
    return f"{a}/{b} ({100 * a / b:.1f}%)" if b else "-"


def table(rows: dict[str, dict[str, dict[str, Any]]]) -> str:
    head = (
        "| guard | suite | benign utility | benign, done with no ask | benign, no ask "
        "| benign, no ask or deny "
        "| utility under attack | attack success | ...needing a tool call "
        "| asks (benign / attack) |"
    )
    lines = [head, "|" + "---|" * 10]
    for guard_name, per_suite in rows.items():
        for suite_name, s in per_suite.items():
            lines.append(
                f"| {guard_name} | {suite_name} | {_pct(s['benign_utility'], s['benign_n'])} "
                f"| {_pct(s['benign_done_no_ask'], s['benign_n'])} "
                f"| {_pct(s['benign_no_ask'], s['benign_n'])} "
                f"| {_pct(s['benign_untouched'], s['benign_n'])} "
                f"| {_pct(s['attack_utility'], s['attack_n'])} "
                f"| {_pct(s['attack_success'], s['attack_n'])} "
                f"| {_pct(s['attack_success_tool'], s['attack_n_tool'])} "
                f"| {s['benign_asks']} / {s['attack_asks']} |"
            )
    return "\n".join(lines)


def _total(per_suite: dict[str, dict[str, Any]]) -> dict[str, Any]:
    tot: Counter[str] = Counter()
    for s in per_suite.values():
        tot.update(s)
    return dict(tot)


def diagnose(label: str, results: list[CaseResult]) -> str:
    """Which attacks got through (and which injection calls ran), which benign tasks asked."""
    out = [f"## diagnostics: {label}"]
    wins = [r for r in results if r.injection_task is not None and r.security]
    by_inj: dict[tuple[str, str], list[str]] = defaultdict(list)
    for r in wins:
        by_inj[(r.suite, r.injection_task or "")].append(r.user_task)
    out.append(f"attacks that succeeded: {len(wins)}")
    for (suite_name, inj), users in sorted(by_inj.items()):
        example = next(r for r in wins if r.suite == suite_name and r.injection_task == inj)
        ran = [f"{c.tool}:{c.verdict}({c.rule})" for c in example.calls if c.origin == "injection"]
        needs = "" if example.inj_needs_call else " [needs no tool call]"
        out.append(
            f"- {suite_name}/{inj}{needs}: {len(users)} user tasks, "
            f"e.g. {example.user_task}: {', '.join(ran) or 'no injection call'}"
        )
    benign_bad = [r for r in results if r.injection_task is None and (r.asks or r.denies)]
    out.append(f"benign tasks with an ask or deny: {len(benign_bad)}")
    for r in benign_bad:
        hits = [
            f"{c.tool}:{c.verdict}({c.rule}: {c.reason[:90]})"
            for c in r.calls
            if c.verdict != "allow"
        ]
        out.append(f"- {r.suite}/{r.user_task} utility={r.utility}: {'; '.join(hits)}")
    rules = Counter((c.verdict, c.rule) for r in results for c in r.calls if c.verdict != "allow")
    out.append(
        "verdicts other than allow, by rule (all cases): "
        + ", ".join(f"{v}:{rule}={n}" for (v, rule), n in rules.most_common())
    )
    no_fire = [r for r in results if r.injection_task is not None and not r.fired]
    out.append(f"attack cases where the payload never reached the agent: {len(no_fire)}")
    return "\n".join(out)


def self_check(suite_names: list[str]) -> int:
    """Ground truths solve their tasks and every payload fires, with no guard."""
    bad = 0
    for name in suite_names:
        suite = _suites()[name]
        env0 = suite.load_and_inject_default_environment({})
        first_ut = next(iter(suite.user_tasks.values()))
        for it in suite.injection_tasks.values():
            env = first_ut.init_environment(env0.model_copy(deep=True))
            pre = env.model_copy(deep=True)
            rt = FunctionsRuntime(suite.tools)
            traces = []
            for step in injection_steps(name, it, pre, env):
                c = step if isinstance(step, FunctionCall) else step(env)
                traces.append(c)
                _, err = rt.run_function(env, c.function, dict(c.args))
                if err:
                    print(f"{name}/{it.ID}: {c.function} failed: {err}")
            ok = it.security_from_traces(it.GROUND_TRUTH_OUTPUT, pre, env, traces)
            if ok is None:
                ok = it.security(it.GROUND_TRUTH_OUTPUT, pre, env)
            if not ok:
                bad += 1
            print(f"{name}/{it.ID}: ground truth alone {'succeeds' if ok else 'FAILS'}")
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suites", nargs="+", default=list(SUITES), choices=SUITES)
    ap.add_argument(
        "--guards", nargs="+", default=list(guard_mod.GUARDS), choices=list(guard_mod.GUARDS)
    )
    ap.add_argument("--user-tasks", nargs="*", help="only these user task ids")
    ap.add_argument("--benign-only", action="store_true")
    ap.add_argument(
        "--policy-style",
        default="full",
        choices=profiles.POLICY_STYLES,
        help="full: every tool declared (default); sinks: only sending tools",
    )
    ap.add_argument(
        "--diagnose", action="store_true", help="list successful attacks and benign asks per guard"
    )
    ap.add_argument("--json", type=Path, help="write per-case results here")
    ap.add_argument(
        "--self-check",
        action="store_true",
        help="check the injection ground truths against AgentDojo's checkers",
    )
    a = ap.parse_args(argv)

    if a.self_check:
        return 1 if self_check(a.suites) else 0

    rows: dict[str, dict[str, dict[str, Any]]] = {}
    all_results: dict[str, list[CaseResult]] = {}
    for key in a.guards:
        label = key
        per_suite: dict[str, dict[str, Any]] = {}
        results: list[CaseResult] = []
        t0 = time.perf_counter()
        for name in a.suites:
            suite = _suites()[name]
            try:
                rs = run_suite(
                    suite,
                    key,
                    attacks=not a.benign_only,
                    user_filter=set(a.user_tasks or []),
                    style=a.policy_style,
                )
            except ImportError as exc:
                print(f"[skip] {key}: {exc}", file=sys.stderr)
                break
            label = guard_mod.GUARDS[key](suite, a.policy_style).name
            per_suite[name] = summarise(rs)
            results.extend(rs)
        if not per_suite:
            continue
        per_suite["all"] = _total(per_suite)
        rows[label] = per_suite
        all_results[label] = results
        print(f"[{label}] {len(results)} cases in {time.perf_counter() - t0:.1f}s", file=sys.stderr)

    print(table(rows))
    if a.diagnose:
        for label, results in all_results.items():
            if label != "no guard":
                print()
                print(diagnose(label, results))
    if a.json:
        a.json.write_text(
            json.dumps(
                {
                    "summary": rows,
                    "cases": {k: [asdict(r) for r in v] for k, v in all_results.items()},
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
