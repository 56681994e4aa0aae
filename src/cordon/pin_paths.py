"""Where a server's pins live: the pin file ``cordon init`` gives a wrapped server, and the one
a ``cordon run`` given no ``--pin-file`` uses.

Kept apart from :mod:`cordon.clientconfig` (which re-exports both) so that every ``cordon
run``, one process per wrapped server, does not import the client-config editing stack
(JSONC rewriting, backups, ``difflib``): ~0.8 MB resident of each (``bench/perf/README.md``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cordon.urlcreds import pinned_url

__all__ = ["PER_WORKSPACE", "default_pin_dir", "pin_file_for", "run_pin_file", "workspace_of"]


def default_pin_dir() -> Path:
    """``~/.cordon/pins`` (absolute): where ``cordon init`` puts each server's pin file."""
    return Path.home() / ".cordon" / "pins"


#: the end of a pin file's name for an entry run once per VS Code workspace (the client
#: expands the variable in cordon's arguments as it starts the entry: :func:`pin_file_for`)
PER_WORKSPACE = "-${workspaceFolderBasename}"
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def pin_file_for(
    name: str, entry: dict[str, Any], pin_dir: Path | str, *, folder: Path | None = None
) -> Path:
    """The pin file ``cordon init`` gives server ``name``: ``<pin_dir>/<stem>-<hash>.json``.

    ``stem`` is the name with every run of characters other than ASCII letters, digits, ``.``,
    ``_`` and ``-`` replaced by ``_``, leading and trailing ``._-`` removed, at most 48
    characters (``server`` if nothing is left): no separator, ``..`` or hidden file. ``hash``
    is 10 hex digits of SHA-256 over the name, ``command``, ``args`` and ``cwd`` of the
    (unwrapped) entry, so two different servers given the same name in two client configs
    (or names that differ only in case or in unsafe characters) never share a file, while the
    same server named alike in two configs shares its pins. The package version an ``npx -y``
    command fetches is not part of it: a changed definition after an update is caught. A
    remote server is given as ``{"url": URL}`` (whether a url entry or ``mcp-remote`` reached
    it): its URL joins the hash, its headers (tokens change) do not.

    An entry that names ``${workspaceFolder}`` (VS Code expands its predefined variables in
    ``command``, ``args`` and ``cwd``, and so in cordon's own arguments: a user-level entry
    runs once per workspace) gets ``-${workspaceFolderBasename}`` at the end of the file's
    name (a client that leaves it as written keeps one file, as before): each
    workspace pins its own expansion, instead of the second workspace's start stopping with
    ``pin.server_changed``. ``folder``: the workspace the config belongs to, when it is a
    workspace's own file (:func:`workspace_of`): there ``${workspaceFolder}`` can only be that
    folder, so it joins the hash, and two clones of one folder name (``~/work/app``,
    ``~/review/app``) get a file each instead of the second stopping with
    ``pin.server_changed``. A user-level entry has no such folder: two workspaces of one name
    still share a file there, and the second's start says so.
    """
    stem = _UNSAFE_NAME.sub("_", name).strip("._-")[:48] or "server"
    fields = [name, entry.get("command"), entry.get("args", []), entry.get("cwd")]
    if "url" in entry:
        fields.append(entry["url"])
    if folder is not None and "${workspaceFolder" in json.dumps(fields, default=str):
        fields.append(str(folder))
    key = json.dumps(
        fields,
        ensure_ascii=False,
        separators=(",", ":"),
        default=str,
    )
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:10]
    per_workspace = PER_WORKSPACE if "${workspaceFolder" in key else ""
    return Path(pin_dir) / f"{stem}-{digest}{per_workspace}.json"


def workspace_of(config: Path) -> Path | None:
    """The workspace folder a project-level client config belongs to: ``<folder>`` of
    ``<folder>/.vscode/mcp.json`` or ``<folder>/.cursor/mcp.json`` (``${workspaceFolder}`` in
    its entries is that folder); None for any other file, Cursor's user-level
    ``~/.cursor/mcp.json`` included (it serves every workspace), however it is spelled: by
    its real path under a symlinked home, or with ``..`` in it, it is still the user's file,
    and taking it for the home folder's own made the home directory a filesystem server's
    allowed prefix (``cordon init --packs``) in whichever workspace it runs."""
    path = Path(config).expanduser().absolute()
    if path.name != "mcp.json" or path.parent.name not in (".vscode", ".cursor"):
        return None
    folder = path.parent.parent
    if path.parent.name == ".cursor" and folder.resolve() == Path.home().resolve():
        return None
    return folder


def run_pin_file(name: str, command: Sequence[str], url: str | None) -> Path:
    """The pin file of a ``cordon run`` given no ``--pin-file`` (under :func:`default_pin_dir`),
    so pins outlive a restart however the client entry was written (trust on first use once,
    not on every start). With ``--name``: one file per name (:func:`pin_file_for` over the
    name alone), so another program put behind the same name is caught by the command-line
    pin (``pin.server_changed``), and two servers given one name stop with that error instead
    of sharing pins silently; without it (``default``), one file per command line or URL.
    ``cordon init`` passes its own ``--pin-file`` and never lands here."""
    entry: dict[str, Any] = {}
    if name == "default":
        # (a URL's credentials masked: the pin file's name keeps no key, and a rotated key is
        # the same server's pins, not trust on first use again)
        entry = {"url": pinned_url(url)} if url else {"command": command[0] if command else None}
        entry["args"] = list(command[1:])
    return pin_file_for(name, entry, default_pin_dir())
