"""Three data-flow rules about where a call's values came from, beyond destination taint.

* **Requested actions** (rule ``action.not_requested``, an ask): a tool whose policy entry
  has ``requires_request`` (regular expressions, case-insensitive) runs without a question
  only when the session's trusted text (the user's own request, given to
  :meth:`cordon.Engine.new_session` as ``trusted``) matches one of them. An injected "reserve
  the Riverside View Hotel" or "add an event to the calendar" has no destination for taint to
  catch; what it lacks is the user asking for that kind of action. With no trusted text at
  all (the stdio proxy sees no prompt) such a tool is always asked about: fail closed.
* **Directory tools** (``directory: true``): the whole items a directory tool lists (Slack
  channels and members, an address book's entries) vouch for those names as destinations,
  like the user's own text does. An item is a whole JSON string leaf or a whole line of text
  (a ``- `` list bullet, quotes and a ``key:`` prefix removed); a name that only occurs
  *inside* a longer text (an e-mail body, a message) is not vouched.
* **Forwarded links** (rule ``taint.forwarded_link``, an ask): a sending call whose message
  text (any argument that is not a destination) carries a URL first seen in untrusted output,
  which the user's text does not vouch for. Taint already stops sending *to* such an address;
  this stops sending *it* to someone the user trusts (a phishing link relayed to a colleague,
  AgentDojo slack injection task 1).

The rules live in one module per concern, and every name is importable from here:

* :mod:`.requests`: ``requires_request``;
* :mod:`.sources`: the e-mail addresses a text holds, however written;
* :mod:`.directory`: ``directory`` and ``directory_fields`` items and their keys;
* :mod:`.owned`: ``owned_fields`` share lists;
* :mod:`.text_fields`: ``directory_text_fields`` spellings and what a call sends out;
* :mod:`.links`: links forwarded inside message text;
* :mod:`.private`: ``private_values`` identifiers;
* :mod:`.names`: ``vouched_params`` and ``vouched_names``;
* :mod:`._text` and :mod:`._documents`: the text primitives and result documents they share.
"""

from __future__ import annotations

from cordon.engine.provenance._text import has_words, lookalike_free, strict
from cordon.engine.provenance.directory import directory_items, directory_keys, item_keys
from cordon.engine.provenance.links import forwarded_links
from cordon.engine.provenance.names import check_vouched, unvouched_names
from cordon.engine.provenance.owned import named_values, owned_field_items
from cordon.engine.provenance.private import compact_view, private_forms, private_ids
from cordon.engine.provenance.requests import check_requested
from cordon.engine.provenance.sources import address_core, source_addresses
from cordon.engine.provenance.text_fields import (
    plain_spelling,
    sent_spelling_keys,
    spelling_keys,
    text_field_strings,
    unwritten_link_keys,
    written_destinations,
)

__all__ = [
    "address_core",
    "owned_field_items",
    "named_values",
    "check_requested",
    "check_vouched",
    "compact_view",
    "directory_items",
    "directory_keys",
    "sent_spelling_keys",
    "spelling_keys",
    "unwritten_link_keys",
    "written_destinations",
    "item_keys",
    "private_forms",
    "private_ids",
    "source_addresses",
    "unvouched_names",
    "forwarded_links",
    "has_words",
    "lookalike_free",
    "plain_spelling",
    "strict",
    "text_field_strings",
]
