"""Secret rules for slots whose program documents the value as a password (prefix ``secret.``).

Each pattern reads one program's own password slot: an option or positional argument on its
command line (CWE-214, sensitive information in process arguments), a key of its
configuration file (CWE-260, password in a configuration file) or an environment variable it
reads the password from. The slot alone makes the value a credential, so a passphrase of
letters without a digit counts there (``_slot_password``); documentation placeholders, shell
or batch variables and the values a program's own manual shows do not.
"""

from __future__ import annotations

from functools import partial

from cordon.content._rule import Rule, each
from cordon.content.rules.secrets import _gap, _shell_value, _slot_password

_R = partial(Rule, category="secrets", case_sensitive=True)

#: the rest of one command up to an option, for the anchors (a backslash continues the line)
_TO = r"(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?"
#: the words of one command up to a keyword (not an option: nmcli's 'password', net's share)
_WORDS = r"(?:[^\n;|&<>]|\\\n){0,240}?[ \t]"
#: a user name, bare or quoted, before a positional password
_USER = r"(?:'[^'\n]{1,64}'|\"[^\"\n]{1,64}\"|[^\s'\"/*;|&<>-][^\s'\";|&<>]{0,63})[ \t]+"
#: a positional password that ends its command (the end of the line, a redirection or the
#: next command), so that prose naming the program ('wpa_passphrase computes ...') is not one
_ENDS = r"(?=(?:'[^'\n]{6,128}'|\"[^\"\n]{6,128}\"|[^\s'\"]{6,128})[ \t]*(?:$|[;&|<>]))"
#: net user NAME PASSWORD, then the end of the command or one of its /options (/add, /domain)
_NET_USER_ENDS = r"(?=(?:'[^'\n]{6,128}'|\"[^\"\n]{6,128}\"|[^\s'\"]{6,128})[ \t]*(?:$|[;&|<>]|/))"
#: htpasswd's options: a batch-mode cluster (-b, -bc, -nbB) and -C COST / -r ROUNDS
_HT_OPT = r"-[A-Za-z]{1,8}(?:[ \t]+\d{1,3})?[ \t]+"
#: the environment variables each program documents as its password
_ENV_NAMES = (
    "PGPASSWORD",  # PostgreSQL docs, libpq 'Environment Variables'
    "MYSQL_PWD",  # MySQL Reference Manual, 'Environment Variables' (deprecated)
    "LFTP_PASSWORD",  # lftp(1), --env-password
    "RSYNC_PASSWORD",  # rsync(1), daemon password
    "SQLCMDPASSWORD",  # Microsoft Learn, 'sqlcmd utility'
    # the official database images' initial superuser password (Docker Hub image docs)
    "POSTGRES_PASSWORD",
    "MYSQL_ROOT_PASSWORD",
    "MYSQL_PASSWORD",
    "MARIADB_ROOT_PASSWORD",
    "MARIADB_PASSWORD",
    "MSSQL_SA_PASSWORD",
    "MONGO_INITDB_ROOT_PASSWORD",
)
#: an orchestrator's entry: the name, then its value under ``value`` (a Kubernetes pod's
#: ``- name: NAME`` / ``value: ...``, an ECS task's ``{"name": "NAME", "value": "..."}``)
_VALUE_KEY = r"[ \t]*,?[ \t]*(?:\n[ \t]*)?['\"]?value['\"]?[ \t]*:[ \t]*"
#: names secret.password_assignment does not read (it reads any name holding 'password' or
#: 'pwd', with a digit in the value): these take a value with a digit too
_ENV_OWN = ("SSHPASS", "REDISCLI_AUTH", "RABBITMQ_DEFAULT_PASS")

