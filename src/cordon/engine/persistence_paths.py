"""Persistence files: what a program runs on its own at a login, a start or an install.

A write to one of these outlives the session and runs later with the user's rights, no
person reading it. They hold no credential, so a read is not asked about; a write is
(``action.credential_write``), as for the auto-run files of :mod:`.credential_paths`, which
composes :data:`PATTERN` and :data:`HOME_PATTERN` into its auto-run patterns: the file tools
(a writing tool's path argument) and the shell guard (a redirect's, ``cp``'s, ``tee``'s,
``touch``'s target ...) read the one catalogue. Each entry names its public attack class.

Matched as the other entries are: on the path lower-cased, ``\\`` read as ``/``, at any
depth (``(?:^|/)``: under the home folder and in a project alike, where the tool reads its
configuration from the project too: ``.yarnrc.yml``, ``mise.toml``, ``.cargo/config.toml``,
``uv.toml``); names too common to match anywhere (``bin/``) only under a home folder
(:data:`HOME_PATTERN`). A plain file of a project (``src/app.py``, ``README.md``), a tool's
data (``~/.local/share/NAME/...``) and a project's ``.vscode/extensions.json`` are none.
Pure.
"""

from __future__ import annotations

import re

__all__ = ["HOME_PATTERN", "KINDS", "NAMES", "PATTERN", "persistence_kind"]

