"""The decision engine: one pure pipeline from (call, session state, policy) to a Verdict.

Order of layers (docs/internals.md): pinning -> budgets and scopes -> argument rules -> action rules
-> egress -> taint sink gate -> Rule of Two -> secrets. Every layer runs; the first deny wins,
otherwise the first ask not covered by an approval, otherwise allow. Approvals answer asks
only: a deny (taint, secrets, egress to metadata endpoints...) cannot be approved away.

The engine never does network I/O and never consults a model; the same call with the same
session history gets the same verdict. The only filesystem access is path resolution
(``realpath``) for path confinement.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from cordon._types import ALLOW, Finding, Verdict, severity_at_least
from cordon.content import evaluate_result, scan_instructions, scan_text, scan_tool
from cordon.content.known import KnownCredentials
from cordon.content.sanitize import Evaluation, sanitize_definition
from cordon.engine import args as _args
from cordon.engine import checks as _checks
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checked_args import forwarded_arguments, private_copy
from cordon.engine.checks._base import context as _context
from cordon.engine.checks.dlp import FORMAT_QUIET
from cordon.engine.client_requests import UNDECIDED_METHODS, other_params, request_values
from cordon.engine.dlp import Detector, default_detector
from cordon.engine.egress import EgressPolicy
from cordon.engine.json_args import json_arguments
from cordon.engine.near_domains import Index
from cordon.engine.output_secrets import secrets_in
from cordon.engine.pins import PinSet, duplicate_reason, tool_definition
from cordon.engine.provenance.repos import call_repo_pair
from cordon.engine.recorded import RecordedOutput, _recorded
from cordon.engine.relayed import relays_data
from cordon.engine.secrets import SecretSet, decoded_forms
from cordon.engine.session_state import ProvenanceState
from cordon.engine.shared_secrets import SecretLookup, shared_keys
from cordon.engine.trifecta import TrifectaState, writes_closed_world
from cordon.policy import Policy, ToolPolicy, load_policy
from cordon.policy.loader import PolicySource
from cordon.policy.model import NO_TOOL_POLICY
from cordon.policy.view import ToolView
from cordon.taint import MAX_SPELLINGS, Destination, SharedTaint, TaintIndex, repo_key, sent_key

_EMPTY_TOOL = NO_TOOL_POLICY  # (one object: the policy keeps one view for every such tool)


class StatePathList(Protocol):
    """The files of the client's other cordon processes (their policies, pin files, audit
    logs...), which no tool writes either (``action.cordon_state``):
    :class:`cordon.store.SharedStatePaths`."""

    def paths(self) -> tuple[str, ...]:
        """Every file published so far, absolute, current to the call.

        Raises:
            OSError: the list cannot be read (the write is denied: fail closed).
        """
        ...


@dataclass(frozen=True, kw_only=True)
class ListReport:
    """What to show the client after a tools/list page.

    Attributes:
        visible: tool definitions to pass on, in order.
        hidden: tool name -> the verdict that hid it (``pin.changed``, ``pin.unknown_tool``,
            ``content.poisoned_definition``).
        findings: tool name -> content findings in its definition (any severity).
        rewritten: the names of the tools shown with a beacon removed from their definition
            (:func:`cordon.content.sanitize.sanitize_definition`): shown as in ``visible``.
    """

    visible: list[dict[str, Any]]
    hidden: dict[str, Verdict] = field(default_factory=dict)
    findings: dict[str, list[Finding]] = field(default_factory=dict)
    rewritten: frozenset[str] = frozenset()


@dataclass(frozen=True, kw_only=True)
class Observation:
    """What ``Session.observe_output`` decided for one result.

    Attributes:
        action: ``deliver`` | ``sanitise`` | ``block`` (content firewall mode).
        result: the CallToolResult dict to deliver to the client.
        findings: content findings in the result.
    """

    action: str
    result: dict[str, Any]
    findings: list[Finding] = field(default_factory=list)


class Engine:
    """Policy, tool pins and shared state; makes sessions.

    Use ``Engine.from_policy(sources)``; sources are policy file paths or dicts layered in
    order (``[]`` means the defaults). Raises ``PolicyError`` on an invalid policy.
    """

    def __init__(
        self,
        policy: Policy,
        *,
        secrets: Iterable[str] = (),
        shared_taint: SharedTaint | None = None,
        paths: _args.PathResolver | None = None,
        dlp: Detector | None = None,
        shared_secrets: SecretLookup | None = None,
        state_paths: Iterable[str] = (),
        shared_state_paths: StatePathList | None = None,
    ):
        """
        Args:
            policy: the loaded policy.
            secrets: values to protect besides those found in tool output.
            shared_taint: the client's cross-server taint store
                (:class:`cordon.store.SharedTaintStore`), or None.
            paths: expands ``~`` and resolves symlinks for path confinement; default
                :class:`cordon.store.OsPaths` (the real home directory and filesystem).
            dlp: the credential formats checked in every call (``secret.pattern``); default
                detect-secrets' plugins (:func:`cordon.engine.dlp.default_detector`), read
                on the first call that needs them.
            shared_secrets: where credentials seen in output are shared, hashed, with the
                client's other cordon processes (:mod:`cordon.engine.shared_secrets`;
                ``cordon run`` passes its shared taint store), or None.
            state_paths: cordon's own files and directories (approvals store, pin file,
                policy, audit log, ``~/.cordon``): no tool writes them
                (``action.cordon_state``).
            shared_state_paths: the same files of the client's other cordon processes,
                read at each call that writes a path (``cordon run`` passes
                :class:`cordon.store.SharedStatePaths`), or None.
        """
        self.policy = policy
        self.paths = _args.default_resolver() if paths is None else paths
        self._dlp = dlp
        self.pins: dict[str, PinSet] = {}
        self.definitions: dict[str, dict[str, dict[str, Any]]] = {}
        self.poisoned: dict[str, dict[str, list[Finding]]] = {}
        self.changed: dict[str, dict[str, list[str]]] = {}
        self.policy_secrets = tuple(s for s in secrets if s)
        #: the same, masked in a result delivered in warn or block mode (cordon.content.known)
        self.known = KnownCredentials(self.policy_secrets)
        self.shared_taint = shared_taint
        self.shared_secrets = shared_secrets
        self.state_paths = tuple(dict.fromkeys(p for p in state_paths if p))
        self.shared_state_paths = shared_state_paths
        #: per tool, the checks that may object to its calls (derived at the first call)
        self.check_lists = _checks.CheckLists()
        self.egress = EgressPolicy(
            mode=policy.egress.mode,
            allow=tuple(policy.egress.allow),
            allow_private=policy.egress.allow_private,
            allow_schemes=tuple(policy.egress.allow_schemes),
        )

    @property
    def dlp(self) -> Detector:
        """The credential formats checked in every call (loaded on first use)."""
        if self._dlp is None:
            self._dlp = default_detector()
        return self._dlp

    @classmethod
    def from_policy(cls, sources: Iterable[PolicySource] = (), **kwargs: Any) -> Engine:
        """Load and layer policy ``sources`` (paths or dicts; ``[]`` = defaults) and build an
        engine. The policy's ``secrets:`` (environment variables, files) are read here
        unless ``secrets=`` is given.

        Raises:
            PolicyError: an invalid policy, or a listed secrets file that cannot be read.
        """
        policy = load_policy(sources)
        if "secrets" not in kwargs:
            # reading the environment and files is the store's job; imported here so that
            # the engine's modules import no I/O module
            from cordon.store.secrets import policy_secrets

            kwargs["secrets"] = policy_secrets(policy.secrets)
        return cls(policy, **kwargs)

    # -- tool definitions -------------------------------------------------------------
    def tool_policy(self, tool: str) -> ToolPolicy:
        return self.policy.tools.get(tool, _EMPTY_TOOL)

    def pin_tools(
        self, tools: Iterable[Any], *, server: str = "default", complete: bool = True
    ) -> ListReport:
        """Pin (first complete list) or check (later lists) tool definitions for ``server``:
        dicts as tools/list returns them, or the MCP SDK's ``Tool`` objects
        (:func:`cordon.engine.pins.tool_definition`).

        ``complete=False`` marks a page that is not the last of a paginated tools/list; the
        baseline is frozen once the last page has been seen.
        """
        ps = self.pins.setdefault(server, PinSet())
        defs = self.definitions.setdefault(server, {})
        poisoned = self.poisoned.setdefault(server, {})
        changed = self.changed.setdefault(server, {})
        visible: list[dict[str, Any]] = []
        hidden: dict[str, Verdict] = {}
        all_findings: dict[str, list[Finding]] = {}
        rewritten: set[str] = set()
        block_at = self.policy.content.block_at
        page = [tool_definition(tool) for tool in tools]
        repeated = ps.repeated(page, complete)
        for t in page:
            name = str(t.get("name", ""))
            findings = scan_tool(t)
            if findings:
                all_findings[name] = findings
            if name in repeated:  # neither definition is pinned or shown (tool shadowing)
                reason = duplicate_reason(name)
                hidden[name] = Verdict(verdict="deny", rule=rules.PIN_DUPLICATE_TOOL, reason=reason)
                continue
            # before the baseline is whole, a pinned name is compared all the same (pins of a
            # listing that never ended, kept across restarts) and a new one pinned
            status, fields = ps.status(t)
            if not ps.complete and status == "new":
                ps.add(t)
                defs[name] = t
                status = "ok"
            if status == "new":
                hidden[name] = Verdict(
                    verdict="deny",
                    rule=rules.PIN_UNKNOWN_TOOL,
                    reason=f"tool '{name}' appeared after the pinned baseline",
                )
                continue
            if status == "changed":
                changed[name] = fields
                hidden[name] = Verdict(
                    verdict="deny",
                    rule=rules.PIN_CHANGED,
                    reason=f"tool '{name}' changed after pinning ({', '.join(fields)})",
                    details={"changed_fields": fields, "changed": ps.digests(t, fields)},
                )
                continue
            bad = [f for f in findings if severity_at_least(f.severity, block_at)]
            shown = t if bad or not findings else self._shown_definition(t)
            if shown is None:  # a beacon that cannot be removed: hidden as poisoned
                bad = [f for f in findings if f.rule.startswith("exfil.")] or findings
            elif shown is not t:
                rewritten.add(name)
            if bad:
                poisoned[name] = bad
                hidden[name] = Verdict(
                    verdict="deny",
                    rule=rules.CONTENT_POISONED_DEFINITION,
                    reason=f"tool '{name}' definition carries {', '.join(sorted({f.rule for f in bad}))}",
                    details={"rules": sorted({f.rule for f in bad})},
                )
                continue
            visible.append(shown or t)
        if complete:
            ps.complete = True
        return ListReport(
            visible=visible, hidden=hidden, findings=all_findings, rewritten=frozenset(rewritten)
        )

    def _shown_definition(self, tool: dict[str, Any]) -> dict[str, Any] | None:
        """What the client is shown of a definition with findings under the block threshold:
        in warn and block modes its data-carrying links and slots removed, as in a result
        (a description that gives the model ``[status](https://x/?q={summary})`` or
        ``https://x/s/{secret}`` is read before any result is); ``None`` when one cannot be removed. The pins keep
        the definition as listed; monitor mode shows it so."""
        if self.policy.content.mode == "monitor":
            return tool
        return sanitize_definition(tool)

    def set_baseline(self, server: str, pins: PinSet) -> None:
        """Install persisted pins (trust on first use) as the baseline for ``server``."""
        self.pins[server] = pins
        self.definitions.setdefault(server, {}).update(pins.tools)

    def scan_instructions(self, text: str) -> list[Finding]:
        return scan_instructions(text)

    def new_session(self, *, trusted: Iterable[str] = (), session_id: str | None = None) -> Session:
        """A fresh session: empty taint, budgets, legs and approvals.

        ``trusted`` is text the user wrote or vouches for (their request, an address book):
        destinations in it are allowed even when they also appear in tool output, unless the
        policy sets ``trusted_text_beats_taint: false``.
        """
        return Session(self, trusted=trusted, session_id=session_id)


class Session(ProvenanceState):
    """Per-session state: taint index, call counts, Rule-of-Two legs, approvals, secrets, and
    where values came from (:class:`cordon.engine.session_state.ProvenanceState`)."""

    def __init__(
        self, engine: Engine, *, trusted: Iterable[str] = (), session_id: str | None = None
    ):
        p = engine.policy
        self.engine = engine
        self.id = session_id or uuid.uuid4().hex[:16]
        self.taint = TaintIndex(
            max_bytes=p.taint_memory_bytes,
            min_length=p.min_destination_length,
            shared=engine.shared_taint,
        )
        for defs in engine.definitions.values():  # definitions are server output too
            if defs:
                self.taint.add_value(list(defs.values()))
        self._init_provenance(trusted)
        self.counts: dict[tuple[str, str], int] = {}
        self.approvals: set[tuple[Any, ...]] = set()
        self.once: set[tuple[Any, ...]] = set()
        # Destinations this session already sent to with an allow (allowlist, approval or the
        # user's own text) before they showed up in output: a confirmation that echoes the
        # address ("sent to bob@...") must not make the next send to bob look attacker-made.
        self.vouched: set[str] = set()
        #: the look-alike comparison's index of ``vouched`` and of ``trusted_words`` with the
        #: size of the set it was built from (:func:`cordon.engine.checks._pipeline.lookalikes`)
        self.lookalike_indexes: dict[str, tuple[int, Index]] = {}
        #: of those, each key spelled plainly with the sent forms of its spellings: the
        #: taint index publishes a later echo of such a key to the client's other cordon
        #: processes only as an echo of exactly those sends (cordon.taint._echo), so they
        #: discount it as this session does and count everything else as taint
        self.sent: dict[str, set[str]] = {}
        self.taint.sent = self.sent
        #: the hosts of URLs this session sent to with an allow while no output had named the
        #: host: its later echo (a page's own URL, its links) does not taint it, as a repository's
        #: does not (``used_repos``), so another URL of it is asked about, not denied
        #: (:func:`cordon.engine.checks.taint.gate`)
        self.used_hosts: set[str] = set()
        #: GitHub ``(owner, repo)`` pairs an allowed call of this session named in its
        #: ``owner`` and ``repo`` arguments while no output had named them: their later echo
        #: in output (every URL of a read of that repository) does not taint them
        #: (:meth:`cordon.engine.checks.taint._Scan._repo_in_output`)
        self.used_repos: set[tuple[str, str]] = set()
        self.secrets = SecretSet()
        #: the arguments of the call :meth:`check` decided last when its ``dlp`` check found
        #: no string of them that can hold a credential in a known format, else None: the
        #: proxy's audit copy of those arguments is then they themselves, without walking
        #: and testing them a second time (:func:`cordon.decider.shown_arguments`)
        self.format_quiet: Mapping[str, Any] | None = None
        for s in engine.policy_secrets:
            self.secrets.add(s)
        self.legs = TrifectaState(shared=engine.shared_taint)
        #: set when a result could not be fully recorded (secrets, legs): from then on every
        #: sending or egress call is denied (``session.degraded``), since history is incomplete
        self.degraded: str | None = None

    @property
    def degraded(self) -> str | None:
        """Why the session's history is incomplete (output could not be fully recorded),
        else None; from then on every sending or egress call is denied (``session.degraded``)."""
        if self._degraded is not None:
            return self._degraded
        return self.taint.failure if self.taint.failure is not None else self.legs.failure

    @degraded.setter
    def degraded(self, value: str | None) -> None:
        self._degraded = value

    # -- observing --------------------------------------------------------------------
    def register_secret(self, value: str) -> None:
        """A value that must never leave in a sending or egress call (rule ``secret.egress``)."""
        self.secrets.add(value)

    def observe_untrusted(self, value: Any) -> None:
        """Record any upstream payload (error messages, notifications) as untrusted output."""
        self.taint.add_value(value)

    def record_output(self, result: Any) -> RecordedOutput:
        """The part of observing a result that must happen before it is delivered: its
        destinations enter the taint index (and the client's shared store, so a send through
        another server of the same client is judged with it). Cost: one walk over the
        result's strings, then linear in their length.
        """
        try:
            recorded = _recorded(result)
        except TypeError as exc:
            # a result cordon cannot read is history it does not have: fail closed
            self.degraded = str(exc)
            raise
        self.taint.add_text(recorded.text)
        if recorded.shown:  # its strings as delivered without terminal controls
            self.taint.add_text(recorded.shown)
        return recorded

    def observe_message(
        self,
        value: Any,
        evaluation: Evaluation | None = None,
        *,
        server: str = "default",
        tool: str = "notification",
        arguments: Mapping[str, Any] | None = None,
    ) -> list[Finding]:
        """Record a server message that is not a result (a notification's params: a log
        line, a progress message, a ``resources/updated`` URI; an error response's ``error``,
        ``tool`` and ``arguments`` then the call's) as untrusted output and scan
        its strings; ``evaluation``: warn mode's sanitising of it, whose findings are used
        as they are. A credential in it is kept as a seen secret, as one in a tool result is
        (``secret.egress``): a log line printing a database password hands it to the client
        (as sent, in monitor mode), and no later call may send it on."""
        recorded = self.record_output(value)
        if tool != "notification":
            # an error response is the call's outcome: the client hands its message (a server
            # quoting a page it read, an API's error body) to the model as a result's text, so
            # it is untrusted input as that tool's result is (Rule of Two). A notification (a
            # log line, progress) is shown to the person or dropped, not given to the model
            tp = self.engine.tool_policy(tool)
            self.legs.observe_result(
                untrusted=self._untrusted_output(tool, server, tp), sensitive=False
            )
        if evaluation is not None:
            findings = list(evaluation.findings)
        else:
            findings = scan_text(recorded.text) if recorded.text else []
        self.observe_secrets(
            value, recorded.text, findings, tool=tool, server=server, args=arguments
        )
        return findings

    def observe_secrets(
        self,
        value: Any,
        text: str,
        findings: list[Finding],
        tool: str = "notification",
        server: str = "default",
        *,
        args: Mapping[str, Any] | None = None,
    ) -> None:
        """Keep the credentials the content ``findings`` found in server output ``value``
        (recorded as ``text``) and share them with the client's other cordon processes
        (:meth:`_seen_secrets`): read from the whole text and from each field a finding
        names, as the sanitiser that masks them read it
        (:func:`cordon.engine.output_secrets.secrets_in`). No secret finding, no secret
        value: the secret rules are part of the scan.

        Raises:
            OSError: the shared store could not be written; CapExceeded: ``value`` is past
                the walk's caps (the caller fails closed either way).
        """
        if text and any(f.category == "secrets" for f in findings):
            found = secrets_in(value, text, findings)
            self._seen_secrets(found, tool, server, self.engine.tool_policy(tool), args)

    def observe_output(
        self,
        tool: str,
        result: Any,
        *,
        server: str = "default",
        content_mode: Literal["monitor", "warn", "block"] | None = None,
        recorded: RecordedOutput | None = None,
        arguments: Mapping[str, Any] | None = None,
        evaluation: Evaluation | None = None,
    ) -> Observation:
        """Record a tool result as untrusted output and run the content firewall on it.

        ``result`` is a CallToolResult (the MCP SDK's object or its dict; a resource read's
        result too), its list of content blocks, or plain text: pass all of it, error results
        too (structured content and embedded resources carry text); ``recorded`` is what
        :meth:`record_output` returned for it, when the caller already recorded its taint.
        ``arguments``: the call's arguments (a credential a file or command read relayed is
        told apart by them). ``evaluation``: the content firewall's evaluation of this very
        result when the caller already ran it (the proxy sanitises a result before it records
        it); it is used as is. Returns what to deliver.
        """
        if recorded is None:
            recorded = self.record_output(result)
        result, everything = recorded.result, recorded.text
        cp = self.engine.policy.content
        mode = content_mode or cp.mode
        if evaluation is not None:
            ev_action, ev_result = evaluation.action, evaluation.result
            findings = list(evaluation.findings)
        elif mode == "monitor":
            # Monitor never changes a result: one scan over all its strings (keys included)
            # finds the same rules as the per-field walk, without per-field paths.
            findings = scan_text(everything) if everything else []
            ev_action, ev_result = "deliver", result
        else:
            ev = evaluate_result(result, mode=mode, block_at=cp.block_at)
            findings, ev_action, ev_result = list(ev.findings), ev.action, ev.result
            # the policy's secrets, as `cordon run` masks its own
            ev_action, ev_result = self.engine.known.mask_delivery(ev_action, ev_result, findings)
        tp = self.engine.tool_policy(tool)
        self.observe_secrets(result, everything, findings, tool=tool, server=server, args=arguments)
        # (``is_error``: an SDK result dumped under its Python names is an error result too)
        failed = isinstance(result, dict) and (result.get("isError") or result.get("is_error"))
        usable = ev_action != "block" and not failed
        if usable:
            self._observe_provenance(tp, server, result, self._listing(tool, server))
        self.legs.observe_result(
            untrusted=self._untrusted_output(tool, server, tp),
            sensitive=self._sensitive(tool, server, tp, None),
        )
        return Observation(action=ev_action, result=ev_result, findings=findings)

    def _seen_secrets(
        self,
        found: list[str],
        tool: str,
        server: str,
        tp: ToolPolicy,
        arguments: Mapping[str, Any] | None,
    ) -> None:
        """Keep the credentials a result carries, and share them (hashed) with the client's
        other cordon processes. One relayed from a file, the environment or a command
        (:func:`cordon.engine.relayed.relays_data`) may not go back even to the server that
        returned it (CyberArk's advanced tool poisoning); one the server produced may, in a
        call that sends nothing.

        Raises:
            OSError: the shared store could not be written (the caller fails closed).
        """
        origin = None if relays_data(tool, tp, arguments) else server
        # a credential seen base64-encoded (a Kubernetes Secret's data) is its decoding too
        found = found + [p for v in found for p in decoded_forms(v) if p not in found]
        for secret in found:
            self.secrets.add(secret, origin=origin)
        shared = self.engine.shared_secrets
        keys = shared_keys(found) if shared is not None else []
        if keys and shared is not None:
            shared.publish(keys)

    # -- helpers ------------------------------------------------------------------------
    def _definition(self, server: str, tool: str) -> dict[str, Any] | None:
        return self.engine.definitions.get(server, {}).get(tool)

    def _annotations(self, server: str, tool: str) -> dict[str, Any]:
        d = self._definition(server, tool) or {}
        ann = d.get("annotations")
        # (a dict first: the ``Mapping`` test is an ABC check, several times slower)
        return dict(ann) if type(ann) is dict or isinstance(ann, Mapping) else {}

    def _annotation(self, server: str, tool: str, name: str, default: Any = None) -> Any:
        """One annotation of the pinned definition (:meth:`_annotations` without the copy)."""
        d = self._definition(server, tool)
        ann = d.get("annotations") if d else None
        # (a dict first, then None, the usual tool without annotations: the ``Mapping`` test
        # is an ABC check, about 0.5 us)
        if type(ann) is dict or (ann is not None and isinstance(ann, Mapping)):
            return ann.get(name, default)
        return default

    def _listing(self, tool: str, server: str) -> str | None:
        """The namespace noun ``tool`` lists (:func:`provenance.listing_noun`) when its server
        marks it read-only and not destructive; else ``None``."""
        noun = _prov.listing_noun(tool)
        if noun is None or self._annotation(server, tool, "readOnlyHint") is not True:
            return None
        return None if self._annotation(server, tool, "destructiveHint") is True else noun

    def _untrusted_output(self, tool: str, server: str, tp: ToolPolicy) -> bool:
        if tp.untrusted_output is not None:
            return tp.untrusted_output
        sp = self.engine.policy.servers.get(server)
        if sp is not None and sp.untrusted_output is not None:
            return sp.untrusted_output
        # By default every result counts as untrusted input (issue 5); a tool that declares
        # itself closed-world (openWorldHint: false) does not, unless the policy says so or
        # its server writes that closed world: a store's reads return what an agent steered
        # by untrusted input may have written there earlier (stored prompt injection)
        if self._annotation(server, tool, "openWorldHint", True) is not False:
            return True
        return writes_closed_world(self.engine.definitions.get(server))

    def _sensitive(self, tool: str, server: str, tp: ToolPolicy | ToolView, arguments: Any) -> bool:
        if tp.sensitive is not None:
            return tp.sensitive
        sp = self.engine.policy.servers.get(server)
        if sp is not None and sp.sensitive is not None:
            return sp.sensitive
        paths = self.engine.policy.sensitive_paths
        if paths and arguments is not None and tp.path_params:
            names = set(tp.path_params)
            for key, value in _args.iter_keyed(arguments):
                if key in names:
                    for leaf in _args.leaves(value):
                        if isinstance(leaf, str) and self._sensitive_path(leaf, tp):
                            return True
        return False

    def _sensitive_path(self, leaf: str, tp: ToolPolicy | ToolView) -> bool:
        """A path argument under ``sensitive_paths`` in any reading and any case (attack
        class: ``~/.SSH/id_rsa`` on a case-insensitive file system, ``..\\``, ``id_rsa.``
        and ``%USERPROFILE%`` on Windows, an 8.3 alias ``SECRET~1.TXT``:
        :func:`cordon.engine.args.resolved_readings`, as a shell command's path is read; the
        sensitive-data leg widens a control, so every reading counts)."""
        paths, watched = self.engine.paths, self.engine.policy.sensitive_paths
        readings = _args.deny_list_readings(leaf, tp.base_dir, paths, watched)
        return any(_args.path_within_any_case(r, watched, paths) for r in readings)

    # -- deciding -----------------------------------------------------------------------
    def check(
        self,
        tool: str,
        arguments: Mapping[str, Any] | None = None,
        *,
        server: str = "default",
        scopes: Iterable[str] | None = None,
        pipeline: Sequence[_checks.Check] | None = None,
        forward: bool = True,
    ) -> Verdict:
        """Decide one tools/call. Returns a ``Verdict`` (``Decision``); never raises for a
        bad call: malformed arguments are a deny (``arg.malformed``). A verdict that is not
        a deny carries the arguments to run the call with (``Verdict.arguments``: decided on
        a private copy, paths anchored: :mod:`cordon.engine.checked_args`); ``forward=False``
        leaves them out, for a caller that forwards what it parsed them from (``cordon run``).

        The checks and their order are :data:`cordon.engine.checks.PIPELINE`. An ``allow``
        counts against the tool's ``max_calls`` budget. ``pipeline``: other checks, for a
        client request that is not a call (``tool`` its method, ``arguments`` the values
        :func:`cordon.engine.client_requests.request_values` picked).
        """
        if arguments is None:
            arguments = {}
        if type(arguments) is not dict and not isinstance(arguments, Mapping):
            return Verdict(
                verdict="deny", rule=rules.ARG_MALFORMED, reason="arguments must be an object"
            )
        out: _checks.Outcome | None = None
        self.format_quiet = None
        try:
            arguments = json_arguments(arguments)  # Python objects: as the SDK sends them
            if forward and pipeline is None:  # the caller's dict may change after the check
                arguments = private_copy(arguments)
            ctx = _context(self, tool, arguments, server, scopes, self.engine.tool_policy(tool))
            out = _checks.decide(ctx) if pipeline is None else _checks.run(pipeline, ctx)
            v = out.verdict
            if FORMAT_QUIET in ctx.memo:
                self.format_quiet = arguments
        except ValueError as exc:
            v = Verdict(verdict="deny", rule=rules.ARG_MALFORMED, reason=str(exc))
        except (TypeError, RecursionError, OverflowError) as exc:
            # arguments no JSON can carry (a 100-digit integer, a lone surrogate, bytes):
            # refused, never allowed by an exception escaping the check
            v = Verdict(
                verdict="deny",
                rule=rules.ARG_MALFORMED,
                reason=f"arguments cannot be checked: {type(exc).__name__}",
            )
        if v.verdict == "allow" and out is not None:  # (only the pipeline allows)
            facts = out.facts
            sent = facts.taint
            key = (server, tool)
            self.counts[key] = self.counts.get(key, 0) + 1
            # a key the call spelled with look-alike characters stays unvouched: the plain
            # spelling of its key is another destination
            self._note_sent(sent)
            self._note_hosts(sent.hosts)
            self.vouched.update(d for d in v.destinations if d not in sent.odd)
            self._note_repo(arguments)
            legs = facts.legs
            self.legs.record_call(
                external=legs.external, sensitive=legs.sensitive, steered=legs.steered
            )
        if forward and pipeline is None and v.verdict != "deny" and isinstance(arguments, dict):
            # (only the pipeline's verdict is not a deny, so ``ctx`` is this call's; a tool
            # without path parameters has no path to anchor)
            if ctx.tv.path_params:
                arguments = forwarded_arguments(self.engine, tool, arguments)
            v = _checks.with_arguments(v, arguments, ctx)
        return v

    def check_request(
        self, method: str, params: Mapping[str, Any] | None = None, *, server: str = "default"
    ) -> Verdict:
        """Decide a client request that is not a call, as ``cordon run`` does before it
        forwards one (:mod:`cordon.engine.client_requests`): ``resources/read`` of a network
        URI, or of a URI carrying one, as a fetch of that URL; the values of ``prompts/get``
        and ``completion/complete``, and any other URI, for secrets. A method of MCP that
        carries nothing the agent chose (:data:`~cordon.engine.client_requests.UNDECIDED_METHODS`)
        is allowed. Denied (``arg.malformed``), never allowed: ``tools/call`` (that is
        :meth:`check`'s), a method cordon does not know, a request missing what its method
        needs (``params.uri``)."""
        try:
            if method == "tools/call":
                raise ValueError("tools/call is decided by check(tool, arguments), not here")
            picked = request_values(method, params if params is not None else {})
            if picked is None and method not in UNDECIDED_METHODS:
                raise ValueError(f"cordon does not know the client request {method!r}")
        except ValueError as exc:
            return Verdict(verdict="deny", rule=rules.ARG_MALFORMED, reason=str(exc))
        refused = self.check_params(method, params, server=server)
        if refused is not None:
            return refused
        if picked is None:
            return ALLOW
        values, pipeline = picked
        return self.check(method, values, server=server, pipeline=pipeline)

    def check_params(self, method: str, params: Any, *, server: str = "default") -> Verdict | None:
        """Why a client request's params outside the values its method decides may not reach
        the server (a deny), or None. Those params
        (:func:`cordon.engine.client_requests.other_params`: ``_meta``, a list's ``cursor``,
        a task id, keys no method defines) are read for credentials as a call's arguments
        that do not send are (:data:`cordon.engine.checks.VALUES_PIPELINE`): a registered or
        seen secret, or a credential in a known format, is refused; one this server itself
        returned may go back to it (a cursor or task id it handed out). An ask (a compressed
        stream past the cap) is a deny: nobody is asked about a field the agent did not
        write. No other effect: nothing is counted or approved."""
        rest = other_params(method, params)
        if not rest:
            return None
        ctx = _checks.Context(self, method, rest, server, None, _EMPTY_TOOL)
        v = _checks.first_objection(_checks.VALUES_PIPELINE, ctx, _checks.Facts())
        if v is None:
            return None
        reason = v.reason.replace("argument '", "params field '", 1)
        reason = reason.replace("the call", "the request", 1)
        return Verdict(verdict="deny", rule=v.rule, reason=reason, param=v.param, details=v.details)

    def _note_sent(self, facts: _checks.SinkFacts) -> None:
        """Keep the spellings of an allowed call's plain destinations (``sent``), before
        the call's keys are vouched. Not a new spelling of a key this session vouched that
        its own output holds: that send was cleared by the key alone (``+7 555 010 0199``
        after a send to ``+1 555 010 0199``: one phone key), and its spelling may be the
        output's; its echo stays taint for the client's other processes (fail closed)."""
        for key, raw in facts.spellings:
            if key in facts.odd:
                continue
            form = sent_key(raw)
            spelled = self.sent.get(key)
            if spelled is not None and form in spelled:
                continue
            if key in self.vouched and (self.taint.truncated or self.taint.holds_key(key)):
                continue  # (an index past its cap may have dropped that output)
            spelled = self.sent.setdefault(key, set())
            if len(spelled) < MAX_SPELLINGS:
                spelled.add(form)

    def _note_hosts(self, hosts: Iterable[str]) -> None:
        """Keep the hosts of an allowed call's plain destinations that no output named (nor
        may have: an index past its cap, a sibling's output not read, is not clean)."""
        for host in hosts:
            if host not in self.used_hosts:
                if self.taint.lookup(Destination(kind="host", raw=host, key=host)) == "clean":
                    self.used_hosts.add(host)

    def _note_repo(self, arguments: Any) -> None:
        """Keep the GitHub pair an allowed call names (``owner`` and ``repo``), unless output
        named it before: then it came to the agent from that output and stays tainted."""
        pair = call_repo_pair(arguments) if isinstance(arguments, Mapping) else None
        if pair is not None and pair not in self.used_repos:
            if not self.taint.contains_key(repo_key(*pair)):
                self.used_repos.add(pair)

    def approve(
        self,
        decision: Verdict,
        *,
        tool: str | None = None,
        arguments: Mapping[str, Any] | None = None,
        server: str | None = None,
    ) -> None:
        """Record that a person approved ``decision`` (an ask) for the rest of the session:
        every key it stands for (:func:`cordon.engine.checks.ask_keys`: all the asks of the
        call the person was shown at once)."""
        if decision.verdict != "ask":
            return
        keys = _checks.ask_keys(decision)
        if not keys and tool is not None:
            keys = [_checks.approval_key(decision, server or "default", tool, arguments or {})]
        self.approvals.update(keys)

    def once_approve(self, decision: Verdict) -> list[tuple[Any, ...]]:
        """Approve ``decision`` (an ask) for the next matching call only (one-time codes):
        every key it stands for. Returns the keys added, for the caller to withdraw those the
        next check did not use (:meth:`once_withdraw`)."""
        keys = [k for k in _checks.ask_keys(decision) if k not in self.once]
        self.once.update(keys)
        return keys

    def once_withdraw(self, keys: list[tuple[Any, ...]]) -> None:
        """Withdraw one-time approvals the call they were given for did not use (fail closed:
        an approval is for the call the person was shown, never a later one)."""
        self.once.difference_update(keys)
