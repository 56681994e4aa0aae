"""Passwords in a slot whose program documents the value as the password: a command's
password argument (CWE-214), a configuration key (CWE-260) or an environment variable the
program reads its password from.

The slot alone makes the value a credential, so a passphrase of letters without a digit
(``hunter-two-horse``, ``correcthorsebatterystaple``) is registered there, and only there:
the same word in prose, a short one, a documentation placeholder (``yourpassword``,
``mysecretpassword``, ``changeit``), a shell or batch variable, or the value a program's own
manual shows (Apache's ``Pwd4Steve``) is not. :func:`cordon.content.find_secrets` returns
what the proxy registers as seen, so that secret.egress keeps it out of later calls.
Fake secrets are built by concatenation so that no scanner flags this file.
"""

from __future__ import annotations

import pytest

from cordon.content import find_secrets, scan_text

PW = "Rk4mWq9z" + "Lp2Xv7Tn"
#: passphrases of letters: no digit, the slot makes them passwords
WORDS = "hunter-two" + "-horse"
PHRASE = "correcthorse" + "batterystaple"
SPACED = "purple monkey " + "dishwasher lamp"

# (text, rule, the value registered)
_HITS: dict[str, tuple[str, str, str]] = {
    # all-letter passphrases in the slots secret.cli_password and its siblings read
    "sshpass_letters": (f"sshpass -p {WORDS} ssh deploy@host", "secret.cli_password", WORDS),
    "redis_letters": (f"redis-cli -h cache -a '{PHRASE}' ping", "secret.cli_password", PHRASE),
    "docker_letters": (
        f"docker login -u ci --password {PHRASE} registry.example",
        "secret.cli_password",
        PHRASE,
    ),
    "mysql_letters": (f"mysqldump -u root -p{PHRASE} app", "secret.mysql_cli_password", PHRASE),
    "smb_letters": (f"smbclient //fs1/share -U bob%{WORDS}", "secret.smb_user_password", WORDS),
    "openssl_pkcs12_password": (
        f"openssl pkcs12 -export -in c.pem -out c.p12 -password pass:{PW}",
        "secret.cli_password",
        PW,
    ),
    # a URL's userinfo password (RFC 3986 section 3.2.1)
    "url_userinfo_letters": (
        f"git clone https://deploy:{WORDS}@git.example/app.git",
        "secret.url_password",
        WORDS,
    ),
    # environment variables
    "pgpassword_letters": (
        f"PGPASSWORD={PHRASE} psql -h db -U app",
        "secret.env_password",
        PHRASE,
    ),
    "mysql_pwd_export": (f"export MYSQL_PWD='{SPACED}'", "secret.env_password", SPACED),
    "compose_yaml": (
        f"    environment:\n      POSTGRES_PASSWORD: {PHRASE}\n",
        "secret.env_password",
        PHRASE,
    ),
    "docker_run_env": (
        f"docker run -e MSSQL_SA_PASSWORD={WORDS} mcr.microsoft.com/mssql/server",
        "secret.env_password",
        WORDS,
    ),
    "sshpass_env_digits": (f"export SSHPASS={PW}; sshpass -e ssh h", "secret.env_password", PW),
    "powershell_env": (f'$env:PGPASSWORD = "{PHRASE}"', "secret.env_password", PHRASE),
    # command slots
    "lftp_user_comma": (
        f"lftp -u deploy,{PW} sftp://files.example",
        "secret.command_password",
        PW,
    ),
    "lftp_quoted_letters": (
        f"lftp -e 'mirror -R site /www' -u 'deploy,{WORDS}' ftp.example",
        "secret.command_password",
        WORDS,
    ),
    "cmdkey": (
        f"cmdkey /generic:TERMSRV/host01 /user:CORP\\bob /pass:{PW}",
        "secret.command_password",
        PW,
    ),
    "net_use": (
        f"net use Z: \\\\fs01\\finance {PW} /user:CORP\\bob /persistent:no",
        "secret.command_password",
        PW,
    ),
    "net_user_add": (f"net user svc_backup {WORDS} /add", "secret.command_password", WORDS),
    "htpasswd_batch": (
        f"htpasswd -b /etc/nginx/.htpasswd alice {PW}",
        "secret.command_password",
        PW,
    ),
    "htpasswd_create_bcrypt": (
        f"htpasswd -cbB -C 12 .htpasswd alice '{SPACED}'",
        "secret.command_password",
        SPACED,
    ),
    "htpasswd_stdout": (f"htpasswd -nb alice {PHRASE}", "secret.command_password", PHRASE),
    "wpa_passphrase_cmd": (
        f"wpa_passphrase 'Home Net' {PHRASE} >> /etc/wpa_supplicant.conf",
        "secret.command_password",
        PHRASE,
    ),
    "nmcli_connect": (
        f"nmcli device wifi connect HomeNet password {PHRASE}",
        "secret.command_password",
        PHRASE,
    ),
    "nmcli_modify": (
        f"nmcli con modify HomeNet wifi-sec.psk '{SPACED}'",
        "secret.command_password",
        SPACED,
    ),
    "gpg_passphrase": (
        f"gpg --batch --passphrase {PW} -d backup.tar.gpg",
        "secret.command_password",
        PW,
    ),
    "ipmitool": (
        f"ipmitool -I lanplus -H 10.0.0.5 -U ADMIN -P {PW} chassis status",
        "secret.command_password",
        PW,
    ),
    "keytool": (
        f"keytool -importcert -keystore app.jks -storepass {PW} -file ca.pem",
        "secret.command_password",
        PW,
    ),
    "mosquitto": (
        f"mosquitto_pub -h broker -u sensor -P {WORDS} -t t -m 1",
        "secret.command_password",
        WORDS,
    ),
    "rdesktop": (f"rdesktop -u admin -p {PW} 10.0.0.9", "secret.command_password", PW),
    # Wi-Fi configuration
    "wpa_supplicant_psk": (
        f'network={{\n    ssid="HomeNet"\n    psk="{SPACED}"\n}}',
        "secret.wifi_psk",
        SPACED,
    ),
    "wpa_supplicant_hex": (
        "network={\n    psk=" + "9f2c" * 16 + "\n}",
        "secret.wifi_psk",
        "9f2c" * 16,
    ),
    "hostapd": (f"ssid=HomeNet\nwpa_passphrase={PHRASE}\n", "secret.wifi_psk", PHRASE),
    "nm_keyfile": (f"[wifi-security]\nkey-mgmt=wpa-psk\npsk={WORDS}\n", "secret.wifi_psk", WORDS),
}


