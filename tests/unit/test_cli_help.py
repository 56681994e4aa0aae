"""Every command's ``--help`` renders its text as written: typer reads help text as Rich
markup, so a bracketed lower-case word (``[y/N]``) vanished from ``cordon approve --help``,
and reStructuredText (``` ``name`` ```, ``::``, ``:func:``) written for the API docs showed
up literally in ``cordon pending --help``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import typer
from typer._click.core import Command, Context
from typer.core import TyperGroup
from typer.testing import CliRunner

from cordon import cli

#: reStructuredText that reads as noise at a terminal
RST = re.compile(r"``|::|:[a-z]+:`")
#: the box typer draws around options and commands
BOX = re.compile(r"[│╭╮╰╯─]")


def _commands() -> Iterator[tuple[list[str], Command]]:
    cli._register()
    stack: list[tuple[list[str], Command]] = [([], typer.main.get_group(cli.app))]
    while stack:
        path, cmd = stack.pop()
        yield path, cmd
        if isinstance(cmd, TyperGroup):
            ctx = Context(cmd)
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None, name
                stack.append(([*path, name], sub))


def _texts(cmd: Command) -> list[str]:
    """The help written for the command and each of its parameters."""
    return [cmd.help or ""] + [getattr(p, "help", None) or "" for p in cmd.params]


def test_every_help_renders_as_written() -> None:
    runner = CliRunner()
    seen = 0
    for path, cmd in _commands():
        seen += 1
        shown = runner.invoke(cli.app, [*path, "--help"], env={"COLUMNS": "300"})
        where = " ".join(["cordon", *path])
        assert shown.exit_code == 0, (where, shown.output)
        flat = " ".join(BOX.sub(" ", shown.output).split())
        assert not RST.search(flat), (where, RST.search(flat))
        for text in _texts(cmd):
            assert not RST.search(text), (where, text)
            # each word survives: Rich markup would eat "[y/N]" or "[b]" whole, and Markdown
            # an HTML-like "<NAME>" outside a code span (a code span shows without its ticks)
            lost = [w for w in text.replace("`", "").split() if w not in flat]
            assert not lost, (where, lost)
    assert seen > 20  # the subcommands of every module were walked


def test_help_paragraphs_are_wrapped_to_the_terminal() -> None:
    """At 80 columns a paragraph of help fills its lines: the source's own line breaks are
    not kept and wrapped again (which left a word or two alone on every other line)."""
    runner = CliRunner()
    for path in (["init"], ["check"], ["approve"], ["report"]):
        shown = runner.invoke(cli.app, [*path, "--help"], env={"COLUMNS": "80"})
        assert shown.exit_code == 0, shown.output
        text = shown.output.split("╭")[0]  # the description, before the option panels
        paragraphs = [p.splitlines() for p in re.split(r"\n\s*\n", text) if p.strip()]
        for lines in paragraphs:
            short = [ln for ln in lines[:-1] if ln.strip() and len(ln.strip()) < 50]
            assert not short, (path, short)
