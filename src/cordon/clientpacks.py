"""``cordon init --packs``: each server ``cordon init`` wraps without a ``--policy`` and for
which a built-in pack is written (:func:`cordon.clientpolicy.pack_for`: its pins are all
classified by one pack, or its command runs the pack's package) gets a policy file of its own,
``version: 1`` and ``packs: [NAME]``, named by its ``--policy``.

The file lies next to the server's pin file, ``<pin dir>/../policies/<stem>-<hash>.yaml`` (the
pin file's name: :func:`cordon.pin_paths.pin_file_for`), so one pack is one server's (a pack
is keyed by that server's tool names) and the same server named alike in two configs shares
it. ``cordon init`` records every ``--policy`` of the entries it writes among cordon's own
files (:mod:`cordon.clientstate`): no tool a ``cordon run`` guards may rewrite it.

A file already there is never overwritten (the user may have edited it): it is given as it
is, and said. The reference filesystem server's command-line arguments are its allowed
directories, the git server's ``--repository`` its one repository: absolute existing
directories become ``allowed_path_prefixes``; anything else is not guessed at (the pack is
written without prefixes, and the line says to add them).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cordon.pin_paths import PER_WORKSPACE, workspace_of

__all__ = ["PACKS_HELP", "InitPacks", "give_pack", "pack_asked", "write_pack_policies"]

#: `cordon init --packs/--no-packs`, in its --help
PACKS_HELP = (
    "give each server a built-in pack is written for (the package it runs, or the tools it "
    "pinned) a policy file of its own with that pack, in policies/ beside the pin "
    "directory (~/.cordon), the filesystem server's absolute directories (the git "
    "server's --repository) as its allowed path prefixes, and a line per server naming its "
    "pack; a file already there is never overwritten. The default, unless --policy is given "
    "(--packs with --policy: exit 2, nothing written); --no-packs wraps every server with "
    "no policy and names its pack in a hint; --undo unwraps and leaves the files"
)

_HEADER = (
    "# written by `cordon init --packs` for one server (its pin file has this name, .json);\n"
    "# edit it freely: cordon init never overwrites this file (README: Built-in packs)\n"
)


@dataclass(slots=True)
class InitPacks:
    """The policy files one ``cordon init --packs`` gives (``files``: path, text to write;
    a file that exists already is given, and not in ``files``). Inactive without --packs."""

    root: Path | None = None
    files: dict[Path, str] = field(default_factory=dict)

    @classmethod
    def start(cls, packs: bool, pols: Sequence[str], pins_root: Path, config: Path) -> InitPacks:
        """The collector of one ``cordon init`` (``root``: ``pins_root``'s sibling
        ``policies``).

        Raises:
            ClientConfigError: ``--packs`` with ``--policy`` (which one applies would be a
                guess).
        """
        from cordon.clientconfig import ClientConfigError

        if not packs:
            return cls()
        if pols:
            raise ClientConfigError(
                "--packs gives each server the policy of its built-in pack, --policy gives "
                "one policy of yours: use one or the other (nothing written)"
            )
        return cls(root=pins_root.parent / "policies")

    def plan(self, policy: Path, text: str) -> str:
        """Note ``policy`` to be written with ``text`` unless it exists; what to say of it.

        Raises:
            ClientConfigError: the file exists and does not load as a policy (the server would
                not start).
        """
        from cordon.clientpolicy import _load

        try:
            now = policy.read_text("utf-8")
        except FileNotFoundError:
            self.files[policy] = text
            return " (new file)"
        except (OSError, UnicodeDecodeError) as exc:
            from cordon.clientconfig import ClientConfigError

            raise ClientConfigError(f"--packs: {policy}: cannot read: {exc}") from exc
        _load([str(policy)])
        if now == text:
            return " (already there)"
        return " (there already with other content, edited since: left as it is)"


def give_pack(
    packs: InitPacks,
    name: str,
    kind: str,
    wrapped: Any,
    config: Path,
    lines: list[str],
    written: Any = None,
) -> list[str]:
    """``lines`` (what init says of server ``name``) as they are when ``packs`` is inactive
    or the server was not wrapped; else ``wrapped`` (its new entry, in the standard shape)
    gets ``--policy FILE`` of its pack after its ``--pin-file``, and ``lines`` say which pack
    it got (or that none fits) instead of the hint to write one by hand. Not wrapped, its
    entry ``written`` (as the config has it) already behind cordon with that policy: a line
    says so (a second ``--packs`` confirms what the first gave)."""
    from cordon.clientpolicy import pack_hint

    if packs.root is not None and wrapped is None:
        return [*lines, *_pack_kept(packs, name, kind, written)]
    if packs.root is None or not isinstance(wrapped, dict):
        return lines
    pack, why, policy, entry = _pack_policy(packs.root, name, kind, wrapped) or ("", "", None, {})
    if policy is None:
        return [*lines, f"{name}: --packs: no built-in pack fits it: wrapped with no policy"]
    args: list[Any] = wrapped["args"]
    hint = pack_hint(name, entry, wrapped, config, [])
    prefixes, whose = _prefixes(pack, entry, workspace_of(config))
    kept = _lifted_path_tools(pack) if prefixes is None else []
    said = packs.plan(policy, _policy_text(pack, prefixes, base=pack == "filesystem", kept=kept))
    at = args.index("--pin-file") + 2 if "--pin-file" in args else 1
    args[at:at] = ["--policy", str(policy)]
    out = [line for line in lines if line not in hint]
    dirs = f"; allowed_path_prefixes: {whose} {', '.join(prefixes)}" if prefixes else ""
    out.append(f"{name}: --packs: pack {pack!r} ({why}{dirs}): --policy {policy}{said}")
    if prefixes is None and _has_paths(pack):
        out.append(
            f"{name}: hint: the pack's path parameters are resolved but not confined: add "
            f"`allowed_path_prefixes: [DIR]` to {policy} (README: Built-in packs)"
        )
    if kept:
        _warn_unconfined(name, pack, _unconfined_why(pack, entry, workspace_of(config)), said)
    return out


def pack_asked(
    packs: InitPacks | None, name: str, kind: str, behind: Any, pols: Sequence[str]
) -> tuple[str, Sequence[str]]:
    """What ``cordon init`` asks of an entry already behind cordon (``behind``, in the
    standard shape): with ``--packs``, (its pack, the policy file init gives it), the one
    ``--policy`` it runs with when it is as asked, no file when it has no ``--pin-file``
    (beside which init writes it); else, or when no pack fits it, ``("", pols)``: the
    ``--policy`` given. The file is named by the entry's own pin file, as :func:`give_pack`
    names it for an entry init wraps, so a second ``--packs`` finds the first one's."""
    from cordon.clientconfig import _is_cordon

    if packs is None or packs.root is None or not isinstance(behind, dict):
        return "", pols
    if not isinstance(behind.get("args"), list) or not _is_cordon(behind):
        return "", pols
    fits = _pack_policy(packs.root, name, kind, behind)
    if fits is None:
        return "", pols
    return fits[0], [] if fits[2] is None else [str(fits[2])]