#: diceware passphrases whose words hold a documentation word inside them ('test' in
#: contest, 'pass' in compass, 'change' in exchange): a passphrase, not a placeholder
DRAWN = ("contest-otter" + "-lantern", "compass river" + " mango", "exchange_violet" + "_harbor")
_HITS.update(
    {
        f"drawn_{i}": (f"export PGPASSWORD='{w}'", "secret.env_password", w)
        for i, w in enumerate(DRAWN)
    }
)
#: the variables as a container's configuration holds them: docker inspect's "Env" list, a
#: Kubernetes pod's env entry (its value with a digit too: no other rule reads that form),
#: an ECS task's, a JSON object's member
_HITS.update(
    {
        "docker_inspect_env": (
            f'"Env": ["POSTGRES_PASSWORD={PHRASE}", "PATH=/usr/bin"]',
            "secret.env_password",
            PHRASE,
        ),
        "k8s_env_entry": (
            f"env:\n  - name: POSTGRES_PASSWORD\n    value: {WORDS}\n",
            "secret.env_password",
            WORDS,
        ),
        "k8s_env_entry_digits": (
            f'        - name: PGPASSWORD\n          value: "{PW}"\n',
            "secret.env_password",
            PW,
        ),
        "ecs_env_entry": (
            f'{{"name": "MYSQL_ROOT_PASSWORD", "value": "{PHRASE}"}}',
            "secret.env_password",
            PHRASE,
        ),
        "json_member": (
            f'{{"MYSQL_PWD": "{SPACED}",\n "X": 1}}',
            "secret.env_password",
            SPACED,
        ),
    }
)
#: a command continued over indented lines (a CI script's, a README's): the password option
#: on a later line
_HITS.update(
    {
        "continued_ipmitool": (
            f"ipmitool -I lanplus -H 10.0.0.5 -U ADMIN \\\n    -P {PW} chassis status",
            "secret.command_password",
            PW,
        ),
        "continued_gpg": (
            f"gpg --batch \\\n  --passphrase '{SPACED}' \\\n  -d backup.tar.gpg",
            "secret.command_password",
            SPACED,
        ),
    }
)
#: net use's password after its options: the command takes it there too
_HITS["net_use_after_user"] = (
    f"net use \\\\fs01\\finance /user:CORP\\bob {PW} /persistent:no",
    "secret.command_password",
    PW,
)
_HITS["drawn_url"] = (
    f"git clone https://deploy:{DRAWN[0]}@git.example/app.git",
    "secret.url_password",
    DRAWN[0],
)


@pytest.mark.parametrize("case", sorted(_HITS))
def test_a_password_in_its_programs_slot_is_found_and_registered(case: str) -> None:
    text, rule, value = _HITS[case]
    spans = [text[f.span[0] : f.span[1]] for f in scan_text(text) if f.rule == rule]
    assert value in spans, (case, scan_text(text))
    assert value in find_secrets(text)


