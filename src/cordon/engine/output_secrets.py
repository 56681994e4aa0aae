"""The credentials in server output, read as the content firewall read it.

A credential found in output is masked (warn and block modes) by the sanitiser, which reads
each string of a result on its own; it is registered (``secret.egress``) and published to the
client's other cordon processes from the values :func:`cordon.content.find_secrets` returns.
Read only over the result's joined text, those values missed what the sanitiser masked in a
field of its own: the joined text's decoded base64 layers are capped
(:data:`cordon.content.normalize.MAX_LAYERS`), so a Kubernetes Secret list of many base64
values had its later credentials masked and never registered, and the agent could carry them
through another server. So the fields a secret finding names are read again, one by one, as
the sanitiser read them (a ``blob`` decoded). :func:`cordon.content.find_secrets` returns
every credential of a text, past the findings' cap of
:data:`cordon.content.scanner.MAX_HITS_PER_RULE` hits a rule; when a secret rule's findings
reached that cap (monitor mode's findings name no field), every field is read as well.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from cordon._types import Finding
from cordon.content import find_secrets
from cordon.content._walk import iter_strings
from cordon.content.scanner import MAX_HITS_PER_RULE

__all__ = ["secrets_in"]


def secrets_in(value: Any, text: str, findings: Iterable[Finding]) -> list[str]:
    """The credential values in server output ``value``, whose recorded text is ``text``,
    given the content ``findings`` on it: those in the whole text, then those in each field a
    secret finding's path names, or each field when a secret rule's hits were capped (each
    once, in order).

    Raises:
        CapExceeded: ``value`` is past the walk's caps (the caller fails closed).
    """
    found = find_secrets(text) if text else []
    hits = [f for f in findings if f.category == "secrets"]
    paths = {f.path for f in hits if f.path}
    capped = max(Counter(f.rule for f in hits).values(), default=0) >= MAX_HITS_PER_RULE
    if not paths and not capped:
        return found
    seen = set(found)
    for path, string, _decoded in iter_strings(value):
        if not capped and path not in paths:
            continue
        for secret in find_secrets(string):
            if secret not in seen:
                seen.add(secret)
                found.append(secret)
    return found
