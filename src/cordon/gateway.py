"""The in-process gateway: cordon's engine in front of Python tool handlers, no proxy process.

For people who run their own agent loop (issue 6, "Library API")::

    from cordon import Blocked, Gateway

    gw = Gateway(policy={"version": 1, "trusted_destinations": ["ops@example.com"]})
    gw.add_tool("read_inbox", "Read the newest email.", read_inbox)
    gw.add_tool("send_email", "Send an email.", send_email, egress=True)
    session = gw.new_session(trusted=["Summarise my inbox and mail the summary to ops@example.com"])
    gw.call("read_inbox", {}, session=session)              # result observed as untrusted output
    gw.call("send_email", {"to": "ops@example.com", "body": "..."}, session=session)   # allowed
    gw.call("send_email", {"to": "attacker@evil.example", "body": "..."}, session=session)
    # -> raises Blocked("taint.seen_in_output", ...) if the inbox mentioned that address

There is one decision path: :meth:`Gateway.call` asks the same :class:`cordon.Engine` session
that the proxy (``cordon run``) and ``cordon serve`` ask, through the same
:class:`cordon.decider.Decider` (check, approve, check again), so the three give the same
verdict for the same call sequence (tests/e2e/test_parity.py).

Trusted text
    ``new_session(trusted=[...])`` takes text the user wrote or vouches for (their own request,
    an address book). Destinations in it are vouched for: they are allowed even when they also
    appear in tool output, because the user asked for them. A policy that sets
    ``trusted_text_beats_taint: false`` turns this off; then a destination seen in tool output
    is denied (``taint.seen_in_output``) whatever the user wrote.

Per-tool flags
    ``add_tool`` pins the tool's definition in the engine (server ``server``) and turns its
    flags into a :class:`cordon.policy.ToolPolicy` entry merged with the policy's own entry for
    that tool. The merge is fail-closed: for ``sensitive``, ``egress`` and
    ``untrusted_output`` the stricter of the flag and the policy wins (``True`` is stricter),
    and required scopes are the union of ``scopes`` and the policy's ``required_scopes``.
    ``sensitive=False`` and ``egress=False`` leave the policy's value (and its
    ``sensitive_paths`` check) in place. The Gateway owns the pins of its ``server`` name in
    the engine: adding a tool re-pins the whole registered set, and registering a name twice
    raises ``ValueError`` (a definition that changes after pinning is a rug pull).

Asks
    An ``ask`` verdict goes to ``on_ask(decision)``; ``True`` approves it for the rest of the
    session (:meth:`cordon.Session.approve`) and the call is checked again. No ``on_ask``, a
    falsy answer, or an exception in ``on_ask`` is a deny (docs/threat-model.md control 2: no answer
    from a human is a deny). A deny can never be approved away.

Audit
    Every verdict, and every answer to an ask, is one record (docs/threat-model.md control 4), written
    before the handler runs: in memory (:attr:`Gateway.audit_records`, exported as JSON by
    :meth:`Gateway.export_audit`) and, when an :class:`cordon.audit.log.AuditLog` is given, to
    the hash-chained audit file, in the same shape as the proxy's records
    (:func:`cordon.audit.log.record_for_call`).
"""

from __future__ import annotations

import inspect
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import orjson

from cordon._exceptions import Blocked
from cordon._types import Verdict
from cordon.audit.log import AuditLog, sanitize
from cordon.decider import Decider, verdict_record
from cordon.engine import rules as _rules
from cordon.engine.checked_args import forwarded_arguments, private_copy
from cordon.engine.core import Engine, Session
from cordon.engine.json_args import json_arguments
from cordon.engine.pins import PinSet
from cordon.engine.recorded import plain_result
from cordon.policy import Policy, ToolPolicy, load_policy

__all__ = ["Gateway", "RegisteredTool"]

#: How many distinct asks one call may raise before it is refused (each is put to ``on_ask``).
MAX_ASKS_PER_CALL = 8


@dataclass(frozen=True, kw_only=True)
class RegisteredTool:
    """One tool known to a :class:`Gateway`.

    Attributes:
        name: the tool name agents call.
        definition: the MCP tool definition pinned in the engine (``name``, ``description``,
            ``inputSchema``).
        handler: the Python callable run on allow, with the call's arguments as keyword
            arguments.
        scopes: scopes a caller must hold (``required_scopes``).
        egress: the tool communicates outside (Rule of Two external leg).
        sensitive: the tool reads sensitive data (Rule of Two sensitive leg).
        untrusted_output: the tool's output is untrusted input and is recorded as taint.
    """

    name: str
    definition: dict[str, Any]
    handler: Callable[..., Any]
    scopes: frozenset[str] = field(default_factory=frozenset)
    egress: bool = False
    sensitive: bool = False
    untrusted_output: bool = True


