"""Action rules: destructive commands are denied, consequential actions asked about.

The tool's MCP annotations come from the pinned definition; ``destructive: false`` in the
policy vouches for a tool (confined writes), ``trust_tools`` skips the asks (never the denies).
"""

from __future__ import annotations

import dataclasses
import functools
import posixpath
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import orjson

from cordon._types import Verdict
from cordon.engine import actions as _actions
from cordon.engine import args as _args
from cordon.engine import commands as _commands
from cordon.engine import rules
from cordon.engine.action_names import SQL_PARAMS, norm_key, tool_name
from cordon.engine.checks._base import Check, Context, Facts, Result, deny_or_ask
from cordon.engine.credential_paths import TARGET_TOKENS, is_credential_path
from cordon.engine.git_dirs import git_dir_ask
from cordon.engine.platform_names import home_reading, windows_reading
from cordon.engine.short_names import short_name_readings
from cordon.engine.walk import call_walk


def run(ctx: Context, facts: Facts) -> Result:
    tv = ctx.tv
    sp = tv.servers.get(ctx.server)
    trusted_tool = ctx.tool in tv.trust_tools or (sp is not None and ctx.tool in sp.trust_tools)
    r = _run(ctx, trusted_tool)
    if not (tv.destructive_unless or tv.ask_without or tv.ask_patterns) or trusted_tool:
        return r
    if r.deny is not None:
        return r
    ask = _unless(ctx) or _without(ctx) or _matching(ctx)
    if ask is None or any(a.rule == rules.ACTION_DESTRUCTIVE_HINT for a in r.asks):
        return r
    return Result(asks=(*r.asks, ask), answers=r.answers, facts=r.facts)


def _unless(ctx: Context) -> Verdict | None:
    """The ask of ``destructive_unless``: an argument it names without exactly its value
    (the same JSON type, so ``1`` is not ``true``; absent is not the value). The reason
    names the policy's value, never the call's (untrusted) one."""
    for name, want in ctx.tp.destructive_unless.items():
        got = ctx.arguments.get(name, _ABSENT)
        if type(got) is not type(want) or got != want:
            return Verdict(
                verdict="ask",
                rule=rules.ACTION_DESTRUCTIVE_HINT,
                reason=f"'{name}' is not {orjson.dumps(want).decode()}: the policy asks "
                "about this tool unless it is",
                param=name,
            )
    return None


def _without(ctx: Context) -> Verdict | None:
    """The ask of ``ask_without``: an argument it names that the call leaves out, or gives
    as ``null`` or ``""`` (the server then picks the value, from what it read)."""
    for name in ctx.tp.ask_without:
        if ctx.arguments.get(name) in (None, ""):
            return Verdict(
                verdict="ask",
                rule=rules.ACTION_DESTRUCTIVE_HINT,
                reason=f"'{name}' is not given: the server picks it from what it read; the "
                "policy asks about this tool without it",
                param=name,
            )
    return None


def _matching(ctx: Context) -> Verdict | None:
    """The ask of ``ask_patterns``: a value under an argument it names (every leaf, as
    ``arg_patterns`` reads it) that fully matches the argument's regex. The reason names the
    argument, never its (untrusted) value."""
    patterns = ctx.tp.ask_patterns
    for key, value in _args.iter_keyed(ctx.arguments):
        pattern = patterns.get(key)
        if pattern is None:
            continue
        rx = _compiled(pattern)
        if any(isinstance(v, str) and rx.fullmatch(v) for v in _args.leaves(value)):
            return Verdict(
                verdict="ask",
                rule=rules.ACTION_DESTRUCTIVE_HINT,
                reason=f"'{key}' takes a form the policy asks about",
                param=key,
            )
    return None


@functools.lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


#: an argument the call does not give (:func:`_unless`)
_ABSENT = object()