def _pack_kept(packs: InitPacks, name: str, kind: str, written: Any) -> list[str]:
    """The line for an entry already behind cordon that runs with exactly the policy
    ``--packs`` gives it (:func:`pack_asked`), else none (another policy, or none: said on
    stderr as not done; no pack fits: nothing asked)."""
    from cordon.clientzedopencode import entry_view

    behind = entry_view(kind, written)
    pack, asked = pack_asked(packs, name, kind, behind, [])
    if not pack or not asked:
        return []
    args = behind["args"]
    own = args[: args.index("--")] if "--" in args else args
    if [str(own[i + 1]) for i, a in enumerate(own[:-1]) if a == "--policy"] != list(asked):
        return []
    return [f"{name}: --packs: pack {pack!r} given already: --policy {asked[0]}"]


def _pack_policy(
    root: Path, name: str, kind: str, wrapped: Mapping[str, Any]
) -> tuple[str, str, Path | None, Any] | None:
    """(the pack written for server ``name``, why, the policy file under ``root`` that
    ``--packs`` gives it, its entry as the config had it) or None when no pack fits;
    ``wrapped``: its entry behind cordon, standard shape (the file None without a
    ``--pin-file``: the file is named by the pin file's)."""
    from cordon.clientconfig import UPSTREAM_KEY
    from cordon.clientpolicy import pack_for
    from cordon.clientremote import url_view
    from cordon.clientstate import _own_option
    from cordon.clientzedopencode import entry_view

    args: list[Any] = list(wrapped["args"])
    upstream = wrapped.get(UPSTREAM_KEY)
    if not isinstance(upstream, dict):  # wrapped by hand: what its cordon run runs
        rest = [str(a) for a in args[args.index("--") + 1 :]] if "--" in args else []
        url = _own_option(args, "--url")
        upstream = {"command": rest[0], "args": rest[1:]} if rest else {"url": url}
    entry = url_view(kind, entry_view(kind, upstream))
    pins = _own_option(args, "--pin-file")
    # a pin file named per VS Code workspace (``-${workspaceFolderBasename}``: the client
    # expands it as it starts the entry) is one pin file a workspace; the pack is the
    # server's in every workspace, so its policy is one file, named without the variable
    stem = Path(pins).stem.removesuffix(PER_WORKSPACE) if pins is not None else ""
    fits = pack_for(name, entry, None if pins is None or "${" in pins else Path(pins))
    if fits is None or "${" in stem:
        return None
    return fits[0], fits[1], root / (stem + ".yaml") if pins is not None else None, entry