def _policy_sources(policy: Any) -> list[Any]:
    if policy is None:
        return []
    if isinstance(policy, str | Path | Mapping):
        return [policy]
    return list(policy)


def _engine_for(policy: Any) -> Engine:
    """An engine for ``policy`` (a Policy, a source, or sources), with the policy's secrets."""
    p = policy if isinstance(policy, Policy) else load_policy(_policy_sources(policy))
    from cordon.store.secrets import policy_secrets

    return Engine(p, secrets=policy_secrets(p.secrets))


def _merge_tool_policy(
    base: ToolPolicy, tool: RegisteredTool, server_untrusted: bool | None
) -> ToolPolicy:
    """The policy's entry for ``tool`` tightened by the gateway flags (stricter wins)."""
    untrusted = tool.untrusted_output or bool(base.untrusted_output) or bool(server_untrusted)
    update: dict[str, Any] = {
        "untrusted_output": untrusted,
        "required_scopes": tuple(sorted({*base.required_scopes, *tool.scopes})),
    }
    if tool.sensitive:
        update["sensitive"] = True
    if tool.egress:
        update["egress"] = True
    return base.model_copy(update=update)


def _as_result(value: Any) -> Any:
    """A handler's return value as something ``Session.observe_output`` takes.

    Plain text stays text; a CallToolResult-shaped dict (``content`` list), or the SDK's
    ``CallToolResult`` object as its dict, stays as is; any
    other value becomes a CallToolResult with its JSON text (and ``structuredContent`` for a
    dict), so every byte the handler returned is observed.
    """
    if isinstance(value, str):
        return value
    if callable(getattr(value, "model_dump", None)) and not isinstance(value, type):
        # an MCP SDK result a handler relayed: its JSON, not its repr, under the protocol's
        # key names (a repr escapes line breaks, and a sanitised repr is no result at all)
        value = plain_result(value)
    if isinstance(value, Mapping) and isinstance(value.get("content"), list):
        return dict(value)
    text = orjson.dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS).decode()
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if isinstance(value, Mapping):
        result["structuredContent"] = dict(value)
    return result


def _same_shape(value: Any, sanitised: Any) -> Any:
    """The sanitised result in the shape the handler returned: text for text (the one text
    block :func:`_as_result` made of it), else the sanitised CallToolResult dict. A finding
    in the text must not change the type a harness reads."""
    if isinstance(value, str) and isinstance(sanitised, Mapping):
        blocks = sanitised.get("content")
        if (
            isinstance(blocks, list)
            and len(blocks) == 1
            and isinstance(blocks[0], Mapping)
            and blocks[0].get("type") == "text"
            and isinstance(blocks[0].get("text"), str)
        ):
            return blocks[0]["text"]
    return sanitised


