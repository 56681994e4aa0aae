"""Three data-flow rules about where a call's values came from, beyond destination taint.

* **Requested actions** (rule ``action.not_requested``, an ask): a tool whose policy entry
  has ``requires_request`` (regular expressions, case-insensitive) runs without a question
  only when the session's trusted text (the user's own request, given to
  :meth:`cordon.Engine.new_session` as ``trusted``, or handed to ``cordon run`` by the
  client's prompt hook) matches one of them. An injected "reserve the Riverside View Hotel"
  or "add an event to the calendar" has no destination for taint to catch; what it lacks is
  the user asking for that kind of action. With no trusted text at all (a client without a
  prompt hook) such a tool is always asked about: fail closed.
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
* :mod:`.directory`: ``directory`` and ``directory_fields`` items and their keys;
* :mod:`.links`: links forwarded inside message text;
* :mod:`.namespace`: a workspace's own listings of its channels and members, with no key;
* :mod:`.repos`: an ``owner/repo`` pair the user named, for a call's ``owner`` and ``repo``;
* :mod:`._text` and :mod:`._documents`: the text primitives and result documents they share.
"""

from __future__ import annotations

from cordon.engine.provenance._text import has_words, lookalike_free, strict
from cordon.engine.provenance.directory import (
    directory_items,
    directory_keys,
    item_keys,
    left_out_items,
)
from cordon.engine.provenance.links import forwarded_links, may_link
from cordon.engine.provenance.namespace import (
    NAME_KINDS,
    listing_noun,
    namespace_items,
    param_nouns,
)
from cordon.engine.provenance.repos import call_repo_pair, repo_pairs
from cordon.engine.provenance.requests import check_requested

__all__ = [
    "left_out_items",
    "NAME_KINDS",
    "call_repo_pair",
    "check_requested",
    "directory_items",
    "directory_keys",
    "forwarded_links",
    "has_words",
    "item_keys",
    "listing_noun",
    "lookalike_free",
    "may_link",
    "namespace_items",
    "param_nouns",
    "repo_pairs",
    "strict",
]
