"""A client's nested answer (an elicitation form's content, a sampling result with nested
objects) read for secrets: the verdicts the secret checks' shortcuts must keep.

The shortcuts (a short string whose only view is itself, below the session's shortest secret
form, is not matched; DLP tests a call's short strings a group at a time; the hex run pass is
skipped for a text without 12 hex digits in a row) change the time a decision takes, never
what it decides: a credential split across two fields of one object is refused, and one split
across distant objects is read as before (refused when registered, found in pieces; a format
nobody registered is not pieced together from strings that are not side by side).

Every credential here is built at run time from pieces, so no literal in this file looks like a
live secret."""

from __future__ import annotations

import base64
import copy
import random
import unicodedata
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest

from cordon import textnorm
from cordon.decider import Decider
from cordon.engine import dlp
from cordon.engine.core import Engine
from cordon.engine.dlp import Detector, Hit, default_detector, joined_views, string_leaves
from cordon.engine.secrets import SecretSet, check_secrets
from cordon.engine.walk import walk
from cordon.proxy.work import SessionWork

SECRET = "Zq8vR2mK9pL4" + "xW7nTT3bQ5sJ"
AWS_ID = "AKIA" + "Q7RBNS3T5VX2ZC4M"
_WORDS = "north river open closed review budget draft note owner team alpha beta".split()


def _form(objects: int = 200, seed: int = 1) -> dict[str, Any]:
    """An answer of ``objects`` objects of five short fields, in groups of 10, four deep."""
    rng = random.Random(seed)

    def field() -> str:
        return f"{rng.choice(_WORDS)} {rng.randint(0, 9999)}"

    groups = [
        {
            "id": f"g{g}",
            "items": [
                {k: field() for k in ("name", "kind", "state", "owner", "note")} for _ in range(10)
            ],
        }
        for g in range(objects // 10)
    ]
    return {"result": {"action": "accept", "content": {"groups": groups}}}


def _split(value: str, *, distant: bool, reverse: bool = False) -> dict[str, Any]:
    """The form with ``value``'s halves in two sibling fields of one object, or in two
    objects of different groups (``reverse``: the second half first)."""
    a, b = value[: len(value) // 2], value[len(value) // 2 :]
    if reverse:
        a, b = b, a
    doc = copy.deepcopy(_form())
    groups = doc["result"]["content"]["groups"]
    if distant:
        groups[2]["items"][1]["name"], groups[15]["items"][8]["note"] = a, b
    else:
        groups[7]["items"][3]["name"], groups[7]["items"][3]["kind"] = a, b
    return doc


def _work(*secrets: str) -> SessionWork:
    engine = Engine.from_policy([{"version": 1}], secrets=list(secrets))
    session = engine.new_session()
    return SessionWork(
        engine=engine, session=session, server="mail", decider=Decider(session, server="mail")
    )


@pytest.mark.parametrize("reverse", [False, True])
def test_a_registered_secret_split_across_sibling_fields_is_refused(reverse: bool) -> None:
    v = _work(SECRET).check_answer(_split(SECRET, distant=False, reverse=reverse))
    assert v is not None and v.verdict == "deny"
    assert v.rule == "secret.egress"
    assert v.details["encoding"] == "joined"


@pytest.mark.parametrize("reverse", [False, True])
def test_a_registered_secret_split_across_distant_objects_is_refused(reverse: bool) -> None:
    """As before: the halves are found in pieces in the values joined (forward or reversed),
    with other fields between them."""
    v = _work(SECRET).check_answer(_split(SECRET, distant=True, reverse=reverse))
    assert v is not None and v.verdict == "deny"
    assert v.rule == "secret.egress"
    assert v.details["encoding"] == "joined"


@pytest.mark.parametrize("reverse", [False, True])
def test_a_format_split_across_sibling_fields_is_refused(reverse: bool) -> None:
    """An AWS key id nobody registered, its halves side by side in one of the joined views."""
    for work in (_work(), _work(SECRET)):
        v = work.check_answer(_split(AWS_ID, distant=False, reverse=reverse))
        assert v is not None and v.verdict == "deny"
        assert v.rule == "secret.pattern"
        assert v.details["encoding"] == "joined"


@pytest.mark.parametrize("reverse", [False, True])
def test_a_format_split_across_distant_objects_reads_as_before(reverse: bool) -> None:
    """Not pieced together: a format is matched in the views where its halves meet, and
    distant fields of a large answer never do (joining every pair is for a few short values);
    a registered secret's pieces are (above)."""
    assert _work().check_answer(_split(AWS_ID, distant=True, reverse=reverse)) is None


def test_a_short_secret_in_a_short_field_is_still_refused() -> None:
    """The session's shortest form bounds the short strings skipped: an 8-character secret
    makes every string of 8 or more characters read, encoded or not."""
    short = "Kx7Qm2Lr"
    work = _work(SECRET, short)
    for carried in (short, short[::-1], urllib.parse.quote(short, safe=""), f"({short})"):
        doc = copy.deepcopy(_form())
        doc["result"]["content"]["groups"][4]["items"][6]["state"] = carried
        v = work.check_answer(doc)
        assert v is not None and v.rule == "secret.egress", carried
    assert work.check_answer(_form()) is None


def test_a_short_field_that_decodes_to_a_secret_is_refused() -> None:
    """A string shorter than every form but with a decoder hint is read through its views:
    a JSON escape of a character that NFKC expands (U+FDFA: 18 characters) is 6."""
    secret = unicodedata.normalize("NFKC", "\ufdfa")
    s = SecretSet()
    s.add(secret)
    doc = {"a": {"b": "\\ufdfa", "c": "x"}}
    v = check_secrets(doc, s, sending=True)
    assert v is not None and v.rule == "secret.egress"


# -- the shortcuts against the full reading, on generated documents -------------------------

_PIECES = [
    SECRET[:6], SECRET[6:12], SECRET[12:], "Kx7Q", "m2Lr", AWS_ID[:8], AWS_ID[8:], "AKIA",
    "PRIVATE", " KEY", "PuTTY-", "User-Key", "%4B", "%78", "&#75;", "\\u004b", "=", "xn--",
    "0123456789ab", "deadbeef", "4b78", "37516d", "H4sI", "eJ", "S3g3UW0yTHI=", "a", "Z",
    "north", " ", "-", "_", "/", "+", "\n", "é", "\u200b", "ｘ", "1", "22", "333",
]  # fmt: skip


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 4)))


