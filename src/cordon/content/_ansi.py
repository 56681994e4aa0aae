"""ANSI escape sequences (ECMA-48): the pattern the sanitiser strips and the scanner reads past.

A terminal acts on them and shows the rest; a model reads the rest with the sequences in it or,
once a client strips them, without: "\\x1b[31mIGNORE all previous instructions" is an override
to both. The Trail of Bits write-up on ANSI codes in MCP (2025-04) hides text from the human
this way.
"""

from __future__ import annotations

import re

__all__ = ["ANSI", "ANSI_HINT", "ANSI_RE"]

#: an ANSI escape sequence (CSI, OSC, any other ESC sequence, their 8-bit C1 forms), or a lone
#: ESC or C1 introducer left over: nothing this matches survives a substitution. A CSI takes
#: parameters of any length, as a terminal parses them (ECMA-48 5.4): a bounded count let a
#: sequence of 141 parameter characters glued to each word through whole (linear: no nesting)
ANSI = (
    "\x1b\\[[0-?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b\u009c]{0,512}(?:\x07|\x1b\\\\|\u009c)?"
    "|\x1b[ -/]*[0-~]|\u009b[0-?]*[ -/]*[@-~]"
    "|\u009d[^\x07\x1b\u009c]{0,512}(?:\x07|\x1b\\\\|\u009c)?|[\x1b\u009b\u009d]"
)
ANSI_RE = re.compile(ANSI)
#: where a sequence can start
ANSI_HINT = re.compile("[\x1b\u009b\u009d]")
