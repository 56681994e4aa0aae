"""A policy entry that names no real tool loses what it restricts: every restricting key is
counted, ``renders: files`` (a writer's rendered files judged for their embeds) as ``true``."""

from __future__ import annotations

from cordon.checktools import stray_entries
from cordon.policy.model import Policy


def _restrictions(entry: dict[str, object]) -> tuple[str, ...]:
    policy = Policy.model_validate({"version": 1, "tools": {"write_flie": entry}})
    (stray,) = stray_entries(policy, ["write_file"])
    assert stray.closest == "write_file"
    return stray.restrictions


def test_renders_files_is_a_restriction_lost_by_a_typo() -> None:
    assert _restrictions({"renders": "files"}) == ("renders",)
    assert _restrictions({"renders": True}) == ("renders",)
    assert _restrictions({"renders": False}) == ()