def _has_paths(pack: str) -> bool:
    from cordon.policy.loader import load_pack

    return any("path_params" in t for t in load_pack(pack)["tools"].values())


def _lifted_path_tools(pack: str) -> list[str]:
    """The tools of ``pack`` that take paths and whose ask it lifts (``destructive: false``).
    A pack lifts the server's ``destructiveHint`` there because path confinement stands in
    for it (the filesystem pack's header says so, and the engine lifts the hint of a call
    the prefixes confine anyway); with no prefixes the lift would let those writes through
    unasked wherever the server reaches, where with no pack each one is asked."""
    from cordon.policy.loader import load_pack

    tools = load_pack(pack)["tools"]
    return [n for n, t in tools.items() if "path_params" in t and t.get("destructive") is False]


def _warn_unconfined(name: str, pack: str, why: str, said: str) -> None:
    """Say on stderr that server ``name`` gets ``pack`` unconfined, and that its path tools
    keep the server's own ``destructiveHint`` (asked about as with no pack)."""
    from cordon.approvals.display import visible

    left = ""
    if said.startswith(" (there already"):
        left = " (the file there is left as it is: check that it does the same)"
    sys.stderr.write(
        f"cordon init: warning: {visible(name)}: pack {pack!r} is not confined ({visible(why)}):"
        " its path tools are written `destructive: null`, so each call the server marks"
        f" destructive (a write, an edit, a move) is asked about, as with no pack{left}; add"
        " `allowed_path_prefixes: [DIR]` to have writes inside DIR unasked\n"
    )


