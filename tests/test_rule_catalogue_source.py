"""Every rule id in the source is in a catalogue: the engine's (``cordon.engine.rules``) or
the content firewall's (``cordon.content.RULES``).

The walk reads every string constant of every module under ``src/cordon`` with ``ast``
(docstrings aside: they quote ids as examples) and keeps those shaped like a rule id. Dotted
policy keys (``content.mode``) have that shape too and are read from the policy model; any
other string of that shape that names no rule is listed in :data:`NOT_RULE_IDS` with what it is,
so a new rule id cannot slip in as a literal nobody catalogued: a verdict whose rule the
catalogue does not know is one ``cordon serve`` and ``docs/rules.md`` do not describe.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel

from cordon.content import RULES as CONTENT_RULES
from cordon.engine import rules
from cordon.engine.rules import CATALOGUE
from cordon.policy import Policy

SRC = Path(__file__).resolve().parents[1] / "src" / "cordon"
RULE_ID = re.compile(
    r"^(pin|taint|action|egress|arg|secret|session|r2|budget|scope|approval|audit|policy"
    r"|content|default)\.[a-z_0-9]+$"
)
CONTENT_IDS = frozenset(r.id for r in CONTENT_RULES)


def _policy_keys(model: type[BaseModel], prefix: str = "") -> set[str]:
    """The dotted keys of the policy (``content.mode``, ``egress.allow``): the policy
    reference names them, and they share a rule id's shape."""
    keys: set[str] = set()
    for name, f in model.model_fields.items():
        keys.add(prefix + name)
        if isinstance(f.annotation, type) and issubclass(f.annotation, BaseModel):
            keys |= _policy_keys(f.annotation, f"{prefix}{name}.")
    return keys


POLICY_KEYS = frozenset(_policy_keys(Policy))
#: strings shaped like a rule id that are not one
NOT_RULE_IDS = {
    "policy.yaml": "a file name (cordon serve's verify_policy writes the text there)",
    "audit.jsonl": "a file name (the default audit log)",
}
#: code that names engine rules by their constants only (``rules.X``), never a literal;
#: the proxy and the audit report are not there yet
CONSTANTS_ONLY = ("engine", "taint", "approvals", "gateway.py", "server.py")


def _docstrings(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _shaped(path: Path) -> Iterator[tuple[str, int]]:
    """Every rule-id-shaped string constant in ``path`` that is not a docstring."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip
            and RULE_ID.match(node.value)
        ):
            yield node.value, node.lineno


def _files() -> list[Path]:
    files = sorted(SRC.rglob("*.py"))
    assert len(files) > 50  # the walk found the package
    return files


def test_every_rule_id_in_the_source_is_catalogued() -> None:
    unknown = [
        f"{p.relative_to(SRC)}:{line}: {value}"
        for p in _files()
        for value, line in _shaped(p)
        if value not in CATALOGUE
        and value not in CONTENT_IDS
        and value not in POLICY_KEYS
        and value not in NOT_RULE_IDS
    ]
    assert unknown == []


def test_the_catalogue_has_the_engine_rules() -> None:
    found = {value for p in _files() for value, _ in _shaped(p)}
    assert "action.chmod_777_root" in CATALOGUE
    assert {rules.TAINT_SEEN_IN_OUTPUT, rules.PIN_UNKNOWN_TOOL} <= found  # the walk reads ids
    for rule in CATALOGUE.values():
        assert rule.summary and rule.source and rule.allow and rule.layer, rule.id
        assert rule.verdict in {"deny", "ask", "deny or ask", "allow", "block", "record"}


def test_the_converted_code_names_engine_rules_by_constant() -> None:
    literal = [
        f"{p.relative_to(SRC)}:{line}: {value}"
        for p in _files()
        if p.relative_to(SRC).parts[0] in CONSTANTS_ONLY and p != SRC / "engine" / "rules.py"
        for value, line in _shaped(p)
        if value in CATALOGUE
    ]
    assert literal == []


def test_a_made_up_id_is_caught(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('"""taint.in_a_docstring is fine"""\nRULE = "taint.made_up"\n', "utf-8")
    assert list(_shaped(bad)) == [("taint.made_up", 2)]
