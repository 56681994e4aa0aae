"""A deny list's path (cordon's own files, a credential or auto-run file, ``sensitive_paths``)
reached under a spelling another platform's file system maps onto it: a Windows server's
backslashes, trailing dots and spaces and NTFS stream suffix (``policy.yaml.``,
``.env::$DATA``) and 8.3 short names (``ENV~1``); NFKC compatibility characters
(``policy\\uff0eyaml``); an NFD spelling of an NFC name on macOS (APFS and HFS+ compare
names normalisation-insensitively; HFS+ also ignores some code points); a home-directory
variable a server expands (``$HOME``, ``%USERPROFILE%``, ``${env:HOME}``); a relative path
where no ``base_dir`` is set (the server's working directory, cordon's).

Linux cannot show the Windows and macOS file systems: the engine is checked here with the
spelling those systems map (the macOS resolver below has APFS's case and normalisation
insensitivity and its ``/tmp`` -> ``/private/tmp`` link). Allowed prefixes are compared
exactly, so a case-insensitive system never widens them: ``/Users/x/PROJECT-other`` and
``/Users/x/Project/f`` stay outside ``/Users/x/project`` (fail closed)."""

from __future__ import annotations

import posixpath
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from cordon import Engine
from cordon.engine import args as _args
from cordon.engine.credential_paths import is_credential_path

PROPS = {k: {"type": "string"} for k in ("path", "content", "source", "destination")}
TOOLS = [
    {"name": n, "inputSchema": {"type": "object", "properties": PROPS}}
    for n in ("write_file", "move_file", "read_text_file")
]


def _session(home: Path, proj: Path, confined: bool = True) -> Any:
    """The filesystem pack confined to ``proj`` (its base directory), or (``confined``
    False) a writing tool the policy does not describe, with no ``base_dir``."""
    doc: dict[str, Any] = {"version": 1}
    if confined:
        doc.update(packs=["filesystem"], allowed_path_prefixes=[str(proj)], base_dir=str(proj))
    own = [str(proj / "cordon-policy.yaml"), str(home / ".cordon")]
    engine = Engine.from_policy([doc], state_paths=own)
    engine.pin_tools(TOOLS)
    return engine.new_session()


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    home, proj = tmp_path / "home", tmp_path / "home" / "project"
    proj.mkdir(parents=True)
    (home / ".cordon").mkdir()
    (proj / "cordon-policy.yaml").write_text("version: 1\n", "utf-8")
    monkeypatch.setenv("HOME", str(home))
    return home, proj


