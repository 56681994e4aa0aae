"""The base64 runs of a text past the normaliser's layer cap, read for credentials only.

:func:`cordon.content.normalize.normalize` decodes at most
:data:`~cordon.content.normalize.MAX_LAYERS` base64 runs of a text: the cap bounds what every
rule reads in decoded layers. A Kubernetes Secret list printed as one text holds a credential
in each of its later runs, which was then neither masked nor registered, in any mode, and the
agent could carry it through another server. So the secret rules read the runs past the cap
too (:func:`secrets_past_cap`); no other rule does.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING

from cordon.content.normalize import MAX_LAYERS, Layer, Normalized, _base64_layers, _Builder

if TYPE_CHECKING:
    from cordon.content.scanner import Hit

__all__ = ["base64_layers_past_cap", "secrets_past_cap"]


def base64_layers_past_cap(nz: Normalized) -> list[Layer]:
    """The decoded base64 runs of ``nz``'s text that :func:`normalize` left out at
    :data:`MAX_LAYERS` (in order, spans in the original), or ``[]`` when it stopped short of
    the cap. For the secret rules alone: the cap bounds what every rule reads, but a
    Kubernetes Secret list as one text holds a credential in each of its later runs.
    Linear in the text (the decoded runs are at most three quarters of it)."""
    if len(nz.layers) < MAX_LAYERS:
        return []
    first = nz
    while first._base is not None:
        first = first._base
    done = sum(1 for layer in nz.layers if layer.kind == "base64")
    every = _base64_layers(_Builder(first.text), first.text, first.ascii_view, first, limit=None)
    return every[done:]


def secrets_past_cap(
    nz: Normalized,
    wanted: frozenset[str],
    depth: int,
    scan: Callable[..., list[Hit]],
    hit: Callable[..., Hit],
) -> list[Hit]:
    """The hits of the secret rules ``wanted`` in the base64 runs of ``nz`` past the cap,
    read joined (a blank line apart) in one ``scan`` (the scanner's ``scan_hits``, to
    ``depth``); each hit spans its run in the original, as a decoded layer's hits do, and is
    made by ``hit`` (the scanner's ``Hit``)."""
    later = base64_layers_past_cap(nz) if wanted else []
    if not later:
        return []
    starts: list[int] = []
    pos = 0
    for layer in later:
        starts.append(pos)
        pos += len(layer.text) + 2
    out: list[Hit] = []
    for h in scan("\n\n".join(layer.text for layer in later), only=wanted, depth=depth):
        if h.rule.category == "secrets":
            span = later[bisect_right(starts, h.span[0]) - 1].span
            out.append(hit(rule=h.rule, severity=h.severity, span=span, value=h.value))
    return out
