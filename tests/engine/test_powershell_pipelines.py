"""A PowerShell pipeline into a deleting cmdlet deletes what its listing names: ``gci C:\\ |
Remove-Item -Recurse`` deletes C:\\ as ``Remove-Item -Recurse C:\\`` does (the cmdlet takes its
path from the pipeline: about_Pipelines, ValueFromPipeline). Attack class: the deleting
statement names no path, so nothing was recorded, and the pipeline was allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run


@pytest.mark.parametrize(
    "command",
    [
        r'pwsh -c "gci C:\ | Remove-Item -Recurse"',
        r"pwsh -c 'Get-ChildItem $HOME -Recurse | Remove-Item -Force'",
        r'pwsh -c "ls ~ | rm -r"',
        r"powershell -Command 'Get-ChildItem -Force -Path $env:USERPROFILE | Remove-Item -Recurse'",
        r"pwsh -c 'dir / -Recurse | Where-Object { $_.Length -gt 0 } | del -Force'",
        # (the line as PowerShell's own: Windows' default shell, no pwsh -c)
        r"gci C:\ | Remove-Item -Recurse",
        r"Get-ChildItem $HOME -Recurse | Remove-Item -Force",
        r"ls ~ | rm -r",
        r"pwsh -c 'dir ~ -Recurse | % { rm $_ -Force }'",
        r"gci C:\Users | ForEach-Object { Remove-Item $_.FullName -Recurse -Force }",
        r'cmd /c powershell -c "gci C:\ | Remove-Item -Recurse"',
    ],
)
def test_listing_piped_to_delete_root_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.rm_root")


@pytest.mark.parametrize(
    "command",
    [
        "pwsh -c 'gci /srv/data | Remove-Item'",
        "pwsh -c 'Get-Item /srv/data/x.txt | Remove-Item'",
        "pwsh -c 'gci -File /etc/cron.d | Clear-Content'",
        r"pwsh -c 'gci C:\Temp\data | Remove-Item'",
        r"Get-ChildItem -Path D:\backups | Remove-Item",
        r"Remove-Item -Recurse -Force C:\Temp\data",  # (PowerShell as the tool's shell)
        r'cmd /c powershell -Command "Remove-Item -Recurse C:\srv\data"',
    ],
)
def test_listing_piped_outside_denied(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("deny", "action.delete_outside")


@pytest.mark.parametrize(
    "command",
    [
        "pwsh -c 'gci ./build -Recurse | Remove-Item -Force'",
        "pwsh -c 'gci | Remove-Item'",
        "pwsh -c 'gci ~ | Select-Object Name'",
        "pwsh -c 'Get-ChildItem C:\\ | Sort-Object Length'",
        "ls -la | grep x",
        "ls *.log | wc -l",
        "gci .\\build -Recurse | Remove-Item -Force",
        "gci ~ | % { Write-Host $_.Name }",
        "Remove-Item -Recurse ./build",
    ],
)
def test_ordinary_pipelines_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")
