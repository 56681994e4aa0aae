"""A password read from a tool's configuration file or a script stays out of a memory
server's graph, as a ``.env`` line's does: the file's text is masked on the way in (warn
mode) and the password, registered as seen, may not go out in a later call
(``secret.egress``). The formats: NuGet.Config, FileZilla's site manager, scripts calling
sshpass, the MySQL client with a quoted password, redis-cli, ldapsearch, docker login,
openssl and smbclient, redis.conf and rclone.conf (tests/content/test_tool_credentials.py
has each rule's hits and near misses)."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from cordon.engine import rules
from cordon.engine.core import Engine

PW = "Rk4mWq9z" + "Lp2Xv7Tn"
META = "Rk4m;Wq9z|" + "Lp2&Xv7<Tn>"

#: file name and text holding the password, each in its own program's syntax
_FILES: dict[str, tuple[str, str, str]] = {
    "nuget": (
        "NuGet.Config",
        "<configuration><packageSourceCredentials><Contoso>"
        '<add key="Username" value="ci@contoso.com" />'
        f'<add key="ClearTextPassword" value="{PW}" />'
        "</Contoso></packageSourceCredentials></configuration>\n",
        PW,
    ),
    "filezilla": (
        "sitemanager.xml",
        "<FileZilla3><Servers><Server><Host>ftp.example.org</Host><Port>21</Port>"
        f"<User>bob</User><Pass>{PW}</Pass></Server></Servers></FileZilla3>\n",
        PW,
    ),
    "filezilla_base64": (
        "recentservers.xml",
        "<RecentServers><Server><Host>ftp.example.org</Host><User>bob</User>"
        f'<Pass encoding="base64">{base64.b64encode(PW.encode()).decode()}</Pass>'
        "</Server></RecentServers>\n",
        PW,
    ),
    "sshpass": ("deploy.sh", f"#!/bin/sh\nsshpass -p '{PW}' ssh deploy@web1 ./restart\n", PW),
    "mysql_meta": ("backup.sh", f"#!/bin/sh\nmysqldump -uroot -p'{META}' app > a.sql\n", META),
    "redis_cli": ("check.sh", f"redis-cli -h cache1 -a {PW} ping\n", PW),
    "ldapsearch": ("ldap.sh", f"ldapsearch -x -D cn=admin,dc=ex -w {PW} -b dc=ex\n", PW),
    "docker_login": ("ci.sh", f"docker login -u ci -p {PW} registry.example.org\n", PW),
    "openssl": ("enc.sh", f"openssl enc -aes-256-cbc -in a -out b -pass pass:{PW}\n", PW),
    "smbclient": ("mount.sh", f"smbclient //fs1/share -U bob%{PW} -c ls\n", PW),
    "redis_conf": ("redis.conf", f"port 6379\nrequirepass {PW}\n", PW),
    "rclone_conf": ("rclone.conf", f"[nas]\ntype = sftp\nuser = bob\npass = {PW}\n", PW),
}


def _session() -> Any:
    engine = Engine.from_policy([{"version": 1}], secrets=[])
    engine.pin_tools(
        [{"name": "read_text_file", "inputSchema": {"type": "object"}}], server="files"
    )
    engine.pin_tools(
        [{"name": "create_entities", "inputSchema": {"type": "object"}}], server="memory"
    )
    return engine.new_session()


def _remember(session: Any, text: str) -> Any:
    entity = {"name": "creds", "entityType": "note", "observations": [text]}
    return session.check("create_entities", {"entities": [entity]}, server="memory")


@pytest.mark.parametrize("case", sorted(_FILES))
def test_a_password_read_from_the_file_is_masked_and_kept_out_of_memory(case: str) -> None:
    name, text, password = _FILES[case]
    s = _session()
    assert _remember(s, f"the password is {password}").verdict == "allow"  # not seen yet
    obs = s.observe_output(
        "read_text_file",
        {"content": [{"type": "text", "text": text}]},
        server="files",
        arguments={"path": f"/srv/app/{name}"},
    )
    assert password not in str(obs.result), obs.result
    v = _remember(s, f"the password is {password}")
    assert (v.verdict, v.rule) == ("deny", rules.SECRET_EGRESS), v


def test_the_decoded_filezilla_password_is_kept_out_too() -> None:
    """FileZilla keeps the password base64-encoded: the agent decodes it in a step."""
    _, text, _ = _FILES["filezilla_base64"]
    s = _session()
    s.observe_output(
        "read_text_file",
        {"content": [{"type": "text", "text": text}]},
        server="files",
        arguments={"path": "/home/bob/.config/filezilla/recentservers.xml"},
    )
    assert _remember(s, PW).rule == rules.SECRET_EGRESS
