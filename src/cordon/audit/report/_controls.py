"""Controls in force: what the policy says about each tool, and what the tools file lists."""

from __future__ import annotations

import shlex
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from cordon.audit.report._data import ControlRow

__all__ = ["ControlsSection", "controls_section"]


def _load_tools(path: Path) -> list[tuple[str, list[str]]]:
    """Read a saved tools/list or a ``--pin-file`` of ``cordon run``.

    A tools/list is ``{"tools": [...]}``, ``{"result": {"tools": [...]}}`` or a list; a pin
    file is ``{"servers": {server: {"tools": {name: definition}}}}`` (the first complete
    tools/list of each server, as pinned).

    Returns:
        ``[(server label, tool names), ...]``: for a tools/list one pair whose label is
        ``server`` in the file or the file's stem; for a pin file one pair per server.

    Raises:
        ValueError: the file is neither shape (or not JSON).
    """
    data = orjson.loads(path.read_bytes())
    server = path.stem
    if isinstance(data, dict) and isinstance(data.get("servers"), dict):
        return [
            (str(name), [str(t) for t in (entry.get("tools") or {})])
            for name, entry in data["servers"].items()
            if isinstance(entry, dict) and isinstance(entry.get("tools") or {}, dict)
        ]
    if isinstance(data, dict):
        server = str(data.get("server", server))
        if isinstance(data.get("result"), dict):
            data = data["result"]
        data = data.get("tools", [])
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a tools/list result or a cordon pin file")
    names = [str(t["name"]) for t in data if isinstance(t, dict) and "name" in t]
    return [(server, names)]


def _describe_tool(tp: Any) -> list[str]:
    """Human descriptions of one ToolPolicy's (or raw dict's) controls."""

    def get(key: str) -> Any:
        return tp.get(key) if isinstance(tp, dict) else getattr(tp, key, None)

    out: list[str] = []
    if get("max_calls") is not None:
        mc = get("max_calls")
        # the count is the engine Session's: one per `cordon run` process (a client restart
        # starts again), one per session in the library and `cordon serve`
        calls = f"at most {mc} calls per cordon run process"
        out.append("forbidden (max_calls 0)" if mc == 0 else calls)
    if get("path_params"):
        if get("allowed_path_prefixes"):
            prefixes = ", ".join(get("allowed_path_prefixes"))
            out.append(f"paths in {', '.join(get('path_params'))} confined under {prefixes}")
        else:
            out.append(
                f"paths in {', '.join(get('path_params'))} resolved (relative ones refused) "
                "but NOT confined: no allowed_path_prefixes"
            )
    if get("base_dir"):
        out.append(f"relative paths resolve in {get('base_dir')}")
    if get("arg_patterns"):
        out.append("patterns on " + ", ".join(sorted(get("arg_patterns"))))
    if get("max_value"):
        out.append("caps: " + ", ".join(f"{k} <= {v:g}" for k, v in get("max_value").items()))
    if get("exfiltrating") or get("sink_params"):
        sinks = ", ".join(get("sink_params") or ()) or "auto-detected"
        allow = ", ".join(get("trusted_destinations") or ()) or "no tool allowlist"
        out.append(f"sending tool (sinks: {sinks}; {allow})")
    if get("code_params"):
        out.append("URLs in the code of " + ", ".join(get("code_params")) + " are destinations")
    if get("required_scopes"):
        out.append("scopes: " + ", ".join(get("required_scopes")))
    legs = [k for k in ("sensitive", "untrusted_output", "egress") if get(k)]
    if legs:
        out.append("Rule of Two legs: " + ", ".join(legs))
    if get("executes"):
        out.append("runs programs (option-injection rules)")
    if get("writes"):
        out.append("writes files at its path and file-name arguments")
    if get("renders"):
        out.append("renders: image and embed URLs in what it writes are destinations")
    if get("unfurls"):
        out.append("unfurls: every link in what it posts is a destination")
    if get("destructive"):
        out.append("destructive (asks)")
    if get("requires_request"):
        out.append("asked unless the user's request matches: " + ", ".join(get("requires_request")))
    if get("directory"):
        out.append("directory: its listed names are known destinations")
    if get("directory_fields"):
        out.append(
            "directory fields: names under "
            + ", ".join(get("directory_fields"))
            + " are known destinations"
            + _except(get("directory_except"))
        )
    return out