def _doc(rng: random.Random, width: int, pieces: float = 1.0) -> Any:
    """A nested document of ``width`` objects of short strings, keys from the pieces too;
    each string made of pieces with probability ``pieces``, else a word and a number."""

    def text() -> str:
        return _text(rng) if rng.random() < pieces else f"{rng.choice(_WORDS)} {rng.randint(0, 99)}"

    items = [
        {(_text(rng) or "k") if rng.random() < 0.2 * pieces else f"f{j}": text() for j in range(5)}
        for _ in range(width)
    ]
    return {"result": {"content": {"rows": items, "note": _text(rng)}}}


def _full_hits(det: Detector, arguments: Any) -> Iterator[tuple[Hit, str]]:
    """:meth:`Detector.hits` without its quiet tests: every string, every joined view."""
    for path, text in string_leaves(arguments, keys=True):
        for hit in det.find_text(text):
            yield hit, path
    for joined in joined_views(arguments):
        for hit in det.find_text(joined):
            if hit.encoding == "plain":
                hit = Hit(hit.kind, hit.secret_type, hit.value, "joined")
            yield hit, ""


@pytest.mark.parametrize("seed", range(3))
def test_dlp_hits_of_large_nested_documents_are_the_full_reading(seed: int) -> None:
    """Over the one-test bound (``_QUIET_MAX_CHARS``): the strings tested a group at a time."""
    det = default_detector()
    rng = random.Random(seed)
    for _ in range(12):
        doc = _doc(rng, rng.choice((20, 450)), rng.choice((1.0, 0.05, 0.005)))
        want = list(_full_hits(det, doc))
        assert list(det.hits(doc, walk(doc))) == want
        assert list(det.hits(doc)) == want


@pytest.mark.parametrize("seed", range(2))
def test_quiet_marks_only_mark_quiet_strings(seed: int) -> None:
    rng = random.Random(50 + seed)
    for _ in range(300):
        texts = [_text(rng) for _ in range(rng.randint(0, 400))]
        for text, quiet in zip(texts, dlp._quiet_marks(texts), strict=True):
            if quiet:
                assert dlp._quiet(text), text


def _unfloored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SecretSet, "_floor", lambda self: 0)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("registered", [(SECRET, AWS_ID), (SECRET, "Kx7Qm2Lr", AWS_ID)])
def test_the_short_string_floor_changes_no_verdict(
    seed: int, registered: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check_secrets`` with the floor (20, then 8) and with every string matched, on
    generated nested documents carrying secrets' pieces, encodings and compressed-run
    headers."""
    rng = random.Random(200 + seed)
    s = SecretSet()
    for value in registered:
        s.add(value)
    docs = [_doc(rng, rng.choice((3, 30, 120))) for _ in range(120)]
    docs += [{"a": {"b": _text(rng), "c": [_text(rng), _text(rng)]}} for _ in range(400)]
    got = [check_secrets(d, s, sending=True) for d in docs]
    assert any(v is not None for v in got) and any(v is None for v in got)
    _unfloored(monkeypatch)
    assert [check_secrets(d, s, sending=True) for d in docs] == got


def test_the_floor_is_the_shortest_form_at_most_a_compressed_run() -> None:
    s = SecretSet()
    s.add("Kx7Qm2Lr9Z" * 4)
    assert s._floor() == 24  # (a compressed run's minimum: the secret is longer)
    s.add("Kx7Qm2Lr")
    assert s._floor() == 8
    compressed = base64.b64encode(b"x\x9c" + b"\x00" * 10).decode()
    assert len(compressed) < 24  # (no stream that short is read)


@pytest.mark.parametrize("seed", range(2))
def test_the_hex_run_decoder_skips_only_texts_without_twelve_hex_digits(seed: int) -> None:
    rng = random.Random(300 + seed)
    hexes = ["4b78", "37516d", "6a", "0123456789", "abcdef", "ABCDEF", "\n", "\r\n", "g", " "]
    for _ in range(20_000):
        text = "".join(rng.choice(hexes + _PIECES) for _ in range(rng.randint(0, 12)))
        want = textnorm._replace_runs(text, want_b64=False, want_hex=True)
        assert textnorm.decode_hex_runs(text) == want, text


@pytest.mark.parametrize("seed", range(2))
def test_text_leaves_are_the_string_leaves_with_and_without_keys(seed: int) -> None:
    """``check_secrets`` reads the strings, keys and values of one visit: the same as the
    two walks it replaced (lists, tuples, nested objects, non-string keys and leaves, integers
    as their digits)."""
    rng = random.Random(400 + seed)
    for _ in range(300):
        doc = _doc(rng, rng.randint(0, 6), rng.random())
        doc["extra"] = (_text(rng), [1, None, {2: _text(rng), "": ""}], {"t": (_text(rng),)})
        texts, values = dlp.text_leaves(doc)
        assert texts == list(string_leaves(doc, keys=True, numbers=True))
        assert values == [s for _, s in string_leaves(doc, numbers=True) if s]
