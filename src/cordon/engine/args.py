"""Argument rules: path confinement, full-match patterns and numeric caps.

Rule keys match an argument name at any depth of the arguments (a ``path`` inside a nested
object or a list element is checked like a top-level one), and every leaf under a matched
key is checked: lists element by element, objects value by value.

Path confinement follows the CWE-22 guidance: expand ``~``, make absolute (a relative path
needs the policy's ``base_dir``), percent-decode, resolve symlinks (``realpath``: a path that
does not exist yet resolves through its nearest existing parent), then compare by path
components so ``/data/allowed`` never admits ``/data/allowed_secrets``.

Expanding ``~`` and resolving symlinks need the outside world (the home directory, the
filesystem): they go through a :class:`PathResolver` the caller passes in
(:class:`cordon.store.OsPaths` by default, imported when first needed). Everything else here
is string work on POSIX paths (``posixpath``).
"""

from __future__ import annotations

import math
import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import unquote

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.platform_names import fold_path, home_reading, windows_reading
from cordon.engine.short_names import short_name_readings
from cordon.policy.model import ToolPolicy

_MAX_DEPTH = 64


class PathResolver(Protocol):
    """What path confinement needs from the outside world (POSIX paths).

    :class:`cordon.store.OsPaths` is the real one; a test or an embedding can pass its own.
    An implementation must be hashable (resolved prefixes are cached per resolver).
    """

    if TYPE_CHECKING:  # declared for the type checker only: a runtime body here would
        # replace ``object.__hash__`` in a class that subclasses this protocol explicitly

        def __hash__(self) -> int:
            """Resolved prefixes are cached per resolver (``lru_cache`` keys on it)."""

    def expanduser(self, path: str) -> str:
        """``path`` with a leading ``~`` or ``~user`` replaced by that home directory."""

    def realpath(self, path: str) -> str:
        """The absolute ``path`` with symlinks resolved (``os.path.realpath`` semantics: a
        missing tail resolves through its nearest existing parent)."""

    def lexists(self, path: str) -> bool:
        """``path`` names an entry, a dangling symbolic link included (``os.path.lexists``):
        a work tree's protected files before a git command that may put them back."""

    def isdir(self, path: str) -> bool:
        """``path`` is a directory, through symbolic links (``os.path.isdir``)."""

    def git_dir(self, path: str) -> bool:
        """The resolved ``path`` is a git directory, or lies inside one (git's
        ``is_git_directory``: ``HEAD`` with ``objects/`` and ``refs/``, or with ``commondir``):
        a bare repository or a ``.git`` directory, not a work tree (``action.git_dir``)."""


def default_resolver() -> PathResolver:
    """The os-based resolver of :mod:`cordon.store.paths`, imported on first use so that this
    module imports no I/O module."""
    from cordon.store.paths import OS_PATHS

    return OS_PATHS


