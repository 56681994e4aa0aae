"""``cordon init --undo`` for one entry: unwrap it as it is now, not as it was wrapped.

A wrapped entry carries its original under ``x-cordon-upstream``; the user may have edited
the entry since (a new token in ``env``, another argument after ``--``, a ``cwd``). Undo
keeps those edits: the server's command comes from the arguments after ``--`` of the
current ``cordon run``, and every other key the user changed, added or removed since
``cordon init`` keeps its current state; a key left as cordon wrote it gets its original
value back. Servers and settings added elsewhere in the file are not touched at all.
:func:`plan_undo` plans this for every wrapped entry of a file (``cordon init --undo``).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from cordon.clientbackups import find_backups
from cordon.clientconfig import (
    UPSTREAM_KEY,
    ClientConfigError,
    ConfigPlan,
    _check_names,
    _is_cordon,
    _is_remote,
    _parse,
    _read,
    _rewrite,
    _servers_table,
    _tables,
    _wrap,
)
from cordon.clientjsonc import comments, same_json
from cordon.clientprojects import only_project, refuse_project
from cordon.clientremote import (
    RemoteTarget,
    mcp_remote_target,
    remote_target,
    url_view,
    wrap_remote,
)
from cordon.clientzedopencode import unwrap_native

__all__ = ["plan_undo", "unwrap_entry"]

_MISSING = object()


def _as_wrapped(name: str, upstream: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """The entry ``cordon init`` made of ``upstream`` (its keys other than command and
    args are what matter here: the policies and pin file do not change them), and the
    ``(header, env var)`` pairs whose values it moved into ``env``."""
    target = remote_target(upstream) if _is_remote(upstream) else mcp_remote_target(upstream)
    if isinstance(target, RemoteTarget):
        wrapped, moved = wrap_remote(
            upstream, target, cordon_command="cordon", head=[], upstream_key=UPSTREAM_KEY
        )
        return wrapped, moved
    return _wrap(name, upstream, (), "cordon", None), []


def _rotated_headers(out: dict[str, Any], current: dict[str, Any], moved: list[Any]) -> bool:
    """A header value changed in the wrapped entry's ``env`` since init (a rotated token)
    goes back into the original's ``headers`` (or its ``mcp-remote --header``) in place of
    the old one. True when one did."""
    env = current.get("env")
    env = env if isinstance(env, dict) else {}
    wrote = False
    for header, var in moved:
        new = env.get(var)
        if not isinstance(new, str):
            continue
        if isinstance(out.get("headers"), dict) and out["headers"].get(header) not in (None, new):
            out["headers"][header] = new
            wrote = True
        got = out.get("args")
        args: list[Any] = got if isinstance(got, list) else []
        for i, arg in enumerate(args):
            head, colon, value = arg.partition(":") if isinstance(arg, str) else ("", "", "")
            if i and args[i - 1] == "--header" and colon and head == header:
                spaced = value[: len(value) - len(value.lstrip())]
                if value.strip() != new:
                    args[i] = f"{header}:{spaced}{new}"
                    wrote = True
    return wrote


def _mine(key: str, value: Any, wrapped: dict[str, Any], upstream: dict[str, Any]) -> Any:
    """``value`` of ``key``; in ``env``, without the variables cordon added (a remote
    header's value moved there, carried back by :func:`_rotated_headers`)."""
    then = wrapped.get("env")
    if key != "env" or not isinstance(value, dict) or not isinstance(then, dict):
        return value
    original = upstream.get("env")
    added = set(then) - set(original if isinstance(original, dict) else {})
    return {k: v for k, v in value.items() if k not in added}


def unwrap_entry(
    name: str, entry: dict[str, Any], upstream: dict[str, Any], view: dict[str, Any] | None = None
) -> tuple[Any, str]:
    """The entry ``name`` becomes on undo, and one line saying what was done. ``view``: the
    upstream as ``cordon init`` read it, when its client names the endpoint otherwise than
    ``url`` (Gemini CLI's ``httpUrl``, Windsurf's ``serverUrl``)."""
    current = {k: v for k, v in entry.items() if k != UPSTREAM_KEY}
    if not _is_cordon(current):  # pointed at another program since: the user's choice
        return copy.deepcopy(current), (
            f"{name}: no longer runs cordon (edited since); kept as it is, {UPSTREAM_KEY} removed"
        )
    wrapped, moved = _as_wrapped(name, upstream if view is None else view)
    out = copy.deepcopy(upstream)
    edited: list[str] = ["header value"] if _rotated_headers(out, current, moved) else []
    for key in [*wrapped, *(k for k in current if k not in wrapped)]:
        if key in ("command", "args", UPSTREAM_KEY):
            continue
        now = _mine(key, current.get(key, _MISSING), wrapped, upstream)
        if now == _mine(key, wrapped.get(key, _MISSING), wrapped, upstream):
            continue  # as cordon wrote it: the original value (or absence) stands
        edited.append(key)
        if now is _MISSING:
            out.pop(key, None)
        else:
            out[key] = copy.deepcopy(now)
    args = current.get("args")
    args = args if isinstance(args, list) else []
    tail = args[args.index("--") + 1 :] if "--" in args else []
    if tail and "command" in upstream:
        if [upstream.get("command"), *upstream.get("args", [])] != tail:
            edited.append("command line")
        out["command"] = tail[0]
        if len(tail) > 1 or "args" in upstream:
            out["args"] = list(tail[1:])
    elif (flag := _url_flag(args)) and args[args.index(flag) :] != _from_url(wrapped):
        edited.append("(cordon run's own arguments: not carried back to the original entry)")
    kept = f"; kept your edits since init: {', '.join(edited)}" if edited else ""
    return out, f"{name}: unwrapped{kept}"


def _url_flag(args: list[Any]) -> str | None:
    """``--sse`` (a legacy HTTP+SSE server), else ``--url`` or ``--url-env`` (a URL that
    carries a key), when ``args`` reach a URL: where cordon init's remote arguments start."""
    if not any(f in args for f in ("--url", "--url-env")):
        return None
    return next(f for f in ("--sse", "--url", "--url-env") if f in args)


def _from_url(wrapped: dict[str, Any]) -> list[Any]:
    """The arguments ``cordon init`` wrote for ``wrapped`` from :func:`_url_flag` on."""
    args = wrapped.get("args")
    args = args if isinstance(args, list) else []
    flag = _url_flag(args)
    return args[args.index(flag) :] if flag is not None else args


def plan_undo(
    path: Path | str, *, servers: Sequence[str] = (), project: Path | str | None = None
) -> ConfigPlan:
    """Plan unwrapping the entries wrapped by :func:`plan_init` (all, or only ``servers``; with
    ``project``, only that project's of ``~/.claude.json``: :mod:`cordon.clientprojects`) in
    the file as it is now: each entry as :func:`unwrap_entry` gives it
    (the user's edits since kept), every other server and setting untouched.

    When the result equals a backup's content, the plan's ``new`` is that backup's exact
    bytes (``restores``: the backup); otherwise it is the result in the file's own formatting (and
    a message says so). The messages are a preview, shown before the question: what will be
    done.

    Raises:
        ClientConfigError: as :func:`plan_init`, or an ``x-cordon-upstream`` that is not an
            object.
    """
    from cordon.clientcodex import is_codex_config, plan_codex_undo

    path, raw = _read(path)
    if is_codex_config(path):
        refuse_project(project, path)
        return cast(ConfigPlan, plan_codex_undo(path, raw, servers=servers))
    data, kind, key, _ = _servers_table(path, raw)
    tables = only_project(_tables(data, key), data, project, path)
    _check_names(tables, servers, path)
    messages: list[str] = []
    changed: list[str] = []
    for prefix, table in tables:
        for name, entry in table.items():
            if servers and name not in servers:
                continue
            if isinstance(entry, dict) and UPSTREAM_KEY in entry:
                upstream = entry[UPSTREAM_KEY]
                if not isinstance(upstream, dict):
                    raise ClientConfigError(
                        f"{path}: {prefix}{name}: {UPSTREAM_KEY} is not an object"
                    )
                if kind in ("zed", "opencode"):  # entries of their own shape
                    table[name], said = unwrap_native(kind, name, entry, upstream)
                else:
                    view = url_view(kind, upstream)
                    table[name], said = unwrap_entry(name, entry, upstream, view)
                changed.append(prefix + name)
                messages.append(prefix + said)
    if not changed:
        messages.append("nothing to undo: no entry carries " + UPSTREAM_KEY)
        return ConfigPlan(path=path, kind=kind, old=raw, new=raw, messages=tuple(messages))
    new, restores = None, None
    for backup in find_backups(path):
        try:
            braw = backup.read_bytes()
            bdata, _ = _parse(braw, backup)
        except (OSError, ClientConfigError):
            continue
        # (a comment written since init is not in the backup: the file as it is now, then)
        if same_json(bdata, data) and set(comments(raw)) <= set(comments(braw)):
            new, restores = braw, backup
            messages.append(f"will restore the exact bytes of {backup}")
            break
    if new is None:
        new, note = _rewrite(raw, path, data, "the backup of the wrapped file keeps them")
        said = "will unwrap in the file as it is now (servers and settings added since kept)"
        messages += [f"{said}, written in its style"] + ([note] if note else [])
    return ConfigPlan(
        path=path,
        kind=kind,
        old=raw,
        new=new,
        messages=tuple(messages),
        changed_servers=tuple(changed),
        restores=restores,
    )