def _except(fields: Any) -> str:
    """The records ``directory_except`` leaves out, for the line above (empty if none)."""
    if not fields:
        return ""
    named = ", ".join(
        f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in fields.items()
    )
    return f", except in records with {named} (a record lacking one is left out too)"


def _load_policy_any(files: Sequence[Path]) -> tuple[Any, str]:
    """Load with ``cordon.policy.load_policy``; fall back to raw YAML if that module is absent."""
    try:
        from cordon.policy import load_policy
    except ImportError:  # pragma: no cover - the policy package ships with cordon
        import yaml

        merged: dict[str, Any] = {"tools": {}}
        for f in files:
            data = yaml.safe_load(Path(f).read_text("utf-8")) or {}
            tools = data.pop("tools", {}) or {}
            merged.update(data)
            merged["tools"].update(tools)
        return merged, "read as raw YAML (cordon.policy was not available): not validated"
    return load_policy(list(files)), "validated with cordon.policy.load_policy"


def _pget(policy: Any, key: str, default: Any = None) -> Any:
    if isinstance(policy, dict):
        return policy.get(key, default)
    return getattr(policy, key, default)


def _global_controls(policy: Any) -> list[str]:
    out = ["tool pinning (always on): unknown, added and changed tools are hidden and denied"]
    trusted = _pget(policy, "trusted_destinations") or ()
    out.append("global trusted destinations: " + (", ".join(trusted) if trusted else "none"))
    egress = _pget(policy, "egress")
    if egress is not None:
        mode = _pget(egress, "mode", "open")
        allow = ", ".join(_pget(egress, "allow", ()) or ()) or "none"
        private = "allowed" if _pget(egress, "allow_private") else "denied"
        out.append(f"egress: mode {mode}, allow {allow}, private addresses {private}")
    content = _pget(policy, "content")
    if content is not None:
        out.append(
            f"content rules: mode {_pget(content, 'mode')}, block at {_pget(content, 'block_at')}"
        )
    secrets = _pget(policy, "secrets")
    if secrets is not None:
        out.append(_known_secrets(secrets))
    sens = _pget(policy, "sensitive_paths") or ()
    if sens:
        out.append("sensitive paths: " + ", ".join(sens))
    packs = _pget(policy, "packs") or ()
    if packs:
        out.append("built-in packs: " + ", ".join(packs))
    return out


def _known_secrets(secrets: Any) -> str:
    """The ``secrets`` block in words. With ``env_credentials`` (the default) every variable
    of each ``cordon run``'s own environment whose name says it holds a credential is a
    known secret too; how many is known only where it ran, not in the policy or the log."""
    n_env = len(_pget(secrets, "env", ()) or ())
    n_files = len(_pget(secrets, "files", ()) or ())
    line = f"known secrets: {n_env} env var(s) named, {n_files} file(s)"
    if _pget(secrets, "env_credentials", True) is False:
        return line + "; credentials of cordon's own environment not added (env_credentials off)"
    return (
        line + "; plus every credential-named variable of each cordon run's environment "
        "(*_TOKEN, *_SECRET, *PASSWORD, *_KEY ...; env_credentials on)"
    )


def _pack_tools_unchecked(packs: Iterable[str]) -> list[str]:
    try:
        from cordon.policy import load_pack
    except ImportError:  # pragma: no cover
        return []
    out = []
    for pack in packs:
        try:
            data = load_pack(pack)
        except Exception:  # noqa: BLE001 - a broken pack is reported, not fatal to the report
            out.append(f"pack {pack!r} could not be loaded")
            continue
        for tool, tp in (data.get("tools") or {}).items():
            if not (tp or {}).get("checked_live"):
                out.append(f"{pack}:{tool}")
    return out


