"""Attacks on ``cordon run --url`` over TLS: the real SDK server (``tests/servers/
sdk_hostile.py``) served over HTTPS with a certificate of a test CA, the real ``cordon run``
in front of it, the official SDK client driving it. A certificate cordon cannot verify, or
one for another name, fails closed before any request is sent; an HTTPS server whose OAuth
metadata sends the login to a cleartext ``http://`` authorization server is refused before
any request goes there (MCP authorization: authorization server endpoints MUST be served
over HTTPS; OAuth 2.1 section 1.5)."""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from tests.conftest import ROOT, Harness, first_mcp_error, text_of

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

SERVER = ROOT / "tests" / "servers" / "sdk_hostile.py"
#: a bound on a hang, not a speed figure: cordon's start-up and a refused login took more
#: than 10 s on a loaded 2-core machine
ANSWER_S = 30


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _certs(where: Path) -> tuple[Path, Path, Path]:
    """A test CA and a server certificate it signed, for ``localhost`` only: (CA, cert, key)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "cordon test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .add_extension(
            x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost")]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    paths = (where / "ca.pem", where / "cert.pem", where / "key.pem")
    paths[0].write_bytes(ca.public_bytes(pem))
    paths[1].write_bytes(leaf.public_bytes(pem))
    paths[2].write_bytes(
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return paths


def _serve_tls(harness: Harness, port: int = 0, **env: str) -> tuple[int, Path, Path]:
    """The SDK server over HTTPS on 127.0.0.1 (certificate for ``localhost``): its port, its
    directory (``http.log``) and the CA that signed its certificate."""
    port = port or _port()
    box = harness.tmp / "box"
    box.mkdir(exist_ok=True)
    ca, cert, key = _certs(harness.tmp)
    extra = {"SDKH_PORT": str(port), "SDKH_DIR": str(box), "SDKH_CERT": str(cert)}
    extra |= {"SDKH_KEY": str(key), **env}
    proc = subprocess.Popen([sys.executable, str(SERVER)], env={**os.environ, **extra})
    harness.servers.append(proc)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return port, box, ca
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    pytest.fail("sdk_hostile.py did not start")


def _mcp_requests(box: Path) -> list[dict[str, Any]]:
    log = box / "http.log"
    return [json.loads(x) for x in log.read_text("utf-8").splitlines()] if log.exists() else []


def _params(harness: Harness, url: str, **env: str) -> Any:
    return harness.cordon([], extra=["--url", url], env={"CORDON_OAUTH_BROWSER": "0", **env})


async def test_a_verified_certificate_for_the_url_s_host_works(harness: Harness) -> None:
    """The control: the test CA trusted (``SSL_CERT_FILE``), ``https://localhost``."""
    port, box, ca = _serve_tls(harness)
    params = _params(harness, f"https://localhost:{port}/mcp", SSL_CERT_FILE=str(ca))
    async with Client(params, mode="legacy") as client:
        with anyio.fail_after(ANSWER_S):
            await client.list_tools()
            assert text_of(await client.call_tool("echo", {"text": "tls"})) == "echo: tls"


@pytest.mark.parametrize("case", ["untrusted", "other-name"])
async def test_a_certificate_cordon_cannot_verify_fails_closed(harness: Harness, case: str) -> None:
    """A self-signed chain nobody trusts, or a trusted certificate for another name (the URL
    says 127.0.0.1, the certificate only ``localhost``): the handshake is a JSON-RPC error
    naming TLS, and no HTTP request reaches the server."""
    port, box, ca = _serve_tls(harness)
    host, env = (
        ("localhost", {}) if case == "untrusted" else ("127.0.0.1", {"SSL_CERT_FILE": str(ca)})
    )
    params = _params(harness, f"https://{host}:{port}/mcp", **env)
    with anyio.fail_after(ANSWER_S):
        message = await first_mcp_error(Client(params, mode="legacy"))
    assert "tls" in message.lower() or "certificate" in message.lower(), message
    assert _mcp_requests(box) == []


