"""Files an interpreter one-liner may open, read from its program text: its path literals.

:func:`code_paths` returns each string literal of the text given to ``python -c``, ``node
-e``, ``ruby -e``, ``perl -e``, ``deno eval`` ... (or piped into the interpreter, or given in a
here-document) that could name a file: one word, no URL. :mod:`.shell` records each as a
file the command reads, judged as ``cat``'s operand is (``action.sensitive_read`` for a
credential file, cordon's own state or a ``sensitive_paths`` entry; ``action.sensitive_upload``
when the same string reaches the network). A literal that names no such file changes
nothing. A path computed at run time is not read (the code is a program).

Attack class: a reader the guard did not know. ``cat ~/.cordon/audit.jsonl`` and ``cat
~/.ssh/id_rsa`` were asked about and ``python3 -c "print(open('/root/.ssh/id_rsa').read())"``
allowed; ``Path.home() / '.cordon' / 'approvals.json'`` names cordon's directory in pieces,
each one a literal. Pure: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["code_paths"]

#: a string literal (no quote, backslash or white space inside), optionally prefixed
_LITERAL_RE = re.compile(r"""(?<![\w])[rRbBuUfF]{0,2}(["'`])([^"'`\\\s]{1,4096})\1""")
#: most literals read from one program text (more: the rest are not recorded)
MAX_PATHS = 256


def code_paths(code: str) -> list[str]:
    """The string literals of ``code`` that could name a file (module docstring), in order."""
    out: list[str] = []
    for m in _LITERAL_RE.finditer(code):
        text = m.group(2)
        if "://" in text or text in out or not re.search(r"[\w.~]", text):
            continue
        out.append(text)
        if len(out) >= MAX_PATHS:
            break
    return out
