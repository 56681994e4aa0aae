"""Secrets never leave: every encoding, near-misses, masking, the policy loader."""

from __future__ import annotations

import base64
import html
import json
import time
import urllib.parse

import pytest

from cordon._exceptions import PolicyError
from cordon.engine.secrets import SecretSet, check_secrets
from cordon.store.secrets import load_policy_secrets

AWS = "AKIA" + "IOSFODNN7" + "EXAMPLE"
GH = "ghp_" + "a1B2c3D4e5F6g7H8i9J0" + "k1L2m3N4o5P6q7R8"


@pytest.fixture
def secrets():
    s = SecretSet()
    s.add(AWS)
    s.add(GH, name="GITHUB_TOKEN")
    return s


def _b64(prefix: bytes, secret: str, suffix: bytes = b"", urlsafe=False) -> str:
    raw = prefix + secret.encode() + suffix
    enc = base64.urlsafe_b64encode(raw) if urlsafe else base64.b64encode(raw)
    return enc.decode()


ENCODINGS = {
    "plain": lambda s: f"token={s}&x=1",
    "lower-case": lambda s: s.lower(),
    "upper-case": lambda s: s.upper(),
    "zero-width": lambda s: s[:4] + "\u200b\u2060" + s[4:],
    "full-width": lambda s: "".join(chr(ord(c) + 0xFEE0) for c in s),
    "percent-all": lambda s: "".join(f"%{b:02X}" for b in s.encode()),
    "percent-query": lambda s: "q=" + urllib.parse.quote(s + "/+=", safe=""),
    "html-decimal": lambda s: "".join(f"&#{ord(c)};" for c in s),
    "html-hex": lambda s: "".join(f"&#x{ord(c):x};" for c in s),
    "json-unicode": lambda s: "".join(f"\\u{ord(c):04x}" for c in s),
    "js-hex-escape": lambda s: "".join(f"\\x{ord(c):02x}" for c in s),
    "hex-lower": lambda s: "data:" + s.encode().hex(),
    "hex-upper": lambda s: s.encode().hex().upper(),
    "base64-offset0": lambda s: _b64(b"", s),
    "base64-offset1": lambda s: _b64(b"x", s, b"yz"),
    "base64-offset2": lambda s: _b64(b"xy", s, b"z"),
    "base64-urlsafe-binary-neighbours": lambda s: _b64(b"\xfb\xff", s, b"\xfe", urlsafe=True),
    "base64-in-longer-text": lambda s: "blob " + _b64(b"header: value\n", s, b"\ntrailer") + " end",
    "base64-mime-lines": lambda s: base64.encodebytes(b"prefix " * 12 + s.encode()).decode(),
    "base64-of-percent": lambda s: _b64(b"", urllib.parse.quote(s)),
    "percent-of-base64": lambda s: urllib.parse.quote(_b64(b"a", s), safe=""),
    "html-escaped-json": lambda s: html.escape(json.dumps({"k": s})),
    "base64-reversed": lambda s: _b64(b"k=", s, b"\n")[::-1],
    "hex-reversed": lambda s: s.encode().hex()[::-1],
    "octal-escapes": lambda s: "".join(f"\\{b:o}" for b in s.encode()),
    "binary-bytes": lambda s: " ".join(f"{b:08b}" for b in s.encode()),
    "utf16-hex": lambda s: s.encode("utf-16-le").hex(),
}


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
@pytest.mark.parametrize("secret", [AWS, GH], ids=["aws", "github"])
def test_secret_found_in_each_encoding(secrets, encoding, secret):
    payload = {"body": {"parts": [ENCODINGS[encoding](secret)]}}
    assert secrets.find_in(payload) is not None, encoding
    v = check_secrets(payload, secrets, sending=True)
    assert v is not None and v.verdict == "deny" and v.rule == "secret.egress"
    assert v.param == "body.parts[0]"


def test_a_reversed_secret_is_caught_plain_and_decoded(secrets):
    for form in (AWS[::-1], GH[::-1].upper(), base64.b64encode(GH[::-1].encode()).decode()):
        v = check_secrets({"body": f"x {form} y"}, secrets, sending=True)
        assert v is not None and v.rule == "secret.egress", form
    v = check_secrets({"body": AWS[::-1]}, secrets, sending=True)
    assert v is not None and v.details["encoding"] == "reversed" and "(reversed)" in v.reason


