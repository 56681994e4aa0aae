"""Here-documents as bash reads them, for :mod:`.shell`.

Two readings bash has and the parser (bashlex) does not:

* a quoted delimiter (``<<'EOF'``, ``<<"EOF"``, ``<<\\EOF``) makes the body literal text;
  bashlex stops with a parse error on it, so ``git commit -m "$(cat <<'EOF' ... EOF)"``, the
  usual way coding agents write a commit message, and ``cat > f <<'EOF'`` were asked about
  as unreadable (``action.command_opaque``). :func:`unquote_delimiters` spells each such
  delimiter unquoted, marked (:data:`QUOTED`), so the parse succeeds and the walker knows the
  body is literal;
* with an unquoted delimiter, bash runs the command substitutions in the body (``$(...)``,
  backticks) before the program reads it: ``cat <<EOF > notes\\n$(rm -rf ~/work)\\nEOF``
  deletes. :func:`substitutions` gives their commands, which the walker parses in turn.
"""

from __future__ import annotations

import re

__all__ = ["QUOTED", "substitutions", "unquote_delimiters"]

#: prefix of a delimiter that was quoted in the command (its body is literal)
QUOTED = "CORDONQUOTED"
_QUOTED_RE = re.compile(r"(?<!<)<<(-?)[ \t]*(?:'([\w.-]+)'|\"([\w.-]+)\"|\\([\w.-]+))")


def unquote_delimiters(text: str) -> str | None:
    """``text`` with each quoted here-document delimiter (and its closing line) spelled
    ``QUOTED + word``; None when a closing line is missing (bash would read to the end: the
    parse error stands)."""
    out = text
    pos = 0
    while (m := _QUOTED_RE.search(out, pos)) is not None:
        dash, word = m[1], m[2] or m[3] or m[4]
        head = f"{out[: m.start()]}<<{dash}{QUOTED}{word}"
        rest = out[m.end() :]
        eol = rest.find("\n")
        tabs = "\t*" if dash else ""
        close = re.compile(rf"^({tabs}){re.escape(word)}$", re.MULTILINE)
        c = close.search(rest, eol + 1) if eol >= 0 else None
        if c is None:
            return None
        rest = f"{rest[: c.start()]}{c[1]}{QUOTED}{word}{rest[c.end() :]}"
        out, pos = head + rest, len(head)
    return out


def substitutions(body: str) -> list[str]:
    """The commands of the ``$(...)`` and backtick substitutions bash runs in an unquoted
    here-document's ``body`` (a ``\\``-escaped one is literal); ``$((...))`` arithmetic is
    given whole (the parser then reports it)."""
    found: list[str] = []
    i, n = 0, len(body)
    while i < n:
        ch = body[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "$" and body.startswith("$(", i):
            depth, j = 1, i + 2
            while j < n and depth:
                depth += {"(": 1, ")": -1}.get(body[j], 0)
                j += 1
            found.append(body[i + 2 : j - 1] if depth == 0 else body[i + 2 :])
            i = j
        elif ch == "`":
            j = body.find("`", i + 1)
            found.append(body[i + 1 : j] if j > 0 else body[i + 1 :])
            i = n if j < 0 else j + 1
        else:
            i += 1
    return found
