"""A verdict's audit record built without ``record_for_call`` (the usual allow), and the
audit log's ``append``, against the general code they stand for.

``ProxyCore._verdict_record`` builds the record of a verdict with no optional member and
nothing withheld itself; every other verdict takes ``withhold_verdict`` and
``record_for_call``. Either way the record must be the same dict, key for key and in the same
order (the audit line is its serialisation, hash-chained). ``AuditLog.append`` writes the
line ``write`` writes without answering with it: the chain must verify and read back as
``write``'s answers do.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import orjson

from cordon._types import Verdict
from cordon.audit.log import AuditLog, iter_records, record_for_call
from cordon.audit.verify import verify
from cordon.audit.withheld import withhold_verdict
from cordon.proxy.core import CoreConfig, ProxyCore


class _Work:
    pin_file = None


def _core() -> ProxyCore:
    cfg = CoreConfig(server="echo", session_id="s-1", content_mode="warn")
    return ProxyCore(cfg, _Work(), clock=lambda: 0.0)  # type: ignore[arg-type]


def _general(core: ProxyCore, tool: str, shown: Any, v: Verdict, raw: Any, **extra: Any) -> Any:
    """The record as the general path builds it (the code before the shortcut)."""
    if raw is not None:
        v = withhold_verdict(v, raw, shown)
    details = v.details and {
        k: x for k, x in v.details.items() if k not in ("approval_key", "approval_keys")
    }
    return record_for_call(
        session=core.cfg.session_id,
        server=core.cfg.server,
        tool=tool,
        arguments=shown if isinstance(shown, dict) else {"_": shown},
        verdict=v.verdict,
        rule=v.rule,
        reason=v.reason,
        param=v.param,
        destination=v.destination,
        destinations=v.destinations,
        details=details or None,
        **extra,
    )


_LONG = "x" * 5000
_ARGS: list[Any] = [
    {},
    {"text": "hello"},
    {"text": _LONG, "n": 3, "nested": {"deep": [_LONG, 1, None, True]}},
    {"path": "a.txt", "to": "someone@example.com"},
    "a bare string",
    ["a", "list"],
    None,
]
_VERDICTS = [
    Verdict(verdict="allow", rule="default.allow", reason="no rule objected"),
    Verdict(verdict="deny", rule="dlp.pattern", reason="a credential", param="text"),
    Verdict(verdict="ask", rule="egress.new", reason="new", destination="example.com"),
    Verdict(verdict="ask", rule="taint.seen", reason="seen", destinations=("a.com", "b.com")),
    Verdict(verdict="allow", rule="default.allow", reason="r", details={"approval_key": "k"}),
    Verdict(verdict="deny", rule="x.y", reason="r", details={"changed": ["a"], "n": 2}),
]


def test_the_record_is_the_general_one_key_for_key() -> None:
    core = _core()
    seen_short = 0
    for args, v in itertools.product(_ARGS, _VERDICTS):
        for raw in (None, args, {"other": "value carrying sk-secret-12345678"}):
            for extra in ({}, {"asked": "elicitation"}):
                got = core._verdict_record("echo", args, v, raw, **extra)
                want = _general(core, "echo", args, v, raw, **extra)
                assert list(got.items()) == list(want.items()), (args, v, raw, extra)
                assert orjson.dumps(got) == orjson.dumps(want)
                seen_short += type(args) is dict and not extra and raw in (None, args)
    assert seen_short  # (the shortcut's case was among them)


def test_the_shortcut_copies_the_arguments() -> None:
    """The record keeps a copy, as ``record_for_call``'s does: the caller's dict may change."""
    core = _core()
    args = {"text": "hello", "inner": {"k": "v"}}
    v = Verdict(verdict="allow", rule="default.allow", reason="no rule objected")
    rec = core._verdict_record("echo", args, v)
    assert rec["arguments"] == args and rec["arguments"] is not args
    assert rec["arguments"]["inner"] is not args["inner"]


def test_append_writes_the_line_write_writes(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    rec = record_for_call(
        session="s", server="echo", tool="echo", arguments={"t": "x"}, verdict="allow",
        rule="default.allow", reason="no rule objected",
    )  # fmt: skip
    with AuditLog(path, tracer=None, max_bytes=1200, keep=3) as log:
        answers: list[dict[str, Any]] = []
        for i in range(40):  # (past a few rotations: the file-start marks too)
            if i % 2:
                log.append(rec)
            else:
                answers.append(log.write(rec))
    assert verify(path).ok
    written = list(iter_records(path))
    assert written[-1]["seq"] == 40
    # every record reads back as write's answer would have been: the same keys in order
    for got in written:
        want_keys = ["ts", "seq"]
        if got.get("file_start"):
            want_keys += ["file_start"] + (["kept_from"] if "kept_from" in got else [])
        assert list(got) == [*want_keys, *rec, "prev", "hash"]
    by_seq = {r["seq"]: r for r in written}
    for answer in answers:
        if answer["seq"] in by_seq:
            assert by_seq[answer["seq"]] == answer
