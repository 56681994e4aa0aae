"""``cordon init --project DIR``: only one project's servers of Claude Code's ``~/.claude.json``.

``~/.claude.json`` holds the user-scope servers under ``mcpServers`` and each project's
local-scope servers under ``projects.<dir>.mcpServers``, ``<dir>`` the absolute path of the
directory Claude Code was started in. Without ``--project``, ``cordon init`` wraps a name in
every table with the same ``--policy``; a policy confining a filesystem server to one
project's directory would then deny the other projects' paths. ``--project DIR`` plans the
entries of that project's table only.

Claude Code's key for a directory has been its absolute path as given and, in other versions,
its real path (symlinks resolved): issues anthropics/claude-code#22987 and #47584 show both.
So a key names ``DIR`` when it is ``DIR`` made absolute (normalised, symlinks kept), or when
both resolve to the same real path; every such key is selected (they are one directory, as
a policy confining it sees them).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NoReturn

__all__ = ["only_project", "refuse_project"]


def refuse_project(project: Path | str | None, path: Path) -> None:
    """``--project`` given for a file that is not ``~/.claude.json``'s shape (a Codex
    ``config.toml``): a clear error rather than every server of the file.

    Raises:
        ClientConfigError: ``project`` is given.
    """
    if project is not None:
        _fail(_not_claude_json(path))


def _fail(message: str) -> NoReturn:
    from cordon.clientconfig import ClientConfigError  # (it imports this module)

    raise ClientConfigError(message)


def _not_claude_json(path: Path) -> str:
    return (
        f'{path}: --project is for Claude Code\'s ~/.claude.json (its "projects" object, one '
        "table of servers per project directory); this file has none: leave out --project"
    )


def _names_dir(key: str, absolute: str, real: str) -> bool:
    """Whether the project key ``key`` is the directory ``absolute`` (real path ``real``)."""
    if not os.path.isabs(key):
        return False
    return os.path.normpath(key) == absolute or os.path.realpath(key) == real


def only_project(
    tables: list[tuple[str, dict[str, Any]]],
    data: dict[str, Any],
    project: Path | str | None,
    path: Path,
) -> list[tuple[str, dict[str, Any]]]:
    """``tables`` (``(prefix, servers)`` of every servers object of the file) as they are
    without ``project``; with it, only those of the projects whose key names that directory.

    Raises:
        ClientConfigError: the file has no ``projects`` object (not ``~/.claude.json``'s shape), or
            no project of it is that directory (the known ones listed), or that project has
            no servers.
    """
    if project is None:
        return tables
    projects = data.get("projects")
    if not isinstance(projects, dict):
        _fail(_not_claude_json(path))
    absolute = os.path.abspath(os.path.expanduser(str(project)))
    real = os.path.realpath(absolute)
    keys = [k for k in projects if isinstance(k, str) and _names_dir(k, absolute, real)]
    if not keys:
        known = ", ".join(repr(k) for k in projects) or "none"
        _fail(f"{path}: no project {absolute!r} (its projects: {known})")
    prefixes = {f"project {k}: " for k in keys}
    chosen = [(prefix, table) for prefix, table in tables if prefix in prefixes]
    if not any(chosen_table for _, chosen_table in chosen):
        _fail(f"{path}: project {absolute!r} has no MCP servers (mcpServers)")
    return chosen
