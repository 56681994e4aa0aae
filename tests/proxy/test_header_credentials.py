"""The credentials a remote server's header carries (:func:`cordon.urlcreds.header_credentials`):
the value, the token after a scheme, and a ``Basic`` header's decoded password (RFC 7617)."""

from __future__ import annotations

import base64

from cordon.urlcreds import header_credentials, server_credentials


def _basic(text: str) -> str:
    return "Basic " + base64.b64encode(text.encode()).decode()


def test_a_basic_header_gives_its_user_password_and_password() -> None:
    value = _basic("alice:Tr0ub4dor-horse-staple")
    assert header_credentials(value) == [
        value,
        value.split()[1],
        "alice:Tr0ub4dor-horse-staple",
        "Tr0ub4dor-horse-staple",
    ]
    # a key as the user name, the password empty (Stripe's form); a password with a colon
    assert header_credentials(_basic("sk_test_key:"))[2:] == ["sk_test_key:", "sk_test_key"]
    assert header_credentials(_basic("u:p:q"))[3:] == ["p:q"]
    unpadded = _basic("bob:hunter2-horse").rstrip("=")
    assert header_credentials(unpadded)[-1] == "hunter2-horse"


def test_other_headers_are_read_as_before() -> None:
    assert header_credentials("Bearer abc.def") == ["Bearer abc.def", "abc.def"]
    assert header_credentials("plain-key") == ["plain-key"]
    assert header_credentials("Basic not*base64") == ["Basic not*base64", "not*base64"]


def test_a_basic_header_a_lenient_server_reads_gives_its_password() -> None:
    """Node's ``basic-auth`` (``Buffer.from(x, "base64")``) reads the URL-safe alphabet too;
    RFC 7617 leaves the charset to the server, and ISO-8859-1 is the common one: a header
    in either form is accepted there, so its password is cordon's credential all the same."""
    urlsafe = "Basic " + base64.urlsafe_b64encode(b"carol:-pass>>word??-horse").decode()
    assert "-" in urlsafe and "_" in urlsafe
    assert header_credentials(urlsafe)[-1] == "-pass>>word??-horse"
    latin = "Basic " + base64.b64encode(b"dave:p\xe4ssw\xf6rd-horse-staple").decode()
    assert header_credentials(latin)[-1] == "p\u00e4ssw\u00f6rd-horse-staple"


def test_server_credentials_add_the_urls_keys() -> None:
    got = server_credentials([_basic("a:pw-123456789")], "https://h.example/mcp?api_key=k-1234")
    assert got[-1] == "k-1234" and "pw-123456789" in got
