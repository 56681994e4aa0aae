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

import hashlib
import re
import unicodedata
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from cordon._types import ALLOW, Finding, Verdict, severity_at_least
from cordon.content import evaluate_result, find_secrets, scan_instructions, scan_text, scan_tool
from cordon.engine import actions as _actions
from cordon.engine import args as _args
from cordon.engine import provenance as _prov
from cordon.engine.egress import EgressPolicy, check_egress
from cordon.engine.pins import PinSet
from cordon.engine.secrets import SecretSet, check_secrets
from cordon.engine.trifecta import TrifectaState
from cordon.policy import Policy, ToolPolicy, load_policy
from cordon.policy.loader import PolicySource
from cordon.taint import (
    Destination,
    SharedTaint,
    TaintIndex,
    extract_destinations,
    is_sink_param,
    norm,
)
from cordon.textnorm import decoded_views, mark_lookalikes

_EMPTY_TOOL = ToolPolicy()
# Destination kinds looked for in the free-text arguments of a sending tool that was called
# without its declared sink parameters (words there are not destinations; addresses are).
#: a full stop directly followed by a capitalised word: a sentence break typed without a space
_SENTENCE_JOIN = re.compile(r"\.(?=[A-Z][a-z])")
_FALLBACK_KINDS = frozenset({"email", "url", "host"})  # not phone: dates and times look like one
#: asks whose arguments are kept for a later approval (``Session._asked_sends``), newest kept
_MAX_ASKED = 256
#: delegated request texts kept per session (``Session.delegated_texts``)
_MAX_DELEGATED = 16
#: marks a source name in :attr:`Session.sent_keys`: a call (not an ``address_source``
#: read) gave that name, so it may have written to the source (no destination key has it)
_WROTE = "\x00wrote:"
#: marks a value a call gave in :attr:`Session.sent_keys` (a call of a tool without
#: ``owned_fields``): a record holding it may have been written to (``owned_fields``, S56)
_NAMED = "\x00named:"
_CRED_VERBS = frozenset({"update", "change", "set", "reset", "rotate", "create", "new", "modify"})
_CRED_NOUNS = frozenset(
    {
        "password",
        "passwd",
        "passphrase",
        "pin",
        "secret",
        "token",
        "apikey",
        "credential",
        "credentials",
    }
)
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


def _domain_match(address: str, host: str, pattern: str) -> bool | None:
    """A domain-form allowlist pattern (``@example.com``, ``*.example.com``) against an
    address or host: True or False; None when ``pattern`` is an exact entry."""
    if pattern.startswith("@"):
        return "@" in address and host == pattern[1:]
    if pattern.startswith("*."):
        return host == pattern[2:] or host.endswith("." + pattern[2:])
    return None


def _match_trusted(dest: Destination, patterns: Iterable[str]) -> bool:
    """Exact match on the normalised key, or a domain form ``@example.com`` / ``*.example.com``.

    The key folds confusable letters: right for taint, wrong for an allowlist. A destination
    the call spells with look-alike characters is matched by :func:`_match_trusted_spelled`
    instead (:meth:`Session._gate`, ``odd``).
    """
    key = dest.key
    host = key.rsplit("@", 1)[1] if "@" in key else key.split("/", 1)[0]
    for raw in patterns:
        p = raw.strip().lower().rstrip(".")
        if not p:
            continue
        domain = _domain_match(key, host, p)
        if domain:
            return True
        if domain is None and not _odd_spelling(raw):
            # (an entry spelled with look-alike characters, ``ops@хор.ru``, is matched only
            # as spelled: its folded key is the ASCII ``ops@xop.ru``, another domain)
            if any(d.key == key for d in extract_destinations(raw)):
                return True
    return False


def _odd_spelling(text: str) -> bool:
    """Whether a sink value is written with characters its destination key folds away: any
    non-ASCII character (invisible and fullwidth ones too), or, in ASCII, a punycode label,
    also once percent-decoded (:func:`cordon.engine.provenance.lookalike_free`)."""
    return not text.isascii() or not _prov.lookalike_free(text)


def _trusted_variants(text: str) -> tuple[str, ...]:
    """The forms of a trusted text that are indexed: itself and, when a sentence follows an
    address without a space ("www.our-company.com.They sent..."), the text with one put
    there (the address is the part before the break)."""
    if _SENTENCE_JOIN.search(text):
        return (text, _SENTENCE_JOIN.sub(". ", text))
    return (text,)


#: an ASCII string without these can hold no look-alike once decoded: no percent, entity,
#: JSON, MIME or quoted-printable escape, no base64 or hex run (12 or more characters,
#: :func:`cordon.textnorm.decode_base64_runs`), no punycode label
_MAY_FOLD_RE = re.compile(r"[%&\\=]|[A-Za-z0-9+/_-]{12,}|[Xx][Nn]--")


