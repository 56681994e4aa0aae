"""``cordon check --policy P --server NAME`` reads the pins of the server it checks: the pin
file of the ``cordon run --name NAME`` entry that runs with P (or, with ``--config FILE``, the
one that config names), not another config's server of the same name. Two configs each wrap
a server ``files`` (two programs: a pin file each, as ``cordon init`` names them); only the
first had run. Checking the second's policy used the first's pins (the only file there),
and with both files there stopped asking for ``--pin-file``. Through the real ``cordon
init`` and ``cordon check`` processes."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from cordon.store.pins import PinFile
from tests.conftest import run_cordon


def _setup(tmp: Path) -> tuple[Path, dict[str, Path], dict[str, Path], dict[str, Path]]:
    home = tmp / "home"
    home.mkdir()
    configs, policies, pins = {}, {}, {}
    for side, program in (("a", "alpha.js"), ("b", "beta.js")):
        configs[side] = tmp / side / ".mcp.json"
        configs[side].parent.mkdir()
        configs[side].write_text(
            json.dumps({"mcpServers": {"files": {"command": "node", "args": [program]}}}), "utf-8"
        )
        policies[side] = tmp / f"{side}.yaml"
        policies[side].write_text(yaml.safe_dump({"version": 1}), "utf-8")
        done = run_cordon(
            home, "init", "--config", str(configs[side]), "--policy", str(policies[side]),
            "-y", "--no-hook",
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        args = json.loads(configs[side].read_text("utf-8"))["mcpServers"]["files"]["args"]
        pins[side] = Path(args[args.index("--pin-file") + 1])
    assert pins["a"] != pins["b"]
    return home, configs, policies, pins


def _pin(path: Path, tool: str) -> None:
    PinFile(path).store("files", [{"name": tool, "inputSchema": {"type": "object"}}])


def test_check_uses_the_pins_of_the_entry_run_with_the_policy(tmp_path: Path) -> None:
    home, configs, policies, pins = _setup(tmp_path)
    _pin(pins["a"], "alpha_tool")
    _pin(pins["b"], "beta_tool")
    for side in ("a", "b"):
        done = run_cordon(home, "check", "--policy", str(policies[side]), "--server", "files")
        assert done.returncode == 0, done.stdout + done.stderr
        assert f"({pins[side]})" in done.stdout, done.stdout
    done = run_cordon(
        home, "check", "--policy", str(policies["b"]), "--server", "files",
        "--config", str(configs["a"]),
    )  # fmt: skip
    assert done.returncode == 0 and f"({pins['a']})" in done.stdout, done.stdout + done.stderr


def test_check_never_uses_another_configs_pins(tmp_path: Path) -> None:
    home, _, policies, pins = _setup(tmp_path)
    _pin(pins["a"], "alpha_tool")  # only the first server ran
    done = run_cordon(home, "check", "--policy", str(policies["b"]), "--server", "files")
    assert done.returncode == 2, done.stdout + done.stderr
    assert str(pins["a"]) not in done.stdout, done.stdout
    assert str(pins["b"]) in done.stderr and "does not exist" in done.stderr, done.stderr