def _run(ctx: Context, trusted_tool: bool) -> Result:
    s, tv, tool, server = ctx.session, ctx.tv, ctx.tool, ctx.server
    # (check_actions reads destructiveHint alone of the annotations: one read, no copy)
    hinted = s._annotation(server, tool, "destructiveHint") is True
    if hinted and (tv.destructive is False or _confined(ctx)):
        # the policy vouches for this tool, or confines this very call (e.g. confined writes)
        hinted = False
    ann = _DESTRUCTIVE if hinted else None
    found = deny_or_ask(
        _actions.check_actions(
            tool,
            ctx.arguments,
            annotations=ann,
            executes=bool(tv.executes),
            destructive=bool(tv.destructive),
            trusted=trusted_tool,
            strings=call_walk(ctx).strings,
            writes=bool(tv.writes),
        )
    )
    if found.deny is not None:
        return found
    # (the name's rules, derived once per name: read here once for every test below)
    name = tool_name(tool)
    judged = _sql(ctx, trusted_tool, name.sql_name)
    if judged is not None and judged.verdict == "deny":
        return Result(deny=judged)
    if judged is not None:
        found = Result(asks=(*_one_fact(found.asks, judged), judged), answers=found.answers,
                       facts=found.facts)  # fmt: skip
    # (the tests _write_targets, _checkout_state_write and _checkout_swap open with, read
    # here from the name's tokens once: most tools neither write nor are git tools, and a
    # call with no write target has nothing _cordon_state_write or _linked_credential_write
    # compares)
    targets = list(_write_targets(ctx)) if name.writes or tv.writes else []
    own = (_cordon_state_write(ctx, targets) if targets else None) or (
        _checkout_state_write(ctx) if name.git else None
    )
    if own is not None:
        return Result(deny=own)
    swap = None if trusted_tool or not name.git else _checkout_swap(ctx)
    if swap is not None:
        found = Result(asks=(*found.asks, swap), answers=found.answers, facts=found.facts)
    handed = _sensitive_file_handed_out(ctx)
    if handed is not None:
        return Result(deny=handed)
    if (
        targets
        and not trusted_tool
        and not any(a.rule == rules.ACTION_CREDENTIAL_WRITE for a in found.asks)
    ):
        linked = _linked_credential_write(targets)
        if linked is not None:
            found = Result(asks=(*found.asks, linked), answers=found.answers, facts=found.facts)
    in_git_dir = None if trusted_tool or not name.git else _git_dir(ctx)  # (git tools only)
    if in_git_dir is not None:
        found = Result(asks=(*found.asks, in_git_dir), answers=found.answers, facts=found.facts)
    # the command strings of exec-like tools, parsed (engine/commands.py)
    deny, asks = _commands.check_commands(ctx, annotations=ann, trusted=trusted_tool)
    if deny is not None:
        return Result(deny=deny)
    if asks and asks[0].rule == rules.ACTION_GIT_DESTROY:
        # a forced push: the destruction is what to ask about, not the push it also is (the
        # ask covers these same arguments)
        seen = {a.param for a in asks if a.rule == rules.ACTION_GIT_DESTROY}
        both = (*asks, *found.asks)
        return Result(
            asks=tuple(a for a in both if a.rule != rules.ACTION_GIT_PUSH or a.param not in seen)
        )
    return Result(asks=found.asks + asks) if asks else found


def _git_dir(ctx: Context) -> Verdict | None:
    """``action.git_dir`` (:mod:`cordon.engine.git_dirs`): a git tool's repository argument
    is a git directory itself (a bare repository a clone brings) or a path inside one."""
    engine = ctx.session.engine
    base_dir = ctx.tv.base_dir or ctx.tv.policy_base_dir
    return git_dir_ask(ctx.tool, ctx.arguments, ctx.tp, base_dir, engine.paths)