#: alternatives matched after ``(?:^|/)`` (the start of a path or of one of its names)
PATTERN = (
    # MITRE ATT&CK T1546.004 (Unix shell configuration modification): files a login or a
    # shell sources besides the rc files (Debian's .bashrc sources .bash_aliases, Fedora's
    # ~/.bashrc.d/), the X session's (.xprofile, .xsession, .xsessionrc, .xinitrc), csh's,
    # pam_env's per-user variables (.pam_environment: LD_PRELOAD, PATH at every login),
    # systemd's user environment (~/.config/environment.d/*.conf: every user service's
    # environment), oh-my-zsh's custom scripts, fish's autoloaded functions (one runs in
    # place of the command of its name), KDE's login and logout scripts (T1037, logon
    # initialisation scripts)
    r"\.bash_aliases$|\.bashrc\.d/|\.x(?:profile|session|sessionrc|initrc)$"
    r"|\.(?:t?cshrc|login|logout)$|\.pam_environment$|\.config/environment\.d/"
    r"|\.oh-my-zsh/custom/|\.config/fish/functions/"
    r"|\.config/plasma-workspace/(?:env|shutdown)/|\.config/autostart-scripts/"
    # T1543.002 (systemd service) and T1053.006 (systemd timers): user units and the
    # .wants/ links that enable them (~/.config/systemd/user/), the units a package puts in
    # ~/.local/share/systemd/user/, and the system's (/etc/systemd/)
    r"|\.config/systemd/|\.local/share/systemd/|etc/systemd/"
    # T1547.013 (XDG autostart entries; ~/.config/autostart/ is a credential-path entry):
    # the system's autostart directory; a desktop entry in ~/.local/share/applications/
    # shadows the system's of the same name (the menu's Firefox runs its Exec=), and
    # mimeapps.list makes one the handler of a file type or URL scheme (T1574, hijacked
    # execution flow)
    r"|etc/xdg/autostart/|\.local/share/applications/[^/]*\.desktop$|mimeapps\.list$"
    # T1574.007 (path interception by PATH): directories the user's PATH searches before
    # /usr/bin (Debian's ~/.profile adds ~/.local/bin; rustup, deno, bun and the version
    # managers' shims add theirs); a file written over the program there (Claude Code's
    # ~/.local/bin/claude, pip's console scripts) keeps its exec bit and runs next time
    r"|\.local/bin/|\.(?:cargo|deno|bun)/bin/|\.(?:pyenv|rbenv|nodenv|asdf)/shims/"
    r"|mise/shims/"
    # code run when an editor or a REPL starts (its start-up file; T1546, event-triggered
    # execution): vim and neovim (.vimrc, init.lua, their plugin directories, a project's
    # .exrc and .nvim.lua and the trust database that lets neovim run one), tmux (run-shell)
    # and its plugins, emacs, IPython's startup scripts and config (exec_lines), Jupyter's
    # config (Python), Python's PYTHONSTARTUP file and pdb's .pdbrc (read from the working
    # directory too), gdb's and lldb's init files, R's .Rprofile and .Renviron (R reads the
    # working directory's at start), irb's and pry's, psql's (\!) and sqlite3's (.shell)
    r"|[._]g?vimrc$|(?:\.vim|vimfiles|\.config/vim)/(?:g?vimrc$|plugin/|autoload/|ftplugin/"
    r"|ftdetect/|after/|pack/|syntax/|indent/|plugged/|bundle/)"
    r"|\.config/nvim/|nvim/init\.(?:lua|vim)$|\.(?:nvim\.lua|nvimrc|exrc)$"
    r"|\.local/state/nvim/trust$"
    r"|\.?tmux\.conf$|\.config/tmux/|\.tmux/plugins/"
    r"|\.emacs(?:\.el)?$|(?:\.emacs\.d|\.config/emacs)/(?:early-)?init\.el$"
    r"|\.ipython/profile_[^/]+/(?:startup/|ipython(?:_kernel)?_config\.py$)"
    r"|\.jupyter/[^/]*config\.py$|\.pythonrc(?:\.py)?$|\.pdbrc(?:\.py)?$"
    r"|\.(?:gdb|lldb)init$|gdb/gdbinit$|\.rprofile$|\.renviron$|\.(?:irb|pry)rc$"
    r"|\.psqlrc$|\.sqliterc$"
    # an editor's extensions, loaded as code at its every start (the malicious VS Code
    # extension class)
    r"|\.vscode(?:-server|-oss|-insiders)?/extensions/"
    # package managers and tools whose configuration runs or fetches code on their next
    # run (the dependency-confusion and index-substitution classes; T1195.001): cargo's
    # [target] runner, build.rustc-wrapper and registries (read from the project and each
    # directory above it); gradle's init scripts and user gradle.properties (every build's
    # JVM arguments); maven's mirrors; pip's index-url (pip.conf, pip.ini, a venv's too);
    # uv's index (uv.toml); conda's channels; yarn's yarnPath (the file it runs as yarn on
    # every `yarn`, .yarnrc's yarn-path) and its plugins and releases; bun's preload
    # scripts; mise's tasks, env and hooks (run on cd) and its trust store; direnv's
    # direnvrc and lib/ (sourced before every .envrc), its direnv.toml (whitelist: .envrc
    # run unasked) and its allow store; go's env file (GOFLAGS=-toolexec, GOPROXY); gem's,
    # bundler's and NuGet's sources
    r"|\.cargo/config(?:\.toml)?$"
    r"|\.gradle/(?:init\.d/|init\.gradle(?:\.kts)?$|gradle\.properties$)"
    r"|\.m2/settings(?:-security)?\.xml$|pip\.(?:conf|ini)$|uv\.toml$"
    r"|\.condarc$|\.?conda/(?:\.?condarc$|condarc\.d/)"
    r"|\.yarnrc(?:\.yml)?$|\.yarn/(?:releases|plugins)/|\.?bunfig\.toml$"
    r"|\.?mise(?:\.[\w-]+)*\.toml$|\.?mise/(?:config(?:\.[\w-]+)*\.toml$|conf\.d/)"
    r"|\.local/state/mise/trusted-configs/"
    r"|\.?direnvrc$|\.config/direnv/(?:lib/|direnv\.toml$|config\.toml$)"
    r"|\.local/share/direnv/allow/"
    r"|go/env$|\.gemrc$|\.bundle/config$|nuget\.config$"
    # a dotfiles repository and the dotfile managers' sources (chezmoi, yadm, homeshick):
    # what is written there is installed as the shell's and editor's start-up files
    r"|\.?dotfiles/|\.local/share/(?:chezmoi|yadm)/|\.config/(?:chezmoi|yadm)/"
    r"|\.homesick/repos/"
)

#: a directory only a home folder's own is searched by PATH (T1574.007: Debian's
#: ~/.profile adds ~/bin, Go's installer ~/go/bin): ``~`` or a home folder by the
#: platforms' conventions (/home/NAME, /root, /Users/NAME), as written or as the engine
#: resolves a relative path under a home ``base_dir``
HOME_PATTERN = r"^(?:~[^/]*|/home/[^/]+|/root|(?:[a-z]:)?/users/[^/]+)/(?:go/)?bin/"

