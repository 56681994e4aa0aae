"""The files of every entry a client config runs behind cordon, for the registry ``cordon init``
keeps (:func:`cordon.store.state_paths.record_wrapped`).

A ``cordon run`` protects its own files and those its client's other running cordon processes
published (:mod:`cordon.store.state_paths`); an entry the client has not started yet has
published nothing. ``cordon init`` (and ``--undo``, and a restored backup: whatever
:func:`cordon.clientconfig.apply_plan` writes) therefore records, per config file, the files
each ``cordon run`` entry of the file names: ``--policy``, ``--pin-file``, ``--audit`` (its lock
and rotated files), ``--approvals-store``. Every ``cordon run`` reads that record at each call that
writes a path. A relative path is taken relative to the config file's directory (``cordon
init`` writes absolute ones).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from cordon.audit.log import audit_files

__all__ = ["config_pin_files", "config_state_paths", "record_config", "run_state_paths"]

#: ``cordon run`` options that name one of its own files
_FILE_OPTIONS = ("--policy", "--pin-file", "--audit", "--approvals-store")


def run_state_paths(args: Sequence[Any], base: Path) -> list[str]:
    """The files the arguments of one ``cordon run`` entry (``["run", ...]``) name, absolute
    (a relative one under ``base``); cordon's own options end at ``--``."""
    out: list[str] = []
    items = [str(a) for a in args]
    for i, arg in enumerate(items):
        if arg == "--":
            break
        opt, eq, value = arg.partition("=")
        if opt not in _FILE_OPTIONS:
            continue
        if not eq:
            if i + 1 >= len(items):
                continue
            value = items[i + 1]
        if not value or "\x00" in value:
            continue
        path = Path(value).expanduser()
        file = str(path if path.is_absolute() else base / path)
        out += audit_files(file) if opt == "--audit" else [file]
    return list(dict.fromkeys(out))


def _own_option(args: Sequence[Any], option: str) -> str | None:
    """The value of ``cordon run``'s ``option`` (``--opt V`` or ``--opt=V``) before ``--``."""
    items = [str(a) for a in args]
    for i, arg in enumerate(items):
        if arg == "--":
            break
        opt, eq, value = arg.partition("=")
        if opt == option:
            return value if eq else (items[i + 1] if i + 1 < len(items) else None)
    return None


def config_pin_files(path: Path, raw: bytes) -> list[tuple[str, str]]:
    """``(--name, --pin-file)`` of each ``cordon run`` entry of the config file ``path`` (its
    bytes ``raw``) that has both, the pin file absolute (a relative one under the config's
    directory): the pin file each wrapped server runs with now.

    Raises:
        ClientConfigError: the bytes are not a config file cordon reads.
    """
    base = path.resolve().parent
    out: list[tuple[str, str]] = []
    for entry in _cordon_entries(path, raw):
        args = entry.get("args") or []
        name, pins = _own_option(args, "--name"), _own_option(args, "--pin-file")
        if name and pins and "\x00" not in pins:
            file = Path(pins).expanduser()
            out.append((name, str(file if file.is_absolute() else base / file)))
    return out


def _cordon_entries(path: Path, raw: bytes) -> Iterator[Mapping[str, Any]]:
    """The ``cordon run`` entries of every servers table of the config file."""
    from cordon import clientconfig as cc
    from cordon.clientcodex import codex_tables, is_codex_config, parse_codex, plain
    from cordon.clientzedopencode import entry_view

    kind = "codex"
    if is_codex_config(path):
        tables = codex_tables(parse_codex(raw, path, cc.ClientConfigError))
    else:
        data, kind, key, _jsonc = cc._servers_table(path, raw)
        tables = cc._tables(data, key)
    for _prefix, servers in tables:
        for entry in servers.values():
            # (opencode's argv list read as command and args)
            entry = plain(entry) if is_codex_config(path) else entry_view(kind, entry)
            if isinstance(entry, dict) and cc._is_cordon(entry):
                yield entry


def config_state_paths(path: Path, raw: bytes) -> list[str]:
    """The files the ``cordon run`` entries of the config file ``path`` (its bytes ``raw``)
    name (:func:`run_state_paths`).

    Raises:
        ClientConfigError: the bytes are not a config file cordon reads.
    """
    from cordon.pin_paths import workspace_of

    base = path.resolve().parent
    folder = workspace_of(path)
    out: list[str] = []
    for entry in _cordon_entries(path, raw):
        for file in run_state_paths(entry.get("args") or [], base):
            out += _client_expansions(file, folder)
    return list(dict.fromkeys(out))


def _client_expansions(file: str, folder: Path | None) -> list[str]:
    """``file`` and what the client may start the entry with instead: VS Code expands its
    variables in an entry's arguments, so ``cordon init``'s per-workspace pin file
    ``NAME-HASH-${workspaceFolderBasename}.json`` is ``NAME-HASH-app.json`` on disk. In a
    workspace's own config (``folder``) that is the folder's expansion; elsewhere a variable in
    the file's name may be any workspace's, so its directory is listed (the files it can
    become all lie there; a variable in a directory leaves the name as written). Unlisted, a
    file tool could plant the pins a server starts with before its first start."""
    if "${" not in file:
        return [file]
    out = [file]
    if folder is not None:
        named = file.replace("${workspaceFolderBasename}", folder.name)
        named = named.replace("${workspaceFolder}", str(folder))
        if "${" not in named:
            return [*out, named]
        file = named
    parent = os.path.dirname(file)
    if "${" not in parent and parent not in ("", os.sep):
        out.append(parent)
    return out


def record_config(path: Path, *versions: bytes) -> None:
    """Set the config file ``path``'s entry in ``cordon init``'s list to the files the
    ``cordon run`` entries of any of ``versions`` (its bytes) name.

    Raises:
        OSError: the list cannot be read or written.
        ClientConfigError: a version is not a config file cordon reads.
    """
    from cordon.store.state_paths import record_wrapped

    paths: list[str] = []
    for raw in versions:
        paths += config_state_paths(path, raw)
    record_wrapped(path.resolve(), paths)