def _unconfined_why(pack: str, entry: Mapping[str, Any], folder: Path | None) -> str:
    """Why ``pack`` gets no prefixes for the server ``entry`` runs (said on stderr)."""
    if pack not in ("filesystem", "git"):
        return "cordon does not read which directories this server reaches"
    rest = _server_args(entry, pack, folder) or []
    if pack == "git":
        rest = _git_dirs(rest)[0]
        if len(rest) != 1:
            return "no single --repository DIR"
    for a in rest:
        if not os.path.isabs(a) or "${" in a:
            return f"{a} is not an absolute path"
        if not os.path.isdir(a):
            return f"{a} is not a directory here"
        if _too_wide(a):
            return f"{a} is /, the home folder or a folder above it: every dotfile is under it"
    return "no directory given" if not rest else "an argument cordon does not read"


def _git_dirs(rest: Sequence[str]) -> tuple[list[str], bool]:
    """The directories the git server's arguments name with ``--repository`` (``-r``), and
    whether every other argument is one its click CLI takes (``-v``/``--verbose``)."""
    found: list[str] = []
    known = True
    it = iter(rest)
    for arg in it:
        if arg in ("--repository", "-r"):
            found.append(next(it, ""))
        elif arg.startswith("--repository="):
            found.append(arg.partition("=")[2])
        elif arg.startswith("-r"):
            found.append(arg[2:])
        elif arg != "--verbose" and not (arg.startswith("-v") and set(arg[1:]) == {"v"}):
            known = False
    return found, known


def _prefixes(
    pack: str, entry: Mapping[str, Any], folder: Path | None
) -> tuple[list[str] | None, str]:
    """The directories the server confines itself to, as its pack's prefixes, and what they
    are of the server (said in init's line)."""
    if pack == "filesystem":
        return _allowed_dirs(entry, folder), "its arguments"
    if pack == "git":
        return _git_repository(entry, folder), "its --repository"
    return None, ""


#: the comment above the entries :func:`_policy_text` writes for a pack it cannot confine
_KEPT_NOTE = (
    "# not confined (no allowed_path_prefixes could be read from the server's arguments):\n"
    "# each tool below keeps the server's own destructiveHint (null: the pack's `false` is\n"
    "# meant for confined paths), so a write, an edit or a move is asked about, as with no\n"
    "# pack. Add `allowed_path_prefixes: [DIR]` to have writes inside DIR unasked (a call\n"
    "# the prefixes confine is not asked about for the hint).\n"
)


def _policy_text(
    pack: str, prefixes: Sequence[str] | None, *, base: bool, kept: Sequence[str] = ()
) -> str:
    """The policy file's text; ``base``: the first prefix is also ``base_dir`` (where the
    server resolves a relative path). Not for git: its server resolves a relative
    ``repo_path`` against its own working directory, not ``--repository``, so a relative
    one stays refused (``arg.path_unresolvable``). ``kept``: tools written ``destructive:
    null`` (:func:`_lifted_path_tools`, the pack unconfined): merged over the pack's entry
    field by field, it leaves the server's annotation to decide, as with no pack."""
    if kept:
        head = yaml.safe_dump(
            {"version": 1, "packs": [pack]}, sort_keys=False, default_flow_style=None
        )
        tools = {"tools": {t: {"destructive": None} for t in kept}}
        return _HEADER + head + _KEPT_NOTE + yaml.safe_dump(tools, default_flow_style=None)
    data: dict[str, Any] = {"version": 1, "packs": [pack]}
    if prefixes and base:
        # the reference filesystem server resolves a relative path against its first directory (its
        # lib.js resolveRelativePathAgainstAllowedDirectories: another directory only when
        # that reading leaves them all), so cordon reads it there too instead of refusing it
        # (arg.path_unresolvable); where the server would take another directory, cordon's
        # reading is outside the prefixes and denied: never a path the server does not use
        data["base_dir"] = prefixes[0]
    if prefixes:
        data["allowed_path_prefixes"] = list(prefixes)
    return _HEADER + yaml.safe_dump(data, sort_keys=False, default_flow_style=None)


