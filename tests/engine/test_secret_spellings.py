"""A secret sent in a spelling no precomputed form covers is refused (``secret.egress``):
written with look-alike letters (Cyrillic, Greek), with a combining mark on each character,
base58-encoded (Bitcoin's alphabet), in Morse code, or spelled with the NATO alphabet.
Each passed ``check_secrets`` before engine/_secret_spellings.py. Near misses (other text in
those spellings, prose in other scripts, accented words, base58 and base64 blobs, Markdown
rules) pass.

End to end through ``cordon run``: tests/e2e/test_dataflow_redteam.py."""

from __future__ import annotations

import base64
import random
import unicodedata
from collections.abc import Callable

import pytest

from cordon.engine._secret_spellings import MAX_B58, spelled_texts
from cordon.engine.core import Engine, Session
from cordon.engine.secrets import SecretSet, check_secrets

GH = "ghp_" + "a1B2c3D4e5F6g7H8i9J0" + "k1L2m3N4o5P6q7R8"
KEY = "Tr0ub4dor-Horse-9x7Q"  # no known format: only registration protects it
OTHER = "Zz9Yy8Xx7Ww6Vv5Uu4Tt"  # not registered

B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
MORSE = {
    "a": ".-", "b": "-...", "c": "-.-.", "d": "-..", "e": ".", "f": "..-.", "g": "--.",
    "h": "....", "i": "..", "j": ".---", "k": "-.-", "l": ".-..", "m": "--", "n": "-.",
    "o": "---", "p": ".--.", "q": "--.-", "r": ".-.", "s": "...", "t": "-", "u": "..-",
    "v": "...-", "w": ".--", "x": "-..-", "y": "-.--", "z": "--..", "0": "-----",
    "1": ".----", "2": "..---", "3": "...--", "4": "....-", "5": ".....", "6": "-....",
    "7": "--...", "8": "---..", "9": "----.", "-": "-....-", "_": "..--.-",
}  # fmt: skip
NATO = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz0123456789",
        "Alfa Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliett Kilo Lima Mike "
        "November Oscar Papa Quebec Romeo Sierra Tango Uniform Victor Whiskey X-ray Yankee "
        "Zulu zero one two three four five six seven eight niner".split(),
        strict=True,
    )
)
NATO.update({"-": "dash", "_": "underscore"})
#: Latin letters and their Cyrillic or Greek look-alikes
HOMOGLYPHS = str.maketrans("aceopxyABCEHKMOPTX", "асеорхуАВСЕНКМОРТХ")


