"""A workspace's own listings of its channels and members, with no policy key.

A server that sends to a channel or a member (a sink parameter named ``channel``,
``channel_id``, ``user``, ``member``...) and lists them through a tool it marks
``readOnlyHint: true`` (``get_channels``, ``list_users``, ``get_users_in_channel``,
``list_channel_members``) hands cordon the platform's own namespace: on a workspace platform
(Slack, Mattermost, Teams, a Discord guild) channels are created and members invited by the
workspace's own members and admins, so a name spelled exactly as that listing gave it, whole,
names something inside the workspace. Such a name in the matching sink parameter of the
same server is not asked about as an outside destination (``taint.unverified_destination``)
nor denied as one seen in output: the listing is where it was seen.

What it does not cover, and why (docs/threat-model.md, "Listings as a namespace"):

* only the nouns :data:`NOUNS` (channels, users, members). Chats, rooms, conversations,
  contacts and threads are namespaces anyone enters by writing to the user (a Telegram or
  WhatsApp chat list, an address book filled from mail), so their listings vouch nothing;
* only a sink parameter whose name has the listing's noun (``channel`` for ``get_channels``);
  a channel listing vouches no user, a user listing no channel;
* only names: a listed item that reads as an e-mail address, a URL, a host or a phone number
  (:data:`NAME_KINDS`) is outside the namespace and stays a destination like any other;
* only the name fields of records: when a listing gives records (JSON objects, YAML
  mappings), only strings under :data:`NAME_FIELDS` are items, not a channel's topic or
  purpose, a member's status or title, or a last message, which any member or guest writes;
* only whole items spelled exactly as listed (:func:`cordon.engine.provenance.strict`: case,
  NFKC and invisible characters aside), of at most 64 characters and four words: a channel
  *named* with an injection vouches nothing, and a name inside a message body is not an item;
* not a tool the policy or a pack describes (``directory``, ``directory_fields`` or
  ``exfiltrating: true`` on the listing): the explicit entry decides.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

import yaml

from cordon.engine.action_names import split_tokens
from cordon.engine.provenance._documents import _MAX_YAML, _documents, _yaml_nodes, _yaml_root
from cordon.engine.provenance._text import _URL_HINT, strict
from cordon.engine.provenance.directory import directory_items

__all__ = [
    "NAME_FIELDS",
    "NAME_KINDS",
    "NOUNS",
    "listing_items",
    "listing_noun",
    "namespace_items",
    "param_nouns",
]

#: the plural a listing's name ends its object with -> the noun a sink parameter carries
NOUNS: dict[str, str] = {"channels": "channel", "users": "user", "members": "member"}
#: destination kinds a namespace names (:class:`cordon.taint.Destination`): not addresses
NAME_KINDS = frozenset({"other", "channel"})

#: the record keys whose strings are a listed channel's or member's name (or id); a record's
#: other fields (topic, purpose, status, title, last message) are text its members write
NAME_FIELDS = frozenset(
    {
        *("name", "id", "channel", "channels", "channel_id", "channel_name"),
        *("user", "users", "user_id", "user_name", "username", "member", "members"),
        *("member_id", "display_name", "real_name", "handle", "login"),
    }
)

_LIST_VERBS = frozenset({"get", "list"})
#: words that end a listing's object ("users in channel", "members of team")
_STOP = frozenset({"in", "of", "for", "by", "from", "with", "on", "at"})
_MAX_ITEM = 64
_MAX_WORDS = 4


@lru_cache(maxsize=4096)
def listing_noun(tool: str) -> str | None:
    """The noun whose namespace ``tool`` lists, by its name: a list verb (``get``, ``list``)
    first or after one prefix token (``slack_list_channels``), then an object whose last word
    before a preposition is a plural of :data:`NOUNS` (``get_users_in_channel``: ``user``;
    ``list_channel_members``: ``member``). ``None``: not such a listing (``get_user_profile``
    names one user, ``get_channel_history`` reads messages)."""
    tokens = split_tokens(tool)
    for i in (0, 1):
        if i < len(tokens) and tokens[i] in _LIST_VERBS:
            obj: list[str] = []
            for t in tokens[i + 1 :]:
                if t in _STOP:
                    break
                obj.append(t)
            return NOUNS.get(obj[-1]) if obj else None
    return None


@lru_cache(maxsize=4096)
def param_nouns(param: str) -> frozenset[str]:
    """The namespace nouns a sink parameter's name carries (``channel_id``: ``channel``;
    ``opts.user``: ``user``), from its last path segment."""
    last = param.rsplit(".", 1)[-1].split("[", 1)[0]
    return frozenset(split_tokens(last)) & frozenset(NOUNS.values())


def namespace_items(items: Iterable[str]) -> set[str]:
    """The exact spellings (:func:`strict`) of the name-shaped whole items of a listing: at
    most 64 characters and four words, no ``@`` and nothing that reads as a link."""
    out: set[str] = set()
    for item in items:
        if len(item) > _MAX_ITEM or len(item.split()) > _MAX_WORDS:
            continue
        if "@" in item or _URL_HINT.search(item):
            continue
        s = strict(item)
        if s:
            out.add(s)
    return out


def listing_items(result: Any) -> Iterator[str]:
    """The whole items of a listing's ``result``: when any of its documents holds records
    (a JSON object, a YAML mapping), only the strings under :data:`NAME_FIELDS` of records
    (:func:`directory_items` with those fields; plain text gives nothing then), else every
    whole item (a list of names)."""
    fields = NAME_FIELDS if _has_records(result) else None
    return directory_items(result, fields)


def _has_records(result: Any) -> bool:
    """Some document of ``result`` is or holds a mapping (JSON object, YAML mapping)."""
    for parsed, text in _documents(result):
        if text is None:
            if _holds_mapping(parsed):
                return True
        elif len(text) <= _MAX_YAML:
            root = _yaml_root(text)
            if root is not None and any(isinstance(n, yaml.MappingNode) for n in _yaml_nodes(root)):
                return True
    return False


def _holds_mapping(value: Any) -> bool:
    """``value`` (parsed JSON) is or holds, at any depth, an object."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            return True
        if isinstance(v, list):
            stack.extend(v)
    return False