def _may_fold(value: Any) -> bool:
    """Whether a string in ``value`` may spell a destination with look-alike characters,
    written or encoded (else its keys are the same with look-alikes marked)."""
    return any(
        isinstance(x, str) and (not x.isascii() or _MAY_FOLD_RE.search(x) is not None)
        for x in _args.leaves(value)
    )


def _encodes_lookalike(text: str) -> bool:
    """Whether ``text`` writes look-alike characters only once decoded
    (``https://wiki.c&#x43e;rp.example/`` with an entity for a Cyrillic ``о``; one level of
    percent and punycode are :func:`provenance.lookalike_free`'s): a decoding of it, two
    deep, is not look-alike free (red team 2 of S69 F5, M1)."""
    if _MAY_FOLD_RE.search(text) is None:
        return False
    # two decodings deep, as extraction reads a URL's query value (red team 2, D3)
    return not all(_prov.lookalike_free(v) for v in decoded_views(text, max_depth=2)[1:])


def _plain_keys(value: Any, extract: Any = None) -> set[str] | None:
    """The keys of the destinations ``value`` gives spelled without look-alike characters:
    those it still gives with every look-alike character marked, in every decoding
    (``ops@xop.ru`` in ``"José" <ops@xop.ru>``, not in ``ops@хор.ru`` nor in its entity or
    base64 form); ``None``: all of them (:func:`_may_fold` is false, the usual case, found
    without extracting anything). ``extract``: the extraction, with a ``spelled`` keyword
    (default :func:`cordon.taint.extract_destinations`)."""
    if not _may_fold(value):
        return None
    return {d.key for d in (extract or extract_destinations)(value, spelled=True)}


def _match_trusted_spelled(raw: str, patterns: Iterable[str]) -> bool:
    """:func:`_match_trusted` for a sink value with look-alike characters (:func:`_odd_spelling`):
    the address or host exactly as the pattern spells it (NFC, lower case, a trailing dot
    dropped), never by the folded key. ``ops@еxample.com`` with a Cyrillic ``е``, or
    ``ops@xn--xample-2of.com``, has the key ``ops@example.com``, and a look-alike domain an
    attacker registers would otherwise pass as the trusted address (session 7)."""
    spelled = unicodedata.normalize("NFC", raw).strip().lower()
    if "<" in spelled and spelled.endswith(">"):  # a display name: the address in <...>
        spelled = spelled.rsplit("<", 1)[1][:-1].strip()
    spelled = spelled.removeprefix("mailto:").rstrip(".")
    if "://" in spelled:  # a URL: its host (no userinfo, no port)
        spelled = re.split(r"[/?#\\]", spelled.split("://", 1)[1], maxsplit=1)[0]
        spelled = spelled.rsplit("@", 1)[-1]
        spelled = spelled.rsplit(":", 1)[0] if spelled.count(":") == 1 else spelled
    host = spelled.rsplit("@", 1)[1] if "@" in spelled else spelled
    for raw_p in patterns:
        p = unicodedata.normalize("NFC", raw_p).strip().lower().rstrip(".")
        if not p:
            continue
        domain = _domain_match(spelled, host, p)
        if domain or (domain is None and spelled == p):
            return True
    return False


def _odd_sources(
    odd_leaves: list[str], plain_leaves: list[str]
) -> tuple[dict[str, list[tuple[str, int]]], set[str]]:
    """For :func:`_odd_source`, each string extracted once (not once per destination: a value
    of many look-alike words was quadratic, red team 2 of S69 F5): per key, the look-alike
    strings that give it with how many destinations each gives; and the keys plain strings
    give."""
    by_key: dict[str, list[tuple[str, int]]] = {}
    for x in odd_leaves:
        ds = extract_destinations(x)
        for key in {d.key for d in ds}:
            by_key.setdefault(key, []).append((x, len(ds)))
    plain = {d.key for x in plain_leaves for d in extract_destinations(x)}
    return by_key, plain


