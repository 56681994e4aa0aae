"""Credentials in three common configuration forms: a PHP constant (WordPress's
wp-config.php), an XML element (Maven's settings.xml) and a MySQL client's joined ``-p``.

:func:`cordon.content.find_secrets` returns what the proxy registers as seen, so that no later
call carries it out (``secret.egress``); a value it misses can be stored in a memory server or
sent on. Published placeholders and references to a value kept elsewhere are not registered.
Fake secrets are built by concatenation so that no scanner flags this file.
"""

from __future__ import annotations

import pytest

from cordon.content import find_secrets, scan_text

PW = "Rk4mWq9z" + "Lp2Xv7Tn"
#: a WordPress salt as api.wordpress.org/secret-key hands them out: brackets and punctuation
SALT = "k#9T+;~P|Jq[3x(Vb]" + "Lm@1z<>?{w}8 Ds,Qe"
#: Maven 3 and Maven 4 (master dispatcher) ciphertexts, the form mvn/mvnenc encrypt prints
MAVEN3 = "{COQLCE6DU6Gt" + "cS5P8xJ2qWk=}"
MAVEN4 = "{[name=master,cipher=AES/GCM/NoPadding,version=4.0]vvq66pZ7" + "rkvzSPStGTI9q4QD==}"

_HITS: dict[str, tuple[str, str, str]] = {
    "wp_db_password": (
        f"<?php\ndefine( 'DB_PASSWORD', '{PW}' );\n",
        "secret.php_define_password",
        PW,
    ),
    "wp_double_quotes": (f'define("DB_PASSWORD","{PW}");', "secret.php_define_password", PW),
    "wp_salt": (f"define( 'NONCE_SALT',       '{SALT}' );", "secret.php_define_password", SALT),
    "smtp_pass": (f"define('SMTP_PASS', '{PW}', true);", "secret.php_define_password", PW),
    "maven_server": (
        f"<server>\n  <id>releases</id>\n  <password>\n    {PW}\n  </password>\n</server>",
        "secret.xml_password",
        PW,
    ),
    "maven_passphrase": (f"<passphrase>{PW}</passphrase>", "secret.xml_password", PW),
    "maven3_encrypted": (f"<password>{MAVEN3}</password>", "secret.xml_password", MAVEN3),
    "maven4_encrypted": (f"<password>{MAVEN4}</password>", "secret.xml_password", MAVEN4),
    "maven_master": (
        f"<settingsSecurity><master>{MAVEN3}</master></settingsSecurity>",
        "secret.xml_password",
        MAVEN3,
    ),
    "mysqldump_joined": (
        f"#!/bin/sh\nmysqldump -u root -p{PW} app > app.sql\n",
        "secret.mysql_cli_password",
        PW,
    ),
    "mysql_long_quoted": (
        f"/usr/bin/mysql -h db.internal --password='{PW}' app",
        "secret.mysql_cli_password",
        PW,
    ),
    "mariadb_dump_continued": (
        f'mariadb-dump --single-transaction \\\n  -u backup -p"{PW}" --all-databases',
        "secret.mysql_cli_password",
        PW,
    ),
    # options before it that start like it (--port, -P) do not end the command
    "mysql_port_options": (
        f"mysql -h db-prod.internal -P 3306 --port=3306 --protocol=tcp -u root -p{PW} app",
        "secret.mysql_cli_password",
        PW,
    ),
    "mysqladmin": (f"mysqladmin -uroot -p{PW} shutdown", "secret.mysql_cli_password", PW),
}


@pytest.mark.parametrize("case", sorted(_HITS))
def test_the_credential_is_found_and_registered(case: str) -> None:
    text, rule, value = _HITS[case]
    spans = [text[f.span[0] : f.span[1]] for f in scan_text(text) if f.rule == rule]
    assert value in spans, (case, spans)
    assert value in find_secrets(text)


_NEAR_MISSES = {
    # wp-config-sample.php as WordPress ships it: published placeholders, no site's password
    "wp_sample": "define( 'DB_PASSWORD', 'password_here' );\n"
    "define( 'AUTH_KEY',         'put your unique phrase here' );\n"
    "define( 'DB_PASSWORD', '<db password 2>' );",
    # constants that are not credentials, or name a public value
    "wp_settings": "define( 'WP_DEBUG', false ); define( 'DB_HOST', 'db2.internal:3306' );\n"
    "define( 'WP_HOME', 'https://site1.example.org' ); define( 'DB_USER', 'wp_admin2' );",
    "public_keys": "define('RECAPTCHA_SITE_KEY', '6LcQ3vUaAAAAAB9x'); "
    "define('STRIPE_PUBLISHABLE_KEY', 'pk_live_51Hx9'); "
    "define('WP_CACHE_KEY_SALT', 'site1.example.org:');",
    "php_variable": 'define("DB_PASSWORD", "$db_pass1");',
    # Maven interpolates ${env.X} from the environment: a reference, not the password
    "maven_env": "<server><id>releases</id><username>${env.DEPLOY_USER}</username>"
    "<password>${env.DEPLOY_PASS}</password></server>",
    # the Settings Reference's own example values and documentation placeholders
    "maven_docs": "<password>my_login_password</password>"
    "<passphrase>some_passphrase</passphrase><password>{xxxx}</password>"
    "<password>******</password><master>main2</master>",
    # -p with a space, or --password with no '=', prompts; -P is the port
    "mysql_prompt": "mysql -u root -p app\nmysqldump -u root -p --all-databases > all.sql\n"
    "mysql --password -h db -P 3306 app",
    "mysql_variable": 'mysql -uroot -p"$MYSQL_ROOT_PASSWORD" && mysqldump -uroot -p$DB_PASS2 a '
    "& mysql -u root -p%MYSQL_PWD2% app",
    "mysql_docs_example": "docker exec db sh -c 'exec mysqldump --all-databases -uroot -pexample'",
    "not_a_mysql_command": "Install mysql server 8.0; run tar -pxf backup2024.tar on the host.",
}


@pytest.mark.parametrize("case", sorted(_NEAR_MISSES))
def test_a_placeholder_or_reference_is_not_registered(case: str) -> None:
    text = _NEAR_MISSES[case]
    rules = ("secret.php_define_password", "secret.xml_password", "secret.mysql_cli_password")
    assert [f.rule for f in scan_text(text) if f.rule in rules] == []
    assert find_secrets(text) == []


def test_mysql_pwd_in_the_environment_is_registered() -> None:
    """``MYSQL_PWD`` (the MySQL client reads the password from it) in an export or before a
    command: ``pwd`` after an underscore is the keyword, as ``DB_PASSWORD``'s is. The shell's
    working directory (``PWD``, ``OLDPWD``) and words ending in pwd are not."""
    for text in (f"export MYSQL_PWD={PW}", f"MYSQL_PWD='{PW}' mysql -u root app"):
        assert PW in find_secrets(text), text
        assert any(f.rule == "secret.password_assignment" for f in scan_text(text)), text
    for text in ("PWD=/home/alice/project", "OLDPWD=/home/alice/x", f"getpwd={PW}"):
        assert not find_secrets(text), text
