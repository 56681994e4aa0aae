"""What the decision queue's jobs do: every touch of the session from the proxy is here.

:class:`cordon.proxy.core.ProxyCore` decides *when* each of these runs (strictly in the order
the frames arrived, one at a time); a transport decides *where* (on the event loop, or on the
decision thread for a large one). Nothing else in the proxy reads or changes the session, the
engine's pins or the shared taint store, so a verdict depends on the arrival order of frames
by construction.

These functions run outside the pure core: they may write the pin file, read packs, use the
approval code store and the shared taint store.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cordon._types import Finding, Verdict, severity_at_least
from cordon.audit.listing import ListingAudit, listing_entries
from cordon.content import scan_text
from cordon.content._walk import CapExceeded, iter_strings
from cordon.content.sanitize import Evaluation, strip_ansi
from cordon.decider import Decider, Decision, shown_arguments
from cordon.engine import rules
from cordon.engine.checks import (
    Check,
    Context,
    Facts,
    degraded,
    dlp,
    first_objection,
)
from cordon.engine.checks import secrets as secret_checks
from cordon.engine.client_requests import URI_PIPELINE, other_params
from cordon.engine.core import Engine, ListReport, Observation, Session
from cordon.engine.egress import check_egress
from cordon.proxy import shadowing
from cordon.proxy.identity import server_info_of
from cordon.proxy.prompt_pins import PromptPins
from cordon.proxy.resource_pins import ResourcePins
from cordon.proxy.server_requests import (
    Inspection,
    asks_for_secrets,
    imitates_cordon,
    parse,
    refused_answer,
    texts_of,
)
from cordon.store.pins import PARTIAL_WRITES, accept_command, identity_changes

__all__ = ["ANSWER_CHECKS", "ListOutcome", "SessionWork"]

#: the engine's checks that read what the client sends a server for credentials, run on a
#: client's answer to a server request (sampling, elicitation, roots ...) and on a 2026-07-28
#: retry's ``inputResponses`` as on a sending call's arguments: a session whose history is
#: incomplete (``session.degraded``: the secrets seen may be incomplete), a registered or
#: seen secret, or one another server of the client saw (``secret.egress``), a credential in
#: a known format (``secret.pattern``). The same functions the pipeline runs: no second
#: matcher.
ANSWER_CHECKS = (degraded.CHECK, secret_checks.CHECK, dlp.CHECK)
#: the most tools one stderr line names as hidden for `cordon pin accept` (the rest counted),
#: and the most characters of each name it shows
MAX_NAMED = 20
NAME_CHARS = 128
#: the requests that read or follow resource URIs (``values["uri"]``), refused when one is
#: held (:meth:`ResourcePins.refusal`): a 2026-07-28 ``subscriptions/listen`` follows its
#: ``resourceSubscriptions`` as ``resources/subscribe`` does its URI
_FOLLOWS_URIS = frozenset({"resources/read", "resources/subscribe", "subscriptions/listen"})
#: resource URIs remembered as listed, at most (past it a URI is read as the agent's: fail
#: closed, a network one decided as a fetch)
MAX_LISTED_URIS = 10_000


@dataclass(slots=True)
class ListOutcome:
    """A pinned ``tools/list`` page: the tools to show (None: the page as it came), and the
    audit records and stderr lines pinning produced."""

    visible: list[dict[str, Any]] | None
    records: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class SessionWork:
    """The session-side half of each proxy job, for one upstream server.

    Args:
        engine: the decision engine (policy and pins).
        session: the engine session of this client connection.
        server: the logical server name (``--name``).
        decider: the shared decision service for this session.
        pin_file: persisted pins (:class:`cordon.store.pins.PinFile` or compatible), or None.
        shared: the client's shared taint store, or None.
        prompts: the client's prompt file (:class:`cordon.store.prompts.PromptStore`), or
            None: the user's request its hook hands in, trusted for the conversation.
        tool_names: the client's listed tool names (:class:`cordon.store.tool_names.ToolNames`),
            or None: a tool another server listed first is asked about (``pin.shadowed_tool``).
    """

    def __init__(
        self,
        *,
        engine: Engine,
        session: Session,
        server: str,
        decider: Decider,
        pin_file: Any = None,
        shared: Any = None,
        prompts: Any = None,
        tool_names: Any = None,
    ) -> None:
        self.engine = engine
        self.session = session
        self.server = server
        self.decider = decider
        self.pin_file = pin_file
        self.shared = shared
        #: how often this process wrote the pin file's tools (pending ones kept from then on)
        self.pins_stored = 0
        #: this process's first complete tools/list, shared once with the client's other
        #: servers (tool shadowing)
        self.listed: list[dict[str, Any]] = []
        self.names_shared = False
        #: the tool names of the pages since the last complete tools/list, and those of the
        #: latest complete one (the policy's fit and the pin file's ``listed`` follow each)
        self.paging: list[str] = []
        self.latest: frozenset[str] | None = None
        #: tools the `cordon pin accept` hint named on stderr, once each (newest 4,096)
        self.told_accept: dict[str, None] = {}
        self.policy_options = "--policy POLICY.yaml"  # cordon run's, for `cordon check`
        self.told_poisoned: dict[str, None] = {}  # named on stderr once each (newest 4,096)
        self.told_stray: set[tuple[str, bool]] = set()  # a stray policy entry, once a kind
        self.listing_audit = ListingAudit()  # what tools/list pages hid, recorded boundedly
        self.prompts = prompts
        #: why the server is not the one pinned (its serverInfo or instructions changed):
        #: from then on every tool is hidden and every call denied (``pin.server_changed``)
        self.identity_changed: str | None = None
        #: the resource URIs the server listed (``resources/list``), at most
        #: :data:`MAX_LISTED_URIS`: reading one exactly as listed sends nothing the agent
        #: chose (:meth:`decide_request`)
        self.listed_uris: set[str] = set()
        self.prompt_pins = PromptPins(server, pin_file)  # (prompt rug pulls)
        self.resource_pins = ResourcePins(server, pin_file)  # (resource rug pulls)
        #: the listing method -> the pins that hide its changed definitions
        self.list_pins = {
            "prompts/list": self.prompt_pins,
            "resources/templates/list": self.resource_pins.templates,
            "resources/list": self.resource_pins.resources,
        }
        #: why the policy does not fit this server's tools/list (a restricting `tools:` entry
        #: naming no listed tool, a pack naming none): every call denied (``policy.unknown_tool``)
        self.policy_misfit: str | None = None
        self.tool_names = tool_names
        #: tools of this server whose name another server of the client listed first, with
        #: that server's name: calls to them are asked about
        self.shadowed: dict[str, str] = {}
        #: the ``serverInfo`` name the server gave (initialize or server/discover)
        self.server_info: str | None = None
        if tool_names is not None:
            decider.gate = self.shadow_gate

    # -- calls ------------------------------------------------------------------------
    def decide(
        self,
        tool: str,
        args: Any,
        *,
        approve: tuple[tuple[Any, ...], ...] | None,
        issue_code: bool,
        answers: Any = None,
        params: Any = None,
    ) -> Decision:
        """Decide a ``tools/call``; ``approve``: the approval keys a person accepted through a
        2026-07-28 ``input_required`` retry (every ask of the call shown), added first;
        ``answers``: a retry's ``inputResponses`` as they will be forwarded (None: none),
        checked for credentials first (:meth:`check_answer`): one carrying a secret denies the
        call, as an argument carrying it would, and no approval is added; so do the call's
        other ``params`` (``_meta``, ``requestState``: :meth:`cordon.engine.core.Session.check_params`)."""
        shut = self._shut_off()
        if shut is not None:
            shown = self.shown(args)
            return Decision(verdict=shut, shown=shown if shown is not args else None)
        refused = None if answers is None else self.check_answer({"inputResponses": answers}, tool)
        if refused is None:
            refused = self.session.check_params("tools/call", params, server=self.server)
        if refused is not None:
            shown = self.shown(args)
            return Decision(verdict=refused, shown=shown if shown is not args else None)
        if approve is not None:
            self.session.approvals.update(approve)
        problem = self.take_request()
        d = self.decider.decide(tool, args, issue_code=issue_code)
        if problem is not None:
            d.problems.append(problem)
        shown = self.shown(args)
        if shown is not args:  # a secret (registered, seen or by format): the log keeps a marker
            d.shown = shown
        return d

    def decide_request(
        self,
        method: str,
        values: dict[str, Any],
        pipeline: Sequence[Check],
        *,
        issue_code: bool,
        answers: Any = None,
        params: Any = None,
    ) -> Decision:
        """Decide a client request that is not a call (``resources/read``, ``prompts/get``,
        ``completion/complete``): ``values``, what the agent chose in it, through ``pipeline``
        (:func:`cordon.engine.client_requests.request_values`), under the method's name.

        As for calls: a server that is not the one pinned gets nothing
        (``pin.server_changed``), nor does one the policy does not fit
        (``policy.unknown_tool``), and a 2026-07-28 retry's ``answers`` are checked for
        credentials first. A resource URI read exactly as the server listed it is the
        server's own, with nothing of the agent's in it: read as a request that reaches the
        server only (:data:`cordon.engine.client_requests.URI_PIPELINE`), whatever its scheme
        (a database server lists ``postgres://localhost/...`` tables; an ``https://`` resource
        it lists names a host the server chose, not the agent). A listed ``file:`` URI is still
        confined to the global ``allowed_path_prefixes``: a listing does not widen them."""
        why: Verdict | None = None
        if self.identity_changed is not None:
            why = Verdict(
                verdict="deny", rule=rules.PIN_SERVER_CHANGED, reason=self.identity_changed
            )
        elif self.policy_misfit is not None:
            why = Verdict(verdict="deny", rule=rules.POLICY_UNKNOWN_TOOL, reason=self.policy_misfit)
        elif method == "prompts/get":  # a prompt rug pull (cordon.proxy.prompt_pins)
            why = self.prompt_pins.refusal(values)
        elif method in _FOLLOWS_URIS:  # (resource_pins)
            why = self.resource_pins.refusal(values)
        if why is None and answers is not None:
            why = self.check_answer({"inputResponses": answers}, method)
        if why is None:  # the rest of its params (``_meta`` ...): read for credentials
            why = self.session.check_params(method, params, server=self.server)
        if why is not None:
            shown = self.shown(values)
            return Decision(verdict=why, shown=shown if shown is not values else None)
        if self._listed(values):
            pipeline = URI_PIPELINE
        problem = self.take_request()
        d = self.decider.decide(method, values, issue_code=issue_code, pipeline=pipeline)
        if problem is not None:
            d.problems.append(problem)
        shown = self.shown(values)
        if shown is not values:
            d.shown = shown
        return d

    def _listed(self, values: dict[str, Any]) -> bool:
        """Whether every resource URI of a request is one the server listed, as listed, and
        none names a cloud metadata endpoint, itself or in a URL nested in it (``url``). No
        server's own resource lives there: a listing naming one relays someone else's URL (a
        crawled page, a feed item), and reading it would fetch the instance's credentials, so
        it stays a fetch (``egress.metadata``)."""
        uris = values.get("uri")
        uris = [uris] if isinstance(uris, str) else uris
        if not (
            isinstance(uris, list)
            and bool(uris)
            and all(isinstance(u, str) and u in self.listed_uris for u in uris)
        ):
            return False
        v = check_egress(values, self.engine.egress)
        return v is None or v.rule != rules.EGRESS_METADATA

    def _remember_listed(self, result: dict[str, Any]) -> None:
        resources = result.get("resources")
        if not isinstance(resources, list):
            return
        for item in resources:
            uri = item.get("uri") if isinstance(item, dict) else None
            if isinstance(uri, str) and len(self.listed_uris) < MAX_LISTED_URIS:
                self.listed_uris.add(uri)

    def take_request(self) -> str | None:
        """Bring the session's trusted text up to date with what the client's prompt hook
        handed in since the last call (a new conversation replaces the old one's). Returns a
        line for stderr when the prompt file stopped being readable (nothing is trusted from
        then on)."""
        if self.prompts is None:
            return None
        update = self.prompts.poll()
        if update is None:
            return None
        if update.reset:
            self.session.replace_trusted(update.texts)
        else:
            for text in update.texts:
                self.session.add_trusted(text)
        failure: str | None = self.prompts.failure
        if failure is not None:
            return f"the user's request is no longer known: {failure}"
        return None

    def shadow_gate(self, tool: str, v: Verdict) -> Verdict:
        """Ask about a call to a tool whose name another server of the client listed first
        (:func:`cordon.proxy.shadowing.gate`)."""
        return shadowing.gate(self.session, self.server, tool, self.shadowed.get(tool), v)

    def shown(self, args: Any) -> Any:
        """``args`` as the audit log may keep them, secrets withheld (:func:`shown_arguments`)."""
        s = self.session
        return shown_arguments(args, s.secrets, self.engine.dlp, s.format_quiet)

    def check_params(self, method: str, params: Any) -> Decision | None:
        """A deny for a request of a method that decides nothing (a list, ``tasks/get``,
        ``logging/setLevel``, one cordon does not know) whose params carry a credential
        (:meth:`cordon.engine.core.Session.check_params`), keeping those params as the audit
        log may (secrets withheld); None: they may go."""
        v = self.session.check_params(method, params, server=self.server)
        if v is None:
            return None
        return Decision(verdict=v, shown=self.shown(other_params(method, params)))

    def check_answer(self, answer: dict[str, Any], tool: str = "") -> Verdict | None:
        """Why what the client answers a server may not reach it, or None.

        ``answer``: a client's response to a server request without its ``jsonrpc`` and
        ``id`` (``{"result": ...}`` or ``{"error": ...}``), or ``{"inputResponses": ...}``
        of a 2026-07-28 retry of a call to ``tool`` (whose ``allow_secret_patterns`` then
        apply). The client's model or user wrote it, and the server may pass it anywhere, so
        it is read as a sending call's arguments are (:data:`ANSWER_CHECKS`), whatever server
        a credential was seen from. A deny comes back as it is, the reason naming the answer;
        an ask (``secret.unreadable``: a compressed stream that inflates past the cap) as a
        deny: an answer nobody can clear is not passed (fail closed). Reads the session only
        (a credential another process saw joins its secrets, as in the pipeline)."""
        ctx = Context(self.session, tool, answer, self.server, None, self.engine.tool_policy(tool))
        v = first_objection(ANSWER_CHECKS, ctx, Facts(sending=True, external=True))
        return None if v is None else refused_answer(v)

    def _shut_off(self) -> Verdict | None:
        """The deny of every call while the server is not the one pinned or the policy does
        not fit its tools (:attr:`identity_changed`, :attr:`policy_misfit`), else None."""
        if self.identity_changed is not None:
            return Verdict(
                verdict="deny", rule=rules.PIN_SERVER_CHANGED, reason=self.identity_changed
            )
        if self.policy_misfit is not None:
            why = self.policy_misfit
            return Verdict(verdict="deny", rule=rules.POLICY_UNKNOWN_TOOL, reason=why)
        return None

    def approved(self, v: Verdict, tool: str, args: Any) -> Verdict:
        """A person accepted cordon's elicitation: approve and check again. A server shut off
        while the person read the question (:meth:`_shut_off`: a second ``initialize`` named
        another server, a re-list the policy does not fit) gets nothing: the accept approves
        nothing and the call is denied, as every call is from then on."""
        shut = self._shut_off()
        if shut is not None:
            return shut
        return self.decider.approved(v, tool, args)

    def code_for(self, v: Verdict, tool: str, args: Any) -> Decision:
        """A one-time code for the ask ``v``, whose person could not be asked through the
        client after all (it answered cordon's ``elicitation/create`` with an error). The
        call is not checked again: it is denied with the code, never allowed."""
        d = Decision(v)
        self.decider.issue_code(d, tool, args)
        return d

    def register_secret(self, value: str) -> None:
        """A credential of cordon's own (an OAuth token) that no call may carry out."""
        self.session.register_secret(value)

    # -- output -----------------------------------------------------------------------
    def record_untrusted(
        self, value: Any, ev: Evaluation | None = None, tool: str = "notification", args: Any = None
    ) -> str | None:
        """Record server output that is not a result (an error response's ``error``, of a call
        to ``tool`` with ``args``): its taint, and its credentials as a notification's (``ev``:
        warn mode's sanitising of it). Returns why the session is now degraded, if it is."""
        args = args if isinstance(args, dict) else None
        try:
            self.session.observe_message(value, ev, server=self.server, tool=tool, arguments=args)
        except Exception as exc:  # noqa: BLE001 - fail closed: the session is degraded
            return self.degrade(f"recording server output failed: {type(exc).__name__}")
        return None

    def scan_notification(
        self, params: Any, evaluation: Evaluation | None = None
    ) -> Observation | str:
        """Record a notification's (or another server message's) params as untrusted output
        and scan their strings with the content rules; never changes them. ``evaluation``:
        warn mode's sanitising of them, whose findings are used as they are (one scan, not
        two). Returns the observation (its findings), or why the session is now degraded."""
        try:
            findings = self.session.observe_message(params, evaluation, server=self.server)
        except Exception as exc:  # noqa: BLE001 - fail closed: the session is degraded
            return self.degrade(f"recording server output failed: {type(exc).__name__}")
        result = params if isinstance(params, dict) else {}
        return Observation(action="deliver", result=result, findings=findings)

    def record_result(
        self, tool: str, result: dict[str, Any], args: Any, evaluation: Evaluation | None = None
    ) -> Observation | str:
        """Record a tool result already delivered: taint, secrets, directories, Rule-of-Two
        legs and its content findings (monitor mode never changes a result; in warn mode
        ``evaluation`` is what the sanitising before delivery found). Returns the
        observation, or why the session is now degraded when recording failed."""
        try:
            return self.session.observe_output(
                tool,
                result,
                server=self.server,
                content_mode="monitor",
                arguments=args if isinstance(args, dict) else None,
                evaluation=evaluation,
            )
        except Exception as exc:  # noqa: BLE001 - fail closed: the session is degraded
            return self.degrade(f"recording a {tool} result failed: {type(exc).__name__}")

    def scan_result(self, tool: str, result: dict[str, Any], args: Any) -> Observation:
        """Record a tool result and run the content firewall on it before delivery (warn and
        block modes: the result may be sanitised or replaced)."""
        return self.session.observe_output(
            tool, result, server=self.server, arguments=args if isinstance(args, dict) else None
        )

    def scan_other(
        self,
        method: str,
        result: dict[str, Any],
        evaluation: Evaluation | None = None,
        *,
        requested: Any = None,
    ) -> Observation:
        """Record and scan any other result (resources, prompts, completions,
        ``input_required``) before delivery; ``evaluation``: warn mode's sanitising of it,
        whose findings the session records (the proxy delivers its result). A
        ``resources/list`` page's URIs are remembered (:attr:`listed_uris`).

        ``requested``: the values the request was decided on. A ``resources/read`` result
        names the URI read in each of its contents (MCP ``ResourceContents.uri``): that echo
        of the request, which was decided and allowed, is not recorded as output, or a URL a
        person approved would taint its own host for the next read (as ``Session.used_repos``
        keeps a repository's echo from tainting it). Anything else in the result is."""
        if method == "resources/list":
            self._remember_listed(result)
        if method == "resources/read" and isinstance(requested, dict):
            result = _without_echo(result, requested.get("uri"))
        recorded = self.session.record_output(result)
        return self.session.observe_output(
            method,
            result,
            server=self.server,
            content_mode="monitor",
            recorded=recorded,
            evaluation=evaluation,
        )

    def inspect_request(self, kind: str, params: Any) -> Inspection:
        """A server's sampling, elicitation or roots request: recorded as untrusted output,
        its text scanned (a credential in it kept and shared, as one in a result), an
        elicitation form's credential fields named (:mod:`cordon.proxy.server_requests`)."""
        recorded = self.session.record_output(params) if params else None
        invalid = kind != "roots" and parse(kind, params) is None
        parts = list(texts_of(kind, params))
        if kind == "sampling" and isinstance(params, dict | list):
            # every string the client's model may be given: tool results and tool definitions
            # in the messages, ``_meta``, not only the system prompt and text blocks
            try:
                parts = [t for _, t, _ in iter_strings(params)]
            except CapExceeded:
                invalid = True
        text = "\n\n".join(parts)
        findings = scan_text(text) if text else []
        if recorded is not None:
            self.session.observe_secrets(params, recorded.text, findings, kind, self.server)
        return Inspection(
            findings,
            asks_for_secrets(params) if kind == "elicitation" else [],
            invalid=invalid,
            imitates=imitates_cordon(kind, params),
        )

    def check_identity(self, result: dict[str, Any]) -> str | None:
        """Compare the server's ``serverInfo`` (without ``version``) and ``instructions`` in
        its ``initialize`` (or ``server/discover``) result with the pinned ones; pin them the
        first time. Returns the one-line reason when they changed (the change is kept for
        ``cordon pin accept``, and the server is shut off: :attr:`identity_changed`). The
        ``serverInfo`` is server output (its ``description``, ``websiteUrl``): recorded as
        untrusted, as the instructions and tool definitions are (invariant 6). A 2026-07-28
        ``server/discover`` result gives it in ``_meta`` (:func:`server_info_of`)."""
        info = server_info_of(result)
        if isinstance(info, dict):
            self.session.observe_untrusted(info)
        name = info.get("name") if isinstance(info, dict) else None
        self.server_info = name if isinstance(name, str) else None
        if self.pin_file is None:
            return None
        text = result.get("instructions")
        seen = {
            "serverInfo": {k: v for k, v in info.items() if k != "version"}
            if isinstance(info, dict)
            else None,
            "instructions": text if isinstance(text, str) else None,
        }
        return self._compare_identity(seen)

    def _compare_identity(self, seen: dict[str, Any]) -> str | None:
        """Compare the identity fields ``seen`` with the pinned ones (pinning those not pinned
        yet): the reason when one changed (and the server is shut off), else None."""
        assert self.pin_file is not None
        changed = identity_changes(self.pin_file.identity(self.server), seen)
        if not changed:
            self.pin_file.pin_identity(self.server, seen)
            return None
        self.pin_file.record_pending_identity(self.server, {k: seen[k] for k in changed})
        self.identity_changed = (
            f"server {self.server!r} is not the one pinned (pin.server_changed): its "
            f"{' and '.join(changed)} changed; every tool is hidden until you review it and run "
            f"`{accept_command(self.server, self.pin_file)}` in a terminal"
        )
        return self.identity_changed

    def scan_instructions(self, text: str) -> list[Finding]:
        """A server's ``instructions`` (initialize, server/discover): server output, scanned
        like a tool definition (a credential in them is one seen in output)."""
        recorded = self.session.record_output(text)
        findings = self.engine.scan_instructions(text)
        self.session.observe_secrets(text, recorded.text, findings, "instructions", self.server)
        return findings

    def degrade(self, why: str) -> str:
        """History is incomplete from here: every send is refused (``session.degraded``)."""
        try:
            self.session.taint.fail(why)
        finally:
            self.session.degraded = why
        return why

    # -- tools/list -------------------------------------------------------------------
    def _named_again(self, named: Any) -> ListOutcome | None:
        """The page's outcome when its ``_meta`` ``serverInfo`` (``named``) is not the pinned
        one (no tool shown, a ``pin`` record), else None. A client that skips
        ``server/discover`` brings no other sign of a server swapped behind the entry."""
        if self.identity_changed is not None or not isinstance(named, dict):
            return None
        self.session.observe_untrusted(named)
        if self.pin_file is None:
            return None
        info = {k: v for k, v in named.items() if k != "version"}
        why = self._compare_identity({"serverInfo": info})
        if why is None:
            return None
        pin = {"kind": "pin", "rule": rules.PIN_SERVER_CHANGED, "reason": why}
        return ListOutcome(visible=[], records=[pin], problems=[why])

    def pin_list(self, tools: list[Any], final: bool, named: Any = None) -> ListOutcome:
        """Pin or compare one ``tools/list`` page; changed, new and poisoned tools are hidden,
        and ANSI escapes are removed from the tools shown (the pins keep them as listed).
        ``named``: a 2026-07-28 page's ``_meta`` ``serverInfo`` (:meth:`_named_again`)."""
        recorded = self.session.record_output(tools)  # server output, too (invariant 6)
        if (swapped := self._named_again(named)) is not None:
            return swapped
        if self.identity_changed is not None:
            return ListOutcome(visible=[])
        first = not (pins := self.engine.pins.get(self.server)) or not pins.complete
        had = len(pins.tools) if pins else 0
        defs = [t for t in tools if isinstance(t, dict)]
        report = self._pin(tools, defs, final, recorded.text)
        out = ListOutcome(visible=report.visible if report.hidden or report.rewritten else None)
        # in every content mode: a colour trick hides words from the person reading the list
        shown = [strip_ansi(t) for t in report.visible]
        if any(a is not b for a, b in zip(shown, report.visible, strict=True)):
            out.visible = shown
        pinned = self.engine.pins[self.server].tools
        grew = len(pinned) > had and self.pins_stored < PARTIAL_WRITES  # (PinFile.partial)
        if first and self.pin_file is not None and (final or grew):  # --repin: pending dropped
            keep, self.pins_stored = self.pins_stored > 0 or had > 0, self.pins_stored + 1
            self.pin_file.store(self.server, pinned.values(), complete=final, keep=keep)
        if not self.names_shared:
            # every start-up shares its names, pinned before or not: a server added later
            # must find this one's names however long ago they were pinned
            self.listed.extend(defs)
            if final:
                self.names_shared = True
                self._shadowing(out)
        self.paging += [str(t.get("name")) for t in defs]
        if final:
            self._relisted(out)
        pending: list[str] = []  # for `cordon pin accept`: one write a page, not one a tool
        for name, v in report.hidden.items():
            if v.rule == rules.PIN_DUPLICATE_TOOL and name not in self.told_poisoned:
                self._told([name])  # said once per tool and process, as below
                out.problems.append(f"server {self.server!r}: {v.reason} (pin.duplicate_tool)")
            if v.rule in ("pin.changed", "pin.unknown_tool") and self.pin_file is not None:
                pending.append(name)
        if pending and self.pin_file is not None:  # (a page's first definition of each name)
            self._accept_hint(out, {n: report.hidden[n].rule for n in pending})
            by = {str(t.get("name")): t for t in reversed(defs)}
            self.pin_file.record_pending(self.server, *(by[n] for n in pending if n in by))
        poisoned = sorted(
            n
            for n, v in report.hidden.items()
            if not v.rule.startswith("pin.") and n not in self.told_poisoned
        )
        if poisoned:
            # said once per tool and process, as a changed tool is (else only in the audit log)
            self._told(poisoned)
            rules_of = {f.rule for n in poisoned for f in report.findings.get(n, ())}
            rest = len(poisoned) - 20  # (a page may hide thousands: named up to 20)
            named = ", ".join(map(repr, poisoned[:20])) + f" and {rest} more" * (rest > 0)
            out.problems.append(
                f"tool(s) {named} hidden: the definition carries "
                f"instructions to the model ({', '.join(sorted(rules_of)) or 'content scan'}); "
                f"see `cordon audit show --tool NAME`; only the server can fix it"
            )
        # one bounded record a page, a short one for a set hidden again, and each hidden name
        # named once (audit/listing.py): a server re-listing many long names must not rotate
        # the kept history away, nor hide a tool the audit only counts
        entries = listing_entries(report.hidden, report.findings, report.rewritten)
        out.records.extend(self.listing_audit.records(entries))
        return out

    def _pin(self, tools: list[Any], defs: list[Any], final: bool, text: str) -> ListReport:
        """Pin or compare one page's ``defs``; a credential in one is one seen in output."""
        report = self.engine.pin_tools(defs, server=self.server, complete=final)
        found = [f for fs in report.findings.values() for f in fs]
        self.session.observe_secrets(tools, text, found, "tools/list", self.server)
        return report

    def _shadowing(self, out: ListOutcome) -> None:
        """Publish this server's tool names to the client's other cordon processes; a name
        another server listed first is reported (stderr, audit) and its calls asked about."""
        if self.tool_names is not None:
            self.shadowed = shadowing.shadowed_names(
                self.tool_names, self.server, self.listed, self.server_info, out
            )

    def _accept_hint(self, out: ListOutcome, rule_of: dict[str, str]) -> None:
        """One stderr line naming every tool a page hid for a changed or new definition
        (a rug pull changes several at once: each is a tool the agent lost), each once per
        process; past :data:`MAX_NAMED` names the rest counted (a page may hide thousands)."""
        new = sorted(n for n in rule_of if n not in self.told_accept)
        if not new or self.pin_file is None:
            return
        self.told_accept = dict.fromkeys([*self.told_accept, *new][-4096:])
        rest = len(new) - MAX_NAMED
        named = ", ".join(repr(n[:NAME_CHARS]) for n in new[:MAX_NAMED])
        said = f" and {rest} more" if rest > 0 else ""
        rule = ", ".join(sorted({rule_of[n] for n in new}))
        one = len(new) == 1
        head = (
            f"tool {named} is hidden: its definition is not the one pinned"
            if one
            else f"tools {named}{said} are hidden: their definitions are not the ones pinned"
        )
        out.problems.append(
            f"{head} ({rule}); review and re-approve {'it' if one else 'them'} with "
            f"`{accept_command(self.server, self.pin_file)}` in a terminal"
        )

    def _told(self, names: list[str]) -> None:
        # the newest 4,096 only: a server may list new poisoned names every time
        self.told_poisoned = dict.fromkeys([*self.told_poisoned, *names][-4096:])

    def _relisted(self, out: ListOutcome) -> None:
        """A complete tools/list (the start-up's first, and each re-list, e.g. after
        ``notifications/tools/list_changed``): when its names differ from the list before,
        the policy is fitted to them again (a tool the server lists only later, after a
        login, may be the one an entry restricts; a typo of a tool listed later is caught
        then) and the pin file keeps them. Between a change and the next complete list the
        verdict of the list before stands."""
        names = frozenset(self.paging)
        self.paging = []
        if names == self.latest:
            return
        self.latest = names
        # every start-up, pins or not: a policy edited since must fit too
        self._stray_policy_entries(out, set(names))
        self._record_listed(out, names)

    def _record_listed(self, out: ListOutcome, names: frozenset[str]) -> None:
        """Keep the names of the latest complete tools/list in the pin file: `cordon pin
        accept` drops a pending tool the server no longer lists instead of pinning it, and
        accepts one it listed only after a change."""
        if self.pin_file is None:
            return
        try:
            self.pin_file.record_listed(self.server, sorted(names))
        except (OSError, ValueError) as exc:
            out.problems.append(f"the tool names listed were not kept in the pin file: {exc}")

    def _stray_policy_entries(self, out: ListOutcome, listed: set[str]) -> None:
        """A policy entry naming a tool this server does not list is a typo that leaves the
        real tool uncontrolled, or another server's tool (one policy may serve several): say
        so on stderr and in the audit log, with the closest listed name and the restrictions
        that limit nothing here; then :meth:`fit_policy` against the list (it replaces the
        verdict of the list before, or the start-up's)."""
        from cordon.checktools import stray_entries

        for s in stray_entries(self.engine.policy, listed):
            if (said := (s.name, s.near is not None)) in self.told_stray:
                continue  # a list alternating must not flood the audit: once, typo or not
            self.told_stray.add(said)
            hint = f" (did you mean {s.closest!r}?)" if s.closest else ""
            lost = f"; its {', '.join(s.restrictions)} limit nothing" if s.restrictions else ""
            other = "" if s.near else " here (taken for another server's tool)"
            out.problems.append(
                f"policy names tool {s.name!r}, which server {self.server!r} does not "
                f"list{hint}{lost}{other}"
            )
            rec = {"kind": "policy", "rule": "policy.unknown_tool", "tool": s.name}
            out.records.append({**rec, "closest": s.closest, "restricts": list(s.restrictions)})
        # once on stderr: the start-up's check (the pinned names) or the list before wrote
        # this same line when it found the same misfit
        before = self.policy_misfit
        problem = self.fit_policy(listed)
        if problem is not None and problem != before:
            out.problems.append(problem)

    def fit_policy(self, names: set[str] | None) -> str | None:
        """Check the policy against the server's tool ``names`` (its pinned ones at start-up,
        before any tools/list; then each complete list's; None: not known yet, only the
        ``servers:`` keys are checked); returns the misfit, if any.

        Fail closed on a typo: when a `tools:` entry that restricts something names no tool
        in ``names`` but is a near match of one (:func:`cordon.checktools.near_match`: the
        real tool would run unrestricted), a pack names none of them (written for another
        server), or a ``servers:`` key is a near match of this server's name and none is its
        name (its settings dropped), every call to this server is denied
        (:attr:`policy_misfit`), with a reason the client shows, until the policy is fixed. A
        restricting entry near no listed name is taken for another server's tool (a policy
        may serve several; `tools:` names are global): a warning, as are a tool a pack names
        that the server lacks (a pack covers several versions of its server), a loosening
        entry (it lifts nothing the real tool needs) and the user's entry for a pack's tool.
        `cordon check --server` fails on every restricting stray."""
        from cordon.checktools import pack_misfits, server_key_misfits, stray_entries

        policy = self.engine.policy
        wrong = []
        if names is not None:
            wrong += [
                f"pack {p!r} names none of its {len(names)} tools (written for another server)"
                for p in pack_misfits(policy, names)
            ]
            wrong += [
                f"tools.{s.name} names no tool it lists (did you mean {s.near!r}?)"
                for s in stray_entries(policy, names)
                if s.restrictions and s.near
            ]
        wrong += [
            f"servers.{k} is not its name {self.server!r}: its settings are dropped (a typo?)"
            for k in server_key_misfits(policy, self.server)
        ]
        self.policy_misfit = None
        if wrong:
            self.policy_misfit = (
                f"the policy does not fit server {self.server!r}: {'; '.join(wrong)}. Every "
                "call to this server is denied until the policy is fixed: run `cordon check "
                f"--server {shlex.quote(self.server)} {self.policy_options}` in a terminal"
            )
        return self.policy_misfit

    # -- the shared taint store -------------------------------------------------------
    def publish(self, *, go_on_holding: bool) -> str | None:
        """Publish the keys the shared taint store holds back (a sibling prodded this process,
        or traffic stopped for a moment: ``go_on_holding``). Returns a problem line, if any."""
        if self.shared is None:
            return None
        try:
            if go_on_holding:
                self.shared.publish_held()
            else:
                self.shared.flush()
        except OSError as exc:  # the marker stays open: siblings count these keys lost
            return f"publishing the held taint keys failed: {exc!r}"
        return None

    def blocking_rules(self, findings: list[Finding]) -> list[str]:
        """The rules of ``findings`` at or above the content policy's ``block_at``."""
        at = self.engine.policy.content.block_at
        return sorted({f.rule for f in findings if severity_at_least(f.severity, at)})


def _without_echo(result: dict[str, Any], uri: Any) -> dict[str, Any]:
    """``result`` with each ``contents[].uri`` equal to ``uri`` left out (a copy; the result
    delivered is not changed)."""
    contents = result.get("contents")
    if not isinstance(uri, str) or not isinstance(contents, list):
        return result
    kept = [
        {k: v for k, v in c.items() if k != "uri"}
        if isinstance(c, dict) and c.get("uri") == uri
        else c
        for c in contents
    ]
    return {**result, "contents": kept}
