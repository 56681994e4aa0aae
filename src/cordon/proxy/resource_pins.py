"""Resource pinning: a resource rug pull is caught as a prompt rug pull is.

A server's resource templates (``resources/templates/list``) and listed resources
(``resources/list``) carry text a client shows its user and hands its model (a name, a
title, a description; MCP server/resources). A server that lists a harmless one and later
swaps in a poisoned description is the rug pull of tool and prompt pinning, on another
surface. Both are pinned by :class:`cordon.proxy.prompt_pins.ListPins`:

* templates (:data:`cordon.engine.pins.TEMPLATES`, keyed by ``uriTemplate``) as prompts are:
  the first complete listing (or the pin file's) is the baseline, a changed template or one
  listed after it is hidden, audited (rule ``pin.resource_changed``) and kept for ``cordon
  pin accept``;
* listed resources (:data:`cordon.engine.pins.RESOURCES`, keyed by ``uri``) are dynamic, files
  come and go: a new URI is pinned as first listed, never held; a pinned URI whose
  descriptive fields changed is held as a template is.

A ``resources/read`` (``resources/subscribe``, ``subscriptions/listen``) of a held resource's
URI is refused before it reaches the server, and
so is one of a URI that a held template matches while no shown template does and no shown
resource has it (:meth:`ResourcePins.refusal`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cordon.engine.pins import RESOURCES, TEMPLATES
from cordon.proxy.prompt_pins import ListPins

if TYPE_CHECKING:
    from cordon._types import Verdict
    from cordon.store.pins import PinFile

__all__ = ["ResourcePins", "same_uri", "template_matches"]

_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
#: RFC 3986 §2.3 unreserved characters: percent-encoded, they are the same URI
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def _decoded(m: re.Match[str]) -> str:
    char = chr(int(m[1], 16))
    return char if char in _UNRESERVED else f"%{m[1].upper()}"


def same_uri(uri: str) -> str:
    """``uri`` under RFC 3986 §6.2.2's syntax-based normalisation, as far as a held URI is
    compared: the scheme and the authority (``//...`` up to the path) lower-cased, a
    percent-encoded unreserved character decoded, any other escape's hex upper-cased. Two
    spellings of one URI (``FILE:///doc%2Etxt``, ``file:///doc.txt``) reach the same
    resource on a server that parses them, so a held one is refused by either. (The
    authority's user part is lower-cased too: it only widens what is refused.)"""
    scheme, colon, rest = uri.partition(":")
    if not colon:
        return uri
    rest = _PERCENT.sub(_decoded, rest)
    if rest.startswith("//"):
        end = min((i for i in (rest.find(c, 2) for c in "/?#") if i >= 0), default=len(rest))
        rest = rest[:end].lower() + rest[end:]
    return f"{scheme.lower()}:{rest}"


def template_matches(template: str, uri: str) -> bool:
    """Whether ``uri`` may be an expansion of the RFC 6570 URI template ``template``: its
    literal parts, in order, with anything between them. Each expression (``{id}``,
    ``{+path}``, ``{?q,lang}``) may expand to any text, an empty one included (an undefined
    variable), so this is a superset of the template's expansions: a held template matches
    every URI it could name (fail closed). The pieces are found leftmost in turn (a glob
    match: no backtracking, linear in the URI)."""
    pieces: list[str] = []
    rest = template
    while True:
        open_ = rest.find("{")
        close = rest.find("}", open_ + 1) if open_ >= 0 else -1
        if close < 0:
            pieces.append(rest)
            break
        pieces.append(rest[:open_])
        rest = rest[close + 1 :]
    if len(pieces) == 1:
        return uri == pieces[0]
    first, last = pieces[0], pieces[-1]
    if len(uri) < len(first) + len(last) or not uri.startswith(first) or not uri.endswith(last):
        return False
    at, end = len(first), len(uri) - len(last)
    for piece in pieces[1:-1]:
        found = uri.find(piece, at, end)
        if found < 0:
            return False
        at = found + len(piece)
    return True


class ResourcePins:
    """The pinned resource templates and listed resources of one server for one session.

    Args:
        server: the logical server name (``--name``), the pin file's key.
        pin_file: persisted pins, or None (the baseline is this session's first listing).
    """

    def __init__(self, server: str, pin_file: PinFile | None) -> None:
        self.templates = ListPins(server, pin_file, TEMPLATES)
        self.resources = ListPins(server, pin_file, RESOURCES)

    def refusal(self, values: dict[str, Any]) -> Verdict | None:
        """Why a ``resources/read``, ``resources/subscribe`` or ``subscriptions/listen`` of
        ``values["uri"]`` (a string or a list) is refused, or None."""
        uris = values.get("uri")
        for uri in [uris] if isinstance(uris, str) else uris if isinstance(uris, list) else ():
            why = self._held(str(uri))
            if why is not None:
                pins = self.resources if why[1] else self.templates
                return pins.verdict(why[0])
        return None

    def _held(self, uri: str) -> tuple[str, bool] | None:
        """Why ``uri`` is held and whether as a resource (else as a template), or None."""
        held = self.resources.hidden
        why = self.resources.held(uri)
        if why is None and held:  # another spelling of a held URI (held ones are few)
            same = same_uri(uri)
            why = next((w for k, w in held.items() if same_uri(k) == same), None)
        if why is not None:
            return why, True
        if uri in self.resources.pinned:
            return None  # a resource listed and shown as pinned
        t = self.templates
        if not t.hidden and not t.spent:
            return None  # (no template held: most reads stop here)
        same = same_uri(uri)
        # a held template that names the URI, in any spelling of it
        why = next((w for k, w in t.hidden.items() if template_matches(same_uri(k), same)), None)
        if why is None and not t.spent:
            return None
        if any(template_matches(same_uri(k), same) for k in t.pinned if k not in t.hidden):
            return None  # a shown template names it too
        if why is None:  # (hidden templates past the bound are not kept: fail closed)
            return f"{uri!r} is named by no pinned resource template", False
        return f"{uri!r} is named only by a held template: {why}", False
