"""Every `cordon check` command cordon tells a user to run names ``--policy``: `cordon check`
requires it (it exits 2 with "--policy is required" without it), so a hint of `cordon check
--server NAME` alone fails as the user types it. Walks the rule catalogue's fix texts (the
``allow`` column of docs/rules.md) and the policy reference (docs/policy.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cordon.engine.rules import CATALOGUE
from cordon.policy.reference import render
from tests.conftest import run_cordon

_CHECK = re.compile(r"`cordon check[^`]*`")


def test_check_without_policy_is_refused(tmp_path: Path) -> None:
    done = run_cordon(tmp_path, "check", "--server", "files")
    assert done.returncode != 0 and "--policy" in done.stderr, done.stdout + done.stderr


@pytest.mark.parametrize("rule", sorted(CATALOGUE))
def test_a_rules_fix_text_names_policy(rule: str) -> None:
    r = CATALOGUE[rule]
    for command in _CHECK.findall(f"{r.summary} {r.allow}"):
        assert "--policy" in command, (rule, command)


def test_the_policy_reference_names_policy() -> None:
    text = " ".join(render().split())
    commands = _CHECK.findall(text)
    assert commands
    for command in commands:
        assert "--policy" in command or command == "`cordon check`", command
