from __future__ import annotations

from pathlib import Path

import pytest

from cordon._exceptions import PolicyError
from cordon.policy import load_pack, load_policy, pack_names


def _write(tmp_path: Path, text: str, name: str = "p.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, "utf-8")
    return p


def test_defaults() -> None:
    p = load_policy([])
    assert p.version == 1 and p.content.mode == "warn" and p.content.block_at == "high"
    assert p.min_destination_length == 6 and not p.allowlist_beats_taint


def test_issue_example_loads(tmp_path: Path) -> None:
    text = """
version: 1
trusted_destinations: [ops@example.com]
tools:
  write_file:
    path_params: [path]
    allowed_path_prefixes: [/abs/project/out]
    max_calls: 20
  delete_file: {max_calls: 0}
  refund: {max_value: {amount: 100}, arg_patterns: {order_id: "[0-9]{1,10}"}}
  send_email: {exfiltrating: true, sink_params: [to, cc, bcc], trusted_destinations: [me@example.com]}
"""
    p = load_policy([_write(tmp_path, text)])
    assert p.tools["delete_file"].max_calls == 0
    assert p.tools["send_email"].sink_params == ("to", "cc", "bcc")


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        ("version: 1\ntools:\n  x:\n    max_calls: 3\n    bogus: 1\n", 5, "tools.x.bogus"),
        ("version: 1\ntools:\n  x:\n    max_calls: many\n", 4, "tools.x.max_calls"),
        ("version: 1\ntools:\n  x:\n    arg_patterns: {id: '[0-9'}\n", 4, "tools.x.arg_patterns"),
        ("version: 1\nnope: true\n", 2, "nope"),
        ("version: 2\n", 1, "version"),
    ],
)
def test_errors_name_file_line_key(tmp_path: Path, text: str, line: int, key: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(PolicyError) as ei:
        load_policy([path])
    assert ei.value.file == str(path)
    assert ei.value.line == line
    assert ei.value.key == key


def test_a_misspelt_key_gets_a_hint_and_a_scalar_for_a_list_says_list(tmp_path: Path) -> None:
    path = _write(tmp_path, "version: 1\ntools:\n  x:\n    directory_feilds: [sender]\n")
    with pytest.raises(PolicyError, match="did you mean 'directory_fields'"):
        load_policy([path])
    path = _write(tmp_path, "version: 1\ntools:\n  x:\n    sink_params: to\n", "q.yaml")
    with pytest.raises(PolicyError, match="expected a list") as ei:
        load_policy([path])
    assert (ei.value.line, ei.value.key) == (4, "tools.x.sink_params")
    path = _write(tmp_path, "version: 1\nzzzz: 1\n", "r.yaml")
    with pytest.raises(PolicyError) as ei:
        load_policy([path])
    assert "did you mean" not in str(ei.value)


def test_invalid_yaml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PolicyError) as ei:
        load_policy([_write(tmp_path, "tools: [unclosed\n")])
    assert ei.value.line is not None
    with pytest.raises(PolicyError):
        load_policy([tmp_path / "missing.yaml"])


def test_layering_later_tool_entry_replaces(tmp_path: Path) -> None:
    a = _write(
        tmp_path,
        "version: 1\ntools:\n  t: {max_calls: 5, path_params: [p]}\n  u: {max_calls: 1}\n",
        "a.yaml",
    )
    b = _write(tmp_path, "version: 1\ntools:\n  t: {max_calls: 2}\n", "b.yaml")
    p = load_policy([a, b])
    assert p.tools["t"].max_calls == 2 and p.tools["t"].path_params == ()
    assert p.tools["u"].max_calls == 1


def test_pack_fields_merge_under_user_entry(tmp_path: Path) -> None:
    a = _write(
        tmp_path,
        "version: 1\npacks: [filesystem]\ntools:\n  write_file: {allowed_path_prefixes: [/x]}\n",
    )
    p = load_policy([a])
    assert p.tools["write_file"].path_params == ("path",)
    assert p.tools["write_file"].allowed_path_prefixes == ("/x",)


def test_every_pack_loads() -> None:
    names = pack_names()
    assert "filesystem" in names
    for name in names:
        data = load_pack(name)
        assert data.get("tools"), name
        load_policy([{"version": 1, "packs": [name]}])


def test_unknown_pack() -> None:
    with pytest.raises(PolicyError):
        load_policy([{"version": 1, "packs": ["nope"]}])


def test_global_prefixes_confine_every_path_tool(tmp_path: Path) -> None:
    text = "version: 1\npacks: [filesystem]\nallowed_path_prefixes: [/srv/out]\ntools:\n  write_file: {allowed_path_prefixes: [/srv/out/w]}\n"
    p = load_policy([_write(tmp_path, text)])
    assert p.tools["edit_file"].allowed_path_prefixes == ("/srv/out",)
    assert p.tools["move_file"].allowed_path_prefixes == ("/srv/out",)
    assert p.tools["write_file"].allowed_path_prefixes == ("/srv/out/w",)  # its own wins
    assert p.tools["list_allowed_directories"].allowed_path_prefixes == ()  # no path params


