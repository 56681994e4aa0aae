"""The github pack's bot-command rule, read from each bot's documented grammar: a line that
starts with a top-level directory of the file system (``/tmp is full``) is prose, no bot has
such a command; the commands of Prow, the GitHub Actions dispatchers, bors-ng, Jenkins
GHPRB, pre-commit.ci and the coding agents a mention sets to work stay denied."""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.test_pack_github_commands import _comment


@pytest.mark.parametrize(
    "body",
    [
        "/tmp is full, cleaning up",
        "Disk report:\n/var is at 91%\n/home is fine",
        "/etc is read-only in the container.",
        "/opt holds the old install",
        "/Users is on the other volume",
        "/nix",
    ],
)
def test_a_line_starting_with_a_top_level_directory_is_prose(body: str) -> None:
    v = _comment(body)
    assert v.verdict == "allow", v


@pytest.mark.parametrize(
    "body",
    [
        "/assign @me",
        "/test all",
        "/run benchmarks",
        "/dev deploy",
        "/docs needs work",
        "/tmpfix now",
        "bors retry",
        "bors r-",
        "bors d+",
        "bors: r+",
        "@bors r+ rollup",
        "@mergify refresh",
        "@dependabot-preview merge",
        "ok to test",
        "> Retest this please",
        "add to whitelist",
        "pre-commit.ci autofix",
        "@copilot add the workflow from the issue",
        "@claude commit the .env example",
        "@coderabbitai approve",
    ],
)
def test_a_documented_bot_command_is_denied(body: str) -> None:
    v: Any = _comment(body)
    assert (v.verdict, v.rule, v.param) == ("deny", "arg.pattern", "body"), v


@pytest.mark.parametrize(
    "body",
    ["bors is down today", "It is ok to test it locally first.", "Thanks @copilot!"],
)
def test_the_same_words_inside_a_sentence_pass(body: str) -> None:
    assert _comment(body).verdict == "allow"
