"""``cordon init --policy``: the policy files an init writes into client entries, checked
when the entry is written rather than at the server's first start (where only the MCP client
shows the error, as a failed server)."""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from cordon.approvals.display import visible

if TYPE_CHECKING:
    from cordon.policy.model import Policy

__all__ = [
    "PACK_PACKAGES",
    "init_policies",
    "one_server_per_pack",
    "pack_for",
    "pack_hint",
    "pack_misfit",
]

#: the package each built-in pack was written from (README: Built-in packs), by the name a
#: client config runs it under: the package (``npx -y PKG``, ``PKG@1.2``, ``uvx PKG``), its
#: installed program (``node_modules/.bin/mcp-server-memory``) or its Python module
PACK_PACKAGES = {
    "@modelcontextprotocol/server-filesystem": "filesystem",
    "mcp-server-filesystem": "filesystem",
    "@modelcontextprotocol/server-memory": "memory",
    "mcp-server-memory": "memory",
    "mcp-server-fetch": "fetch",
    "mcp_server_fetch": "fetch",
    "mcp-server-git": "git",
    "mcp_server_git": "git",
    "@playwright/mcp": "playwright",
    "playwright-mcp": "playwright",
    "@notionhq/notion-mcp-server": "notion",
    "notion-mcp-server": "notion",
    "@supabase/mcp-server-supabase": "supabase",
    "mcp-server-supabase": "supabase",
    "@gongrzhe/server-gmail-autoauth-mcp": "gmail",
    "gmail-mcp": "gmail",
    "mcp-atlassian": "atlassian",
    "mcp_atlassian": "atlassian",
    "mcp-server-sqlite": "sqlite",
    "mcp_server_sqlite": "sqlite",
    "@modelcontextprotocol/server-postgres": "postgres",
    "mcp-server-postgres": "postgres",
    "@modelcontextprotocol/server-github": "github",
    "mcp-server-github": "github",
    "@modelcontextprotocol/server-slack": "slack",
    "mcp-server-slack": "slack",
    "@wonderwhy-er/desktop-commander": "desktop_commander",
    "desktop-commander": "desktop_commander",
    # GitHub's own server: its binary (`github-mcp-server stdio`) and its Docker image
    # (`docker run -i --rm ghcr.io/github/github-mcp-server[:TAG|@DIGEST]`)
    "github-mcp-server": "github_official",
    "ghcr.io/github/github-mcp-server": "github_official",
}

#: the remote servers a built-in pack is written for, by host: GitHub's hosted MCP server
#: (https://api.githubcopilot.com/mcp/, its toolset paths /mcp/x/NAME, /mcp/readonly and
#: /mcp/insiders too; github/github-mcp-server docs/remote-server.md) and the same server
#: of an Enterprise Cloud with data residency (https://copilot-api.SUBDOMAIN.ghe.com/mcp)
_REMOTE_GITHUB = re.compile(r"(?:api\.githubcopilot\.com|copilot-api\.[a-z0-9-]+\.ghe\.com)\Z")


def init_policies(policies: Sequence[Path | str]) -> list[str]:
    """The ``--policy`` files made absolute (the client starts servers from its own
    directory), loaded once together as ``cordon run`` layers them.

    Raises:
        ClientConfigError: a file is missing or does not load (every problem named, as
            ``cordon check`` names them): nothing is written.
    """
    from cordon.checktools import missing_directories

    pols = [str(Path(p).expanduser().resolve()) for p in policies]
    for key, path in missing_directories(_load(pols)) if pols else ():
        # loads as valid, and denies every path of the directory meant (as cordon check says)
        said = visible(f"{key}: {path}")  # a policy's text: never a terminal's control
        sys.stderr.write(f"cordon init: warning: {said} does not exist here (a typo?)\n")
    for pol in pols:
        tree = _git_work_tree(Path(pol))
        if tree is not None:
            sys.stderr.write(
                f"cordon init: warning: --policy {visible(pol)} is inside the git work tree "
                f"{visible(str(tree))}: "
                "cordon denies every git checkout, switch, pull, merge or stash of that "
                "repository through a tool it guards (action.cordon_state: one would swap the "
                "policy for a ref's copy), and a commit shares it; keep policies outside the "
                "repository, such as in ~/.config/cordon/\n"
            )
    return pols