def _sql(ctx: Context, trusted_tool: bool, sql_tool: bool) -> Verdict | None:
    """The SQL judge (:mod:`cordon.engine.sql_judge`) on each argument the policy declares
    as SQL (``tools.<name>.sql``): a deny whatever ``trust_tools`` says, an ask unless the
    tool is trusted. Imported at the first such argument: the parser is large. ``sql_tool``:
    the tool's name is a SQL tool's (:attr:`~cordon.engine.action_names.ToolName.sql_name`)."""
    if not ctx.tv.sql:
        return _generic_sql(ctx, trusted_tool, sql_tool)
    from cordon.engine import sql_judge

    tp = ctx.tp
    read_only = tp.sql_read_only
    if read_only is None:
        read_only = ctx.session._annotation(ctx.server, ctx.tool, "readOnlyHint") is True
    hits = []
    for name, dialect in tp.sql.items():
        text = ctx.arguments.get(name)
        hit = sql_judge.judge(text, dialect, read_only=read_only) if isinstance(text, str) else None
        if hit is not None and not (trusted_tool and hit.verdict != "deny"):
            hits.append((hit.verdict != "deny", name, hit))
    if not hits:
        return None
    _, name, hit = min(hits, key=lambda h: h[0])  # (a deny before an ask)
    return Verdict(
        verdict=hit.verdict,
        rule=hit.rule,
        reason=hit.reason,
        param=name,
        details={"matched": hit.matched},
    )


def _one_fact(asks: tuple[Verdict, ...], judged: Verdict) -> tuple[Verdict, ...]:
    """``asks`` without a writing tool's credential-path ask on the string whose file the
    SQL judge read (``judged``, ``action.sql_file``): that ask matched the path's text, the
    judge read what the statement does with it (``COPY t FROM '/etc/passwd'`` reads it), and
    the call is asked either way, with the judge's reason alone."""
    if judged.rule != rules.ACTION_SQL_FILE:
        return asks
    return tuple(
        a for a in asks if a.rule != rules.ACTION_CREDENTIAL_WRITE or a.param != judged.param
    )


def _generic_sql(ctx: Context, trusted_tool: bool, sql_tool: bool) -> Verdict | None:
    """SQL no policy declares (a SQL tool's arguments, a ``sql``/``query``/``statement``
    argument of any tool): the files it makes the database read or write (:func:`_sql_files`)
    and how far a ``DELETE`` or ``UPDATE`` reaches (:func:`_sql_rows`); a deny before an ask,
    an ask unless the tool is trusted."""
    asked: Verdict | None = None
    for path, key, text in call_walk(ctx).strings:
        if not sql_tool and norm_key(key) not in SQL_PARAMS:
            continue
        for v in (*_sql_files(ctx, path, text), _sql_rows(path, text)):
            if v is not None and v.verdict == "deny":
                return v
            if v is not None and not trusted_tool:
                asked = asked or v
    return asked


#: words without which :func:`cordon.engine.sql_judge.judge_rows` finds nothing (the parser
#: loads on first use): a row write, a column dropped, SQLite's schema made writable or its
#: schema cookie set
_ROWS_HINTS = ("delete", "update", "replace", "alter", "writable_schema", "schema_version",
               "sqlite_")  # fmt: skip


def _sql_rows(path: str, text: str) -> Verdict | None:
    """How far a ``DELETE`` or ``UPDATE`` reaches, as the declared path judges it
    (:func:`cordon.engine.sql_judge.judge_rows`: ``WHERE id > 0`` asked, ``WHERE 2 > 1``
    denied, rows named by value run). Attack class: bulk loss of the application's data; the
    regex rule alone read only a missing ``WHERE`` or ``WHERE 1 = 1``."""
    low = text.lower()
    if not any(w in low for w in _ROWS_HINTS):
        return None
    from cordon.engine.sql_judge import judge_rows  # (the parser is large: on first use)

    hit = judge_rows(text)
    if hit is None:
        return None
    details = {"matched": hit.matched}
    return Verdict(verdict=hit.verdict, rule=hit.rule, reason=hit.reason, param=path,
                   details=details)  # fmt: skip