NEAR_MISSES = [
    AWS[:7] + "#" + AWS[8:14] + "#" + AWS[15:],  # a character changed every 7
    base64.b64encode(AWS[:11].encode()).decode(),  # base64 of a prefix with no digit
    "the AWS docs use an example key id",
]
#: the secret's piece of 8 characters or more (a random-looking one, with a digit): the rest
#: can follow in the next call (:mod:`cordon.engine._secret_pieces`)
PARTS = [
    AWS[:-1],  # truncated
    AWS[:-1] + "F",  # one character changed
    base64.b64encode(AWS[:-3].encode()).decode(),  # base64 of a shorter prefix
    AWS.encode().hex()[:-4],  # truncated hex
    "AKIAIOSFODNN7EXAMPLES"[1:],  # shifted
    f"only the start {GH[:20]} and nothing else",  # half a secret: the other half next
    f"{GH[20:]} before {GH[:20]}",  # pieces out of order
    GH[4:12][::-1],  # a piece of 8, reversed
]


SEPARATED = {
    "split by a space": lambda s: s[:10] + " " + s[10:],
    "dash-joined": lambda s: "-".join(s),
    "one per line": lambda s: "\n".join(s),
    "groups of four": lambda s: " ".join(s[i : i + 4] for i in range(0, len(s), 4)),
    "dotted, in prose": lambda s: "the key is " + ".".join(s) + " thanks",
    "dash-joined, base64": lambda s: base64.b64encode("-".join(s).encode()).decode(),
}


@pytest.mark.parametrize("how", sorted(SEPARATED))
@pytest.mark.parametrize("secret", [AWS, GH], ids=["aws", "github"])
def test_a_secret_with_characters_between_its_letters_is_caught(secrets, how, secret):
    v = check_secrets({"body": SEPARATED[how](secret)}, secrets, sending=True)
    assert v is not None and v.rule == "secret.egress", how


def test_separated_matching_needs_sixteen_letters_and_digits():
    s = SecretSet()
    s.add("hunter2-pass")  # 11 letters and digits: too short to match through separators
    assert s.find_in({"b": "hunter2-pass"}) is not None
    assert s.find_in({"b": "h u n t e r 2 p a s s"}) is None
    v = check_secrets({"b": " ".join(AWS)}, SecretSet(), sending=True)
    assert v is None
    s.add(AWS)
    v = check_secrets({"b": " ".join(AWS)}, s, sending=True)
    assert v is not None and v.details["encoding"] == "separated"
    assert AWS not in v.reason and "between its letters" in v.reason
    # other letters or digits between them are not separators: a different string
    assert s.find_in({"b": "x".join(AWS)}) is None


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_pass(secrets, text):
    assert secrets.find_in({"body": text}) is None
    assert check_secrets({"body": text}, secrets, sending=True) is None


@pytest.mark.parametrize("text", PARTS)
def test_a_piece_of_eight_or_more_is_refused(secrets, text):
    v = check_secrets({"body": text}, secrets, sending=True)
    assert v is not None and v.rule == "secret.egress", text
    assert v.details["encoding"] in ("piece", "reversed piece", "split"), v.details


def test_not_sending_is_never_denied(secrets):
    assert check_secrets({"body": AWS}, secrets, sending=False) is None


def test_short_values_are_ignored():
    s = SecretSet()
    s.add("short")
    s.add("1234567")
    assert len(s) == 0
    assert s.find_in({"a": "short 1234567"}) is None
    s.add("12345678")
    assert len(s) == 1 and s.find_in({"a": "x12345678y"}) is not None


def test_secret_in_a_dict_key_and_nested_lists(secrets):
    v = check_secrets({"headers": [{AWS: "v"}]}, secrets, sending=True)
    # the key carries the secret: the path (kept in the audit record) is withheld too
    assert v is not None and v.param is not None and AWS not in v.param + v.reason
    assert v.param.startswith("[withheld: secret ")
    v = check_secrets({"headers": [{"k": AWS}]}, secrets, sending=True)
    assert v is not None and v.param == "headers[0].k"


def test_label_is_masked_and_reason_does_not_leak(secrets):
    label = secrets.find_in({"x": AWS})
    assert label is not None and AWS not in label and AWS[3:] not in label
    assert secrets.find_in({"x": GH}) == "secret GITHUB_TOKEN"
    v = check_secrets({"x": _b64(b"", AWS)}, secrets, sending=True)
    assert AWS not in v.reason and v.details["encoding"] == "base64"
    assert AWS not in repr(v.details)


def test_encoding_reported(secrets):
    def enc(text):
        return check_secrets({"x": text}, secrets, sending=True).details["encoding"]

    assert enc(AWS) == "plain"
    assert enc(AWS.encode().hex()) == "hex"
    assert enc("".join(f"%{b:02X}" for b in AWS.encode())) == "decoded"


