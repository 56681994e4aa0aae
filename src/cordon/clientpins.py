"""The pin files ``cordon init`` gives the servers it wraps (``~/.cordon/pins``): where they
are, which servers they hold, and the names a message offers for a name not found."""

from __future__ import annotations

import difflib
import json
import os
import re
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cordon.pin_paths import default_pin_dir as default_pin_dir

__all__ = [
    "default_pin_dir",
    "find_pin_files",
    "pin_file_uses",
    "pin_files_run_with",
    "pin_files_said",
    "pinned_names",
]


def find_pin_files(server: str | None, pin_dir: Path | str | None = None) -> list[Path]:
    """Pin files under ``pin_dir`` (default :func:`default_pin_dir`) holding pins of
    ``server`` (None: any), by name, sorted. Files that cannot be read or parsed are skipped."""
    return [p for p, names in _pinned(pin_dir) if server is None or server in names]


def pinned_names(server: str, pin_dir: Path | str | None = None) -> str:
    """``server`` quoted, with "did you mean" the close pinned server name or the names
    pinned (for a message saying no pin file holds it), and when a server gets its pins:
    ``cordon init`` names a pin file but writes none, so right after it none holds the server."""
    names = sorted({n for _, held in _pinned(pin_dir) for n in held})
    said = _near_names([server], names).replace("; its servers:", "; pinned servers:")
    return said.replace("; it has no servers", "; no server is pinned there yet") + (
        "; a server is pinned the first time its client starts it behind cordon (until then "
        "`cordon check --policy FILE -- COMMAND` checks a policy against its live tools)"
    )


def pin_file_uses(server: str, files: Sequence[Path]) -> dict[Path, list[str]]:
    """Each of ``files`` (pin files holding ``server``) that a ``cordon run --name SERVER``
    entry names today, with the client configs holding such an entry: the configs ``cordon
    init`` wrote (its list, :func:`cordon.store.state_paths.wrapped_file`), read as they are
    now, so an entry undone or re-wrapped since names what it names now. A config that is
    gone or cannot be read counts for none (a file no config names is not dropped here)."""
    import orjson

    from cordon.clientconfig import ClientConfigError
    from cordon.clientstate import config_pin_files
    from cordon.store.state_paths import wrapped_file

    real = {os.path.realpath(p): p for p in files}
    out: dict[Path, list[str]] = {}
    try:
        configs = orjson.loads(wrapped_file().read_bytes()).get("configs")
    except (OSError, ValueError, AttributeError):
        return out
    for config in configs if isinstance(configs, dict) else ():
        try:
            named = config_pin_files(Path(config), Path(config).read_bytes())
        except (OSError, ValueError, ClientConfigError):
            continue
        for name, pins in named:
            if name != server:
                continue
            named_by = _expansions(pins, Path(config))
            for hit in (p for r, p in real.items() if named_by.fullmatch(r)):
                out.setdefault(hit, []).append(str(config))
    return out


#: a variable the client expands in an entry's arguments (VS Code's ``${workspaceFolder}``,
#: ``${workspaceFolderBasename}`` ...), so in cordon's ``--pin-file`` too
_CLIENT_VARIABLE = re.compile(r"\$\{[^}]*\}")


def _expansions(pins: str, config: Path) -> re.Pattern[str]:
    """The real paths of the pin files a config's ``--pin-file`` ``pins`` names: itself, or,
    when it holds a client variable (``cordon init`` names a per-workspace file for an entry
    that uses ``${workspaceFolder}``), each expansion of it. A workspace's own config has one
    folder; elsewhere a variable matches any text, so every workspace's file counts as in use
    (a file in use taken for stale would be offered for `rm`, and its server's next start
    would pin whatever it lists)."""
    from cordon.pin_paths import workspace_of

    folder = workspace_of(config)
    if folder is not None:
        pins = pins.replace("${workspaceFolderBasename}", folder.name)
        pins = pins.replace("${workspaceFolder}", str(folder))
    parent, base = os.path.split(pins)
    if not _CLIENT_VARIABLE.search(parent):
        parent = os.path.realpath(parent)
    pattern = os.path.join(parent, base)
    literal = (re.escape(part) for part in _CLIENT_VARIABLE.split(pattern))
    return re.compile(".+".join(literal), re.DOTALL)


