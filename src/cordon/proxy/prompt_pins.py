"""Prompt pinning: a prompt rug pull is caught as a tool rug pull is.

A server's prompts (``prompts/list``) are what a client shows its user in a prompt picker
and what fills the model's context when one is chosen (``prompts/get``). A server that lists
a harmless prompt and later changes its description or arguments (after the user trusted
it) is the rug pull of tool pinning (:mod:`cordon.engine.pins`), on another surface.

Each prompt is pinned as first listed, and the first complete ``prompts/list`` of a session
closes the baseline (or the prompts the pin file holds for the server: trust on first use
across restarts). A later listing's prompt whose pinned fields
(:data:`cordon.engine.pins.PROMPT_FIELDS`) differ, or one not in the closed baseline, is
hidden from the list the client gets, audited (``kind: pin``, rule
``pin.prompt_changed``), kept in the pin file for ``cordon pin accept``, and a
``prompts/get`` of it is refused before it reaches the server. So is a ``prompts/get`` of a
name the pins do not hold. What a ``prompts/get`` returns is not pinned (its messages depend
on the arguments); it is scanned as all server output is.

The same holds for resource templates and listed resources (:class:`ListPins` over a
:class:`cordon.engine.pins.Surface`; :mod:`cordon.proxy.resource_pins`).

Touched only by jobs of the decision queue (a ``prompts/list`` result's scan, a
``prompts/get`` decision), in the order their frames arrived.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cordon._types import Verdict
from cordon.engine.pins import PROMPTS, Surface, field_digests
from cordon.store.pins import PARTIAL_WRITES, accept_command

if TYPE_CHECKING:
    from cordon.engine.core import Session
    from cordon.store.pins import PinFile

__all__ = ["MAX_HIDDEN_PROMPTS", "MAX_PROMPTS", "MAX_PROMPT_RECORDS", "ListPins", "PromptPins"]

#: the most prompt names (template URIs, resource URIs) pinned per server and session (a listing is bounded by the frame
#: cap, a paging without end is not): a name past them is held as one not pinned
MAX_PROMPTS = 4096
#: the most hidden prompts one process names in the audit, a record each: a server listing
#: ever-new names wrote one record a name without end; past them a record counts the hidden
#: prompts left unnamed at the 1st, 2nd, 4th ... one (each is hidden and refused all the same)
MAX_PROMPT_RECORDS = 1024
#: the most names not pinned one process holds hidden (name -> why) and keeps pending for
#: ``cordon pin accept``, as hidden tool names are bounded (audit/listing.py's ``MAX_TOLD``):
#: a server listing ever-new names grew both without end. Past it a new name is hidden and
#: its ``prompts/get`` refused all the same (fail closed: :meth:`PromptPins.refusal`), only
#: counted in the audit and not kept pending. A pinned name's change (at most
#: :data:`MAX_PROMPTS` of them) is always held.
MAX_HIDDEN_PROMPTS = 16_384


class ListPins:
    """The pinned definitions of one surface (prompts, resource templates, resources) of one
    server for one session.

    Args:
        server: the logical server name (``--name``), the pin file's key.
        pin_file: persisted pins, or None (the baseline is this session's first listing).
        surface: what is pinned (:data:`cordon.engine.pins.PROMPTS` ...).
    """

    def __init__(self, server: str, pin_file: PinFile | None, surface: Surface = PROMPTS) -> None:
        self.server = server
        self.pin_file = pin_file
        self.surface = surface
        stored = pin_file.listed_pins(server, surface) if pin_file is not None else None
        #: key -> pinned definition: the pin file's, else each key as first listed
        self.pinned: dict[str, dict[str, Any]] = stored or {}
        #: whether the baseline is whole (the pin file's, or a listing's last page seen):
        #: from then on a key not in it is held, not pinned (:attr:`Surface.hold_new`). Pins
        #: the file holds from a listing never seen to its end are compared, not whole
        self.complete = stored is not None and not (
            pin_file is not None and pin_file.partial(server, surface.section)
        )
        #: whether the pin file holds pins of this surface (its pending ones are kept then)
        self.stored = stored is not None
        self.writes = 0  # pages this process wrote before their listing ended
        #: key -> why it is hidden (its latest listed definition is not the pinned one)
        self.hidden: dict[str, str] = {}
        self.records: list[dict[str, Any]] = []  # audit records not yet taken
        self.problems: list[str] = []  # lines for stderr not yet taken
        self.told = False  # the `cordon pin accept` hint goes to stderr once
        self.named = 0  # hidden definitions a record named
        self.unnamed = 0  # hidden definitions past them, counted
        #: a key past :data:`MAX_HIDDEN_PROMPTS` was hidden without being held: from then on
        #: a request for any key not pinned is refused, baseline complete or not
        self.spent = False
        self.pending: list[dict[str, Any]] = []  # a page's definitions for `cordon pin accept`
        self.fresh = False  # a key was pinned and the pin file not written since

    def listed(self, result: dict[str, Any], session: Session) -> dict[str, Any]:
        """:meth:`page` for a listing result (final when it has no ``nextCursor``); what it
        hides is recorded in ``session`` as untrusted output all the same."""
        shown = self.page(result, not result.get("nextCursor"))
        if shown is not result:
            session.observe_untrusted(result)
        return shown

    def page(self, result: dict[str, Any], final: bool) -> dict[str, Any]:
        """One listing page: the result the client may see (``result`` itself when nothing
        is hidden). ``final``: the page has no ``nextCursor``.

        A key is pinned the first time it is listed, page by page: a server whose listing
        never ends (a ``nextCursor`` on every page) or a client that reads only the first
        page still gets each definition compared with its first one, in this process and
        after a restart: each page that pins a key is written to the pin file (marked
        partial until a listing's last page). The last page completes the baseline, after
        which a new key is held (resources: pinned as first listed). At most
        :data:`MAX_PROMPTS` keys are pinned; one past them is held (resources too: a
        server's 4,097th resource would otherwise change between starts unseen)."""
        items = result.get(self.surface.items)
        if not isinstance(items, list):
            return result
        shown = [p for p in items if not isinstance(p, dict) or self._compare(p)]
        closes = final and not self.complete
        write = self.fresh and (final or self.writes < PARTIAL_WRITES)
        if self.pin_file is not None and (write or (closes and self.surface.hold_new)):
            # each page that pins a key is written (the first PARTIAL_WRITES, then the last),
            # so a listing that never ends still has its keys compared after a restart
            # (``partial`` until a listing's last page)
            partial = self.surface.hold_new and not (self.complete or final)
            keep, self.stored = self.stored, True
            self.pin_file.store_listed(
                self.server, self.surface, self.pinned, keep=keep, partial=partial
            )
            self.fresh, self.writes = False, self.writes + (not final)
        self.complete = self.complete or final
        if self.pending and self.pin_file is not None:  # (one write a page, not one an item)
            self.pin_file.record_pending_listed(self.server, self.surface, self.pending)
        self.pending = []
        return result if len(shown) == len(items) else {**result, self.surface.items: shown}

    def _compare(self, item: dict[str, Any]) -> bool:
        """Whether ``item`` is the pinned one (or is pinned now); else it is hidden, audited
        and kept pending."""
        surface = self.surface
        name = str(item.get(surface.key))
        old = self.pinned.get(name)
        new = not self.complete or not surface.hold_new
        if old is None and new and len(self.pinned) < MAX_PROMPTS:
            self.pinned[name] = old = surface.canonical(item)
            self.fresh = True
        if old is not None and old == surface.canonical(item):
            self.hidden.pop(name, None)
            return True
        if old is None:
            why = f"{surface.kind} {name!r} is not in the pinned {surface.listing}"
            if not surface.hold_new:  # a new resource past the bound: held, as it cannot be
                why = f"{surface.kind} {name!r} is past the {MAX_PROMPTS} pinned"  # pinned
            details: dict[str, Any] = {}
        else:
            fields = surface.changed(old, item)
            why = f"{surface.kind} {name!r} changed since it was pinned ({', '.join(fields)})"
            digests = field_digests(old, item, fields, prompt=False, surface=surface)
            details = {"changed_fields": fields, "changed": digests}
        if old is None and name not in self.hidden and len(self.hidden) >= MAX_HIDDEN_PROMPTS:
            self.spent = True  # (hidden, not held: refusal fails closed on keys not pinned)
            self._record(name, why, details)
            return False
        if self.hidden.get(name) != why:
            self._record(name, why, details)
        self.hidden[name] = why
        if self.pin_file is not None:
            self.pending.append(item)
        if not self.told:
            self.told = True
            self.problems.append(
                f"{surface.kind} {name!r} is hidden: {why}; review and re-approve it with "
                f"`{accept_command(self.server, self.pin_file)}` in a terminal"
            )
        return False

    def _record(self, name: str, why: str, details: dict[str, Any]) -> None:
        """The audit record of a definition hidden anew: named, or past
        :data:`MAX_PROMPT_RECORDS` counted."""
        rule, label = self.surface.rule, self.surface.label
        if self.named < MAX_PROMPT_RECORDS:
            self.named += 1
            rec = {"kind": "pin", label: name, "rule": rule, "reason": why}
            self.records.append({**rec, "details": details} if details else rec)
            return
        self.unnamed += 1
        if self.unnamed & (self.unnamed - 1) == 0:
            kind = self.surface.kind
            why = f"{self.unnamed} more {kind}(s) hidden, not named (the audit names {self.named})"
            rec = {"kind": "pin", "rule": rule, "reason": why}
            self.records.append({**rec, "unnamed": self.unnamed})

    def held(self, name: str) -> str | None:
        """Why the definition ``name`` is held (hidden, or not in a closed baseline), or None."""
        why = self.hidden.get(name)
        closed = self.surface.hold_new and (self.complete or self.spent)
        if why is None and closed and name not in self.pinned:
            why = f"{self.surface.kind} {name!r} is not in the pinned {self.surface.listing}"
        return why

    def refusal(self, values: dict[str, Any]) -> Verdict | None:
        """Why a ``prompts/get`` of ``values["name"]`` is refused, or None."""
        why = self.held(str(values.get("name")))
        return None if why is None else self.verdict(why)

    def verdict(self, why: str) -> Verdict:
        """The refusal of a request for a held definition, ``why``."""
        return Verdict(
            verdict="deny",
            rule=self.surface.rule,
            reason=f"{why}; review it with `{accept_command(self.server, self.pin_file)}`",
        )

    def take(self) -> tuple[list[dict[str, Any]], list[str]]:
        """The audit records and stderr lines since the last call."""
        out = (self.records, self.problems)
        self.records, self.problems = [], []
        return out


#: the prompts of one server (the class's first name)
PromptPins = ListPins
