"""``cordon init --undo`` for one entry: unwrap it as it is now, not as it was wrapped.

A wrapped entry carries its original under ``x-cordon-upstream``; the user may have edited
the entry since (a new token in ``env``, another argument after ``--``, a ``cwd``). Undo
keeps those edits: the server's command comes from the arguments after ``--`` of the
current ``cordon run``, and every other key the user changed, added or removed since
``cordon init`` keeps its current state; a key left as cordon wrote it gets its original
value back. Servers and settings added elsewhere in the file are not touched at all.
"""

from __future__ import annotations

import copy
from typing import Any

from cordon.clientconfig import UPSTREAM_KEY, _is_cordon, _is_remote, _wrap
from cordon.clientremote import RemoteTarget, mcp_remote_target, remote_target, wrap_remote

__all__ = ["unwrap_entry"]

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
