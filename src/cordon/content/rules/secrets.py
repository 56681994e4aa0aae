"""Secret rules (prefix ``secret.``): live-looking credentials in text the agent reads.

Matching is case-sensitive. Documented example values (AWS's ``AKIAIOSFODNN7EXAMPLE``, the
jwt.io sample token, ``xxxx`` placeholders) are refused by each rule's ``accept`` predicate.
:func:`cordon.content.find_secrets` returns the raw values so that later calls can be checked
for them.
"""

from __future__ import annotations

import base64
import re
from functools import partial

from cordon.content._rule import Rule, each
from cordon.secret_formats import AWS_SECRET_KEY_ASSIGNED, HUGGINGFACE_TOKEN, PREFIXED_TOKENS

_R = partial(Rule, category="secrets", case_sensitive=True)

_PLACEHOLDER = re.compile(
    rb"(?i)example|sample|dummy|placeholder|your[_-]|changeme|redacted|xxxx|\*\*\*|\.\.\.|"
    rb"<[^>]*>|\$\{|\{\{|0000000|1234567|abcdef|test[_-]?(?:key|token|secret)"
    # the storage emulator's account key, published by Microsoft for every developer
    # (Azurite, "devstoreaccount1"): in documentation and test settings, never a secret
    rb"|Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq"
)
_JWT_IO_SIGNATURE = b"SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
#: the most characters of a PEM private key's body matched after its first two lines: an
#: RSA 8192-bit key is about 6.5 KB; a longer run is masked up to here
PEM_BODY_CAP = 16384
#: a line break inside a PEM block: whitespace, or a JSON/JS escape of one (``\\n``)
_PEM_GAP = r"(?:\s|\\r|\\n)"
_IDENTIFIER = re.compile(rb"^[A-Za-z_][\w.]*(?:[\[(].*)?$")


def _random_looking(value: bytes) -> bool:
    """Enough distinct characters to be a generated value, and no placeholder wording."""
    return len(set(value)) >= 8 and _PLACEHOLDER.search(value) is None


#: the prefixed token formats (cordon.secret_formats), each read from its start boundary
_PREFIXED = "|".join(
    (
        HUGGINGFACE_TOKEN[1].removesuffix("(?![A-Za-z0-9])"),
        *(rf"(?<![\w-]){p}" for _, p, _ in PREFIXED_TOKENS),
    )
)
#: the same, each run as short as its format allows: the token part of a match, whose body
#: may take padding of its own characters ('ATATT3...' + '_example')
_PREFIXED_RE = re.compile(re.sub(r"(\{\d+,\d+\})", r"\1?", _PREFIXED).encode())
#: token characters after a prefixed token that are masked with it (its padding)
_PAD_RUN = 256
_PAD_TAIL = rf"[\w+/=-]{{0,{_PAD_RUN}}}"


def _prefixed_token(value: bytes) -> bool:
    """The token at the start of a ``secret.prefixed_token`` match (at its shortest) is
    random-looking and no placeholder; the padding after it (``_example``, ``xxxx``) says
    nothing of the token."""
    m = _PREFIXED_RE.match(value)
    return m is not None and _random_looking(m.group())


def _not_jwt_example(value: bytes) -> bool:
    return _JWT_IO_SIGNATURE not in value and _random_looking(value)


def _basic_pair(value: bytes) -> bool:
    """Base64 that decodes to printable ``user:password`` text (RFC 7617), not a placeholder."""
    try:
        plain = base64.b64decode(value, validate=True)
    except ValueError:
        return False
    user, colon, password = plain.partition(b":")
    return bool(colon) and len(password) >= 6 and plain.isascii() and _random_looking(value)


def _plain_password(value: bytes) -> bool:
    """Letters and digits, not a placeholder, a bare word (``my_password``) or a keyword."""
    if _PLACEHOLDER.search(value) or _IDENTIFIER.match(value) and not re.search(rb"\d", value):
        return False
    if value.lower() in {b"password", b"passwd", b"secret", b"none", b"null", b"true", b"false"}:
        return False
    return bool(re.search(rb"[0-9]", value)) and bool(re.search(rb"[A-Za-z]", value))


def _password_value(value: bytes) -> bool:
    # an expression or a reference, not a literal: os.environ[...], getenv(...), settings.X
    if re.search(rb"[\[(]|^(?:os|env|process|settings|config|self|request)\.", value):
        return False
    # an absolute path of two or more segments is a location, not a password: POSIX's PWD
    # and OLDPWD (the working directory, in every printenv or get-env output) read as a
    # password's abbreviation
    if re.fullmatch(rb"(?:/[\w.@+-]+){2,}/?", value):
        return False
    return _plain_password(value)


def _literal_password(value: bytes) -> bool:
    """A value written as a literal (a quoted PHP string, an XML element's text, an option's
    joined argument), where brackets are characters of the password (a WordPress salt, a
    Maven 4 ``{[name=master,...]...}`` ciphertext), not an expression; a shell or batch
    variable standing in for it (``$DB_PASS``, ``%DB_PASS%``) is not the password."""
    if re.match(rb"\$|%\w+%$", value):
        return False
    # '<' and '>' are characters of a generated salt too: only a <word> is a placeholder
    return _plain_password(re.sub(rb"<(?![A-Za-z][\w -]{2,40}>)", b"", value))