@dataclass(kw_only=True, slots=True)
class ControlsSection:
    """Section 1 of the pack (controls in force) and the findings drawn from the policy."""

    policy_files: tuple[str, ...]
    note: str
    global_controls: list[str]
    rows: list[ControlRow]
    findings: list[str]


def controls_section(
    policies: Sequence[Path | str],
    tools_file: Path | str | None,
    *,
    listed: defaultdict[str, set[str]],
    called: defaultdict[str, set[str]],
    unlisted: defaultdict[str, set[str]],
    starts: Sequence[dict[str, Any]],
    servers: Sequence[str] = (),
    decided: Mapping[str, int] | None = None,
) -> ControlsSection:
    """Controls per tool and policy findings, from the policy files and what the log saw.

    The policy is one server's (a client runs each server with its own), so its controls are
    shown only for the servers it applies to: ``servers`` when given, else every server but
    those whose start records prove it ran with another policy (their rows say so, and how
    to report them). ``listed`` is updated in place with the tools file's names and with the
    policy entries a server's ``policy.unknown_tool`` records imply it listed. ``decided``:
    session -> its calls' verdict records (a server that ran under several policies says
    how many each decided).
    """
    findings: list[str] = []
    global_controls: list[str] = []
    policy: Any = None
    if policies:
        policy, note = _load_policy_any([Path(p) for p in policies])
        global_controls = _global_controls(policy)
    else:
        note = "no policy file given"
    for label, names in _load_tools(Path(tools_file)) if tools_file is not None else ():
        listed[label].update(names)
    seen = {*listed, *called, *unlisted}
    others = _other_policies(policy, servers, starts, seen)
    if policy is not None and (servers or others):
        shown = sorted((seen | set(servers)) - set(others))
        note += f"; applies to server(s) {', '.join(shown) or 'none in this log'}"
        note += " (--server)" if servers else " (the others ran with another policy)"
    own = _own_policies(others if policy is not None else seen, starts)
    global_controls += [c for o in own.values() for c in o.controls]
    if policy is None and own:  # not "none" above each server's own policy shown below
        note += f"; each server's own, as its start record names it ({', '.join(sorted(own))})"
    if policy is None:  # a server under another policy than the given one: a finding below
        unknown = sorted(seen - set(own))
        findings.append(
            f"No policy file was given, and server(s) {', '.join(unknown)} have none named by "
            "a start record (older ones name none): give it with --policy FILE --server NAME."
            if unknown
            else "No policy file was given: each server is shown under the policy its start "
            "record names."
        )
    tool_policies: dict[str, Any] = dict(_pget(policy, "tools", {}) or {}) if policy else {}
    pack_tools = _pack_tool_names(policy)
    # A server that wrote policy.unknown_tool records compared its whole first tools/list
    # with the policy's own (non-pack) entries: every other such entry was in that list.
    for server, unlisted_names in unlisted.items():
        if server not in others:
            listed[server].update(set(tool_policies) - unlisted_names - pack_tools)
    mine = {s for d in (listed, called) for s in d if s not in others}
    known = {t for d in (listed, called) for s in mine for t in d[s]}
    rows = _seen_rows(listed, called, tool_policies, others, own)
    not_listed_by: dict[str, list[str]] = defaultdict(list)
    for server in sorted(set(unlisted) - set(others)):
        for tool in unlisted[server]:
            if tool in tool_policies and tool not in known:
                not_listed_by[tool].append(server)
    strays = set(not_listed_by)
    if tools_file is not None:
        strays |= set(tool_policies) - known - pack_tools
    findings += _stray_findings(strays, not_listed_by, tool_policies, known)
    rows += _policy_only_rows(tool_policies, known, not_listed_by)
    if policy is not None:
        findings += _policy_findings(policy, tool_policies, rows, starts, others)
    findings += _several_policies(starts, decided or {}, _shown_under(policy, others, own, starts))
    return ControlsSection(
        policy_files=tuple(str(p) for p in policies),
        note=note,
        global_controls=global_controls,
        rows=rows,
        findings=findings,
    )


