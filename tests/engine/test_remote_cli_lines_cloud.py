"""The command lines Azure's and AWS's CLIs run on a VM or an instance
(engine/remote_clis.py), read as ``ssh HOST CMD``'s is: ``az ssh vm|host|arc ... -- SSH_ARGS``
(the words after ``--`` are OpenSSH's, the command among them), ``az vm|vmss run-command
invoke --scripts LINE...`` and ``az vm run-command create --script LINE``, ``aws ssm
send-command --parameters commands=...`` (the AWS-RunShellScript document) and ``aws ssm
start-session --parameters command=...`` (AWS-StartInteractiveCommand), in the CLI's
shorthand (``commands=A,B``: a list split at commas) or JSON; parameters in a file
(``file://p.json``) are asked. Each was allowed unasked with a DROP where ``ssh db "psql -c
'DROP TABLE users'"`` was denied (documented: ``az ssh vm --help``, ``az vm run-command
invoke``, AWS Systems Manager's Run Command and Session Manager documents)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run

DROP = "psql -c 'DROP TABLE users'"

READ = [
    f'az ssh vm -n vm1 -g rg -- "{DROP}"',
    f'az ssh vm --ip 10.0.0.4 -- -t -p 22 "{DROP}"',
    f'az ssh arc --resource-group rg --name m1 --local-user admin -- -o StrictHostKeyChecking=no "{DROP}"',
    f'az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts "{DROP}"',
    f'az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts "uptime" "{DROP}"',
    f'az vmss run-command invoke -g rg -n ss --instance-id 0 --command-id RunShellScript --scripts "{DROP}"',
    f'az vm run-command create -g rg --vm-name vm --name c --script "{DROP}"',
    f'aws ssm send-command --document-name AWS-RunShellScript --targets Key=InstanceIds,Values=i-1 --parameters commands="{DROP}"',
    f'aws ssm send-command --document-name AWS-RunShellScript --parameters "commands=uptime,{DROP}"',
    'aws ssm send-command --document-name AWS-RunShellScript --parameters \'{"commands":["uptime","psql -c \\"DROP TABLE users\\""]}\'',
    f'aws ssm start-session --target i-1 --document-name AWS-StartInteractiveCommand --parameters command="{DROP}"',
    'aws --region eu-west-1 ssm start-session --target i-1 --document-name AWS-StartInteractiveCommand --parameters \'{"command":["psql -c \\"DROP TABLE users\\""]}\'',
]  # fmt: skip


@pytest.mark.parametrize("command", READ)
def test_a_cloud_cli_s_line_is_read(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.sql_drop"), command


@pytest.mark.parametrize(
    "command",
    [
        "aws ssm send-command --document-name AWS-RunShellScript --parameters file://params.json",
        "az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts @script.sh",
    ],
)
def test_a_line_in_a_file_is_asked(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command)[0] == "ask", command


@pytest.mark.parametrize(
    "command",
    [
        "az ssh vm -n vm1 -g rg",
        "az ssh vm -n vm1 -g rg -- -L 8080:localhost:80",
        "az vm run-command invoke -g rg -n vm --command-id RunShellScript --scripts 'uptime'",
        "aws ssm start-session --target i-1",
        "aws ssm send-command --document-name AWS-RunShellScript --parameters commands=uptime",
        "aws ssm describe-instance-information",
        "az vm list -g rg",
    ],
)
def test_plain_cloud_lines_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow"), command
