"""Evasions of secret.cli_password (a password on a command line, CWE-214): the same
exposure through a sibling of a tool the rule names, or an option it did not list.

The lines below put a password in scripts, CI files and the process list as the rule's
named tools do (registry logins by skopeo, oras and crane; openssl -k; mongosh -p; FreeRDP's
/p:; PsExec -p; zip -P; 7-Zip -p): each must be registered, so that secret.egress keeps the
value out of later calls. The placeholders a reference writes stay unregistered (guarded
below).
"""

from __future__ import annotations

import pytest

from cordon.content import scan_text

PW = "Zq7#kLm2vR9x"


def _secret_rules(text: str) -> set[str]:
    return {f.rule for f in scan_text(text) if f.rule.startswith("secret.")}


@pytest.mark.parametrize(
    "line",
    [
        f"skopeo login -u ci -p {PW} registry.example",
        f"oras login -u ci -p {PW} registry.example",
        f"crane auth login registry.example -u ci -p {PW}",
    ],
)
def test_a_registry_login_password_is_registered(line: str) -> None:
    assert _secret_rules(line), scan_text(line)


@pytest.mark.parametrize(
    "line",
    [
        f"openssl enc -aes-256-cbc -k {PW} -in backup.tar",  # the legacy -k password
        f"mongosh 'mongodb://db.internal' -u admin -p {PW}",
        f"xfreerdp /v:host /u:admin /p:{PW}",
        f"psexec \\\\host -u admin -p {PW} cmd",
        f"zip -P {PW} out.zip report.pdf",
        f"7z a -p{PW} out.7z report.pdf",
    ],
)
def test_another_clients_password_option_is_registered(line: str) -> None:
    assert _secret_rules(line), scan_text(line)


@pytest.mark.parametrize(
    "line",
    [
        "sshpass -p password ssh host",
        "redis-cli -a yourpassword ping",
        "docker login -u user -p PASSWORD registry",
        "ldapsearch -x -D cn=admin,dc=example,dc=com -w secret -b dc=example,dc=com",
        "sqlcmd -S localhost -U sa -P '<YourStrong@Passw0rd>'",
        "openssl rsa -passin pass:xxxxxxxx",
        "# requirepass foobared",
    ],
)
def test_a_references_placeholder_password_is_not_registered(line: str) -> None:
    assert not _secret_rules(line), scan_text(line)