def _sql_files(ctx: Context, path: str, text: str) -> list[Verdict]:
    """``action.sql_file``: each file ``text`` makes the database read or write (COPY to or
    from a file, pg_read_file, lo_export, INTO OUTFILE, LOAD DATA INFILE, LOAD_FILE, ATTACH,
    VACUUM INTO, readfile/writefile: :func:`cordon.engine.sql_programs.server_files`), judged
    as the shell guard judges a command's file: a write outside the allowed path prefixes
    denied (asked with none), a credential or sensitive file's read asked, a path the
    statement computes (or one in the server's data directory) asked. Attack class:
    arbitrary file read and write through the database (CWE-73)."""
    files = _server_files()(text)
    if not files:
        return []
    from cordon.engine.shell import PathRef  # (the shell parser: only for SQL naming a file)

    out = []
    for file, op in files:
        ref = PathRef(file, None, "SQL", op)
        if op == "overwrite" and (hit := _commands._write_verdict(ref, ctx)) is not None:
            why = f"blocked: {hit[1]}" if hit[0] == "deny" else hit[1]
            out.append(_sql_file(hit[0], why, path, "file written"))
        elif op == "overwrite" and _autorun_file(file, ctx):  # (COPY t TO '<project>/.envrc')
            why = "SQL writes a credential or auto-run file (its content the rows it chose)"
            out.append(_sql_file("ask", why, path, "auto-run file"))
        elif op == "read" and _commands.DYNAMIC in file:
            why = "SQL reads a file whose path is computed or in the server's data directory"
            out.append(_sql_file("ask", why, path, "file read"))
        elif op == "read" and _commands._sensitive(ref, ctx):
            why = "SQL reads a credential or sensitive file"
            out.append(_sql_file("ask", why, path, "sensitive file"))
    return out


@functools.cache
def _server_files() -> Callable[[str], list[tuple[str, str]]]:
    """:func:`cordon.engine.sql_programs.server_files`, imported at the first SQL text: the
    SQL readers are ~0.6 MB of a resting ``cordon run`` (issue 19's 60 MB)."""
    from cordon.engine.sql_programs import server_files

    return server_files


def _autorun_file(file: str, ctx: Context) -> bool:
    """Whether the database's write of ``file`` (inside the allowed prefixes) lands on a
    credential or auto-run file, as written or resolved (``.envrc``, ``.git/hooks/x``,
    ``.vscode/tasks.json``, ``.mcp.json``), as a command's write there is asked about."""
    if is_credential_path(file, whole=True):
        return True
    resolved = _args.resolve_path(file, ctx.tp.base_dir, ctx.session.engine.paths)
    return resolved is not None and is_credential_path(resolved, whole=True)


def _sql_file(verdict: str, why: str, path: str, label: str) -> Verdict:
    return Verdict(verdict=verdict, rule=rules.ACTION_SQL_FILE, reason=why, param=path,  # type: ignore[arg-type]
                   details={"matched": label})  # fmt: skip


def _write_targets(ctx: Context) -> Iterator[tuple[str, str, str]]:
    """``(argument path, string, resolved path)`` of each string of a writing tool under a
    key named like a path or a write target (:data:`TARGET_TOKENS`), symbolic links resolved
    as the server resolves them (the engine's path resolver, as for confinement). A writing
    tool: its name writes, or the policy says it does (``writes``)."""
    if not (tool_name(ctx.tool).writes or ctx.tv.writes):
        return
    yield from _target_strings(ctx)


def _target_strings(ctx: Context) -> Iterator[tuple[str, str, str]]:
    """:func:`_write_targets` of any tool: each string under a key named like a path or a
    write target, as written and resolved."""
    paths = ctx.session.engine.paths
    for where, key, text in call_walk(ctx).strings:
        if not set(_actions.split_tokens(key)) & TARGET_TOKENS:
            continue
        # a line break is part of a name, and a long path is normalised first as the server
        # normalises it (x\n/../.mcp.json, a/a/.../../../.mcp.json): neither is skipped
        lexical = posixpath.normpath(text) if len(text) > 4096 else text
        if len(lexical) > 4096:
            yield where, text, lexical  # (no file has such a name: compared as written)
            continue
        resolved = _args.resolve_path(lexical, _target_base(ctx), paths)
        if resolved is not None:
            yield where, text, resolved


def _target_base(ctx: Context) -> str:
    """The directory a relative write target is read against: the tool's or the policy's
    ``base_dir``, else cordon's working directory, the one it starts a server in (as for a
    command's relative path). Attack class: ``cordon-policy.yaml`` written with no
    ``base_dir`` was skipped by the write-target checks, and the server wrote cordon's
    policy in its working directory."""
    return ctx.tp.base_dir or ctx.tv.policy_base_dir or "."