def test_empty_set_finds_nothing():
    s = SecretSet()
    assert s.find_in({"x": AWS}) is None
    assert check_secrets({"x": AWS}, s, sending=True) is None


def test_secrets_added_later_are_found():
    s = SecretSet()
    assert s.find_in({"x": AWS}) is None
    s.add(AWS)
    assert s.find_in({"x": AWS}) is not None


def test_large_argument_is_fast(secrets):
    for i in range(50):
        secrets.add(f"tok_{i:04d}_" + "Zq8vL2mN9xR4" * 2)
    blob = "lorem ipsum dolor sit amet, consectetur adipiscing elit 0123456789 " * 15000
    start = time.perf_counter()
    assert secrets.find_in({"content": blob}) is None
    elapsed = time.perf_counter() - start
    assert elapsed < 2.0
    assert secrets.find_in({"content": blob + AWS}) is not None


def test_load_policy_secrets(tmp_path):
    tok = tmp_path / "token"
    tok.write_text("  " + GH + "\n")
    env_file = tmp_path / ".env"
    env_file.write_text('# comment\nexport API_KEY="' + AWS + '"\nSHORT=abc\n')
    values = load_policy_secrets(
        ["MY_TOKEN", "UNSET", "EMPTY"],
        [str(tok), str(env_file)],
        environ={"MY_TOKEN": " value-from-env-123 \n", "EMPTY": ""},
    )
    assert values[0] == "value-from-env-123"
    assert GH in values and AWS in values
    assert all(len(v) >= 8 for v in values)
    assert len(values) == len(set(values))


def test_env_credentials_take_credential_named_variables_only() -> None:
    environ = {
        "GITHUB_PERSONAL_ACCESS_TOKEN": "ghtok-value-0001",
        "OPENAI_API_KEY": "sk-value-000002",
        "AWS_SECRET_ACCESS_KEY": "aws-secret-value-3",
        "PGPASSWORD": "pg-password-004",
        "GITLAB_PAT": "gl-pat-value-05",
        "GOOGLE_APPLICATION_CREDENTIALS": "/home/u/sa-key.json",  # a path to the key
        "SSH_KEY": "~/.ssh/id_ed25519",  # a path
        "SSH_AUTH_SOCK": "/tmp/ssh-XXXX/agent.1",  # not a credential name
        "KEYBOARD_LAYOUT": "dvorak-programmer",  # KEY, but not a credential suffix
        "MONKEY": "a-monkey-value-6",  # ends in KEY without a separator
        "SERVICE_URL_TOKEN": "https://api.example.com/v1",  # a URL without a password
        "DSN_SECRET": "https://u:hunter2secret@db.example.com",  # a URL with one
        "SHORT_TOKEN": "abc",  # too short to match safely
    }
    values = load_policy_secrets([], [], environ=environ, env_credentials=True)
    assert set(values) == {
        "ghtok-value-0001",
        "sk-value-000002",
        "aws-secret-value-3",
        "pg-password-004",
        "gl-pat-value-05",
        "https://u:hunter2secret@db.example.com",
    }
    assert load_policy_secrets([], [], environ=environ) == []  # off: only named ones


def test_policy_secrets_follows_the_policy_block() -> None:
    from cordon.policy import load_policy
    from cordon.store.secrets import policy_secrets

    environ = {"SLACK_BOT_TOKEN": "xoxb-like-value-1", "NAMED": "named-value-0002"}
    on = load_policy([{"version": 1, "secrets": {"env": ["NAMED"]}}])
    off = load_policy([{"version": 1, "secrets": {"env": ["NAMED"], "env_credentials": False}}])
    assert policy_secrets(on.secrets, environ=environ) == ["named-value-0002", "xoxb-like-value-1"]
    assert policy_secrets(off.secrets, environ=environ) == ["named-value-0002"]


def test_load_policy_secrets_missing_file_fails_closed(tmp_path):
    with pytest.raises(PolicyError) as exc:
        load_policy_secrets([], [str(tmp_path / "nope")])
    assert exc.value.key == "secrets.files"


