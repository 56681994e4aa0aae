"""Links a command line makes, judged for the write-path checks.

A hard link (``ln SRC DST``, ``link SRC DST``, ``cp -l``/``--link``/``-al``) makes DST a
second name of SRC's inode: a later write to DST writes SRC, and no path resolution sees
it. Each source is judged as a write to it (``action.delete_outside`` outside the allowed
paths, ``action.credential_write`` at a credential or auto-run path), as ``> SRC`` is. A
path under NAME after ``ln -s TARGET NAME`` earlier in the same line (``-t DIR``, ``-r``,
``cp -s``, a ``python3 -c``/``node -e`` one-liner's ``os.symlink``/``fs.symlinkSync``) is
read as under TARGET: ``ln -s .git/hooks h && cat x > h/pre-commit`` writes a hook. A
target with a glob (``~/.c*-commander``) is judged as a glob in any write target: asked
when it may name a credential or auto-run path. Near misses: symbolic links, copies and
links within the project to ordinary files stay allowed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run as _run

from cordon.engine.shell import analyze

ALLOW = ("allow", "default.allow")
ASKED = ("ask", "action.credential_write")
OUTSIDE = ("deny", "action.delete_outside")

HARD_LINKS_OF_AUTO_RUN_FILES = [
    "ln .envrc e",
    "ln .git/hooks/pre-commit h",
    "ln -P .vscode/tasks.json t.json",
    "ln -L .github/workflows/ci.yml ci.yml",
    "ln -f .husky/pre-commit x",
    "ln -t lib .envrc",
    "ln --target-directory=lib .mcp.json",
    "ln -- .envrc -s",  # (after --, -s is an operand)
    "link .envrc e",
    "cp -l .envrc e",
    "cp --link .envrc e",
    "cp -al .git g",
    "cp -la .vscode v",
    "cp -r --link .github gh",
    "l''n .envrc e",
    "sudo ln .envrc e",
    "env X=1 ln .envrc e",
    "busybox ln .envrc e",
    "cd .git && ln config ../c",
    "sh -c 'ln .envrc e'",
    "rsync -a --link-dest=../.git src/ out/",
    "python3 -c \"import os; os.link('.envrc', 'e')\"",
    "node -e \"require('fs').linkSync('.vscode/tasks.json', 't.json')\"",
]


@pytest.mark.parametrize("command", HARD_LINKS_OF_AUTO_RUN_FILES)
def test_a_hard_link_of_an_auto_run_file_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ASKED


HARD_LINKS_OUT_OF_THE_PROJECT = [
    "ln ~/.bashrc rc",
    "ln ../x y",
    "ln /etc/passwd p",
    "ln ~/.c*-commander/config.json c.json && cat new.json > c.json",
    "ln -s a b; ln ../x y",
    "link ../x y",
    "cp -l ../x y",
    "cp --link ~/.ssh/config c",
    "(cd src && ln ../../x y)",
]


@pytest.mark.parametrize("command", HARD_LINKS_OUT_OF_THE_PROJECT)
def test_a_hard_link_of_a_file_outside_is_judged_as_a_write_there(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == OUTSIDE
    assert _run(tmp_path, command, prefixes=False)[0] == "ask"


SYMLINKS_WRITTEN_THROUGH = [
    "ln -s .git/hooks h && cat x > h/pre-commit",
    "ln -s .git/hooks h; cp x h/",
    "ln -sf .vscode v && echo '{}' > v/tasks.json",
    "ln -s .envrc e && echo 'export X=1' >> e",
    "ln -s -t . .github/workflows && cp ci.yml workflows/x.yml",
    "ln -st lib .git && touch lib/.git/hooks/post-checkout",
    "ln -s .git && ln -s .git/hooks h2 && tee h2/pre-push < x",
    "mkdir -p lib && ln -s ../.git/hooks lib/h && cat x > lib/h/pre-commit",
    "ln -sr .git/hooks lib/h && cat x > lib/h/pre-commit",
    "ln -s .git g && cd g && touch hooks/pre-commit",
    "ln -s .git a && ln -s a/hooks b && cat x > b/pre-commit",
    "cp -s .envrc e && echo x >> e",
    "sh -c 'ln -s .git/hooks h' && cat x > h/pre-commit",
    "ln -s .gi? g && cat x > g/hooks/pre-commit",
    "ln -s .git/hooks h && tar -xf x.tar -C h",
    "ln -s . here && tar -xf x.tar -C here",  # (extracted at the root)
    "env -C sub ln -s ../.git g && cat x > sub/g/hooks/pre-commit",
    "ln -s .git g; sed -i s/a/b/ g/config",
    "ln -s .vscode v && python3 -c \"open('v/tasks.json', 'w').write('x')\"",
    "python3 -c \"import os; os.symlink('.git/hooks', 'h')\" && cat x > h/pre-commit",
    "node -e \"require('fs').symlinkSync('.vscode', 'v')\" && cp x v/tasks.json",
]


@pytest.mark.parametrize("command", SYMLINKS_WRITTEN_THROUGH)
def test_a_write_through_a_symbolic_link_made_in_the_line_is_asked(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ASKED


SYMLINKS_OUT_OF_THE_PROJECT_WRITTEN_THROUGH = [
    "ln -s ~/.c*-commander d && cat new.json > d/config.json",
    "ln -sf ~/.bashrc rc && echo x >> rc",
    "ln -s ~/docs h; cp x h/a",
    "ln -s .. up && touch up/x",
    "cd src && ln -s ../.. up && touch up/x",
    "ln -s /etc e && tee e/hosts < x",
    "ln --sym ~/.bashrc rc && echo x >> rc",  # (getopt_long: a unique prefix)
    "cp --symbolic-link ~/.bashrc rc && echo x >> rc",
    "ln -sT ~/.ssh s && cat k >> s/a",
]


@pytest.mark.parametrize("command", SYMLINKS_OUT_OF_THE_PROJECT_WRITTEN_THROUGH)
def test_a_write_through_a_symbolic_link_out_of_the_project_is_a_write_there(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == OUTSIDE
    assert _run(tmp_path, command, prefixes=False)[0] == "ask"


@pytest.mark.parametrize(
    "command",
    [
        'ln -s "$(cat t)" d && cat x > d/y',
        "python3 -c \"import os, glob; os.symlink(glob.glob('.g*')[0], 'd')\" && cat x > d/y",
    ],
)
def test_a_link_to_a_target_computed_at_run_time_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command)[0] == "ask"


GLOB_WRITES = [
    "touch .e*rc",
    "touch .gi?/hooks/pre-commit",
    "cp x .v*/tasks.json",
    "cat x > .gi?/hooks/pre-commit",
    "cp x .git/hoo*/pre-commit",
    "echo x > .github/*/ci.yml",
    "shopt -s dotglob; cp x */tasks.json",
]


@pytest.mark.parametrize("command", GLOB_WRITES)
def test_a_glob_write_target_that_may_name_an_auto_run_path_is_asked(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ASKED


BENIGN = [
    "ln -s src/app.py app-link.py",
    "ln -sf a b",
    "ln -fs a b",
    "ln --symbolic a b",
    "ln -sr src/a lib/a",
    "ln -s ../shared shared",
    "ln -s ~/x d && ls d/",
    "ln -s src/app.py app.py && cat x > app.py",
    "ln -s build/out o && touch o/x",
    "ln a b",
    "ln src/app.py app-hard.py && echo x >> app-hard.py",
    "link a b",
    "cp -l a b",
    "cp -al src build",
    "cp -r src dst",
    "cp -a src dst",
    "cp -s src/a.py lib/a.py",
    "npm link",
    "npm link ../lib",
    "grep -rn link src",
    "echo ln",
    "rsync -a --link-dest=../prev src/ backups/today/",
    "touch src/*.py",
    "rm -f *.pyc",
    "cp x src/*.py",
    "sed -i s/a/b/ docs/*.md",
    "python3 -c \"import os; os.symlink('src/app.py', 'a.py')\"",
]


@pytest.mark.parametrize("command", BENIGN)
def test_links_within_the_project_to_ordinary_files_stay_allowed(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_the_facts_name_the_link_and_the_target() -> None:
    facts = analyze("ln -s ../x/y lib/h && cat a > lib/h/z")
    assert facts.links["lib/h"] == "x/y"
    written = [(f.path, f.cwd) for f in facts.files if f.op == "overwrite"]
    assert ("x/y/z", None) in written and ("lib/h/z", None) in written


def test_a_hard_link_source_is_read_and_written() -> None:
    ops = [(f.path, f.op) for f in analyze("ln -f .envrc e").files]
    assert (".envrc", "read") in ops and (".envrc", "overwrite") in ops
    assert ("e", "overwrite") in ops
    assert not [f for f in analyze("ln -s .envrc e").files if f.path == ".envrc" and f.op != "read"]


def test_a_link_loop_and_a_link_to_itself_end() -> None:
    facts = analyze("ln -s a b; ln -s b a; cat x > a/y")
    assert len([f for f in facts.files if f.op == "overwrite"]) < 12
    assert "b/a" not in analyze("ln -s a b").links


def test_a_hard_link_source_under_a_symbolic_link_is_read_through_it(tmp_path: Path) -> None:
    assert _run(tmp_path, "ln -s .git g && ln g/config c") == ASKED
    assert _run(tmp_path, "ln -s ~/.ssh s && ln s/id_rsa k") == OUTSIDE


def test_a_hard_link_source_is_not_taken_for_a_file_the_line_wrote() -> None:
    """``written`` keeps what a string wrote, for a script it then runs: a link's source is
    not rewritten by the link (``cp -l run.sh r && sh run.sh`` runs the file as it was)."""
    assert analyze("cp -l run.sh r && sh run.sh").written == {"r": None}
    assert not analyze("cp -l run.sh r && sh run.sh").opaque


LINKS_NAMED_AT_RUN_TIME_THEN_WRITTEN_THROUGH = [
    # (the link's name from stdin: any later write of the line may be through it)
    "echo .vscode v | xargs ln -s && echo x > v/tasks.json",
    "echo .git/hooks h | xargs ln -s && cat x > h/pre-commit",
    'ln -s .vscode "$D" && echo x > v/tasks.json',
    # (a one-liner's link call the reader cannot read: getattr, an alias, no parentheses)
    "python3 -c \"import os; getattr(os,'sym'+'link')('.'+'vscode','v')\" && echo x > v/tasks.json",
    "python3 -c \"import os; f=os.symlink; f('.'+'vscode','v')\" && echo x > v/tasks.json",
    "python3 -c \"import os; getattr(os,'link')('.en'+'vrc','e')\" && echo x >> e",
    "python3 -c \"import pathlib; pathlib.PosixPath('v').symlink_to('.vs'+'code')\""
    " && echo x > v/tasks.json",
    "perl -e 'symlink q(.vscode), q(v)' && echo x > v/tasks.json",
    'perl -e \'symlink ".vs"."code", "v"\' && echo x > v/tasks.json',
    'perl -e \'link ".en"."vrc", "e"\' && echo x >> e',
    'ruby -e \'File.symlink ".vs"+"code", "v"\' && echo x > v/tasks.json',
    "node -e \"require('fs')['sym'+'linkSync']('.vs'+'code','v')\" && echo x > v/tasks.json",
]


@pytest.mark.parametrize("command", LINKS_NAMED_AT_RUN_TIME_THEN_WRITTEN_THROUGH)
def test_a_write_after_a_link_whose_name_is_not_known_is_asked(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command)[0] == "ask"


LINKS_MADE_BY_A_PROGRAM_ANOTHER_RUNS = [
    "find . -maxdepth 0 -exec ln -s .vscode v \\; && echo x > v/tasks.json",
    "find . -maxdepth 0 -exec ln .envrc e \\; && echo x >> e",
    "find . -maxdepth 0 -exec cp -l .envrc e \\; && echo x >> e",
    "find . -name .envrc -exec ln {} e \\; && echo x >> e",
    "find . -maxdepth 0 -execdir ln -s .vscode v \\; && echo x > v/tasks.json",
    "find . -maxdepth 0 -exec touch .envrc \\;",
    "python3 -c \"import os; os.system('ln -s .vscode v')\" && echo x > v/tasks.json",
    "python3 -c \"import subprocess; subprocess.run('ln -s .vscode v', shell=True)\""
    " && echo x > v/tasks.json",
    "node -e \"require('child_process').execSync('ln -s .vscode v')\" && echo x > v/tasks.json",
    "perl -e 'system(\"ln -s .vscode v\")' && echo x > v/tasks.json",
    "perl -e '`ln -s .vscode v`' && echo x > v/tasks.json",
    "python3 -c \"import os; os.system('touch .envrc')\"",
]


@pytest.mark.parametrize("command", LINKS_MADE_BY_A_PROGRAM_ANOTHER_RUNS)
def test_a_link_made_by_a_program_find_or_a_one_liner_runs_is_judged(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command)[0] == "ask"


BIND_MOUNTS_WRITTEN_THROUGH = [
    "sudo mount --bind .vscode v && echo x > v/tasks.json",
    "mount -B .git/hooks h && cat x > h/pre-commit",
    "mount --rbind .git g && cat x > g/hooks/pre-commit",
    "mount -o bind,ro .github g && cp x g/workflows/ci.yml",
    "bindfs .vscode v && echo x > v/tasks.json",
]


@pytest.mark.parametrize("command", BIND_MOUNTS_WRITTEN_THROUGH)
def test_a_write_under_a_bind_mount_is_judged_under_its_source(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ASKED


NEAR_MISSES_OF_THE_RUN_TIME_LINKS = [
    "find . -name '*.pyc' -exec rm {} +",
    "find . -type f -exec chmod 644 {} \\;",
    "find . -name '*.py' -exec sed -i s/a/b/ {} +",
    "find . -name '*.sh' -exec ln -s {} bin/ \\;",
    "find . -maxdepth 1 -exec echo hi \\; > list.txt",
    "python3 -c \"import os; os.unlink('x.pyc')\" && touch y",
    "python3 -c \"import os; print(os.readlink('a'), os.path.islink('a'))\" && touch y",
    "python3 -c \"import os; os.system('ls -la')\" && touch y",
    "mount | grep tmpfs > mounts.txt",
    "mount --bind build/out o && touch o/x",
    "ls | xargs ln -s -t lib",
    "find . -name '*.so' -exec ln -sf {} lib/ \\; && make > build.log",
    "python3 -c \"import subprocess; subprocess.run(['make'])\" && cp build/x dist/",
    "node -e \"require('child_process').execSync('npm run build', {stdio: 'inherit'})\" && cp a b",
    'python3 -c "import asyncio; asyncio.run(main())" && touch y',
]


@pytest.mark.parametrize("command", NEAR_MISSES_OF_THE_RUN_TIME_LINKS)
def test_near_misses_of_links_made_at_run_time_stay_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


def test_a_write_after_a_one_liner_runs_a_line_computed_at_run_time_is_asked(
    tmp_path: Path,
) -> None:
    """The line may make any link (``os.system('ln -s ' + t + ' v')``); the one-liner alone
    is asked about too: what it runs is computed at run time (:mod:`cordon.engine.code_runs`);
    one that runs a literal line is not."""
    code = "python3 -c \"import os; os.system('ln -s .vs' + 'code v')\""
    assert _run(tmp_path, code + " && echo x > v/tasks.json")[0] == "ask"
    assert _run(tmp_path, code) == ("ask", "action.command_opaque")
    assert _run(tmp_path, "python3 -c \"import os; os.system('ls -l')\"") == ALLOW


@pytest.mark.parametrize(
    "command",
    [
        "find . -name .vscode -exec sudo ln -s {} v \\; && echo x > v/tasks.json",
        "find . -name .envrc -exec env ln {} e \\; && echo x >> e",
        "python3 -c \"import subprocess as s; s.call(['ln','-s','.vs'+'code','v'])\""
        " && echo x > v/tasks.json",
        "python3 -c \"from subprocess import run; run(['ln','-s','.vscode','v'])\""
        " && echo x > v/tasks.json",
        "node -e \"const {execSync: x} = require('child_process'); x('ln -s .vscode v')\""
        " && echo x > v/tasks.json",
        'perl -e \'system "ln", "-s", ".vscode", "v"\' && echo x > v/tasks.json',
        "ruby -e '%x(ln -s .vscode v)' && echo x > v/tasks.json",
        "node -e \"require('child_process').spawnSync('ln', ['-s','.vscode','v'])\""
        " && echo x > v/tasks.json",
    ],
)
def test_a_link_made_through_a_wrapper_or_an_alias_is_judged(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command)[0] == "ask"


EXTRACTED_THEN_WRITTEN_UNDER = [
    # (an archive's member may be a symbolic link out of the directory: tar, unzip and
    # patch make one with any target, and refuse only to write through it themselves)
    "tar -xf evil.tar -C build && cat x > build/h/pre-commit",
    "tar -xzf evil.tgz -C build; echo x >> build/rc",
    "unzip evil.zip -d build && cp x build/h/pre-commit",
    "cd build && tar -xf ../evil.tar && cat ../x > h/pre-commit",
    "cpio -i -D build < evil.cpio && cat x > build/h/pre-commit",
]


@pytest.mark.parametrize("command", EXTRACTED_THEN_WRITTEN_UNDER)
def test_a_write_under_a_directory_an_archive_was_extracted_into_is_asked(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command)[0] == "ask"


@pytest.mark.parametrize(
    "command",
    [
        "tar -xzf release.tgz -C build && cp build/bin/tool dist/",
        "tar -xzf release.tgz -C build && make > build.log",
        "unzip -o x.zip -d vendor && ls vendor",
        "git clone https://example.com/r.git && cp r/README.md docs/",
    ],
)
def test_a_write_outside_the_extracted_directory_stays_allowed(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ALLOW


@pytest.mark.parametrize(
    "command",
    [
        "git clone https://example.com/r.git d && cat x > d/h/pre-commit",
        "git clone --depth 1 https://example.com/r.git && cat x > r/h/pre-commit",
        "git -C /tmp clone git@example.com:o/r && cd /tmp/r && cat x > h/pre-commit",
    ],
)
def test_a_write_under_a_clone_made_in_the_line_is_asked(tmp_path: Path, command: str) -> None:
    """A repository may commit a symbolic link out of its work tree (``h -> ../.git/hooks``)."""
    assert _run(tmp_path, command)[0] in ("ask", "deny")


CLIMBS_OUT_OF_A_LINK = [
    # (``..`` after a link climbs from its target, not from the text before it)
    "ln -s .github/ISSUE_TEMPLATE t && cp x t/../workflows/ci.yml",
    "ln -s .github/ISSUE_TEMPLATE t && ln -s t/.. p && cp x p/workflows/ci.yml",
    "ln -s .github/ISSUE_TEMPLATE t && cd t/.. && cp x workflows/ci.yml",
    "ln -s .github/ISSUE_TEMPLATE t && cp x t/../workflows/",
    "ln -s .github/ISSUE_TEMPLATE t && tar -xf a.tar -C t/..",
]


@pytest.mark.parametrize("command", CLIMBS_OUT_OF_A_LINK)
def test_a_write_climbing_out_of_a_link_is_judged_where_it_lands(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ASKED


@pytest.mark.parametrize(
    "command",
    [
        "ln -s .github/ISSUE_TEMPLATE t && echo x > t/bug.md",
        "ln -s docs/a d && cp x d/../b.md",
        "cd src && ln -s ../lib/x l && cp a l/../y",
    ],
)
def test_a_write_climbing_out_of_a_link_to_an_ordinary_file_stays_allowed(
    tmp_path: Path, command: str
) -> None:
    assert _run(tmp_path, command) == ALLOW


LINKERS_BY_ANOTHER_NAME = [
    "toybox ln .envrc e && echo x >> e",
    "coreutils --coreutils-prog=ln .envrc e && echo x >> e",
    "gln .envrc e && echo x >> e",  # (GNU coreutils on macOS, g-prefixed)
    "gcp -l .envrc e && echo x >> e",
    "python3 -c \"import os; os.link(*'.envrc e'.split())\"",
    "python3 -c \"import os; getattr(os, 'link')('.en' + 'vrc', 'e')\"",
    "parallel ln ::: .envrc ::: e",  # (GNU parallel: ln .envrc e)
    "parallel ln {1} {2} ::: .envrc ::: e",
    "echo .envrc | parallel ln {} e",
    "parallel ln -s ::: .vscode ::: v && echo x > v/tasks.json",
]


@pytest.mark.parametrize("command", LINKERS_BY_ANOTHER_NAME)
def test_a_hard_link_made_by_another_name_is_judged(tmp_path: Path, command: str) -> None:
    """A hard link is found by no later path check (one inode): its source, when not known,
    is asked about at once."""
    assert _run(tmp_path, command)[0] == "ask"


@pytest.mark.parametrize(
    "command",
    [
        "toybox ls -la",
        "parallel -j4 gzip ::: a.log b.log",
        "parallel convert {} {.}.png ::: a.jpg b.jpg",
        "parallel ::: 'echo a' 'echo b'",
        "gcp a b",
        "gln -s src/app.py app.py",
        "python3 -c \"import json, sys; print(json.load(sys.stdin)['link'])\" < x.json",
    ],
)
def test_other_names_of_ordinary_commands_stay_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


@pytest.mark.xfail(
    strict=True,
    reason="a branch checked out, pulled or merged may commit a symbolic link out of the work "
    "tree (h -> ../.git/hooks) that a later write of the line goes through; asking about "
    "every write after a checkout or pull would ask about ordinary work (git pull && make "
    "> build.log). A later call's write is resolved on disk at check time",
)
@pytest.mark.parametrize(
    "command",
    ["git checkout evil && cat x > h/pre-commit", "git pull && cat x > h/pre-commit"],
)
def test_a_write_through_a_link_a_checkout_makes_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command)[0] == "ask"


def test_a_link_call_named_in_hex_is_seen(tmp_path: Path) -> None:
    command = (
        "python3 -c \"import os; getattr(os, bytes.fromhex('73796d6c696e6b').decode())"
        "('.vs' + 'code', 'v')\" && echo x > v/tasks.json"
    )
    assert _run(tmp_path, command)[0] == "ask"


@pytest.mark.parametrize(
    "command",
    [
        "systemd-run --user ln .envrc e",
        "systemd-run --scope -p CPUQuota=50% ln .envrc e",
        "run0 ln .envrc e",
        "bwrap --bind / / ln .envrc e",  # (its mounts map every path: not judged, asked)
        "systemd-run --user touch .envrc",
    ],
)
def test_a_program_systemd_run_run0_or_bwrap_runs_is_judged(tmp_path: Path, command: str) -> None:
    """They run their argument words as a program (not one line): ``ln`` was never read."""
    assert _run(tmp_path, command)[0] == "ask"


@pytest.mark.parametrize(
    "command", ["systemd-run --user --unit=x make", "systemd-run --user -p MemoryMax=1G make"]
)
def test_an_ordinary_program_under_systemd_run_stays_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


# A link function's name written as a string is data unless the text can look a string up
# as a called name: ``print('link')`` (``console.log('link')``) was asked as a hard link
# made by a name no pattern read (the quoted word followed by ``)``). Read with Python's tokenizer; with a lookup in
# the text (getattr, methodcaller, a __dunder__, vars, a C library) the literal still counts,
# and a name literal indexing a namespace (``os.__dict__['link']``) is asked as getattr is.
@pytest.mark.parametrize(
    "command",
    [
        "python3 -c \"print('link')\"",
        "python3 -c 'print(\"symlink\")'",
        "python3 -c \"x = 'link'; print(x)\"",
        "python3 -c \"d = {'link': 'x'}; print(d['link'])\"",
        "python3 -c \"print('hardlink_to', 'symlink_to')\"",
        "node -e \"console.log('link')\"",
        "node -e 'console.error(\"symlinkSync\")'",
    ],
)
def test_a_link_name_written_as_data_stays_allowed(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command) == ALLOW


@pytest.mark.parametrize(
    "command",
    [
        "python3 -c \"import os; f = getattr(os, 'link'); f('a', 'b')\"",
        "python3 -c \"import os, operator; operator.methodcaller('link', 'a', 'b')(os)\"",
        "python3 -c \"import os; os.__dict__['link']('a', 'e')\"",
        "python3 -c \"import os; vars(os)['link']('a', 'e')\"",
        "python3 -c \"import ctypes; ctypes.CDLL(None)['link'](b'a', b'e')\"",
        "python3 -c \"from os import link; link(input(), 'e')\"",
        "node -e \"require('fs')['link']('a', 'e')\"",
        "node -e \"require('fs')[`linkSync`]('a', 'e')\"",
        "node -e \"console.log('link', require('fs').linkSync(process.argv[1], 'e'))\"",
    ],
)
def test_a_link_name_looked_up_is_asked(tmp_path: Path, command: str) -> None:
    assert _run(tmp_path, command)[0] == "ask"
