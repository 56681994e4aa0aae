"""Requests a server makes of the client: sampling, elicitation, roots.

A malicious or compromised server can use the client's own channels: ``sampling/createMessage``
puts a prompt of its choosing in front of the client's model (sampling abuse), and
``elicitation/create`` shows the user a form that may ask for a password or an API key
(credential phishing through the client's trusted UI). On a 2026-07-28 connection the same
requests travel inside an ``input_required`` result's ``inputRequests``.

What cordon does with each (MCP client features: sampling, elicitation, roots):

- a kind of request the client did not declare (its ``initialize`` capabilities, or the
  2026-07-28 request's ``clientCapabilities``) is refused: a server must not send it;
- per server, ``servers.<name>.server_requests.<kind>`` is ``scan`` (the default), ``allow``
  or ``deny``; ``scan`` refuses a sampling request whose text has a content finding of
  medium severity or more, and an elicitation form that asks for a secret (a field or
  message naming a password, token, API key, private key ...); the rest is recorded as
  untrusted output and passed on;
- a refusal is answered to the server with a JSON-RPC error (so nothing hangs) and audited
  (``kind: server_request``).

The client's answers go the other way and are read too: what its model wrote for a sampling
request, what its user typed in a form, its roots, the answer to any other request, and a
2026-07-28 retry's ``inputResponses``, leave for the server only when the engine's secret
checks find no credential in them (:meth:`cordon.proxy.work.SessionWork.check_answer`;
invariant 7: a registered secret never leaves, however the agent was led to write it there).

This module holds the pure parts: which kind a method is, and what in a request's params
makes ``scan`` refuse it. The core acts on them (:mod:`cordon.proxy.upstream`).
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ValidationError

from cordon._types import Finding, Verdict, severity_at_least
from cordon.engine import rules

__all__ = [
    "KINDS",
    "Inspection",
    "answer_refusal",
    "asks_for_secrets",
    "imitates_cordon",
    "parse",
    "refusal",
    "refused_answer",
    "texts_of",
    "undeclared",
]

#: the server-to-client request methods and the client capability each needs
KINDS: Mapping[str, str] = {
    "sampling/createMessage": "sampling",
    "elicitation/create": "elicitation",
    "roots/list": "roots",
}
#: the hosts an ``http://`` URL-mode elicitation may name (a page served on this machine)
_LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})
#: the lowest content-finding severity that makes ``scan`` refuse a sampling request
SAMPLING_REFUSE_AT = "medium"
#: how much text (every string of the params) a form may show: a form past it is refused
#: unread (fail closed: no form a person fills in is that long, and reading it for the
#: credential words costs seconds a megabyte in the decision queue)
FORM_READ_CAP = 64 * 1024
#: what :func:`asks_for_secrets` names for a form past :data:`FORM_READ_CAP`
UNREAD = "(form text not read)"
#: services whose keys and tokens a phishing form names (with a key, token, secret or PAT)
_SERVICES = (
    r"openai|anthropic|claude|gemini|google|gcp|azure|aws|github|gitlab|bitbucket|slack|"
    r"discord|telegram|stripe|twilio|sendgrid|mailgun|resend|postmark|hf|hugging\s*face|npm|"
    r"pypi|docker(?:\s*hub)?|heroku|vercel|netlify|cloudflare|digitalocean|datadog|sentry|"
    r"notion|linear|jira|atlassian|confluence|supabase|firebase|openrouter|groq|mistral|"
    r"cohere|replicate|pinecone|deepseek|perplexity|tavily|serpapi|brave|exa|elevenlabs|"
    r"shopify|paypal|coinbase|binance|airtable|figma|asana|dropbox|zoom|okta|auth0|"
    r"twitter|linkedin|hubspot|salesforce|zendesk|circleci|bitwarden|1password|vault|"
    r"license|licence|activation|signing|encryption|ssh|gpg|pgp|deploy|bearer"
)
#: words that make a form field (or the form's message) a request for a credential
_SECRET_RE = re.compile(
    r"pass(?:word|phrase|code)|passw?d|\bpwd\b|api[\s_-]?key|access[\s_-]?key|secret|"
    r"\btoken\b|bearer|credential|private[\s_-]?key|ssh[\s_-]?key|seed[\s_-]?phrase|"
    r"mnemonic|\botp\b|one[\s_-]?time[\s_-]?code|2fa|\bmfa\b|\bpin[\s_-]?(?:code|number)\b|"
    r"credit[\s_-]?card|card[\s_-]?number|\bcvv\b|\bcvc\b|\bssn\b|social[\s_-]?security|"
    # a personal access token by its initials (upper case: "Pat" is a name), a session
    # cookie, the codes that recover or take over an account
    r"(?-i:\bPATs?\b)|personal[\s_-]?access|cookie|"
    r"(?:recovery|backup|security|verification|auth(?:entication)?)[\s_-]?(?:code|key|phrase)|"
    # "password" in the languages a phishing form is most often written in
    r"kennwort|passwort|contrase[\u00f1n]a|mot[\s_-]?de[\s_-]?passe|senha|wachtwoord|"
    r"has\u0142o|\u043f\u0430\u0440\u043e\u043b|\u30d1\u30b9\u30ef\u30fc\u30c9|"
    r"\u5bc6\u7801|\u5bc6\u78bc|\ube44\ubc00\ubc88\ud638|"
    # a key or token named by the service it opens ("OpenAI key", "HF token", "Stripe live
    # key", "GitHub PAT"), or asked for as the user's own ("Enter your key"; not "your key
    # goals"): MCP forbids asking for sensitive information in a form at all
    rf"\b(?:{_SERVICES})\s+(?:(?:api|access|secret|personal|live|test|prod(?:uction)?|dev|"
    r"bot|app|auth|oauth|refresh|deploy|admin|service|master|account)\s+)*"
    r"(?:keys?|tokens?|secrets?|pats?)\b|"
    r"\byour\s+(?:[\w.-]+\s+){0,3}?(?:key|token)\b(?!\s+(?:results?|points?|findings?|"
    r"takeaways?|metrics?|dates?|terms?|areas?|features?|questions?|ideas?|goals?|skills?|"
    r"people|contacts?|events?|steps?|benefits?|insights?|themes?|topics?|details?|"
    r"decisions?|priorities|concerns?|words?|phrases?|messages?|moments?)\b)|"
    # a PIN, the short password ("pw"), a JWT or session id, a card's CVV2
    r"(?-i:\bPINs?\b)|\b(?:card|bank|atm|sim|\d+[\s-]?digit)\s+pin\b|\benter\s+(?:your|the)\s+"
    r"pin\b|\bpw\b|\bjwt\b|\bsession[\s_-]?(?:id|token|key)\b|\bcv[vc]2\b|"
    # a code that signs the user in, or completes someone else's OAuth login
    r"\bauth(?:ori[sz]ation)?[\s_-]?code\b|\b\d+[\s-]?digit\s+(?:code|passcode)\b|"
    r"\b(?:sms|login|sign[\s-]?in|2fa|mfa|totp|authenticator(?:\s+app)?)\s+code\b|"
    r"\bcode\s+(?:(?:that\s+)?(?:we|was|I)\s+)?(?:just\s+)?(?:sent|texted|e-?mailed|messaged)\b|"
    r"\bcode\s+from\s+(?:your\s+|the\s+)?(?:authenticator|phone|sms|text|e-?mail|app)\b|"
    # a wallet's words, and the files that hold keys
    r"\b(?:seed|recovery|backup|wallet|mnemonic)\s+(?:words?|phrases?)\b|"
    r"\bid[\s_](?:rsa|dsa|ecdsa|ed25519)\b|\bkubeconfig\b|(?<!\w)\.(?:npmrc|netrc|pgpass|"
    r"pypirc|env)\b",
    re.IGNORECASE,
)
#: each word of an identifier apart, so that a field named ``GITHUB_TOKEN``, ``openaiKey`` or
#: ``id_rsa`` is read as the words it is made of (a word boundary does not fall inside one)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
#: digits and signs a word is spelled with in place of letters (``p4ssw0rd``, ``t0k3n``)
_LEET = str.maketrans("0134$@", "oleasa")
#: four or more single letters with up to three separators between each (``p a s s``)
_SPACED_OUT = re.compile(r"(?<![^\W_])(?:[^\W_][\W_]{1,3}){3,}[^\W_](?![^\W_])")
_SEPARATORS = re.compile(r"[\W_]+")


@dataclass(slots=True)
class Inspection:
    """What the session-side scan found in one server request."""

    findings: list[Finding] = field(default_factory=list)
    #: form fields (or ``message``) that ask for a credential
    secret_fields: list[str] = field(default_factory=list)
    #: the params are not a valid request of their kind (the MCP schema, mcp-types)
    invalid: bool = False
    #: an elicitation form that names cordon (:func:`cordon.approvals.envelope.imitates_question`)
    imitates: bool = False


def parse(kind: str, params: Any) -> BaseModel | None:
    """``params`` as the ``mcp-types`` model of a ``kind`` request, or None when they do not
    validate (or the kind carries no text: roots). The models are imported here, on the first
    such request: they weigh a few MB that a proxy whose server never asks does not need."""
    from mcp_types import (
        CreateMessageRequestParams,
        ElicitRequestFormParams,
        ElicitRequestURLParams,
    )

    models: tuple[type[BaseModel], ...] = {
        "sampling": (CreateMessageRequestParams,),
        "elicitation": (ElicitRequestFormParams, ElicitRequestURLParams),
    }.get(kind, ())
    for model in models:
        try:
            return model.model_validate(params if isinstance(params, dict) else {})
        except ValidationError:
            continue
    return None


def texts_of(kind: str, params: Any) -> Iterator[str]:
    """The text a person or the client's model would read in a request of ``kind``."""
    from mcp_types import (
        CreateMessageRequestParams,
        ElicitRequestFormParams,
        ElicitRequestURLParams,
        TextContent,
    )

    req = parse(kind, params)
    if isinstance(req, CreateMessageRequestParams):
        if req.system_prompt:
            yield req.system_prompt
        for m in req.messages:
            for c in m.content if isinstance(m.content, list) else [m.content]:
                if isinstance(c, TextContent):
                    yield c.text
    elif isinstance(req, ElicitRequestFormParams):
        yield req.message
        yield from _schema_texts(req.requested_schema)
    elif isinstance(req, ElicitRequestURLParams):
        yield req.message
        yield req.url