@dataclass(frozen=True, slots=True)
class _Own:
    """The policy a server ran with, from the files its start record names."""

    tools: dict[str, Any]
    controls: list[str]


def _own_policies(wanted: Iterable[str], starts: Sequence[dict[str, Any]]) -> dict[str, _Own]:
    """Server -> the policy it ran with, read from the ``policy_files`` its latest start
    record names (``cordon run`` writes them), when they still load to the policy hash it
    ran with (edited since, or loaded with a --content override: not shown as in force)."""
    from cordon._exceptions import CordonError
    from cordon.policy import load_policy, policy_hash

    latest: dict[str, dict[str, Any]] = {str(s.get("server") or "?"): s for s in starts}
    out: dict[str, _Own] = {}
    for server in sorted(set(wanted)):
        rec = latest.get(server) or {}
        files = rec.get("policy_files")
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            continue
        try:
            pol = load_policy([Path(f) for f in files])
        except (OSError, ValueError, CordonError):
            continue
        if policy_hash(pol) != rec.get("policy_hash"):
            continue
        head = f"server {server}: its own policy, {', '.join(files) or 'no policy file'}"
        out[server] = _Own(
            tools=dict(pol.tools),
            controls=[f"{head} (named by its start record, same hash)"]
            + [f"server {server}: {c}" for c in _global_controls(pol)[1:]],
        )
    return out


def _other_policies(
    policy: Any, servers: Sequence[str], starts: Sequence[dict[str, Any]], seen: set[str]
) -> dict[str, set[str]]:
    """The servers the given policy is not shown for -> the policy hashes they ran with:
    with ``servers`` (--server), every other server of the log; else those whose start
    records all carry another hash than the given policy's (a server with no start record
    in the window is not proven otherwise)."""
    if policy is None:
        return {}
    by_server: dict[str, set[str]] = {}
    for s in starts:
        by_server.setdefault(str(s.get("server") or "?"), set()).add(str(s.get("policy_hash")))
    if servers:
        return {
            s: by_server.get(s, set()) for s in sorted(seen | set(by_server)) if s not in servers
        }
    try:
        from cordon.policy import policy_hash

        ph = policy_hash(policy)
    except (ImportError, TypeError, AttributeError):  # raw YAML: nothing to compare
        return {}
    others = {s: hashes for s, hashes in by_server.items() if ph not in hashes}
    if len(seen | set(by_server)) == 1:
        return {}  # the log's one server: the policy is its own, edited since (a finding)
    return others


def _pack_tool_names(policy: Any) -> set[str]:
    names: set[str] = set()
    for pack in (_pget(policy, "packs") or ()) if policy is not None else ():
        try:
            from cordon.policy import load_pack

            names.update((load_pack(pack).get("tools") or {}).keys())
        except Exception:  # noqa: BLE001 - an unknown pack is reported by the policy loader
            pass
    return names


def _seen_rows(
    listed: defaultdict[str, set[str]],
    called: defaultdict[str, set[str]],
    tool_policies: dict[str, Any],
    others: dict[str, set[str]],
    own: dict[str, _Own],
) -> list[ControlRow]:
    """A row per server and tool the log saw: a server in ``own`` under its own policy; one in
    ``others`` ran with another policy, whose controls the report does not have: its rows say
    so instead of showing these."""
    rows: list[ControlRow] = []
    for server in sorted(set(listed) | set(called)):
        elsewhere = None
        policies_here = own[server].tools if server in own else tool_policies
        if server in others and server not in own:
            hashes = ", ".join(sorted(h[:12] for h in others[server])) or "not in this log"
            elsewhere = (
                f"not shown: another policy (hash {hashes}); report it with --policy "
                f"ITS_FILE --server {shlex.quote(server)}",
            )
        for tool in sorted(listed[server] | called[server]):
            tp = policies_here.get(tool)
            how = [w for w, d in (("listed", listed), ("called", called)) if tool in d[server]]
            controls = tuple(_describe_tool(tp)) if tp else ()
            rows.append(
                ControlRow(
                    server=server,
                    tool=tool,
                    controls=elsewhere or controls,
                    seen=", ".join(how),
                )
            )
    return rows


