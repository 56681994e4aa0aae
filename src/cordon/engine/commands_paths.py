"""The paths of a command's file facts (:mod:`.commands`), read as the server resolves them:
the ``cd`` before each applied, a glob cut at its first pattern, and, for a deny list (the
credential files, ``sensitive_paths``, cordon's own state), every spelling a platform maps
onto a listed file, read in one place with the path arguments'
(:func:`cordon.engine.args.resolved_readings`: backslashes, NFKC, a Windows server's
trailing dots and spaces and ``::$DATA`` stream, a leading ``$HOME``/``%USERPROFILE%``, 8.3
aliases). Attack class: ``cat secret.txt.``, ``type SECRET~1.TXT``, ``echo x >
cordon-policy.yaml.``, ``echo x > CORDON~1.YAM`` by a shell tool, where a file tool given
the same path was refused. Pure: the resolver is the engine's.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from typing import TYPE_CHECKING

from cordon.engine import args as _args
from cordon.engine.actions import is_credential_path

if TYPE_CHECKING:
    from cordon.engine.checks._base import Context
    from cordon.engine.shell import PathRef

__all__ = ["GLOB_CHARS", "joined", "resolve", "sensitive", "state_readings", "tilde_dirs",
           "write_verdict"]  # fmt: skip

#: the parser's mark of a word computed at run time (:data:`.shell_commands.DYNAMIC`)
DYNAMIC = "\x00"
GLOB_CHARS = frozenset("*?[")


def _literal_part(path: str) -> str:
    """The path up to its first component holding a glob (``/var/*/x`` -> ``/var``)."""
    parts = path.split("/")
    for i, p in enumerate(parts):
        if GLOB_CHARS & set(p):
            kept = "/".join(parts[:i])
            return kept or ("/" if path.startswith("/") else ".")
    return path


def joined(ref: PathRef) -> str | None:
    """The path with the ``cd`` before it applied; None when that cannot be known."""
    path = _literal_part(tilde_dirs(ref.path, ref.cwd))
    if ref.cwd is not None and DYNAMIC in ref.cwd:
        return None
    if path.startswith(("/", "~")) or ref.cwd is None:
        return path
    return posixpath.join(ref.cwd, path)


def tilde_dirs(path: str, cwd: str | None) -> str:
    """bash's ``~+`` (the working directory) and ``~-`` (the one before the last ``cd``,
    not known here: :data:`DYNAMIC`) at the start of ``path``.

    Attack class: ``cd ~/.cordon && echo x > ~+/approvals.json`` (``~+`` read as a user's
    home that does not exist, so a name inside the project)."""
    head, sep, rest = path.partition("/")
    if head == "~+":
        return (cwd or ".") + sep + rest
    if head == "~-":
        return DYNAMIC + sep + rest
    return path


def resolve(path: str, ctx: Context) -> str | None:
    paths = ctx.session.engine.paths
    return _args.resolve_path(path.replace("%", "%25"), ctx.tp.base_dir, paths)


def _an(op: str) -> str:
    """``op`` (a delete, an overwrite) with its article."""
    return ("an " if op[:1] in "aeiou" else "a ") + op


def write_verdict(ref: PathRef, ctx: Context) -> tuple[str, str] | None:
    """(verdict, why) for a delete or overwrite of ``ref``, or None when it is confined."""
    path = joined(ref)
    if path is None or DYNAMIC in path:
        return "ask", f"{ref.program}: {_an(ref.op)} target computed at run time"
    prefixes = ctx.tp.allowed_path_prefixes or ctx.session.engine.policy.allowed_path_prefixes
    relative = not path.startswith(("/", "~"))
    escapes = relative and posixpath.normpath(path).split("/")[0] == ".."
    if relative and ctx.tp.base_dir is None:
        # the server's working directory is taken as the project's; climbing out of it is not
        if escapes:
            return "ask", f"{ref.program}: {_an(ref.op)} above the working directory"
        return None
    resolved = resolve(path, ctx)
    if resolved is None:
        return "ask", f"{ref.program}: {_an(ref.op)} target that cannot be resolved"
    paths = ctx.session.engine.paths
    if prefixes:
        if _args.path_within(resolved, prefixes, paths):
            return None
        return "deny", f"{ref.program}: {_an(ref.op)} outside the allowed path prefixes"
    if ctx.tp.base_dir is not None and _args.path_within(resolved, (ctx.tp.base_dir,), paths):
        return None
    return "ask", f"{ref.program}: {_an(ref.op)} outside the project (no allowed_path_prefixes)"


def _readings(
    path: str, base: str | None, listed: Callable[[], tuple[str, ...]], ctx: Context
) -> list[str]:
    """``path`` resolved under ``base`` in each reading of a deny list
    (:func:`cordon.engine.args.resolved_readings`); a reading still computed at run time is
    none (``.env::$DATA`` in bash is ``.env::`` and a variable: Windows' reading, ``.env``,
    is known)."""
    paths = ctx.session.engine.paths

    def one(s: str) -> str | None:
        return None if DYNAMIC in s else _args.resolve_path(s.replace("%", "%25"), base, paths)

    def absolute() -> tuple[str, ...]:
        return tuple(paths.realpath(paths.expanduser(p)) for p in listed())

    return _args.resolved_readings(path, one, absolute)


def sensitive(ref: PathRef, ctx: Context) -> bool:
    """``ref`` (a read or an upload) names a credential file, or one under
    ``sensitive_paths`` or ``secrets.files`` in any case (on macOS and Windows ``~/.SSH`` is
    ``~/.ssh``: a sensitive path widens a control), in any reading a server resolves."""
    path = joined(ref)
    if path is None:
        return False
    plain = [r for r in _args.platform_readings(path) if DYNAMIC not in r]
    if not plain:
        return False
    if is_credential_path(ref.path, reads=True) or any(
        is_credential_path(r, reads=True) for r in plain
    ):
        return True
    policy = ctx.session.engine.policy
    watched = (*policy.sensitive_paths, *policy.secrets.files)
    if not watched:
        return False
    paths = ctx.session.engine.paths
    return any(
        _args.path_within_any_case(r, watched, paths)
        for r in _readings(path, ctx.tp.base_dir, lambda: watched, ctx)
    )


def state_readings(path: str, ctx: Context, listed: Callable[[], tuple[str, ...]]) -> list[str]:
    """A write target ``path`` resolved in each reading of a deny list, an 8.3 alias of a
    name of ``listed()`` (cordon's files: the caller's, read only when a reading holds an
    alias) read as that name; a relative path without ``base_dir`` under the server's
    working directory, taken as cordon's (a policy named relative to it)."""
    return _readings(path, ctx.tp.base_dir or ".", listed, ctx)
