"""``cordon init --policy``: the policy files an init writes into client entries, checked
when the entry is written rather than at the server's first start (where only the MCP client
shows the error, as a failed server)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cordon.policy.model import Policy

__all__ = ["init_policies", "one_server_per_pack", "pack_misfit"]


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
        sys.stderr.write(f"cordon init: warning: {key}: {path} does not exist here (a typo?)\n")
    return pols


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
