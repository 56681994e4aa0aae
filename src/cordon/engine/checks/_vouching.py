"""Who vouches for a destination: the user's text, a directory listing, a member's spelling.

Read-only questions about a :class:`cordon.engine.core.Session`, shared by the checks that
clear destinations (``taint``, ``links``, ``vouched``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cordon.engine import args as _args
from cordon.engine import provenance as _prov
from cordon.engine.checks._spelling import encodes_lookalike
from cordon.taint import Destination

if TYPE_CHECKING:
    from cordon.engine.core import Session


def user_named(s: Session, dest: Destination, plain: bool = False) -> bool:
    """True when the user's trusted text names ``dest``; ``plain``: ``dest`` is spelled
    without look-alike characters (:func:`_spelling.plain_keys`), and a look-alike spelling
    in the text does not name it (``ops@хор.ru`` typed does not name ``ops@xop.ru``)."""
    if plain:
        index, words = s.trusted_plain, s.trusted_plain_words
    else:
        index, words = s.trusted, s.trusted_words
    return dest.key in words or index.lookup(dest, sink_is_url=dest.kind == "url") == "tainted"


def spelled(s: Session, value: Any, server: str) -> tuple[bool, bool]:
    """Whether ``value``'s spelling lets (the user's text, a directory listing) vouch for
    it: always, unless a string in it has look-alike characters or a punycode label
    (:func:`provenance.lookalike_free`), which then must appear spelled exactly so in the
    user's text / in the server's directory items. Vouching compares skeletons, so
    without this ``bob@pаypal.com`` (Cyrillic ``а``) would pass as the user's
    ``bob@paypal.com``."""
    by_user = by_directory = True
    for leaf in _args.leaves(value):
        if not isinstance(leaf, str) or _prov.lookalike_free(leaf) and not encodes_lookalike(leaf):
            continue
        exact = _prov.strict(leaf)
        by_user = by_user and exact in s._trusted_strict()
        by_directory = by_directory and exact in s.directory_spelled.get(server, ())
    return by_user, by_directory


def listed(s: Session, server: str, key: str, plain: bool) -> bool:
    """Whether a directory of ``server`` lists ``key``; ``plain``: for a destination a
    plain string gives, which an item spelled with look-alike characters does not vouch."""
    if plain and server in s.directory_plain:
        return key in s.directory_plain[server]
    return key in s.directory.get(server, ())


def written(s: Session, value: Any, server: str) -> bool:
    """Whether every string in ``value`` (at least one) is, whole and in this exact
    spelling, a link or address written in a ``directory_text_fields`` field of
    ``server``'s output. A list mixing such a value with any other is not: its destinations
    are gated one by one, so a member's ``x.example/a`` cannot carry an ``x.example/a?d=...``
    beside it (both have one key)."""
    by_member = s.text_spelled.get(server)
    if not by_member:
        return False
    # a string or a list of strings only: a number or an object beside a member's
    # address is a destination of its own
    leaves = [value] if isinstance(value, str) else value
    if not isinstance(leaves, list | tuple) or not leaves:
        return False
    for leaf in leaves:
        if not isinstance(leaf, str):
            return False
        plain = _prov.plain_spelling(leaf)
        if plain not in by_member:
            return False
    return True