def _schema_texts(schema: Any) -> Iterator[str]:
    if isinstance(schema, BaseModel):
        schema = schema.model_dump(by_alias=True, exclude_none=True)
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(props, dict):
        return
    for name, prop in props.items():
        yield str(name)
        if isinstance(prop, dict):
            for key in ("title", "description"):
                if isinstance(prop.get(key), str):
                    yield prop[key]


def imitates_cordon(kind: str, params: Any) -> bool:
    """Whether an elicitation's text (``params``) words the form as cordon's own question:
    its message and every string of its schema (a choice's title, ``enumNames``, a default,
    the schema's own title: a client shows each; a ``oneOf`` choice titled "cordon: approve"
    reached the person)."""
    from cordon.approvals.envelope import imitates_question

    if kind != "elicitation":
        return False
    schema = params.get("requestedSchema") if isinstance(params, dict) else None
    return imitates_question(itertools.chain(texts_of(kind, params), _words(schema)))


def asks_for_secrets(params: Any) -> list[str]:
    """The fields of an elicitation form that ask for a credential; ``message`` or
    ``requestedSchema`` when the ask is in the form's message or in the schema's own words
    (its title and description, shown above the fields), and the form has a field to type
    it into."""
    if not isinstance(params, dict):
        return []
    if sum(map(len, _words(params))) > FORM_READ_CAP:
        return [UNREAD]
    out: list[str] = []
    schema = params.get("requestedSchema")
    props = schema.get("properties") if isinstance(schema, dict) else None
    for name, prop in (props or {}).items() if isinstance(props, dict) else ():
        # every word the form shows for the field: its title and description, and the
        # titles of its choices (oneOf, anyOf, items, enumNames) where the ask can hide too
        words = [str(name), *_words(prop)]
        if isinstance(prop, dict) and (
            prop.get("format") == "password" or prop.get("writeOnly") is True
        ):
            words.append("password")
        if any(map(_names_secret, words)):
            out.append(str(name))
    if out or not props:
        return out
    message = params.get("message")
    if isinstance(message, str) and _names_secret(message):
        return ["message"]
    assert isinstance(schema, dict)  # (props came from it)
    own = {k: v for k, v in schema.items() if k != "properties"}
    return ["requestedSchema"] if any(map(_names_secret, _words(own))) else []


