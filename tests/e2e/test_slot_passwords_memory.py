"""A password in a slot its program documents as the password, read through the real
``cordon run`` in front of the reference filesystem server, is masked in warn mode and
refused on its way into the memory server's graph (secret.egress): a passphrase of letters
without a digit in a script's ``htpasswd -b`` and ``PGPASSWORD=``, wpa_supplicant's quoted
``psk``, an ``lftp -u user,password`` and a ``cmdkey /pass:`` (CWE-214, CWE-260)."""

from __future__ import annotations

import pytest

from tests.conftest import Harness
from tests.e2e.test_redteam_real_setup import real_setup

pytestmark = [pytest.mark.anyio, pytest.mark.e2e]

#: built at run time (no scanner sees them in this file): letters only, and a generated one
PHRASE = "".join(("correcthorse", "batterystaple"))
SPACED = "".join(("purple monkey ", "dishwasher lamp"))
PASSWORD = "".join(("Rk4mWq9z", "Lp2Xv7Tn"))

_FILES = {
    "htpasswd": ("adduser.sh", "#!/bin/sh\nhtpasswd -b /etc/nginx/.htpasswd alice {v}\n", PHRASE),
    "pgpassword": ("backup.sh", "#!/bin/sh\nPGPASSWORD={v} pg_dump -h db app > a.sql\n", PHRASE),
    "wpa_supplicant": (
        "wpa_supplicant.conf",
        'ctrl_interface=/run/wpa_supplicant\nnetwork={{\n    ssid="HomeNet"\n    psk="{v}"\n}}\n',
        SPACED,
    ),
    "lftp": (
        "mirror.sh",
        "lftp -u deploy,{v} -e 'mirror -R site /www; quit' ftp.example\n",
        PASSWORD,
    ),
    "cmdkey": ("map.cmd", "cmdkey /add:fs01 /user:CORP\\bob /pass:{v}\r\n", PASSWORD),
}


@pytest.mark.parametrize("case", sorted(_FILES))
async def test_a_slot_password_is_masked_and_stays_out_of_memory(
    harness: Harness, case: str
) -> None:
    name, content, password = _FILES[case]
    async with real_setup(harness, "files", "memory") as s:
        (s.proj / name).write_text(content.format(v=password), "utf-8")
        ok, text = await s.call("files", "read_text_file", {"path": str(s.proj / name)})
        assert ok and password not in text, text
        entity = {"name": "creds", "entityType": "note", "observations": [password]}
        ok, text = await s.call("memory", "create_entities", {"entities": [entity]})
        assert not ok and "secret.egress" in text, text
    stored = harness.tmp / "memory.jsonl"
    assert password not in (stored.read_text("utf-8") if stored.exists() else "")
