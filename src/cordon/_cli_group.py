"""The command listing of ``cordon --help`` and of its groups (``audit``, ``pin``, ``auth``,
``hook``): each command's summary as one sentence.

typer's rich help lists a command by the first paragraph of its docstring and keeps that
paragraph's single line breaks, so a docstring wrapped at the source's width broke the
listing mid-sentence at any terminal width, and a long paragraph filled the listing. A
command's summary is the first sentence of that paragraph with its whitespace joined (the
whole paragraph when no sentence ends outside brackets); ``cordon COMMAND --help`` still
shows all of it. A command that sets ``short_help`` keeps it.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

from typer.core import TyperGroup

if TYPE_CHECKING:
    from typer._click import Context  # typer's own copy of click


def summary(help_text: str) -> str:
    """The first sentence of ``help_text``'s first paragraph, on one line: it ends at a
    period followed by a space, outside any brackets (``(.env)``, ``e.g.`` in brackets stay)."""
    text = " ".join(inspect.cleandoc(help_text).split("\n\n")[0].split())
    depth = 0
    for i, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif char == "." and depth == 0 and text[i + 1 : i + 2] == " ":
            return text[: i + 1]
    return text


class OneLineSummaries(TyperGroup):
    """A typer group whose listing shows each command's summary as one sentence."""

    def listed(self, ctx: Context) -> list[str]:
        """The names of the commands to list (a subclass that adds commands lazily says so)."""
        return super().list_commands(ctx)

    def list_commands(self, ctx: Context) -> list[str]:
        names = self.listed(ctx)
        for name in names:
            command = self.get_command(ctx, name)
            if command is not None and command.short_help is None and command.help:
                command.short_help = summary(command.help)
        return names


def untyped_flags() -> None:
    """Show no type for a flag in ``--help`` (``--version``, ``--help``, ``--repin/--no-repin``).

    typer's rich help (0.2x, its own copy of click) prints every option's type, a flag's too:
    ``--help <bool>`` reads as an option that takes a value, which a flag does not (typer's
    plain help leaves a flag's type out, as click did). A typer without the method is left
    as it is."""
    from typer import core

    option = getattr(core, "TyperOption", None)
    shown = getattr(option, "display_type_rich", None)
    if option is None or shown is None or getattr(shown, "untyped_flags", False):
        return

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        return None if self.is_flag and not self.count else shown(self, ctx)

    display_type_rich.untyped_flags = True  # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich
