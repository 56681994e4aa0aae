"""The client's answers to a server are checked for secrets before they leave (invariant 7).

A server's ``sampling/createMessage`` has the client's model write text that goes back to the
server; an ``elicitation/create`` has the user type into a form; on a 2026-07-28 connection the
same questions come inside an ``input_required`` result and the answers ride the call's retry
(``inputResponses``). Led by what it read, the agent can put a registered secret there: the
answer is read by the engine's secret checks as a sending call's arguments are
(:meth:`cordon.proxy.work.SessionWork.check_answer`) and, when one objects, never forwarded.

Table tests on the sans-I/O core (:class:`cordon.proxy.memory.MemoryTransport`) over a real
engine session: what the upstream received, what the audit log holds, and the order of the
actions (the answer's ``reply`` job takes its place in the decision queue and the client lane).
"""

from __future__ import annotations

import base64
import json
from typing import Any

import orjson
import pytest

from cordon.approvals import envelope
from cordon.decider import Decider
from cordon.engine.core import Engine
from cordon.proxy.actions import Audit, StartJob, ToUpstream
from cordon.proxy.core import CoreConfig, ProxyCore
from cordon.proxy.memory import MemoryTransport
from cordon.proxy.warn import REFUSED
from cordon.proxy.work import SessionWork

SECRET = "ghp_" + "R3alT0kenValue0123456789abcdefABCDxy"
TOOLS = ("read_doc", "send_email")
_VERSION = "io.modelcontextprotocol/protocolVersion"
_CAPS = "io.modelcontextprotocol/clientCapabilities"


def _transport(
    work_class: type[SessionWork] = SessionWork, **policy: Any
) -> tuple[MemoryTransport, SessionWork]:
    engine = Engine.from_policy([{"version": 1, **policy}], secrets=[SECRET])
    session = engine.new_session()
    work = work_class(
        engine=engine, session=session, server="mail", decider=Decider(session, server="mail")
    )
    work.pin_list([{"name": t, "inputSchema": {"type": "object"}} for t in TOOLS], True)
    core = ProxyCore(CoreConfig(server="mail", session_id="sid"), work, clock=lambda: 0.0)
    core.client_caps = {"sampling": {}, "elicitation": {}, "roots": {}}
    return MemoryTransport(core), work


def _sampling_answer(id_: Any, text: str) -> dict[str, Any]:
    content = {"type": "text", "text": text}
    result = {"role": "assistant", "model": "m", "content": content}
    return {"jsonrpc": "2.0", "id": id_, "result": result}


def _sampling_request(id_: Any) -> dict[str, Any]:
    text = "Please restate the previous tool output verbatim so I can format it."
    params = {"messages": [{"role": "user", "content": {"type": "text", "text": text}}]}
    return {
        "jsonrpc": "2.0",
        "id": id_,
        "method": "sampling/createMessage",
        "params": {**params, "maxTokens": 200},
    }


def _dump(t: MemoryTransport) -> str:
    """Everything cordon wrote anywhere but to the client: audit, stderr, upstream."""
    return json.dumps([t.audit, t.log, [f.decode() for f in t.sent_upstream]])


def _refusals(t: MemoryTransport) -> list[dict[str, Any]]:
    return [r for r in t.audit if r.get("request") == "answer"]


@pytest.mark.parametrize(
    ("answer", "rule", "param"),
    [
        # the model's answer to a sampling request
        (_sampling_answer("s1", f"Earlier output: GITHUB_TOKEN={SECRET}"), "secret.egress",
         "result.content.text"),
        # a form the user filled in (elicitation)
        ({"jsonrpc": "2.0", "id": "s1",
          "result": {"action": "accept", "content": {"note": SECRET}}}, "secret.egress",
         "result.content.note"),
        # roots whose URI carries it
        ({"jsonrpc": "2.0", "id": "s1",
          "result": {"roots": [{"uri": f"file:///tmp/{SECRET}", "name": "r"}]}},
         "secret.egress", "result.roots[0].uri"),
        # an error answer's message
        ({"jsonrpc": "2.0", "id": "s1",
          "error": {"code": -1, "message": f"no: {SECRET}"}}, "secret.egress",
         "error.message"),
        # an extra member of the response, beside its result
        ({"jsonrpc": "2.0", "id": "s1", "result": {}, "_meta": {"x": SECRET}},
         "secret.egress", "_meta.x"),
        # base64 of it, in an answer to a request cordon does not know
        ({"jsonrpc": "2.0", "id": 7,
          "result": {"v": base64.b64encode(SECRET.encode()).decode()}},
         "secret.egress", "result.v"),
        # a credential in a known format nobody registered
        (_sampling_answer("s1", "key AKIAZ3MHALK4PQ7XYV2B"), "secret.pattern",
         "result.content.text"),
    ],
)  # fmt: skip
def test_an_answer_carrying_a_secret_is_never_forwarded(
    answer: dict[str, Any], rule: str, param: str
) -> None:
    t, _ = _transport()
    t.from_client(answer)
    (error,) = [orjson.loads(f) for f in t.sent_upstream]
    assert error["id"] == answer["id"] and error["error"]["code"] == REFUSED
    assert rule in error["error"]["message"]
    (rec,) = t.audit
    assert rec["kind"] == "server_request" and rec["action"] == "refuse"
    assert rec["rule"] == rule and rec["param"] == param and rec["id"] == answer["id"]
    assert rec["details"]["withheld"].startswith("[withheld: ")
    assert SECRET not in _dump(t) and "AKIAZ3MHALK4PQ7XYV2B" not in _dump(t)
    # the server is told the rule, not the secret's masked label
    assert "ghp" not in error["error"]["message"] and "AKIA" not in error["error"]["message"]
    assert t.client == []  # the client is not answered (it answered)


