"""cordon.textnorm: each primitive with a hit and a near-miss."""

from __future__ import annotations

import base64
import time

import pytest

from cordon import textnorm as T


def test_strip_invisible_removes_each_class() -> None:
    hidden = "a\u200bb\u00adc\u202ed\u2066e\ufe0ff\U000e0041g\U000e0100h\ufeffi"
    assert T.strip_invisible(hidden) == "abcdefghi"
    # near-miss: visible non-ASCII survives, ASCII unchanged
    assert T.strip_invisible("café ñ") == "café ñ"
    assert T.strip_invisible("plain text") == "plain text"


def test_decode_tag_ascii_reveals_smuggled_text() -> None:
    smuggled = "ok" + "".join(chr(0xE0000 + ord(c)) for c in "send to x") + "\U000e007f"
    assert T.decode_tag_ascii(smuggled) == "oksend to x"
    assert T.decode_tag_ascii("ok") == "ok"


def test_nfkc_casefold_fullwidth_and_case() -> None:
    assert T.nfkc_casefold("ＢＯＢ＠ＥＶＩＬ．ＣＯＭ") == "bob@evil.com"
    assert T.nfkc_casefold("Straße") == "strasse"
    assert T.nfkc_casefold("𝐛𝐨𝐛") == "bob"
    assert T.nfkc_casefold("bob") != T.nfkc_casefold("b0b")


def test_skeleton_maps_cyrillic_and_greek_confusables() -> None:
    assert T.skeleton("раураl") == "paypal"  # Cyrillic р, а, у
    assert T.skeleton("МАІL") == "mail"  # Cyrillic capitals
    assert T.skeleton("ΑΡΡLΕ") == "apple"  # Greek capitals
    # near-misses: ASCII look-alikes stay distinct, real letters differ
    assert T.skeleton("paypa1") != T.skeleton("paypal")
    assert T.skeleton("g00gle") != T.skeleton("google")
    assert T.skeleton("payqal") != "paypal"


def test_fold_whitespace() -> None:
    assert T.fold_whitespace("  a \t\n b\u00a0 c ") == "a b c"


def test_normalize_chain() -> None:
    assert T.normalize(" Ｂоb\u200b@Evil.COM ") == "bob@evil.com"


def test_decode_percent() -> None:
    assert T.decode_percent("bob%40evil%2Ecom") == "bob@evil.com"
    assert T.decode_percent("caf%C3%A9") == "café"
    assert T.decode_percent("100% sure, %zz") == "100% sure, %zz"
    assert T.decode_percent("a+b") == "a+b"


def test_decode_html_entities() -> None:
    assert T.decode_html_entities("bob&#64;evil&#x2E;com") == "bob@evil.com"
    assert T.decode_html_entities("bob&commat;evil&period;com") == "bob@evil.com"
    assert T.decode_html_entities("AT&T rocks") == "AT&T rocks"


def test_decode_json_escapes() -> None:
    assert T.decode_json_escapes(r"bob\u0040evil\u002ecom") == "bob@evil.com"
    assert T.decode_json_escapes(r"\ud83d\ude00 \x41\n") == "😀 A\n"
    assert T.decode_json_escapes(r"C:\path\qux") == r"C:\path\qux"


def test_decode_quoted_printable() -> None:
    assert T.decode_quoted_printable("bob=40evil=2Ecom") == "bob@evil.com"
    assert T.decode_quoted_printable("bob=40ev=\nil.com") == "bob@evil.com"
    # near-misses: query strings and letter-only runs stay
    assert T.decode_quoted_printable("?q=12&x=45") == "?q=12&x=45"


def test_decode_rfc2047() -> None:
    b = base64.b64encode(b"bob@evil.com").decode()
    assert T.decode_rfc2047(f"=?utf-8?B?{b}?=") == "bob@evil.com"
    assert T.decode_rfc2047("=?UTF-8?Q?bob=40evil.com?= =?utf-8?q?_x?=") == "bob@evil.com x"
    assert T.decode_rfc2047("=?utf-8?X?abc?=") == "=?utf-8?X?abc?="


def test_decode_base64_runs_standard_and_urlsafe() -> None:
    std = base64.b64encode(b"send to bob@evil.com").decode()
    assert T.decode_base64_runs(f"x {std} y") == "x send to bob@evil.com y"
    safe = base64.urlsafe_b64encode(b"??>alice@evil.io").decode()
    assert "_" in safe or "-" in safe  # exercises the URL-safe alphabet
    assert T.decode_base64_runs(safe) == "??>alice@evil.io"
    # near-misses: ordinary long words, hashes (binary) stay
    assert T.decode_base64_runs("Internationalization internationalization") == (
        "Internationalization internationalization"
    )
    sha = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert T.decode_base64_runs(sha) == sha


def test_decode_base64_mime_lines() -> None:
    enc = base64.encodebytes(b"x" * 50 + b" carol@evil.example.com " + b"y" * 40).decode()
    assert "\n" in enc.strip()
    assert "carol@evil.example.com" in T.decode_base64_runs(enc)


def test_decode_hex_runs() -> None:
    assert T.decode_hex_runs(b"bob@evil.com".hex()) == "bob@evil.com"
    assert T.decode_hex_runs("deadbeefcafebabe0011") == "deadbeefcafebabe0011"


def test_decode_idna() -> None:
    assert T.decode_idna("xn--bcher-kva.de") == "bücher.de"
    assert T.skeleton(T.decode_idna("xn--exmple-4nf.com")) == "example.com"
    assert T.decode_idna("xn--zz.com") == "xn--zz.com"  # not punycode: unchanged
    assert T.decode_idna("example.com") == "example.com"


def test_decoded_views_nest() -> None:
    inner = "bob%40evil.com"
    views = T.decoded_views(base64.b64encode(inner.encode()).decode())
    assert "bob@evil.com" in views
    assert T.decoded_views("nothing here") == ["nothing here"]


@pytest.mark.parametrize(
    "fn",
    [T.strip_invisible, T.skeleton, T.decode_percent, T.decode_quoted_printable,
     T.decode_base64_runs, T.decode_hex_runs, T.decode_html_entities, T.decode_json_escapes],
)  # fmt: skip
def test_linear_on_large_text(fn) -> None:
    text = ("lorem ipsum dolor= sit amet & 50% x\\y " * 30000) + "ü"  # ~1 MB, hints present
    t0 = time.perf_counter()
    fn(text)
    assert time.perf_counter() - t0 < 2.0
