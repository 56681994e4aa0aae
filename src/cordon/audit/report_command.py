"""``cordon report``: the review pack's command (the pack itself: :mod:`cordon.audit.report`).
:func:`cordon.audit.commands.register` adds it to the cordon typer app."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from cordon._exceptions import CordonError
from cordon.audit.commands import _bound, _console
from cordon.audit.log import default_audit_path
from cordon.audit.verify import EXPECT_HELP

__all__ = ["report"]


def report(
    out: Annotated[Path, typer.Option("-o", "--out", help="Markdown review pack to write")],
    audit: Annotated[
        Path | None, typer.Option(help="audit log (default ~/.cordon/audit.jsonl)")
    ] = None,
    policy: Annotated[list[Path] | None, typer.Option(help="policy file(s); repeatable")] = None,
    tools: Annotated[
        Path | None, typer.Option(help="a tools/list result saved as JSON, or a --pin-file")
    ] = None,
    since: Annotated[str | None, typer.Option(help="e.g. 7d or 2025-06-01")] = None,
    until: Annotated[str | None, typer.Option(help="same forms as --since")] = None,
    html: Annotated[Path | None, typer.Option(help="also write a self-contained HTML pack")] = None,
    server: Annotated[
        list[str] | None,
        typer.Option(
            "--server", help="the server(s) --policy is for (default: those that ran with it)"
        ),
    ] = None,
    expect: Annotated[str | None, typer.Option("--expect", help=EXPECT_HELP)] = None,
) -> None:
    """Write the review pack: controls, audit summary, findings, coverage, OWASP/AIUC-1 map.

    A policy is one server's: its controls are shown for the --server NAMEs given, else for
    each server whose start records do not name another policy. Every other server is shown
    under the policy files its latest start record names (cordon run records them), when
    they still load to the hash it ran with; else its rows say its controls are not shown
    (report them with its own --policy and --server). Exits 1 when the log's hash chain is
    broken, or holds no record with the --expect hash (the pack is written and says so), as
    `cordon audit verify` does."""
    from cordon.audit.report import build_report, render_html, render_markdown

    audit_path = audit or default_audit_path()
    if not audit_path.exists():
        # nothing to review, said as that: a log that is not there is not a broken chain
        # (a wrong --audit, or no cordon run wrote here yet); exit 2 as for an unreadable one
        _console(err=True).print(
            Text(
                f"cordon report: no audit log at {audit_path} (no cordon run has written "
                "there, or it was removed); give --audit PATH",
                style="red",
            )
        )
        raise typer.Exit(2)
    try:
        data = build_report(
            audit=audit_path,
            policies=policy or (),
            tools_file=tools,
            since=_bound(since, "--since"),
            until=_bound(until, "--until"),
            servers=server or (),
            expect=expect,
        )
    except (OSError, ValueError, CordonError) as exc:
        _console(err=True).print(Text(f"cordon report: {exc}", style="red"))
        raise typer.Exit(2) from exc
    out.write_text(render_markdown(data), encoding="utf-8")
    written = [str(out)]
    if html is not None:
        html.write_text(render_html(data), encoding="utf-8")
        written.append(str(html))
    verified = "chain OK" if data.chain_ok else f"CHAIN BROKEN: {data.chain_message}"
    _console().print(Text(f"wrote {', '.join(written)} ({data.total_records} records; {verified})"))
    if not data.chain_ok:
        raise typer.Exit(1)  # a tampered or cut log: written, and said, but not a success
