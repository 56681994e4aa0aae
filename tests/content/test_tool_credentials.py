"""Credentials in the configuration files and command lines of widely used tools: NuGet's
``packageSourceCredentials`` and .NET ``appSettings`` (``<add key="..." value="..."/>``),
FileZilla's saved sites (``<Pass>``), passwords on a command line (``sshpass -p``, a quoted
MySQL ``-p'...'`` holding shell metacharacters, ``redis-cli -a``, ``ldapsearch -w``, ``docker
login -p``, ``openssl -pass pass:``, Samba's ``-U user%password``), Redis's ``requirepass``,
rclone's ``pass =`` and npm's ``_auth``.

:func:`cordon.content.find_secrets` returns what the proxy registers as seen, so that no later
call carries it out (``secret.egress``; tests/engine/test_tool_credentials_egress.py drives
that path). Published placeholders, references to a value kept elsewhere and empty values are
not registered. Fake secrets are built by concatenation so that no scanner flags this file.
"""

from __future__ import annotations

import base64

import pytest

from cordon.content import find_secrets, scan_text

PW = "Rk4mWq9z" + "Lp2Xv7Tn"
#: a generated password holding every character a shell treats specially
META = "Rk4m;Wq9z|" + "Lp2&Xv7<Tn>"
B64 = base64.b64encode(PW.encode()).decode()
#: npm's _auth: base64 of user:password
AUTH = base64.b64encode(f"deploy:{PW}".encode()).decode()
#: rclone obscures a password (reversibly: ``rclone reveal``) as base64url
OBSCURED = "Xq3vTn8Lm2K" + "pW7zR4bYc9Hd1Fj5Gs0"

