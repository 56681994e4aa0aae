"""The generated reference pages match what they are generated from.

``docs/policy.md`` is :func:`cordon.policy.reference.render` of the policy model, and
``docs/rules.md`` is :func:`cordon.rules_reference.render` of the rule catalogues. When one of
these tests fails, regenerate the page (the command is in its message) and commit both.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cordon.content.rules import RULES
from cordon.policy.model import Policy
from cordon.policy.reference import EXAMPLES, FULL_EXAMPLE, iter_keys
from cordon.policy.reference import render as render_policy
from cordon.rules_reference import engine_rows
from cordon.rules_reference import render as render_rules

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_policy_page_matches_the_model() -> None:
    page = (DOCS / "policy.md").read_text("utf-8")
    assert page == render_policy(), (
        "docs/policy.md is out of date: run "
        "`.venv/bin/python -m cordon.policy.reference --write docs/policy.md`"
    )


@pytest.mark.parametrize("path", [p for p, _ in iter_keys()])
def test_every_policy_key_is_described_with_an_example(path: str) -> None:
    field = dict(iter_keys())[path]
    assert field.description and len(field.description) > 20, f"{path}: no description"
    assert path in EXAMPLES, f"{path}: no example in cordon.policy.reference.EXAMPLES"
    page = (DOCS / "policy.md").read_text("utf-8")
    assert f"### `{path}`" in page


def test_no_example_for_a_key_that_does_not_exist() -> None:
    assert set(EXAMPLES) <= {p for p, _ in iter_keys()}


@pytest.mark.parametrize("path", sorted(EXAMPLES))
def test_each_policy_example_is_a_valid_policy(path: str) -> None:
    data = yaml.safe_load(EXAMPLES[path])
    data.setdefault("version", 1)
    Policy.model_validate(data)
    # the example sets the key it illustrates
    node = data
    for part in path.split("."):
        if part == "<name>":
            assert isinstance(node, dict) and len(node) == 1
            node = next(iter(node.values()))
        else:
            assert part in node, f"the example for {path} does not set it"
            node = node[part]


def test_the_complete_example_is_a_valid_policy() -> None:
    Policy.model_validate(yaml.safe_load(FULL_EXAMPLE))


def test_rules_page_matches_the_catalogues() -> None:
    page = (DOCS / "rules.md").read_text("utf-8")
    assert page == render_rules(), (
        "docs/rules.md is out of date: run "
        "`.venv/bin/python -m cordon.rules_reference --write docs/rules.md`"
    )


def test_rules_page_names_every_rule_once() -> None:
    page = (DOCS / "rules.md").read_text("utf-8")
    for rule in RULES:
        assert page.count(f"#### `{rule.id}`") == 1, rule.id
    for row in engine_rows():
        assert page.count(f"| `{row.id}` |") == 1, row.id
        assert row.allow, f"{row.id}: no way to allow a legitimate case is given"
