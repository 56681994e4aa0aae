"""Shell lines psql's meta-commands run besides ``\\!`` and ``\\o |LINE``
(:func:`.sql_programs.client_lines`).

Attack class (psql's reference, "Meta-Commands" and "Environment"): SQL given to ``psql -c``,
``-f`` or on standard input ran these unread:

* ``\\setenv PAGER LINE`` (and ``PSQL_PAGER``, ``PSQL_WATCH_PAGER``): psql pipes a query's
  rows into LINE; ``\\setenv PSQL_EDITOR|EDITOR|VISUAL LINE``: ``\\e``/``\\ef``/``\\ev`` run
  LINE on a file; ``\\setenv SHELL LINE``: ``\\!`` with no argument runs it;
* text in backquotes in a meta-command's argument (``\\set x `LINE```, ``\\echo `LINE```):
  "taken as a command line that is passed to the shell".

A value psql interpolates from a variable (``\\setenv PAGER :p``) is computed: its line is
one the shell guard cannot read.

Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["meta_lines"]

#: ``\\setenv NAME VALUE`` for a variable psql (or ``\\!``) runs as a command (group 1: the
#: name; group 2: a single-quoted value, group 3: a bare one)
_SETENV_RE = re.compile(
    r"\\setenv[ \t]+(PSQL_PAGER|PSQL_WATCH_PAGER|PAGER|PSQL_EDITOR|EDITOR|VISUAL|SHELL)[ \t]+"
    r"(?:'((?:[^']|'')*)'|(\S+))"
)
#: a meta-command's arguments (after ``\\NAME``, to the line's end), and backquoted text
_META_ARGS_RE = re.compile(r"\\[A-Za-z]\w*([^\n]*)")
_BACKQUOTE_RE = re.compile(r"`([^`\n]*)`")
#: a line whose command psql computes (a variable's value): opaque to the shell guard
_COMPUTED = '"$(:)"'


def meta_lines(sql: str) -> list[str]:
    """The shell lines psql's meta-commands in ``sql`` run (module docstring); a pager's with
    the rows it is given (``echo "$(:)" | LINE``, as ``\\o |LINE``'s)."""
    if "\\" not in sql:
        return []
    out = []
    for m in _SETENV_RE.finditer(sql):
        name, quoted, bare = m.groups()
        line = quoted.replace("''", "'") if quoted is not None else bare
        if line.startswith(":"):  # (\setenv PAGER :var: psql interpolates the variable)
            line = _COMPUTED
        out.append(f'echo "$(:)" | {line}' if name.endswith("PAGER") else line)
    for args in _META_ARGS_RE.finditer(sql):
        out += [m.group(1) for m in _BACKQUOTE_RE.finditer(args.group(1))]
    return out
