"""The path arguments a call is forwarded with: the paths cordon confined, not the server's reading.

Path confinement (:func:`cordon.engine.args.check_paths`) resolves a relative path against
the policy's ``base_dir`` and ``~`` against cordon's home. The server resolves them its own
way: the filesystem reference server joins a relative path to the first of its allowed
directories (its command line, or the roots the client declared), another server to its
working directory. When the two differ, cordon confined one file and the server opened
another (a parser differential, CWE-436): with ``base_dir: ~/project`` and the server
started on ``~``, ``read_text_file(".ssh/id_rsa")`` was allowed as ``~/project/.ssh/id_rsa``
and returned ``~/.ssh/id_rsa``.

So an allowed call goes out with every relative path of a ``path_params`` parameter joined
to the ``base_dir`` it was confined in, and every ``~`` path expanded as cordon expanded it:
the server opens the path cordon checked, whatever its own base. A path written absolute
(``/x``, a ``file:`` URI naming ``/x``) is forwarded as written (``file:x`` is the relative ``x``), and so is an ``http(s)`` URL without a ``.``
or ``..`` segment in a parameter the policy also names in ``code_params`` (one the server may
fetch: Desktop Commander's ``read_file`` with ``isUrl``); anywhere else ``https://../.ssh/id_rsa`` is a relative path to
a server that reads paths, and is anchored like any other. Pure: no filesystem access; the join is
lexical, as the check's own before it resolves links (a ``..`` after a link then means to
the server what it meant to the check).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cordon.engine.args import _FILE_URL_RE, _MAX_DEPTH, PathResolver, default_resolver
from cordon.policy.model import ToolPolicy

#: a URL a fetching parameter holds (the egress and code checks read it as one)
_URL = re.compile(r"[ \t]*https?:", re.IGNORECASE)
#: a ``.`` or ``..`` segment: a URL's parser drops them, but a server that reads the same
#: string as a path (Desktop Commander's read_file without isUrl) walks them from its own
#: directory: ``https://host/../../.ssh/id_rsa`` was confined as base_dir's ``.ssh/id_rsa``
#: and read as the server directory's (the base_dir differential again, through a URL)
_DOT_SEGMENT = re.compile(r"(?:^|/)\.\.?(?:/|$)")


@dataclass(frozen=True, slots=True)
class Anchored:
    """The arguments to forward, and each path made absolute (for the audit record: the
    arguments themselves may hold a secret the record withholds)."""

    arguments: Any
    paths: tuple[str, ...]


def anchored_arguments(
    arguments: Any, tp: ToolPolicy, paths: PathResolver | None = None
) -> Anchored | None:
    """``arguments`` with each relative or ``~`` path under a ``tp.path_params`` key (at any
    depth, as the check reads them) made the absolute path the check confined; None when
    no path changes (forward the call as received)."""
    if not tp.path_params or not isinstance(arguments, Mapping):
        return None
    resolver = paths if paths is not None else default_resolver()
    names = frozenset(tp.path_params)
    fetched = names & frozenset(tp.code_params)
    base = resolver.expanduser(tp.base_dir) if tp.base_dir else None
    changed: list[str] = []

    def anchor(value: Any, depth: int, urls: bool) -> Any:
        if depth > _MAX_DEPTH:
            return value
        if isinstance(value, str):
            if urls and _URL.match(value) and not _DOT_SEGMENT.search(value):
                return value
            new = _anchored(value, base, resolver)
            if new != value:
                changed.append(new)
            return new
        if isinstance(value, Mapping):
            return {k: anchor(v, depth + 1, urls) for k, v in value.items()}
        if isinstance(value, list):
            return [anchor(v, depth + 1, urls) for v in value]
        return value

    def walk(value: Any, depth: int) -> Any:
        if depth > _MAX_DEPTH:
            return value
        if isinstance(value, Mapping):
            return {
                k: anchor(v, depth + 1, str(k) in fetched)
                if str(k) in names
                else walk(v, depth + 1)
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [walk(v, depth + 1) for v in value]
        return value

    out = walk(arguments, 0)
    return Anchored(out, tuple(changed)) if changed else None


def _anchored(raw: str, base: str | None, paths: PathResolver) -> str:
    """``raw`` as the check confined it: ``~`` expanded, a relative path joined to ``base``
    (without a base a relative path was refused, so it is never forwarded)."""
    if not raw or raw.startswith("/"):
        return raw
    m = _FILE_URL_RE.match(raw)
    if m is not None:
        rest = raw[m.end() :]
        if not rest or rest.startswith("/"):
            return raw  # file:/x, file:///x, file://localhost/x: the local path /x
        # file:x was confined as the relative x under base_dir; forwarded as written, a
        # server that reads it as a path walked file:-/../.ssh from its own directory
        raw = rest
    # as resolve_path reads it: ``~`` expanded, and what is still relative after that (a
    # ``~user`` no account has) joined to base_dir; forwarded as written, the server joined
    # ``~nobody/../x`` to its own directory and opened x outside the one confined
    expanded = paths.expanduser(raw) if raw.startswith("~") else raw
    if posixpath.isabs(expanded) or base is None:
        return expanded
    return posixpath.join(base, expanded)
