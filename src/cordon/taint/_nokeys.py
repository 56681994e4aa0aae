"""A text in which the taint index can find no key, told by a few C-speed tests.

Indexing a text (:func:`cordon.taint._index._index_view`) runs five searches, each of which
needs something in the text to find anything:

* anchored tokens (:func:`~cordon.taint._index._scan_tokens`): a ``.``, ``@`` or ``#`` (before
  a word character), or ``://`` (so a ``/``);
* GitHub's ``owner/repo`` (:func:`cordon.taint._repos.scan_pairs`): a ``/``;
* phone numbers and the Slack IDs inside their matches (:data:`cordon.textnorm.PHONE_CLASS_RE`
  on the class bytes): seven ``X`` class bytes (an upper-case letter, a digit or ``+/_-``);
* decoded regions (:data:`cordon.taint._index._DECODERS`): a ``%``, ``&``, ``\\`` or ``=``;
* base64 and hex runs (:func:`cordon.textnorm.encoded_runs`): a match of the run pattern on
  the class bytes (an ``X`` and eleven more alphabet bytes).

:func:`holds_no_key` answers True only when none of these can start, so the index would add
no key: a short result such as ``hello 42`` or ``done in 3 s`` costs about 2k instructions
instead of the ~35k of the five searches. It reads the text as the index's first view reads
it (after :func:`~cordon.taint._index._prepare` or ``mark_lookalikes``); anything it cannot
rule out is indexed as before. tests/taint/test_nokeys.py holds it to the index's answer on
the corpora and on generated text.
"""

from __future__ import annotations

import re

from cordon.textnorm import _RUN_CLASS_TABLE, _RUN_RE

__all__ = ["holds_no_key"]

#: a character one of the searches needs (tokens, ``owner/repo``, the decoders' hints)
_HINTS_RE = re.compile(r"[.@#/%&\\=]")
#: the fewest ``X`` class bytes a phone-number match holds (:data:`PHONE_CLASS_RE`:
#: ``XXX`` then four more)
_PHONE_X = 7


def holds_no_key(view: str) -> bool:
    """True when indexing ``view`` (a prepared first view) adds no key; False when it may."""
    if _HINTS_RE.search(view) is not None:
        return False
    cls = view.encode("utf-8", "surrogatepass").translate(_RUN_CLASS_TABLE)
    return cls.count(b"X") < _PHONE_X and _RUN_RE.search(cls) is None