def _allowed_dirs(entry: Mapping[str, Any], folder: Path | None = None) -> list[str] | None:
    """The reference filesystem server's allowed directories: the arguments after its package
    (or program) in ``entry``; None for none, or when :func:`_confinable` refuses them.
    ``folder``: the workspace of a workspace's own config (:func:`workspace_of`), where
    ``${workspaceFolder}`` can only be that folder (VS Code's predefined variable)."""
    rest = _server_args(entry, "filesystem", folder)
    return _confinable(rest) if rest else None


def _git_repository(entry: Mapping[str, Any], folder: Path | None = None) -> list[str] | None:
    """The git server's ``--repository`` (``-r``) directory, as a one-entry prefix list: the
    server's own fence on ``repo_path`` is missing in releases before 2025.12.18
    (CVE-2025-68145, modelcontextprotocol/servers#604), so cordon confines it too. Its click
    CLI takes ``--repository P``, ``--repository=P``, ``-r P``, ``-rP`` and ``-v``/``--verbose``;
    any other argument, a repeated ``--repository`` or none: None (not guessed)."""
    rest = _server_args(entry, "git", folder)
    if rest is None:
        return None
    found, known = _git_dirs(rest)
    return _confinable(found) if known and len(found) == 1 else None


def _server_args(entry: Mapping[str, Any], pack: str, folder: Path | None) -> list[str] | None:
    """The arguments after ``pack``'s package (or program, or module) in ``entry`` (VS Code's
    workspace variables expanded to ``folder``, as the client will); None when it is not
    there or an argument is not a string."""
    from cordon.clientpolicy import PACK_PACKAGES

    argv = [entry.get("command"), *(entry.get("args") or [])]
    if folder is not None:
        argv = [_in_workspace(a, folder) for a in argv]
    if not all(isinstance(a, str) for a in argv):
        return None
    for i, arg in enumerate(argv):
        name = arg.split("==")[0]
        at = name.rfind("@")
        name = name[:at] if at > 0 else name
        if pack in (PACK_PACKAGES.get(name), PACK_PACKAGES.get(Path(name).name)):
            return argv[i + 1 :]
    return None


def _confinable(dirs: Sequence[str]) -> list[str] | None:
    """``dirs`` as prefixes when each is the absolute path of an existing directory (as
    written: cordon resolves prefixes itself) and none is :func:`_too_wide`; else None."""
    if not all(os.path.isabs(a) and "${" not in a and os.path.isdir(a) for a in dirs):
        return None
    if any(_too_wide(a) for a in dirs):
        return None
    return list(dirs)


def _too_wide(directory: str) -> bool:
    """Whether ``directory`` is ``/``, the home folder or one above it: as a prefix it would
    turn the pack's file writes (``destructive: false`` inside the prefixes) into unasked
    writes over every project and dotfile, so init does not write it (fail closed: without
    prefixes a write the server marks destructive is asked about)."""
    real = os.path.realpath(directory)
    home = os.path.realpath(Path.home())
    return real == os.path.realpath("/") or home == real or home.startswith(real + os.sep)


def _in_workspace(arg: Any, folder: Path) -> Any:
    """``arg`` with VS Code's workspace variables expanded to ``folder``, as the client will."""
    if not isinstance(arg, str):
        return arg
    arg = arg.replace("${workspaceFolderBasename}", folder.name)
    return arg.replace("${workspaceFolder}", str(folder))


def write_pack_policies(files: Mapping[Path, str]) -> list[str]:
    """Write each planned policy file atomically and only where none exists (a hard link of a
    finished temporary file: it fails on any file already there, a dangling link too); the
    directory is made 0700, the file 0600. What was left alone, one line each.

    Raises:
        OSError: a directory or file cannot be written.
    """
    left: list[str] = []
    for path, text in files.items():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".pack-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            try:
                os.link(tmp, path)
            except FileExistsError:  # written since init planned it: the user's now
                left.append(f"{path}: appeared since the plan: left as it is")
        finally:
            os.unlink(tmp)
    return left
