"""Evasions of ``action.git_dir`` (a git tool pointed at a git directory rather than a work
tree), each checked against what the git pack's server really opens (GitPython's
``git.Repo(path)``, which mcp-server-git calls).

Attack classes: the embedded bare repository (CVE-2022-24765's class) reached another way
than by its own path: ``$PWD/vendor/cache`` (GitPython expands environment variables;
cordon read a directory named ``$PWD``), a ``.git`` file (``gitdir: ../vendor/cache``) in a
directory of the project (git and GitPython follow it), and a git server whose repository
argument is named ``gitdir``, ``folder``, ``workspace`` or ``project_root``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine.near_domains import resembles
from cordon.store import OS_PATHS

GIT_DIR = ("ask", "action.git_dir")
GIT = ["git", "-c", "init.defaultBranch=main"]


def _check(tool: str, args: dict[str, Any], proj: Path, **pol: Any) -> tuple[str, str]:
    policy = {"version": 1, "packs": ["git"], "allowed_path_prefixes": [str(proj)], **pol}
    eng = Engine.from_policy([policy])
    eng.pin_tools([{"name": tool, "inputSchema": {"type": "object"}}])
    d = eng.new_session().check(tool, args)
    return d.verdict, d.rule


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    """A work tree holding a bare repository at ``vendor/cache``."""
    p = tmp_path / "proj"
    p.mkdir()
    subprocess.run([*GIT, "init", "-q", str(p)], check=True)
    subprocess.run([*GIT, "init", "-q", "--bare", str(p / "vendor" / "cache")], check=True)
    return p


@pytest.mark.parametrize(
    "raw", ["$PWD/vendor/cache", "${PWD}/vendor/cache", "vendor/${EMPTY}cache", "%CD%/x"]
)
def test_a_repository_argument_naming_an_environment_variable_is_asked(
    proj: Path, raw: str
) -> None:
    """GitPython's ``Repo('$PWD/vendor/cache')`` opens the bare repository (it expands the
    variable); cordon resolved a directory named ``$PWD`` under the project."""
    args = {"repo_path": raw, "message": "sync"}
    assert _check("git_commit", args, proj, base_dir=str(proj)) == GIT_DIR


def test_gitpython_expands_the_variable_into_the_bare_repository(
    proj: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The premise, on the library the git pack's server uses."""
    git = pytest.importorskip("git")
    monkeypatch.chdir(proj)
    monkeypatch.setenv("PWD", str(proj))
    with pytest.warns(UserWarning):
        repo = git.Repo("$PWD/vendor/cache")
    assert Path(repo.git_dir) == proj / "vendor" / "cache"


def test_a_gitfile_naming_a_bare_repository_is_asked(proj: Path) -> None:
    """``sub/.git`` holding ``gitdir: ../vendor/cache`` (an archive brought it, or an
    approved write): git and GitPython use the bare repository and run its hooks."""
    (proj / "sub").mkdir()
    (proj / "sub" / ".git").write_text("gitdir: ../vendor/cache\n")
    args = {"repo_path": str(proj / "sub"), "message": "sync"}
    assert _check("git_commit", args, proj) == GIT_DIR
    git = pytest.importorskip("git")
    assert Path(git.Repo(str(proj / "sub")).git_dir) == proj / "vendor" / "cache"


def test_a_gitfile_that_cannot_be_read_as_one_is_asked(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / ".git").write_text("not a pointer\n")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / ".git").symlink_to(tmp_path / "missing")
    assert OS_PATHS.git_dir(str(tmp_path / "a"))
    assert OS_PATHS.git_dir(str(tmp_path / "b"))


def test_a_gitfile_whose_dot_dot_follows_a_link_into_a_dot_git_is_asked(tmp_path: Path) -> None:
    """``gitdir: L/../../vendor/cache`` with ``L -> proj/.git/a/b``: resolved, the target
    is inside ``.git``; read lexically (GitPython), it is ``vendor/cache``."""
    p = tmp_path / "proj"
    subprocess.run([*GIT, "init", "-q", str(p)], check=True)
    (p / ".git" / "a" / "b").mkdir(parents=True)
    (p / "sub").mkdir()
    (p / "sub" / "L").symlink_to(p / ".git" / "a" / "b")
    (p / "sub" / ".git").write_text("gitdir: L/../../vendor/cache\n")
    assert OS_PATHS.git_dir(str(p / "sub"))


