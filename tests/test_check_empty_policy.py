"""`cordon check` on a policy file that sets nothing (empty, only comments or blank lines, a
bare ``---``, ``null``, ``{}``, or ``version:`` alone) says so: such a file loads as the
defaults, the same as no ``--policy``, and a bare "policy ok" read as "my rules are in force"
(a file saved empty, a truncated write). It names the file and says the defaults shown
apply; a file that sets something is not called empty. The loader gives such a file nothing
beyond the defaults (it layers an empty mapping), so the exit stays 0. Through the real
`cordon` process."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import run_cordon

EMPTY = {
    "empty": "",
    "comment": "# my rules go here\n\n",
    "separator": "---\n",
    "null": "null\n",
    "braces": "{}\n",
    "version": "version: 1\n",
}


@pytest.mark.parametrize("text", EMPTY.values(), ids=EMPTY.keys())
def test_a_policy_that_sets_nothing_is_said_to_be_empty(tmp_path: Path, text: str) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text(text, encoding="utf-8")
    done = run_cordon(tmp_path, "check", "-p", str(policy))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"cordon: warning: {policy} sets nothing" in done.stderr, done.stderr
    assert "the defaults shown above apply, as with no --policy" in done.stderr
    assert "egress: mode open" in done.stdout  # the defaults are shown
    last = done.stdout.strip().splitlines()[-1]
    assert last == "policy ok: 1 file(s) (1 setting nothing: the defaults), 0 tool entries"


def test_one_empty_file_among_others_is_named(tmp_path: Path) -> None:
    base, empty = tmp_path / "base.yaml", tmp_path / "extra.yaml"
    base.write_text("version: 1\negress:\n  mode: allowlist\n", encoding="utf-8")
    empty.write_text("# nothing yet\n", encoding="utf-8")
    done = run_cordon(tmp_path, "check", "-p", str(base), "-p", str(empty))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{empty} sets nothing" in done.stderr and f"{base} sets" not in done.stderr
    assert done.stdout.strip().splitlines()[-1] == (
        "policy ok: 2 file(s) (1 setting nothing), 0 tool entries"
    )


def test_a_policy_that_sets_something_is_not_called_empty(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\negress:\n  mode: allowlist\n", encoding="utf-8")
    done = run_cordon(tmp_path, "check", "-p", str(policy))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sets nothing" not in done.stderr
    assert done.stdout.strip().splitlines()[-1] == "policy ok: 1 file(s), 0 tool entries"
