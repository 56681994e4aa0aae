"""``cordon init``'s warnings quote a policy's keys and paths: a control character, a bidi
override or a line break in them is written as an escape, never acted on by the terminal
(ESC ``]52;`` writes the clipboard, ``\\n`` forges a line of cordon's own)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon.clientpolicy import init_policies


def test_a_missing_directory_warning_is_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = str(tmp_path / "gone\x1b]52;c;ZXZpbA==\x07\ncordon init: ok \u202eyaml")
    policy = tmp_path / "p.yaml"
    policy.write_text(f"version: 1\nallowed_path_prefixes: [{bad!r}]\n".replace("'", '"'))
    init_policies([policy])
    err = capsys.readouterr().err
    assert "does not exist here" in err
    assert "\x1b" not in err and "\x07" not in err and "\u202e" not in err
    assert err.count("\n") == 1 and "\\x1b]52;" in err and "\\ncordon init: ok" in err
