"""A password read from a tool's configuration file or a script, through the real ``cordon
run`` in front of the reference filesystem and memory servers, stays out of the memory
graph: NuGet.Config's ClearTextPassword, FileZilla's <Pass>, a script calling sshpass, a
MySQL password quoted with shell metacharacters in it, redis.conf's requirepass, smbclient's
-U user%password (tests/engine/test_tool_credentials_egress.py has the others)."""

from __future__ import annotations

import pytest

from tests.conftest import Harness
from tests.e2e.test_redteam_real_setup import real_setup

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: built at run time (no scanner sees it in this file); the second holds ; | & < >
PASSWORD = "".join(("Rk4mWq9z", "Lp2Xv7Tn"))
META = "".join(("Rk4m;Wq9z|", "Lp2&Xv7<Tn>"))

_FILES = {
    "nuget": (
        "NuGet.Config",
        '<configuration><packageSourceCredentials><feed><add key="Username" value="ci" />'
        '<add key="ClearTextPassword" value="{v}" /></feed></packageSourceCredentials>'
        "</configuration>\n",
        PASSWORD,
    ),
    "filezilla": (
        "sitemanager.xml",
        "<FileZilla3><Servers><Server><Host>ftp.example.org</Host><User>bob</User>"
        "<Pass>{v}</Pass></Server></Servers></FileZilla3>\n",
        PASSWORD,
    ),
    "sshpass": ("deploy.sh", "#!/bin/sh\nsshpass -p '{v}' ssh deploy@web1 ./restart\n", PASSWORD),
    "mysql_quoted": ("backup.sh", "#!/bin/sh\nmysqldump -uroot -p'{v}' app > a.sql\n", META),
    "redis_conf": ("redis.conf", "port 6379\nrequirepass {v}\n", PASSWORD),
    "smbclient": ("copy.sh", "smbclient //fs1/share -U bob%{v} -c 'get a'\n", PASSWORD),
}


@pytest.mark.parametrize("case", sorted(_FILES))
async def test_a_password_in_a_tool_config_format_stays_out_of_memory(
    harness: Harness, case: str
) -> None:
    name, content, password = _FILES[case]
    async with real_setup(harness, "files", "memory") as s:
        (s.proj / name).write_text(content.format(v=password), "utf-8")
        ok, text = await s.call("files", "read_text_file", {"path": str(s.proj / name)})
        assert password not in text, text
        entity = {"name": "creds", "entityType": "note", "observations": [password]}
        ok, text = await s.call("memory", "create_entities", {"entities": [entity]})
        assert not ok and "secret.egress" in text, text
    stored = harness.tmp / "memory.jsonl"
    assert password not in (stored.read_text("utf-8") if stored.exists() else "")
