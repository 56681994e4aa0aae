"""Interpreter one-liners that run a command line, or evaluate program text, computed at run
time are asked about (``action.command_opaque``; :mod:`cordon.engine.code_runs`): the shell
guard cannot read what they run. Attack class: ``rm -rf /`` or an upload hidden in a
one-liner by string building or decoding (CWE-78). One-liners whose command lines are
literals, and ordinary code that runs none, are judged as before."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from tests.engine._shell_session import run

from cordon.engine.code_runs import computed_run

_B64 = base64.b64encode(b'import os;os.system("rm -rf /")').decode()
_HEX = b'import shutil;shutil.rmtree("/")'.hex()

HIDDEN = [
    f"python3 -c \"exec(bytes.fromhex('{_HEX}').decode())\"",
    f"python3 -c \"import base64;exec(base64.b64decode('{_B64}'))\"",
    "python3 -c \"import os;os.system(bytes.fromhex('726d202d7266202f').decode())\"",
    "python3 -c \"import os;os.system('r'+'m -rf /')\"",
    "python3 -c \"import os;os.system(chr(114)+chr(109)+' -rf /')\"",
    "python3 -c \"import os;getattr(os,'sys'+'tem')('ls')\"",
    "python3 -c \"__import__('os').system('r'+'m')\"",
    "python3 -c \"import sys;sys.modules['os'].system('r'+'m')\"",
    "python3 -c \"from subprocess import run as r; r(['r'+'m','-rf','/'])\"",
    "python3 -c \"import subprocess as s; s.Popen(args='r'+'m', shell=True)\"",
    f"node -e \"eval(Buffer.from('{_B64}','base64').toString())\"",
    "node -e \"require('child_process').execSync('r'+'m -rf /')\"",
    "node -e \"const {execSync:x}=require('child_process'); x('ls')\"",
    "node -e \"const cp=require('child_process'); cp['exec'+'Sync']('ls')\"",
    "node -e \"require('child'+'_process')\"",
    "node -e \"new Function(atob('cm0='))()\"",
    'perl -e \'eval pack("H*","726d")\'',
    "perl -MMIME::Base64 -e 'system(decode_base64(\"cm0gLXJmIC8=\"))'",
    'perl -e \'$c="r"."m"; `$c -rf /`\'',
    'perl -e \'&{"CORE::sys"."tem"}("ls")\'',
    'ruby -e \'eval("cm0gLXJmIC8=".unpack1("m"))\'',
    'ruby -e \'send("sys"+"tem", "ls")\'',
    'ruby -e \'IO.popen("r"+"m")\'',
    "php -r 'system(base64_decode(\"cm0gLXJmIC8=\"));'",
    'php -r \'$f="sys"."tem"; $f("ls");\'',
    "lua -e \"os.execute('r'..'m -rf /')\"",
    'Rscript -e \'system(paste0("r","m -rf /"))\'',
]

ORDINARY = [
    "python3 -c \"import json,sys; print(json.load(sys.stdin)['a'])\"",
    "python3 -c \"import re; print(re.compile(r'a+').findall('aaa'))\"",
    "python3 -c \"import subprocess; print(subprocess.check_output(['git','log','-1']))\"",
    "python3 -c \"import os; os.system('ls -l')\"",
    'python3 -c "import asyncio; asyncio.run(main())"',
    "python3 -c \"print(eval('1+2'))\"",
    "python3 -c \"import sys; print(getattr(sys, 'version'))\"",
    "node -e \"const r=/a+/g; console.log(r.exec('aaa'))\"",
    "node -e \"console.log(require('fs').readFileSync('package.json','utf8'))\"",
    "node -e \"const {execSync}=require('child_process'); execSync('git status')\"",
    "perl -ne 'print if /foo/' notes.txt",
    "perl -e 'eval { die \"x\" }; print $@'",
    'perl -e \'system("ls", "-l")\'',
    "ruby -e 'puts File.read(\"notes.txt\")'",
    "ruby -e 'puts [1,2].map { |x| x * 2 }'",
    "php -r 'echo json_encode([1,2]);'",
    "php -r '$a = [1,2]; echo count($a);'",
    "perl -lne '/regex/ && $t++; END { print $t }'",
    "lua -e \"os.execute('ls')\"",
    "Rscript -e 'print(summary(c(1,2,3)))'",
]


@pytest.mark.parametrize("command", HIDDEN)
def test_hidden_run_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command)[0] in ("ask", "deny")


@pytest.mark.parametrize("command", HIDDEN[3:6])
def test_the_rule_is_command_opaque(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("ask", "action.command_opaque")


@pytest.mark.parametrize("command", ORDINARY)
def test_ordinary_one_liners_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")


def test_unparsable_python_runs_nothing() -> None:
    assert computed_run("python", "os.system('r' + ") is None


def test_unknown_family_is_not_read() -> None:
    assert computed_run("tcl", "exec [string cat r m]") is None