_HITS: dict[str, tuple[str, str, str]] = {
    # NuGet.Config: learn.microsoft.com/nuget/reference/nuget-config-file
    "nuget_cleartext": (
        "<packageSourceCredentials>\n  <Contoso>\n"
        '    <add key="Username" value="user@contoso.com" />\n'
        f'    <add key="ClearTextPassword" value="{PW}" />\n  </Contoso>\n'
        "</packageSourceCredentials>",
        "secret.xml_add_key_password",
        PW,
    ),
    "appsettings_secret": (
        f"<appSettings><add key='SmtpPassword' value='{PW}'/></appSettings>",
        "secret.xml_add_key_password",
        PW,
    ),
    # FileZilla's sitemanager.xml and recentservers.xml
    "filezilla_plain": (
        f"<Server><Host>ftp.example.org</Host><User>bob</User><Pass>{PW}</Pass></Server>",
        "secret.xml_password",
        PW,
    ),
    "filezilla_base64": (
        f'<User>bob</User>\n<Pass encoding="base64">{B64}</Pass>',
        "secret.xml_password",
        B64,
    ),
    "sshpass_quoted": (
        f"sshpass -p '{PW}' ssh deploy@host uptime",
        "secret.cli_password",
        PW,
    ),
    "sshpass_bare": (f"sshpass -p {PW} ssh deploy@host", "secret.cli_password", PW),
    "sshpass_joined": (f"sshpass -v -p{PW} scp a.tar host:", "secret.cli_password", PW),
    "mysql_single_quoted_meta": (
        f"mysql -uroot -p'{META}' app",
        "secret.mysql_cli_password",
        META,
    ),
    "mysqldump_double_quoted_meta": (
        f'mysqldump --password="{META}" --all-databases > all.sql',
        "secret.mysql_cli_password",
        META,
    ),
    # the password option right after the client's name
    "mysql_first_option": (f"mysql -p{PW} app", "secret.mysql_cli_password", PW),
    "redis_cli": (f"redis-cli -h cache.internal -p 6379 -a {PW} ping", "secret.cli_password", PW),
    "ldapsearch": (
        f'ldapsearch -x -H ldap://dc1 -D "cn=admin,dc=example,dc=org" -w "{PW}" -b dc=example',
        "secret.cli_password",
        PW,
    ),
    "docker_login": (
        f"docker login -u deploy -p {PW} registry.example.org",
        "secret.cli_password",
        PW,
    ),
    "docker_login_long": (
        f"docker login --username deploy --password={PW} ghcr.io",
        "secret.cli_password",
        PW,
    ),
    "sqlcmd": (
        f"sqlcmd -S db1.internal -U sa -P '{META}' -Q 'SELECT 1'",
        "secret.cli_password",
        META,
    ),
    "svn": (
        f"svn checkout --username ci --password {PW} https://svn.example.org/repo",
        "secret.cli_password",
        PW,
    ),
    "helm_repo_add": (
        f"helm repo add corp https://charts.example.org --username ci --password='{META}'",
        "secret.cli_password",
        META,
    ),
    "mongodump": (
        f'mongodump --uri mongodb://db1 --username backup --password "{PW}" --out /b',
        "secret.cli_password",
        PW,
    ),
    "openssl_pass": (
        f"openssl enc -aes-256-cbc -salt -in db.sql -out db.enc -pass pass:{PW}",
        "secret.cli_password",
        PW,
    ),
    "smbclient": (f"smbclient //fs1/share -U bob%{PW} -c ls", "secret.smb_user_password", PW),
    "smbclient_domain_quoted": (
        f"smbclient -U 'CORP\\bob%{PW}' //fs1/share",
        "secret.smb_user_password",
        PW,
    ),
    "rpcclient_long": (
        f"rpcclient --user=bob%{PW} 10.0.0.5",
        "secret.smb_user_password",
        PW,
    ),
    "redis_conf": (f"bind 127.0.0.1\nrequirepass {PW}\n", "secret.config_directive_password", PW),
    "redis_masterauth": (
        f'masterauth "{PW}"\n',
        "secret.config_directive_password",
        PW,
    ),
    "rclone_conf": (
        f"[nas]\ntype = sftp\nhost = nas.lan\nuser = bob\npass = {OBSCURED}\n",
        "secret.config_directive_password",
        OBSCURED,
    ),
    # Ansible inventory (INI and YAML): the connection variables' short aliases
    "ansible_ssh_pass": (
        f"[web]\nweb1 ansible_host=10.0.0.5 ansible_ssh_pass={PW}\n",
        "secret.password_assignment",
        PW,
    ),
    "ansible_become_pass": (
        f"all:\n  vars:\n    ansible_become_pass: '{PW}'\n",
        "secret.password_assignment",
        PW,
    ),
    "npmrc_auth": (
        f"registry=https://npm.example.org/\n_auth={AUTH}\n",
        "secret.basic_credentials",
        AUTH,
    ),
    "npmrc_scoped_auth": (
        f"//npm.example.org/:_auth = {AUTH}\n",
        "secret.basic_credentials",
        AUTH,
    ),
}


@pytest.mark.parametrize("case", sorted(_HITS))
def test_the_credential_is_found_and_registered(case: str) -> None:
    text, rule, value = _HITS[case]
    spans = [text[f.span[0] : f.span[1]] for f in scan_text(text) if f.rule == rule]
    assert value in spans, (case, spans)
    assert value in find_secrets(text)


_RULES = (
    "secret.xml_add_key_password",
    "secret.xml_password",
    "secret.cli_password",
    "secret.mysql_cli_password",
    "secret.smb_user_password",
    "secret.config_directive_password",
    "secret.basic_credentials",
    "secret.password_assignment",
)

