"""Which elicitation forms ask the user for a credential (``asks_for_secrets``): the words a
phishing form uses beyond "password" and "API key", and the forms that must still reach the
user.

MCP (2025-06-18 on, client/elicitation): servers must not use a form to request sensitive
information. A server's form asking for "your OpenAI key", a PIN, the code a bank texted or
the contents of ``~/.ssh/id_rsa`` reached the user's form dialog in scan mode: the check knew
a list of words ("password", "API key", "token" as a word of its own ...), not these.
"""

from __future__ import annotations

from typing import Any

import pytest

from cordon.proxy.server_requests import (
    FORM_READ_CAP,
    UNREAD,
    Inspection,
    asks_for_secrets,
    refusal,
)


def _form(title: str, *, name: str = "value", message: str = "Please fill in") -> dict[str, Any]:
    prop = {"type": "string", "title": title}
    return {"message": message, "requestedSchema": {"type": "object", "properties": {name: prop}}}


#: a field's title asking for a credential in words the first lists did not know
ASKS = [
    "Enter your OpenAI key",
    "Paste your GitHub key here",
    "Anthropic key (starts with sk-ant-)",
    "Stripe live key",
    "HF token",
    "GitHub PAT (classic)",
    "Enter your license key",
    "Enter your key to continue",
    "Your 4-digit PIN",
    "Enter your pin",
    "Card PIN",
    "your login pw",
    "the code we texted you",
    "Enter the code we just sent",
    "The authorization code shown after you log in",
    "Enter the 6-digit code from your authenticator app",
    "SMS code",
    "Paste the JWT",
    "Session ID from your browser",
    "CVV2",
    "Enter your 12 seed words",
    "Paste the contents of id_ed25519",
    "Paste your kubeconfig",
    "Paste your .netrc",
]


@pytest.mark.parametrize("title", ASKS)
def test_a_field_asking_for_a_credential_is_named(title: str) -> None:
    assert asks_for_secrets(_form(title)) == ["value"]


@pytest.mark.parametrize(
    "name", ["GITHUB_TOKEN", "openaiKey", "id_rsa", "stripeSecret", "sessionId"]
)
def test_a_field_named_for_a_credential_as_an_identifier_is_named(name: str) -> None:
    """A field's name is an identifier: its words are read apart (a word boundary falls
    nowhere inside ``GITHUB_TOKEN``)."""
    assert asks_for_secrets(_form("Value", name=name)) == [name]


def test_the_ask_in_the_message_in_new_words_counts() -> None:
    assert asks_for_secrets(_form("Value", message="Enter your OpenAI key to go on")) == ["message"]


@pytest.mark.parametrize("where", ["title", "description"])
def test_the_ask_in_the_schemas_own_words_counts(where: str) -> None:
    """The schema's own title and description are shown above the fields by clients that
    render a form; they were not read (the message and each field's words only)."""
    form = _form("Value", message="One more step")
    form["requestedSchema"][where] = "Your GitHub password"
    assert asks_for_secrets(form) == ["requestedSchema"]


#: forms that ask for nothing secret, some in the words the new patterns read
NEAR = [
    "Your full, legal name",
    "Your favorite integer (do not give us your phone number, pin, or other sensitive info)",
    "What are your key goals for Q3?",
    "Your key takeaways",
    "Sort key",
    "Primary key column",
    "Which key is the song in?",
    "Keyboard layout",
    "Enter the 5-digit ZIP code",
    "Booking confirmation code",
    "Promo code",
    "Country code",
    "Enter the code of the project",
    "Pin this tool",
    "Choose a color for your pin",
    "Max tokens",
    "How many tokens may the summary use?",
    "Your GitHub username",
    "Product key features to highlight",
    "Your environment (dev, staging, prod)",
    "Branch to deploy",
]


@pytest.mark.parametrize("title", NEAR)
def test_a_form_asking_for_nothing_secret_is_not_named(title: str) -> None:
    assert asks_for_secrets(_form(title)) == []


def test_the_schemas_own_words_count_only_with_a_field() -> None:
    form = {"message": "Done", "requestedSchema": {"type": "object", "title": "Your password"}}
    assert asks_for_secrets(form) == []


#: "password", "token" and "API key" as a person reads them, not as written
SPELLED = [
    "P\u0430ssword",  # a Cyrillic a
    "Pass\u200bword",  # a zero-width space, removed by warn's sanitising
    "Pass\u00adword",  # a soft hyphen
    "\uff30\uff41\uff53\uff53\uff57\uff4f\uff52\uff44",  # full-width
    "\U0001d40f\U0001d41a\U0001d42c\U0001d42c\U0001d430\U0001d428\U0001d42b\U0001d41d",
    "P\u00e1ssword",  # an accent
    "p4ssw0rd",
    "t\u043eken",  # a Cyrillic o
    "P a s s w o r d",
    "A-P-I k-e-y",
]


@pytest.mark.parametrize("title", SPELLED)
def test_a_credential_word_spelled_to_be_missed_is_read(title: str) -> None:
    assert asks_for_secrets(_form(title)) == ["value"]


@pytest.mark.parametrize(
    "title", ["Top 10 key ideas", "Rate it A / B / C / D", "Pick 1, 2, 3 or 4", "Caf\u00e9 name"]
)
def test_readings_of_ordinary_words_name_no_credential(title: str) -> None:
    assert asks_for_secrets(_form(title)) == []


def test_a_form_past_the_read_cap_is_refused_unread() -> None:
    """Reading a form for credential words costs seconds a megabyte in the decision queue;
    no form a person fills in carries 64 KiB of text: refused unread (fail closed)."""
    long = _form("Note " + "x" * FORM_READ_CAP)
    assert asks_for_secrets(long) == [UNREAD]
    why = refusal("elicitation", "scan", Inspection(secret_fields=asks_for_secrets(long)))
    assert why is not None and "not read" in why
    assert asks_for_secrets(_form("Note " + "x" * (FORM_READ_CAP - 100))) == []