class _Recorder:
    """An HTTP proxy that records every request it is asked to make and answers 404: where
    cordon's HTTP client would have gone (``HTTP_PROXY``), without leaving the machine."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.origin = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.got: list[str] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn, contextlib.suppress(OSError):
                head = conn.recv(65536).decode("latin-1")
                self.got.append(head.split("\r\n", 1)[0])
                conn.sendall(b"HTTP/1.1 404 X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


async def test_an_https_server_cannot_send_the_login_to_a_cleartext_authorization_server(
    harness: Harness,
) -> None:
    """The HTTPS server answers 401; its protected-resource metadata (fetched over HTTPS)
    names ``http://auth.attacker.example`` as the authorization server. Everything of the
    login (its metadata, the registration, the code, the PKCE verifier, the browser page
    where the user types a password) would go in clear text, to be read or rewritten by
    anyone on the path: the login is refused before any request goes there."""
    proxy = _Recorder()
    try:
        port = _port()
        url = f"https://localhost:{port}/mcp"
        # (the metadata's resource is the URL: the SDK checks that, RFC 9728 section 3.3)
        _, box, ca = _serve_tls(
            harness, port, SDKH_MODE="oauth_as", SDKH_AS="http://auth.attacker.example",
            SDKH_RESOURCE=url,
        )  # fmt: skip
        params = _params(
            harness,
            url,
            SSL_CERT_FILE=str(ca),
            HTTP_PROXY=proxy.origin,
            http_proxy=proxy.origin,
            NO_PROXY="localhost,127.0.0.1",
            no_proxy="localhost,127.0.0.1",
        )
        with anyio.fail_after(ANSWER_S):
            message = await first_mcp_error(Client(params, mode="legacy"))
    finally:
        proxy.sock.close()
    assert proxy.got == [], f"cordon went to the cleartext authorization server: {proxy.got}"
    assert "https" in message.lower() or "clear" in message.lower(), message
    assert _mcp_requests(box)  # (the server was reached: its 401 started the login)


async def test_an_authorization_page_in_clear_text_is_never_opened(harness: Harness) -> None:
    """The HTTPS server is its own authorization server (its metadata over HTTPS), but names
    ``http://auth.attacker.example/authorize`` as the page the user logs in on: the login is
    refused before a browser is sent there (the user's password would cross in clear text),
    saying why; the cleartext address is never fetched."""
    proxy = _Recorder()
    try:
        port = _port()
        url = f"https://localhost:{port}/mcp"
        _, box, ca = _serve_tls(
            harness, port, SDKH_MODE="oauth_as", SDKH_AS=f"https://localhost:{port}",
            SDKH_AUTHZ="http://auth.attacker.example/authorize", SDKH_RESOURCE=url,
        )  # fmt: skip
        params = _params(
            harness,
            url,
            SSL_CERT_FILE=str(ca),
            HTTP_PROXY=proxy.origin,
            http_proxy=proxy.origin,
            NO_PROXY="localhost,127.0.0.1",
            no_proxy="localhost,127.0.0.1",
        )
        with anyio.fail_after(ANSWER_S):
            message = await first_mcp_error(Client(params, mode="legacy"))
    finally:
        proxy.sock.close()
    assert proxy.got == []
    assert "clear text" in message, message
    assert any(r["path"] == "/register" for r in _mcp_requests(box))  # (it got that far)


async def test_authorization_server_metadata_for_another_issuer_is_refused(
    harness: Harness,
) -> None:
    """The authorization server's metadata names another issuer than the one it was fetched
    for (RFC 8414 section 3.3: a mix-up, the token endpoint and the rest chosen by someone
    else): the login stops there, nothing is registered, and the client gets an error."""
    port = _port()
    url = f"https://localhost:{port}/mcp"
    _, box, ca = _serve_tls(
        harness, port, SDKH_MODE="oauth_as", SDKH_AS=f"https://localhost:{port}",
        SDKH_AUTHZ=f"https://localhost:{port}/authorize", SDKH_RESOURCE=url,
        SDKH_ISSUER="https://issuer.attacker.example",
    )  # fmt: skip
    params = _params(harness, url, SSL_CERT_FILE=str(ca))
    with anyio.fail_after(ANSWER_S):
        message = await first_mcp_error(Client(params, mode="legacy"))
    assert "login" in message, message
    paths = [r["path"] for r in _mcp_requests(box)]
    assert "/.well-known/oauth-authorization-server" in paths
    assert "/register" not in paths and "/token" not in paths


async def test_a_redirect_from_https_to_http_is_refused(harness: Harness) -> None:
    """The HTTPS server answers 307 to the same host, port and path over ``http://``: another
    origin (its scheme), so the request is not sent again, and its credential never goes in
    clear text; the client gets an error naming the refused redirect."""
    port, box, ca = _serve_tls(harness, SDKH_MODE="redirect_http")
    url = f"https://localhost:{port}/mcp"
    params = harness.cordon(
        [],
        extra=["--url", url, "--header-env", "Authorization=RT_TOKEN"],
        env={"SSL_CERT_FILE": str(ca), "RT_TOKEN": "Bearer Vq3Nc8Lx1Tz6Rk9Pw2Hd5"},
    )
    with anyio.fail_after(ANSWER_S):
        message = await first_mcp_error(Client(params, mode="legacy"))
    assert "redirect" in message.lower() and "Vq3Nc8Lx1Tz6Rk9Pw2Hd5" not in message, message
    assert [r["method"] for r in _mcp_requests(box)] == ["POST"]