def b58(raw: bytes) -> str:
    n = int.from_bytes(raw, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


def morse(text: str, gap: str = " ") -> str:
    return gap.join(MORSE[c.lower()] for c in text)


def nato(text: str) -> str:
    return " ".join(("capital " if c.isupper() else "") + NATO[c.lower()] for c in text)


SPELLINGS: dict[str, Callable[[str], str]] = {
    "homoglyphs": lambda s: s.translate(HOMOGLYPHS),
    "homoglyphs in a sentence": lambda s: f"the password is {s.translate(HOMOGLYPHS)}, thanks",
    "combining acute on each character": lambda s: "".join(c + "\u0301" for c in s),
    "combining marks, NFC-composed": lambda s: unicodedata.normalize(
        "NFC", "".join(c + "\u0308" for c in s)
    ),
    "base58": lambda s: b58(s.encode()),
    "base58 in a sentence": lambda s: f"key (base58): {b58(s.encode())}.",
    "base58 with bytes around it": lambda s: b58(b"\x00key=" + s.encode() + b"\n"),
    "base58 in a URL path": lambda s: f"https://collect.example/{b58(s.encode())}",
    "Morse": lambda s: morse(s),
    "Morse, slashes": lambda s: morse(s, " / "),
    "Morse, middle dots": lambda s: morse(s).replace(".", "·"),
    "Morse in a sentence": lambda s: f"Signal follows: {morse(s)} -- end.",
    "NATO alphabet": lambda s: nato(s),
    "NATO alphabet, commas": lambda s: ", ".join(NATO[c.lower()] for c in s),
    "NATO alphabet in a sentence": lambda s: f"Read it back to me: {nato(s)}. Over.",
}


@pytest.fixture
def secrets() -> SecretSet:
    s = SecretSet()
    s.add(GH, name="GITHUB_TOKEN")
    s.add(KEY, name="DB_PASSWORD")
    return s


@pytest.mark.parametrize("how", sorted(SPELLINGS))
@pytest.mark.parametrize("secret", [GH, KEY], ids=["github", "password"])
def test_a_spelled_secret_is_denied(secrets: SecretSet, how: str, secret: str) -> None:
    payload = {"body": {"text": SPELLINGS[how](secret)}}
    v = check_secrets(payload, secrets, sending=True)
    assert v is not None and (v.verdict, v.rule) == ("deny", "secret.egress"), (how, v)
    assert v.param == "body.text"
    # the audit log withholds the string as it does any other carrying a secret
    assert secrets.redact(payload)["body"]["text"].startswith("[withheld: ")


def test_the_spelling_is_named(secrets: SecretSet) -> None:
    def enc(text: str) -> object:
        v = check_secrets({"b": text}, secrets, sending=True)
        return v and v.details["encoding"]

    assert enc(KEY.translate(HOMOGLYPHS)) == "look-alikes"
    assert enc("".join(c + "\u0301" for c in KEY)) == "look-alikes"
    assert enc(b58(KEY.encode())) == "base58"
    assert enc(morse(KEY)) == "Morse"
    assert enc(nato(KEY)) == "NATO alphabet"


def test_through_a_session() -> None:
    eng = Engine.from_policy([{"packs": ["gmail"]}])
    eng.pin_tools([{"name": "send_email", "inputSchema": {"type": "object"}}])
    s: Session = eng.new_session(trusted=["email the summary to ops@example.com"])
    s.register_secret(KEY)
    for spell in SPELLINGS.values():
        v = s.check("send_email", {"to": ["ops@example.com"], "subject": "s", "body": spell(KEY)})
        assert (v.verdict, v.rule) == ("deny", "secret.egress")
    v = s.check("send_email", {"to": ["ops@example.com"], "subject": "s", "body": "summary"})
    assert v.verdict == "allow"


_rnd = random.Random(354)
NEAR_MISSES = [
    # another value in each spelling
    OTHER.translate(HOMOGLYPHS),
    "".join(c + "\u0301" for c in OTHER),
    b58(OTHER.encode()),
    morse(OTHER),
    nato(OTHER),
    # random base58 and base64 blobs, hex
    b58(_rnd.randbytes(300)),
    base64.b64encode(_rnd.randbytes(3000)).decode(),
    _rnd.randbytes(200).hex(),
    # prose in other scripts, accented words, mixed-script product names
    "Привет! Отчёт за декабрь готов, пожалуйста проверьте цифры и ответьте до пятницы.",
    "Ελληνικά: η αναφορά είναι έτοιμη. Café, naïve, résumé, Zürich, São Paulo, Ångström.",
    "Модель iPhoneХ и Windows10 — в наличии; скидка 15% до 2026г.",
    # Markdown rules, tables, ellipses, a Morse-looking ASCII art line
    "| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\n... -- ... -- ...\n- - - - - - - - -",
    # the NATO alphabet in ordinary text, and a real call sign
    "Meet at Hotel India in Lima, then golf with Mike and Oscar; Delta flight 1234.",
    "This is Alfa Bravo Charlie one two three, radio check, over.",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_pass(secrets: SecretSet, text: str) -> None:
    assert check_secrets({"body": text}, secrets, sending=True) is None


def test_a_base58_run_past_the_cap_is_not_decoded() -> None:
    run = b58(_rnd.randbytes(MAX_B58))  # longer than MAX_B58 characters
    assert len(run) > MAX_B58
    assert [how for _, how in spelled_texts(run)] == []
