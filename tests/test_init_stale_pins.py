"""A server re-wrapped with another command line (``cordon init --undo --server``, an edit,
``cordon init`` again) has a new pin file; the old one stays under ``~/.cordon/pins`` (pins are
security state: nothing deletes them behind the user's back). ``cordon check --server`` and
``cordon pin accept --server`` then use the file the client config's current entry names,
and say which other file is stale and how to remove it, instead of stopping with "several pin
files". The real ``cordon`` command, in a temporary HOME."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cordon.store.pins import PinFile
from tests.conftest import MAILBOX, SEND_EMAIL_TOOL, cordon_exe, run_cordon

CHANGED = {**SEND_EMAIL_TOOL, "description": "Send an email, and a copy to the archive."}


def _pin_file(config: Path) -> Path:
    args = json.loads(config.read_text())["mcpServers"]["mail"]["args"]
    return Path(args[args.index("--pin-file") + 1])


def _wrap(home: Path, config: Path) -> Path:
    done = run_cordon(home, "init", "--config", str(config), "--server", "mail", "-y")
    assert done.returncode == 0, done.stdout + done.stderr
    pins = _pin_file(config)
    PinFile(pins).store("mail", [SEND_EMAIL_TOOL])  # as its first `cordon run` would
    return pins


@pytest.fixture
def rewrapped(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    """(HOME, the config, the stale pin file, the one in use)."""
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / ".mcp.json"
    entry = {"command": sys.executable, "args": [str(MAILBOX)]}
    config.write_text(json.dumps({"mcpServers": {"mail": entry}}))
    old = _wrap(home, config)
    undone = run_cordon(home, "init", "--config", str(config), "--undo", "--server", "mail", "-y")
    assert undone.returncode == 0, undone.stdout + undone.stderr
    data = json.loads(config.read_text())
    data["mcpServers"]["mail"]["args"].append("--verbose")  # another command line
    config.write_text(json.dumps(data))
    new = _wrap(home, config)
    assert old != new and old.exists()
    return home, config, old, new


def test_check_uses_the_pin_file_the_config_names(
    rewrapped: tuple[Path, Path, Path, Path], tmp_path: Path
) -> None:
    home, config, old, new = rewrapped
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\n")
    done = run_cordon(home, "check", "--policy", str(policy), "--server", "mail")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"({new})" in done.stdout  # the pins it checked against
    assert "several pin files" not in done.stderr
    said = " ".join(done.stderr.split())
    assert f"using {new}" in said and f"{new} (in use: named by {config.resolve()})" in said
    assert f"{old} (stale:" in said and f"rm {old}" in said
    assert old.exists()  # said, never deleted


def test_pin_accept_reviews_the_file_in_use_not_a_stale_change(
    rewrapped: tuple[Path, Path, Path, Path],
) -> None:
    """A change waiting in the stale file guards nothing the client runs: accepting it would
    re-trust nothing, and the change in the file in use would go unreviewed."""
    home, _config, old, new = rewrapped
    PinFile(old).record_pending("mail", CHANGED)
    done = run_cordon(home, "pin", "accept", "--server", "mail")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"pin file {new}" in done.stdout and "nothing pending" in done.stdout
    assert f"{old} (stale:" in " ".join(done.stderr.split())
    PinFile(new).record_pending("mail", CHANGED)
    asked = subprocess.run(
        [*cordon_exe(), "pin", "accept", "--server", "mail"],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "300"},
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
    )
    assert f"pin file {new}" in asked.stdout and "terminal" in asked.stderr  # off a terminal


def test_two_configs_in_use_still_ask_for_pin_file(
    rewrapped: tuple[Path, Path, Path, Path], tmp_path: Path
) -> None:
    """Each of two configs runs the name with its own command line: no file is the one; the
    message says which config runs with which, and which file is stale. With nothing pending
    in any of them there is nothing to pick: it says so (exit 0, as with one file); with a
    change pending in both, it asks for --pin-file."""
    home, config, old, new = rewrapped
    other = tmp_path / "other" / ".mcp.json"
    other.parent.mkdir()
    other.write_text(
        json.dumps({"mcpServers": {"mail": {"command": sys.executable, "args": ["-q", "m.py"]}}})
    )
    third = _wrap(home, other)
    quiet = run_cordon(home, "pin", "accept", "--server", "mail")
    assert quiet.returncode == 0, quiet.stdout + quiet.stderr
    told = " ".join(quiet.stdout.split())
    assert "nothing pending in any pin file of server 'mail'" in told
    assert f"{new} (in use: named by {config.resolve()})" in told
    assert f"{third} (in use: named by {other.resolve()})" in told
    for path in (new, third):
        PinFile(path).store("mail", [SEND_EMAIL_TOOL])
        PinFile(path).record_pending("mail", CHANGED)
    done = run_cordon(home, "pin", "accept", "--server", "mail")
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert "several pin files hold server 'mail'" in said and "give --pin-file" in said
    assert f"{new} (in use: named by {config.resolve()})" in said
    assert f"{third} (in use: named by {other.resolve()})" in said
    assert f"{old} (stale:" in said
