"""Is this process running under a ``cordon run``? Then a tool started it.

``cordon approve`` and ``cordon pin accept`` answer cordon's question for a person. A
command an MCP server runs for its tool (an exec or shell tool) is a descendant of the
server, which ``cordon run`` started: one whose ancestors include a ``cordon run`` was
started by a tool call, whatever terminal it was given (``script``, Python's ``pty`` make a
TTY for anyone). Attack class: an agent's shell tool runs ``echo y | script -qec 'cordon
approve CODE' /dev/null`` and retries the call it was asked about.

Read on Linux from ``/proc/PID/stat`` (the parent of each process) and ``/proc/PID/cmdline``;
elsewhere nothing is read (:func:`cordon_run_ancestor` gives None). The walk stops at a
process it cannot read (another user's, with ``hidepid``).

Limit: a process that detaches itself (``setsid`` and a double fork, a job handed to
``at``, ``systemd-run`` or a terminal multiplexer's server) has ``init`` or a subreaper for a
parent, and escapes this check; the guarantee for an agent with an arbitrary shell is
the one docs/threat-model.md gives under "Other capabilities" (run it in a container or VM).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["cordon_run_ancestor", "is_cordon_run"]

#: at most this many ancestors are read (a loop in a forged tree, a very deep one)
_MAX_HOPS = 256
_PYTHON_PREFIXES = ("python", "pypy")


def cordon_run_ancestor(
    proc: Path = Path("/proc"), start: int | None = None
) -> tuple[int, str] | None:
    """``(pid, command line)`` of the nearest ancestor that is a ``cordon run``, or None
    (none found, or not Linux). ``start``: the first process read (default the parent)."""
    if not sys.platform.startswith("linux") or not (proc / "self" / "stat").exists():
        return None
    pid = os.getppid() if start is None else start
    seen: set[int] = set()
    while pid > 1 and pid not in seen and len(seen) < _MAX_HOPS:
        seen.add(pid)
        try:
            raw = (proc / str(pid) / "cmdline").read_bytes()
            stat = (proc / str(pid) / "stat").read_text("utf-8", "replace")
        except OSError:
            return None
        argv = [a.decode("utf-8", "replace") for a in raw.split(b"\0") if a]
        if is_cordon_run(argv):
            return pid, " ".join(argv)[:200]
        pid = _parent(stat)
    return None


def _parent(stat: str) -> int:
    """The parent pid in a ``/proc/PID/stat`` line (the field after the state; the command
    name before them is in parentheses and may hold spaces and parentheses)."""
    fields = stat[stat.rfind(")") + 1 :].split()
    try:
        return int(fields[1])
    except (IndexError, ValueError):
        return 0


def is_cordon_run(argv: list[str]) -> bool:
    """``argv`` runs ``cordon run``: the cordon executable (by base name, or a Python
    interpreter running it or ``-m cordon...``) among its first words, and ``run`` its
    first word after that which is not an option."""
    for i, word in enumerate(argv[:3]):
        name = os.path.basename(word.replace("\\", "/")).lower().removesuffix(".exe")
        module = i > 0 and argv[i - 1] == "-m" and (word == "cordon" or word.startswith("cordon."))
        if name == "cordon" or module:
            rest = [a for a in argv[i + 1 :] if not a.startswith("-")]
            return bool(rest) and rest[0] == "run"
        if i == 0 and not name.startswith(_PYTHON_PREFIXES):
            return False
    return False