def _odd_source(
    dest: Destination,
    sources: tuple[dict[str, list[tuple[str, int]]], set[str]],
    patterns: Iterable[str],
) -> bool | None:
    """For a destination of a sink value: None when no string written with look-alike
    characters gives it; else whether it is allowlisted: one such string that gives only
    this destination matches a pattern as spelled, and a plain string of the value that
    gives the same key matches by key. ``sources``: :func:`_odd_sources` of the value."""
    by_key, plain = sources
    found = by_key.get(dest.key)
    if not found:
        return None
    # a string that gives more than this one destination allowlists none of them: its
    # spelling cannot be tied to one of them (red team of S69: "Zoë <evil@x>, a@partner...")
    if not any(n == 1 and _match_trusted_spelled(x, patterns) for x, n in found):
        return False
    # the same key written plainly elsewhere in the value (``["ops@хор.ru", "ops@xop.ru"]``)
    # must be allowlisted as written too
    if dest.key in plain:
        return _match_trusted(dest, patterns)
    return True


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
        #: folded comparison let another account's name match, red-team S53)
        self.identities = frozenset(policy.user_identities)
        #: some tool has ``owned_fields`` and the policy ``user_identities``
        self.owned = bool(self.identities) and any(tp.owned_fields for tp in policy.tools.values())
        #: some tool has ``directory_text_fields``, ``address_source`` or ``owned_fields``:
        #: sessions then note what each allowed call sends out (:attr:`Session.sent_keys`),
        #: which member text, a source the user points at or a share list may not vouch for
        self.text_fields = self.owned or any(
            tp.directory_text_fields or tp.address_source for tp in policy.tools.values()
        )
        #: some tool has ``address_source``: what a call names is noted as written to
        #: (red-team S42)
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
                    rule="pin.unknown_tool",
                    reason=f"tool '{name}' appeared after the pinned baseline",
                )
                continue
            if status == "changed":
                changed[name] = fields
                hidden[name] = Verdict(
                    verdict="deny",
                    rule="pin.changed",
                    reason=f"tool '{name}' changed after pinning ({', '.join(fields)})",
                    details={"changed_fields": fields},
                )
                continue
            bad = [f for f in findings if severity_at_least(f.severity, block_at)]
            if bad:
                poisoned[name] = bad
                hidden[name] = Verdict(
                    verdict="deny",
                    rule="content.poisoned_definition",
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
        #: plain items only (a plain sink value is vouched by those; S69 F5)
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
        #: (``directory_text_fields``): an allow does not vouch for their key (red-team S29)
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
        (:meth:`_spelled`; S69 F5)."""
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
            # approved), read back, is not the user's own choice of recipient (red-team S54)
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
                        # no key to tell whether it did (``http://.evil.example``, S24)
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

    def _sinks(
        self, tool: str, server: str, tp: ToolPolicy, arguments: Mapping[str, Any]
    ) -> tuple[bool, list[tuple[str, Any]], bool]:
        """(is_sending, the (argument name, value) pairs to check as destinations, fallback).

        Destination-shaped names count at any depth (``{"headers": {"Bcc": ...}}``).
        ``fallback`` is True when a sending tool was called without its declared sinks and
        every string argument is searched for address-shaped destinations instead."""
        if tp.exfiltrating is False:
            return False, [], False
        shaped = [k for k in arguments if is_sink_param(k)]
        nested = [
            (k, v)
            for k, v in _args.iter_keyed(arguments)
            if is_sink_param(k) and not (k in arguments and arguments[k] is v)
        ]
        declared = list(tp.sink_params)
        sending = bool(tp.exfiltrating) or bool(declared) or bool(shaped) or bool(nested)
        if not sending:
            return False, [], False
        names = list(dict.fromkeys([*declared, *shaped]))
        present = [(n, arguments[n]) for n in names if n in arguments]
        if (declared and not any(n in arguments for n in declared)) or (
            not present and not nested and tp.exfiltrating
        ):
            # A sending tool called without its declared sinks: every string argument is
            # searched for address-shaped destinations (see _FALLBACK_KINDS).
            return True, [(k, v) for k, v in arguments.items() if _has_string(v)], True
        return True, present + nested, False

    def _approval_key(
        self, v: Verdict, server: str, tool: str, arguments: Mapping[str, Any]
    ) -> tuple[Any, ...]:
        if v.destination is not None and not v.details.get("odd_spelling"):
            return (server, tool, v.rule, v.param, v.destination)
        digest = hashlib.sha256(orjson.dumps(arguments, option=orjson.OPT_SORT_KEYS)).hexdigest()
        return (server, tool, v.rule, v.param, digest)

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

        An ``allow`` counts against the tool's ``max_calls`` budget.
        """
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, Mapping):
            return Verdict(
                verdict="deny", rule="arg.malformed", reason="arguments must be an object"
            )
        try:
            v = self._decide(tool, arguments, server, scopes)
        except ValueError as exc:
            v = Verdict(verdict="deny", rule="arg.malformed", reason=str(exc))
        except (TypeError, RecursionError, OverflowError) as exc:
            # arguments no JSON can carry (a 100-digit integer, a lone surrogate, bytes):
            # refused, never allowed by an exception escaping the check (red-team, session 2)
            v = Verdict(
                verdict="deny",
                rule="arg.malformed",
                reason=f"arguments cannot be checked: {type(exc).__name__}",
            )
        if v.verdict == "allow":
            key = (server, tool)
            self.counts[key] = self.counts.get(key, 0) + 1
            # a key cleared only by a member's exact spelling stays unvouched: its other
            # spellings (``?d=<data>``) are not the member's (red-team S29)
            # nor one the call spelled with look-alike characters: the plain spelling of its
            # key is another destination (S69 F5)
            self.vouched.update(
                d for d in v.destinations if d not in self._last_written and d not in self._last_odd
            )
            if self.engine.text_fields:
                self.sent_keys.update(self._send_keys(arguments, tool))
            external, sensitive = self._last_legs
            self.legs.record_call(external=external, sensitive=sensitive)
        elif v.verdict == "ask" and self.engine.text_fields:
            # what an approval of this ask lets out, noted now: a caller may run the call on
            # the approval without checking it again (red-team S32)
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
        :func:`extract_destinations`, a link there; red-team S24), an address also without
        markup around it (:func:`provenance.address_core`, S44). With an ``address_source``
        tool in the policy, also every name the call gives (``_WROTE`` + its
        :func:`provenance.source_form`) and every source the user's text names whose name
        occurs in it in any spelling (:func:`provenance.sources_named_in`), unless the call is
        a read of one name by an ``address_source`` tool (:func:`provenance.read_source`; a
        fetch that also posts a body is not, S48): a call that names a source may write to it
        (S42, S46)."""
        args = dict(arguments)
        tp = self.engine.tool_policy(tool) if tool is not None else None
        keys = {d.key for d in extract_destinations(args)}
        keys |= _prov.sent_spelling_keys(args)
        keys |= {_prov.address_core(k) for k in keys if "@" in k}
        if self.engine.owned:
            if not (tp is not None and tp.owned_fields):
                # a record this call names (an id, a file name) may have changed: its share
                # list vouches for nothing after (``owned_fields``, red-team S56)
                keys |= {_NAMED + v for v in _prov.named_values(args)}
            # an address given in a spelling a platform may store plain (``fred [at] x.com``,
            # ``fred @ x.com``): a share list showing it is still the session's own (S54)
            for leaf in _args.leaves(args):
                if isinstance(leaf, str):
                    found = _prov.source_addresses(leaf)
                    if found is not None:
                        keys |= {k for k in found[0] if not k.startswith("\x00")}
        if self.engine.address_sources and not (
            tp is not None and tp.address_source and _prov.read_source(args, None) is not None
        ):
            keys |= {_WROTE + name for name in _prov.source_names(args)}
            # and the sources named so far, under any spelling of the name (S46)
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
            key = self._approval_key(decision, server or "default", tool, arguments or {})
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
        session's own, never a member's word (``directory_text_fields``, red-team S32)."""
        if not self.engine.text_fields:
            return
        self.sent_keys.update(self._asked_sends.pop(key, ()))
        if arguments:
            tool = key[1] if len(key) > 1 and isinstance(key[1], str) else None
            self.sent_keys.update(self._send_keys(arguments, tool))

    def _decide(
        self, tool: str, arguments: Mapping[str, Any], server: str, scopes: Iterable[str] | None
    ) -> Verdict:
        eng = self.engine
        policy = eng.policy
        tp = eng.tool_policy(tool)

        # 1. pinning
        ps = eng.pins.get(server)
        if ps is None or not ps.complete:
            return Verdict(
                verdict="deny",
                rule="pin.unknown_tool",
                reason="no pinned tool list yet: list the tools before calling them",
            )
        if tool in eng.changed.get(server, {}):
            fields = eng.changed[server][tool]
            return Verdict(
                verdict="deny",
                rule="pin.changed",
                reason=f"tool '{tool}' changed after pinning ({', '.join(fields)})",
                details={"changed_fields": fields},
            )
        if tool not in ps.prints:
            return Verdict(
                verdict="deny",
                rule="pin.unknown_tool",
                reason=f"tool '{tool}' is not in the pinned tool list",
            )
        if tool in eng.poisoned.get(server, {}):
            rules = sorted({f.rule for f in eng.poisoned[server][tool]})
            return Verdict(
                verdict="deny",
                rule="content.poisoned_definition",
                reason=f"tool '{tool}' definition carries {', '.join(rules)}",
            )

        # 2. budgets and scopes
        if tp.max_calls is not None and self.counts.get((server, tool), 0) >= tp.max_calls:
            why = (
                "is forbidden by policy"
                if tp.max_calls == 0
                else f"reached its budget of {tp.max_calls} calls"
            )
            return Verdict(verdict="deny", rule="budget.max_calls", reason=f"tool '{tool}' {why}")
        if tp.required_scopes:
            granted = set(scopes or ())
            missing = [s for s in tp.required_scopes if s not in granted]
            if missing:
                return Verdict(
                    verdict="deny",
                    rule="scope.missing",
                    reason=f"missing scope(s): {', '.join(missing)}",
                )

        # 3. argument rules
        v = _args.check_arguments(arguments, tp, self.engine.paths)
        if v is not None:
            return v

        asks: list[Verdict] = []

        # 4. action rules
        sp = policy.servers.get(server)
        trusted_tool = tool in policy.trust_tools or (sp is not None and tool in sp.trust_tools)
        ann = self._annotations(server, tool)
        if tp.destructive is False:  # the policy vouches for this tool (e.g. confined writes)
            ann = {**ann, "destructiveHint": False}
        v = _actions.check_actions(
            tool,
            dict(arguments),
            annotations=ann,
            executes=bool(tp.executes),
            destructive=bool(tp.destructive),
            trusted=trusted_tool,
        )
        action_ask: Verdict | None = None
        if v is not None:
            if v.verdict == "deny":
                return v
            asks.append(v)
            action_ask = v

        v = self._credential_change(tool, arguments)
        if v is not None:
            asks.append(v)
        v = _prov.check_requested(tool, tp.requires_request, self.trusted_texts)
        requested = bool(tp.requires_request) and v is None
        if (
            v is not None
            and self.delegated_texts
            and _prov.check_requested(tool, tp.requires_request, self.delegated_texts) is None
        ):
            # a source the user delegated to asks for it ("follow the instructions in
            # 'landlord-notices.txt'"): requested, but not by the user's own words, so it
            # answers no payment or destructive ask (``requested`` stays False)
            v = None
        if v is not None:
            asks.append(v)
        if tp.vouched_names:
            listed = self.directory.get(server, set())
            v = _prov.unvouched_names(
                arguments,
                tp.vouched_names,
                listed,
                self._trusted_norm(),
                self.trusted_words,
                (
                    self.directory_plain.get(server, listed),
                    self._trusted_norm(plain=True),
                    self.trusted_plain_words,
                ),
            )
            if v is not None:
                asks.append(v)
        if tp.vouched_params:
            listed = self.directory.get(server, set())
            v = _prov.check_vouched(
                arguments,
                tp.vouched_params,
                listed,
                self._trusted_norm(),
                lambda leaf: self._spelled(leaf, server),
                (self.directory_plain.get(server, listed), self._trusted_norm(plain=True)),
            )
            if v is not None:
                asks.append(v)

        # 5. egress
        v = check_egress(dict(arguments), eng.egress)
        if v is not None:
            if v.verdict == "deny":
                return v
            asks.append(v)

        # 6. taint sink gate
        self._last_written = set()
        self._last_odd = set()
        self._last_over_taint = {}
        sending, sink_names, fallback = self._sinks(tool, server, tp, arguments)
        found: list[str] = []
        dest_allowlisted = True
        all_user_named = True
        if sending:
            trusted_patterns = (*policy.trusted_destinations, *tp.trusted_destinations)
            for name, value in sink_names:
                spelled = self._spelled(value, server)
                if (
                    isinstance(value, str)
                    and spelled[1]
                    and " " in value.strip()
                    and norm(value) in self.directory.get(server, ())
                    and (
                        server not in self.directory_plain
                        or norm(mark_lookalikes(value)) in self.directory_plain[server]
                    )
                ):
                    # a display name a directory listed whole ("Bob Smith"): one destination,
                    # not two words
                    found.append(norm(value))
                    all_user_named = all_user_named and _prov.has_words(
                        self._trusted_norm(), norm(value)
                    )
                    continue
                dests = extract_destinations(value)
                written = self._written(value, server)
                if not dests and not fallback and _has_string(value):
                    # a sink value that names no destination cordon can parse is not cleared:
                    # it is asked about, never allowed unseen (red-team F4)
                    raw = " ".join(str(x) for x in _args.leaves(value) if isinstance(x, str))
                    dests = [Destination(kind="other", raw=raw[:200], key=norm(raw)[:200])]
                odd_leaves: list[str] = []
                plain_leaves: list[str] = []
                for x in _args.leaves(value):
                    if isinstance(x, str):
                        (odd_leaves if _odd_spelling(x) else plain_leaves).append(x)
                plain_keys = _plain_keys(value)
                sources = None
                for dest in dests:
                    if fallback and dest.kind not in _FALLBACK_KINDS:
                        continue  # a title or a note is not a destination; an address in it is
                    found.append(dest.key)
                    if written:
                        # written exactly so by a member (``directory_text_fields``)
                        all_user_named = False
                        self._last_written.add(dest.key)
                        continue
                    plain = plain_keys is None or dest.key in plain_keys
                    if not plain:
                        self._last_odd.add(dest.key)
                    named = spelled[0] and self._user_named(dest, plain)
                    all_user_named = all_user_named and named
                    if odd_leaves and sources is None:
                        sources = _odd_sources(odd_leaves, plain_leaves)
                    odd = (
                        _odd_source(dest, sources, trusted_patterns)
                        if sources is not None
                        else None
                    )
                    v = self._gate(
                        dest, name, tool, server, trusted_patterns, named, spelled[1], odd,
                        plain,
                    )  # fmt: skip
                    if v is None:
                        continue
                    if v.verdict == "deny":
                        return self._with_dests(v, found)
                    dest_allowlisted = False
                    asks.append(v)
            if not found:
                dest_allowlisted = False
            if action_ask is not None and requested and found and all_user_named and not fallback:
                # the user's own request asks for this action and names every destination
                # ("refund GB29... for what they sent me"): the action ask is answered
                asks.remove(action_ask)
            if not fallback:
                sink_arg_names = {n for n, _ in sink_names}
                for name, value in arguments.items():
                    if name not in sink_arg_names:
                        v = self._forwarded_link(name, value, server)
                        if v is not None:
                            asks.append(v)

        # 7. Rule of Two
        external = sending or bool(tp.egress)
        sensitive = self._sensitive(tool, server, tp, arguments)
        self._last_legs = (external, sensitive)
        v = self.legs.check(
            external=external,
            sensitive=sensitive,
            untrusted_output=self._untrusted_output(tool, server, tp),
            destination_allowlisted=external and dest_allowlisted and bool(found),
        )
        if v is not None and v.verdict != "allow":
            if v.verdict == "deny":
                return v
            asks.append(v)

        if (external or sending) and self.degraded is not None:
            return self._with_dests(
                Verdict(
                    verdict="deny",
                    rule="session.degraded",
                    reason=f"session history is incomplete ({self.degraded}): sends are refused",
                ),
                found,
            )

        # 8. secrets never leave
        if external or sending:
            v = check_secrets(dict(arguments), self.secrets, sending=True)
            if v is not None:
                return self._with_dests(v, found)
            hit = None
            if len(self.private):
                # as written, then with separators dropped and numbers as text: a card
                # recorded with dashes and sent with spaces, or sent as a JSON number
                hit = self.private.locate(dict(arguments)) or self.private.locate(
                    _prov.compact_view(dict(arguments))
                )
            if hit is not None:
                asks.append(
                    Verdict(
                        verdict="ask",
                        rule="taint.private_value",
                        reason=(
                            f"argument '{hit[2]}' carries a value from the user's private "
                            "record that the user's request does not give"
                        ),
                        param=hit[2] or None,
                    )
                )

        for a in asks:
            key = self._approval_key(a, server, tool, arguments)
            if key in self.approvals:
                continue
            if key in self.once:
                self.once.discard(key)
                continue
            return self._with_dests(
                Verdict(
                    verdict="ask",
                    rule=a.rule,
                    reason=a.reason,
                    param=a.param,
                    destination=a.destination,
                    details={**a.details, "approval_key": list(key)},
                ),
                found,
            )
        if found:
            return Verdict(
                verdict="allow",
                rule="default.allow",
                reason="no rule objected",
                destinations=tuple(found),
                # for the auditor: destinations seen in output that the user's text, a
                # directory or the allowlist cleared (each wins over taint by policy)
                details={"cleared_over_taint": dict(self._last_over_taint)}
                if self._last_over_taint
                else {},
            )
        return ALLOW

    def _user_named(self, dest: Destination, plain: bool = False) -> bool:
        """True when the user's trusted text names ``dest``; ``plain``: ``dest`` is spelled
        without look-alike characters (:func:`_plain_keys`), and a look-alike spelling in
        the text does not name it (``ops@хор.ru`` typed does not name ``ops@xop.ru``)."""
        if plain:
            index, words = self.trusted_plain, self.trusted_plain_words
        else:
            index, words = self.trusted, self.trusted_words
        return dest.key in words or index.lookup(dest, sink_is_url=dest.kind == "url") == "tainted"

    def _spelled(self, value: Any, server: str) -> tuple[bool, bool]:
        """Whether ``value``'s spelling lets (the user's text, a directory listing) vouch for
        it: always, unless a string in it has look-alike characters or a punycode label
        (:func:`provenance.lookalike_free`), which then must appear spelled exactly so in the
        user's text / in the server's directory items. Vouching compares skeletons, so
        without this ``bob@pаypal.com`` (Cyrillic ``а``) would pass as the user's
        ``bob@paypal.com`` (red-team, session 2)."""
        by_user = by_directory = True
        for leaf in _args.leaves(value):
            if (
                not isinstance(leaf, str)
                or _prov.lookalike_free(leaf)
                and not _encodes_lookalike(leaf)
            ):
                continue
            exact = _prov.strict(leaf)
            by_user = by_user and exact in self._trusted_strict()
            by_directory = by_directory and exact in self.directory_spelled.get(server, ())
        return by_user, by_directory

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

    def _listed(self, server: str, key: str, plain: bool) -> bool:
        """Whether a directory of ``server`` lists ``key``; ``plain``: for a destination a
        plain string gives, which an item spelled with look-alike characters does not vouch."""
        if plain and server in self.directory_plain:
            return key in self.directory_plain[server]
        return key in self.directory.get(server, ())

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

    def _written(self, value: Any, server: str) -> bool:
        """Whether every string in ``value`` (at least one) is, whole and in this exact
        spelling, a link or address written in a ``directory_text_fields`` field of
        ``server``'s output, or the sole address of a source the user pointed at
        (``address_source``). A list mixing such a value with any other is not: its
        destinations are gated one by one, so a member's ``x.example/a`` cannot carry an
        ``x.example/a?d=...`` beside it (both have one key)."""
        written = self.text_spelled.get(server)
        sole = self.source_spelled.get(server)
        if not written and not sole:
            return False
        # a string or a list of strings only: a number or an object beside a member's
        # address is a destination of its own (red-team S25)
        leaves = [value] if isinstance(value, str) else value
        if not isinstance(leaves, list | tuple) or not leaves:
            return False
        for leaf in leaves:
            if not isinstance(leaf, str):
                return False
            plain = _prov.plain_spelling(leaf)
            if not ((written and plain in written) or (sole and plain in sole)):
                return False
        return True

    def _trusted_joined(self, cache: list[Any], form: Callable[[str], str]) -> str:
        """``form`` of each trusted text, joined with newlines; each text is put in that form
        once (a session that adds texts between checks stays linear: red team 3 of S69 F5)."""
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

    def _forwarded_link(self, name: str, value: Any, server: str) -> Verdict | None:
        """An ask when message text carries a link to a host first seen in untrusted output
        that the user's text does not vouch for (rule ``taint.forwarded_link``). Links are
        compared by host: any page of a host the attacker named is theirs."""
        links = _prov.forwarded_links(value)
        if not links:
            return None
        by_user, by_directory = self._spelled(value, server)
        written = self.text_spelled.get(server)
        # keys with a spelling left that no member wrote (look-alikes, another query): those
        # are not vouched by the member's spelling beside them (red-team S26, S27)
        unwritten = _prov.unwritten_link_keys(value, written) if written else None
        # links written with look-alike characters: an earlier send of the real address
        # vouches for none of them (red team of S69); found per whitespace-separated word
        odd_keys = {
            d.key
            for leaf in _args.leaves(value)
            if isinstance(leaf, str) and _odd_spelling(leaf)
            for word in leaf.split()
            if _odd_spelling(word)
            for d in _prov.forwarded_links(word)
        }
        # links written plainly: the user's or a directory's look-alike spelling of the same
        # key vouches for none of them (S69 F5)
        plain_keys = _plain_keys(value, _prov.forwarded_links)
        for dest in links:
            plain = plain_keys is None or dest.key in plain_keys
            if (
                (by_user and self._user_named(dest, plain))
                or (dest.key in self.vouched and dest.key not in odd_keys)
                or (by_directory and self._listed(server, dest.key, plain))
                or (
                    unwritten is not None
                    and dest.key not in unwritten
                    and _prov.lookalike_free(dest.raw)
                )
            ):
                continue
            if self.taint.lookup(dest, sink_is_url=True) != "clean":
                return Verdict(
                    verdict="ask",
                    rule="taint.forwarded_link",
                    reason=f"'{name}' carries a link first seen in untrusted tool output",
                    param=name,
                    destination=dest.key,
                    # a look-alike link: an approval covers these very arguments, not the
                    # folded key a plain link shares (red team 3 of S69 F5, A1)
                    details={} if plain else {"odd_spelling": True},
                )
        return None

    def _credential_change(self, tool: str, arguments: Mapping[str, Any]) -> Verdict | None:
        """Ask before a credential is set to a value the user did not type (rule
        ``action.credential_change``). An injected "reset the password to X" is a takeover
        (AgentDojo banking injection task 7); the user's own "set it to X" is vouched by
        their text."""
        if not _CRED_VERBS.intersection(_actions.split_tokens(tool)):
            return None
        for key, value in _args.iter_keyed(arguments):
            if not isinstance(value, str) or not value:
                continue
            if (
                _CRED_NOUNS.intersection(_actions.split_tokens(key))
                and norm(value) not in self.trusted_words
            ):
                return Verdict(
                    verdict="ask",
                    rule="action.credential_change",
                    reason=f"'{key}' sets a credential to a value the user did not give",
                    param=key,
                )
        return None

    def _with_dests(self, v: Verdict, found: list[str]) -> Verdict:
        """``v`` carrying every destination found in the call (for the audit record)."""
        if v.destinations or not found:
            return v
        return Verdict(
            verdict=v.verdict,
            rule=v.rule,
            reason=v.reason,
            param=v.param,
            destination=v.destination,
            destinations=tuple(found),
            details=v.details,
        )

    def _gate(
        self,
        dest: Destination,
        param: str,
        tool: str,
        server: str,
        trusted_patterns: tuple[str, ...],
        user_named: bool,
        listable: bool,
        odd: bool | None = None,
        plain: bool = False,
    ) -> Verdict | None:
        """The verdict for one destination (``None``: no objection). ``user_named``: the user's
        text names it in this spelling; ``listable``: a directory may vouch for its spelling.
        ``odd``: the call spells it with look-alike characters (:func:`_odd_spelling`), and
        whether the allowlist names that spelling exactly: then its folded key vouches for
        nothing (not the allowlist, not an earlier send or approval of that key). ``plain``:
        a string without look-alike characters gives it (:meth:`_listed`)."""
        policy = self.engine.policy
        sink_is_url = dest.kind == "url"
        if policy.trusted_text_beats_taint and user_named:
            if self.taint.seen_here(dest, sink_is_url=sink_is_url):
                self._last_over_taint[dest.key] = "user_text"
            return None
        if listable and self._listed(server, dest.key, plain):
            # listed whole by a directory tool (policy ``directory: true``)
            if self.taint.seen_here(dest, sink_is_url=sink_is_url):
                self._last_over_taint[dest.key] = "directory"
            return None
        state = (
            "clean"
            if dest.key in self.vouched and odd is None
            else self.taint.lookup(dest, sink_is_url=sink_is_url)
        )
        allowlisted = _match_trusted(dest, trusted_patterns) if odd is None else odd
        shared = self.taint.shared
        if (
            state == "unknown"
            and shared is not None
            and shared.keys_lost
            and not (allowlisted and policy.allowlist_beats_taint)
        ):
            # a sibling cordon process delivered output it never indexed (it died, failed, or
            # was still indexing past the wait): that output may hold this destination, and
            # eager recording would have said "tainted". Denied, like taint (red-team S20).
            return Verdict(
                verdict="deny",
                rule="taint.history_lost",
                reason=(
                    f"destination in '{param}' cannot be cleared: another cordon process of "
                    "this client delivered output it has not indexed"
                ),
                param=param,
                destination=dest.key,
            )
        if state == "tainted" and not (allowlisted and policy.allowlist_beats_taint):
            return Verdict(
                verdict="deny",
                rule="taint.seen_in_output",
                reason=f"destination in '{param}' first appeared in untrusted tool output",
                param=param,
                destination=dest.key,
            )
        if allowlisted and (state != "unknown" or policy.allowlist_beats_taint):
            # an allowlisted destination whose taint cannot be known (history trimmed, or a
            # sibling process's output not indexed in time) is asked about: the allowlist
            # does not beat taint, so it cannot beat "maybe tainted" either (red-team,
            # session 3: a sibling kept busy past its wait let an allowlisted drop through)
            if state == "tainted":
                self._last_over_taint[dest.key] = "allowlist"
            return None
        if (
            odd is None
            and (server, tool, "taint.unverified_destination", param, dest.key) in self.approvals
        ):
            return None
        why = (
            "session output was trimmed past its memory cap, or another cordon process's output"
            " could not be read in time, so this destination cannot be cleared"
            if state == "unknown"
            else "destination is not on an allowlist and was not approved"
        )
        return Verdict(
            verdict="ask",
            rule="taint.unverified_destination",
            reason=f"'{param}': {why}",
            param=param,
            destination=dest.key,
            # an approval of it covers these very arguments, not its folded key (which the
            # real address shares: red team of S69)
            details={"odd_spelling": True} if odd is not None else {},
        )


def _has_string(v: Any) -> bool:
    if isinstance(v, str):
        return bool(v)
    if isinstance(v, Mapping):
        return any(_has_string(x) for x in v.values())
    if isinstance(v, list):
        return any(_has_string(x) for x in v)
    return False


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