def test_cordon_check_validates_and_lists_each_tool(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cordon.cli import app

    ok = _write(
        tmp_path,
        "version: 1\ntools:\n  reserve_hotel: {requires_request: ['\\bbook']}\n"
        "  read_channel: {directory_fields: [sender]}\n"
        "  get_users: {directory: true}\n"
        "  list_channels: {directory_fields: [id], directory_except: {is_ext_shared: true}}\n",
    )
    r = CliRunner().invoke(app, ["check", "--policy", str(ok)])
    assert r.exit_code == 0, r.output
    assert "policy ok: 1 file(s), 4 tool entries" in r.output
    assert "except in records with is_ext_shared: true" in " ".join(r.output.split())
    assert "reserve_hotel: asked unless the user's request matches" in r.output
    assert "read_channel: directory fields: names under sender" in r.output
    assert "get_users: directory: its listed names" in r.output
    bad = _write(tmp_path, "version: 1\ntools:\n  x:\n    direktory: true\n", "bad.yaml")
    r = CliRunner().invoke(app, ["check", "--policy", str(bad)])
    assert r.exit_code == 2


def test_cordon_check_warns_about_an_unset_secret_env_var(tmp_path: Path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from cordon.cli import app

    ok = _write(tmp_path, "version: 1\nsecrets: {env: [CORDON_TEST_TOKEN]}\n")
    monkeypatch.delenv("CORDON_TEST_TOKEN", raising=False)
    r = CliRunner().invoke(app, ["check", "--policy", str(ok)])
    assert r.exit_code == 0 and "secret env var CORDON_TEST_TOKEN is unset" in r.output
    monkeypatch.setenv("CORDON_TEST_TOKEN", "tok_" + "x" * 20)
    r = CliRunner().invoke(app, ["check", "--policy", str(ok)])
    assert r.exit_code == 0 and "CORDON_TEST_TOKEN is unset" not in r.output


def test_every_error_of_a_policy_file_is_reported(tmp_path: Path) -> None:
    bad = _write(
        tmp_path,
        "version: 1\ntools:\n  send_email:\n    exfiltratin: true\n  refund:\n    max_calls: lots\n",
    )
    with pytest.raises(PolicyError) as info:
        load_policy([bad])
    e = info.value
    # the first locates the exception; each is a line of its own, with its file and line
    assert (e.line, e.key) == (4, "tools.send_email.exfiltratin")
    assert str(e).splitlines() == [
        f"2 errors in {bad}:",
        f"  {bad}:4: tools.send_email.exfiltratin: unknown key (did you mean 'exfiltrating'?)",
        f"  {bad}:6: tools.refund.max_calls: Input should be a valid integer, unable to parse "
        "string as an integer",
    ]


def test_a_policy_error_on_stderr_is_one_line(tmp_path: Path) -> None:
    """Newcomer trial: rich wrapped the message at 80 columns on a pipe, mid-way
    through "regex does not compile", which a log search for that phrase then missed."""
    import os
    import subprocess
    import sys

    bad = tmp_path / "policy.yaml"
    bad.write_text('version: 1\ntools:\n  some_long_tool_name: {arg_patterns: {argument: "(["}}\n')
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    r = subprocess.run(
        [sys.executable, "-m", "cordon.cli", "check", "--policy", str(bad)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 2
    (line,) = [x for x in r.stderr.splitlines() if "policy error" in x]
    assert len(line) > 80 and "regex does not compile" in line, r.stderr


@pytest.mark.parametrize(
    "text",
    [
        "version: 1\nallowed_path_prefixes: [project]\n",
        "version: 1\ntools:\n  write_file: {path_params: [path], allowed_path_prefixes: [out]}\n",
        "version: 1\ntools:\n  write_file: {path_params: [path], base_dir: ./work}\n",
    ],
)
def test_a_relative_path_prefix_or_base_stops_start_up(tmp_path: Path, text: str) -> None:
    # resolved against whatever working directory the client starts cordon in (newcomer
    # trial): refused with the file and line, never taken silently
    f = tmp_path / "policy.yaml"
    f.write_text(text, "utf-8")
    with pytest.raises(PolicyError, match="relative path") as ei:
        load_policy([f])
    assert str(f) in str(ei.value)


def test_absolute_and_home_prefixes_load(tmp_path: Path) -> None:
    f = tmp_path / "policy.yaml"
    f.write_text(
        "version: 1\nallowed_path_prefixes: [/srv/data, ~/work]\n"
        "tools:\n  write_file: {path_params: [path], base_dir: ~/work}\n",
        "utf-8",
    )
    p = load_policy([f])
    assert p.allowed_path_prefixes == ("/srv/data", "~/work")


def test_version_as_an_option_and_a_command() -> None:
    from typer.testing import CliRunner

    from cordon import __version__
    from cordon.cli import app

    for args in (["--version"], ["version"]):
        r = CliRunner().invoke(app, args)
        assert (r.exit_code, r.output.strip()) == (0, __version__)


def test_an_unknown_pack_is_located_where_the_policy_names_it(tmp_path: Path) -> None:
    p = tmp_path / "p.yaml"
    p.write_text("version: 1\npacks:\n  - filesystem\n  - filesytem\n")
    with pytest.raises(PolicyError) as ei:
        load_policy([p])
    assert (ei.value.file, ei.value.line, ei.value.key) == (str(p), 4, "packs")
    assert "'filesytem'" in ei.value.message and "filesystem" in ei.value.message
