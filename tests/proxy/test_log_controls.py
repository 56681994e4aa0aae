"""cordon's stderr lines may quote what a server sent (a method name in an error, a reason):
control characters are escaped, so a server cannot drive the user's terminal (clear the
screen, forge a line) through cordon."""

from __future__ import annotations

import pytest

from cordon.proxy.transport import log


def test_control_characters_are_escaped_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    log("error inspecting an upstream notifications/\x1b[2Jx\ncordon: fake\x9b1m, dropped é")
    err = capsys.readouterr().err
    assert err == (
        "cordon: error inspecting an upstream notifications/\\x1b[2Jx\\ncordon: fake"
        "\\x9b1m, dropped é\n"
    )


def test_bidirectional_controls_are_escaped_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    """U+202E shows the rest of the line reversed (the Trojan Source class): a server's
    text after it reads as another word; an escape shows what was sent."""
    log("login failed: iss \u202egnp.exe\u2066 x\u200b\ufeff, kept é and 中")
    err = capsys.readouterr().err
    assert err == "cordon: login failed: iss \\u202egnp.exe\\u2066 x\\u200b\\ufeff, kept é and 中\n"


def test_text_a_renderer_shows_as_nothing_is_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    """Variation selectors and Hangul fillers are printable to Python and shown as nothing by a
    terminal: a tool name carrying text in them (cordon's "hidden" line quotes the name) read
    as the bare name."""
    log("tool(s) 'read\ufe0f\U000e0100\u3164' hidden, kept 中")
    err = capsys.readouterr().err
    assert err == "cordon: tool(s) 'read\\ufe0f\\U000e0100\\u3164' hidden, kept 中\n"