def _command_password(value: bytes) -> bool:
    """A password on a command line or in a directive, not a documentation placeholder: a
    value wholly inside angle brackets is one however it is spelled (Microsoft's SQL Server
    quickstarts write ``-P "<YourStrong@Passw0rd>"``)."""
    return re.fullmatch(rb"<[^<>]{1,126}>", value) is None and _literal_password(value)


#: the words a documentation example puts in a password slot ('yourpassword', 'mysecretpw',
#: 'changeit', 'very secret passphrase', 'foobared'): a value holding one is a placeholder
_EXAMPLE_WORDS = re.compile(
    rb"(?i)pass|pwd|secret|secure|example|sample|change|default|dummy|your|test|demo|fake|"
    rb"placeholder|redacted|foobar|qwerty|letmein|admin|root|guest|token|value|hidden|"
    rb"none|null|undefined"
)
#: a value published by a program's own documentation for its password slot
_DOC_EXAMPLES = frozenset(
    {
        b"Pwd4Steve",  # Apache httpd, 'htpasswd' (htpasswd -b ... jsmith Pwd4Steve)
        # wpa_supplicant.conf(5) and its example file: the raw psk of a sample network
        b"06b4be19da289f475aa46a33cb793029d4ab3db7a23ee92382eb0106c72ac7bb",
    }
)


def _passphrase(value: bytes) -> bool:
    """A password of letters without a digit ('hunter-two-horse', a diceware phrase), read
    only where the slot alone makes the value a password (a program's documented password
    option or key, never prose): at least 10 characters, 8 of them letters, no reference or
    path character, no documentation word, not an ALL_CAPS name standing in for it. One
    lower-case word of 12 letters or fewer is a default or a name, not a passphrase: examples
    set the password to the user's or the application's name (POSTGRES_PASSWORD: geonetwork),
    as cordon.argvcreds leaves such a word unregistered."""
    if len(value) < 10 or len(re.findall(rb"[A-Za-z]", value)) < 8 or len(set(value)) < 6:
        return False
    if re.fullmatch(rb"[a-z]{1,12}", value):
        return False
    if re.search(rb"[\d/\\:$%{}<>\[\]`=]", value) or re.fullmatch(rb"[A-Z_]+", value):
        return False
    return _PLACEHOLDER.search(value) is None and not _example_words(value)


def _example_words(value: bytes) -> bool:
    """A documentation word in a letter passphrase: anywhere in a value of one word
    ('yourpassword', 'changeit', 'mysecretpassword'), at the start of a word in one of
    several ('my-secret-pw', 'very secret passphrase'). Not inside a word of several: diceware
    words hold them ('contest-otter-lantern', 'compass river mango', 'exchange-violet-harbor'),
    and the passphrase of a user who drew one was not read as one."""
    words = [w for w in re.split(rb"[\s_.-]+", value) if w]
    if len(words) < 2:
        return _EXAMPLE_WORDS.search(value) is not None
    return any(_EXAMPLE_WORDS.match(w) for w in words)


def _slot_password(value: bytes) -> bool:
    """A value in a slot its program documents as the password: a password with a digit
    (:func:`_command_password`) or a letter passphrase (:func:`_passphrase`), not a value the
    program's own documentation shows."""
    # a counting run of bytes (wpa_supplicant.conf's psk=000102...1e1f) is an example key
    if value in _DOC_EXAMPLES or b"000102030405" in value:
        return False
    return _command_password(value) or (
        re.fullmatch(rb"<[^<>]{1,126}>", value) is None and _passphrase(value)
    )


def _url_password(value: bytes) -> bool:
    """A URL's userinfo password: a password with a digit (:func:`_password_value`) or a
    letter passphrase (:func:`_passphrase`)."""
    return _password_value(value) or _passphrase(value)


def _shell_value(prefix: str = "", ends: str = "") -> str:
    """A command-line value as the shell reads it, after ``prefix``: quoted (any character but
    the quote and a line break; ``; | & < >`` are the password's own there) or bare (ending at
    a space or a shell metacharacter). ``ends``: more characters that may follow it (a JSON
    string's or list's end). Group 1 is the quote, group 2 the value: a pattern using it
    holds no other group before it."""
    return (
        r"(['\"])?" + prefix + r"((?(1)(?:(?!\1)[^\n]){6,128}|[^\s'\"`;|&<>]{6,128}))(?(1)\1)"
        rf"(?![^\s;|&<>){ends}])"
    )


def _gap(stop: str, lead: str = "-") -> str:
    """The words of one command after its program's name, up to the first of its password
    options: no ``lead`` (an option's first character) there starts ``stop`` (a lookahead),
    a backslash continues the line and ``; | & < >`` end the command. Linear in dense text:
    the gap cannot pass the option. It ends after a blank or a continued line's break: the
    scanner folds the break and the next line's indent to one ``\n``."""
    return (
        rf"(?:[^\s;|&<>{lead}]|[ \t]|\\\n|{lead}(?!{stop})|(?<![ \t]){lead}){{0,240}}?(?<=[ \t\n])"
    )