def in_git_tree_warning(config: Path) -> list[str]:
    """A warning when the client config just wrapped lies in a git work tree: the wrapped
    entries are then a change git can take back (``git stash``, ``git restore``, a checkout
    of a branch with the committed file), and the client's next start runs the servers
    without cordon. cordon asks before such a command through a tool it guards
    (``action.credential_write``), not when one runs it in a terminal."""
    tree = _git_work_tree(config.expanduser().absolute())
    if tree is None:
        return []
    return [
        f"{config} lies in the git repository {tree}: a git stash, restore, checkout or pull "
        "can put back its entries without cordon (asked about through the tools cordon "
        "guards: action.credential_write; not in a terminal) and a commit shares paths of "
        "this machine; wrap the servers in the client's user-scope config instead, or keep "
        "this file out of the repository (README, Quick start step 2)"
    ]


def _git_work_tree(path: Path) -> Path | None:
    """The directory of ``path``'s ancestors that holds a ``.git`` (a git work tree's top,
    as git finds it), or None."""
    for parent in path.parents:
        if (parent / ".git").exists():
            return parent
    return None


def _load(pols: Sequence[str]) -> Policy:
    from cordon._exceptions import PolicyError
    from cordon.clientconfig import ClientConfigError
    from cordon.policy import load_policy

    try:
        return load_policy([Path(p) for p in pols])
    except PolicyError as exc:
        raise ClientConfigError(f"--policy: {exc}") from exc


def one_server_per_pack(pols: Sequence[str], changed: Sequence[str]) -> None:
    """Refuse to give several servers a policy that brings a pack: a pack is keyed by one
    server's tool names, so behind every other server it classifies nothing (and `cordon run`
    denies every call there: the policy does not fit). Which server a pack is for is known
    only from its tools, so the user names it with --server, once per server.

    Raises:
        ClientConfigError: the policy brings a pack, or does not load.
    """
    from cordon.clientconfig import ClientConfigError

    if not pols:
        return
    packs = _load(pols).packs
    if packs:
        raise ClientConfigError(
            f"the --policy brings pack(s) {', '.join(packs)}, which describe one server's "
            f"tools, and was given for {len(changed)} servers ({', '.join(changed)}): "
            "run cordon init once per server with --server NAME, giving the pack's server "
            "its policy and each other server its own (or one with no pack)"
        )


def pack_misfit(name: str, pols: Sequence[str], pin_file: Path) -> list[str]:
    """A warning when the ``--policy`` brings a pack that names none of the tools pinned for
    server ``name`` in ``pin_file`` (it ran behind cordon before): `cordon run` would deny
    every call to it (``policy.unknown_tool``: the pack was written for another server).
    Nothing when the server has no pins yet (its first start checks its live list)."""
    from cordon.checktools import pack_misfits, pinned_tools

    if not pols or not pin_file.is_file():
        return []
    try:
        names = pinned_tools(pin_file, name).get(name)
    except (OSError, ValueError):  # no pins of this server in it: nothing to check against
        return []
    misfits = pack_misfits(_load(pols), names or ()) if names else []
    return [
        f"{name}: pack {p!r} names none of the {len(names or ())} tools pinned for it: "
        f"cordon run will deny every call (policy.unknown_tool); check with `cordon check "
        f"--server {shlex.quote(name)} "
        + " ".join(f"--policy {shlex.quote(q)}" for q in pols)
        + "`"
        for p in misfits
    ]


def _remote_pack(url: Any) -> tuple[str, str] | None:
    """(the URL, its pack) when ``url`` is the endpoint of a remote server a built-in pack is
    written for (:data:`_REMOTE_GITHUB`): https, that host, a path under ``/mcp``."""
    if not isinstance(url, str):
        return None
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
    except ValueError:  # a malformed port or IPv6 literal: no server of ours
        return None
    path = parts.path.rstrip("/")
    under = path == "/mcp" or path.startswith("/mcp/")
    if parts.scheme.lower() == "https" and _REMOTE_GITHUB.match(host) and under:
        return url, "github_official"
    return None