#: tokens of a git tool's name that rewrite the work tree's tracked files from a ref
_WORK_TREE_REWRITES = frozenset(
    {"checkout", "switch", "restore", "merge", "pull", "rebase", "cherry", "revert", "stash"}
)


def _checkout_state_write(ctx: Context) -> Verdict | None:
    """``action.cordon_state`` for a git tool that rewrites a work tree (``git_checkout``,
    a merge, a pull, a stash) holding one of cordon's files: every tracked file becomes the
    ref's version, which cordon cannot read, so a policy tracked there is swapped for an older
    or another branch's one, and the next start runs with it. Judged as a move of the
    repository directory is (a directory holding a cordon file); a deny, as that is."""
    if not tool_name(ctx.tool).git:  # (the token git, from the name's tokens derived once)
        return None
    if not set(_actions.split_tokens(ctx.tool)) & _WORK_TREE_REWRITES:
        return None
    found = _cordon_state_write(ctx, list(_target_strings(ctx)), moves=True)
    if found is None:
        return None
    reason = (
        f"{found.reason}: a checkout rewrites the repository's tracked files from a ref "
        "cordon cannot read; keep cordon's policy outside the repository, or run it yourself"
    )
    return dataclasses.replace(found, reason=reason)


#: a git stash tool's modes that leave the work tree as it is
_STASH_READS = frozenset({"list", "show", "drop", "clear"})


def _checkout_swap(ctx: Context) -> Verdict | None:
    """``action.credential_write`` for a git tool that rewrites a work tree holding a client's
    MCP config or an auto-run file (:func:`cordon.engine.git_config_swaps.tool_swap`): a
    branch whose committed ``.mcp.json`` is unwrapped replaces the wrapped one, and the
    client's next start runs those servers without cordon (config swap), as ``cp x
    .mcp.json`` would; asked as that write is."""
    if not tool_name(ctx.tool).git:  # (most calls: the name's tokens derived once)
        return None
    tokens = set(_actions.split_tokens(ctx.tool))
    if not tokens & _WORK_TREE_REWRITES:
        return None
    if "stash" in tokens and any(
        isinstance(v, str) and v.lower() in _STASH_READS for v in ctx.arguments.values()
    ):
        return None
    # no repository argument: the server's directory, taken as cordon's (as for a command)
    base = _args.resolve_path(
        ctx.tv.base_dir or ctx.tv.policy_base_dir or ".", ".", ctx.session.engine.paths
    )
    from cordon.engine.git_config_swaps import tool_swap  # (a work tree rewritten: rare)

    why = tool_swap(list(_target_strings(ctx)), base, ctx.session.engine.paths)
    if why is None:
        return None
    return Verdict(verdict="ask", rule=rules.ACTION_CREDENTIAL_WRITE, reason=why,
                   details={"matched": "git"})  # fmt: skip