def _policy_only_rows(
    tool_policies: dict[str, Any], known: set[str], not_listed_by: dict[str, list[str]]
) -> list[ControlRow]:
    return [
        ControlRow(
            server="(policy)",
            tool=tool,
            controls=tuple(_describe_tool(tool_policies[tool])),
            seen=(
                f"not listed by {', '.join(not_listed_by[tool])} (likely typo)"
                if tool in not_listed_by
                else "not seen in this log"
            ),
        )
        for tool in sorted(set(tool_policies) - known)
    ]


def _stray_findings(
    strays: set[str],
    not_listed_by: dict[str, list[str]],
    tool_policies: dict[str, Any],
    known: set[str],
) -> list[str]:
    findings: list[str] = []
    if strays:
        findings.append(
            "Policy entries for tools no server listed (a likely typo: the real tool is left "
            "uncontrolled): "
            + ", ".join(
                f"{t} (not listed by {', '.join(not_listed_by[t])})" if t in not_listed_by else t
                for t in sorted(strays)
            )
        )
    unconfined = sorted(
        t
        for t, tp in tool_policies.items()
        if _pget(tp, "path_params") and not _pget(tp, "allowed_path_prefixes") and t in known
    )
    if unconfined:
        findings.append(
            "Tools whose path parameters are not confined to any prefix: " + ", ".join(unconfined)
        )
    return findings


def _policy_findings(
    policy: Any,
    tool_policies: dict[str, Any],
    rows: Sequence[ControlRow],
    starts: Sequence[dict[str, Any]],
    others: dict[str, set[str]],
) -> list[str]:
    findings: list[str] = []
    bare = sorted({r.tool for r in rows if not r.controls and r.server not in others})
    if bare:
        findings.append(
            "Tools with no per-tool controls (pinning and global rules only): " + ", ".join(bare)
        )
    global_trusted = _pget(policy, "trusted_destinations") or ()
    egress_mode = (
        _pget(_pget(policy, "egress"), "mode", "open") if _pget(policy, "egress") else "open"
    )
    for tool, tp in sorted(tool_policies.items()):
        sending = _pget(tp, "exfiltrating") or _pget(tp, "sink_params") or _pget(tp, "egress")
        if (
            sending
            and not (_pget(tp, "trusted_destinations") or global_trusted)
            and (egress_mode == "open")
        ):
            findings.append(
                f"Sending tool {tool!r} has no destination allowlist (tool or global) and "
                "egress is open: every destination not proven safe is asked or denied."
            )
    unchecked = _pack_tools_unchecked(_pget(policy, "packs") or ())
    if unchecked:
        findings.append(
            "Pack entries not checked against a live server's tools/list: " + ", ".join(unchecked)
        )
    findings += _policy_hash_finding(policy, starts, others)
    return findings