def pin_files_run_with(
    server: str, policies: Sequence[Path | str], config: Path | None = None
) -> list[tuple[Path, str]]:
    """(pin file, config) of each ``cordon run --name SERVER`` entry of the client configs
    ``cordon init`` wrote, read as they are now, that runs with exactly ``policies`` (each
    ``--policy``, resolved, in order); with ``config``, of that config's entries alone, any
    policy. One name in two configs is two servers with a pin file each: the one checked is
    the one run with the policy checked (or named by the config given), not the other."""
    import orjson

    from cordon.clientconfig import ClientConfigError
    from cordon.clientstate import _cordon_entries, _own_option
    from cordon.store.state_paths import wrapped_file

    if config is not None:
        configs: Any = [str(config)]
    else:
        try:
            configs = orjson.loads(wrapped_file().read_bytes()).get("configs")
        except (OSError, ValueError, AttributeError):
            return []
    wanted = [os.path.realpath(Path(p).expanduser()) for p in policies]
    out: list[tuple[Path, str]] = []
    for name in configs if isinstance(configs, (dict, list)) else ():
        path = Path(name)
        try:
            entries = list(_cordon_entries(path, path.read_bytes()))
        except (OSError, ValueError, ClientConfigError):
            continue
        for entry in entries:
            args = [str(a) for a in entry.get("args") or []]
            pins = _own_option(args, "--pin-file")
            if _own_option(args, "--name") != server or not pins:
                continue
            given = [os.path.realpath(path.resolve().parent / p) for p in _policies_of(args)]
            if config is not None or given == wanted:
                file = Path(pins).expanduser()
                file = file if file.is_absolute() else path.resolve().parent / file
                out += [(f, name) for f in _on_disk(file, path)]
    return out


def _on_disk(file: Path, config: Path) -> list[Path]:
    """The pin file(s) an entry's ``--pin-file`` ``file`` is on disk: itself, or, when it names
    a client variable (VS Code expands ``${workspaceFolderBasename}`` as it starts the entry),
    each existing file it expands to; none yet: the workspace's own expansion (a workspace's
    config) or the name as written, for the message that it has not run."""
    if not _CLIENT_VARIABLE.search(str(file)):
        return [file]
    named_by = _expansions(str(file), config)
    parent = file.parent  # a variable in the directory: no listing, the name as written
    found = (
        sorted(p for p in parent.glob("*.json") if named_by.fullmatch(os.path.realpath(p)))
        if not _CLIENT_VARIABLE.search(str(parent)) and parent.is_dir()
        else []
    )
    if found:
        return found
    from cordon.pin_paths import workspace_of

    folder = workspace_of(config)
    if folder is None:
        return [file]
    text = str(file).replace("${workspaceFolderBasename}", folder.name)
    return [Path(text.replace("${workspaceFolder}", str(folder)))]


def _policies_of(args: Sequence[str]) -> list[str]:
    """Each ``--policy`` (``-p``) value of a ``cordon run`` entry's arguments, before ``--``."""
    out = []
    for i, arg in enumerate(args):
        if arg == "--":
            break
        opt, eq, value = arg.partition("=")
        if opt in ("--policy", "-p"):
            out.append(value if eq else (args[i + 1] if i + 1 < len(args) else ""))
    return out


def pin_files_said(files: Sequence[Path], uses: dict[Path, list[str]]) -> str:
    """Each of ``files`` with what runs with it: the configs that name it, or, for one no
    config ``cordon init`` wrote names, that it is stale and how to remove it."""
    out = []
    for path in files:
        if uses.get(path):
            out.append(f"{path} (in use: named by {', '.join(uses[path])})")
        else:
            out.append(
                f"{path} (stale: no client config cordon init wrote names it; left by an "
                "earlier wrapping or a `cordon run` started by hand; once nothing runs with "
                f"it, `rm {shlex.quote(str(path))}` removes it)"
            )
    return "; ".join(out)


def _pinned(pin_dir: Path | str | None) -> list[tuple[Path, list[str]]]:
    root = Path(pin_dir) if pin_dir is not None else default_pin_dir()
    out: list[tuple[Path, list[str]]] = []
    for path in sorted(root.glob("*.json")) if root.is_dir() else ():
        try:
            data = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("servers"), dict):
            out.append((path, [str(n) for n in data["servers"]]))
    return out


def _near_names(unknown: Sequence[str], names: Sequence[str]) -> str:
    """Each unknown name with a "did you mean" when the file has a close one (case aside);
    the file's server names when one of them has none (names quoted: a config's names are
    not trusted text)."""
    folded = {n.casefold(): n for n in reversed(names)}  # the first spelling wins
    out, lost = [], False
    for name in unknown:
        close = difflib.get_close_matches(name.casefold(), folded, n=1, cutoff=0.6)
        out.append(f"{name!r} (did you mean {folded[close[0]]!r}?)" if close else repr(name))
        lost = lost or not close
    listed = f"; its servers: {', '.join(map(repr, names))}" if names else "; it has no servers"
    return ", ".join(out) + (listed if lost else "")