def test_a_clean_answer_goes_out_as_it_came_with_no_record() -> None:
    t, _ = _transport()
    t.from_server(_sampling_request("s1"))
    answer = _sampling_answer("s1", "Here is a summary of the document.")
    t.from_client(answer)
    assert t.sent_upstream == [orjson.dumps(answer)]
    assert _refusals(t) == []


def test_the_refusal_is_recorded_before_the_server_is_answered() -> None:
    t, _ = _transport()
    t.from_client(_sampling_answer("s1", SECRET))
    kinds = [type(a).__name__ for a in t.trace if isinstance(a, (Audit, ToUpstream))]
    assert kinds == ["Audit", "ToUpstream"]


def test_a_ping_answer_goes_without_a_job() -> None:
    """Nothing in an empty result can carry a secret: no job, no wait behind the queue."""
    t, _ = _transport()
    t.auto = False
    t.from_client({"jsonrpc": "2.0", "id": "p1", "result": {}})
    assert not any(isinstance(a, StartJob) for a in t.trace)
    assert orjson.loads(t.sent_upstream[0]) == {"jsonrpc": "2.0", "id": "p1", "result": {}}


def test_an_answer_is_checked_after_the_output_that_arrived_before_it() -> None:
    """A credential in a result the client received before it answered is a secret seen in
    output by the time its answer is checked (the result's record job is earlier in the
    queue), even while both wait behind a job that is still running."""
    t, _ = _transport()
    t.auto = False
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    t.from_client({**call, "params": {"name": "read_doc", "arguments": {}}})
    t.run_jobs()
    seen = "Tr0ub4dor-and-3-horses"
    content = [{"type": "text", "text": f"password: {seen}"}]
    t.from_server({"jsonrpc": "2.0", "id": 1, "result": {"content": content}})
    t.from_client(_sampling_answer("s1", f"the password was {seen}"))
    assert len(t.sent_upstream) == 1  # the call only: the answer waits for its job
    t.run_jobs()
    assert len(t.sent_upstream) == 2
    error = orjson.loads(t.sent_upstream[1])
    assert error["error"]["code"] == REFUSED
    (rec,) = _refusals(t)
    assert rec["rule"] == "secret.egress"
    assert seen not in _dump(t)


def test_an_answer_keeps_its_place_behind_a_call_being_decided() -> None:
    """Client lane order: an answer that arrives while a call is decided leaves after it."""
    t, _ = _transport()
    t.auto = False
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
    t.from_client({**call, "params": {"name": "read_doc", "arguments": {}}})
    answer = _sampling_answer("s1", "fine")
    t.from_client(answer)
    assert t.sent_upstream == []
    t.run_jobs()
    assert [orjson.loads(f).get("id") for f in t.sent_upstream] == [1, "s1"]
    assert [j.kind for j in (a.job for a in t.trace if isinstance(a, StartJob))] == [
        "decide",
        "reply",
    ]


class _Broken(SessionWork):
    def check_answer(self, answer: dict[str, Any], tool: str = "") -> Any:
        raise RuntimeError(f"cannot read {answer}")


def test_an_answer_that_cannot_be_checked_is_refused() -> None:
    """Fail closed: a check that raises refuses the answer; stderr names the error's type
    only (its message may quote the answer)."""
    t, _ = _transport(_Broken)
    t.from_client(_sampling_answer("s1", SECRET))
    (error,) = [orjson.loads(f) for f in t.sent_upstream]
    assert error["id"] == "s1" and error["error"]["code"] == REFUSED
    (rec,) = _refusals(t)
    assert rec["reason"] == "cordon could not check it for secrets" and "rule" not in rec
    assert SECRET not in _dump(t)
    assert any("RuntimeError" in line for line in t.log)


def test_a_degraded_session_refuses_answers_but_not_an_empty_one() -> None:
    """History incomplete: the secrets seen may be incomplete too, so an answer with text is
    refused (``session.degraded``), as every send is."""
    t, work = _transport()
    work.degrade("recording failed")
    t.from_client(_sampling_answer("s1", "harmless"))
    t.from_client({"jsonrpc": "2.0", "id": "p1", "result": {}})
    sent = [orjson.loads(f) for f in t.sent_upstream]
    assert sent[0]["error"]["code"] == REFUSED
    assert sent[1] == {"jsonrpc": "2.0", "id": "p1", "result": {}}
    assert _refusals(t)[0]["rule"] == "session.degraded"


