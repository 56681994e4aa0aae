"""More git forms that put back a client's MCP config (``action.credential_write``, ask),
each checked against real git 2.39 in a work tree whose ``.mcp.json`` was wrapped after the
commit: the committed, unwrapped copy was back after each.

* ``yes | git checkout -p`` / ``git restore -p``: the interactive patch mode answered from a
  pipe restores every hunk (no pathspec: the whole tree);
* ``git ls-files | git checkout-index -f --stdin``: the paths come from standard input;
* ``git merge-file .mcp.json BASE OTHER``: the merge result is written over the first file;
* ``git config alias.co checkout`` then ``git co -- .mcp.json``: an alias in the user's
  config. The alias's write is asked when it stands for a command that rewrites the work tree,
  and a subcommand git does not ship (an alias or an external ``git-NAME`` program) is read
  as a whole-tree rewrite (asked only where a client config exists);
* Claude Code's ``~/.claude.json`` and the other user-level configs in a work tree at the home
  directory (a dotfiles repository)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cordon import Engine


def _project(tmp_path: Path, *protected: str) -> Path:
    proj = tmp_path / "proj"
    (proj / ".git").mkdir(parents=True)
    (proj / "src").mkdir()
    for name in protected:
        (proj / name).parent.mkdir(parents=True, exist_ok=True)
        (proj / name).write_text("{}\n")
    return proj


def _shell(proj: Path, command: str) -> tuple[str, str | None]:
    engine = Engine.from_policy([{
        "version": 1, "packs": ["desktop_commander"],
        "allowed_path_prefixes": [str(proj)], "base_dir": str(proj),
    }])  # fmt: skip
    props = {"command": {"type": "string"}, "timeout_ms": {"type": "number"}}
    engine.pin_tools(
        [{"name": "start_process", "inputSchema": {"type": "object", "properties": props}}]
    )
    d = engine.new_session().check("start_process", {"command": command, "timeout_ms": 1000})
    return d.verdict, d.rule


SWAPS = [
    "yes | git checkout -p", "yes | git checkout --patch", "yes | git restore -p",
    "printf 'a\\n' | git restore --patch", "git ls-files | git checkout-index -f --stdin",
    "git checkout-index --stdin -f < list.txt", "git merge-file .mcp.json base.json other.json",
    "git merge-file -L a -L b -L c .mcp.json base.json other.json", "git co -- .mcp.json",
    "git co main", "git config alias.co checkout", "git config --global alias.co 'checkout --'",
    "git config set alias.r restore", "git config alias.r reset", "git config alias.s stash",
    "git config --add alias.mf merge-file",
]  # fmt: skip


@pytest.mark.parametrize("command", SWAPS)
def test_the_form_is_asked(tmp_path: Path, command: str) -> None:
    assert _shell(_project(tmp_path, ".mcp.json"), command) == ("ask", "action.credential_write")


LEFT = [
    "git checkout -p -- src/app.py", "git merge-file -p .mcp.json base.json other.json",
    "git merge-file src/a.py src/b.py src/c.py", "git config alias.st status",
    "git config --global alias.unstage 'reset HEAD --'", "git config alias.lg 'log --graph'",
    "git status", "git help co",
]  # fmt: skip


@pytest.mark.parametrize("command", LEFT)
def test_what_restores_no_config_is_left(tmp_path: Path, command: str) -> None:
    assert _shell(_project(tmp_path, ".mcp.json"), command)[1] != "action.credential_write"


@pytest.mark.parametrize("command", ["git co main", "git lfs pull", "yes | git restore -p"])
def test_a_tree_without_a_client_config_is_left(tmp_path: Path, command: str) -> None:
    assert _shell(_project(tmp_path, "CLAUDE.md"), command)[1] != "action.credential_write"


@pytest.mark.parametrize(
    "config",
    [".claude.json", ".codeium/windsurf/mcp_config.json",
     ".config/Claude/claude_desktop_config.json",
     "Library/Application Support/Claude/claude_desktop_config.json"],
)  # fmt: skip
def test_a_user_level_config_in_the_work_tree_is_read(tmp_path: Path, config: str) -> None:
    verdict, rule = _shell(_project(tmp_path, config), "git checkout main")
    assert (verdict, rule) == ("ask", "action.credential_write")