class Gateway:
    """Registered tools behind one cordon engine (see the module docstring).

    Args:
        engine: an existing :class:`cordon.Engine`; default: one built from ``policy``.
        policy: policy sources (a path, a dict, a list of them, or a ``Policy``) used when no
            ``engine`` is given; ``None`` means the defaults. Give ``engine`` or ``policy``,
            not both.
        audit: an open :class:`cordon.audit.log.AuditLog` that receives every record too.
        on_ask: called with the ask ``Decision``; return ``True`` to approve it for the
            session. Without it, every ask is a deny.
        server: the logical server name the tools are pinned and audited under.

    Raises:
        PolicyError: the policy is invalid (file, line and key when known).
        ValueError: both ``engine`` and ``policy`` were given.
    """

    def __init__(
        self,
        engine: Engine | None = None,
        *,
        policy: Any = None,
        audit: AuditLog | None = None,
        on_ask: Callable[[Verdict], bool] | None = None,
        server: str = "default",
    ) -> None:
        if engine is not None and policy is not None:
            raise ValueError("give either engine or policy, not both")
        self.engine = engine if engine is not None else _engine_for(policy)
        self.audit = audit
        self.on_ask = on_ask
        self.server = server
        self.tools: dict[str, RegisteredTool] = {}
        self.audit_records: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._session_locks: weakref.WeakKeyDictionary[Session, threading.RLock] = (
            weakref.WeakKeyDictionary()
        )
        self._repin()

    # -- tools ------------------------------------------------------------------------
    def add_tool(
        self,
        name: str,
        description: str,
        handler: Callable[..., Any],
        *,
        input_schema: Mapping[str, Any] | None = None,
        annotations: Mapping[str, Any] | None = None,
        scopes: Iterable[str] = frozenset(),
        egress: bool = False,
        sensitive: bool = False,
        untrusted_output: bool = True,
    ) -> RegisteredTool:
        """Register ``handler`` as tool ``name`` and pin its definition.

        ``input_schema`` is a JSON Schema object (default ``{"type": "object"}``).
        ``annotations`` are the tool's MCP annotations (``{"destructiveHint": True}`` ...),
        pinned and read as a server's are: a destructive tool is asked about as ``cordon run``
        asks about that server's. A description or schema carrying instructions at or above
        the policy's ``block_at`` is pinned but every call is denied
        (``content.poisoned_definition``).

        Returns the :class:`RegisteredTool`. Raises ``ValueError`` when ``name`` is empty or
        already registered, ``TypeError`` when ``handler`` is not callable or
        ``annotations`` is not a mapping.
        """
        if not name:
            raise ValueError("a tool needs a name")
        if name in self.tools:
            raise ValueError(
                f"tool {name!r} is already registered; a changed definition is a rug pull"
            )
        if not callable(handler):
            raise TypeError("handler must be callable")
        if annotations is not None and not isinstance(annotations, Mapping):
            raise TypeError("annotations must be a mapping (the MCP tool annotations)")
        definition: dict[str, Any] = {
            "name": name,
            "description": description,
            "inputSchema": dict(input_schema) if input_schema is not None else {"type": "object"},
        }
        if annotations is not None:
            definition["annotations"] = dict(annotations)
        tool = RegisteredTool(
            name=name,
            definition=definition,
            handler=handler,
            scopes=frozenset(scopes),
            egress=egress,
            sensitive=sensitive,
            untrusted_output=untrusted_output,
        )
        self.tools[name] = tool
        policy = self.engine.policy
        sp = policy.servers.get(self.server)
        merged = _merge_tool_policy(
            policy.tools.get(name, ToolPolicy()),
            tool,
            sp.untrusted_output if sp is not None else None,
        )
        # Engine.policy is a frozen model: replace it with a copy carrying the merged entry.
        self.engine.policy = policy.model_copy(update={"tools": {**policy.tools, name: merged}})
        report = self._repin()
        if name in report.findings:
            self._write(
                {
                    "kind": "content",
                    "where": "definition",
                    "server": self.server,
                    "tool": name,
                    "rules": sorted({f.rule for f in report.findings[name]}),
                }
            )
        return tool

    def _repin(self) -> Any:
        self.engine.set_baseline(self.server, PinSet())
        return self.engine.pin_tools(
            [t.definition for t in self.tools.values()], server=self.server
        )

    def definitions(self) -> list[dict[str, Any]]:
        """The registered tools as MCP tool definitions (for a model's tool list)."""
        return [dict(t.definition) for t in self.tools.values()]

    # -- sessions -----------------------------------------------------------------------
    def new_session(self, *, trusted: Iterable[str] = (), session_id: str | None = None) -> Session:
        """A fresh :class:`cordon.Session`. ``trusted``: text the user wrote or vouches for;
        destinations in it are vouched for even when tool output repeats them (unless the
        policy sets ``trusted_text_beats_taint: false``)."""
        return self.engine.new_session(trusted=trusted, session_id=session_id)

    # -- calls --------------------------------------------------------------------------
    def check(
        self,
        name: str,
        args: Mapping[str, Any] | None = None,
        *,
        session: Session,
        scopes: Iterable[str] = frozenset(),
    ) -> Verdict:
        """Decide a call as :meth:`call` would, asking ``on_ask`` for asks, without running it.

        Returns the final ``Decision`` (``allow`` or ``deny``; an unanswered ask is returned
        as a ``deny`` carrying the ask's rule). Every verdict is audited. Note that an
        ``allow`` counts against the tool's ``max_calls`` budget, as in the engine. An
        ``allow`` carries the arguments to run the call with (``Decision.arguments``): the
        call as decided, a copy the caller's dict no longer reaches, each relative path the
        check confined made absolute (:mod:`cordon.engine.checked_args`).

        One session's checks and observations are made one at a time (:meth:`_serial`), as
        ``cordon run`` decides a session's calls in turn, whichever threads make them.
        """
        with self._serial(session):
            return self._check(name, args, session, scopes)

    def _serial(self, session: Session) -> threading.RLock:
        """The lock that makes ``session``'s checks and observations one at a time. Threads
        checking one session at once each read its budgets before any counted its call: a
        ``max_calls: 1`` tool ran once per thread (eight of eight).

        Raises ``ValueError`` for a session of another engine: a session checks with its own
        engine's policy and pins, so another Gateway's session ran a tool this one forbids."""
        if getattr(session, "engine", None) is not self.engine:
            raise ValueError(
                "this session was made by another Gateway (another engine, policy and pins): "
                "make it with this Gateway's new_session()"
            )
        with self._lock:
            lock = self._session_locks.get(session)
            if lock is None:
                lock = self._session_locks[session] = threading.RLock()
            return lock

    def _check(
        self, name: str, args: Mapping[str, Any] | None, session: Session, scopes: Iterable[str]
    ) -> Verdict:
        arguments: Mapping[str, Any] = {} if args is None else args
        try:  # decided on a copy: what the caller changes after the check is not run
            arguments = private_copy(json_arguments(arguments))
        except (TypeError, ValueError, RecursionError) as exc:  # what JSON cannot carry
            why = f"arguments cannot be checked: {type(exc).__name__}"
            v = Verdict(verdict="deny", rule=_rules.ARG_MALFORMED, reason=why)
            self._audit_verdict(session, name, arguments, v)
            return v
        scope_set = frozenset(scopes)
        decider = Decider(session, server=self.server)
        decision = decider.decide(name, arguments, scopes=scope_set)
        for rec in decision.records:  # none without a code store; written if there are
            self._write({"session": session.id, "server": self.server, **rec})
        d = decision.verdict
        self._audit_verdict(session, name, arguments, d)
        asked = 0
        while d.verdict == "ask":
            asked += 1
            approved, answer = self._ask(d) if asked <= MAX_ASKS_PER_CALL else (False, "too_many")
            self._write(
                {
                    "kind": "approval",
                    "session": session.id,
                    "server": self.server,
                    "tool": name,
                    "rule": d.rule,
                    "destination": d.destination,
                    "channel": "on_ask",
                    "answer": answer,
                }
            )
            if not approved:
                d = Verdict(
                    verdict="deny",
                    rule=d.rule,
                    reason=f"needs approval: {d.reason} (not approved: {answer})",
                    param=d.param,
                    destination=d.destination,
                    destinations=d.destinations,
                )
                self._audit_verdict(session, name, arguments, d)
                break
            d = decider.approved(d, name, arguments, scope_set, with_call=True)
            self._audit_verdict(session, name, arguments, d)
        if d.verdict == "allow" and isinstance(arguments, dict):
            d = replace(d, arguments=forwarded_arguments(self.engine, name, arguments))
        return d

    def call(
        self,
        name: str,
        args: Mapping[str, Any] | None = None,
        *,
        session: Session,
        scopes: Iterable[str] = frozenset(),
    ) -> Any:
        """Check a call and, only on allow, run its handler; returns what the handler returned.

        The handler's result (or the message of an exception it raised) is observed as
        untrusted output unless the tool was added with ``untrusted_output=False`` and neither
        the policy's entry for it nor its server's marks its output untrusted. With the
        content firewall in ``warn`` or ``block`` mode a result with findings comes back
        sanitised (text for a handler's text, else a CallToolResult dict) or raises
        ``Blocked`` (rule ``content.blocked``).

        Raises:
            Blocked: the verdict was deny, or an ask was not approved (``rule``, ``reason``).
            TypeError: the handler is a coroutine function (use :meth:`acall`).
            Exception: whatever the handler raised, after its message was observed.
        """
        known = self.tools.get(name)
        if known is not None and inspect.iscoroutinefunction(known.handler):
            raise TypeError(f"tool {name!r} has an async handler: use Gateway.acall")
        arguments = {} if args is None else dict(args)
        tool, checked = self._allowed_tool(name, arguments, session, scopes)
        try:
            value = tool.handler(**checked)
        except Exception as exc:
            if self._untrusted(tool):
                with self._serial(session):
                    session.observe_untrusted(str(exc))
            raise
        return self._deliver(tool, value, session, arguments)

    async def acall(
        self,
        name: str,
        args: Mapping[str, Any] | None = None,
        *,
        session: Session,
        scopes: Iterable[str] = frozenset(),
    ) -> Any:
        """:meth:`call` for async agent loops: awaits the handler's result when it is
        awaitable. ``on_ask`` is still called synchronously. Raises as :meth:`call`."""
        arguments = {} if args is None else dict(args)
        tool, checked = self._allowed_tool(name, arguments, session, scopes)
        try:
            value = tool.handler(**checked)
            if inspect.isawaitable(value):
                value = await value
        except Exception as exc:
            if self._untrusted(tool):
                with self._serial(session):
                    session.observe_untrusted(str(exc))
            raise
        return self._deliver(tool, value, session, arguments)

    def _allowed_tool(
        self, name: str, arguments: Mapping[str, Any], session: Session, scopes: Iterable[str]
    ) -> tuple[RegisteredTool, dict[str, Any]]:
        """The tool an allowed call runs and the arguments it was allowed with
        (``Decision.arguments``: the handler opens the path the check confined); raises
        ``Blocked`` for any other verdict."""
        d = self.check(name, arguments, session=session, scopes=scopes)
        if d.verdict != "allow":
            raise Blocked(d.rule, d.reason)
        tool = self.tools.get(name)
        if tool is None:  # pinned in the engine by someone else, but no handler here
            v = Verdict(
                verdict="deny", rule=_rules.PIN_UNKNOWN_TOOL, reason=f"tool '{name}' has no handler"
            )
            self._audit_verdict(session, name, arguments, v)
            raise Blocked(v.rule, v.reason)
        assert d.arguments is not None  # (every allow of check carries them)
        return tool, d.arguments

    def _untrusted(self, tool: RegisteredTool) -> bool:
        """Whether ``tool``'s output is observed: its ``untrusted_output`` flag merged with the
        policy's entry for it and its server's (stricter wins, :func:`_merge_tool_policy`). The
        flag alone let ``untrusted_output=False`` skip a result the policy marks untrusted: its
        destinations were never tainted, where ``cordon run`` denies a send to them."""
        return tool.untrusted_output or bool(self.engine.tool_policy(tool.name).untrusted_output)

    def _deliver(
        self,
        tool: RegisteredTool,
        value: Any,
        session: Session,
        arguments: Mapping[str, Any] | None = None,
    ) -> Any:
        if not self._untrusted(tool):
            return value
        with self._serial(session):
            obs = session.observe_output(
                tool.name, _as_result(value), server=self.server, arguments=arguments
            )
        if obs.findings:
            self._write(
                {
                    "kind": "content",
                    "where": "result",
                    "session": session.id,
                    "server": self.server,
                    "tool": tool.name,
                    "action": obs.action,
                    "rules": sorted({f.rule for f in obs.findings}),
                }
            )
        if obs.action == "deliver":
            return value
        if obs.action == "block":
            rules = ", ".join(sorted({f.rule for f in obs.findings}))
            raise Blocked(_rules.CONTENT_BLOCKED, f"tool result withheld: it carries {rules}")
        return _same_shape(value, obs.result)

    def _ask(self, d: Verdict) -> tuple[bool, str]:
        if self.on_ask is None:
            return False, "none"
        try:
            answer = self.on_ask(d)
        except Exception:  # noqa: BLE001 - a failing prompt is a "no", never an allow
            return False, "error"
        return (True, "accept") if answer is True else (False, "deny")

    # -- audit --------------------------------------------------------------------------
    def _audit_verdict(
        self, session: Session, tool: str, arguments: Mapping[str, Any], v: Verdict
    ) -> None:
        self._write(
            verdict_record(
                v,
                session=session.id,
                server=self.server,
                tool=tool,
                arguments=arguments,
                known=session,
            )
        )

    def _write(self, record: Mapping[str, Any]) -> None:
        rec = {k: v for k, v in record.items() if v is not None}
        if self.audit is not None:
            written = self.audit.write(rec)  # AuditError propagates: no record, no call
        else:
            now = time.time()
            ts = (
                time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now))
                + f".{int(now * 1000) % 1000:03d}Z"
            )
            written = {"ts": ts, **sanitize(rec)}
        with self._lock:
            self.audit_records.append(written)

    def export_audit(self) -> str:
        """The in-memory audit records as a JSON array (UTF-8 text, one object per record)."""
        with self._lock:
            records = list(self.audit_records)
        return orjson.dumps(records, option=orjson.OPT_INDENT_2).decode()