RULES: tuple[Rule, ...] = (
    _R(
        id="secret.command_password",
        severity="medium",
        summary="A password in a command's documented password argument: lftp -u USER,PASS, "
        "cmdkey /pass:, net use \\\\HOST\\SHARE PASS, net user NAME PASS, htpasswd -b FILE "
        "USER PASS, wpa_passphrase SSID PASS, nmcli ... password PASS, gpg --passphrase, "
        "ipmitool -P, keytool/jarsigner -storepass and -keypass, mosquitto_pub -P, rdesktop -p.",
        why="Scripts, CI files and shell history keep the password in clear, and any user on "
        "the host sees it in the process list; it logs in to the host, share, BMC, broker or "
        "network the command names, or unlocks the key or keystore it names.",
        fix="Warn mode masks the password; use each tool's prompt, file or environment form "
        "(lftp --env-password, htpasswd -i, gpg --passphrase-file, ipmitool -f/-E, keytool "
        "-storepass:env).",
        source="lftp(1) (open -u user[,pass], --password); Microsoft Learn, 'cmdkey' "
        "(/pass:<password>), 'net use' ([password | *]) and 'net user' (<password>); Apache "
        "httpd, 'htpasswd' (-b: 'the password is taken from the command line ... clearly "
        "visible'); wpa_passphrase(8); nmcli(1) (device wifi connect ... password, "
        "wifi-sec.psk); gpg(1) (--passphrase: 'of very questionable security on a multi-user "
        "system'); ipmitool(1) (-P: 'not recommended'); JDK 'keytool' and 'jarsigner' "
        "(-storepass, -keypass); mosquitto_pub(1) (-P, --pw); rdesktop(1) (-p); CWE-214 "
        "(sensitive information in process arguments)",
        # each program's own slot on the same command as its name: a password option, or the
        # positional argument its synopsis names (after the share, the user, the SSID)
        pattern=(
            r"(?<![\w.-])(?:"
            r"lftp(?:\.exe)?[ \t]"
            + _gap(r"u[ \t]|-password[ \t]")
            + r"(?:-u[ \t]+(?=['\"]?[^\s,'\"]{1,64},)|--password[ \t]+(?!-))"
            r"|(?i:cmdkey)(?:\.exe)?[ \t]" + _gap("(?i:pass):", "/") + r"/(?i:pass):"
            r"|(?i:net)(?:\.exe)?[ \t]+(?i:use)[ \t]+(?:(?:[A-Za-z]:|\*)[ \t]+)?"
            # the password before the options or after them (net use \\h\s /user:bob PASS)
            r"\\\\[^\s\\]{1,253}\\[^\s]{1,253}[ \t]+(?:/[A-Za-z]{1,12}(?::[^\s]{0,256})?[ \t]+){0,3}"
            r"(?!['\"]?[/*])"
            r"|(?i:net)(?:\.exe)?[ \t]+(?i:user)[ \t]+"
            + _USER
            + r"(?!['\"]?[/*])"
            + _NET_USER_ENDS
            + r"|htpasswd(?:\.exe)?[ \t]+(?=(?:"
            + _HT_OPT
            + r"){0,3}-[A-Za-z]{0,7}b)"
            r"(?:(?=(?:" + _HT_OPT + r"){0,3}-[A-Za-z]{0,7}n)(?:" + _HT_OPT + r"){1,4}"
            r"|(?:-[A-Za-mo-z]{1,8}(?:[ \t]+\d{1,3})?[ \t]+){1,4}[^\s;|&<>-][^\s;|&<>]{0,255}"
            r"[ \t]+)" + _USER + r"(?!-)"
            r"|wpa_passphrase[ \t]+"
            + _USER
            + _ENDS
            # a connection or device command (not prose about nmcli asking for a password)
            + r"|nmcli[ \t]+(?:-[^\s]{1,20}[ \t]+){0,4}(?:c|con|connection|d|dev|device)[ \t]"
            + _WORDS
            + r"(?:password|(?:wifi-sec|802-11-wireless-security)\.psk)[ \t]+"
            r"|gpg2?(?:\.exe)?[ \t]" + _gap(r"-passphrase[ \t=]") + r"--passphrase(?:[ \t]+|=)"
            r"|ipmitool(?:\.exe)?[ \t]" + _gap(r"P[ \t]") + r"-P[ \t]+"
            r"|(?:keytool|jarsigner)(?:\.exe)?[ \t]"
            + _gap(r"(?:src|dest|new)?(?:store|key)pass[ \t]")
            + r"-(?:src|dest|new)?(?:store|key)pass[ \t]+"
            r"|mosquitto_(?:pub|sub|rr)(?:\.exe)?[ \t]"
            + _gap(r"P[ \t]|-pw[ \t]")
            + r"(?:-P|--pw)[ \t]+"
            r"|rdesktop[ \t]" + _gap(r"p[ \t]") + r"-p[ \t]+(?!-)"
            r")"
            # lftp -u USER,PASS: the user name and its comma are not the password
             + _shell_value(r"(?:(?:(?<=-u[ \t])|(?<=-u[ \t]['\"]))[^\s,'\"]{1,64},)?")
        ),
        anchors=(
            r"lftp" + _TO + r"(?:-u[ \t]+['\"]?[^\s,'\"]{1,64},|--password[ \t])",
            r"cmdkey" + _TO + r"/pass:",
            r"net(?:\.exe)?[ \t]+use[ \t]+(?:(?:[a-z]:|\*)[ \t]+)?\\\\",
            r"net(?:\.exe)?[ \t]+user[ \t]+['\"]?[^\s/*'\"]{1,64}['\"]?[ \t]+['\"]?[^\s/*]",
            r"htpasswd(?:\.exe)?[ \t]+-[a-z]{0,7}(?:[ \t]+\d{1,3})?[ \t]",
            r"wpa_passphrase[ \t]+[^\s]",
            r"nmcli[ \t]" + _WORDS.replace("?[", "[") + r"(?:password|wifi-sec\.psk|802-11)",
            r"gpg" + _TO.replace("(?:\\.exe)?", "2?(?:\\.exe)?") + r"--passphrase[ \t=]",
            r"ipmitool" + _TO + r"-p[ \t]",
            *each(("keytool", "jarsigner"), _TO + r"-[a-z]{0,4}(?:store|key)pass[ \t]"),
            r"mosquitto_" + r"[a-z]{2,3}" + _TO + r"(?:-p|--pw)[ \t]",
            r"rdesktop" + _TO + r"-p[ \t]",
        ),
        window=800,
        accept=_slot_password,
        secret_group=2,
        span_group=2,
    ),
    _R(
        id="secret.wifi_psk",
        severity="medium",
        summary="A Wi-Fi passphrase or pre-shared key in a configuration file: wpa_supplicant's "
        'psk="..." and sae_password="...", hostapd\'s wpa_passphrase= and wpa_psk=, a '
        "NetworkManager keyfile's psk=.",
        why="The passphrase joins the network it names, from anywhere in radio range, and "
        "is often the same on every access point of a site.",
        fix="Warn mode masks the value; keep network configuration out of what tools read.",
        source="wpa_supplicant.conf(5) (psk: 'ASCII passphrase' in quotes, 8 to 63 "
        "characters, or 64 hex digits; sae_password); hostapd's hostapd.conf "
        "(wpa_passphrase, wpa_psk); NetworkManager nm-settings-keyfile(5) and "
        "nm-settings(5) (802-11-wireless-security.psk); CWE-260 (password in configuration "
        "file)",
        # the key on a line of its own; a quoted passphrase may hold spaces, an unquoted
        # value runs to the end of the line (hostapd and keyfile values are not quoted). A
        # sae_password or wpa_passphrase with a digit is secret.password_assignment's
        pattern=(
            r"^[ \t]*(?:psk|wpa_psk|(?:sae_password|wpa_passphrase)(?=[ \t]*=[ \t]*\"?[^\d\s\"]"
            r"{1,128}(?:[\s\"]|$)))[ \t]*=[ \t]*"
            r"(\")?((?(1)[^\"\n]{8,63}|[^\s\"#][^\n]{6,62}[^\s]))(?(1)\")[ \t]*$"
        ),
        anchors=each(
            ("psk", "sae_password", "wpa_passphrase"),
            r"[ \t]{0,16}=[ \t]{0,16}[^\s]",
        ),
        window=200,
        accept=_slot_password,
        secret_group=2,
        span_group=2,
    ),
    _R(
        id="secret.env_password",
        severity="medium",
        summary="A password set in an environment variable its program reads it from: "
        "PGPASSWORD, MYSQL_PWD, SSHPASS, REDISCLI_AUTH, LFTP_PASSWORD, RSYNC_PASSWORD, "
        "SQLCMDPASSWORD, and the database images' POSTGRES_PASSWORD, MYSQL_ROOT_PASSWORD, "
        "MSSQL_SA_PASSWORD ... (an export, a compose file, a CI job).",
        why="The variable is the program's login: whoever reads the script, the compose file "
        "or the process environment logs in to the database, host or cache it names. A "
        "passphrase of letters without a digit is one there too.",
        fix="Warn mode masks the value; take it from a secret store or a file the program "
        "reads (~/.pgpass, an option file, a Docker secret via *_FILE).",
        source="PostgreSQL docs, libpq 'Environment Variables' (PGPASSWORD); MySQL Reference "
        "Manual, 'Environment Variables' (MYSQL_PWD: 'insecure'); sshpass(1) (-e: SSHPASS); "
        "Redis docs, 'redis-cli' (REDISCLI_AUTH); lftp(1); rsync(1); Microsoft Learn, "
        "'sqlcmd utility'; Docker Hub docs of the postgres, mysql, mariadb, mssql, mongo and "
        "rabbitmq images; CWE-526 (sensitive information in environment variables), CWE-260",
        # values with a digit in a name holding 'password' or 'pwd' are
        # secret.password_assignment's (one finding each): here only those without one
        pattern=(
            r"(?<![\w$%{.-])(?:(?:"
            + "|".join(_ENV_NAMES)
            + r")(?=['\"]?[ \t]*[:=][ \t]*['\"]?[^\d\s'\"]{1,128}(?:['\"\s;|&,\]}]|$))|"
            + "|".join(_ENV_OWN)
            # an orchestrator's entry, with a digit too (no other rule reads the name there)
            + r"|(?:"
            + "|".join(_ENV_NAMES)
            + rf")(?=['\"]?{_VALUE_KEY}))"
            # NAME=VALUE anywhere (in a JSON string too: docker inspect's "Env"); NAME: VALUE
            # (YAML, JSON) only as the line's whole value, not a description ('MYSQL_PWD:
            # Deprecated as of ...')
            + r"['\"]?(?:[ \t]*=[ \t]*|[ \t]*:[ \t]*(?=(?:'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"]+)"
            rf"[ \t]*[,}}]?[ \t]*$)|{_VALUE_KEY})" + _shell_value(ends="\"',}\\]")
        ),
        anchors=each(
            tuple(n.lower() for n in (*_ENV_NAMES, *_ENV_OWN)),
            r"['\"]?[ \t]{0,16}[:=][ \t]{0,16}['\"]?[^\s'\"]",
        )
        + each(
            tuple(n.lower() for n in _ENV_NAMES),
            r"['\"]?[ \t]{0,16},?[ \t]{0,16}(?:\n[ \t]{0,32})?['\"]?value['\"]?[ \t]{0,16}:",
        ),
        window=320,
        accept=_slot_password,
        secret_group=2,
        span_group=2,
    ),
)
