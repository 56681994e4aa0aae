"""``cordon serve``: cordon as an MCP server that agents ask before they act (issue 6).

Built on the official mcp 2.x SDK's low-level :class:`mcp.server.Server`; one ``Server.run``
answers both protocol eras (``initialize`` and the 2026-07-28 ``server/discover``). Transports:
stdio (default) and Streamable HTTP (``--http HOST:PORT``, path ``/mcp``, served by uvicorn;
DNS-rebinding protection is on for loopback hosts).

Tools (each with an input and an output schema; replies carry ``structuredContent``, the
SDK client's ``CallToolResult.structured_content``, and the same JSON as text; a refused
input is ``isError``, the SDK's ``is_error``, and so is a key a tool or ``context`` does not
read, never ignored: a misspelt ``args`` or ``sessionId`` would check no arguments or a fresh
session, an allow for what was to be denied):

``check_tool_call(tool, arguments, context?)``
    The engine's verdict for a call the agent is about to make elsewhere: ``verdict``,
    ``rule``, ``reason``, ``param``, ``destinations`` (normalised destination keys found in
    sink arguments) and ``session_id``. Argument values are never echoed: a reason that would
    repeat one has it replaced by ``<value>`` (the parameter the verdict is about is named,
    a plain name, as ``cordon run`` names it). A relative or ``~`` path argument is judged
    joined to the policy's ``base_dir``: ``arguments`` is then the call to run, with those
    paths absolute (null when nothing changed; ``cordon run`` and the Gateway forward it
    themselves: :mod:`cordon.engine.anchored_paths`), and a call whose arguments carry
    instructions (a content finding of medium severity or more: output hygiene, below) is
    denied as ``arg.path_unresolvable`` instead.
    ``context`` (all optional): ``session_id`` (successive calls with the same id share one
    session: taint, budgets, Rule-of-Two legs; without it each call gets a fresh session,
    whose id is returned; the 1,024 most recently used sessions are kept, and an id whose
    session was dropped is refused, never made afresh: once more were dropped than the 65,536
    ids it remembers, every id it does not hold is), ``server`` (logical server name,
    default ``default``; a policy that does not fit it is denied, ``policy.unknown_tool``,
    as ``cordon run --name`` denies it: :class:`cordon._serve_checks.PolicyFit`), ``tools``
    (the tool definitions from that server's tools/list), ``outputs`` (prior tool results to
    observe as untrusted output: ``{"tool": name, "content": text | CallToolResult}``, with
    the call's ``"arguments"``, or plain text), ``trusted`` (text the user wrote: its destinations are vouched for, see
    :mod:`cordon.gateway`) and ``scopes``.

    Pinning. ``cordon serve`` is not in front of the checked server, so it has no tools/list
    of its own. When ``context.tools`` is given (first time: the baseline; later: compared
    with it, so a changed definition is ``pin.changed``), the session's pins are exactly those
    definitions and any other tool is ``pin.unknown_tool``, as on the proxy. Pins are per
    ``server``: once a session was given ``tools`` for any server, a check naming no server
    (``default``) or another one is judged against that server's real pins, which it has
    none of: ``pin.unknown_tool``, with a reason saying to name the server (a follow-up that
    forgot ``server`` must not run a tool the list lacks, nor lose a ``destructiveHint`` it
    gave). Only in a session never given ``tools`` is the named tool pinned with a synthetic
    definition (name only, no annotations: its output counts as untrusted), so pinning is
    satisfied by the call itself and the later layers decide. The reply's ``pinning`` says
    which: ``context`` (real pins, from this or an earlier check) or ``synthetic``. Pass
    ``tools`` for parity with ``cordon run``.

``check_client_request(method, params?, context?)``
    The verdict for a client request that is not a call (``resources/read``,
    ``resources/subscribe``, ``subscriptions/listen``, ``prompts/get``,
    ``completion/complete``), as ``cordon run`` decides it before forwarding
    (:meth:`cordon.engine.core.Session.check_request`): a network resource URI as a fetch of
    it, other values for secrets; a method that carries nothing the agent chose is allowed,
    params a method cannot use are ``arg.malformed``. Same reply as ``check_tool_call``
    without ``pinning`` (no pins apply to a request), same ``context`` (``scopes`` has no
    bearing on a request); a shared ``session_id`` sees the outputs earlier calls passed.

``scan_content(content, min_severity?)``
    Content findings (rule, category, severity, span, path, neutralised evidence).

``evaluate_tool_result(content, mode?, block_at?)``
    The content firewall's decision for a tool result: ``deliver``, ``sanitise`` (with the
    sanitised payload in ``result``, where the words of every finding are also replaced by
    ``[removed: <rule id>]``) or ``block``. ``mode`` defaults to ``block`` and
    ``block_at`` to the policy's; ``block`` answers as ``warn`` does for a result no finding
    at ``block_at`` blocks (``sanitise`` when it has anything to rewrite).

``describe_policy()``
    The active rules (content catalogue and engine rule ids), benchmark figures (from
    ``bench/*/README.md`` when this is a source checkout, else "not measured") and the known
    gaps, each with the layer expected to handle it.

``verify_policy(yaml)``
    ``valid`` or the errors, each with file (``<policy>``), line and key; of a valid policy,
    the ``warnings`` ``cordon check`` prints (a ``secrets.env`` variable unset here, a
    directory that does not exist here, a text that sets nothing), each a message and key.

Output hygiene: every reply string outside the deliberately sanitised payload (and the
``arguments`` to run, see ``check_tool_call``) is scanned with
the content rules; one that carries a finding is replaced by ``[withheld by cordon: <rule
ids>]``, so no reply repeats an injection payload it was given (tests/serve, on the bytes).

This module holds :class:`ServeCore` (the tools' logic) and the output hygiene;
``cordon._serve_schemas`` holds the tools' JSON schemas and ``cordon._serve_mcp`` the SDK
server, its transports and the ``serve`` command, re-exported here.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from cordon import __version__
from cordon._serve_checks import (
    MAX_ITEMS,
    MAX_PINNED,
    PolicyFit,
    context_over_cap,
    forwarded,
    json_size,
    named_params,
    oversize,
    shown_name,
    trusted_over_cap,
)
from cordon._serve_mcp import build_server, register
from cordon._serve_mcp import parse_hostport as parse_hostport
from cordon._serve_mcp import serve_http as serve_http
from cordon._serve_mcp import serve_stdio as serve_stdio
from cordon._serve_schemas import TOOLS as TOOLS
from cordon._types import SEVERITY_ORDER, Finding, Verdict, severity_at_least
from cordon.content.known import KnownCredentials
from cordon.engine import rules
from cordon.engine.rules import CATALOGUE
from cordon.policy import Policy, load_policy

if TYPE_CHECKING:  # the engine is imported on first use, so `cordon --help` stays light
    from cordon.content.sanitize import Mode
    from cordon.engine.core import Engine, Session

__all__ = ["ENGINE_RULES", "KNOWN_GAPS", "ServeCore", "build_server", "register"]

#: Engine rule ids (besides the content catalogue), each with what it stops: the rules of
#: ``cordon.engine.rules.CATALOGUE`` that refuse or ask (every one but ``default.allow``).
ENGINE_RULES: dict[str, str] = {
    rid: rule.summary for rid, rule in CATALOGUE.items() if rid != rules.DEFAULT_ALLOW
}

#: What cordon does not catch, each with the layer expected to handle it.
KNOWN_GAPS: tuple[dict[str, str], ...] = (
    {
        "gap": "an agent with a shell or raw network access goes around any MCP firewall",
        "layer": "out of scope: an OS sandbox or network policy",
    },
    {
        "gap": "data (not destinations) rephrased or encoded by the model before it leaves",
        "layer": "secrets (registered and observed secrets, with encodings) and Rule of Two",
    },
    {
        "gap": "injection phrased in words the content rules do not know",
        "layer": "taint and Rule of Two: they do not depend on recognising the text",
    },
    {
        "gap": "a destination the user or the allowlist vouches for that an attacker controls",
        "layer": "policy review: trusted_destinations and trusted text are trusted by design",
    },
    {
        "gap": "destinations shorter than min_destination_length are not tracked",
        "layer": "taint (tune min_destination_length); egress for hosts",
    },
    {
        "gap": "check_tool_call and check_client_request see only the outputs passed in context",
        "layer": "the proxy (cordon run), which observes every result itself",
    },
    {
        "gap": "images, audio and binary resources are not scanned for instructions",
        "layer": "content: not covered; treat such results as untrusted (taint still applies)",
    },
)

_SAFE_NAME = re.compile(r"[A-Za-z0-9_.:/@-]{1,128}")
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_MAX_SESSIONS = 1024
#: ids of sessions dropped to stay under ``_MAX_SESSIONS``, refused when named again: a
#: session made afresh under an old id would have lost its taint, budgets and pins (a
#: destination planted in output asked about, not denied; a changed tool pinned anew)
_MAX_EVICTED = 65536
_ECHO_MIN = 4  # argument values this long or longer are redacted from reasons


class InvalidInput(ValueError):  # noqa: N818 - reads as what it is
    """A tool call to ``cordon serve`` with arguments it cannot use (an ``isError`` reply:
    the SDK client's ``is_error``)."""


# -- hygiene -------------------------------------------------------------------------------


def _findings_of(text: str) -> list[Finding]:
    from cordon.content import scan_text

    return list(scan_text(text))


def _clean(value: Any) -> Any:
    """Replace every string that carries a content finding with a withheld marker."""
    if isinstance(value, str):
        if not value:
            return value
        found = _findings_of(value)
        if found:
            return f"[withheld by cordon: {', '.join(sorted({f.rule for f in found}))}]"
        return value
    if isinstance(value, Mapping):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    return value


def _redact(value: Any, depth: int = 0) -> Any:
    """``value`` with the span of every content finding in every string replaced by
    ``[removed: <rule id>]``: the sanitiser marks instructions, this also takes their words out
    of a reply (so a sanitised payload never repeats the injection it was given)."""
    if depth > 64:
        return None
    if isinstance(value, str):
        found = _findings_of(value) if value else []
        if not found:
            return value
        out, end = [], len(value)
        for f in sorted(found, key=lambda f: f.span[0], reverse=True):
            start, stop = max(0, f.span[0]), min(end, f.span[1])
            if start >= stop:
                continue
            out.append(value[stop:end])
            out.append(f"[removed: {f.rule}]")
            end = start
        out.append(value[:end])
        return "".join(reversed(out))
    if isinstance(value, Mapping):
        return {k: _redact(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_redact(v, depth + 1) for v in value]
    return value


def _leaves(value: Any, depth: int = 0) -> Iterable[str]:
    if depth > 64:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield str(k)
            yield from _leaves(v, depth + 1)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _leaves(v, depth + 1)


def _unecho(text: str, given: Iterable[str]) -> str:
    """``text`` with every given string of ``_ECHO_MIN`` or more characters replaced."""
    for s in sorted({g for g in given if len(g) >= _ECHO_MIN}, key=len, reverse=True):
        if s in text:
            text = text.replace(s, "<value>")
    return text


def _finding_dict(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule,
        "category": f.category,
        "severity": f.severity,
        "span": [int(f.span[0]), int(f.span[1])],
        "path": f.path,
        "evidence": f.evidence,
    }


def _outputs(outputs: Any) -> list[tuple[str, Any, Any]]:
    """``context.outputs`` as ``(tool, result, arguments)`` to observe, each item checked:
    text (tool ``unknown``) or ``{tool, content, arguments?}``. Raises :class:`InvalidInput`."""
    if outputs is None:
        return []
    if not isinstance(outputs, list):
        raise InvalidInput("context.outputs must be a list")
    out: list[tuple[str, Any, Any]] = []
    for item in outputs:
        if isinstance(item, str):
            out.append(("unknown", item, None))
        elif isinstance(item, Mapping) and "content" in item:
            _known_keys(item, _OUTPUT_KEYS, "a context.outputs item")  # as context's own
            tool, call_args = item.get("tool"), item.get("arguments")
            if call_args is not None and not isinstance(call_args, Mapping):
                raise InvalidInput("context.outputs[].arguments must be an object")
            tool = tool if isinstance(tool, str) else "unknown"
            out.append((tool, _as_result(item["content"]), call_args))
        else:
            raise InvalidInput("context.outputs items are text or {tool, content}")
    return out


def _as_result(content: Any) -> dict[str, Any]:
    if isinstance(content, str):
        return {"content": [{"type": "text", "text": content}]}
    if isinstance(content, Mapping):
        return dict(content)
    raise InvalidInput("content must be text or a CallToolResult object")


# -- benchmarks ----------------------------------------------------------------------------

_TABLE_RULE = re.compile(r"\|?[\s:|-]*-[\s:|-]*")
_FIGURE_HEADING = re.compile(r"^#{2,4}\s+.*(result|figure|number|measure)", re.IGNORECASE)


def bench_figures(root: Path | None = None) -> list[dict[str, Any]]:
    """Figures from ``bench/*/README.md``: under a heading naming results, figures, numbers or
    measurements, table header rows and the table rows and bullets that contain a digit (at
    most 20 per file).

    ``root`` defaults to the source checkout's ``bench/``; an installed package has none, and
    then the answer is one entry saying "not measured".
    """
    base = root if root is not None else Path(__file__).resolve().parents[2] / "bench"
    out: list[dict[str, Any]] = []
    if base.is_dir():
        for readme in sorted(base.glob("*/README.md")):
            lines: list[str] = []
            inside = False
            text = readme.read_text("utf-8", errors="replace").splitlines()
            for i, raw in enumerate(text):
                line = raw.strip()
                if line.startswith("#"):
                    inside = bool(_FIGURE_HEADING.match(line))
                    continue
                if not inside or _TABLE_RULE.fullmatch(line):
                    continue
                nxt = text[i + 1].strip() if i + 1 < len(text) else ""
                header = line.startswith("|") and bool(_TABLE_RULE.fullmatch(nxt))
                figure = line.startswith(("|", "- ", "* ")) and any(c.isdigit() for c in line)
                if header or figure:
                    lines.append(line[:300])
                    if len(lines) >= 20:
                        break
            if lines:
                out.append(
                    {
                        "suite": readme.parent.name,
                        "source": f"bench/{readme.parent.name}/README.md",
                        "figures": lines,
                    }
                )
    if not out:
        out.append({"suite": "all", "source": "", "figures": ["not measured"]})
    return out


# -- the tools -----------------------------------------------------------------------------


@dataclass
class _ServeSession:
    engine: Engine
    session: Session
    given: set[str] = field(default_factory=set)  # servers whose tools came from context
    synthetic: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    pinned: int = 0  # the bytes of the tools/lists given (their JSON): MAX_PINNED in all

    def listed(self, server: str) -> frozenset[str] | None:
        """The tool names ``context.tools`` gave for ``server`` (None: never given)."""
        return frozenset(self.engine.definitions.get(server, ())) if server in self.given else None


def _pin(s: _ServeSession, server: str, tools: Any, tool: str | None) -> None:
    """Apply a check's ``context.tools`` for ``server`` and, for a call (``tool``), pin the
    tool synthetically while the session has never been given tools for any server.

    Once tools were given for one server, the session's pins are real for every server: a
    check naming no server (``default``) or another one is judged against that server's real
    pins, which it has none of (``pin.unknown_tool``), never against pins the call itself
    made. Otherwise a follow-up that forgot ``server`` would pin a tool the listed server
    does not have, or lose the ``destructiveHint`` its listing gave, and be allowed. The
    synthetic pins made before the first list are dropped for the same reason."""
    from cordon.engine.pins import PinSet

    eng = s.engine
    if tools is not None:
        if not isinstance(tools, list) or not all(isinstance(t, Mapping) for t in tools):
            raise InvalidInput("context.tools must be a list of tool definitions")
        size = 0 if server in s.given else json_size(tools)
        if s.pinned + size > MAX_PINNED:  # (checked before anything of the request applies)
            raise InvalidInput(
                f"context.tools: a session keeps at most {MAX_PINNED} bytes of tool lists "
                "(each server's first, for the session's life): start a new session"
            )
        s.pinned += size
        if not s.given:
            for old in s.synthetic:  # no list yet: any call there is pin.unknown_tool
                eng.set_baseline(old, PinSet())
                eng.definitions.pop(old, None)
            s.synthetic.clear()
        if server not in s.given:
            eng.set_baseline(server, PinSet())
            s.given.add(server)
        eng.pin_tools(tools, server=server)
    if tool is not None and not s.given:
        synthetic = s.synthetic.setdefault(server, {})
        if tool not in synthetic and sum(map(len, s.synthetic.values())) >= MAX_ITEMS:
            # each new name pins the server's synthetic list again: unbounded, a request
            # of a new name each cost more than the one before, and the session grew
            raise InvalidInput(
                f"this session pinned {MAX_ITEMS} tools by name alone (no context.tools): "
                "pass the server's tools in context.tools"
            )
        if tool not in synthetic:
            synthetic[tool] = {"name": tool, "inputSchema": {"type": "object"}}
            eng.set_baseline(server, PinSet())
            eng.pin_tools(list(synthetic.values()), server=server)


def _unlisted_server(v: Verdict, s: _ServeSession, server: str, named: bool) -> Verdict:
    """``v`` with a reason that says to name the server, when it is ``pin.unknown_tool`` for
    a server the session was never given tools for while it was given them for others."""
    if v.rule != rules.PIN_UNKNOWN_TOOL or server in s.given or not s.given:
        return v
    which = f"names server '{server}'" if named else "names no server"
    listed = ", ".join(f"'{g}'" for g in sorted(s.given))
    reason = (
        f"this check {which}, and this session was given tools only for {listed}: pins are "
        "per server; pass the same context.server as the check that passed the tools"
    )
    return replace(v, reason=reason)


class ServeCore:
    """The six tools of ``cordon serve`` as plain methods (dict in, dict out).

    Args:
        policy: the effective :class:`cordon.policy.Policy`.
        secrets: values that must never leave (``secret.egress``), e.g. from the policy's
            ``secrets:`` section.
        audit: optional :class:`cordon.audit.log.AuditLog` receiving one record per
            ``check_tool_call`` and ``check_client_request`` verdict.

    Methods raise :class:`InvalidInput` for unusable arguments; the MCP layer turns that into an
    ``isError`` reply.
    """

    def __init__(
        self,
        policy: Policy,
        *,
        secrets: Iterable[str] = (),
        audit: Any = None,
        state_paths: Iterable[str] = (),
    ) -> None:
        self.policy = policy
        self.secrets = tuple(secrets)
        #: cordon's own files (policy, audit log, ``~/.cordon``): a checked call that writes
        #: one is denied (``action.cordon_state``), as through ``cordon run``
        self.state_paths = tuple(state_paths)
        #: the policy's secrets, masked in a result this service sanitises
        self.known = KnownCredentials(self.secrets)
        self.fit = PolicyFit(policy)  # the policy checked against each server a check names
        self.audit = audit
        self.sessions: OrderedDict[str, _ServeSession] = OrderedDict()
        self.evicted: OrderedDict[str, None] = OrderedDict()
        #: an evicted id was forgotten: an id cordon does not hold may name a session it
        #: dropped, so every such id is refused (one who flushed the ids by making sessions
        #: would otherwise have another client's session made afresh, its taint gone)
        self.forgot = False

    @classmethod
    def from_sources(
        cls, sources: Iterable[Any] = (), *, audit: Any = None, audit_path: Path | None = None
    ) -> ServeCore:
        """Load policy sources (paths or dicts; ``[]`` = defaults) and the policy's secrets;
        the policy files, ``audit_path`` and ``~/.cordon`` are cordon's own files
        (:func:`cordon.store.state_paths.own_state_paths`). Raises ``PolicyError``."""
        from cordon.store.secrets import policy_secrets
        from cordon.store.state_paths import own_state_paths

        sources = list(sources)
        policy = load_policy(sources)
        secrets = policy_secrets(policy.secrets)
        files = [Path(s) for s in sources if isinstance(s, (str, Path))]
        state = own_state_paths(files, audit_path, None, None)
        return cls(policy, secrets=secrets, audit=audit, state_paths=state)

    def _session(self, sid: Any) -> _ServeSession:
        from cordon.engine.core import Engine

        if sid is not None:
            if not isinstance(sid, str) or not _SESSION_ID.fullmatch(sid):
                raise InvalidInput("context.session_id must be 1-64 letters, digits, '_' or '-'")
            found = self.sessions.get(sid)
            if found is not None:
                self.sessions.move_to_end(sid)
                return found
            if sid in self.evicted or self.forgot:
                may = "may name" if sid not in self.evicted else "names"
                raise InvalidInput(
                    f"context.session_id {may} a session cordon serve no longer holds (it "
                    f"keeps the {_MAX_SESSIONS} most recently used): its history is gone; "
                    "leave session_id out to start a new session, and pass its tools, trusted "
                    "text and outputs again"
                )
        engine = Engine(self.policy, secrets=self.secrets, state_paths=self.state_paths)
        s = _ServeSession(engine=engine, session=engine.new_session(session_id=sid))
        self.sessions[s.session.id] = s
        while len(self.sessions) > _MAX_SESSIONS:
            old, _ = self.sessions.popitem(last=False)
            self.evicted[old] = None
            while len(self.evicted) > _MAX_EVICTED:
                self.evicted.popitem(last=False)
                self.forgot = True
        return s

    def _prepare(
        self, args: Mapping[str, Any], tool: str | None
    ) -> tuple[_ServeSession, str, list[str]]:
        """The session, server and scopes of a ``check_tool_call`` or ``check_client_request``,
        with its ``context`` applied: the tool definitions pinned (and ``tool``, when it is a
        call and no definitions were ever given in the session, pinned synthetically), the
        trusted text added and the outputs observed, in that order (an output's tool is judged
        by its pins). Raises :class:`InvalidInput` for an unusable context."""
        ctx = args.get("context")
        if ctx is None:
            ctx = {}
        if not isinstance(ctx, Mapping):
            raise InvalidInput("context must be an object")
        _known_keys(ctx, _CONTEXT_KEYS, "context")
        server = ctx.get("server", "default")
        if not isinstance(server, str) or not _SAFE_NAME.fullmatch(server):
            raise InvalidInput("context.server must be a short name")
        if (why := context_over_cap(ctx)) is not None:
            raise InvalidInput(why)
        # every part is read and checked before any is applied: a request refused for its
        # outputs or scopes leaves the session as it was (no pins, trusted text or outputs)
        outputs = _outputs(ctx.get("outputs"))
        scopes = _strings(ctx.get("scopes"), "context.scopes")
        trusted = _strings(ctx.get("trusted"), "context.trusted")
        s = self._session(ctx.get("session_id"))
        sess = s.session
        if (why := trusted_over_cap(trusted, sess.trusted_texts)) is not None:
            raise InvalidInput(why)
        _pin(s, server, ctx.get("tools"), tool)

        for text in trusted:
            sess.add_trusted(text)
        for name, result, call_args in outputs:
            sess.observe_output(name, result, server=server, arguments=call_args)
        return s, server, scopes

    def check_tool_call(self, args: Mapping[str, Any]) -> dict[str, Any]:
        tool = args.get("tool")
        if not isinstance(tool, str) or not tool:
            raise InvalidInput("tool must be a non-empty string")
        arguments = args.get("arguments")
        if arguments is None:
            arguments = {}
        s, server, scopes = self._prepare(args, tool)
        sess = s.session
        # synthetic only while no check of the session ever passed tools (see ``_pin``)
        pinning = "context" if s.given else "synthetic"

        from cordon.decider import Decider

        # no code store and no person to ask here: an ask goes back to the agent that asked
        v = (
            oversize(arguments)
            or self.fit.misfit(server, s.listed(server))
            or Decider(sess, server=server).decide(tool, arguments, scopes=scopes).verdict
        )
        ctx = args.get("context")
        named = isinstance(ctx, Mapping) and ctx.get("server") is not None
        v = _unlisted_server(v, s, server, named)
        forward, v, paths = forwarded(sess, tool, arguments, v)
        if self.audit is not None:
            extra = {"forwarded_paths": paths} if paths else {}
            self._audit(sess, server, tool, arguments, v, **extra)
        answer = _answer(v, tool, list(_leaves(arguments)), sess.id)
        return {**answer, "pinning": pinning, "arguments": forward}

    def check_client_request(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A client request that is not a call (``resources/read``, ``prompts/get`` ...),
        decided by :meth:`cordon.engine.core.Session.check_request` as ``cordon run`` decides
        it before forwarding. Unusable input (``method`` not a name, a bad ``context``) is
        :class:`InvalidInput`; params a method cannot use (``resources/read`` without a
        ``uri``) are a deny (``arg.malformed``), as malformed call arguments are in
        ``check_tool_call``. ``context.scopes`` has no bearing: no scope rule applies to a
        client request (nor does one in ``cordon run``)."""
        method = args.get("method")
        if not isinstance(method, str) or not method:
            raise InvalidInput("method must be a non-empty string")
        params = args.get("params")
        if params is None:
            params = {}
        s, server, _ = self._prepare(args, None)
        sess = s.session
        v = (
            oversize(params)
            or self.fit.misfit(server, s.listed(server))
            or (
                _CALL_HERE
                if method == "tools/call"
                else sess.check_request(method, params, server=server)
            )
        )
        if self.audit is not None:
            self._audit(sess, server, method, params, v, method=method)
        return _answer(v, method, _request_given(params), sess.id)

    def _audit(
        self, sess: Any, server: str, tool: str, arguments: Any, v: Verdict, **extra: Any
    ) -> None:
        from cordon.decider import verdict_record

        args = arguments if isinstance(arguments, Mapping) else {"_": arguments}
        self.audit.write(
            verdict_record(
                v,
                session=sess.id,
                server=server,
                tool=tool,
                arguments=args,
                via="serve",
                known=sess,
                **extra,
            )
        )

    def scan_content(self, args: Mapping[str, Any]) -> dict[str, Any]:
        from cordon.content import scan_result, scan_text

        content = args.get("content")
        min_sev = args.get("min_severity") or "low"
        if min_sev not in SEVERITY_ORDER:
            raise InvalidInput("min_severity must be low, medium, high or critical")
        if isinstance(content, str):
            findings = list(scan_text(content))
        elif isinstance(content, Mapping):
            findings = list(scan_result(dict(content)))
        else:
            raise InvalidInput("content must be text or a CallToolResult object")
        kept = [f for f in findings if severity_at_least(f.severity, min_sev)]
        top = max((f.severity for f in kept), key=SEVERITY_ORDER.__getitem__, default=None)
        return {
            "findings": [_clean(_finding_dict(f)) for f in kept],
            "count": len(kept),
            "max_severity": top,
        }

    def evaluate_tool_result(self, args: Mapping[str, Any]) -> dict[str, Any]:
        from cordon.content import evaluate_result

        mode = args.get("mode") or "block"
        block_at = args.get("block_at") or self.policy.content.block_at
        if mode not in ("monitor", "warn", "block"):
            raise InvalidInput("mode must be monitor, warn or block")
        if block_at not in SEVERITY_ORDER:
            raise InvalidInput("block_at must be low, medium, high or critical")
        # ``mode`` is one of the three modes: checked just above
        ev = evaluate_result(
            _as_result(args.get("content")), mode=cast("Mode", mode), block_at=block_at
        )
        action, result, findings = ev.action, ev.result, list(ev.findings)
        if mode != "monitor":  # the policy's secrets, as `cordon run` masks its own
            action, result = self.known.mask_delivery(action, result, findings)
        return {
            "action": action,
            "findings": [_clean(_finding_dict(f)) for f in findings],
            # the sanitised payload is the point of a sanitise answer; deliver and block
            # answers never repeat the content they were given
            "result": _redact(dict(result)) if action == "sanitise" else None,
        }

    def describe_policy(self, args: Mapping[str, Any] | None = None) -> dict[str, Any]:
        from cordon import content

        p = self.policy
        rules = [
            {"id": r.id, "category": r.category, "severity": r.severity, "summary": r.summary}
            for r in _catalogue(content)
        ]
        return {
            "version": __version__,
            "content_rules": rules,
            "engine_rules": [{"id": k, "summary": v} for k, v in ENGINE_RULES.items()],
            "policy": {
                "packs": list(p.packs),
                "content_mode": p.content.mode,
                "block_at": p.content.block_at,
                "egress_mode": p.egress.mode,
                "trusted_destinations": len(p.trusted_destinations),
                "trusted_text_beats_taint": p.trusted_text_beats_taint,
                "allowlist_beats_taint": p.allowlist_beats_taint,
                "tools_with_rules": sorted(p.tools),
            },
            "benchmarks": bench_figures(),
            "known_gaps": [dict(g) for g in KNOWN_GAPS],
        }

    def verify_policy(self, args: Mapping[str, Any]) -> dict[str, Any]:
        text = args.get("yaml")
        if not isinstance(text, str):
            raise InvalidInput("yaml must be a string")
        from cordon._serve_policy import verify_policy_text

        return verify_policy_text(text, _clean)

    def call(self, name: str, args: Mapping[str, Any] | None) -> dict[str, Any]:
        """Dispatch one tool by name. Raises :class:`InvalidInput` (unknown tool, bad input)."""
        handler = {
            "check_tool_call": self.check_tool_call,
            "check_client_request": self.check_client_request,
            "scan_content": self.scan_content,
            "evaluate_tool_result": self.evaluate_tool_result,
            "describe_policy": self.describe_policy,
            "verify_policy": self.verify_policy,
        }.get(name)
        if handler is None:
            raise InvalidInput("unknown tool")
        if args is not None and not isinstance(args, Mapping):
            raise InvalidInput("arguments must be an object")
        _known_keys(args or {}, _INPUT_KEYS[name], f"the input of {name}")
        return handler(args or {})


#: each tool's argument names; the keys of a check's ``context`` and of its outputs items
_INPUT_KEYS = {t["name"]: frozenset(t["inputSchema"]["properties"]) for t in TOOLS}
_CONTEXT_KEYS = frozenset(TOOLS[0]["inputSchema"]["properties"]["context"]["properties"])
_OUTPUT_KEYS = frozenset(("tool", "content", "arguments"))


def _known_keys(given: Mapping[str, Any], known: frozenset[str], what: str) -> None:
    """Refuse a key the tool does not read (:class:`InvalidInput`): left unread, a misspelt
    one fails open. ``args`` for ``arguments`` checked a call of no arguments (allowed
    whatever it ran); ``sessionId`` for ``session_id`` a fresh session, without the taint of
    the outputs the session saw. The key is not repeated (the caller chose it)."""
    if any(k not in known for k in given):
        keys = ", ".join(sorted(known)) or "none"
        raise InvalidInput(f"{what} holds a key cordon does not read (it reads: {keys})")


#: ``tools/call`` given to ``check_client_request``: denied as the engine denies it, the reason
#: naming this server's tool for calls (the engine's names the library's ``Session.check``)
_CALL_HERE = Verdict(
    verdict="deny",
    rule=rules.ARG_MALFORMED,
    reason="tools/call is decided by the check_tool_call tool, not check_client_request",
)


def _answer(v: Verdict, name: str, given: list[str], session_id: str) -> dict[str, Any]:
    """The reply to a check: the verdict with none of the ``given`` strings echoed (``name``,
    the tool or method, too unless it is a plain name) and no content finding repeated. A
    parameter name the verdict is about is not withheld (:func:`named_params`)."""
    named = named_params(v, _SAFE_NAME)
    echoed = [g for g in given if g not in named]
    if not _SAFE_NAME.fullmatch(name):
        echoed.append(name)
    param = v.param if v.param is None or shown_name(v.param, _SAFE_NAME) else "<param>"
    return {
        "verdict": v.verdict,
        "rule": v.rule,
        "reason": _clean(_unecho(v.reason, echoed)),
        "param": _clean(param),
        "destinations": [_clean(d) for d in v.destinations],
        "session_id": session_id,
    }


#: the params keys MCP defines for the decided client requests: words of the protocol, not
#: values the caller chose, so a reason may name them (``argument 'arguments.<value>'``)
_REQUEST_KEYS = frozenset(
    {"uri", "name", "arguments", "ref", "argument", "context", "notifications", "cursor"}
    | {"_meta", "inputResponses"}
)


def _request_given(params: Any) -> list[str]:
    """The strings of a client request's params a reply must not echo: every value, and every
    key but the protocol's own top-level ones (:data:`_REQUEST_KEYS`)."""
    if not isinstance(params, Mapping):
        return list(_leaves(params))
    given: list[str] = []
    for key, value in params.items():
        if key not in _REQUEST_KEYS:
            given.append(str(key))
        given.extend(_leaves(value, 1))
    return given


def _strings(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return list(value)
    raise InvalidInput(f"{what} must be a list of strings")


def _catalogue(content: Any) -> list[Any]:
    for name in ("RULES", "CATALOGUE", "ALL_RULES"):
        rules = getattr(content, name, None)
        if rules is not None:
            return list(rules.values()) if isinstance(rules, Mapping) else list(rules)
    fn = getattr(content, "all_rules", None) or getattr(content, "rules", None)
    return list(fn()) if callable(fn) else []