def iter_keyed(value: Any, depth: int = 0) -> Iterator[tuple[str, Any]]:
    """Yield ``(key, value)`` for every object member at any depth (lists are descended)."""
    if depth > _MAX_DEPTH:
        raise ValueError("arguments nested too deeply")
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield str(k), v
            if not isinstance(v, str) and isinstance(v, (Mapping, list)):
                yield from iter_keyed(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from iter_keyed(v, depth + 1)


def leaves(value: Any, depth: int = 0) -> Iterator[Any]:
    """Yield every scalar under ``value`` (strings, numbers, booleans, None)."""
    if depth > _MAX_DEPTH:
        raise ValueError("arguments nested too deeply")
    if isinstance(value, str):  # the usual leaf, before the slower ``Mapping`` test
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from leaves(v, depth + 1)
    elif isinstance(value, list):
        for v in value:
            yield from leaves(v, depth + 1)
    else:
        yield value


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


@lru_cache(maxsize=256)
def _resolved_prefix(prefix: str, paths: PathResolver) -> str:
    return paths.realpath(paths.expanduser(prefix))


def _fully_unquote(s: str) -> str:
    for _ in range(4):
        nxt = unquote(s)
        if nxt == s:
            break
        s = nxt
    return s


def resolve_path(raw: str, base_dir: str | None, paths: PathResolver | None = None) -> str | None:
    """Resolve a path argument the way a server would, or ``None`` when it cannot be judged.

    ``file://`` URIs are accepted; percent-encoding is decoded; NUL bytes and relative paths
    without a ``base_dir`` give ``None`` (the caller denies). ``paths``: the resolver
    (default :func:`default_resolver`).
    """
    if paths is None:
        paths = default_resolver()
    s = raw
    m = _FILE_URL_RE.match(s)
    if m is not None:
        # Attack class: a file URL spelled another way than file:/// (FILE:///x, file:/x,
        # RFC 8089's file://localhost/x) was read as a relative name under base_dir. A file
        # URL naming another host is no local path at all.
        host = m.group(1)
        if host and _fully_unquote(host).lower() != "localhost":
            return None
        s = s[m.end() :]
    s = _fully_unquote(s)
    if "\x00" in s or not s:
        return None
    s = paths.expanduser(s)
    if not posixpath.isabs(s):
        if base_dir is None:
            return None
        s = posixpath.join(paths.expanduser(base_dir), s)
    try:
        return paths.realpath(s)
    except OSError:  # (a link the user may not read, /proc/1/root: cannot be judged)
        return None


#: a file URL's scheme and authority (``file://HOST``, ``file:``), any case
_FILE_URL_RE = re.compile(r"file:(?://([^/]*))?", re.IGNORECASE)
#: a Windows drive path (``C:\\x``, ``c:/x``, ``C:x``): absolute on Windows, under no POSIX prefix
_DRIVE_RE = re.compile(r"[A-Za-z]:")


def path_readings(raw: str) -> list[str]:
    """Every spelling of the path argument ``raw`` some reader resolves, ``raw`` first.

    Attack class: a path cordon reads as a name inside the project that another reader
    resolves outside it. A server on Windows (and Python code that normalises ``\\``) splits
    at backslashes (``..\\..\\etc``); NFKC, and Windows' best-fit code pages, turn
    compatibility characters into ``/`` and ``..`` (``／``, ``‥``, ``．．``); a server that
    strips its input drops leading white space (``"  /etc/passwd"``). Confinement must hold
    for each reading (fail closed); each normalisation alone and all together. A reading with
    a drive letter is kept as it is: :func:`check_paths` refuses it. Plain ASCII paths without
    these characters have one reading (the usual case costs two tests)."""
    stripped = raw.strip()
    if raw.isascii() and "\\" not in raw and stripped == raw:
        return [raw]
    nfkc = unicodedata.normalize("NFKC", raw)
    folds = (nfkc, raw.replace("\\", "/"), stripped)
    combined = nfkc.replace("\\", "/").strip()
    return list(dict.fromkeys((raw, *folds, combined)))


def platform_readings(raw: str) -> list[str]:
    """:func:`path_readings`, and each as a Windows server names the file (trailing dots and
    spaces, an NTFS stream suffix dropped) and with a leading home variable read as ``~``
    (:mod:`cordon.engine.platform_names`): for lists that widen a control, such as
    ``sensitive_paths`` (attack class: ``%USERPROFILE%\\.ssh\\id_rsa``, ``~/.ssh/id_rsa.``,
    ``$HOME/.aws/credentials`` read by a server as the file the list names)."""
    out = list(path_readings(raw))
    for r in list(out):
        win, home = windows_reading(r), home_reading(r)  # (each after the other too)
        for s in (win, home, win and home_reading(win), home and windows_reading(home)):
            if s and s not in out:
                out.append(s)
    return out


def resolved_readings(
    raw: str,
    resolve: Callable[[str], str | None],
    listed: Callable[[], tuple[str, ...]] | None = None,
) -> list[str]:
    """Each :func:`platform_readings` of the path ``raw`` resolved by ``resolve`` (one that
    resolves to None dropped: unresolvable, or computed at run time), and, when one holds a
    name shaped like an 8.3 alias, each with such a name that may be the alias of a name of
    ``listed()`` (absolute, resolved paths: the deny list's) read as that name
    (:func:`cordon.engine.short_names.short_name_readings`). The one reading of a path for
    a deny list, a path argument's and a command's alike (attack class: ``type
    %USERPROFILE%\\.ssh\\id_rsa``, ``cat secret.txt::$DATA``, ``echo x > CORDON~1.YAM``
    by a shell tool, where the file tool's argument was read so)."""
    out: list[str] = []
    for reading in platform_readings(raw):
        r = resolve(reading)
        if r is not None and r not in out:
            out.append(r)
    if listed is not None and any("~" in r for r in out):
        names = listed()
        for r in list(out):
            out += [a for a in short_name_readings(r, names) if a not in out]
    return out


def deny_list_readings(
    raw: str, base: str | None, paths: PathResolver, listed: Sequence[str]
) -> list[str]:
    """:func:`resolved_readings` of a path argument ``raw`` resolved under ``base``, an 8.3
    alias read against ``listed`` (a deny list's entries, made absolute as ``paths`` resolves
    them: only when a reading holds a short name)."""
    return resolved_readings(
        raw,
        lambda p: resolve_path(p, base, paths),
        lambda: tuple(paths.realpath(paths.expanduser(p)) for p in listed),
    )


def path_within_any_case(
    resolved: str, prefixes: tuple[str, ...], paths: PathResolver | None = None
) -> bool:
    """:func:`path_within`, comparing case- and normalisation-insensitively (for lists that
    widen a control, such as ``sensitive_paths``: on macOS and Windows ``~/.SSH`` is
    ``~/.ssh``, on macOS an NFD spelling is the NFC name: :func:`fold_path`)."""
    if paths is None:
        paths = default_resolver()
    folded = fold_path(resolved)
    for prefix in prefixes:
        p = fold_path(_resolved_prefix(prefix, paths))
        if folded == p or folded.startswith(p.rstrip("/") + "/"):
            return True
    return False


def path_within(
    resolved: str, prefixes: tuple[str, ...], paths: PathResolver | None = None
) -> bool:
    """True when ``resolved`` equals or lies under one of ``prefixes`` (component-wise).
    ``paths`` resolves the prefixes (default :func:`default_resolver`)."""
    if paths is None:
        paths = default_resolver()
    for prefix in prefixes:
        p = _resolved_prefix(prefix, paths)
        if resolved == p or resolved.startswith(p.rstrip("/") + "/"):
            return True
    return False


def _deny(rule: str, reason: str, param: str) -> Verdict:
    return Verdict(verdict="deny", rule=rule, reason=reason, param=param)


def check_paths(
    arguments: Mapping[str, Any], tp: ToolPolicy, paths: PathResolver | None = None
) -> Verdict | None:
    """Confine every path argument named in ``tp.path_params`` to ``tp.allowed_path_prefixes``.

    Rules: ``arg.path_outside`` (resolved path not under a prefix), ``arg.path_unresolvable``
    (relative without base_dir, NUL byte, not a string). ``paths``: the resolver (default
    :func:`default_resolver`).
    """
    if not tp.path_params:
        return None
    if paths is None:
        paths = default_resolver()
    names = set(tp.path_params)
    for key, value in iter_keyed(arguments):
        if key not in names:
            continue
        for leaf in leaves(value):
            if not isinstance(leaf, str):
                return _deny(rules.ARG_PATH_UNRESOLVABLE, f"'{key}' is not a path string", key)
            resolved = resolve_path(leaf, tp.base_dir, paths)
            if resolved is None:
                why = "a relative path and the policy gives no base_dir" if leaf else "empty"
                return _deny(rules.ARG_PATH_UNRESOLVABLE, f"path in '{key}' refused: {why}", key)
            if tp.allowed_path_prefixes and not _confined(leaf, resolved, tp, paths):
                return _deny(
                    rules.ARG_PATH_OUTSIDE,
                    f"path in '{key}' resolves outside the allowed prefixes",
                    key,
                )
    return None


def _confined(leaf: str, resolved: str, tp: ToolPolicy, paths: PathResolver) -> bool:
    return confined(leaf, resolved, tp.allowed_path_prefixes, tp.base_dir, paths)


def confined(
    leaf: str,
    resolved: str,
    prefixes: tuple[str, ...],
    base_dir: str | None,
    paths: PathResolver,
) -> bool:
    """``leaf`` (resolved: ``resolved``) stays under ``prefixes`` in every reading: as given,
    percent-decoded and not, and each spelling of :func:`path_readings`."""
    if not path_within(resolved, prefixes, paths):
        return False
    for reading in path_readings(leaf):
        if _DRIVE_RE.match(reading.lstrip("/")):
            return False  # a Windows drive path: under no POSIX prefix
        for spelling in (reading, reading.replace("%", "%25")):
            r = resolve_path(spelling, base_dir, paths) if spelling != leaf else resolved
            if r is not None and not path_within(r, prefixes, paths):
                return False
    return True


#: a Windows drive at the start of a file URL's path (RFC 8089 E.2: ``/C:/x``, and the old
#: ``/C|/x`` form), read after percent-decoding and with backslashes as separators
_URL_DRIVE_RE = re.compile(r"/*[A-Za-z][:|]")


def _url_path_readings(url: str) -> list[str]:
    """``url`` (a ``file:`` URL) as each reader takes its path: whole (a reader that takes the
    text after the authority as the path, as :func:`resolve_path` does), and cut at the first
    ``?`` or ``#`` (a URL parser: RFC 3986 3.4, 3.5), as written and after one percent-decoding
    (``urlparse(unquote(uri))``: an encoded ``%3F`` then cuts too). Attack class: a path that
    stays inside in one reading and leaves in another (``/project/..?x`` is a file named
    ``..?x`` inside the project to the first, the project's parent to a URL parser)."""
    once = unquote(url)
    cut = [re.split(r"[?#]", u, maxsplit=1)[0] for u in (url, once)]
    return list(dict.fromkeys((url, *cut)))


def check_file_url(
    url: str, prefixes: tuple[str, ...], paths: PathResolver | None = None
) -> tuple[str, str] | None:
    """Why the ``file:`` URL ``url`` is outside ``prefixes`` (the rule and a reason), or None
    when every reading of it stays inside: the confinement of a path argument
    (:func:`check_paths`) applied to a resource URI (RFC 8089).

    ``file:///p``, ``file:/p`` and ``file://localhost/p`` name the local path ``/p``; any other
    host (``file://evil/share``: a UNC share, or a machine this one cannot vouch for; and
    ``file:////evil/share``, RFC 8089's UNC form) is no local path: ``arg.path_unresolvable``, as a relative path (``file:p``), an empty one or a
    NUL byte is. Percent-encoding is decoded as RFC 8089 says (once), and also not at all and
    as often as it decodes (``%252e%252e``): each is some server's reading, and the path must
    stay inside in all of them (:func:`confined`), so an encoded slash (``..%2F``) or an
    encoded dot segment escapes in none. ``..`` segments and symlinks are resolved
    (:func:`resolve_path`); a Windows drive (``/C:/x``, ``/C|/x``) is outside every POSIX
    prefix (``arg.path_outside``)."""
    if paths is None:
        paths = default_resolver()
    for reading in _url_path_readings(url):
        resolved = resolve_path(reading, None, paths)
        if resolved is None:
            return rules.ARG_PATH_UNRESOLVABLE, "not a local absolute path"
        m = _FILE_URL_RE.match(reading)
        path = _fully_unquote(reading[m.end() :] if m else reading).replace("\\", "/")
        if path.startswith("//"):  # RFC 8089 E.3.2: file:////host/share, a UNC path
            return rules.ARG_PATH_UNRESOLVABLE, "not a local absolute path"
        if _URL_DRIVE_RE.match(path) or not confined(reading, resolved, prefixes, None, paths):
            return rules.ARG_PATH_OUTSIDE, "resolves outside the allowed prefixes"
    return None


def check_patterns(arguments: Mapping[str, Any], tp: ToolPolicy) -> Verdict | None:
    """Full-match each leaf under a key named in ``tp.arg_patterns`` (rule ``arg.pattern``)."""
    if not tp.arg_patterns:
        return None
    for key, value in iter_keyed(arguments):
        pattern = tp.arg_patterns.get(key)
        if pattern is None:
            continue
        rx = _compiled(pattern)
        for leaf in leaves(value):
            if isinstance(leaf, bool) or leaf is None:
                text = "" if leaf is None else str(leaf).lower()
            else:
                text = str(leaf)
            if rx.fullmatch(text) is None:
                return _deny(rules.ARG_PATTERN, f"'{key}' does not match its allowed pattern", key)
    return None


def _as_number(leaf: Any) -> int | float | Decimal | None:
    """The leaf's exact value: an int stays an int and a numeric string is read as a
    :class:`~decimal.Decimal` (Python compares both with a float cap exactly), since a server
    reading the digits gets ``10**20 + 1``, not the double ``1e20`` it rounds to."""
    if isinstance(leaf, bool):
        return None
    if isinstance(leaf, int):
        return leaf
    if isinstance(leaf, float):
        return leaf if math.isfinite(leaf) else None
    if isinstance(leaf, str):
        try:  # an underscore is refused (Decimal and float read "1_000" as 1000)
            n = Decimal(leaf.strip().replace("_", "x"))
        except InvalidOperation:
            return None
        return n if n.is_finite() else None
    return None


def check_max_values(arguments: Mapping[str, Any], tp: ToolPolicy) -> Verdict | None:
    """Cap numeric leaves under keys named in ``tp.max_value`` (rule ``arg.max_value``).

    Numeric strings compare as numbers; NaN, infinities, booleans and non-numeric values are
    denied because they cannot be compared (fail closed).
    """
    if not tp.max_value:
        return None
    for key, value in iter_keyed(arguments):
        cap = tp.max_value.get(key)
        if cap is None:
            continue
        for leaf in leaves(value):
            n = _as_number(leaf)
            if n is None:
                return _deny(rules.ARG_MAX_VALUE, f"'{key}' is not a finite number", key)
            if n > cap:
                return _deny(rules.ARG_MAX_VALUE, f"'{key}' exceeds its cap of {cap:g}", key)
    return None


def check_arguments(
    arguments: Mapping[str, Any], tp: ToolPolicy, paths: PathResolver | None = None
) -> Verdict | None:
    """The argument rules in order (paths, patterns, numeric caps): the first deny, or None."""
    v = check_paths(arguments, tp, paths)
    if v is None:
        v = check_patterns(arguments, tp)
    if v is None:
        v = check_max_values(arguments, tp)
    return v