def _package_of(entry: Any) -> tuple[str, str] | None:
    """(the package, program or remote endpoint, its pack) that the entry runs or reaches, if
    any: an argument that is one of :data:`PACK_PACKAGES` (a version after ``@`` or ``==``, a
    container image's ``:TAG`` aside), or whose file name is; a ``url`` entry (or an argument,
    as ``mcp-remote URL`` has it) that is a remote server's endpoint (:func:`_remote_pack`)."""
    if not isinstance(entry, Mapping):
        return None
    remote = _remote_pack(entry.get("url"))
    if remote is not None or not isinstance(entry.get("command"), str):
        return remote
    args = entry.get("args")
    for arg in [entry["command"], *(args if isinstance(args, list) else [])]:
        if not isinstance(arg, str):
            continue
        name = arg.split("==")[0]
        at = name.rfind("@")
        name = name[:at] if at > 0 else name  # (a scoped package's first @ is its own)
        image = name.rpartition(":")[0] if ":" in Path(name).name else name  # (its tag)
        for said in (name, Path(name).name, image, Path(image).name):
            if said in PACK_PACKAGES:
                return said, PACK_PACKAGES[said]
        if (remote := _remote_pack(arg)) is not None:
            return remote
    return None


def pack_for(name: str, entry: Any, pins: Path | None) -> tuple[str, str] | None:
    """(the built-in pack written for server ``name``, why) or None: the pack that classifies
    every tool pinned for it in ``pins`` (it ran behind cordon before:
    :func:`cordon.checktools.fitting_packs`, as `cordon check` hints), else the one whose
    package its command runs (``entry``, as the config has it: :func:`_package_of`)."""
    from cordon.checktools import fitting_packs, pinned_tools

    names: set[str] = set()
    if pins is not None and pins.is_file():
        try:
            names = pinned_tools(pins, name).get(name) or set()
        except (OSError, ValueError):
            names = set()
    packs = fitting_packs(names)
    found = _package_of(entry)
    if packs:
        return packs[0], f"classifies all {len(names)} tools pinned for it"
    if found is not None:
        how = "reaches" if "://" in found[0] else "runs"
        return found[1], f"is written for {found[0]}, which it {how}"
    return None


def pack_hint(
    name: str, entry: Any, wrapped: Mapping[str, Any], config: Path | None, pols: Sequence[str]
) -> list[str]:
    """``cordon init`` without ``--policy`` (``pols``): one line naming the built-in pack
    written for server ``name`` and the command that gives it (``config``: the file), else
    nothing. The pack that classifies every tool pinned for it (it ran behind cordon before:
    :func:`cordon.checktools.fitting_packs`, as `cordon check` hints), else the one whose
    package its command runs (``entry``, as the config has it). ``wrapped``: its new entry
    (its ``--pin-file``)."""
    from cordon.clientstate import _own_option
    from cordon.policy.loader import load_pack

    if pols:
        return []
    pins = _own_option(wrapped.get("args") or [], "--pin-file")
    fits = pack_for(name, entry, Path(pins) if pins is not None else None)
    if fits is None:
        return []
    pack, why = fits
    # the entry is wrapped by this run, and init leaves a wrapped entry's policy as it is:
    # the hint names the --undo that lets the second command apply the policy
    init = f"cordon init --config {shlex.quote(str(config or 'FILE'))}"
    server = shlex.quote(name)
    # a pack's path parameters are resolved but not confined without allowed_path_prefixes
    paths = any("path_params" in t for t in load_pack(pack)["tools"].values())
    keys = f"`packs: [{pack}]`" + (" and `allowed_path_prefixes: [DIR]`" if paths else "")
    return [
        f"{name}: hint: the built-in pack {pack!r} {why}: put {keys} in a policy file and "
        f"give it to this server: `{init} --undo --server {server}`, then `{init} --server "
        f"{server} --policy FILE` (README: Built-in packs), or let init write that file: "
        f"`{init} --undo --server {server}`, then `{init} --server {server} --packs`"
    ]
