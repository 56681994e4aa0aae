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

import re
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cordon._types import Finding, Verdict, severity_at_least
from cordon.content import evaluate_result, find_secrets, scan_instructions, scan_text, scan_tool
from cordon.engine import args as _args
from cordon.engine import checks as _checks
from cordon.engine import provenance as _prov
from cordon.engine import rules
from cordon.engine.checks._spelling import may_fold as _may_fold
from cordon.engine.egress import EgressPolicy
from cordon.engine.pins import PinSet
from cordon.engine.secrets import SecretSet
from cordon.engine.trifecta import TrifectaState
from cordon.policy import Policy, ToolPolicy, load_policy
from cordon.policy.loader import PolicySource
from cordon.taint import (
    SharedTaint,
    TaintIndex,
    extract_destinations,
    norm,
)
from cordon.textnorm import mark_lookalikes

_EMPTY_TOOL = ToolPolicy()
#: a full stop directly followed by a capitalised word: a sentence break typed without a space
_SENTENCE_JOIN = re.compile(r"\.(?=[A-Z][a-z])")
#: asks whose arguments are kept for a later approval (``Session._asked_sends``), newest kept
_MAX_ASKED = 256
#: delegated request texts kept per session (``Session.delegated_texts``)
_MAX_DELEGATED = 16
#: marks a source name in :attr:`Session.sent_keys`: a call (not an ``address_source``
#: read) gave that name, so it may have written to the source (no destination key has it)
_WROTE = "\x00wrote:"
#: marks a value a call gave in :attr:`Session.sent_keys` (a call of a tool without
#: ``owned_fields``): a record holding it may have been written to (``owned_fields``)
_NAMED = "\x00named:"
_WORD_RE = re.compile(r"[^\s,;<>()\[\]{}\"'`]+")
_NONSPACE_RE = re.compile(r"\S+")


@dataclass(frozen=True, kw_only=True)
class ListReport:
    """What to show the client after a tools/list page.

    Attributes:
        visible: tool definitions to pass on, in order.
        hidden: tool name -> the verdict that hid it (``pin.changed``, ``pin.unknown_tool``,
            ``content.poisoned_definition``).
        findings: tool name -> content findings in its definition (any severity).
    """

    visible: list[dict[str, Any]]
    hidden: dict[str, Verdict] = field(default_factory=dict)
    findings: dict[str, list[Finding]] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class RecordedOutput:
    """A result whose destinations are already in the taint index (``Session.record_output``).

    Attributes:
        result: the CallToolResult dict.
        text: all its strings and object keys, newline-joined (what was indexed and is scanned).
    """

    result: dict[str, Any]
    text: str


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