_NEAR_MISSES: dict[str, str] = {
    # the same words outside a password slot, or too short to be one
    "prose": f"The horse was {PHRASE}; pick a {WORDS} theme, said the password manual.",
    "short_letters": "sshpass -p horsebat ssh h; redis-cli -a lanterns ping",
    # one lower-case word of 12 letters or fewer: a default or the application's own name
    "name_as_password": "    environment:\n      POSTGRES_USER: geonetwork\n"
    "      POSTGRES_PASSWORD: geonetwork\n",
    "curl_user_letters": f"curl -u alice:{PHRASE} https://example.org",  # -u also takes uid:gid
    # documentation placeholders and defaults, shell and batch variables
    "placeholders": "sshpass -p yourpassword ssh h; redis-cli -a mysecretpassword ping; "
    "docker login -p YOUR_PASSWORD; keytool -list -keystore cacerts -storepass changeit",
    "doc_env": "POSTGRES_PASSWORD=mysecretpassword\nMYSQL_ROOT_PASSWORD=my-secret-pw\n"
    "MSSQL_SA_PASSWORD=yourStrong(!)Password\nPGPASSWORD=$DB_PASS psql\n",
    "env_description": "MYSQL_PWD: Deprecated as of MySQL 8.0; expect it to be removed.\n"
    "PGPASSWORD behaves the same as the password connection parameter.",
    "env_reference": 'psql "password=${PGPASSWORD}"; echo %PGPASSWORD%; echo $SSHPASS',
    "url_placeholders": "postgres://app:yourpassword@db/app https://user:hunter@h/ "
    "redis://:${REDIS_PASS}@cache:6379 amqp://guest:guest@localhost",
    "apache_example": "htpasswd -b /usr/local/etc/apache/.htpasswd-users jsmith Pwd4Steve",
    "htpasswd_prompt": "htpasswd -c /etc/apache2/.htpasswd alice",
    "htpasswd_stdin": "htpasswd -i .htpasswd alice < pw.txt",
    "lftp_no_password": "lftp -u deploy sftp://files.example; lftp -e 'set net:timeout 10' h",
    "cmdkey_prompt": "cmdkey /add:server01 /user:mikedan /pass; cmdkey /list",
    "net_prompt": "net use Z: \\\\fs01\\finance * /user:CORP\\bob; net user bob /delete",
    "net_options_only": "net use Z: \\\\fs01\\finance /user:CORP\\bob /persistent:yes\n"
    "net use Z: \\\\fs01\\finance /user:CORP\\bob *",
    "net_prose": "The net user command lists accounts configured on this computer.",
    "wpa_prose": "wpa_passphrase generates configuration entries from the passphrase.",
    "nmcli_prose": "nmcli will ask for a password interactively when one is needed.",
    "wpa_example": 'network={\n    psk="very secret passphrase"\n}\n'
    "psk=06b4be19da289f475aa46a33cb793029d4ab3db7a23ee92382eb0106c72ac7bb\n"
    "psk=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n",
    "gpg_file": "gpg --batch --passphrase-file ~/.pw -d backup.tar.gpg",
    "keytool_env": "keytool -list -keystore app.jks -storepass:env STOREPASS",
    "ipmitool_env": "ipmitool -I lanplus -H bmc -U ADMIN -E chassis status",
    "k8s_templated": "- name: POSTGRES_PASSWORD\n  value: {{ .Values.pg.password | quote }}\n"
    "- name: PGPASSWORD\n  valueFrom:\n    secretKeyRef: {name: pg, key: password}\n"
    '{"name": "MYSQL_PASSWORD", "value": "$(DB_PASS)"}',
    # a documentation word at the start of one word of several
    "placeholder_words": "PGPASSWORD='my-password-here' psql; export MYSQL_PWD='your db passphrase'"
    "; SSHPASS=some_secret_words sshpass -e ssh h",
}
_RULES = (
    "secret.url_password",
    "secret.cli_password",
    "secret.mysql_cli_password",
    "secret.smb_user_password",
    "secret.command_password",
    "secret.wifi_psk",
    "secret.env_password",
)


@pytest.mark.parametrize("case", sorted(_NEAR_MISSES))
def test_a_placeholder_prose_or_reference_is_not_registered(case: str) -> None:
    text = _NEAR_MISSES[case]
    assert [f.rule for f in scan_text(text) if f.rule in _RULES] == [], scan_text(text)
    assert find_secrets(text) == []


def test_a_value_with_a_digit_is_one_finding_not_two() -> None:
    """secret.password_assignment reads NAME=VALUE with a digit in a name holding 'password':
    the slot rules leave that value to it (one finding for one credential)."""
    for text in (f"PGPASSWORD={PW} psql", f"wpa_passphrase={PW}\n", f'sae_password="{PW}"\n'):
        rules = [f.rule for f in scan_text(text) if f.rule.startswith("secret.")]
        assert rules == ["secret.password_assignment"], (text, rules)
        assert find_secrets(text) == [PW]


def test_an_absolute_path_in_a_password_slot_is_not_masked() -> None:
    # printenv and MCP "get-env" tools print PWD, the working directory (POSIX), whose name
    # reads as a password's abbreviation; a path of two or more segments is a location
    from cordon.content import scan_text

    for text in ('"PWD": "/tmp/full3"', "OLDPWD=/home/runner/work/app2/app2"):
        assert "secret.password_assignment" not in {f.rule for f in scan_text(text)}, text
    # a password is still one, also one that starts with a slash
    for text in ("Uid=sa;Pwd=Tr0ub4dor3x;", "password=/Xq9!vR2#kL", "PWD=hunter2x7Q"):
        assert "secret.password_assignment" in {f.rule for f in scan_text(text)}, text