def _names_secret(text: str) -> bool:
    """Whether ``text`` names a credential (:data:`_SECRET_RE`) in any reading of it."""
    return any(_SECRET_RE.search(r) for r in _readings(text))


def _readings(text: str) -> Iterator[str]:
    """``text`` as written; with an identifier's words apart (``GITHUB_TOKEN``,
    ``openaiKey``); and as a person reads its letters (the form is shown sanitised, and a
    screen shows look-alikes as the letters they imitate): invisible characters removed,
    look-alikes, full-width and accented letters folded (``Pаssword`` with a Cyrillic a,
    ``pass<ZWSP>word``, ``Ｐａｓｓｗｏｒｄ``), digits and signs that stand for letters read as
    them (``p4ssw0rd``), and letters spaced out joined (``P a s s w o r d``)."""
    from cordon.textnorm import skeleton, strip_invisible

    yield text
    if (spaced := _CAMEL.sub(" ", text).replace("_", " ")) != text:
        yield spaced
    folded = unicodedata.normalize("NFKD", skeleton(strip_invisible(text)).casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    if folded != text.casefold():
        yield folded
    read = _SPACED_OUT.sub(lambda m: _SEPARATORS.sub("", m.group()), folded.translate(_LEET))
    if read != folded:
        yield read


def _words(value: Any, depth: int = 0) -> Iterator[str]:
    """Every string (and object key) of a field's schema, at most 16 levels down (a form's
    schema is flat: anything deeper is read as far as that)."""
    if depth > 16:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _words(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from _words(v, depth + 1)


def undeclared(kind: str, params: Any, caps: Any) -> str | None:
    """The feature of a ``kind`` request the client's capability ``caps`` (its
    ``sampling`` or ``elicitation`` object) did not declare, or None. MCP 2025-11-25: an
    empty ``elicitation`` object declares form mode only, so a URL-mode request (a page of
    the server's choosing opened for the user) needs ``url``; a sampling request that asks
    the client to add context (``includeContext``: ``allServers`` hands the server what the
    client's other servers said) needs ``context``, one that gives the model tools needs
    ``tools``."""
    have = caps if isinstance(caps, dict) else {}
    p = params if isinstance(params, dict) else {}
    if kind == "elicitation":
        mode = p.get("mode", "form")
        declared = "url" in have if mode == "url" else (not have or "form" in have)
        if not declared:
            return f"elicitation mode {str(mode)[:20]!r}"
        return _other_than_https(p.get("url")) if mode == "url" else None
    if kind == "sampling":
        if p.get("includeContext", "none") != "none" and "context" not in have:
            return "sampling context (includeContext)"
        if (p.get("tools") or p.get("toolChoice")) and "tools" not in have:
            return "sampling tools"
    return None


def _other_than_https(url: Any) -> str | None:
    """Why a URL-mode elicitation's ``url`` is not a page a client that declared URL mode
    agreed to open (``https``, or ``http`` on this machine), or None: a ``javascript:`` or
    ``data:`` URL runs in the client's browser or web view, a ``file:`` one shows a local
    file."""
    parts = urlsplit(url) if isinstance(url, str) else None
    scheme = parts.scheme.lower() if parts is not None else ""
    if parts is not None and parts.netloc and scheme == "https":
        return None
    if parts is not None and scheme == "http" and parts.hostname in _LOOPBACK:
        return None
    return f"elicitation URLs other than https ({scheme[:20] or 'no scheme'})"


def refusal(kind: str, rule: str, found: Inspection) -> str | None:
    """Why ``scan`` (or ``deny``) refuses this request, or None to pass it on."""
    if rule == "deny":
        return f"the policy denies {kind} requests from this server"
    if rule == "allow":
        return None
    if found.invalid:
        return f"its params are not a valid {kind} request"
    if kind == "sampling":
        bad = sorted(
            {f.rule for f in found.findings if severity_at_least(f.severity, SAMPLING_REFUSE_AT)}
        )
        if bad:
            return f"the sampling request carries {', '.join(bad)}"
    if kind == "elicitation" and found.imitates:
        return "its form names cordon: only cordon asks in cordon's name"
    if kind == "elicitation" and found.secret_fields == [UNREAD]:
        return f"its form's text is past {FORM_READ_CAP // 1024} KiB: not read for a credential ask"
    if kind == "elicitation" and found.secret_fields:
        return f"the form asks for a secret ({', '.join(found.secret_fields)})"
    return None


def refused_answer(v: Verdict) -> Verdict:
    """``v``, a check's objection to an answer, as a deny whose reason names what it read:
    the checks word it for a call (``argument 'result.content.text' carries ...``)."""
    reason = v.reason
    for said, meant in (
        ("argument '", "answer field '"),
        ("the call's arguments", "the answer"),
        ("the call", "the answer"),
    ):
        if reason.startswith(said):
            reason = meant + reason[len(said) :]
            break
    if v.verdict == "ask":
        reason += "; an answer that cannot be cleared is not passed on"
    return Verdict(
        verdict="deny", rule=v.rule, reason=reason, param=v.param, details=dict(v.details)
    )


def answer_refusal(rid: Any, v: Verdict | None) -> tuple[dict[str, Any], str, str]:
    """What cordon says when it does not forward a client's answer to server request ``rid``:
    the audit record (``kind: server_request``, ``request: answer``; the rule, the reason and
    the ``withheld`` marker of the check, never the value), the line for stderr, and the
    message of the error the server gets (the rule only: the server is told nothing of the
    secret, not even its masked label). ``v``: the check's objection; None when the answer
    could not be checked (a failure refuses, fail closed)."""
    rec: dict[str, Any] = {"kind": "server_request", "request": "answer", "action": "refuse"}
    rec["id"] = rid
    if v is None:
        rec["reason"] = "cordon could not check it for secrets"
        return rec, "a client answer could not be checked for secrets: withheld", rec["reason"]
    rec.update(rule=v.rule, reason=v.reason)
    rec.update((k, x) for k, x in (("param", v.param), ("details", v.details)) if x)
    told = f"withheld the client's answer to a server request: {v.reason}"
    found = v.rule in (rules.SECRET_EGRESS, rules.SECRET_PATTERN)
    return rec, told, f"it {'carries' if found else 'cannot be checked for'} a secret ({v.rule})"
