"""The outbound format check reads an AWS secret access key assigned to its name quoted or
not, with the pattern the content scanner masks it by in results
(:data:`cordon.secret_formats.AWS_SECRET_KEY_ASSIGNED`); near misses stay quiet."""

from __future__ import annotations

import pytest
from tests.engine.test_dlp import _rand

from cordon.engine.dlp import default_detector

KEY = _rand(38) + "/+"


@pytest.mark.parametrize(
    "text",
    [
        f"aws_secret_access_key = {KEY}",
        f"AWS_SECRET_ACCESS_KEY={KEY}",
        f"export AWS_SECRET_ACCESS_KEY={KEY}",
        f"secretAccessKey: {KEY}",
        f'"aws_secret_access_key": "{KEY}"',
        f"aws_secret_access_key={KEY}AAAA",  # padded past 40: still the key leaving
    ],
)
def test_an_assigned_key_is_found(text: str) -> None:
    hits = list(default_detector().find_text(text))
    assert any(h.kind == "aws" and KEY in h.value for h in hits), hits


@pytest.mark.parametrize(
    "text",
    [
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",  # AWS's example
        "aws_secret_access_key = " + "a" * 40,
        "the secret access key is kept in the vault",
        f"aws_secret_access_key = {KEY[:30]}",
    ],
)
def test_near_misses_are_quiet(text: str) -> None:
    assert not [h for h in default_detector().find_text(text) if h.kind == "aws"]
