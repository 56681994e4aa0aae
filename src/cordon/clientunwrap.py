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


def _as_wrapped(name: str, upstream: dict[str, Any]) -> dict[str, Any]:
    """The entry ``cordon init`` made of ``upstream`` (its keys other than command and
    args are what matter here: the policies and pin file do not change them)."""
    target = remote_target(upstream) if _is_remote(upstream) else mcp_remote_target(upstream)
    if isinstance(target, RemoteTarget):
        wrapped, _ = wrap_remote(
            upstream, target, cordon_command="cordon", head=[], upstream_key=UPSTREAM_KEY
        )
        return wrapped
    return _wrap(name, upstream, (), "cordon", None)


def _kept_value(key: str, now: Any, then: Any, upstream: dict[str, Any]) -> Any:
    """The user's current value of ``key``; in ``env``, without the variables cordon added
    (a remote header's literal value moved there)."""
    if key == "env" and isinstance(now, dict) and isinstance(then, dict):
        original = upstream.get("env")
        own = original if isinstance(original, dict) else {}
        added = set(then) - set(own)
        return {k: copy.deepcopy(v) for k, v in now.items() if k not in added}
    return copy.deepcopy(now)


def unwrap_entry(name: str, entry: dict[str, Any], upstream: dict[str, Any]) -> tuple[Any, str]:
    """The entry ``name`` becomes on undo, and one line saying what was done."""
    current = {k: v for k, v in entry.items() if k != UPSTREAM_KEY}
    if not _is_cordon(current):  # pointed at another program since: the user's choice
        return copy.deepcopy(current), (
            f"{name}: no longer runs cordon (edited since); kept as it is, {UPSTREAM_KEY} removed"
        )
    wrapped = _as_wrapped(name, upstream)
    out = copy.deepcopy(upstream)
    edited: list[str] = []
    for key in [*wrapped, *(k for k in current if k not in wrapped)]:
        if key in ("command", "args", UPSTREAM_KEY):
            continue
        now, then = current.get(key, _MISSING), wrapped.get(key, _MISSING)
        if now == then:
            continue  # as cordon wrote it: the original value (or absence) stands
        edited.append(key)
        if now is _MISSING:
            out.pop(key, None)
        else:
            out[key] = _kept_value(key, now, then, upstream)
    args = current.get("args")
    args = args if isinstance(args, list) else []
    tail = args[args.index("--") + 1 :] if "--" in args else []
    if tail and "command" in upstream:
        if [upstream.get("command"), *upstream.get("args", [])] != tail:
            edited.append("command line")
        out["command"] = tail[0]
        if len(tail) > 1 or "args" in upstream:
            out["args"] = list(tail[1:])
    elif "--url" in args and args[args.index("--url") :] != wrapped.get("args"):
        edited.append("(cordon run's own arguments: not carried back to the original entry)")
    kept = f"; kept your edits since init: {', '.join(edited)}" if edited else ""
    return out, f"{name}: unwrapped{kept}"
