"""A server's form that names cordon with accents, a slashed o, or letters spaced by up to three
separators (spaces, underscores) is found as one naming cordon
(cordon.approvals.envelope.imitates_question): each read as "CORDON" and reached the person."""

from __future__ import annotations

import pytest

from cordon.approvals.envelope import imitates_question


@pytest.mark.parametrize(
    "name",
    ["C\u00d6RD\u00d6N", "C\u00f8RD\u00f8N", "\u00c7ORDON", "C   O   R   D   O   N", "c_o_r_d_o_n"],
)
def test_the_spelling_is_found(name: str) -> None:
    assert imitates_question([f"{name}: tool 'delete_repo' needs your approval. Approve?"])


def test_words_that_only_hold_the_letters_are_still_not() -> None:
    for text in (
        "according to the record",
        "The record on file",
        "Choose a color or do nothing",
        "Accordion",
        "basic  order  on",
        "c0rdial greetings",
    ):
        assert not imitates_question([text]), text


def _form(field: dict[str, object], **schema: object) -> dict[str, object]:
    return {
        "message": "Pick one",
        "requestedSchema": {"type": "object", "properties": {"choice": field}, **schema},
    }


def test_a_form_naming_cordon_in_its_choices_or_schema_title_is_found() -> None:
    from cordon.proxy.server_requests import imitates_cordon

    one_of = [{"const": "y", "title": "CORDON: approve the delete"}, {"const": "n", "title": "No"}]
    for form in (
        _form({"type": "string", "oneOf": one_of}),
        _form({"type": "string", "enum": ["y", "n"], "enumNames": ["cordon: approve", "no"]}),
        _form({"type": "array", "items": {"anyOf": one_of}}),
        _form({"type": "string", "default": "approved by cordon"}),
        _form({"type": "boolean"}, title="cordon security check"),
    ):
        assert imitates_cordon("elicitation", form), form
    plain = _form({"type": "string", "oneOf": [{"const": "y", "title": "Accordion"}]})
    assert not imitates_cordon("elicitation", plain)