def _cordon_state_write(
    ctx: Context, targets: list[tuple[str, str, str]], *, moves: bool = False
) -> Verdict | None:
    """``action.cordon_state``: a write to one of cordon's own files or directories
    (:attr:`cordon.engine.core.Engine.state_paths`), or to one of the client's other cordon
    processes (their policies, pin files, audit logs: ``Engine.shared_state_paths``, read
    at each such call). Its approvals store holds what a person approved, its pin file what
    a person trusted, a policy what a person allowed: a fooled agent that writes them answers
    cordon's questions itself, or switches a control off for the next start. A deny (a block
    rule: ``trust_tools`` does not lift it); so is a write while the other processes' list
    cannot be read (fail closed)."""
    if not targets:  # (nothing written: no path to compare, no list of the others read)
        return None
    engine = ctx.session.engine
    own, shared = engine.state_paths, engine.shared_state_paths
    others: tuple[str, ...] = ()
    if shared is not None:
        try:
            others = shared.paths()
        except OSError:
            return Verdict(
                verdict="deny",
                rule=rules.ACTION_CORDON_STATE,
                reason="writes a path while the list of the client's other cordon processes' "
                "files cannot be read",
                param=targets[0][0] or None,
                details={"matched": "list unreadable"},
            )
    # a tool that moves or deletes takes what lies under its target too (the policy's
    # directory moved away, a file written there, the directory moved back)
    moves = moves or bool(set(_actions.split_tokens(ctx.tool)) & _MOVE_OR_DELETE)
    for where, text, resolved in targets if own or others else ():
        readings = _state_readings(text, resolved, ctx)
        if any("~" in r for r in readings):  # (an 8.3 alias of a listed name: that name)
            listed = tuple(engine.paths.realpath(engine.paths.expanduser(p)) for p in own + others)
            readings += [a for r in readings for a in short_name_readings(r, listed)]
        if any(_commands.state_touched(r, own, engine.paths, moves) for r in readings):
            reason = "writes to cordon's own state (approvals, pins, policy or audit log)"
        elif any(_commands.state_touched(r, others, engine.paths, moves) for r in readings):
            reason = "writes to another cordon process's state (policy, pins or audit log)"
        else:
            continue
        return Verdict(
            verdict="deny", rule=rules.ACTION_CORDON_STATE, reason=reason, param=where or None
        )
    return None


def _state_readings(text: str, resolved: str, ctx: Context) -> list[str]:
    """``resolved``, and each other reading of the target ``text`` resolved: backslashes as
    separators, NFKC, stripped (:func:`cordon.engine.args.path_readings`), a Windows
    server's, and a leading home variable expanded (:mod:`cordon.engine.platform_names`).
    Attack class: a spelling one server maps onto cordon's file and a POSIX compare does not
    (``sub\\..\\policy.yaml``, ``policy\uff0eyaml``, ``policy.yaml.``, ``policy.yaml::$DATA``,
    ``$HOME/.cordon/approvals.json``); a deny in any of them."""
    others = [*_args.path_readings(text)[1:], windows_reading(text), home_reading(text)]
    if not any(others):
        return [resolved]  # (the usual path: one reading)
    out, base = [resolved], _target_base(ctx)
    for s in others:
        r = None if s is None else _args.resolve_path(s, base, ctx.session.engine.paths)
        if r is not None and r not in out:
            out.append(r)
    return out


def _handed_file_sensitive(
    text: str, base: str | None, watched: tuple[str, ...], paths: _args.PathResolver
) -> bool:
    """The path ``text`` is a credential file or under ``watched``, in any reading a server
    resolves (:func:`cordon.engine.args.platform_readings`: ``~/.ssh/id_rsa.``,
    ``%USERPROFILE%\\.aws\\credentials``, ``$HOME/.ssh/id_rsa``, an 8.3 alias
    ``SECRET~1.TXT``: :func:`cordon.engine.args.resolved_readings`)."""
    if is_credential_path(text, whole=True, reads=True):
        return True
    return any(
        is_credential_path(r, whole=True, reads=True)
        or _args.path_within_any_case(r, watched, paths)
        for r in _args.deny_list_readings(text, base, paths, watched)
    )


def _sensitive_file_handed_out(ctx: Context) -> Verdict | None:
    """``action.sensitive_upload``: a tool that communicates externally (``egress: true``)
    given a credential file, or one under ``sensitive_paths`` or ``secrets.files``, at one of
    its path parameters: Playwright's ``browser_file_upload`` and ``browser_drop`` hand the
    file to the page (its script reads the file the moment the input holds it, no submit
    needed), Gmail's ``send_email`` attaches it. A deny, as ``curl -F @~/.aws/credentials``
    is: the file's content never passes through cordon, so no secret check can see it
    (credential exfiltration, MITRE ATT&CK T1048, T1552.001). A path is read as written and
    resolved (``..``, symbolic links), as the server resolves it."""
    tv = ctx.tv
    if tv.egress is not True or not tv.path_params:
        return None
    policy = ctx.session.engine.policy
    watched = (*policy.sensitive_paths, *policy.secrets.files)
    paths = ctx.session.engine.paths
    for where, _key, text in call_walk(ctx).strings:
        if where.split("[", 1)[0] not in tv.path_params:
            continue
        if "[" not in where and not isinstance(ctx.arguments.get(where), str):
            continue  # (an array's items joined: each item is read on its own)
        if not _handed_file_sensitive(text, tv.base_dir or policy.base_dir, watched, paths):
            continue
        return Verdict(
            verdict="deny",
            rule=rules.ACTION_SENSITIVE_UPLOAD,
            reason="blocked: hands a credential or sensitive file to a tool that sends it out",
            param=where or None,
            details={"matched": "sensitive file"},
        )
    return None


