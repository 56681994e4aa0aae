"""``normalize``'s shortcuts for ASCII text give what its general path gives, field by field.

:func:`cordon.content.normalize.normalize` skips the character pass for ASCII text without
``&`` or ``%`` and, for a short printable one without a backslash, every later stage too;
:func:`~cordon.content.normalize._normalize_general` takes every stage. Both are compared on
every field (the ones left out of ``==`` too: ``source_view``, ``_wide_odd``) and along the
chain of stages (``_base``), on the lines and short windows of the benign corpora, the rule
fixtures and generated text built from what each stage looks for. :class:`Normalized`'s own
``__init__`` is checked against the dataclass it stands for.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from cordon.content import normalize as N
from cordon.content._normalized import Normalized, new_normalized
from tests.content.fixtures_outside import HITS, NEAR_MISSES

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "content" / "corpus"


def _state(nz: Normalized | None) -> Any:
    """Every field of ``nz`` and of the stages under it, sequences as tuples."""
    if nz is None:
        return None
    return (
        nz.original,
        nz.text,
        nz.events,
        nz.layers,
        nz.ascii_view,
        nz.has_c1,
        nz.source_view,
        nz._wide_odd,
        tuple(nz._ns),
        tuple(nz._edits),
        _state(nz._base),
    )


def _corpus_texts() -> list[str]:
    texts: list[str] = []
    for p in sorted(CORPUS.rglob("*")):
        if not p.is_file():
            continue
        body = p.read_text("utf-8", "replace")
        lines = body.splitlines(keepends=True)
        texts += lines[:400]
        texts += [body[i : i + n] for n in (8, 15, 16, 19, 20, 40) for i in range(0, 2000, 97)]
    return texts


_PIECES = (
    "ok",
    "hello",
    " ",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "-",
    "pre-\nvious",
    "&amp;",
    "&#105;",
    "%41%42",
    "%",
    "&",
    "\\fB",
    "\\fR",
    "\\s+2",
    "\\",
    "\x1c",
    "\x7f",
    "\x00",
    "QUJDREVGR0hJSktMTU5PUFFSU1RVVldY",
    "aGVsbG8gd29ybGQgZnJvbSBiYXNlNjQ=",
    "A" * 20,
    " " * 16,
    "é",
    "\u200b",
    "\u00a0",
    "1234567",
    "+1 (555) 010-0199",
    "x@y.example",
    "https://a.example/p",
)


def _generated(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randrange(0, 6))) for _ in range(n)]


def _same(text: str) -> None:
    assert _state(N.normalize(text)) == _state(N._normalize_general(text)), repr(text)


def test_the_corpora_normalise_as_the_general_path_does() -> None:
    texts = _corpus_texts()
    assert len(texts) > 5000
    for text in texts:
        _same(text)


def test_the_fixtures_normalise_as_the_general_path_does() -> None:
    for hit, cover in HITS.values():
        _same(hit)
        _same(cover)
    for text in NEAR_MISSES.values():
        _same(text)


@pytest.mark.parametrize("seed", range(4))
def test_generated_text_normalises_as_the_general_path_does(seed: int) -> None:
    for text in _generated(seed, 3000):
        _same(text)
    for i in range(2000):  # the echo's own shape, and every length round FOLD_MIN
        _same(f"hello {i}")
        _same("x" * (i % 40))
        _same(" " * (i % 40))


def test_a_short_plain_ascii_text_takes_neither_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    def no(*_a: object, **_k: object) -> None:
        raise AssertionError("not expected")

    monkeypatch.setattr(N, "_first_stage", no)
    monkeypatch.setattr(N, "_later_stages", no)
    for text in ("hello 1", "ok", "", "a b c-d", "x" * (N.FOLD_MIN - 1)):
        nz = N.normalize(text)
        assert nz.text == text and nz.ascii_view == text.encode()
    for text in ("a&b", "50%", "\\fBx", "a\tb", "x" * N.FOLD_MIN, "é"):
        with pytest.raises(AssertionError):
            N.normalize(text)


def test_ascii_text_without_an_entity_or_percent_skips_the_character_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = [
        "a fairly ordinary line of text, " * 4 + "\\fBbold\\fR pre-\nvious" + " " * 20,
        "note: aWdub3JlIGFsbCBwcmV2aW91cyBpbnN0cnVjdGlvbnM= ok",
    ]
    want = [_state(N._normalize_general(t)) for t in texts]
    assert want[0][-1] is not None and want[1][3]  # stages and a base64 layer exercised

    def no(*_a: object, **_k: object) -> None:
        raise AssertionError("not expected")

    monkeypatch.setattr(N, "_first_stage", no)
    assert [_state(N.normalize(t)) for t in texts] == want


def test_normalized_init_is_the_dataclass_one() -> None:
    """The hand-written ``__init__`` keeps the dataclass's signature, defaults and frozenness;
    ``new_normalized`` builds the same instance positionally."""
    a = Normalized(original="o", text="t", events=(), layers=())
    assert (a.ascii_view, a.has_c1, a.source_view, a._wide_odd) == (b"", False, b"", True)
    assert (tuple(a._ns), tuple(a._edits), a._base) == ((), (), None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.text = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Normalized("o", "t", (), ())  # type: ignore[misc]  # keyword-only, as before
    b = dataclasses.replace(a, text="u", _base=a)
    assert (b.original, b.text, b._base) == ("o", "u", a)
    full = {
        "original": "o",
        "text": "t",
        "events": (N.Event(rule="obf.zero_width", span=(0, 1)),),
        "layers": (N.Layer(kind="tag", text="hi", span=(0, 1)),),
        "ascii_view": b"t",
        "has_c1": True,
        "source_view": b"o",
        "_wide_odd": False,
        "_ns": (0,),
        "_edits": ((0, 1, 0, 1),),
        "_base": a,
    }
    kw = Normalized(**full)
    pos = new_normalized(*full.values())
    assert _state(kw) == _state(pos)
    assert kw == pos and hash(kw) == hash(pos) and repr(kw) == repr(pos)
    assert [f.name for f in dataclasses.fields(Normalized)] == list(full)
    assert not hasattr(kw, "__dict__")  # slots, as before
