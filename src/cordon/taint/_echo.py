"""Echoes of a session's own sends, as the client's other cordon processes are told of them.

A session treats a destination it already sent to with an allow (``Session.vouched``) as
clean when its output later echoes it ("sent to ops@example.com"): the echo did not put the
address in the agent's hands, the agent used it before any output showed it. The client's
other cordon processes (one per server, :mod:`cordon.store.shared_taint`) learn of output
only through the shared store, so publishing that echo as a plain key made them deny the
trusted address as seen in output (threat model, "Cross-server echoes").

An echoed key is therefore published in two other forms, never as the key itself:

* :func:`echo_key` of the key: the key was seen in output of a session that had sent to a
  destination with that key before the output was indexed. A sibling counts it as taint
  everywhere (the host of a URL, a forwarded link, a repository pair, a look-alike
  spelling), except for the one lookup the sending session itself skips: the destination's
  own key, spelled without look-alike characters, when ...
* :func:`sent_key` of the very spelling being checked was published with it: the sending
  session sent exactly that value. A key is lossy (a phone number keeps its last ten
  digits, an address is case-folded, skeletonised and loses its ``+tag``), so the key alone
  would also clear ``+7 555 010 0199`` planted in the echo after a send to
  ``+1 555 010 0199``: only the spelling the agent itself sent is cleared.

Neither form can be a plain key (both start with a line break, which no token or
normalised value holds), and the store keeps only their hashes. A key first seen in output
before any send of it is published plainly, and a plain key is taint whatever else was
published (taint only grows).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

__all__ = ["MAX_SPELLINGS", "echo_forms", "echo_key", "sent_key"]

_ECHO = "\necho\n"
_SENT = "\nsent\n"
#: spellings kept per sent key (memory: one key sent in many spellings is asked about
#: again past it, never cleared)
MAX_SPELLINGS = 8


def echo_key(key: str) -> str:
    """The published form of ``key`` seen in output only as an echo of the session's send."""
    return _ECHO + key


def sent_key(raw: str) -> str:
    """The published form of a destination's spelling in an allowed send (its ``raw`` text,
    ends stripped, ASCII case ignored: ``Ops@Example.com`` is the mailbox ``ops@example.com``
    names; any other character is compared exactly)."""
    raw = raw.strip()
    return _SENT + (raw.lower() if raw.isascii() else raw)


def echo_forms(keys: Collection[str], sent: Mapping[str, Collection[str]]) -> list[str] | None:
    """The published forms of the keys of ``keys`` the session sent to before (each one's
    :func:`sent_key` forms, then its :func:`echo_key`), or None when there are none.
    ``sent``: each key the session sent to with an allow, with the :func:`sent_key` forms
    of its spellings."""
    if len(sent) < len(keys):
        echoed = [k for k in sent if k in keys]
    else:
        echoed = [k for k in keys if k in sent]
    if not echoed:
        return None
    forms: list[str] = []
    for key in echoed:
        # (sent forms first: a reader that reads part of the write sees at worst an echo
        # without its sends, stricter)
        forms.extend(sent[key])
        forms.append(echo_key(key))
    return forms
