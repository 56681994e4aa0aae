"""Credential formats that cordon's egress check refuses (detect-secrets' plugins,
``cordon.store.dlp.PLUGINS``) are masked in what a server returns too, and a passphrase
assignment is masked like a password: a ``.env`` read in warn mode delivered a SendGrid key
and ``ADMIN_PASSPHRASE=...`` as they were, while a call carrying the key was refused."""

from __future__ import annotations

import pytest

import cordon.content as content
from cordon.content.sanitize import evaluate_result

# (built by concatenation so that no scanner flags this file)
SENDGRID = "SG." + "aB3dE5fG7hI9jK1lM3nO5p" + "." + "qR7sT9uV1wX3yZ5aB7cD9eF1gH3iJ5kL7mN9oP1qR3s"
SQUARE = "sq0csp-" + "aB3dE5fG7hI9jK1lM3nO5pqR7sT9uV1wX3yZ5aB7cD9"
AZURE = "AccountKey=" + "aB3dE5fG7hI9jK1lM3nO5p" * 4
MAILCHIMP = "3f2a9c1b7e4d8a6f" + "0b5c2e9d1a7f4b3c-us21"
PASSPHRASE = "correct-horse-" + "battery-staple-42"


@pytest.mark.parametrize(
    ("text", "secret", "rule"),
    [
        (f"SENDGRID_API_KEY={SENDGRID}", SENDGRID, "secret.provider_key"),
        (f"square: {SQUARE}", SQUARE, "secret.provider_key"),
        (f"DefaultEndpointsProtocol=https;AccountName=acct;{AZURE}", AZURE, "secret.provider_key"),
        (f"mailchimp key {MAILCHIMP}", MAILCHIMP, "secret.provider_key"),
        (f"ADMIN_PASSPHRASE={PASSPHRASE}", PASSPHRASE, "secret.password_assignment"),
    ],
)
def test_each_format_is_found(text: str, secret: str, rule: str) -> None:
    hits = [f for f in content.scan_text(text) if f.rule == rule]
    assert hits and secret in text[hits[0].span[0] : hits[0].span[1]], hits


@pytest.mark.parametrize(
    "text",
    [
        "Set SENDGRID_API_KEY=SG.xxxxx in your environment.",
        "the --passphrase option takes the key's passphrase",
        "passphrase: <your passphrase>",
        "the api-us1.example.com endpoint",
        "AccountKey=<storage account key>",
        "commit 3f2a9c1b7e4d8a6f0b5c2e9d1a7f4b3c was reverted",
    ],
)
def test_documentation_and_look_alikes_are_not(text: str) -> None:
    assert not [f for f in content.scan_text(text) if f.rule.startswith("secret.")]


def test_a_dotenv_read_is_masked_in_warn_mode() -> None:
    env = f"DATABASE_HOST=db.internal\nADMIN_PASSPHRASE={PASSPHRASE}\nSENDGRID={SENDGRID}\n"
    out = evaluate_result({"content": [{"type": "text", "text": env}]}, mode="warn")
    text = str(out.result if hasattr(out, "result") else out)
    assert PASSPHRASE not in text and SENDGRID not in text and "db.internal" in text, text


def test_the_storage_emulators_published_key_is_not_masked() -> None:
    azurite = (
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq"
        + "/K1SZFPTOtr/KBHBeksoGMGw=="
    )
    text = f"DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey={azurite};"
    assert not [f for f in content.scan_text(text) if f.rule == "secret.provider_key"]
