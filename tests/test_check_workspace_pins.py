"""``cordon check --server`` and ``cordon pin accept --server`` with a VS Code entry that names
``${workspaceFolder}``: ``cordon init`` gives it the pin file ``NAME-HASH-${workspaceFolderBasename}.json``,
which VS Code expands per workspace, so the file on disk is ``NAME-HASH-app.json``. The
config names that file (through the variable): it is in use, never "stale" with an `rm`
for it (removing a server's pins makes its next start trust whatever it lists), and it is
not passed over for another file. The real ``cordon`` command, in a temporary HOME."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cordon.store.pins import PinFile
from tests.conftest import MAILBOX, SEND_EMAIL_TOOL, run_cordon


def _init(home: Path, config: Path) -> str:
    done = run_cordon(home, "init", "--config", str(config), "--server", "mail", "-y")
    assert done.returncode == 0, done.stdout + done.stderr
    args = json.loads(config.read_text())["servers"]["mail"]["args"]
    pins = args[args.index("--pin-file") + 1]
    assert pins.endswith("-${workspaceFolderBasename}.json"), pins
    return pins


def _vscode_config(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    entry = {
        "type": "stdio",
        "command": sys.executable,
        "args": [str(MAILBOX), "${workspaceFolder}"],
    }
    path.write_text(json.dumps({"servers": {"mail": entry}}))
    return path


def _said(done: object) -> str:
    return " ".join(str(getattr(done, "stderr", "")).split())


def test_a_workspace_pin_file_is_the_one_in_use_not_stale(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    folder = tmp_path / "app"
    config = _vscode_config(folder / ".vscode" / "mcp.json")
    named = _init(home, config)
    in_use = Path(named.replace("${workspaceFolderBasename}", folder.name))
    PinFile(in_use).store("mail", [SEND_EMAIL_TOOL])  # as VS Code's first start would
    stale = in_use.parent / "mail-0123456789.json"  # a hand-started `cordon run --name mail`
    PinFile(stale).store("mail", [SEND_EMAIL_TOOL])
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\n")

    done = run_cordon(home, "check", "--policy", str(policy), "--server", "mail")
    assert done.returncode == 0, done.stdout + done.stderr
    said = _said(done)
    assert f"using {in_use}" in said
    assert f"{in_use} (in use: named by {config.resolve()})" in said
    assert f"rm {in_use}" not in said
    assert f"{stale} (stale:" in said

    accept = run_cordon(home, "pin", "accept", "--server", "mail")
    assert f"using {in_use}" in _said(accept), accept.stdout + accept.stderr


def test_two_workspaces_of_a_user_level_entry_are_both_in_use(tmp_path: Path) -> None:
    """A user-level mcp.json serves every workspace: each expansion is in use, so the
    command stops and names both (give --pin-file), calling neither stale."""
    home = tmp_path / "home"
    home.mkdir()
    config = _vscode_config(home / ".config" / "Code" / "User" / "mcp.json")
    named = _init(home, config)
    files = [Path(named.replace("${workspaceFolderBasename}", w)) for w in ("app", "site")]
    for f in files:
        PinFile(f).store("mail", [SEND_EMAIL_TOOL])
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\n")

    done = run_cordon(home, "check", "--policy", str(policy), "--server", "mail")
    assert done.returncode == 2, done.stdout + done.stderr
    said = _said(done)
    assert "several pin files hold server 'mail'" in said
    assert "give --pin-file or --config CONFIG" in said  # either picks the one to check
    for f in files:
        assert f"{f} (in use: named by {config.resolve()})" in said
    assert "stale" not in said and "rm " not in said


def test_check_of_a_workspace_entry_run_with_the_policy_reads_its_expanded_file(
    tmp_path: Path,
) -> None:
    """``cordon init --policy P`` on a workspace's own ``.vscode/mcp.json``, the server run
    once (VS Code expands ``${workspaceFolderBasename}`` to the folder's name): ``cordon check
    --policy P --server NAME`` checks the file VS Code wrote the pins to, not the name as
    written in the config (which never exists on disk: it said "has not run behind cordon
    yet")."""
    home = tmp_path / "home"
    home.mkdir()
    folder = tmp_path / "app"
    config = _vscode_config(folder / ".vscode" / "mcp.json")
    policy = tmp_path / "policy.yaml"
    policy.write_text("version: 1\ntools:\n  send_emial: {max_calls: 1}\n")
    done = run_cordon(
        home, "init", "--config", str(config), "--server", "mail", "--policy", str(policy), "-y"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    args = json.loads(config.read_text())["servers"]["mail"]["args"]
    named = args[args.index("--pin-file") + 1]
    assert named.endswith("-${workspaceFolderBasename}.json"), named
    on_disk = Path(named.replace("${workspaceFolderBasename}", folder.name))
    PinFile(on_disk).store("mail", [SEND_EMAIL_TOOL])  # as VS Code's first start would

    checked = run_cordon(home, "check", "--policy", str(policy), "--server", "mail")
    said = _said(checked)
    assert f"using {on_disk}" in said, checked.stdout + checked.stderr
    assert "has not run behind cordon yet" not in said
    # the pinned tools were read: the typo is caught against send_email (exit 1)
    assert checked.returncode == 1 and "did you mean 'send_email'" in said, said