#: the names of the components of these paths, lower case: what a glob in a write target is
#: tried against (:func:`cordon.engine.credential_paths.may_name_credential_path`)
NAMES = frozenset(
    {".bash_aliases", ".bashrc.d", ".xprofile", ".xsession", ".xsessionrc", ".xinitrc",
     ".cshrc", ".tcshrc", ".login", ".logout", ".pam_environment", "environment.d",
     ".oh-my-zsh", "custom", "functions", "plasma-workspace", "autostart-scripts", "systemd",
     "user", "system", "xdg", "applications", "mimeapps.list", "bin", "go", ".cargo",
     ".deno", ".bun", ".pyenv", ".rbenv", ".nodenv", ".asdf", "shims", "mise", ".vimrc",
     "_vimrc", ".gvimrc", ".vim", "vimfiles", "vim", "vimrc", "plugin", "nvim", "init.lua",
     "init.vim", ".nvim.lua", ".nvimrc", ".exrc", "state", "trust", ".tmux.conf",
     "tmux.conf", "tmux", ".tmux", "plugins", ".emacs", ".emacs.el", ".emacs.d", "emacs",
     "init.el", ".ipython", "profile_default", "startup", "ipython_config.py", ".jupyter",
     ".pythonrc", ".pythonrc.py", ".pdbrc", ".gdbinit", ".lldbinit", "gdb", "gdbinit",
     ".rprofile", ".renviron", ".irbrc", ".pryrc", ".psqlrc", ".sqliterc", "extensions",
     "config.toml", ".gradle", "init.d", "init.gradle", "gradle.properties", ".m2",
     "settings.xml", "pip", ".pip", "pip.conf", "pip.ini", "uv", "uv.toml", ".condarc",
     "condarc", ".conda", "conda", ".yarnrc", ".yarnrc.yml", ".yarn", "releases",
     "bunfig.toml", ".bunfig.toml", "mise.toml", ".mise.toml", "mise.local.toml", ".mise",
     "trusted-configs", "direnv", "direnvrc", ".direnvrc", "lib", "allow", "env", ".gemrc",
     ".bundle", "nuget.config", "dotfiles", ".dotfiles", "chezmoi", "yadm", ".homesick",
     "repos", ".vscode-server"}
)  # fmt: skip

#: what such a file is, in the words a person asked about its write reads (the first that
#: matches), after :mod:`.credential_paths`'s own kinds
KINDS: tuple[tuple[str, str], ...] = (
    (
        r"(?:^|/)(?:\.local/bin|\.(?:cargo|deno|bun)/bin|\.(?:pyenv|rbenv|nodenv|asdf)/shims"
        r"|mise/shims)/|" + HOME_PATTERN,
        "a directory on your PATH before the system's: a program there runs in place of the "
        "command of its name",
    ),
    (
        r"(?:^|/)(?:\.config/systemd|\.local/share/systemd|etc/systemd|etc/xdg/autostart"
        r"|\.config/autostart-scripts|\.config/plasma-workspace)/"
        r"|\.local/share/applications/|mimeapps\.list$",
        "a service, autostart or launcher entry, started at login or from the menu",
    ),
    (
        r"(?:^|/)(?:\.bash_aliases|\.x(?:profile|session|sessionrc|initrc)|\.(?:t?cshrc|login)"
        r"|\.pam_environment)$|(?:^|/)(?:\.bashrc\.d|\.config/environment\.d"
        r"|\.oh-my-zsh/custom|\.config/fish/functions)/",
        "a login or shell start-up file, read at each login or shell's start",
    ),
    (
        r"(?:^|/)(?:\.local/share/direnv/allow|\.local/state/mise/trusted-configs)/"
        r"|\.local/state/nvim/trust$",
        "a trust store: what it lists runs without asking you",
    ),
    (
        r"(?:^|/)(?:\.?dotfiles|\.local/share/(?:chezmoi|yadm)|\.homesick/repos)/",
        "a dotfiles repository, installed as your shell's and editor's start-up files",
    ),
    (
        r"(?:^|/)(?:\.cargo/config|\.gradle/|\.m2/|pip\.(?:conf|ini)$|uv\.toml$|\.?condarc$"
        r"|\.?conda/|\.yarnrc|\.yarn/|\.?bunfig\.toml$|\.?mise[./]|\.?direnvrc$"
        r"|\.config/direnv/|go/env$|\.gemrc$|\.bundle/config$|nuget\.config$)",
        "a package manager's or tool's configuration or plugin, which runs or fetches code",
    ),
    (r"(?:^|/)(?:" + PATTERN + r")", "a program's start-up file, run each time it starts"),
)

_COMPILED_KINDS = tuple((re.compile(p), said) for p, said in KINDS)


def persistence_kind(path: str) -> str | None:
    """What the persistence file ``path`` (lower-cased, slash-normalised) is, for the
    question a person answers; None when it is none."""
    return next((said for rx, said in _COMPILED_KINDS if rx.search(path)), None)