@pytest.mark.parametrize(
    "spelling",
    [
        "sub\\..\\cordon-policy.yaml",  # a server that splits at backslashes
        "cordon-policy\uff0eyaml",  # NFKC (a best-fit code page): U+FF0E is "."
        "{proj}/cordon-policy.yaml.",  # Windows drops a name's trailing dots and spaces
        "{proj}/cordon-policy.yaml. ",
        "{proj}/cordon-policy.yaml::$DATA",  # the file's data stream on NTFS
        "{home}/.cordon/approvals.json:$DATA",
        "$HOME/project/cordon-policy.yaml",  # a server that expands variables
        "${{HOME}}/.cordon/approvals.json",
        "${{env:HOME}}/.cordon/pins.json",
        "%USERPROFILE%\\.cordon\\approvals.json",
    ],
)
@pytest.mark.parametrize("confined", [True, False])
def test_cordons_state_is_denied_in_every_platforms_spelling(
    tree: tuple[Path, Path], spelling: str, confined: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, proj = tree
    monkeypatch.chdir(proj)
    s = _session(home, proj, confined)
    path = spelling.format(home=home, proj=proj)
    v = s.check("write_file", {"path": path, "content": "x"})
    if confined and not path.startswith(str(proj)) and "cordon-policy" not in path:
        assert v.verdict == "deny", v  # (outside the project: arg.path_outside)
    else:
        assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


@pytest.mark.parametrize(
    "spelling",
    [
        "cordon-policy.yaml",
        "./cordon-policy.yaml",
        "$HOME/.cordon/approvals.json",
        "C:cordon-policy.yaml",  # drive-relative: the drive's current directory on Windows
    ],
)
def test_a_relative_target_without_base_dir_is_read_in_the_working_directory(
    tree: tuple[Path, Path], spelling: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no ``base_dir`` a relative write target was skipped by the state check, and the
    server (started in cordon's directory) wrote the policy there."""
    home, proj = tree
    monkeypatch.chdir(proj)
    s = _session(home, proj, confined=False)
    v = s.check("write_file", {"path": spelling, "content": "x"})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v
    ok = s.check("write_file", {"path": "notes.md", "content": "x"})
    assert ok.verdict == "allow", ok


def test_an_nfd_spelling_of_cordons_state_is_denied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """macOS: ``/Users/José/.cordon`` typed decomposed (NFD, as HFS+ stores names) is the
    composed (NFC) directory on APFS and HFS+."""
    home = tmp_path / unicodedata.normalize("NFC", "jos\u00e9")
    proj = home / "project"
    proj.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    s = _session(home, proj, confined=False)
    nfd = unicodedata.normalize("NFD", str(home / ".cordon" / "approvals.json"))
    assert nfd != str(home / ".cordon" / "approvals.json")
    v = s.check("write_file", {"path": nfd, "content": "x"})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v
    hfs = str(home / ".cor\u200cdon" / "approvals.json")  # HFS+ ignores U+200C
    v = s.check("write_file", {"path": hfs, "content": "x"})
    assert (v.verdict, v.rule) == ("deny", "action.cordon_state"), v


@pytest.mark.parametrize(
    "path",
    [
        "proj/.env.",
        "proj/.ENV. ",
        "proj/.env::$DATA",
        "proj/.env:$DATA",
        "proj/.git./config",
        "C:\\proj\\.git.\\config",
        "C:\\Users\\x\\.gitconfig::$DATA",
        "proj/ENV~1",  # 8.3 short names: which long name, only the volume knows
        "C:\\Users\\x\\GITCON~1",
        "proj/MCP~1.JSO",
        "proj/\uff0eenv",  # NFKC
        "proj/\uff0e\uff25\uff2e\uff36",
        "proj/.g\u200cit/config",  # HFS+ ignores U+200C (git's is_hfs_dotgit)
        "C:.env",  # drive-relative: .env in drive C's current directory
        "c:.git\\config",
        "D:.bashrc",
    ],
)
def test_a_credential_path_in_a_platforms_spelling_is_one(path: str) -> None:
    assert is_credential_path(path), path


@pytest.mark.parametrize(
    "path",
    [
        "proj/notes.md",
        "proj/a.b.",
        "proj/.envelope",
        "proj/.env\u200b",
        "src/notes.md~",
        "a/b.txt.~1~",
        "C:notes.md",
        "proj/foo~1.txt",
        "proj/README.md.",
    ],
)
def test_other_names_are_not(path: str) -> None:
    assert not is_credential_path(path), path


def test_a_short_name_read_is_not_asked() -> None:
    """``git diff HEAD~1``: an 8.3-shaped operand is read, not written."""
    assert not is_credential_path("HEAD~1", reads=True)


class MacPaths:
    """The macOS resolver's semantics without macOS: ``/tmp`` and ``/var`` are symbolic
    links into ``/private`` (found in any case: APFS looks names up case-insensitively),
    and ``realpath`` keeps the spelling it is given otherwise (as ``os.path.realpath``
    does: it does not look up a name's stored case or normalisation)."""

    home = unicodedata.normalize("NFC", "/Users/Jos\u00e9")

    def expanduser(self, path: str) -> str:
        return self.home + path[1:] if path == "~" or path.startswith("~/") else path

    def realpath(self, path: str) -> str:
        p = posixpath.normpath(path)
        head, _, rest = p[1:].partition("/")
        if head.casefold() in ("tmp", "var", "etc"):
            p = "/private/" + head.lower() + ("/" + rest if rest else "")
        return p

    def lexists(self, path: str) -> bool:
        return False

    def isdir(self, path: str) -> bool:
        return False

    def git_dir(self, path: str) -> bool:
        return False


def test_macos_sensitive_paths_hold_in_any_case_and_normalisation() -> None:
    paths = MacPaths()
    nfd = unicodedata.normalize("NFD", "/Users/JOS\u00c9/.SSH/id_rsa")
    assert _args.path_within_any_case(nfd, ("~/.ssh",), paths)
    assert _args.path_within_any_case(paths.realpath("/TMP/x/.env"), ("/tmp/x",), paths)
    assert _args.path_within_any_case("/private/var/s/k", ("/var/s",), paths)


@pytest.mark.parametrize(
    ("path", "inside"),
    [
        ("/Users/x/project/src/a.py", True),
        ("/tmp/p/a", True),  # /tmp is /private/tmp: both sides resolved alike
        ("/private/tmp/p/a", True),
        ("/Users/x/PROJECT-other/a", False),
        ("/Users/x/project-other/a", False),
        ("/Users/x/Project/a", False),  # the same directory on APFS: denied, never widened
        ("/Users/x/project/../PROJECT-other", False),
    ],
)
def test_macos_allowed_prefixes_are_never_widened_by_case(path: str, inside: bool) -> None:
    paths = MacPaths()
    prefixes = ("/Users/x/project", "/tmp/p")
    assert _args.path_within(paths.realpath(path), prefixes, paths) is inside