def test_a_submodule_and_a_linked_work_tree_are_not_asked(proj: Path) -> None:
    """Their ``.git`` files name ``.git/modules/x`` and ``.git/worktrees/x``: inside the
    superproject's own git directory, which no clone brings."""
    subprocess.run([*GIT, "-C", str(proj), "commit", "-q", "--allow-empty", "-m", "a"], check=True)
    wt = proj.parent / "wt"
    subprocess.run([*GIT, "-C", str(proj), "worktree", "add", "-q", str(wt)], check=True)
    assert (wt / ".git").is_file()
    assert not OS_PATHS.git_dir(str(wt))
    sub = proj / "lib"
    sub.mkdir()
    (sub / ".git").write_text("gitdir: ../.git/modules/lib\n")
    (proj / ".git" / "modules" / "lib").mkdir(parents=True)
    assert not OS_PATHS.git_dir(str(sub))
    assert _check("git_status", {"repo_path": str(wt)}, proj.parent) != GIT_DIR


def test_dot_dot_after_a_cloned_link_is_asked(proj: Path, tmp_path: Path) -> None:
    """A clone brings ``docs/link -> sub/deeper``: ``docs/link/../../vendor/cache`` resolves
    to ``docs/vendor/cache`` (none), GitPython's normpath opens ``vendor/cache``;
    ``docs/link/../../../other`` opens a repository outside the allowed prefix."""
    (proj / "docs" / "sub" / "deeper").mkdir(parents=True)
    (proj / "docs" / "link").symlink_to("sub/deeper")
    subprocess.run([*GIT, "init", "-q", str(tmp_path / "other")], check=True)
    for rel in ("docs/link/../../vendor/cache", "docs/link/../../../other"):
        args = {"repo_path": f"{proj}/{rel}"}
        assert _check("git_status", args, proj) == GIT_DIR, rel
        assert _check("git_status", {"repo_path": rel}, proj, base_dir=str(proj)) == GIT_DIR
    git = pytest.importorskip("git")
    opened = git.Repo(f"{proj}/docs/link/../../vendor/cache").git_dir
    assert Path(opened) == proj / "vendor" / "cache"


def test_dot_dot_without_a_link_is_not_asked(proj: Path) -> None:
    (proj / "docs").mkdir()
    args = {"repo_path": f"{proj}/docs/..", "message": "a"}
    assert _check("git_commit", args, proj) == ("allow", "default.allow")


@pytest.mark.parametrize(
    "key", ["gitdir", "folder", "workspace", "project_root", "root", "location"]
)
def test_another_git_servers_repository_argument_names_are_read(proj: Path, key: str) -> None:
    policy = {"version": 1, "allowed_path_prefixes": [str(proj)]}
    eng = Engine.from_policy([policy])
    eng.pin_tools([{"name": "git_commit_all", "inputSchema": {"type": "object"}}])
    d = eng.new_session().check("git_commit_all", {key: str(proj / "vendor" / "cache")})
    assert (d.verdict, d.rule) == GIT_DIR


def test_a_work_tree_by_a_plain_path_is_still_not_asked(proj: Path) -> None:
    args = {"repo_path": str(proj), "message": "a"}
    assert _check("git_commit", args, proj) == ("allow", "default.allow")


# --- ASCII and IDNA look-alikes of an allowlisted domain in an ask (near_domains) -------

TRUSTED = ["paypal.com", "github.com", "microsoft.com", "dropbox.com", "apple.com"]


