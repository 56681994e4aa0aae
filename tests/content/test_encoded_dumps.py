"""Credentials in hex dumps and wrapped base32, as the tools that print them lay them out
(:mod:`cordon.content._encoded`). A dump's text column shows the bytes too, but 16 a line
with control bytes as dots: a key longer than that is whole in no line, and was neither
masked nor registered. Each layout here is byte for byte what its tool prints (checked
against ``xxd``, ``hexdump``, ``od``, ``base32`` from coreutils and util-linux)."""

from __future__ import annotations

import base64
import hashlib

import pytest

from cordon.content import find_secrets, scan_text

_KEY = "ghp_Q8w3Ez7Rt5Yu1Io9Pa4Sd6Fg2Hj0Kl8m4242"
_REQUEST = (
    f"GET /api HTTP/1.1\r\nHost: api.github.com\r\nAuthorization: Bearer {_KEY}\r\n\r\n"
).encode()


def _text_column(chunk: bytes) -> str:
    return "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in chunk)


def xxd(data: bytes, group: int = 2) -> str:
    """``xxd`` (``-g1``: one byte a group): offset, 16 bytes in groups, the text column."""
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off : off + 16]
        groups = " ".join(chunk[i : i + group].hex() for i in range(0, len(chunk), group))
        width = 16 * 2 + 16 // group - 1
        lines.append(f"{off:08x}: {groups:<{width}}  {_text_column(chunk)}")
    return "\n".join(lines) + "\n"


def hexdump_c(data: bytes) -> str:
    """``hexdump -C``: two spaces after the offset and between the two halves, ``|text|``."""
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off : off + 16]
        left = " ".join(f"{b:02x}" for b in chunk[:8])
        right = " ".join(f"{b:02x}" for b in chunk[8:])
        hexes = f"{left:<23}  {right:<23}"
        lines.append(f"{off:08x}  {hexes}  |{_text_column(chunk)}|")
    return "\n".join(lines) + f"\n{len(data):08x}\n"


def od_x1z(data: bytes) -> str:
    """``od -A x -t x1z``: a 6-digit offset, one space before each byte, ``>text<``."""
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off : off + 16]
        hexes = "".join(f" {b:02x}" for b in chunk)
        lines.append(f"{off:06x}{hexes:<48}  >{_text_column(chunk)}<")
    return "\n".join(lines) + f"\n{len(data):06x}\n"


def tcpdump_x(data: bytes) -> str:
    """``tcpdump -X``: a tab, ``0x`` and a 4-digit offset, 2-byte groups, the text column."""
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off : off + 16]
        groups = " ".join(chunk[i : i + 2].hex() for i in range(0, len(chunk), 2))
        lines.append(f"\t0x{off:04x}:  {groups:<39}  {_text_column(chunk)}")
    return "\n".join(lines) + "\n"


def openssl_colons(data: bytes) -> str:
    """``openssl x509 -text`` / ``openssl pkey -text``: 15 bytes a line, colon-separated,
    indented, every line but the last ending in a colon."""
    rows = [data[i : i + 15] for i in range(0, len(data), 15)]
    return "\n".join(
        "    " + ":".join(f"{b:02x}" for b in row) + (":" if k < len(rows) - 1 else "")
        for k, row in enumerate(rows)
    )


def spaced(data: bytes) -> str:
    """Python's ``bytes.hex(" ")``, Wireshark's "Copy as Hex" one line."""
    return data.hex(" ")


def test_the_layouts_are_what_the_tools_print() -> None:
    """A spot check of the builders against the tools' documented first line."""
    assert xxd(_REQUEST).startswith("00000000: 4745 5420 2f61 7069 2048 5454 502f 312e  GET /api")
    assert hexdump_c(_REQUEST).startswith(
        "00000000  47 45 54 20 2f 61 70 69  20 48 54 54 50 2f 31 2e  |GET /api HTTP/1.|"
    )
    assert od_x1z(_REQUEST).startswith("000000 47 45 54 20 2f 61 70 69 20 48 54 54 50 2f 31 2e  >")


@pytest.mark.parametrize(
    "dump",
    [
        pytest.param(xxd(_REQUEST), id="xxd"),
        pytest.param(xxd(_REQUEST, 1), id="xxd-g1"),
        pytest.param(hexdump_c(_REQUEST), id="hexdump-C"),
        pytest.param(od_x1z(_REQUEST), id="od-x1z"),
        pytest.param(tcpdump_x(_REQUEST), id="tcpdump-X"),
        pytest.param(openssl_colons(_REQUEST), id="openssl-colons"),
        pytest.param(spaced(_REQUEST), id="spaced-pairs"),
        pytest.param(spaced(_REQUEST).replace(" ", ":"), id="colon-pairs"),
    ],
)
def test_a_key_in_a_hex_dump_is_found(dump: str) -> None:
    text = f"$ dump request.bin\n{dump}\n$ \n"
    assert _KEY in find_secrets(text)
    assert [f for f in scan_text(text) if f.category == "secrets"]


def test_base32_wrapped_as_coreutils_prints_it_is_found() -> None:
    """``base32`` (GNU coreutils) wraps its output at 76 columns, like ``base64``."""
    enc = base64.b32encode(_REQUEST).decode()
    wrapped = "\n".join(enc[i : i + 76] for i in range(0, len(enc), 76))
    assert "\n" in wrapped
    assert _KEY in find_secrets(f"$ base32 request.txt\n{wrapped}\n")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(xxd(hashlib.sha512(b"x").digest() * 4), id="xxd-of-random-bytes"),
        pytest.param(
            openssl_colons(hashlib.sha512(b"m").digest() * 4) + "\n", id="openssl-modulus"
        ),
        pytest.param(hexdump_c(b"just an ordinary sentence about nothing\n" * 3), id="plain"),
        pytest.param("MAC 00:1a:2b:3c:4d:5e and de ad be ef ca fe\n", id="short-runs"),
        pytest.param(
            "\n".join(["ABCDEFGHIJKLMNOPQRSTUVWXYZ234567ABCDEF"] * 3) + "\n", id="b32-of-no-text"
        ),
    ],
)
def test_dumps_of_no_credential_find_none(text: str) -> None:
    assert find_secrets(text) == []
    assert [f for f in scan_text(text) if f.category == "secrets"] == []


@pytest.mark.xfail(
    strict=True,
    reason="raw DEFLATE in base64 (no zlib or gzip header: SAML 2.0 HTTP-Redirect binding, "
    "section 3.4.4.1) is not inflated: with no header to gate on, every base64 run would "
    "be tried as a stream",
)
def test_raw_deflate_in_base64_is_found() -> None:
    import zlib

    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    blob = base64.b64encode(co.compress(_REQUEST) + co.flush()).decode()
    assert _KEY in find_secrets(f"SAMLRequest={blob}\n")
