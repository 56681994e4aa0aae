"""Who vouches for a destination: the user's text, a directory listing.

Read-only questions about a :class:`cordon.engine.core.Session`, shared by the checks that
clear destinations (``taint``, ``links``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cordon.engine import args as _args
from cordon.engine import provenance as _prov
from cordon.engine.checks._spelling import encodes_lookalike, spellings
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
    if dest.key in words:
        return True
    # (an index of no text names nothing: the usual session before the user's text arrives)
    return not index.empty and index.lookup(dest, sink_is_url=dest.kind == "url") == "tainted"


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


#: (by the user's text, by a directory): a spelling either may vouch for
ANY = (True, True)


def leaf_spellings(
    s: Session, server: str, texts: list[str]
) -> tuple[list[str], list[str], bool, tuple[bool, bool], bool]:
    """Of a sink argument's strings (:func:`~cordon.engine.checks._spelling.spellings` of
    each): those with look-alike characters, the others; whether one may fold (``may_fold``);
    whether the user's text and a directory may vouch for their spelling (:func:`spelled`);
    and, of a lone string, whether no decoder changes it (``one_view``)."""
    odd_leaves: list[str] = []
    plain_leaves: list[str] = []
    may_fold = False
    by_user = by_directory = True
    one_view = False
    for x in texts:
        odd_x, vouchable, folds, one_view = spellings(x)
        (odd_leaves if odd_x else plain_leaves).append(x)
        may_fold = may_fold or folds
        if not vouchable:
            exact = _prov.strict(x)
            by_user = by_user and exact in s._trusted_strict()
            by_directory = by_directory and exact in s.directory_spelled.get(server, ())
    return odd_leaves, plain_leaves, may_fold, (by_user, by_directory), one_view
