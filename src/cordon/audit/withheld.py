"""What a verdict's audit record keeps of a call that carried a secret.

The arguments are withheld by :func:`cordon.engine.dlp.withhold` (every string carrying a
registered, seen or pattern-detected secret becomes ``[withheld: <label> sha256:<16 hex>]``).
The rest of the record must not give the secret back: a destination is extracted from the
argument text (``status.example.com/search?q=<secret>``, lower-cased), a taint or egress
reason names that destination, a parameter path names an object key that may be the secret.
:func:`withhold_verdict` therefore returns the verdict as the record may keep it:

* a destination is kept only when it occurs (case-insensitively) in a string of the call that
  was kept; any other is replaced by its own marker (``[withheld: destination sha256:...]``):
  it came from a withheld string, or from a decoding of one;
* in the reason, the parameter path and the details' strings, every withheld destination and
  every withheld argument string (8 characters or more; an integer's decimal text counts as
  one) is replaced by its marker.

Only a call whose arguments carried a secret is touched. The review pack is built from the
audit records (``cordon report``), so what is withheld here is withheld there too.
"""

from __future__ import annotations

import re
from typing import Any

from cordon._types import Verdict
from cordon.engine.dlp import string_leaves
from cordon.engine.secrets import MIN_SECRET_LENGTH, withheld_marker

__all__ = ["withhold_verdict"]


def _strings(value: Any) -> set[str]:
    """Every string, key and integer (as its decimal text) of ``value``: a secret of digits
    sent as a JSON number is withheld as the string is (:func:`cordon.engine.dlp.withhold`),
    so its digits are scrubbed from the rest of the record too."""
    return {s for _, s in string_leaves(value, keys=True, numbers=True)}


def _scrub(value: Any, swaps: list[tuple[re.Pattern[str], str]]) -> Any:
    if isinstance(value, str):
        for pattern, marker in swaps:
            value = pattern.sub(marker, value)
        return value
    if isinstance(value, dict):
        return {k: _scrub(v, swaps) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub(v, swaps) for v in value]
    return value


def withhold_verdict(v: Verdict, raw: Any, shown: Any) -> Verdict:
    """``v`` as the audit record of a call with arguments ``raw`` may keep it, when the record
    keeps ``shown`` (``raw`` with the strings carrying a secret withheld): see the module
    docstring. ``v`` itself when nothing was withheld."""
    if shown is raw:
        return v
    before, after = _strings(raw), _strings(shown)
    withheld = before - after
    if not withheld:
        return v
    kept = [s.casefold() for s in before & after]
    markers: dict[str, str] = {}

    def dest(d: str) -> str:
        folded = d.casefold()
        if any(folded in k for k in kept):
            return d
        markers[d] = withheld_marker("destination", d)
        return markers[d]

    destinations = tuple(dest(d) for d in v.destinations)
    destination = dest(v.destination) if v.destination is not None else None
    texts = {**markers, **{w: withheld_marker("argument", w) for w in withheld}}
    reachable = f"{v.reason}\n{v.param or ''}\n{v.details!r}".casefold()
    swaps = [
        (re.compile(re.escape(text), re.IGNORECASE), marker)
        for text, marker in sorted(texts.items(), key=lambda item: -len(item[0]))
        if len(text) >= MIN_SECRET_LENGTH and text.casefold() in reachable
    ]
    return Verdict(
        verdict=v.verdict,
        rule=v.rule,
        reason=_scrub(v.reason, swaps),
        param=_scrub(v.param, swaps),
        destination=destination,
        destinations=destinations,
        details=_scrub(v.details, swaps),
    )