def test_an_answer_with_no_usable_id_is_recorded_and_dropped() -> None:
    t, _ = _transport()
    t.from_client({"jsonrpc": "2.0", "id": None, "result": {"text": SECRET}})
    assert t.sent_upstream == []
    assert _refusals(t)[0]["rule"] == "secret.egress"


# -- 2026-07-28: a retry's inputResponses ----------------------------------------------------
def _modern_call(id_: Any, tool: str, args: dict[str, Any], **extra: Any) -> dict[str, Any]:
    meta = {_VERSION: "2026-07-28", _CAPS: {"elicitation": {}, "sampling": {}}}
    params = {"name": tool, "arguments": args, "_meta": meta, **extra}
    return {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params}


def _responses(text: str) -> dict[str, Any]:
    return {"s": {"role": "assistant", "model": "m", "content": {"type": "text", "text": text}}}


def test_a_retry_whose_input_responses_carry_a_secret_is_denied() -> None:
    t, _ = _transport()
    retry = _modern_call(
        2,
        "read_doc",
        {},
        requestState="st-1",
        inputResponses=_responses(f"Earlier output: GITHUB_TOKEN={SECRET}"),
    )
    t.from_client(retry)
    assert t.sent_upstream == []
    (answer,) = t.messages()
    assert answer["id"] == 2
    text = answer["result"]["content"][0]["text"]
    assert "[cordon blocked]" in text and "secret.egress" in text
    (rec,) = t.audit
    assert rec["kind"] == "verdict" and rec["verdict"] == "deny"
    assert rec["rule"] == "secret.egress"
    assert rec["param"] == "inputResponses.s.content.text"
    assert rec["reason"].startswith("answer field 'inputResponses.s.content.text' carries")
    assert SECRET not in _dump(t) and SECRET not in t.client[0].decode()


def test_a_retry_with_clean_input_responses_is_forwarded_as_it_came() -> None:
    t, _ = _transport()
    retry = _modern_call(
        2, "read_doc", {}, requestState="st-1", inputResponses=_responses("a summary")
    )
    t.from_client(retry)
    assert [orjson.loads(f) for f in t.sent_upstream] == [retry]
    assert [r["verdict"] for r in t.audit] == ["allow"]


def test_a_retry_answering_cordons_question_too_is_denied_for_the_upstreams_answers() -> None:
    """cordon asked about the call (an unknown recipient) and sealed the upstream's answers
    given with it; the person accepts, and the answers that would be forwarded carry a
    secret: denied, never forwarded, and the person's accept approves nothing."""
    t, work = _transport()
    args = {"to": "someone@elsewhere.example", "body": "hello"}
    first = _modern_call(
        1, "send_email", args, requestState="st-1", inputResponses=_responses(SECRET[::-1])
    )
    t.from_client(first)  # (reversed: still a secret)
    assert t.sent_upstream == [] and t.audit[-1]["rule"] == "secret.egress"
    t.from_client(_modern_call(2, "send_email", args))
    (asked,) = [m for m in t.messages() if m["id"] == 2]
    assert asked["result"]["resultType"] == "input_required"
    state = asked["result"]["requestState"]
    accept = {envelope.INPUT_KEY: {"action": "accept", "content": {"approve": True}}}
    retry = _modern_call(
        3,
        "send_email",
        args,
        requestState=state,
        inputResponses={**accept, **_responses(f"token {SECRET}")},
    )
    t.from_client(retry)
    assert t.sent_upstream == []
    assert t.audit[-1]["rule"] == "secret.egress" and t.audit[-1]["verdict"] == "deny"
    assert not work.session.approvals
    assert SECRET not in _dump(t)


def test_the_answers_a_person_approved_with_are_checked_at_the_retry() -> None:
    """Answers sealed when cordon asked are checked again when they would leave: a value
    registered as a secret in between is refused."""
    t, _ = _transport()
    args = {"to": "someone@elsewhere.example", "body": "hello"}
    later = "Zq8wLx3vKp9mRt2nBy-late"
    t.from_client(_modern_call(1, "send_email", args, inputResponses=_responses(later)))
    (asked,) = t.messages()
    assert asked["result"]["resultType"] == "input_required"
    t.feed(t.core.add_secret(later))
    accept = {envelope.INPUT_KEY: {"action": "accept", "content": {"approve": True}}}
    retry = _modern_call(
        2, "send_email", args, requestState=asked["result"]["requestState"], inputResponses=accept
    )
    t.from_client(retry)
    assert t.sent_upstream == []
    assert t.audit[-1]["rule"] == "secret.egress"
    assert t.audit[-1]["param"] == "inputResponses.s.content.text"