#: tool-name tokens of a tool that moves or deletes what its target holds
_MOVE_OR_DELETE = frozenset(
    {"move", "mv", "rename", "delete", "remove", "rm", "rmdir", "unlink", "trash"}
)


def _linked_credential_write(targets: list[tuple[str, str, str]]) -> Verdict | None:
    """``action.credential_write`` for a write whose target, with symbolic links resolved
    as the server resolves them (the engine's path resolver, as for confinement), is a
    credential or auto-run file although its path as written is not: a cloned repository
    can carry ``docs/agent.json -> ../.claude/settings.json``, and a write there sets the
    client's hooks, commands it runs. Read: the strings of a writing tool under a key named
    like a path or a write target (:data:`cordon.engine.credential_paths.TARGET_TOKENS`)."""
    for where, text, resolved in targets:
        if resolved != text and is_credential_path(resolved):
            return Verdict(
                verdict="ask",
                rule=rules.ACTION_CREDENTIAL_WRITE,
                reason="writes to a credential or auto-run path (through a symbolic link)",
                param=where or None,
                details={"matched": "resolved path"},
            )
    return None


#: the annotations check_actions is given for a tool its server marks destructive (it only
#: reads them)
_DESTRUCTIVE: dict[str, Any] = {"destructiveHint": True}


def _confined(ctx: Context) -> bool:
    """The policy's own entry for the tool bounds this call: a top-level argument the pinned
    schema declares is bounded (a path parameter with allowed path prefixes, the tool's or
    the global ones; an ``arg_patterns`` or a ``max_value`` entry), and no argument named
    like a path or a write target goes unbounded (a bound on what ``copy_file`` reads does
    not confine where it writes). The ``arguments`` check, before this one, denied the call
    if it left those bounds, so a call that reaches here stays inside what the user confined
    the tool to, and the server's ``destructiveHint`` is not asked about again
    (``destructive: true`` in the policy still asks). A key the schema does not declare
    bounds nothing: the server may ignore it."""
    tp = ctx.tp
    bounded = {*tp.arg_patterns, *tp.max_value}
    if tp.path_params and (
        tp.allowed_path_prefixes or ctx.session.engine.policy.allowed_path_prefixes
    ):
        bounded.update(tp.path_params)
    schema = (ctx.session._definition(ctx.server, ctx.tool) or {}).get("inputSchema")
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    declared = set(props) if isinstance(props, Mapping) else set()
    given = set(ctx.arguments)
    if not bounded & given & declared:
        return False
    return all(k in bounded for k in given if set(_actions.split_tokens(k)) & TARGET_TOKENS)


#: argument-name tokens of a path or a write target (:func:`_confined`)
CHECK = Check(
    "actions",
    run,
    (
        *_actions.BLOCK_RULES,
        *_actions.ASK_RULES,
        rules.ACTION_GIT_DESTROY,
        rules.ACTION_SYSTEM_DISRUPT,
        rules.ACTION_GIT_DIR,
        rules.ACTION_CORDON_STATE,
        rules.ACTION_CORDON_CONTROL,
        rules.ACTION_SENSITIVE_UPLOAD,
        rules.ACTION_DELETE_OUTSIDE,
        rules.ACTION_COMMAND_OPAQUE,
        rules.ACTION_SENSITIVE_READ,
        rules.ACTION_SQL_CODE,
        rules.ACTION_SQL_FILE,
        rules.ACTION_SQL_SCHEMA,
        rules.ACTION_SQL_UNPARSED,
        rules.ACTION_SQL_WRITE,
    ),
)