def test_redact_withholds_every_string_carrying_a_secret() -> None:
    """What the audit log keeps of a call's arguments: a label instead of each string that
    carries a known secret, in any form the matcher finds; other values as they were."""
    s = SecretSet()
    s.add("ghp_0123456789abcdefABCDEF0123456789abcd")
    args = {
        "to": "ops@example.com",
        "body": "token ghp_0123456789abcdefABCDEF0123456789abcd",
        "nested": [{"b64": base64.b64encode(b"ghp_0123456789abcdefABCDEF0123456789abcd").decode()}],
        "n": 3,
    }
    out = s.redact(args)
    assert out["to"] == "ops@example.com" and out["n"] == 3
    assert out["body"].startswith("[withheld: secret ghp")
    assert out["nested"][0]["b64"].startswith("[withheld:")
    assert "0123456789abcdef" not in repr(out)
    clean = {"to": "ops@example.com"}
    assert s.redact(clean) is clean


@pytest.mark.parametrize(
    "text",
    [
        f"config: {GH[:18]} (continued) {GH[18:]}",  # the attack suite's secret.split
        f"part one {GH[:10]} ... part two {GH[10:25]} ... and {GH[25:]}",  # three pieces
        f"{GH[:20].upper()}\n\nthen\n{GH[20:].upper()}",  # re-cased
        f"decoy {GH[:8]}zzz then {GH[:21]} and later {GH[21:]}",  # a decoy start first
        f"{AWS[:14]} and {AWS[14:]}",  # the tail shorter than a piece
    ],
)
def test_a_secret_in_pieces_with_text_between_them_is_caught(secrets, text):
    v = check_secrets({"body": text}, secrets, sending=True)
    assert v is not None and v.details["encoding"] == "split"
    assert "in pieces" in v.reason and GH not in v.reason


def test_a_secret_in_pieces_across_arguments_with_a_value_between_is_caught(secrets):
    v = check_secrets({"a": GH[:20], "b": "unrelated note", "c": GH[20:]}, secrets, sending=True)
    assert v is not None and v.details["encoding"] in ("joined", "split")


@pytest.mark.parametrize(
    "text",
    [
        " x ".join(GH[i : i + 7] for i in range(0, len(GH), 7)),  # pieces under 8 characters
        f"{AWS[:10]} and {AWS[14:]}",  # pieces with no digit: as a word of a passphrase
    ],
)
def test_pieces_that_do_not_make_the_secret_pass(secrets, text):
    assert check_secrets({"body": text}, secrets, sending=True) is None


def test_a_secret_too_short_to_split_is_only_matched_whole():
    s = SecretSet()
    s.add("hunter2-pass-x")  # 14 characters: under two pieces of 8
    assert s.find_in({"b": "hunter2- and pass-x"}) is None


# The known gaps ("Limits, plainly" in the README): each asserts what a full matcher would do,
# and fails today. strict: a gap closed by a later change flags here, so the README follows.
@pytest.mark.xfail(strict=True, reason="known gap: pieces shorter than 8 characters")
def test_known_gap_short_pieces(secrets):
    text = " and ".join(GH[i : i + 6] for i in range(0, len(GH), 6))
    assert check_secrets({"b": text}, secrets, sending=True) is not None


def test_the_audit_copy_of_a_secret_split_into_a_piece_and_a_short_rest_withholds_both():
    """A secret split across two values, the first carrying a piece of 8 or more, the rest
    shorter: the piece alone is a hit, and withholding it alone left the short rest in the
    audit log. The joins are read with the pieces kept, so every string is withheld."""
    from cordon.engine.dlp import withhold

    s = SecretSet()
    secret = "Zq8vR2mK9pLw4vTn"
    s.add(secret)
    shown = withhold({"text": f"a={secret[:9]}", "more": f"{secret[9:]};"}, s)
    assert secret[9:].lower() not in json.dumps(shown).lower()
    assert secret[:9].lower() not in json.dumps(shown).lower()


def test_a_registered_urls_host_and_port_are_no_piece_of_it_but_its_password_is():
    """A connection string or a URL with a key registered whole: its scheme, host and port
    are where the secret is used, named in ordinary sends (a compose file, a fetch of the
    API); as pieces they were refused with no approval to give. Its password's pieces are."""
    s = SecretSet()
    s.add("postgresql://app:Xq7Tr0ub4dorZ9wK@db.internal:5432/appdb", name="DATABASE_URL")
    s.add("https://user:hunter2hunter@api.example.com/v1", name="API_URL")
    for text in (
        "the database is db.internal:5432/appdb",
        "GET https://api.example.com/v1/items",
        "postgresql://app@db.internal:5432",
    ):
        assert check_secrets({"body": text}, s, sending=True) is None, text
    for text in ("first half Xq7Tr0ub4", "then 4dorZ9wK", "hunter2hunter"):
        v = check_secrets({"body": text}, s, sending=True)
        assert v is not None and v.rule == "secret.egress", text
