"""Coalescing the audit records an upstream server or a client can repeat without bound.

A frame cordon refuses (not JSON, not JSON-RPC, an answer to nothing asked), a finding in a
server notification, a server request cordon refuses (sampling the client did not declare)
and a redirect the remote transport followed each wrote one record per message: a peer repeating one cheap message (``{not json`` is 10 bytes; its record ~325)
wrote more audit bytes than it sent, until rotation dropped the kept history
(docs/threat-model.md). So, per process, as the ``listing`` record of a tools/list page is
bounded (audit/listing.py):

* the first record of each distinct event is written whole, always;
* a repeat of it (the same record but for the fields a peer varies at no cost: ``id``,
  ``size``, and the digits of ``reason``, except a redirect's, whose digits say where every
  later request goes: ``/v1`` and ``/v4`` are two moves) is counted, and written, as the record of that
  repeat with ``repeat`` (how many so far) and ``first_seq`` (the first's ``seq``), at its
  1st, 2nd, 4th, 8th ... repeat, and once more when :data:`PERIOD_S` passed since the event's
  last record: N repeats cost about log2(N) records, and a slow drip one a period;
* on the way out (:meth:`Repeats.flush`) each event with repeats not yet written writes its
  last one with the count (``final``): the log ends with every count exact.

Only the records of :func:`coalesced` are held back (never one naming a request: a refused
frame about a call, a client's answer withheld for a secret, each matched to its request); verdicts and every record that gates a
frame are written as before, and nothing here changes what cordon forwards or refuses.
Events past :data:`MAX_EVENTS` distinct ones are forgotten oldest first: a forgotten event
seen again is written whole again (more bytes, never fewer records of a distinct event).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import orjson

__all__ = ["MAX_EVENTS", "PERIOD_S", "EventCount", "Repeats", "coalesced"]

#: the most distinct events one process counts (the oldest is forgotten first)
MAX_EVENTS = 1024
#: a repeat is written at least this often while the event goes on (seconds)
PERIOD_S = 60.0
#: the fields a peer varies at no cost, left out of an event's identity
_VARYING = frozenset({"id", "size", "ts", "seq", "repeat", "first_seq", "final"})
_DIGITS = re.compile(r"\d+")


def coalesced(rec: Mapping[str, Any]) -> bool:
    """Whether ``rec`` is a record a peer can repeat at will: a refused frame, a finding in a
    server notification, a server request refused, a redirect followed."""
    kind = rec.get("kind")
    if kind == "frame_refused":
        # one naming a request (an output withheld, an answer to a cancelled call) is about
        # that call, which a reader matches it to: written whole, each
        return "id" not in rec
    if kind == "content":
        return rec.get("where") == "notification"
    if kind == "server_request":  # refused: answered with an error, nothing reaches the client
        # (but a client's answer withheld, naming the request it answers, is a verdict on
        # the client's data, a secret in it: written whole, each)
        return rec.get("action") == "refuse" and "id" not in rec
    return kind == "upstream" and rec.get("event") == "redirected"


def _event(rec: Mapping[str, Any]) -> bytes:
    same = {k: v for k, v in rec.items() if k not in _VARYING}
    if isinstance(same.get("reason"), str) and same.get("event") != "redirected":
        same["reason"] = _DIGITS.sub("#", same["reason"])
    try:
        blob = orjson.dumps(same, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        # what orjson cannot write (an integer past 64 bits, a lone surrogate, a key not a
        # string), which the log writes sanitised: the record's repr, in its own order (two
        # such records of one event may differ: written whole, never fewer records)
        blob = b"\0" + repr(sorted(same.items(), key=lambda kv: str(kv[0]))).encode(
            "utf-8", "surrogatepass"
        )
    return hashlib.sha256(blob).digest()[:16]


class _Count:
    __slots__ = ("first_seq", "last", "repeats", "told", "when")

    def __init__(self, when: float) -> None:
        self.repeats = 0  # seen again since the first
        self.told = 0  # the repeats a written record counted
        self.first_seq: Any = None
        self.last: Mapping[str, Any] = {}
        self.when = when  # the monotonic time of the event's last written record


class Repeats:
    """Writes records through ``write`` (:meth:`cordon.audit.log.AuditLog.write`), the
    :func:`coalesced` ones coalesced."""

    def __init__(
        self, write: Callable[[Mapping[str, Any]], Any], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._write = write
        self._clock = clock
        self._events: dict[bytes, _Count] = {}

    def write(self, rec: Mapping[str, Any]) -> None:
        """Write ``rec``, or count it (a repeat between the ones written). Raises what
        ``write`` raises."""
        if not coalesced(rec):
            self._write(rec)
            return
        key, now = _event(rec), self._clock()
        count = self._events.get(key)
        if count is None:
            if len(self._events) >= MAX_EVENTS:
                self._forget()
            count = self._events[key] = _Count(now)
            out = self._write(rec)
            count.first_seq = out.get("seq") if isinstance(out, dict) else None
            return
        count.repeats += 1
        count.last = rec
        n = count.repeats
        if n & (n - 1) == 0 or now - count.when >= PERIOD_S:
            self._write({**rec, "repeat": n, "first_seq": count.first_seq})
            count.told, count.when = n, now

    def _forget(self) -> None:
        """Forget the oldest event, writing its untold repeats first."""
        key = next(iter(self._events))
        self._final(self._events.pop(key))

    def _final(self, count: _Count) -> None:
        if count.repeats > count.told:
            rec = {**count.last, "repeat": count.repeats, "first_seq": count.first_seq}
            self._write({**rec, "final": True})
            count.told = count.repeats

    def flush(self) -> None:
        """Write each event's last repeat not yet written, with its count. Raises what
        ``write`` raises (the events not written yet stay to flush again)."""
        for count in self._events.values():
            self._final(count)


class EventCount:
    """Reading a log back: how many events each record stands for, so a reader that counts
    (``cordon report``, ``cordon audit show``) counts the events, not the coalesced records.

    A record without ``repeat`` (and a ``listing`` record, whose ``repeat`` counts a tools/list
    set seen again, audit/listing.py) is one event. A repeat record (``repeat`` N of the event
    first written at ``first_seq``) adds the repeats no earlier record of that event counted:
    over the whole log an event counts 1 + its ``final`` count when present, else 1 + the
    largest ``repeat`` seen (a process killed before its flush). Records read out of order
    or twice add nothing. ``seq`` runs across the chain, so ``first_seq`` names one event;
    a record missing it is keyed by its event's identity instead.
    """

    __slots__ = ("_counted",)

    def __init__(self) -> None:
        self._counted: dict[Any, int] = {}  # event -> the repeats already counted

    def weight(self, rec: Mapping[str, Any]) -> int:
        """The events ``rec`` adds to a count (0 for a repeat already counted)."""
        n = rec.get("repeat")
        if rec.get("kind") == "listing" or not isinstance(n, int) or isinstance(n, bool):
            return 1
        first = rec.get("first_seq")
        key = first if isinstance(first, int) and not isinstance(first, bool) else _event(rec)
        before = self._counted.get(key, 0)
        if n <= before:
            return 0
        self._counted[key] = n
        return n - before