def _trusted_variants(text: str) -> tuple[str, ...]:
    """The forms of a trusted text that are indexed: itself and, when a sentence follows an
    address without a space ("www.our-company.com.They sent..."), the text with one put
    there (the address is the part before the break)."""
    if _SENTENCE_JOIN.search(text):
        return (text, _SENTENCE_JOIN.sub(". ", text))
    return (text,)


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
    ):
        """
        Args:
            policy: the loaded policy.
            secrets: values to protect besides those found in tool output.
            shared_taint: the client's cross-server taint store
                (:class:`cordon.store.SharedTaintStore`), or None.
            paths: expands ``~`` and resolves symlinks for path confinement; default
                :class:`cordon.store.OsPaths` (the real home directory and filesystem).
        """
        self.policy = policy
        self.paths = _args.default_resolver() if paths is None else paths
        self.pins: dict[str, PinSet] = {}
        self.definitions: dict[str, dict[str, dict[str, Any]]] = {}
        self.poisoned: dict[str, dict[str, list[Finding]]] = {}
        self.changed: dict[str, dict[str, list[str]]] = {}
        self.policy_secrets = tuple(s for s in secrets if s)
        self.shared_taint = shared_taint
        #: the user's own identities exactly as the policy spells them (``owned_fields``; a
        #: folded comparison would let another account's name match)
        self.identities = frozenset(policy.user_identities)
        #: some tool has ``owned_fields`` and the policy ``user_identities``
        self.owned = bool(self.identities) and any(tp.owned_fields for tp in policy.tools.values())
        #: some tool has ``directory_text_fields``, ``address_source`` or ``owned_fields``:
        #: sessions then note what each allowed call sends out (:attr:`Session.sent_keys`),
        #: which member text, a source the user points at or a share list may not vouch for
        self.text_fields = self.owned or any(
            tp.directory_text_fields or tp.address_source for tp in policy.tools.values()
        )
        #: some tool has ``address_source``: what a call names is noted as written to (an
        #: agent could write an address into a source, then read it back as the user's)
        self.address_sources = any(tp.address_source for tp in policy.tools.values())
        self.egress = EgressPolicy(
            mode=policy.egress.mode,
            allow=tuple(policy.egress.allow),
            allow_private=policy.egress.allow_private,
            allow_schemes=tuple(policy.egress.allow_schemes),
        )

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
            from cordon.store.secrets import load_policy_secrets

            kwargs["secrets"] = load_policy_secrets(policy.secrets.env, policy.secrets.files)
        return cls(policy, **kwargs)

    # -- tool definitions -------------------------------------------------------------
    def tool_policy(self, tool: str) -> ToolPolicy:
        return self.policy.tools.get(tool, _EMPTY_TOOL)

    def pin_tools(
        self, tools: Iterable[Mapping[str, Any]], *, server: str = "default", complete: bool = True
    ) -> ListReport:
        """Pin (first complete list) or check (later lists) tool definitions for ``server``.

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
        block_at = self.policy.content.block_at
        for tool in tools:
            t = dict(tool)
            name = str(t.get("name", ""))
            findings = scan_tool(t)
            if findings:
                all_findings[name] = findings
            status, fields = ("new", []) if not ps.complete else ps.status(t)
            if not ps.complete:
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
                    details={"changed_fields": fields},
                )
                continue
            bad = [f for f in findings if severity_at_least(f.severity, block_at)]
            if bad:
                poisoned[name] = bad
                hidden[name] = Verdict(
                    verdict="deny",
                    rule=rules.CONTENT_POISONED_DEFINITION,
                    reason=f"tool '{name}' definition carries {', '.join(sorted({f.rule for f in bad}))}",
                    details={"rules": sorted({f.rule for f in bad})},
                )
                continue
            visible.append(t)
        if complete:
            ps.complete = True
        return ListReport(visible=visible, hidden=hidden, findings=all_findings)

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


class Session:
    """Per-session state: taint index, call counts, Rule-of-Two legs, approvals, secrets."""

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
        #: ``trusted`` (the folded keys of the trusted texts) is built when first needed
        self._trusted: TaintIndex | None = None
        self._trusted_count = 0
        for defs in engine.definitions.values():  # definitions are server output too
            if defs:
                self.taint.add_value(list(defs.values()))
        self.trusted_words: set[str] = set()
        #: ``trusted`` and ``trusted_words`` of the texts with look-alike characters marked
        #: (:meth:`add_trusted`): they vouch for destinations spelled without any
        self.trusted_plain = TaintIndex(max_bytes=p.taint_memory_bytes, min_length=1, spelled=True)
        self.trusted_plain_words: set[str] = self.trusted_words  # until a text has one
        #: the trusted texts as given (``requires_request`` patterns search them)
        self.trusted_texts: list[str] = []
        #: per server: destination keys vouched for by whole items of its directory tools'
        #: output, and those items' exact spellings (:func:`provenance.strict`)
        self.directory: dict[str, set[str]] = {}
        self.directory_spelled: dict[str, set[str]] = {}
        #: per server that listed an item spelled with look-alike characters: the keys of its
        #: plain items only (a plain sink value is vouched by those)
        self.directory_plain: dict[str, set[str]] = {}
        #: per server: links and addresses as written (:func:`provenance.strict`) in the
        #: ``directory_text_fields`` of its output; an argument that is exactly one of them is
        #: vouched for. Not those this session sent out before (``sent_keys``): the agent
        #: posting an injected address to a channel and reading it back does not launder it.
        self.text_spelled: dict[str, set[str]] = {}
        #: results of ``delegable`` tools read from a source the user delegated to by name
        #: (:func:`provenance.delegated_names`): searched by ``requires_request`` only
        self.delegated_texts: list[str] = []
        self._delegated_cache: tuple[int, frozenset[frozenset[str]]] = (-1, frozenset())
        #: per source the user says an address is written in: the address keys and
        #: spellings its ``address_source`` results held on any server, and whether one of
        #: them was this session's own send, or the session wrote to the source, before it
        #: was read (:func:`provenance.address_sources`); and the servers it was read on
        self.source_seen: dict[str, tuple[set[str], set[str], bool]] = {}
        self.source_servers: dict[str, set[str]] = {}
        #: per server: the sole address spelling of each such source (an argument that is
        #: exactly one of them is vouched for, as a member's in ``text_spelled``)
        self.source_spelled: dict[str, set[str]] = {}
        self._sources_cache: tuple[int, frozenset[str]] = (-1, frozenset())
        #: destination keys in the arguments of every allowed call (kept only when some tool
        #: has ``directory_text_fields``)
        self.sent_keys: set[str] = set()
        #: (texts done, their forms, joined) for :meth:`_trusted_joined`
        self._trusted_strict_cache: list[Any] = [0, [], ""]
        self._trusted_norm_cache: list[Any] = [0, [], ""]
        self._trusted_plain_norm_cache: list[Any] = [0, [], ""]
        for text in trusted:
            self.add_trusted(text)
        self.counts: dict[tuple[str, str], int] = {}
        self.approvals: set[tuple[Any, ...]] = set()
        self.once: set[tuple[Any, ...]] = set()
        # Destinations this session already sent to with an allow (allowlist, approval or the
        # user's own text) before they showed up in output: a confirmation that echoes the
        # address ("sent to bob@...") must not make the next send to bob look attacker-made.
        self.vouched: set[str] = set()
        #: identifier-shaped values of ``private_values`` tools' output (rule
        #: ``taint.private_value``): matched like secrets, through encodings, but asked about
        self.private = SecretSet()
        self.secrets = SecretSet()
        for s in engine.policy_secrets:
            self.secrets.add(s)
        self.legs = TrifectaState()
        self._last_legs: tuple[bool, bool] = (False, False)
        #: destination keys the last decision cleared only by a member's spelling
        #: (``directory_text_fields``): an allow does not vouch for their key
        self._last_written: set[str] = set()
        #: destination keys the last check found spelled with look-alike characters
        self._last_odd: set[str] = set()
        #: destinations of the last check seen in this session's output that something
        #: cleared anyway, with what: ``user_text``, ``directory`` or ``allowlist``
        self._last_over_taint: dict[str, str] = {}
        #: per approval key of a recent ask: the keys its call would add to ``sent_keys``
        self._asked_sends: dict[tuple[Any, ...], set[str]] = {}
        #: set when a result could not be fully recorded (secrets, legs): from then on every
        #: sending or egress call is denied (``session.degraded``), since history is incomplete
        self.degraded: str | None = None

    @property
    def degraded(self) -> str | None:
        """Why the session's history is incomplete (output could not be fully recorded),
        else None; from then on every sending or egress call is denied (``session.degraded``)."""
        return self._degraded if self._degraded is not None else self.taint.failure

    @degraded.setter
    def degraded(self, value: str | None) -> None:
        self._degraded = value

    # -- observing --------------------------------------------------------------------
    def register_secret(self, value: str) -> None:
        """A value that must never leave in a sending or egress call (rule ``secret.egress``)."""
        self.secrets.add(value)

    def add_trusted(self, text: str) -> None:
        """Vouch for the destinations in ``text`` (the user's request, an address book):
        address-shaped ones and also bare words, so ``send it to Alice`` vouches ``Alice``.

        A look-alike spelling vouches only for itself: ``ops@хор.ru`` typed (Cyrillic) does
        not vouch for the ASCII ``ops@xop.ru``, another domain with the same key. The text
        is keyed with every look-alike character marked first (``trusted_plain``,
        :func:`cordon.textnorm.mark_lookalikes`), which vouches for destinations spelled
        without any; and, when first needed, as taint keys it (:attr:`trusted`), for a sink
        value spelled with look-alike characters, which the text must spell so too
        (:meth:`_spelled`)."""
        self.trusted_texts.append(text)
        for variant in _trusted_variants(text):
            self.trusted_plain.add_text(variant)
        marked = mark_lookalikes(text)
        if marked is not text and self.trusted_plain_words is self.trusted_words:
            # the first text with a look-alike: the plain words part from the others here
            self.trusted_plain_words = set(self.trusted_words)
        normed = norm(text)
        self._add_words(self.trusted_words, normed)
        if self.trusted_plain_words is not self.trusted_words:
            self._add_words(self.trusted_plain_words, normed if marked is text else norm(marked))

    @property
    def trusted(self) -> TaintIndex:
        """The keys of the trusted texts, look-alike spellings folded as in taint (for a
        sink value spelled with look-alike characters, vouched only when the text spells
        it so: :meth:`_spelled`); built on first use, since such values are rare."""
        if self._trusted is None:
            self._trusted = TaintIndex(
                max_bytes=self.engine.policy.taint_memory_bytes, min_length=1
            )
        while self._trusted_count < len(self.trusted_texts):
            for variant in _trusted_variants(self.trusted_texts[self._trusted_count]):
                self._trusted.add_text(variant)
            self._trusted_count += 1
        return self._trusted

    @staticmethod
    def _add_words(words: set[str], normed: str) -> None:
        for word in _WORD_RE.findall(normed):
            w = word.strip(".:!?").lstrip("#@")
            if w:
                words.add(w)

    def observe_untrusted(self, value: Any) -> None:
        """Record any upstream payload (error messages, notifications) as untrusted output."""
        self.taint.add_value(value)

    def record_output(self, result: Any) -> RecordedOutput:
        """The part of observing a result that must happen before it is delivered: its
        destinations enter the taint index (and the client's shared store, so a send through
        another server of the same client is judged with it). Cost: one walk over the
        result's strings, then linear in their length.
        """
        recorded = _recorded(result)
        self.taint.add_text(recorded.text)
        return recorded

    def observe_output(
        self,
        tool: str,
        result: Any,
        *,
        server: str = "default",
        content_mode: str | None = None,
        recorded: RecordedOutput | None = None,
        arguments: Mapping[str, Any] | None = None,
    ) -> Observation:
        """Record a tool result as untrusted output and run the content firewall on it.

        ``result`` is a CallToolResult dict or plain text; ``recorded`` is what
        :meth:`record_output` returned for it, when the caller already recorded its taint.
        ``arguments``: the call's arguments, for ``delegable``
        tools (without them no result is taken as delegated). Returns what to deliver.
        """
        if recorded is None:
            recorded = self.record_output(result)
        result, everything = recorded.result, recorded.text
        cp = self.engine.policy.content
        mode = content_mode or cp.mode
        if mode == "monitor":
            # Monitor never changes a result: one scan over all its strings (keys included)
            # finds the same rules as the per-field walk, without per-field paths.
            findings = scan_text(everything) if everything else []
            ev_action, ev_result = "deliver", result
        else:
            ev = evaluate_result(result, mode=mode, block_at=cp.block_at)
            findings, ev_action, ev_result = list(ev.findings), ev.action, ev.result
        if everything and any(f.category == "secrets" for f in findings):
            # the secret rules are part of the scan above: no secret finding, no secret value
            for secret in find_secrets(everything):
                self.secrets.add(secret)
        tp = self.engine.tool_policy(tool)
        usable = ev_action != "block" and not (isinstance(result, dict) and result.get("isError"))
        if (tp.directory or tp.directory_fields) and usable:
            fields = None if tp.directory else frozenset(tp.directory_fields)
            items = list(_prov.directory_items(result, fields))
            self._add_directory(server, items)
        if tp.owned_fields and usable and self.engine.identities:
            # not what this session sent out itself: a share the agent made (asked and
            # approved), read back, is not the user's own choice of recipient
            named = {k[len(_NAMED) :] for k in self.sent_keys if k.startswith(_NAMED)}
            owned = [
                item
                for item in _prov.owned_field_items(
                    result, dict(tp.owned_fields), self.engine.identities, named
                )
                if not _prov.item_keys([item]) & self.sent_keys
            ]
            self._add_directory(server, owned)
        if tp.directory_text_fields and usable:
            fields = frozenset(tp.directory_text_fields)
            written = self.text_spelled.setdefault(server, set())
            for text in _prov.text_field_strings(result, fields):
                for spelling in _prov.written_destinations(text):
                    if spelling in written:
                        continue
                    keys = _prov.spelling_keys(spelling)
                    if not keys or keys & self.sent_keys:
                        # this session sent it out first: not a member's own word; or it has
                        # no key to tell whether it did (``http://.evil.example``)
                        continue
                    written.add(spelling)
        if tp.delegable and usable and arguments is not None and everything:
            self._note_delegated(arguments, everything)
        if tp.address_source and usable and arguments is not None:
            self._note_source(server, arguments, everything)
        if tp.private_values and usable:
            trusted = self._trusted_norm()
            for value in _prov.private_ids(everything):
                if not _prov.has_words(trusted, norm(value)):
                    for form in _prov.private_forms(value):
                        self.private.add(form, name="private value")
        self.legs.observe_result(
            untrusted=self._untrusted_output(tool, server, tp),
            sensitive=self._sensitive(tool, server, tp, None),
        )
        return Observation(action=ev_action, result=ev_result, findings=findings)

    # -- helpers ------------------------------------------------------------------------
    def _definition(self, server: str, tool: str) -> dict[str, Any] | None:
        return self.engine.definitions.get(server, {}).get(tool)

    def _annotations(self, server: str, tool: str) -> dict[str, Any]:
        d = self._definition(server, tool) or {}
        ann = d.get("annotations")
        return dict(ann) if isinstance(ann, Mapping) else {}

    def _untrusted_output(self, tool: str, server: str, tp: ToolPolicy) -> bool:
        if tp.untrusted_output is not None:
            return tp.untrusted_output
        sp = self.engine.policy.servers.get(server)
        if sp is not None and sp.untrusted_output is not None:
            return sp.untrusted_output
        # By default every result counts as untrusted input (issue 5); a tool that declares
        # itself closed-world (openWorldHint: false) does not, unless the policy says so.
        return self._annotations(server, tool).get("openWorldHint", True) is not False

    def _sensitive(self, tool: str, server: str, tp: ToolPolicy, arguments: Any) -> bool:
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
                        if isinstance(leaf, str):
                            r = _args.resolve_path(leaf, tp.base_dir, self.engine.paths)
                            if r is not None and _args.path_within(r, paths, self.engine.paths):
                                return True
        return False

    # -- deciding -----------------------------------------------------------------------
    def check(
        self,
        tool: str,
        arguments: Mapping[str, Any] | None = None,
        *,
        server: str = "default",
        scopes: Iterable[str] | None = None,
    ) -> Verdict:
        """Decide one tools/call. Returns a ``Verdict`` (``Decision``); never raises for a
        bad call: malformed arguments are a deny (``arg.malformed``).

        The checks and their order are :data:`cordon.engine.checks.PIPELINE`. An ``allow``
        counts against the tool's ``max_calls`` budget.
        """
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, Mapping):
            return Verdict(
                verdict="deny", rule=rules.ARG_MALFORMED, reason="arguments must be an object"
            )
        facts = _checks.Facts()
        try:
            ctx = _checks.Context(
                self, tool, arguments, server, scopes, self.engine.tool_policy(tool)
            )
            out = _checks.decide(ctx)
            v, facts = out.verdict, out.facts
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
        if v.verdict == "allow":
            key = (server, tool)
            self.counts[key] = self.counts.get(key, 0) + 1
            # a key cleared only by a member's exact spelling stays unvouched: its other
            # spellings (``?d=<data>``) are not the member's; nor one the call spelled with
            # look-alike characters: the plain spelling of its key is another destination
            self.vouched.update(
                d for d in v.destinations if d not in facts.written and d not in facts.odd
            )
            if self.engine.text_fields:
                self.sent_keys.update(self._send_keys(arguments, tool))
            self.legs.record_call(external=facts.external, sensitive=facts.sensitive)
        elif v.verdict == "ask" and self.engine.text_fields:
            # what an approval of this ask lets out, noted now: a caller may run the call on
            # the approval without checking it again
            key = v.details.get("approval_key")
            if key is not None:
                self._asked_sends.setdefault(tuple(key), set()).update(
                    self._send_keys(arguments, tool)
                )
                while len(self._asked_sends) > _MAX_ASKED:
                    self._asked_sends.pop(next(iter(self._asked_sends)))
        return v

    def _send_keys(self, arguments: Mapping[str, Any], tool: str | None = None) -> set[str]:
        """The keys a call's arguments add to :attr:`sent_keys`: its destinations, and each
        link and address in it keyed the way reading the text back keys it (a link in
        backticks, after an em dash or in CJK text is one token to
        :func:`extract_destinations`, a link there), an address also without markup around it
        (:func:`provenance.address_core`). With an ``address_source``
        tool in the policy, also every name the call gives (``_WROTE`` + its
        :func:`provenance.source_form`) and every source the user's text names whose name
        occurs in it in any spelling (:func:`provenance.sources_named_in`), unless the call is
        a read of one name by an ``address_source`` tool (:func:`provenance.read_source`; a
        fetch that also posts a body is not): a call that names a source may write to it."""
        args = dict(arguments)
        tp = self.engine.tool_policy(tool) if tool is not None else None
        keys = {d.key for d in extract_destinations(args)}
        keys |= _prov.sent_spelling_keys(args)
        keys |= {_prov.address_core(k) for k in keys if "@" in k}
        if self.engine.owned:
            if not (tp is not None and tp.owned_fields):
                # a record this call names (an id, a file name) may have changed: its share
                # list vouches for nothing after (``owned_fields``)
                keys |= {_NAMED + v for v in _prov.named_values(args)}
            # an address given in a spelling a platform may store plain (``fred [at] x.com``,
            # ``fred @ x.com``): a share list showing it is still the session's own
            for leaf in _args.leaves(args):
                if isinstance(leaf, str):
                    found = _prov.source_addresses(leaf)
                    if found is not None:
                        keys |= {k for k in found[0] if not k.startswith("\x00")}
        if self.engine.address_sources and not (
            tp is not None and tp.address_source and _prov.read_source(args, None) is not None
        ):
            keys |= {_WROTE + name for name in _prov.source_names(args)}
            # and the sources named so far, under any spelling of the name
            named = _prov.sources_named_in(args, self._address_sources())
            keys |= {_WROTE + name for name in named}
        return keys

    def _address_sources(self) -> frozenset[str]:
        """The sources the user's text says an address is written in; cached."""
        if self._sources_cache[0] != len(self.trusted_texts):
            self._sources_cache = (
                len(self.trusted_texts),
                _prov.address_sources(self.trusted_texts),
            )
        return self._sources_cache[1]

    def approve(
        self,
        decision: Verdict,
        *,
        tool: str | None = None,
        arguments: Mapping[str, Any] | None = None,
        server: str | None = None,
    ) -> None:
        """Record that a person approved ``decision`` (an ask) for the rest of the session."""
        if decision.verdict != "ask":
            return
        key = decision.details.get("approval_key")
        if key is None and tool is not None:
            key = _checks.approval_key(decision, server or "default", tool, arguments or {})
        if key is not None:
            self.approvals.add(tuple(key))
            self._approved_sends(tuple(key), arguments)

    def once_approve(self, decision: Verdict) -> None:
        """Approve ``decision`` (an ask) for the next matching call only (one-time codes)."""
        key = decision.details.get("approval_key")
        if decision.verdict == "ask" and key is not None:
            self.once.add(tuple(key))
            self._approved_sends(tuple(key), None)

    def _approved_sends(self, key: tuple[Any, ...], arguments: Mapping[str, Any] | None) -> None:
        """An approved call is sent out, checked again or not: what it carries is this
        session's own, never a member's word (``directory_text_fields``)."""
        if not self.engine.text_fields:
            return
        self.sent_keys.update(self._asked_sends.pop(key, ()))
        if arguments:
            tool = key[1] if len(key) > 1 and isinstance(key[1], str) else None
            self.sent_keys.update(self._send_keys(arguments, tool))

    def _add_directory(self, server: str, items: list[str]) -> None:
        """Vouch for the destinations of whole directory ``items`` of ``server``; from the
        first item that may spell one with look-alike characters (:func:`_may_fold`) on, the
        server's items are also keyed with them marked (``directory_plain``)."""
        listed = self.directory.setdefault(server, set())
        if server not in self.directory_plain and _may_fold(items):
            self.directory_plain[server] = set(listed)  # every earlier item was plain
        listed.update(_prov.item_keys(items))
        self.directory_spelled.setdefault(server, set()).update(_prov.strict(i) for i in items)
        plain = self.directory_plain.get(server)
        if plain is not None:
            plain.update(_prov.item_keys(items, spelled=True))

    def _note_delegated(self, arguments: Mapping[str, Any], text: str) -> None:
        """Keep ``text`` as delegated request text when the call's arguments give, each
        whole, every name of a source the user delegated to. At most 16 texts of 256 KiB
        each: past that, nothing more is delegated (an ask, never a silent allow)."""
        if self._delegated_cache[0] != len(self.trusted_texts):
            self._delegated_cache = (
                len(self.trusted_texts),
                _prov.delegated_names(self.trusted_texts),
            )
        groups = self._delegated_cache[1]
        if not groups or len(self.delegated_texts) >= _MAX_DELEGATED or len(text) > 1 << 18:
            return
        given = {
            _prov.strict(leaf).strip()
            for leaf in _args.leaves(dict(arguments))
            if isinstance(leaf, str)
        }
        if any(group <= given for group in groups):
            self.delegated_texts.append(text)

    def _note_source(self, server: str, arguments: Mapping[str, Any], text: str) -> None:
        """Note the addresses of an ``address_source`` result read from a source the user
        says a person's address is written in (every string argument equal to it, in
        :func:`provenance.source_form`; :func:`provenance.read_source`). All reads of one
        source add up, on every server: it vouches for its address, on the servers that read
        it, only while every read together holds exactly one (one key, one spelling), none of
        which this session had sent out when it was read, and only if the session had not
        written to the source (a call naming it) before. A result over 256 KiB spoils the
        source (an ask, never a silent allow)."""
        sources = self._address_sources()
        if not sources:
            return
        source = _prov.read_source(dict(arguments), sources)
        if source is None:
            return
        found = _prov.source_addresses(text or "")
        keys, spellings, spoiled = self.source_seen.get(source, (set(), set(), False))
        if found is None:
            spoiled = True
        else:
            keys = keys | found[0]
            spellings = spellings | found[1]
            own = found[0] | {_prov.address_core(k) for k in found[0]}
            spoiled = spoiled or bool(own & self.sent_keys)
        spoiled = spoiled or (_WROTE + source) in self.sent_keys
        self.source_seen[source] = (keys, spellings, spoiled)
        self.source_servers.setdefault(source, set()).add(server)
        sole: dict[str, set[str]] = {}
        for name, (keys, spellings, spoiled) in self.source_seen.items():
            if not spoiled and len(keys) == 1 and len(spellings) == 1:
                for srv in self.source_servers.get(name, ()):
                    sole.setdefault(srv, set()).update(spellings)
        self.source_spelled = sole

    def _trusted_joined(self, cache: list[Any], form: Callable[[str], str]) -> str:
        """``form`` of each trusted text, joined with newlines; each text is put in that form
        once (a session that adds texts between checks stays linear, not quadratic)."""
        count, parts, joined = cache
        if count != len(self.trusted_texts):
            parts.extend(form(t) for t in self.trusted_texts[count:])
            joined = "\n".join(parts)
            cache[:] = [len(self.trusted_texts), parts, joined]
        return joined

    def _trusted_strict(self) -> str:
        """The trusted texts in their exact spelling (:func:`provenance.strict`); cached."""
        return self._trusted_joined(self._trusted_strict_cache, _prov.strict)

    def _trusted_norm(self, plain: bool = False) -> str:
        """The trusted texts normalised (:func:`cordon.taint.norm`), joined; cached.
        ``plain``: with look-alike characters marked first (:meth:`add_trusted`)."""
        if plain:
            return self._trusted_joined(
                self._trusted_plain_norm_cache, lambda t: norm(mark_lookalikes(t))
            )
        return self._trusted_joined(self._trusted_norm_cache, norm)


def _recorded(result: Any) -> RecordedOutput:
    """``result`` (a CallToolResult dict, or plain text wrapped as one) with the text taint
    and the content scan read: every string value, then every object key, one per line."""
    if isinstance(result, str):
        result = {"content": [{"type": "text", "text": result}]}
    values: list[str] = []
    keys: list[str] = []
    _collect_strings(result, values, keys)
    if keys:
        # the values, then a line break, then the keys: one join, one copy of a large text
        values.append("\n".join(keys) if values else "\n" + "\n".join(keys))
    return RecordedOutput(result=result, text="\n".join(values))


def _collect_strings(value: Any, values: list[str], keys: list[str]) -> None:
    """Every string value and object key under ``value``, iteratively (no depth limit);
    numbers are kept as text too (an account number is a destination for taint)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            values.append(item)
        elif isinstance(item, dict):
            keys.extend(str(k) for k in item)
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))
        elif isinstance(item, int | float) and not isinstance(item, bool):
            values.append(str(item))
