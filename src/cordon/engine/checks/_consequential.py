"""Consequential actions the user's request must ask for, with no policy key.

``requires_request`` lets a policy or a pack say which words of the user's request ask for a
tool. Without one, a call to a tool that commits the user to something is still asked about
(``action.not_requested``) when the session has the user's request and that request does not
ask for that kind of action at all: an injected "book the Riverside View Hotel", "add this to
my calendar" or "pay this invoice" has no destination for taint to catch, only a missing
request. It applies when all of these hold:

* the session has trusted text (the library's ``new_session(trusted=[...])``, the prompts a
  client's prompt hook hands to ``cordon run``, ``cordon serve``'s ``context.trusted``).
  With none, nothing changes: a client with no prompt hook keeps the behaviour it had;
* the tool has no ``requires_request`` of its own (the policy's words win) and is not under
  ``trust_tools`` (which skips the built-in action asks);
* its server does not mark it ``readOnlyHint: true``, and its name does not start with a
  read verb (``get_calendar_events``, ``list_bookings``);
* a token of its name puts it in a family of :data:`FAMILIES` (the first that matches).

It only ever adds an ask: it never sets the ``requested`` fact, so a request that matches
answers no other ask (a payment is still asked about unless the user named its payee and
amounts; a send is still gated by taint). The words are read, not their meaning ("don't book
anything" asks for a booking): a request that asks for one kind of action lets every call of
that kind through this check, whatever its object ("book a table" lets an injected
``reserve_hotel`` through it). A pack that knows a platform writes ``requires_request`` with
the action's object instead (docs/internals.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from cordon._types import Verdict
from cordon.engine import rules
from cordon.engine.action_names import _READ_VERBS as READ_VERBS  # the action rules' own
from cordon.engine.action_names import PAYMENT_TOKENS, payment_words, split_tokens

__all__ = ["FAMILIES", "Family", "check_default", "family_of"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Family:
    """One kind of action that commits the user.

    Attributes:
        name: what the ask calls it ("a booking").
        tokens: tool-name tokens of a tool of this kind.
        request: a regular expression (case-insensitive) that a request for this kind of
            action matches: its verbs and nouns.
        why: the platform semantics that make it consequential (a line of documentation).
        not_asked: what names the action without asking for it (removed first).
    """

    name: str
    tokens: frozenset[str]
    request: re.Pattern[str]
    why: str
    #: spans of a request that name this kind of action without asking for it
    #: (:data:`_NOT_ASKED`), removed before :attr:`request` is searched
    not_asked: re.Pattern[str] | None = None


def _rx(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


#: a booking verb ("book", "booked", "reserve", "a reservation"); not "rental", "bookmark"
_BOOK = r"\bbook(?:s|ed|ing)?\b|\breserv"


#: A booking verb that asks for nothing now: the object of a reminder ("remind me to book a
#: table", "a reminder ... to book", "remind me about reserving the hotel": the user asks to
#: be reminded, so the booking is theirs to make later), or the user's own plan in the first
#: person ("I'll book a room later", "we will reserve it ourselves", "I'm looking to book a
#: hotel", "we plan to book": what the user will do, not what the agent should; a request
#: phrased so is asked about, which costs one question), one the user
#: forbids ("don't book anything", "without booking"), one already made ("I booked", "already
#: reserved") or a booking as a thing read about ("my booking", "the booking reference").
#: Grammar, not intent: "I want to book", "I'd like you to book", "please book", "make a
#: reservation", "don't forget to book" stay requests.
_NOT_ASKED = re.compile(
    r"\bremind(?:s|ed|ing|ers?)?\b[^.!?\n]{0,80}?\b(?:to|about|of|for)\s+(?:book|reserv|rent)\w*"
    r"|\b(?:I|we)(?:['’]ll|\s+will|\s+shall"
    # "I'm going to book", "I'm looking to book", "we are planning to book", "I plan to book"
    r"|(?:['’]m|\s+am|['’]re|\s+are)\s+(?:going|looking|planning|hoping|intending)\s+to"
    r"|\s+(?:plan|intend|hope)\s+to)\s+(?:book|reserv|rent)\w*"
    # a booking the user forbids: "don't book anything", "without booking", "no need to book"
    r"|\b(?:don['’]t|do\s+not|never|not\s+to|no\s+need\s+to|without)"
    r"(?:\s+(?:yet|actually|even|really))?\s+(?:book|reserv|rent)\w*"
    # one the user already made: "I booked", "we've already reserved", "already booked"
    r"|\b(?:I|we)(?:['’]ve|\s+have|\s+had|['’]d)?(?:\s+already|\s+just)?"
    r"\s+(?:booked|reserved|rented)\b|\balready\s+(?:been\s+)?(?:booked|reserved|rented)\b"
    # a booking as a thing to read about: "my booking", "the booking reference", booking.com
    r"|\b(?:my|our)\s+(?:existing\s+|current\s+|upcoming\s+|hotel\s+|car\s+)?"
    r"(?:booking|reservation|rental)s?\b"
    r"|\b(?:booking|reservation|rental)s?\s+(?:reference|number|confirmation|code|id|details?"
    r"|polic(?:y|ies)|status|history|email|receipt)\b|\bbooking\.com\b"
    # a question whether it is booked: "is my hotel booked for Friday?"
    r"|\b(?:is|are|was|were)\s+(?:my|our|the|it|this|that)\b[^.!?\n]{0,40}?"
    r"\b(?:booked|reserved|rented)\b"
    # the title of an event or a note: "an event named 'Book hotel'"
    r"|\b(?:named|titled|called)\s+([\"'“‘])[^\"'”’\n]{0,80}[\"'”’]",
    re.IGNORECASE,
)


#: The families, in the order a tool is classified (the first whose tokens its name has):
#: payments first (``schedule_transaction`` moves money), rentals before bookings
#: (``reserve_car_rental`` is asked for by "rent a car"; ``reserve_hotel`` is not), deletes
#: before calendar entries (``cancel_calendar_event`` removes one).
#:
#: Sends (send, reply, post, share) are no family: the taint gate already asks about or
#: denies every destination the user did not give, and the words that ask for a message are
#: open-ended ("remind Bob of the link", "let the team know", a request in French): tried as a
#: family, it turned 12 sends that cordon's engine tests allow into asks (and 29 asks into
#: another rule's), and cost 2 AgentDojo Slack tasks (bench/agentdojo/README.md).
FAMILIES: tuple[Family, ...] = (
    Family(
        name="a payment",
        tokens=PAYMENT_TOKENS | {"transaction", "transactions", "sendmoney"},
        request=_rx(
            r"\bpa(?:y|id|ying|yment)", r"\btransfer", r"\brefund", r"\bwire\b", r"\bmoney",
            r"\btransaction", r"\bpurchas", r"\bbuy", r"\bsell", r"\btrade", r"\bswap",
            r"\bcharge", r"\binvoice", r"\bcheckout", r"\bwithdraw", r"\bremit", r"\bsend\b",
            r"\bstanding order",
        ),
        why="moves money out of the user's account (action.payment asks too, unless the "
        "user named the payee and every amount)",
    ),
    Family(
        name="a rental",
        tokens=frozenset({"rent", "rental", "rentals"}),
        request=_rx(_BOOK, r"\brent(?:s|ed|ing)?\b"),
        why="holds a car, a flat or equipment in the user's name for a fee; any booking verb "
        "asks for one, a rental company named in passing does not",
        not_asked=_NOT_ASKED,
    ),
    Family(
        name="a booking",
        tokens=frozenset(
            {"book", "booking", "bookings", "reserve", "reservation", "reservations"}
        ),
        request=_rx(_BOOK),
        why="holds a room, a table or a seat in the user's name, often paid or with a "
        "cancellation fee; renting a car asks for no hotel room",
        not_asked=_NOT_ASKED,
    ),
    Family(
        name="a delete",
        tokens=frozenset(
            {"delete", "remove", "rm", "erase", "purge", "destroy", "trash", "unlink", "drop",
             "wipe", "cancel", "revoke", "kick", "ban", "uninstall", "unsubscribe",
             # (destructive verbs of cloud CLIs and APIs: terminate, truncate, kill, shut down, flush...)
             "terminate", "truncate", "kill", "shutdown", "flush", "rmdir", "del", "nuke"}
        ),
        request=_rx(
            r"\bdelet", r"\bremov", r"\berase", r"\bpurg", r"\bdestroy", r"\btrash",
            r"\bunlink", r"\bdrop\b", r"\bwipe", r"\bcancel", r"\brevok", r"\bkick",
            r"\bban\b", r"\buninstall", r"\bunsubscrib", r"\bclean ?up", r"\bget rid",
            r"\bterminat", r"\btruncat", r"\bkill", r"\bshut ?down", r"\bflush", r"\brmdir",
            r"\bnuke",
        ),
        why="removes or cancels something the user had: data, a member, an entry, a booking",
    ),
    Family(
        name="a calendar entry or an invitation",
        tokens=frozenset(
            {"calendar", "event", "events", "meeting", "meetings", "appointment",
             "appointments", "invite", "invitation", "invitations", "reminder", "reminders",
             "rsvp"}
        ),
        request=_rx(
            r"calendar", r"\bevents?\b", r"\bmeeting", r"\bappointment", r"\bremind",
            r"schedul", r"\binvit", r"\brsvp", r"\bagenda",
        ),
        why="puts the user's time on record, and an entry's invitations go to its "
        "participants in the user's name",
    ),
)  # fmt: skip


@lru_cache(maxsize=4096)
def family_of(tool: str) -> Family | None:
    """The family of ``tool`` by its name (None: no family's token, or a name that starts
    with a read verb, as the action rules read names: ``get_calendar_events``)."""
    ordered = split_tokens(tool)
    if not ordered or ordered[0] in READ_VERBS:
        return None
    tokens = frozenset(ordered)
    if "sendmoney" in "".join(ordered):
        return FAMILIES[0]
    # (git_checkout switches branches: the payment family reads the action rules' words)
    paying = tokens - (PAYMENT_TOKENS - payment_words(tokens))
    for family in FAMILIES:
        if paying & family.tokens:
            return family
    return None


def _asks(family: Family, text: str) -> bool:
    """``text`` asks for ``family``'s kind of action: its request words, outside the spans
    that name the action without asking for it (:attr:`Family.not_asked`)."""
    if family.not_asked is not None:
        text = family.not_asked.sub(" ", text)
    return family.request.search(text) is not None


def check_default(tool: str, *, read_only: bool, trusted_texts: Iterable[str]) -> Verdict | None:
    """An ask when ``tool`` commits the user to something (:func:`family_of`), its server
    does not mark it read-only, the session has trusted text, and none of it asks for that
    kind of action (module docstring). ``None``: no objection (no trusted text included)."""
    texts = list(trusted_texts)
    if not texts or read_only:
        return None
    family = family_of(tool)
    if family is None or any(_asks(family, t) for t in texts):
        return None
    return Verdict(
        verdict="ask",
        rule=rules.ACTION_NOT_REQUESTED,
        reason=f"'{tool}' is {family.name} and the user's request does not ask for one",
        details={"default": family.name},
    )