RULES: tuple[Rule, ...] = (
    _R(
        id="secret.aws_access_key",
        severity="high",
        summary="An AWS access key id (AKIA/ASIA... 20 characters), not AWS's documented example.",
        why="Credentials in tool output reach the model's context and can be repeated into "
        "later calls, logs or other servers.",
        fix="Warn mode masks it; rotate the key and find out why a tool returned it.",
        source="AWS IAM User Guide, 'Unique identifiers' (key id prefixes); gitleaks aws rule",
        pattern=r"\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z2-7]{16}\b",
        anchors=(r"a(?:kia|sia|bia|cca|gpa|ida|roa|npa|nva|ipa)[a-z2-7]{16}",),
        window=40,
        accept=_random_looking,
    ),
    _R(
        id="secret.aws_secret_key",
        severity="high",
        summary="An AWS secret access key assigned to aws_secret_access_key.",
        why="Together with the key id it grants the account's permissions.",
        fix="Warn mode masks it; rotate the key.",
        source="AWS CLI configuration files documentation; gitleaks aws-secret rule",
        pattern=AWS_SECRET_KEY_ASSIGNED[1],  # (the catalogue the outbound check reads too)
        anchors=AWS_SECRET_KEY_ASSIGNED[2],
        window=120,
        accept=_random_looking,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.github_token",
        severity="high",
        summary="A GitHub token (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_).",
        why="A token in the context can be pushed into a later call and used by whoever "
        "receives it.",
        fix="Warn mode masks it; revoke the token.",
        source="GitHub blog, 'Behind GitHub's new authentication token formats' (2021-04)",
        pattern=r"\b(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,255})\b",
        anchors=(r"gh[pousr]_[a-z0-9]{36}", r"github_pat_[a-z0-9_]{22}"),
        window=300,
        accept=_random_looking,
    ),
    _R(
        id="secret.provider_key",
        severity="high",
        summary="A provider API key: Anthropic sk-ant-, OpenAI sk-proj-/T3BlbkFJ, Stripe "
        "sk_live_, Google AIza, Slack xox?-, npm_, PyPI, GitLab glpat-, SendGrid SG., Square "
        "sq0csp-, an Azure storage AccountKey=, Mailchimp ...-usNN.",
        why="Live keys spend money and expose data; in the context they can leak into later calls.",
        fix="Warn mode masks it; revoke the key.",
        source="gitleaks and detect-secrets provider rules; vendor key-format documentation",
        pattern=(
            r"\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,120}"
            # bounded runs around the marker (a project key is ~164 characters): unbounded,
            # every 'sk-' of a long run of them ran to the run's end looking for the marker
            # (quadratic: 256 KiB of 'sk-' scanned in ~29 s)
            r"|\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{16,256}T3BlbkFJ[A-Za-z0-9_-]{16,256}"
            r"|\bsk-(?:proj|svcacct)-[A-Za-z0-9_-]{40,200}"
            r"|\b[sr]k_live_[0-9a-zA-Z]{24,99}"
            r"|\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"
            r"|\bxox[abposr]-[0-9A-Za-z-]{10,250}"
            r"|\bnpm_[A-Za-z0-9]{36}\b"
            r"|\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,300}"
            r"|\bglpat-[A-Za-z0-9_-]{20,60}"
            # the formats of detect-secrets' plugins that cordon's egress check reads
            # (cordon.store.dlp.PLUGINS), so a key refused on the way out is masked on the
            # way in: SendGrid, Square OAuth secret, Azure storage account key, Mailchimp
            r"|\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"
            r"|\bsq0csp-[0-9A-Za-z_-]{43}"
            r"|\bAccountKey=[A-Za-z0-9+/=]{88}"
            r"|\b[0-9a-f]{32}-us[0-9]{1,2}\b"
        ),
        anchors=(
            r"sk-[a-z0-9_-]{16}",
            r"sk_live_[0-9a-z]{24}",
            r"rk_live_[0-9a-z]{24}",
            r"aiza[0-9a-z_-]{35}",
            r"xox[abposr]-",
            r"npm_[a-z0-9]{36}",
            r"pypi-ageichlwas5vcmc",
            r"glpat-[a-z0-9_-]{20}",
            r"sg\.[a-z0-9_-]{22}\.",
            r"sq0csp-",
            r"accountkey=[a-z0-9+/=]{16}",
            r"-us[0-9]",
        ),
        window=320,
        accept=_random_looking,
    ),
    _R(
        id="secret.prefixed_token",
        severity="high",
        summary="An API token with a prefix of its own: Hugging Face hf_/api_org_, Groq gsk_, "
        "OpenRouter sk-or-v1-, Replicate r8_, Linear lin_api_, Notion ntn_, Supabase sbp_, "
        "Databricks dapi, Postman PMAK-, Atlassian ATATT3, GitLab glrt-, Tavily tvly- and more.",
        why="A token read into the context can be pushed into a later call and used by "
        "whoever receives it; a call carrying one is refused by format (secret.pattern).",
        fix="Warn mode masks it; revoke the token.",
        source="gitleaks rules; the providers' documented token formats "
        "(cordon.secret_formats, the catalogue the outbound check reads)",
        # a token padded past its length or bound ('<key>AAAA', '<key>_x': the reader cuts
        # it back) is still the token: no end boundary, and the run of token characters that
        # follows it is masked with it (up to _PAD_RUN of them)
        pattern=f"(?:{_PREFIXED}){_PAD_TAIL}",
        anchors=tuple(
            a for _, _, anchors in (HUGGINGFACE_TOKEN, *PREFIXED_TOKENS) for a in anchors
        ),
        window=600 + _PAD_RUN,
        accept=_prefixed_token,
    ),
    _R(
        id="secret.private_key",
        severity="critical",
        summary="A PEM private key block with a real body (not a '...' placeholder).",
        why="A private key in the context can be copied anywhere the agent can write.",
        fix="Warn mode masks it; replace the key.",
        source="RFC 7468 (PEM textual encodings); detect-secrets PrivateKeyDetector",
        # The span runs from the BEGIN line through the END line, so warn mode masks the
        # whole block (two base64 lines are enough to tell a key from a placeholder, but
        # the rest of the body is the key too). The body after those two lines is bounded
        # by PEM_BODY_CAP characters; with no END line within it, the span ends where the
        # base64 run does (a space outside a line's indent ends it) or at the cap. Line
        # breaks may be real or JSON-escaped (\n), as in a service-account JSON read as text.
        pattern=(
            r"-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----" + _PEM_GAP + "*"
            r"(?:[A-Za-z-]+:[^\n]{0,200}\n\s*){0,4}"
            r"(?:[A-Za-z0-9+/=]{40,}" + _PEM_GAP + "*){2}"
            r"(?:\n[ \t]{1,40}|[A-Za-z0-9+/=\r\n]|\\r|\\n){0," + str(PEM_BODY_CAP) + "}"
            r"(?:-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----)?"
        ),
        anchors=("-----begin ",),
        window=PEM_BODY_CAP + 1400,
    ),
    _R(
        id="secret.jwt",
        severity="medium",
        summary="A JSON Web Token (three base64url segments starting eyJ), not the jwt.io sample.",
        why="A bearer token is a live session for whoever holds it until it expires.",
        fix="Warn mode masks it.",
        source="RFC 7519 (JSON Web Token)",
        pattern=r"\beyJ[A-Za-z0-9_-]{10,2000}\.eyJ[A-Za-z0-9_-]{10,4000}\.[A-Za-z0-9_-]{10,1000}",
        anchors=(r"eyj[a-z0-9_-]{10}",),
        window=7000,
        accept=_not_jwt_example,
    ),
    _R(
        id="secret.url_password",
        severity="medium",
        summary="A password in a URL's userinfo: postgres://app:PASSWORD@db:5432/app, "
        "https://user:PASSWORD@host/ (a connection string in a .env or a config file).",
        why="A database or service password read from a file reaches the model's context, "
        "and from there any later call; the URL form hides it from key=value rules.",
        fix="Warn mode masks the password; keep connection strings out of what tools return.",
        source="RFC 3986 section 3.2.1 (user:password in userinfo is deprecated); "
        "detect-secrets BasicAuthDetector; CWE-798 (hard-coded credentials)",
        pattern=(
            r"\b[A-Za-z][A-Za-z0-9+.-]{1,30}://[^\s:/@\"'<>]{0,128}:"
            r"([^\s/@\"'<>]{6,128})@(?=[A-Za-z0-9\[])"
        ),
        anchors=(r"://[^\s:/@\"'<>]{0,128}:[^\s/@\"'<>]{6,128}@",),
        window=320,
        # the userinfo's password field is one by RFC 3986's grammar: a letter passphrase
        # counts there too (https://deploy:correct-horse-battery@host/)
        accept=_url_password,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.netrc_password",
        severity="medium",
        summary="A password in a .netrc entry: machine HOST login USER password PASSWORD.",
        why="ftp, curl and git read ~/.netrc; the password logs in to the host it names.",
        fix="Warn mode masks the password.",
        source="netrc(5) (GNU inetutils); curl --netrc; CWE-256 (plaintext storage)",
        pattern=(
            r"\b(?:machine[ \t]+[^\s]{1,253}|default)(?:\s+(?:login|account)[ \t]+[^\s]{1,128})"
            r"{0,2}\s+password[ \t]+([^\s]{6,128})"
        ),
        anchors=(r"password[ \t]+[^\s]{6}",),
        window=720,
        accept=_password_value,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.pgpass_password",
        severity="medium",
        summary="A password in a .pgpass line: hostname:port:database:username:password.",
        why="libpq reads ~/.pgpass to log in to PostgreSQL; the last field is the password.",
        fix="Warn mode masks the password.",
        source="PostgreSQL documentation, 'The Password File' (libpq-pgpass)",
        pattern=(
            r"(?<![\w.:*-])[A-Za-z0-9.*_-]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:"
            r"([^\s:]{6,128})(?![^\s])"
        ),
        anchors=(r":(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:[^\s:]{6}",),
        window=640,
        accept=_password_value,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.php_define_password",
        severity="medium",
        summary="A password, key or salt defined as a PHP constant: define( 'DB_PASSWORD', "
        "'...' ) in WordPress's wp-config.php (DB_PASSWORD, AUTH_KEY ... NONCE_SALT).",
        why="wp-config.php holds the site's database password and the keys that sign its "
        "login cookies; read through a file tool they reach the model's context and any "
        "later call or memory store.",
        fix="Warn mode masks the value; keep wp-config.php out of what tools read.",
        source="WordPress Developer Resources, 'wp-config.php' (database settings, "
        "authentication unique keys and salts); PHP manual, define(); CWE-260 (password in "
        "configuration file)",
        # the constant's name ends in a credential word (DB_PASSWORD, SECURE_AUTH_KEY,
        # NONCE_SALT, SMTP_PASS); a public key by name is not one. wp-config-sample.php's
        # 'password_here' and 'put your unique phrase here' are refused by accept: published
        # placeholders, not a secret to keep from leaving
        pattern=(
            r"\bdefine\s*\(\s*(['\"])(?i:(?:[a-z0-9_]{0,60}_)?(?:[a-z0-9]{0,20}password|passwd|"
            r"passphrase|pass|pwd|secret|apikey|key|salt|token)(?<!public_key)(?<!publishable_key)"
            r"(?<!site_key)(?<!cache_key_salt))\1\s*,\s*(['\"])([^'\"\\\n]{6,256})\2\s*[,)]"
        ),
        anchors=(r"define\s*\(\s*['\"][a-z0-9_]{0,90}(?:pass|pwd|secret|key|salt|token)",),
        window=480,
        accept=_literal_password,
        secret_group=3,
        span_group=3,
    ),
    _R(
        id="secret.xml_password",
        severity="medium",
        summary="A password in an XML element: Maven settings.xml's <server> or <proxy> "
        "<password>...</password> and <passphrase>, settings-security.xml's {...} <master>, "
        "FileZilla's saved sites' <Pass> (plain or encoding=\"base64\").",
        why="A repository's deploy password publishes artifacts others build from. Maven's "
        "{...} encrypted form is a credential too: whoever holds the master password decrypts "
        "every value, and Maven 3 keeps that master password in settings-security.xml "
        "encrypted with a fixed, public key.",
        fix="Warn mode masks the value; take passwords from ${env.NAME} instead.",
        source="Apache Maven, 'Settings Reference' (servers: password, passphrase) and "
        "'Password Encryption' (Maven 3 and Maven 4: everyone with the master key can decrypt "
        "all encrypted values); FileZilla 3's site files (sitemanager.xml, recentservers.xml: "
        "<Pass> in plain text, or base64 when no master password is set); CWE-260 (password "
        "in configuration file)",
        # a ${env.X} or ${user.home} reference is interpolated by Maven from elsewhere, not
        # the password: refused by accept (the placeholder pattern). FileZilla's base64 is
        # registered as seen; the secret set also keeps what it decodes to
        pattern=(
            r"<(password|passphrase|Pass|(?=master>\s*\{)master)(?:\s+encoding=\"base64\")?>"
            r"\s*([^<>\s]{6,256})\s*</\1>"
        ),
        anchors=(r"<password>", r"<passphrase>", r"<master>\s*\{", r"<pass>", r"<pass\s+encoding="),
        window=320,
        accept=_literal_password,
        secret_group=2,
        span_group=2,
    ),
    _R(
        id="secret.basic_credentials",
        severity="medium",
        summary='HTTP Basic credentials in base64: a Docker config\'s "auth" field, an '
        "Authorization: Basic header, an .npmrc's _auth.",
        why="The base64 is user:password in clear for whoever decodes it (RFC 7617); a "
        "registry login in ~/.docker/config.json pulls and pushes images.",
        fix="Warn mode masks it; use a credential helper instead of an auth field.",
        source="RFC 7617 (HTTP Basic authentication); Docker CLI documentation, 'docker login' "
        "(config.json auths); npm Docs, 'npmrc' (_auth: base64 of username:password)",
        pattern=(
            r'(?:"auth"\s*:\s*"|\bBasic[ \t]+|(?<![\w-])_auth[ \t]*=[ \t]*)'
            r"([A-Za-z0-9+/]{12,2048}={0,2})(?![A-Za-z0-9+/=])"
        ),
        anchors=(
            r'"auth"\s*:\s*"[a-z0-9+/]{12}',
            r"basic[ \t]+[a-z0-9+/]{12}",
            r"_auth[ \t]*=[ \t]*[a-z0-9+/]{12}",
        ),
        window=2200,
        accept=_basic_pair,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.curl_user",
        severity="medium",
        summary="A password on a command line: curl -u USER:PASSWORD, --user USER:PASSWORD.",
        why="Scripts and shell history keep the password in clear; it logs in to the URL the "
        "command names.",
        fix="Warn mode masks the password; use --netrc or a credential store.",
        source="curl manual (-u, --user); CWE-214 (sensitive information in process arguments)",
        pattern=r"(?<![\w-])(?:-u|--user)(?:[ \t]+|=)['\"]?[^\s:'\"]{1,128}:([^\s'\"]{6,128})",
        anchors=(r"-u[ \t]", r"--user"),
        window=300,
        accept=_password_value,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.mysql_cli_password",
        severity="medium",
        summary="A password on a MySQL or MariaDB client's command line: mysqldump -u root "
        "-pPASSWORD, mysql --password=PASSWORD (a backup or deploy script).",
        why="Scripts and shell history keep the password in clear, and any user on the host "
        "sees it in the process list; it logs in to the database the command names.",
        fix="Warn mode masks the password; use an option file (~/.my.cnf) or mysql_config_editor.",
        source="MySQL Reference Manual, 'Command Options for Connecting to the Server' "
        "(--password[=password], -p[password]: no space between -p and the password) and "
        "'End-User Guidelines for Password Security'; CWE-214 (sensitive information in "
        "process arguments)",
        # -p with a space after it prompts (the next word is the database name), as does
        # --password with no '=': neither is matched. The option follows the client's name on
        # the same command (a backslash continues the line; ; | & < > end it)
        pattern=(
            r"(?<![\w.-])(?:mysql(?:dump|admin|import|show|check|pump|slap|binlog)?|mariadb"
            r"(?:-dump|-admin|-import|-show|-check)?)(?:\.exe)?[ \t]"
            # the gap stops at the first password option (linear in dense text)
            + _gap("p|-password=")
            # quoted, the password may hold ; | & < > (a generated one often does)
            + r"(?:-p|--password=)"
            + _shell_value()
        ),
        # the whole command up to the option: a line that names the client but gives no
        # joined password costs no window search (text dense with 'mysql' is common)
        anchors=each(
            (r"mysql[a-z]{0,6}", r"mariadb[a-z-]{0,7}"),
            r"(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?(?:-p|--password=)['\"]?[^\s'\"]{6}",
        ),
        window=440,
        accept=_slot_password,
        secret_group=2,
        span_group=2,
    ),
    _R(
        id="secret.cli_password",
        severity="medium",
        summary="A password given on a command line to a tool that takes one: sshpass -p, "
        "redis-cli -a, ldapsearch -w (and the other OpenLDAP clients), docker/podman login "
        "-p or --password (and skopeo, oras, crane), sqlcmd -P, svn, helm and the MongoDB "
        "tools' --password (mongosh -p), openssl pass: and -k, xfreerdp /p:, PsExec -p, zip "
        "and unzip -P, 7z -pPASSWORD.",
        why="Scripts, CI files and shell history keep the password in clear, and any user on "
        "the host sees it in the process list; it logs in to the host, cache, directory or "
        "registry the command names, or decrypts the file it names.",
        fix="Warn mode masks the password; use each tool's file or environment form (sshpass "
        "-f/-e, REDISCLI_AUTH, ldapsearch -y, docker login --password-stdin, openssl env:).",
        source="sshpass(1) (-p: 'the least secure of all'); Redis docs, 'redis-cli' (-a); "
        "OpenLDAP ldapsearch(1) (-w passwd); Docker docs, 'docker login' (--password, -p: "
        "use --password-stdin); Microsoft Learn, 'sqlcmd utility' (-P); Version Control "
        "with Subversion, 'svn Options' (--password); Helm docs, 'helm repo add' (--password); "
        "MongoDB docs, 'mongosh Options' (--password, -p); Info-ZIP zip(1) and unzip(1) (-P "
        "password: 'THIS IS INSECURE!'); 7-Zip docs, '-p (set Password) switch'; FreeRDP "
        "(/p:); Sysinternals PsExec (-p); OpenSSL "
        "openssl-passphrase-options(1) (pass:password 'should only be used where security "
        "is not important') and openssl-pkcs12(1) (-password: -passin or -passout); a "
        "passphrase of letters counts in these slots (_slot_password); CWE-214 (sensitive information in process arguments)",
        # each program's own password option, on the same command as its name; another
        # program's -p after it (ssh -p PORT after sshpass's options) is not sshpass's
        pattern=(
            r"(?<![\w.-])(?:"
            r"sshpass(?:[ \t]+-(?:[fdP][ \t]*[^\s-][^\s]{0,100}|[ve]{1,4})){0,3}[ \t]+-p[ \t]*"
            r"|redis-cli[ \t]" + _gap(r"a[ \t]|-pass[ \t]") + r"(?:-a|--pass)[ \t]+"
            r"|ldap(?:search|modify|add|delete|whoami|passwd|compare|modrdn|exop)[ \t]"
            + _gap("w")
            + r"-w[ \t]*"
            # registry logins: Docker's CLI and the clients that share its options
            r"|(?:(?:docker|podman|nerdctl|buildah|skopeo|oras)(?:\.exe)?|crane[ \t]+auth)"
            r"[ \t]+login[ \t]"
            + _gap(r"p[ \t]|-password[ \t=]")
            + r"(?:-p[ \t]+|--password(?:[ \t]+|=))"
            r"|sqlcmd(?:\.exe)?[ \t]" + _gap("P") + r"-P[ \t]*"
            # --password VALUE (a next option is not one: mongosh then prompts)
            r"|(?:svn|helm)(?:\.exe)?[ \t]"
            + _gap(r"-password[ \t=]")
            + r"--password(?:[ \t]+(?!-)|=)"
            r"|(?:mongosh|mongo(?:dump|restore|export|import)?)(?:\.exe)?[ \t]"
            + _gap(r"-password[ \t=]|p[ \t]")
            + r"(?:--password(?:[ \t]+(?!-)|=)|-p[ \t]+(?!-))"
            r"|openssl(?:\.exe)?[ \t]"
            + _gap(r"pass|k[ \t]")
            + r"(?:-pass(?:in|out|word)?[ \t]+(?=['\"]?pass:)|-k[ \t]+)"
            # FreeRDP's /p:, PsExec's -p, zip's and unzip's -P, 7-Zip's -p joined to it
            r"|(?:xfreerdp|wlfreerdp|sdl-freerdp)(?:\.exe)?[ \t]" + _gap("p:", "/") + r"/p:"
            r"|(?i:psexec(?:64)?)(?:\.exe)?[ \t]" + _gap(r"p[ \t]") + r"-p[ \t]+"
            r"|(?:un)?zip(?:\.exe)?[ \t]"
            + _gap(r"P[ \t]|-password[ \t]")
            + r"(?:-P|--password)[ \t]+"
            r"|7z[az]?(?:\.exe)?[ \t]" + _gap("p") + r"-p(?=\S)"
            r")" + _shell_value("(?:pass:)?")
        ),
        anchors=(
            r"sshpass[ \t](?:[^\n]){0,300}-p",
            r"redis-cli[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?(?:-a|--pass)[ \t]",
            r"ldap[a-z]{3,7}[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?-w",
            *each(
                ("docker", "podman", "nerdctl", "buildah", "skopeo", "oras", r"crane[ \t]+auth"),
                r"(?:\.exe)?[ \t]+login[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?(?:-p|--password)[ \t=]",
            ),
            r"sqlcmd(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?-p",
            *each(
                ("svn", "helm", r"mongo[a-z]{0,7}"),
                r"(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?--password[ \t=]",
            ),
            r"mongo[a-z]{0,7}(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?-p[ \t]",
            r"openssl(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?-pass[a-z]{0,4}[ \t]+['\"]?pass:",
            r"openssl(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?-k[ \t]",
            *each(
                ("xfreerdp", "wlfreerdp", "sdl-freerdp"),
                r"(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?/p:",
            ),
            r"psexec(?:64)?(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?-p[ \t]",
            r"zip(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?(?:-p|--password)[ \t]",
            r"7z[az]?(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?-p[^\s]",
        ),
        window=480,
        accept=_slot_password,
        secret_group=2,
        span_group=2,
    ),
    _R(
        id="secret.smb_user_password",
        severity="medium",
        summary="A password joined to a Samba client's user name: smbclient //host/share -U "
        "USER%PASSWORD, rpcclient --user=DOMAIN\\USER%PASSWORD.",
        why="The password logs in to the Windows or Samba host (often a domain account); "
        "scripts and shell history keep it in clear and the process list shows it.",
        fix="Warn mode masks the password; use an authentication file (-A) or a Kerberos ticket.",
        source="Samba smbclient(1), rpcclient(1) and smbcacls(1) (-U|--user=[DOMAIN\\]USERNAME"
        "[%PASSWORD]); CWE-214 (sensitive information in process arguments)",
        pattern=(
            r"(?<![\w.-])(?:smbclient|rpcclient|smbcacls|smbcquotas|smbget|smbtree|winexe)"
            r"(?:\.exe)?[ \t]" + _gap("U|-user") + r"(?:-U[ \t]*|--user(?:=|[ \t]+))"
            r"(?=['\"]?[^\s%'\"]{1,64}%)" + _shell_value(r"[^\s%'\"]{1,64}%")
        ),
        anchors=each(
            ("smbclient", "rpcclient", "smbcacls", "smbcquotas", "smbget", "smbtree", "winexe"),
            r"(?:\.exe)?[ \t](?:(?:[^\n]|\\\n){0,240}[ \t])?(?:-u|--user)(?:[ \t]{0,16}|=)['\"]?"
            r"[^\s%'\"]{1,64}%",
        ),
        window=500,
        accept=_slot_password,
        secret_group=2,
        span_group=2,
    ),
    _R(
        id="secret.config_directive_password",
        severity="medium",
        summary="A password set by a configuration directive of its own: redis.conf's "
        "requirepass and masterauth (or CONFIG SET requirepass), rclone.conf's pass = ... .",
        why="The Redis password is every client's login (and a replica's to its master); "
        "rclone's 'obscured' pass is reversible by design (rclone reveal) and logs in to the "
        "remote it names.",
        fix="Warn mode masks the value; keep configuration files out of what tools read.",
        source="Redis docs, 'Redis security' and the self-documented redis.conf (requirepass, "
        "masterauth); rclone docs, 'rclone obscure' and the SFTP/FTP backends' pass option "
        "(obscured, not encrypted); CWE-260 (password in configuration file)",
        # the shipped redis.conf's '# requirepass foobared' is commented out, and all letters
        pattern=(
            r"(?:(?:^[ \t]*|(?i:config)[ \t]+(?i:set)[ \t]+)(?:requirepass|masterauth)[ \t]+"
            r"|^[ \t]*pass[ \t]*=[ \t]*)" + _shell_value()
        ),
        anchors=(
            r"requirepass[ \t]+['\"]?[^\s'\"]{6}",
            r"masterauth[ \t]+['\"]?[^\s'\"]{6}",
            # a line of its own (rclone.conf starts with its [remote] header)
            r"\x0a[ \t]{0,16}pass[ \t]{0,16}=[ \t]{0,16}[^\s]{6}",
        ),
        window=300,
        accept=_command_password,
        secret_group=2,
        span_group=2,
    ),
    _R(
        id="secret.xml_add_key_password",
        severity="medium",
        summary='A password in an <add key="..." value="..."/> element: NuGet.Config\'s '
        "packageSourceCredentials ClearTextPassword, a .NET appSettings key naming a "
        "password, secret, API key or token.",
        why="A package feed's password publishes packages others build from; an app's "
        "settings hold its database, mail and API credentials.",
        fix="Warn mode masks the value; NuGet reads %VARIABLE% references from the "
        "environment, and .NET secrets belong in a secret store.",
        source="Microsoft Learn, 'nuget.config reference' (packageSourceCredentials: Username, "
        "Password, ClearTextPassword) and 'appSettings element'; CWE-260 (password in "
        "configuration file)",
        # the key's name ends in a credential word (ClearTextPassword, SmtpPassword,
        # ClientSecret, ApiKey, AccessToken); a %VAR% value is NuGet's environment reference
        pattern=(
            r"<add\s+key\s*=\s*(['\"])"
            r"(?i:[\w.:-]{0,60}?(?:password|passwd|pwd|secret|api_?key|token))\1"
            r"\s+value\s*=\s*(['\"])([^'\"<>\n]{6,256})\2"
        ),
        anchors=(
            r"<add\s+key\s*=\s*['\"][\w.:-]{0,60}(?:password|passwd|pwd|secret|api_?key|token)"
            r"['\"]\s+value",
        ),
        window=400,
        accept=_literal_password,
        secret_group=3,
        span_group=3,
    ),
    _R(
        id="secret.bearer_token",
        severity="medium",
        summary="A bearer token in an Authorization header or a request written out: "
        "Authorization: Bearer TOKEN.",
        why="Whoever holds a bearer token is the user for the API it was issued for (RFC 6750).",
        fix="Warn mode masks it.",
        source="RFC 6750 (OAuth 2.0 bearer token usage), section 2.1",
        pattern=r"\bBearer[ \t]+([A-Za-z0-9._~+/-]{16,4096}=*)",
        anchors=(r"bearer[ \t]+[a-z0-9._~+/-]{16}",),
        window=4200,
        accept=_random_looking,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.password_assignment",
        severity="medium",
        summary="An inline credential assignment: password=..., passphrase=..., api_key: ..., "
        "client_secret=..., "
        "and a name holding one (MYAPP_API_KEY=..., aws_secret_access_key: ..., dbPassword: ...)",
        why="Plain-text passwords in tool output end up in the model's context and logs.",
        fix="Warn mode masks the value.",
        source="detect-secrets KeywordDetector (its keywords, inside a longer name: "
        "STRIPE_SECRET, SENTRY_AUTH_TOKEN); Ansible docs, 'Connecting to hosts: behavioral "
        "inventory parameters' (ansible_ssh_pass, ansible_become_pass); CWE-798 (hard-coded "
        "credentials)",
        pattern=(
            r"(?i:password|passwd|passphrase|(?<![a-z0-9])pwd|secret|api[_-]?(?:key|token)|apikey|access[_-]?token|"
            r"auth[_-]?(?:token|key)|client[_-]?(?:secret|key)|(?:db|database)[_-]?(?:pass|key)|"
            r"(?:service|account|priv|private|key)[_-]?(?:key|pass)|"
            # Ansible's connection variables ansible_ssh_pass and ansible_become_pass
            # (aliases of ansible_password and ansible_become_password)
            r"(?:ssh|become|sudo)_pass)"
            # a name that only refers to one (secretName, password_file, api_key_id ...)
            r"[\w-]{0,30}(?i:(?<!name)(?<!ref)(?<!id)(?<!file)(?<!path)(?<!url)(?<!uri)"
            r"(?<!arn)(?<!type)(?<!hint)(?<!length)(?<!policy)(?<!version)(?<!env))"
            r"[\"']?\s*[:=]\s*[\"']?([^\s\"'<>{}$;,]{8,128})"
        ),
        anchors=each(
            (
                "password",
                "passwd",
                "passphrase",
                "pwd",
                "secret",
                r"api[_-]?key",
                r"api[_-]?token",
                "apikey",
                r"access[_-]?token",
                r"auth[_-]?token",
                r"auth[_-]?key",
                r"client[_-]?key",
                r"db[_-]?pass",
                r"db[_-]?key",
                r"database[_-]?pass",
                r"database[_-]?key",
                r"service[_-]?key",
                r"account[_-]?key",
                r"priv[_-]?key",
                r"private[_-]?key",
                r"key[_-]?pass",
                "ssh_pass",
                "become_pass",
                "sudo_pass",
            ),
            r"[\w-]{0,30}[\"']?\s*[:=]",
        ),
        window=240,
        accept=_password_value,
        secret_group=1,
        span_group=1,
    ),
    _R(
        id="secret.own_credential",
        severity="high",
        summary="A credential cordon itself holds (a policy or environment secret, a header "
        "or URL key it sends the server, an OAuth token) in what a server sent.",
        why="A server that echoes cordon's own credential (a debug route, a log line, a file "
        "holding the same token) hands it to the agent, and many have no format a pattern "
        "could find. In warn and block mode it is masked in the frame before the client "
        "reads it (cordon.content.known); no tool call may carry it either way (secret.egress).",
        fix="None needed: the rest of the message is delivered. Use monitor mode to see "
        "output unchanged.",
        source="OWASP Top 10 for LLM Applications 2025, LLM02 sensitive information "
        "disclosure; CWE-532 (credentials in logs and output)",
    ),
)
