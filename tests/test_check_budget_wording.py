"""`cordon check` names what a ``max_calls`` budget counts: the calls of one `cordon run`
process (the engine's session, made once per process; a client restart starts the count
again), as the README says and tests/e2e/test_budget_per_process.py shows. "per session" read
as the agent's conversation, which a client restart does not end. Through the real `cordon`
process."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cordon


def test_check_says_a_budget_counts_per_cordon_run_process(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\ntools:\n  write_file: {max_calls: 3}\n", encoding="utf-8")
    done = run_cordon(tmp_path, "check", "-p", str(policy))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "write_file: at most 3 calls per cordon run process" in done.stdout, done.stdout
    assert "per session" not in done.stdout