@pytest.mark.parametrize(
    ("host", "looks_like"),
    [
        ("paypal.cam", "paypal.com"),
        ("paypal.om", "paypal.com"),
        ("paypa1-support.com", "paypal.com"),
        ("paypal.com.evil.com", "paypal.com"),
        ("paypal.com-secure.net", "paypal.com"),
        ("paypal.comsecure.net", "paypal.com"),
        ("paypal.com.co", "paypal.com"),
        ("www-paypal.com", "paypal.com"),
        ("micr0s0ft.com", "microsoft.com"),
        ("rnicrosoft-support.com", "microsoft.com"),
        ("gihtub.com", "github.com"),
        ("appleid-apple.com", "apple.com"),
        ("dr0pbox.com", "dropbox.com"),
    ],
)
def test_held_ascii_lookalikes_are_named(host: str, looks_like: str) -> None:
    assert resembles(host, TRUSTED) == looks_like


@pytest.mark.parametrize(
    ("host", "looks_like"),
    [
        # the dot left out: read as www.paypal.com and paypal.com
        ("wwwpaypal.com", "paypal.com"),
        ("login.wwwpaypal.com", "paypal.com"),
        ("paypalcom.net", "paypal.com"),
        # IDNA: pаypal.com with a Cyrillic a, and a subdomain of it
        ("xn--pypal-4ve.com", "paypal.com"),
        ("login.xn--pypal-4ve.com", "paypal.com"),
        ("xn--80ak6aa92e.com", "apple.com"),  # all-Cyrillic аррӏе.com
    ],
)
def test_a_glued_www_or_com_and_an_idna_homograph_are_named(host: str, looks_like: str) -> None:
    assert resembles(host, TRUSTED) == looks_like


@pytest.mark.parametrize("host", ["xn--bcher-kva.com", "xn--zz-xxx.com", "wwwork.com"])
def test_an_unrelated_idna_host_or_www_word_resembles_nothing(host: str) -> None:
    assert resembles(host, TRUSTED) is None


def _fetch_ask(url: str) -> Any:
    eng = Engine.from_policy(
        [
            {
                "version": 1,
                "tools": {"fetch": {"egress": True}},
                "egress": {"mode": "allowlist", "allow": ["paypal.com"]},
            }
        ]
    )
    eng.pin_tools([{"name": "fetch", "inputSchema": {"type": "object"}}])
    return eng.new_session().check("fetch", {"url": url})


def test_an_idna_homograph_of_an_allowlisted_domain_is_said_first_in_the_ask() -> None:
    """The ask listed ``'xn--pypal-4ve.com', 'paypal.com'`` with no warning: what a person
    reads is the allowlisted name."""
    v = _fetch_ask("https://xn--pypal-4ve.com/login")
    assert v.verdict == "ask", v
    assert v.reason.startswith("looks like allowlisted 'paypal.com'"), v.reason


def test_an_idna_homographs_ask_does_not_list_the_trusted_name_as_a_destination() -> None:
    """The taint ask's destination is the host's folded key (``paypal.com/login``): the
    list the person reads says it is a look-alike spelling of it, never the name bare."""
    v = _fetch_ask("https://xn--pypal-4ve.com/login")
    start = v.reason.split(": ", 2)[1]  # (after the look-alike note, before the reasons)
    assert "a look-alike spelling of 'paypal.com/login' (another address)" in start, v.reason
    assert ", 'paypal.com/login'" not in start and "for 'paypal.com" not in start, v.reason


@pytest.mark.xfail(
    strict=True,
    reason="a trusted name inside a longer label is not compared (module docstring): "
    "paypalsecure.com and securepaypal.com are common phishing registrations",
)
@pytest.mark.parametrize("host", ["paypalsecure.com", "securepaypal.com"])
def test_a_trusted_name_glued_to_a_word_is_named(host: str) -> None:
    assert resembles(host, TRUSTED) == "paypal.com"


@pytest.mark.xfail(
    strict=True,
    reason="a five-letter name is one substitution from common words: black.com, snack.com "
    "'look like' slack.com and email.com gmail.com, a warning approvers learn to skip",
)
@pytest.mark.parametrize(
    ("host", "trusted"), [("black.com", "slack.com"), ("email.com", "gmail.com")]
)
def test_a_dictionary_neighbour_of_a_short_name_is_not_a_lookalike(host: str, trusted: str) -> None:
    assert resembles(host, [trusted]) is None
