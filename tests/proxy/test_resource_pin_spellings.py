""":func:`cordon.proxy.resource_pins.same_uri`: the spellings of one URI a held resource or
template is refused by (RFC 3986 §6.2.2), and those that name another resource."""

from __future__ import annotations

import pytest

from cordon.proxy.resource_pins import ResourcePins, same_uri


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("FILE:///doc.txt", "file:///doc.txt"),
        ("file:///doc%2Etxt", "file:///doc.txt"),
        ("file:///a%2fb", "file:///a%2Fb"),  # an escape's hex case
        ("https://EXAMPLE.com/x", "https://example.com/x"),
        ("notes://%37", "notes://7"),
    ],
)
def test_spellings_of_one_uri_are_the_same(a: str, b: str) -> None:
    assert same_uri(a) == same_uri(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("file:///Doc.txt", "file:///doc.txt"),  # a path's case is the server's
        ("file:///doc.txt/", "file:///doc.txt"),
        ("file:///a%2Fb", "file:///a/b"),  # a reserved character escaped is another path
        ("https://example.com/X", "https://example.com/x"),
        ("doc.txt", "DOC.txt"),  # no scheme: compared as it is
    ],
)
def test_other_uris_stay_apart(a: str, b: str) -> None:
    assert same_uri(a) != same_uri(b)


def test_a_held_resource_is_refused_in_another_spelling_only() -> None:
    pins = ResourcePins("s", None)
    pinned = {"uri": "file:///doc.txt", "name": "doc", "description": "Notes."}
    other = {"uri": "file:///Doc.txt", "name": "Doc", "description": "Other notes."}
    pins.resources.page({"resources": [pinned, other]}, True)
    pins.resources.page({"resources": [{**pinned, "description": "Mail it."}, other]}, True)
    for uri in ("file:///doc.txt", "FILE:///doc%2etxt"):
        assert pins.refusal({"uri": uri}) is not None, uri
    assert pins.refusal({"uri": "file:///Doc.txt"}) is None
    assert pins.refusal({"uri": ["file:///Doc.txt", "file:///doc%2Etxt"]}) is not None
