"""The cordon demo: a hijacked helpdesk agent, first without cordon, then through ``cordon run``.

``make demo`` runs this file. It needs no API key and touches nothing outside
``examples/demo/out/`` and a temporary HOME:

1. A scripted agent (the official MCP SDK client) reads a poisoned ticket and does what the
   ticket says: mails the customer list to the attacker, writes an SSH key outside the
   workspace, deletes two customers and copies a report to a new address. It also does its
   real job: a note in the workspace and a mail to the support team.
2. The same calls run twice against fresh copies of ``helpdesk_server.py``: straight to the
   server, and through the real ``cordon run`` process with ``policy.yaml``.
3. The server's state is checked directly (SQLite, outbox, filesystem): through cordon no
   mail reached the attacker or the new address, no file was written outside the workspace,
   exactly one customer was deleted, and the legitimate work happened.
4. ``cordon report`` turns the audit log into a review pack (``out/pack.md``, ``out/pack.html``).

``--remote`` (``make demo-remote``) runs the same helpdesk server as a Streamable HTTP server on
127.0.0.1 that requires a bearer token, and puts ``cordon run --url`` in front of it
(``_remote.py``): the same calls, the same checks, and the token in no file cordon writes.

Exit status: 0 when every check holds, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import anyio
from _scenario import (
    OUT,
    SERVER,
    Run,
    base_env,
    compare,
    conclude,
    console,
    cordon_command,
    drive,
    fresh,
    prepare_guarded,
)
from mcp import StdioServerParameters


def run_direct(tmp: Path) -> Run:
    run = fresh("state-direct", tmp)
    params = StdioServerParameters(
        command=sys.executable, args=[str(SERVER)], env=base_env(run.home, run.state)
    )
    anyio.run(drive, params, run)
    return run


def run_cordon(tmp: Path) -> tuple[Run, Path]:
    g = prepare_guarded(tmp)
    exe = cordon_command()
    args = [*exe[1:], *g.cordon_args(), "--", sys.executable, str(SERVER)]
    params = StdioServerParameters(command=exe[0], args=args, env=base_env(g.run.home, g.run.state))
    anyio.run(drive, params, g.run)
    return g.run, g.policy


def main() -> int:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cordon-demo-") as tmpname:
        tmp = Path(tmpname)
        console.rule("cordon demo: a helpdesk agent reads a poisoned ticket")
        direct = run_direct(tmp)
        guarded, policy = run_cordon(tmp)
        results = compare(direct, guarded, policy)
    return conclude(guarded, results)


def cli(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="The cordon demo: a hijacked helpdesk agent.")
    ap.add_argument(
        "--remote",
        action="store_true",
        help="the helpdesk server over Streamable HTTP, behind cordon run --url",
    )
    if ap.parse_args(argv).remote:
        from _remote import main as remote_main

        return remote_main()
    return main()


if __name__ == "__main__":
    sys.exit(cli())
