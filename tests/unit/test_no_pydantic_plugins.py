"""The ``cordon`` command loads no pydantic plugins, and so does not import pydantic's plugin
loader and its ``importlib.metadata`` (cordon._no_pydantic_plugins); a library user keeps them.

Each case runs in a fresh interpreter: the test process holds the real loader already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import Harness, mailbox_server

SRC = Path(__file__).resolve().parents[2] / "src"
#: what pydantic's loader brings with ``importlib.metadata`` (~1.4 MB of a resting cordon run)
_METADATA = ("importlib.metadata", "email.message", "zipfile", "csv", "calendar")


def _run(code: str, home: Path) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin", "HOME": str(home)},
        timeout=300,
    )
    return out.stdout


def test_cordon_run_imports_no_plugin_loader(harness: Harness) -> None:
    # the console script's main: a whole `cordon run` in front of the mailbox server (the
    # policy loaded, the handshake and a tools/list relayed); what it imported, read at exit
    policy = harness.policy({"version": 1})
    seen = harness.tmp / "modules.json"
    argv = ["cordon", "run", "--policy", str(policy), "--audit", str(harness.audit)]
    code = f"""
import atexit, json, sys
atexit.register(lambda: open({str(seen)!r}, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = {[*argv, "--", *mailbox_server()]!r}
from cordon.cli import main
main()
"""
    hello = {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    }
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={
            "PYTHONPATH": str(SRC),
            "PATH": "/usr/bin:/bin",
            "HOME": str(harness.home),
            "MAILBOX_DIR": str(harness.tmp / "box"),
        },
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for frame, answered in (
            ({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}, True),
            ({"jsonrpc": "2.0", "method": "notifications/initialized"}, False),
            ({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, True),
        ):
            proc.stdin.write(json.dumps(frame).encode() + b"\n")
            proc.stdin.flush()
            if answered:
                answer = json.loads(proc.stdout.readline())
        assert answer["id"] == 2 and answer["result"]["tools"]  # relayed
        proc.stdin.close()
        proc.wait(60)
    finally:
        proc.kill()
    modules = json.loads(seen.read_text("utf-8"))
    assert [m for m in _METADATA if m in modules] == []


def test_stand_in_answers_no_plugins_and_the_rest_as_pydantic(tmp_path: Path) -> None:
    code = """
import json, sys
from cordon._no_pydantic_plugins import LOADER, disable
disable()
from cordon.policy import load_policy  # the policy models built
from pydantic import BaseModel, TypeAdapter
class M(BaseModel):
    n: int
built = [M(n="3").n, TypeAdapter(list[int]).validate_python(["1"])]
before = [m for m in ("importlib.metadata", "zipfile") if m in sys.modules]
from pydantic.plugin._loader import get_plugins
import pydantic.plugin._loader as loader
group = loader.PYDANTIC_ENTRY_POINT_GROUP  # a name the stand-in has not: the real module's
print(json.dumps([built, before, list(get_plugins()), group,
                  type(sys.modules[LOADER]).__name__, M(n=4).n]))
"""
    assert json.loads(_run(code, tmp_path)) == [[3, [1]], [], [], "pydantic", "_Loader", 4]


def test_a_library_user_keeps_pydantic_plugins(tmp_path: Path) -> None:
    # importing cordon (the engine, the gateway) does not touch pydantic's loader
    code = """
import json, sys
import cordon.policy, cordon.gateway
print(json.dumps(type(sys.modules["pydantic.plugin._loader"]).__name__))
"""
    assert json.loads(_run(code, tmp_path)) == "module"