_NEAR_MISSES = {
    # NuGet reads %VAR% from the environment; a username or a source URL is not a secret
    "nuget_env": '<add key="ClearTextPassword" value="%NUGET_FEED_PASS%" />\n'
    '<add key="Username" value="build-agent2@contoso.com" />\n'
    '<add key="nuget.org" value="https://api.nuget.org/v3/index.json" />',
    "nuget_docs": '<add key="ClearTextPassword" value="<your-password>" />'
    '<add key="ClearTextPassword" value="${NUGET_PASSWORD}" />'
    '<add key="ClearTextPassword" value="" />',
    "filezilla_empty": "<Server><Host>ftp.example.org</Host><User>anonymous</User>"
    '<Pass></Pass><Pass encoding="base64" /></Server>',
    "sshpass_reference": 'sshpass -e ssh host\nsshpass -f ~/.pw ssh -p 2222x1 host\nsshpass -p "$SSHPASS" ssh h\n'
    "sshpass -p '<password>' ssh h\nsshpass -p changeme1 ssh h\nsshpass -p '' ssh h",
    "mysql_reference": "mysql -uroot -p'${DB_PASS}' app\nmysqldump --password=\"$PW2\" app\n"
    "mysql -uroot -p'' app",
    # Microsoft's SQL Server quickstart writes its placeholder in angle brackets, quoted
    "sqlcmd_docs": 'sqlcmd -S localhost -U sa -P "<YourStrong@Passw0rd>"\n'
    "mysql -uroot -p'<Root@Passw0rd1>' app",
    # mongosh prompts when --password has no value; helm's docs write a variable
    "password_option_prompts": "mongosh --username bob --password --port=27017 admin2\n"
    'helm repo add x https://x.example.org --username ci --password "$HELM_PASS2"\n'
    "svn checkout --username ci --password-from-stdin https://svn.example.org/r1",
    # 7-Zip prompts for a bare -p; the others take a variable or nothing
    "archive_and_rdp_prompts": "7z a -p out2.7z report.pdf\nzip -e -r out2.zip docs2/\n"
    'xfreerdp /v:host1 /u:admin /p: +clipboard\nxfreerdp /v:h /u:a /p:"$RDP_PASS2"\n'
    "mongosh -u admin -p --port 27017 admin2\nopenssl enc -k $ENC_KEY2 -in a1",
    "redis_cli_no_password": 'redis-cli -h cache1 -p 6379 ping\nredis-cli -a "$REDIS_PASS" ping',
    "ldap_prompt": "ldapsearch -x -W -D cn=admin,dc=example -b dc=example\n"
    "ldapsearch -x -y /etc/ldap.secret -w $LDAP_PW",
    "docker_stdin": 'echo "$CR_PAT" | docker login ghcr.io -u bob --password-stdin\n'
    "docker login -u bob -p ${{ secrets.REGISTRY_TOKEN }} ghcr.io",
    "openssl_other_sources": "openssl enc -aes-256-cbc -in a -pass env:ENC_PASS2 -pass file:/run/p2\n"
    "openssl pkcs12 -export -passout pass: -out a.p12",
    "smb_no_password": "smbclient -U bob //fs1/share\nsmbclient -L //fs1 -U% -N\n"
    "smbclient -U 'bob%%' //fs1\ndate -u +%Y%m%d-%H%M%S2",
    "redis_conf_sample": '# requirepass foobared\nrequirepass ""\nmasterauth <master-password>\n',
    "rclone_other_keys": "[nas]\ntype = sftp\nuser = bob\npass =\nkey_file = ~/.ssh/id_ed25519\n",
    "python_pass": "def f():\n    pass\n\npass  # nothing2do\n",
    "ansible_vault_reference": "ansible_become_pass: '{{ vault_become_pass }}'\n"
    "ansible_ssh_pass=$SSH_PASS\nbecome_pass_file: /run/secrets/become2\n",
    "npmrc_reference": "_auth=${NPM_AUTH}\n//npm.example.org/:_authToken=${NPM_TOKEN}\n_auth=\n",
}


@pytest.mark.parametrize("case", sorted(_NEAR_MISSES))
def test_a_placeholder_reference_or_empty_value_is_not_registered(case: str) -> None:
    text = _NEAR_MISSES[case]
    assert [f.rule for f in scan_text(text) if f.rule in _RULES] == []
    assert find_secrets(text) == []