def _several_policies(
    starts: Sequence[dict[str, Any]], decided: Mapping[str, int], shown: Mapping[str, str]
) -> list[str]:
    """A finding for each server that ran under more than one policy in the window (its
    start records, and the one in force when the window began, carry several hashes): each
    policy named (its hash, the files its start records name, the calls decided in the
    sessions it started, when it started), and the one the server's controls are shown
    under (``shown``: server -> what, :func:`_shown_under`); the calls made under another
    had other controls (a cap added later does not describe the calls before it).
    ``decided``: session -> the verdict records of its calls."""
    by_server: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for s in starts:
        runs = by_server.setdefault(str(s.get("server") or "?"), {})
        h = str(s.get("policy_hash"))
        runs[h] = [*runs.pop(h, []), s]  # in the order last used: the latest last
    out: list[str] = []
    for server, runs in sorted(by_server.items()):
        if len(runs) < 2:
            continue
        named = "; ".join(
            _one_policy(h, ss, decided, h == list(runs)[-1]) for h, ss in runs.items()
        )
        out.append(
            f"Server {server!r} ran under {len(runs)} policies in this window, the latest "
            f"last: {named}. Its controls are shown under {shown.get(server, 'none of them')}; "
            "the calls made under another policy had controls that may differ (narrow the "
            "window with --since/--until to one policy's period)."
        )
    return out


def _one_policy(
    h: str, starts: Sequence[dict[str, Any]], decided: Mapping[str, int], latest: bool
) -> str:
    """One policy of a server's several: its hash, its files, its calls and starts."""
    files = starts[-1].get("policy_files")
    if isinstance(files, list) and files:
        where = ", ".join(str(f) for f in files)
    else:
        where = "no policy file named" if isinstance(files, list) else "files not recorded"
    if any(str(s.get("session", "")).startswith("serve-") for s in starts):
        # cordon serve's checks carry their callers' session ids, not its start's
        calls = "calls decided by cordon serve, not counted by policy"
    else:
        calls = f"{sum(decided.get(str(s.get('session')), 0) for s in starts)} call(s) decided"
    ts = sorted(str(s.get("ts", "?")) for s in starts)
    when = f"started {ts[0]}" if len(ts) == 1 else f"started {ts[0]} .. {ts[-1]}"
    last = ", the latest" if latest else ""
    return f"hash {h[:12]} ({where}; {calls}, {when}{last})"


def _shown_under(
    policy: Any, others: Mapping[str, Any], own: Mapping[str, Any], starts: Sequence[dict[str, Any]]
) -> dict[str, str]:
    """Server -> the policy its controls are shown under, as :func:`_several_policies` says
    it: the one given (its hash), or the server's latest (named by its latest start)."""
    given = "the policy given"
    if policy is not None:
        try:
            from cordon.policy import policy_hash

            given += f" (hash {policy_hash(policy)[:12]})"
        except (ImportError, TypeError, AttributeError):  # raw YAML: no hash to name
            pass
    latest = {str(s.get("server") or "?"): str(s.get("policy_hash")) for s in starts}
    out: dict[str, str] = {}
    for server, h in latest.items():
        if policy is not None and server not in others:
            out[server] = given
        elif server in own:
            out[server] = f"its latest (hash {h[:12]}, the files its start record names)"
    return out


def _policy_hash_finding(
    policy: Any, starts: Sequence[dict[str, Any]], others: dict[str, set[str]]
) -> list[str]:
    """A finding for each server whose start records name a policy other than the one given
    (a client often runs its servers with different policies, one file per ``cordon run``
    entry): in ``others``, its controls are not shown; else (named with --server, or the
    log's only server) the controls shown may differ from those in force."""
    try:
        from cordon.policy import policy_hash

        ph = policy_hash(policy)
    except (ImportError, TypeError, AttributeError):
        return []
    by_server: dict[str, set[str]] = {}
    for s in starts:
        by_server.setdefault(str(s.get("server") or "?"), set()).add(str(s.get("policy_hash")))
    out: list[str] = []
    for server, hashes in sorted(by_server.items()):
        if ph in hashes:
            continue
        logged = f"{', '.join(sorted(h[:12] for h in hashes))}, not {ph[:12]}"
        if server in others:
            out.append(
                f"Server {server!r} ran with another policy ({logged}): its controls are not "
                f"shown; report them with --policy ITS_FILE --server {shlex.quote(server)}."
            )
        else:
            out.append(
                f"Server {server!r} ran with another policy than the one given ({logged}): "
                "the controls shown may differ from those in force."
            )
    return out
