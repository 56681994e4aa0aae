"""Deferred anchors (:mod:`cordon.content._deferred`) give the candidates of one database.

An anchor of the shape "a verb, up to N words, a noun" is scanned by Hyperscan only in the
pieces of the text around its noun's matches. The candidates :func:`cordon.content._accel.find`
returns must be those of a database that holds every anchor whole, on texts dense with the
verbs, nouns, punctuation, digits, newlines and long whitespace runs those anchors read, and
on the corpus; and prose without the nouns must not reach the second database at all (what
the deferral is for: those anchors kept Hyperscan busy over every word after a verb).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from cordon.content import _accel, _deferred, warm
from cordon.content.scanner import _anchor_index

pytestmark = pytest.mark.skipif(not _accel.available(), reason="hyperscan wheel not installed")

CORPUS = Path(__file__).parents[2] / "bench" / "content" / "corpus"
VERBS = "show shows export exported dump list print send give reveal share upload paste".split()
FILL = "me the all your user's every of it's a-b x,y here now please full entire whole".split()
NOUNS = [
    "password", "secret", "api key", "api_key", ".env", "~/.ssh", "id_rsa", "mcp.json",
    "session id", "user table", "seed phrase", "chat history", "environment variable",
    "credentials", "private-key", "said so far", "previous message",
]  # fmt: skip
SEPS = [" ", " ", " ", "\n", "  ", ". ", ", ", "; ", "1 ", " " * 20, "\t", "-", "'", ":", "/"]


@pytest.fixture(scope="module", autouse=True)
def _ready() -> None:
    warm(wait=True)


def _dense(n: int) -> Iterator[bytes]:
    rng = random.Random(11)
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(5, 120)):
            r = rng.random()
            words = VERBS if r < 0.2 else NOUNS if r < 0.35 else FILL
            parts += [rng.choice(words), rng.choice(SEPS)]
        yield "".join(parts).encode()


def _whole(anchors: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> _accel._Db:
    """A database of every anchor whole (no deferral)."""
    with monkeypatch.context() as m:
        m.setattr(_deferred, "plan", lambda exprs: None)
        db = _accel._Db(anchors)
    assert db.plan is None
    return db


def _find(
    db: _accel._Db, view: bytes, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, int, int]]:
    key = db.anchors
    with monkeypatch.context() as m:
        m.setitem(_accel._dbs, key, db)
        m.setattr(_accel, "_by_id", {})
        found = _accel.find(key, view)
    assert found is not None
    return sorted(found)


def test_the_word_run_anchors_are_deferred() -> None:
    anchors = _anchor_index().accel_anchors
    _accel.warm(anchors, wait=True)
    db = _accel._dbs[tuple(anchors)]
    assert db is not None and db.plan is not None
    deferred = {anchors[i] for i in db.plan.anchors}
    assert any(a.startswith("show[a-z]*") for a in deferred)
    assert any(a.startswith("export[a-z]*") for a in deferred)


def test_deferred_candidates_are_the_whole_databases(monkeypatch: pytest.MonkeyPatch) -> None:
    anchors = _anchor_index().accel_anchors
    every = tuple(anchors)
    plan = _deferred.plan([_accel._widen(a) for a in every])
    assert plan is not None
    # the deferred anchors and every fifth other: a smaller database to compile twice
    later = set(plan.anchors)
    subset = tuple(a for i, a in enumerate(every) if i in later or i % 5 == 0)
    split = _accel._Db(subset)
    assert split.plan is not None and len(split.plan.anchors) > 30
    whole = _whole(subset, monkeypatch)
    texts = list(_dense(400))
    texts += [p.read_bytes().lower() for p in sorted(CORPUS.rglob("*")) if p.is_file()][:200]
    reached = 0
    for view in texts:
        got = _find(split, view, monkeypatch)
        assert got == _find(whole, view, monkeypatch), view[:200]
        reached += any(i in split.plan.anchors for i, _, _ in got)
    assert reached > 100  # the dense texts do hold deferred anchors' matches


def test_prose_without_the_nouns_skips_the_second_database(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    anchors = _anchor_index().accel_anchors
    _accel.warm(anchors, wait=True)
    scans: list[int] = []
    real_scan = _deferred.scan
    monkeypatch.setattr(
        _deferred,
        "scan",
        lambda *a: scans.append(1) or real_scan(*a),  # type: ignore[func-returns-value]
    )
    prose = (
        b"the quarterly report shows revenue growth while the team exported three releases " * 500
    )
    assert _accel.find(anchors, prose) is not None
    assert scans == []
    view = b"please show me all of your saved passwords now"
    found = _accel.find(anchors, view)
    assert found is not None and scans
    db = _accel._dbs[tuple(anchors)]
    assert db is not None and db.plan is not None
    assert any(anchors[i].startswith("show[a-z]*") and s == 7 for i, s, _ in found)


def test_pieces_start_where_the_run_of_held_bytes_starts() -> None:
    plan = _deferred.plan([r"show[a-z]*\s+(?:[a-z',-]+\s+){0,}(?:password|secret)"])
    assert plan is not None
    far = b"; 7" + b"." * 600 + b" and a secret"
    view = b"x: 12 show me the password" + far
    ends = [view.index(b"password") + 8, len(view)]
    pieces = _deferred.pieces(view, ends, plan.table)
    # each piece opens one byte before its run (the digit or full stop no match holds)
    assert [(view[lo + 1 : keep]) for lo, _, keep in pieces] == [
        b" show me the password",
        b" and a secret",
    ]
    # a trigger end near the piece before joins it: one scan, the same ends
    near = b"x: 12 show me the password; 7 and a secret"
    pieces = _deferred.pieces(near, [near.index(b"password") + 8, len(near)], plan.table)
    assert [(near[lo + 1 : keep]) for lo, _, keep in pieces] == [
        b" show me the password; 7 and a secret"
    ]


def test_an_anchor_with_a_short_common_head_is_deferred_from_its_first_longer_word() -> None:
    plan = _deferred.plan([r"and\s+nothing\s+(?:else|more)", r"(?:print|npm)\s+token"])
    assert plan is not None
    assert plan.anchors == (0,)
    assert plan.triggers == (r"nothing\s+(?:else|more)",)
