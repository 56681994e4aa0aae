"""``cordon run --help`` says where pins go without ``--pin-file`` as ``cordon run`` puts them:
one file per ``--name``, and without a name one per command line or URL (two unnamed servers
do not share a file, so neither stops the other with ``pin.server_changed``)."""

from __future__ import annotations

from cordon import cli
from cordon.pin_paths import run_pin_file


def _pin_file_help() -> str:
    cli._register()
    import typer

    group = typer.main.get_group(cli.app)
    run = group.get_command(None, "run")  # type: ignore[arg-type]
    assert run is not None
    option = next(p for p in run.params if "--pin-file" in getattr(p, "opts", []))
    return " ".join((getattr(option, "help", None) or "").split())


def test_unnamed_servers_get_a_pin_file_each_and_the_help_says_so() -> None:
    a = run_pin_file("default", ["npx", "server-a"], None)
    b = run_pin_file("default", ["npx", "server-b"], None)
    assert a != b  # what cordon run does
    assert run_pin_file("files", ["npx", "server-a"], None) == run_pin_file(
        "files", ["npx", "server-b"], None
    )
    shown = _pin_file_help()
    assert "--name" in shown
    assert "per command" in shown, shown  # the unnamed case
