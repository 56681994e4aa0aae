"""``cordon suggest``: a policy proposed from audit logs and pinned tool lists, for review.

Like ``audit2allow`` for SELinux, it reads what happened and prints a proposal; it never
writes or applies a policy. Every entry carries its evidence as a YAML comment, so a person
can tell a real sending tool from a coincidence before copying a line. What it reads:

* the verdict records of an audit log (``cordon run`` in any content mode is enough): which
  arguments of which tools carried destinations (e-mail addresses, URLs, hosts, channels,
  phone numbers, as cordon's taint layer extracts them), and which calls were asked about
  or denied, by rule;
* pin files (``~/.cordon/pins/*.json`` by default): each tool's definition and MCP
  annotations (``readOnlyHint``, ``destructiveHint``).

One policy per server (a YAML document each; ``--server`` picks one): a policy's ``tools:``
are keyed by tool name, and two servers' tools of one name differ. What it proposes, per
tool the server's policy does not already name (``--policy``; without it, the policy files
the server's latest start record in the log names, as ``cordon report`` reads them, packs
included, and the proposal says which):

* ``exfiltrating: true`` and ``sink_params`` for a tool not marked read-only whose
  arguments carried destinations (the parameters that did); an address in a payload (an
  argument named for what is written or sent, or prose around it) is noted, not proposed,
  and a file name in an argument that names a file (``path``, ``filename``; an argument of
  a tool named for files that its own name does not place: ``move_file``'s ``destination``;
  ``CLAUDE.md`` in ``write_file``'s ``path``) is no host, though ``.md`` is a country's
  top-level domain; never in an argument whose name says a network place or a recipient
  (``upload_file``'s ``host``, ``file_url``, ``send_file``'s ``to``) or whose pinned schema
  gives it a network ``format`` (``uri``, ``hostname``, ``email``);
* ``exfiltrating: false`` for a tool marked read-only that took no network address;
* ``destructive: true`` for a tool whose name deletes or drops something but whose server
  did not mark it ``destructiveHint`` (the server's own hint already asks);
* ``directory: true``, commented out: a read-only listing tool called in a session shortly
  before a call whose destination was asked about or denied. The log keeps no output, so
  this is a lead, not evidence: ``directory`` is a trust grant (whoever can create an item
  the listing returns can vouch a destination), for a person to decide.

Before those entries, for a server whose policy brings no pack, it names each built-in pack
that classifies every tool of the server (:func:`cordon.checktools.fitting_packs`, the test
``cordon check`` hints with): the pack's entries were written for that server's tools, the
proposal's only from what the log shows (an e-mail address stored in a memory note read as a
destination), so the pack is the first thing to try.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml

from cordon.audit.log import chain_files, default_audit_path, iter_records
from cordon.engine.action_names import FREE_TEXT_PARAMS, norm_key
from cordon.engine.actions import split_tokens
from cordon.engine.rules import (
    PIN_UNKNOWN_TOOL,
    TAINT_SEEN_IN_OUTPUT,
    TAINT_UNVERIFIED_DESTINATION,
)
from cordon.taint import (
    Destination,
    extract_destinations,
    is_payload_param,
    mentioned_in_prose,
)

__all__ = ["OwnPolicy", "Usage", "own_policies", "read_usage", "register", "render", "suggest_cmd"]

#: destination kinds that show an argument names where something goes
_DESTINATION_KINDS = frozenset({"email", "url", "host", "channel", "phone"})
#: tool-name tokens of a tool that deletes or drops something
_DELETE_TOKENS = frozenset({"delete", "remove", "drop", "destroy", "purge", "erase", "truncate"})
#: tool-name first tokens of a listing
_LIST_VERBS = frozenset({"list", "get", "search", "find", "lookup", "query"})
#: a listing counts as a lead for a destination asked about within this many calls after it
_LEAD_WINDOW = 5
_TAINT_RULES = frozenset({TAINT_SEEN_IN_OUTPUT, TAINT_UNVERIFIED_DESTINATION})
#: argument-name and tool-name tokens that say the argument names a file or directory
_FILE_TOKENS = frozenset(
    {"path", "paths", "filepath", "file", "files", "filename", "filenames", "dir", "directory",
     "directories", "folder", "folders"}
)  # fmt: skip
#: argument-name tokens, and JSON Schema ``format`` values, that say it names a network place
_NETWORK_TOKENS = frozenset({"url", "urls", "uri", "uris", "host", "hostname", "domain",
                             "endpoint", "email"})  # fmt: skip
#: argument-name tokens that say where a call sends: never a file for the tool's name alone
_RECIPIENT_TOKENS = frozenset({"to", "recipient", "recipients", "cc", "bcc", "channel",
                               "webhook", "server", "remote"})  # fmt: skip
_NETWORK_FORMATS = frozenset({"uri", "iri", "url", "hostname", "idn-hostname", "email",
                              "idn-email", "ipv4", "ipv6"})  # fmt: skip
#: last labels of a "host" that is a file name when a file is named (``readme.md``: ``.md``
#: is Moldova's top-level domain, ``.py`` Paraguay's, ``.sh`` Saint Helena's, ``.zip`` a gTLD)
_FILE_EXTENSIONS = frozenset(
    {"md", "markdown", "mdx", "txt", "rst", "adoc", "org", "tex", "pdf", "doc", "docx", "odt",
     "rtf", "csv", "tsv", "xls", "xlsx", "ppt", "pptx", "json", "jsonl", "yaml", "yml", "toml",
     "xml", "html", "htm", "ini", "cfg", "conf", "log", "env", "lock", "ipynb", "py", "js",
     "mjs", "ts", "tsx", "jsx", "sh", "rs", "go", "java", "rb", "php", "sql", "c", "h", "cpp",
     "css", "png", "jpg", "jpeg", "gif", "svg", "webp", "zip", "gz", "tar", "tgz"}
)  # fmt: skip


@dataclass
class ToolUsage:
    """What the log shows of one tool."""

    calls: int = 0
    #: argument name -> calls in which it carried a destination
    dest_calls: Counter[str] = field(default_factory=Counter)
    #: argument name -> distinct destination keys seen in it
    dests: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    #: argument name -> calls in which it carried a URL or host
    network: Counter[str] = field(default_factory=Counter)
    #: argument name -> calls in which its payload (free text, a path) mentioned one
    mentions: Counter[str] = field(default_factory=Counter)
    #: "verdict rule" -> count
    verdicts: Counter[str] = field(default_factory=Counter)
    #: calls to a destination asked about or denied by taint soon after a call to this tool
    leads: int = 0
    #: argument name -> calls denied or asked about for a destination in it (``param``)
    judged: Counter[str] = field(default_factory=Counter)


@dataclass
class Usage:
    """The log and pins, read: per (server, tool), and the pinned definitions."""

    tools: dict[tuple[str, str], ToolUsage] = field(default_factory=dict)
    definitions: dict[tuple[str, str], Mapping[str, Any]] = field(default_factory=dict)
    sessions: set[str] = field(default_factory=set)
    verdicts: int = 0
    #: (server, tool) -> calls denied as naming a tool the server did not list
    unlisted: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: server -> its latest start record (the policy files its cordon run named)
    starts: dict[str, Mapping[str, Any]] = field(default_factory=dict)


def _names_a_file(tool: str, name: str, definition: Mapping[str, Any] | None = None) -> bool:
    """The argument ``name`` of ``tool`` names a file: by its own name's tokens (``path``,
    ``filename``), or, when they say nothing either way, by the tool's (``move_file``'s
    ``destination``). Never one whose name says a network place (``file_url``, ``host``) or
    a recipient (``send_file``'s ``to``), nor one whose pinned schema (``definition``) gives
    it a network ``format``: a host dropped here as a file name is a sink never proposed."""
    tokens = set(split_tokens(name))
    schema = (definition or {}).get("inputSchema")
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    prop = props.get(name) if isinstance(props, Mapping) else None
    if tokens & _NETWORK_TOKENS or (
        isinstance(prop, Mapping) and prop.get("format") in _NETWORK_FORMATS
    ):
        return False
    if tokens & _FILE_TOKENS:
        return True
    return bool(_FILE_TOKENS & set(split_tokens(tool))) and not tokens & _RECIPIENT_TOKENS


def _file_name(d: Destination) -> bool:
    """A "host" whose last label is a common file extension (``CLAUDE.md``, ``setup.py``)."""
    return d.kind == "host" and d.key.split("/")[0].rsplit(".", 1)[-1] in _FILE_EXTENSIONS


def _record_call(
    u: ToolUsage, tool: str, definition: Mapping[str, Any] | None, arguments: Any
) -> None:
    u.calls += 1
    if not isinstance(arguments, Mapping):
        return
    for name, value in arguments.items():
        dests = [d for d in extract_destinations(value) if d.kind in _DESTINATION_KINDS]
        if _names_a_file(tool, str(name), definition):
            # a file name read as a host (the engine judges no path argument as a
            # destination): proposed as a sink it would ask about every file the agent writes
            dests = [d for d in dests if not _file_name(d)]
        if any(d.kind in ("url", "host") for d in dests):
            u.network[str(name)] += 1
        if not dests:
            continue
        if _payload(str(name), value, dests):
            # an address in what is written or sent (a mail quoted in a note's `content`, a
            # link in a message body) says where the text points, not where the call goes:
            # proposed as a sink it would ask about every write the agent makes
            u.mentions[str(name)] += 1
            continue
        u.dest_calls[str(name)] += 1
        u.dests[str(name)].update(d.key for d in dests)


def _payload(name: str, value: Any, dests: list[Destination]) -> bool:
    """The argument ``name`` holds what is sent, not where: named for the payload (``body``,
    ``content``, ``path``, ``query``), or prose that mentions an address (more than two
    words besides it), as the taint layer's held values read it."""
    if norm_key(name) in FREE_TEXT_PARAMS or is_payload_param(name):
        return True
    return isinstance(value, str) and mentioned_in_prose(value, dests)


def read_usage(records: Iterable[Mapping[str, Any]], pin_files: Iterable[Path]) -> Usage:
    """Read verdict records (in log order) and pin files into a :class:`Usage`."""
    usage = Usage()
    for path in pin_files:
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        for server, entry in (data.get("servers") or {}).items():
            for name, definition in (entry.get("tools") or {}).items():
                if isinstance(definition, Mapping):
                    usage.definitions[(str(server), str(name))] = definition
    recent: dict[str, list[tuple[str, str]]] = defaultdict(list)  # session -> recent calls
    for rec in records:
        if rec.get("kind") == "start":
            usage.starts[str(rec.get("server", "default"))] = rec
        if rec.get("kind") != "verdict" or "tool" not in rec:
            continue
        key = (str(rec.get("server", "default")), str(rec["tool"]))
        session = str(rec.get("session", ""))
        usage.verdicts += 1
        usage.sessions.add(session)
        if rec.get("rule") == PIN_UNKNOWN_TOOL:
            # a name the server did not list (a fooled agent calls any name): an entry for
            # it names no tool, and cordon run takes a near match of a listed name for a
            # typo and denies every call to the server; noted, never proposed
            usage.unlisted[key] += 1
            continue
        u = usage.tools.setdefault(key, ToolUsage())
        _record_call(u, key[1], usage.definitions.get(key), rec.get("arguments"))
        u.verdicts[f"{rec.get('verdict')} {rec.get('rule')}"] += 1
        if rec.get("verdict") in ("deny", "ask") and isinstance(rec.get("param"), str):
            u.judged[rec["param"]] += 1
        if str(rec.get("rule")) in _TAINT_RULES:  # (a rewritten log's rule may be a list)
            for earlier in set(recent[session][-_LEAD_WINDOW:]):
                if earlier != key:
                    usage.tools.setdefault(earlier, ToolUsage()).leads += 1
        recent[session].append(key)
    return usage


def _annotations(usage: Usage, key: tuple[str, str]) -> Mapping[str, Any]:
    ann = usage.definitions.get(key, {}).get("annotations")
    return ann if isinstance(ann, Mapping) else {}


def _entry(usage: Usage, key: tuple[str, str]) -> list[str]:
    """The YAML lines (indented under the tool's name) proposed for one tool, or []."""
    u = usage.tools.get(key, ToolUsage())
    ann = _annotations(usage, key)
    tokens = split_tokens(key[1])
    read_only = ann.get("readOnlyHint") is True and ann.get("destructiveHint") is not True
    lines: list[str] = []
    sinks = sorted(u.dest_calls, key=lambda n: (-u.dest_calls[n], n))
    if sinks and not read_only:
        for n in sinks:
            lines.append(
                f"# {u.dest_calls[n]} of {u.calls} calls carried a destination in {_said(n, quoted=True)} "
                f"({len(u.dests[n])} distinct)"
            )
        lines += _left_out(u, sinks)
        lines += ["exfiltrating: true", f"sink_params: {_flow(sinks)}"]
    elif read_only and not u.network:
        # (readOnlyHint is the server's word about itself: MCP tool annotations are untrusted
        # unless the server is; said next to a line that turns checks off)
        lines += ["# readOnlyHint in the pinned definition (the server's own word, not checked);",
                  "# no call gave a URL or host; false turns the sink checks off: a URL given",
                  "# later is not judged for taint",
                  "exfiltrating: false"]  # fmt: skip
    if set(tokens) & _DELETE_TOKENS and ann.get("destructiveHint") is not True:
        lines += [f"# the name deletes ({_said(key[1])}); the server does not mark it destructiveHint",
                  "destructive: true"]  # fmt: skip
    if read_only and tokens and tokens[0] in _LIST_VERBS and u.leads:
        lines += [
            f"# {u.leads} destination(s) asked about or denied within {_LEAD_WINDOW} calls "
            "after it: if it lists the platform's own names (channels, members, contacts),",
            "# and only members can create them, a person may grant this (a trust grant):",
            "# directory: true",
        ]
    return lines


def _left_out(u: ToolUsage, sinks: list[str]) -> list[str]:
    """Comment lines on the arguments ``sink_params`` would leave out that gave a URL or a
    host, or were denied or asked about for a destination: ``exfiltrating: true`` reads as
    stricter, but ``sink_params`` also narrows the sink checks to the names it lists. An
    address the fooled agent puts in a decoy argument (``account``) would otherwise propose
    a sink that leaves out the URL argument named for a payload (``path``) cordon denied."""
    out = []
    for n in sorted((set(u.network) | set(u.judged)) - set(sinks)):
        parts = (
            [f"{u.network[n]} of {u.calls} calls gave a URL or host in it"] if u.network[n] else []
        )
        if u.judged[n]:
            parts.append(f"{u.judged[n]} denied or asked about for a destination in it")
        out.append(
            f"# {_said(n, quoted=True)} is left out of sink_params: {', '.join(parts)}; "
            "sink_params narrows the sink checks to the names listed: add it if the call "
            "sends there"
        )
    return out


def _notes(usage: Usage, key: tuple[str, str]) -> list[str]:
    """Comment lines on what the log shows of one tool that proposes nothing for it: an
    address only in a payload argument, a read-only tool that was given URLs."""
    u = usage.tools.get(key)
    if u is None:
        return []
    out = [
        f"# {_said(key[1])}: {u.mentions[n]} of {u.calls} calls mentioned a destination in {_said(n, quoted=True)}, "
        f"which {_holds(key, n, usage)} (not where the call goes): no sink proposed"
        for n in sorted(u.mentions)
        if n not in u.dest_calls
    ]
    ann = _annotations(usage, key)
    if u.network and ann.get("readOnlyHint") is True:
        out.append(
            f"# {_said(key[1])}: readOnlyHint, and its calls gave a URL or host in "
            f"{_flow(sorted(u.network))}: a read sends what its URL carries, and cordon's "
            "egress and taint rules judge a URL argument of any tool: nothing to add"
        )
    return out


def _holds(key: tuple[str, str], name: str, usage: Usage) -> str:
    """What the argument ``name`` of the tool ``key`` holds, for a note."""
    return (
        "names a file or directory"
        if _names_a_file(key[1], name, usage.definitions.get(key))
        else "holds what is written or sent"
    )


_PLAIN = re.compile(r"[A-Za-z0-9_./-]{1,128}")  # (the alphabet MCP gives tool names)


def _said(name: str, *, quoted: bool = False) -> str:
    """A tool's or an argument's name (the adversary's text: a fooled agent names its
    arguments) in a comment line: as is (``quoted``: in single quotes) when it is a plain
    name, else JSON, ASCII only, so no line break (``\\n``, U+2028, U+0085) ends the comment
    and writes a line of the proposal (``trusted_destinations: [...]``)."""
    if _PLAIN.fullmatch(name):
        return f"'{name}'" if quoted else name
    return json.dumps(name, ensure_ascii=True)


def _flow(items: list[str]) -> str:
    """``items`` as a YAML flow sequence on one line. A tool's or an argument's name is the
    adversary's text: PyYAML writes one holding a line break (or past its width) as a
    folded single-quoted scalar over several lines, and a line of it reads as a line of the
    proposal (``exfiltrating: false``, a ``# comment``) though YAML reads it as part of the
    name; double-quoted, every break is an escape (``\\n``) and the name loads the same."""
    out = yaml.safe_dump(items, default_flow_style=True, width=sys.maxsize).strip()
    if "\n" in out:
        out = yaml.safe_dump(items, default_flow_style=True, default_style='"', width=sys.maxsize)
    return out.strip()


def _servers(usage: Usage) -> list[str]:
    """The servers the log or the pins know, sorted."""
    return sorted(
        {k[0] for k in usage.tools}
        | {k[0] for k in usage.definitions}
        | {k[0] for k in usage.unlisted}
    )


@dataclass(frozen=True)
class OwnPolicy:
    """The policy a server's latest start record names: a line saying which, and the tool
    names it has (packs included), left out of the proposal."""

    said: str
    tools: frozenset[str]
    #: the built-in packs it brings (``packs:``)
    packs: tuple[str, ...] = ()


def own_policies(usage: Usage) -> dict[str, OwnPolicy]:
    """Server -> the policy its latest start record names (``policy_files``, as ``cordon
    report`` reads them): loaded as the files are now, said when they changed since that
    start (another policy hash) or no longer load (then nothing is left out)."""
    from cordon._exceptions import CordonError
    from cordon.policy import load_policy, policy_hash

    out: dict[str, OwnPolicy] = {}
    for server, rec in usage.starts.items():
        files = rec.get("policy_files")
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            continue
        named = ", ".join(_said(f) for f in files) if files else "no --policy"
        try:
            pol = load_policy([Path(f) for f in files])
        except (OSError, ValueError, CordonError) as exc:
            why = _said(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            out[server] = OwnPolicy(
                f"{named}, which does not load now ({why}): nothing left out", frozenset()
            )
            continue
        since = (
            "" if policy_hash(pol) == rec.get("policy_hash") else " (changed since: as it is now)"
        )
        count = (
            f"the {len(pol.tools)} tool(s) it names are left out"
            if pol.tools
            else "it names no tool"
        )
        out[server] = OwnPolicy(f"{named}{since}; {count}", frozenset(pol.tools), pol.packs)
    return out


def _pack_hint(usage: Usage, server: str | None) -> list[str]:
    """Comment lines naming each built-in pack that classifies every tool of ``server``, as
    ``cordon check`` hints (:func:`cordon.checktools.fitting_packs`): the tools its pins list
    (the server's tools/list), else those the log shows it called; [] when none fits."""
    from cordon.checktools import fitting_packs

    listed = {k[1] for k in usage.definitions if k[0] == server}
    names = listed or {k[1] for k in usage.tools if k[0] == server}
    where = (
        "the pins list for this server"
        if listed
        else "the log shows this server called (not its whole tools/list)"
    )
    out = [
        f"# hint: the built-in pack {pack!r} classifies all {len(names)} tools {where}: "
        f"add `packs: [{pack}]` to this policy (README: Built-in packs)"
        for pack in fitting_packs(names)
    ]
    if out:
        out += [
            "# try the pack first: its entries were written for this server's tools; those below",
            "# are read from the log alone, and one for a tool the pack names overrides the",
            "# pack's settings for that tool (keep it only if its evidence shows the pack wrong)",
        ]
    return out


def _document(
    usage: Usage,
    server: str | None,
    known: set[str],
    own: OwnPolicy | None = None,
    packed: bool = False,
) -> list[str]:
    """One server's proposal: a whole policy (a policy's ``tools:`` are one server's);
    ``packed``: the policy given brings a pack (then no other pack is hinted)."""
    out = ["version: 1", "tools:"]
    if not packed and (own is None or not own.packs):
        out[:0] = _pack_hint(usage, server)
    if own is not None:
        known = known | own.tools
        out.insert(0, f"# its policy, from its latest start record in the log: {own.said}")
    if server is not None:  # JSON-quoted, ASCII only: a name cannot end the comment line
        name = json.dumps(server, ensure_ascii=True)  # U+2028, U+0085 break YAML lines
        out.insert(0, f"# server {name}: a policy for its cordon run (--name {name})")
    keys = {k for k in set(usage.tools) | set(usage.definitions) if k[0] == server}
    entries: list[str] = []
    notes: list[str] = []
    for key in sorted(keys, key=lambda k: k[1]):
        lines = [] if key[1] in known else _entry(usage, key)
        if lines:
            entries.append(f"  {_flow([key[1]])[1:-1]}:")
            entries += [f"    {line}" for line in lines]
        elif key[1] not in known:
            notes += _notes(usage, key)
    notes += [
        f"# {_said(k[1])}: {n} call(s) denied as not listed by the server ({PIN_UNKNOWN_TOOL}): "
        "no entry (one naming no listed tool limits nothing; a near match of a listed name "
        "makes cordon run deny every call to the server)"
        for k, n in sorted(usage.unlisted.items())
        if k[0] == server and k not in usage.tools and k not in usage.definitions
    ]
    if not entries:
        out[-1] = "tools: {}"
        out.append(
            "# nothing to propose; what the log shows:"
            if notes
            else "# nothing to propose: no argument named where a call goes, no tool to classify"
        )
    return out + entries + notes


def render(
    usage: Usage,
    *,
    known: Iterable[str] = (),
    source: str = "",
    server: str | None = None,
    own: Mapping[str, OwnPolicy] | None = None,
    packed: bool = False,
) -> str:
    """The proposal as YAML text with comments: one policy document per server (``---``
    between them), since a policy's ``tools:`` are keyed by tool name and are one server's
    (two servers' ``create_branch`` differ); only ``server``'s when given. Each document is a
    policy file :func:`cordon.policy.load_policy` reads once a person keeps the lines they
    agree with; ``known``: tool names the server's policy names already (left out); ``own``:
    per server, the policy its start record names (:func:`own_policies`), left out too;
    ``packed``: the policy ``known`` came from brings a pack (no pack is hinted then)."""
    servers: list[str | None] = [server] if server is not None else [*_servers(usage)]
    head = [
        f"# cordon suggest: from {usage.verdicts} verdict(s) in {len(usage.sessions)} "
        f"session(s){' of ' + source if source else ''}.",
        "# A proposal for review: cordon never applies it. Keep what the evidence supports.",
    ]
    if len(servers) > 1:
        head.append(
            f"# {len(servers)} servers, one policy each (YAML documents split by ---): save "
            "each in its own file"
        )
    mine = own or {}
    docs = [
        "\n".join(_document(usage, s, set(known), mine.get(s) if s is not None else None, packed))
        for s in servers or [None]
    ]
    return "\n".join(head) + "\n" + "\n---\n".join(docs) + "\n"


def suggest_cmd(
    audit: Annotated[
        Path | None, typer.Option("--audit", help="audit log (default ~/.cordon/audit.jsonl)")
    ] = None,
    pins: Annotated[
        list[Path] | None,
        typer.Option("--pins", help="pin file (repeatable; default ~/.cordon/pins/*.json)"),
    ] = None,
    policy: Annotated[
        list[Path] | None,
        typer.Option(
            "--policy",
            help="the server's policy: tools it names already are left out (default: the "
            "policy files each server's start record in the log names)",
        ),
    ] = None,
    server: Annotated[
        str | None, typer.Option("--server", help="only this server's policy (its --name)")
    ] = None,
) -> None:
    """Propose a policy per server from audit logs and pinned tool lists (printed as YAML
    with the evidence for each entry; never applied). A policy's `tools:` are one server's,
    so each server gets its own YAML document (split by ---); --server NAME prints one."""
    from cordon.approvals.display import visible
    from cordon.clientconfig import default_pin_dir
    from cordon.policy import load_policy

    path = audit or default_audit_path()
    if not any(f.exists() for f in chain_files(path)):
        # fail closed: a proposal "from 0 verdicts" reads as "the log shows nothing to restrict"
        typer.echo(
            f"cordon suggest: no audit log at {visible(str(path))} (no cordon run has written "
            "there, or it was removed); give --audit PATH",
            err=True,
        )
        raise typer.Exit(2)
    pin_files = pins if pins else sorted(default_pin_dir().glob("*.json"))
    usage = read_usage(iter_records(path), pin_files)
    servers = _servers(usage)
    # (a server's name is a client config's key: a line break in it printed a line of its own)
    said = ", ".join(visible(s) for s in servers)
    if server is not None and server not in servers:
        typer.echo(
            f"cordon suggest: no record or pin of server {server!r} (there are: {said or 'none'})",
            err=True,
        )
        raise typer.Exit(2)
    if policy and server is None and len(servers) > 1:
        typer.echo(
            "cordon suggest: --policy is one server's policy; give --server NAME too "
            f"(servers: {said})",
            err=True,
        )
        raise typer.Exit(2)
    given = load_policy(policy) if policy else None
    known: list[str] = list(given.tools) if given else []
    # without --policy, each server's own: the files its cordon run named (as cordon report)
    own = None if policy else own_policies(usage)
    text = render(
        usage,
        known=known,
        source=str(path),
        server=server,
        own=own,
        packed=bool(given and given.packs),
    )
    typer.echo(text, nl=False)


def register(app: typer.Typer) -> None:
    """Add ``suggest`` to the cordon typer app."""
    app.command("suggest")(suggest_cmd)
