"""The README's policy example does what its comments say for a call an agent makes: its
``base_dir`` resolves a relative path (``docs/readme.md``), and its ``edit_file`` pattern
allows the docs' Markdown files in either form the agent may send. ``arg_patterns`` match
the value as sent, before ``base_dir`` joins it: a pattern that named only the absolute form
denied ``edit_file(path="docs/readme.md")`` (``arg.pattern``), the very path the comment
gives as resolving."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from cordon import Engine

_ROOT = Path(__file__).resolve().parents[1]


def _policy_example() -> dict[str, object]:
    text = (_ROOT / "README.md").read_text("utf-8")
    section = text.split("\n## Policy\n", 1)[1]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block is not None
    policy = yaml.safe_load(block.group(1))
    assert isinstance(policy, dict)
    return policy


def _engine() -> Engine:
    policy = _policy_example()
    engine = Engine.from_policy([policy])
    schema = {"type": "object", "properties": {"path": {"type": "string"}}}
    engine.pin_tools([{"name": "edit_file", "description": "Edit.", "inputSchema": schema}])
    return engine


@pytest.mark.parametrize("path", ["docs/readme.md", "/home/me/project/docs/readme.md"])
def test_the_edit_file_pattern_allows_both_forms(path: str) -> None:
    session = _engine().new_session()
    d = session.check("edit_file", {"path": path, "edits": []})
    assert (d.verdict, d.rule) == ("allow", "default.allow"), (path, d.reason)


@pytest.mark.parametrize("path", ["src/app.py", "docs/sub/x.md", "/home/me/project/x.md"])
def test_the_edit_file_pattern_still_refuses_other_paths(path: str) -> None:
    session = _engine().new_session()
    d = session.check("edit_file", {"path": path, "edits": []})
    assert d.verdict == "deny", (path, d.rule)
