"""`cordon init` on a Gemini CLI entry whose token Gemini CLI mints itself
(``authProviderType``: Google credentials, service account impersonation): cordon run cannot
carry that, so the entry is left as it is and stderr says why, as for an ``oauth`` entry.
Through the real `cordon` process on a real settings.json in a temporary HOME."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import cordon_exe


@pytest.mark.parametrize("provider", ["google_credentials", "service_account_impersonation"])
def test_gemini_client_side_auth_is_left_alone_and_said(tmp_path: Path, provider: str) -> None:
    home = tmp_path / "home"
    config = home / ".gemini" / "settings.json"
    config.parent.mkdir(parents=True)
    iap = {
        "httpUrl": "https://my-gcp-service.run.app/mcp",
        "authProviderType": provider,
        "targetAudience": "123.apps.googleusercontent.com",
        "targetServiceAccount": "mcp@my-project.iam.gserviceaccount.com",
    }
    servers = {"iap": iap, "local": {"command": "uvx", "args": ["notes-mcp"]}}
    config.write_text(json.dumps({"mcpServers": servers}, indent=2) + "\n")
    done = subprocess.run(
        [*cordon_exe(), "init", "--config", str(config), "-y"],
        capture_output=True,
        text=True,
        env={**os.environ, "HOME": str(home), "COLUMNS": "300"},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    after = json.loads(config.read_text())["mcpServers"]
    assert after["iap"] == iap  # Gemini CLI still mints its token
    assert "iap: remote server left alone" in done.stderr
    assert "authProviderType" in done.stderr
    assert Path(after["local"]["command"]).name == "cordon"
