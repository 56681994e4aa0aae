"""Whether the program a stdio server entry runs can be found, for ``cordon init``'s warning.

A command the client cannot find is not a risk cordon guards against: ``cordon run`` fails
closed on it (the client's request is answered with the error, the audit records
``start_failed``). But written silently, the mistake shows only later, in a client's log, as
a server behind cordon that "does not work". ``cordon init`` says so when it writes the entry,
and writes it still: refusing would leave the entry as it is, running the server without
cordon in front wherever the client does find it (its PATH is not the shell's: a desktop
client started from the dock, an entry's own ``env.PATH``), which is less safe than a wrapped
entry that fails to start.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from typing import Any

__all__ = ["missing_command"]


def _search_path(entry: Mapping[str, Any]) -> str | None:
    """The PATH the client would give the server: the entry's own ``env.PATH``, else this
    process's (the client's may differ, which the warning says)."""
    env = entry.get("env")
    if isinstance(env, Mapping) and isinstance(env.get("PATH"), str):
        return str(env["PATH"])
    return os.environ.get("PATH")


def _shown(text: str) -> str:
    """``text`` as the warning names it: as written, or quoted with its escapes when it holds
    a character a terminal acts on (ESC, BEL, a bidi override): a config committed to a
    repository chooses the server's name and command."""
    return text if text.isprintable() else repr(text)


def missing_command(name: str, entry: Mapping[str, Any]) -> str | None:
    """A warning when ``entry``'s ``command`` is found neither as a file (an absolute path)
    nor on PATH (a bare name); None when it is found, or cannot be judged here: a path
    relative to a directory the client chooses, or one holding a variable the client
    expands (``${workspaceFolder}``, ``${env:HOME}``, ``$HOME``, ``~``)."""
    cmd = entry.get("command")
    if not isinstance(cmd, str) or not cmd or "$" in cmd or cmd.startswith("~"):
        return None
    if os.path.isabs(cmd):
        if os.path.isfile(cmd) and os.access(cmd, os.X_OK):
            return None
        where = "does not exist" if not os.path.exists(cmd) else "is not an executable file"
        return (
            f"{_shown(name)}: its command {_shown(cmd)} {where}: the client will not start it (cordon run "
            "refuses and records why); fix the path in the config"
        )
    if os.sep in cmd or (os.altsep and os.altsep in cmd):
        return None  # relative to the client's working directory, unknown here
    if shutil.which(cmd, path=_search_path(entry)) is not None:
        return None
    return (
        f"{_shown(name)}: its command {cmd!r} is not on PATH here: unless the client's PATH has it, "
        "the client will not start it (cordon run refuses and records why); install it, or "
        "write its absolute path in the config"
    )
