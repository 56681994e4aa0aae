"""action.system_disrupt: commands that stop the machine, its services, its network filtering,
its users' access or its disks are asked about, through the same wrappers as other commands.

Bypass: with a shell tool, ``systemctl stop sshd``, ``kill -9 1``,
``iptables -F``, ``shutdown -h now``, ``userdel -r``, ``passwd -d root``, ``mount -o
remount,ro /``, ``swapoff -a``, ``crontab -r``, ``sysctl -w``, ``modprobe -r`` ... had no rule
and were allowed (denial of service or lock-out through an agent: OWASP LLM06; MITRE ATT&CK
T1489, T1529, T1531, T1562.004). Read-only forms stay allowed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.engine._shell_session import run, session


@pytest.mark.parametrize(
    "command",
    [
        # services (T1489)
        "systemctl stop sshd",
        "systemctl disable sshd",
        "systemctl disable --now sshd",
        "systemctl mask sshd.service",
        "systemctl kill -s KILL sshd",
        "systemctl --no-pager -H admin@host stop nginx",
        "systemctl isolate rescue.target",
        "service ssh stop",
        "rc-service sshd stop",
        "invoke-rc.d ssh stop",
        "update-rc.d ssh disable",
        "chkconfig sshd off",
        "sv down sshd",
        "launchctl bootout system/com.openssh.sshd",
        "loginctl terminate-user alice",
        # processes
        "kill -9 1",
        "kill -9 -1",
        "kill -- -1",
        "kill -s KILL 1",
        "kill -SIGTERM 1",
        "kill 1",
        "pkill -9 -u root",
        "pkill sshd",
        "killall sshd",
        "killall -9 python",
        "killall5 -9",
        # shutdown and reboot (T1529)
        "shutdown -h now",
        "shutdown -r +1",
        "shutdown /s /t 0",
        "reboot",
        "reboot -f",
        "poweroff",
        "halt",
        "init 0",
        "telinit 6",
        "systemctl poweroff",
        "systemctl reboot",
        # network filtering (T1562.004) and the network itself
        "iptables -F",
        "iptables --flush",
        "iptables -P INPUT DROP",
        "iptables -t nat -X",
        "ip6tables -A INPUT -j DROP",
        "iptables-restore < /tmp/rules",
        "nft flush ruleset",
        "nft -f /tmp/rules.nft",
        "nft delete table inet filter",
        "ufw disable",
        "ufw reset",
        "ufw deny 22",
        "firewall-cmd --panic-on",
        "firewall-cmd --remove-service=ssh",
        "pfctl -d",
        "ip link set eth0 down",
        "ifconfig eth0 down",
        "ifdown eth0",
        "nmcli networking off",
        # users' access (T1531)
        "userdel -r bob",
        "deluser bob",
        "passwd -d root",
        "passwd -l root",
        "passwd root",
        "usermod -L alice",
        "usermod -s /usr/sbin/nologin alice",
        "chpasswd",
        "echo root:x | chpasswd",
        "chage -E 0 alice",
        "crontab -r",
        "crontab -u root -r",
        # disks and the kernel
        "mount -o remount,ro /",
        "mount -t tmpfs none /home",
        "mount -a",
        "mount --bind /tmp/evil /etc",  # a bind mount over a directory outside the project
        "mount -o bind,ro /tmp/x /usr/bin",
        "mount -o remount,bind,ro /",  # (a remount is no bind mount)
        "umount /home",
        "umount -l /",
        "swapoff -a",
        "sysctl -w net.ipv4.ip_forward=0",
        "sysctl kernel.panic=1",
        "sysctl -p /tmp/evil.conf",
        "modprobe -r e1000",
        "rmmod e1000",
        # locking a file outside the project
        "chmod 000 /etc/passwd",
        "chmod a-rwx /etc/shadow",
        "chmod u= ~/.ssh/authorized_keys",
        "chattr +i /etc/resolv.conf",
        "chattr +a /var/log/auth.log",
        # the same through wrappers
        "sudo systemctl stop sshd",
        "sudo -u root -- crontab -r",
        "env X=1 /sbin/shutdown -h now",
        "sh -c 'kill -9 1'",
        'bash -c "sudo iptables -F"',
        "echo reboot | sh",
        "timeout 5 nice -n 1 poweroff",
        "busybox reboot",
        "doas init 0",
        "nohup halt &",
        "c=reboot; $c",
        "su -c 'userdel -r bob'",
        "find . -maxdepth 0 -exec reboot \\;",
        "cd /tmp && sudo /usr/sbin/iptables -F",
        "ssh host reboot",
        "ssh -p 2222 admin@host 'sudo systemctl stop nginx'",
        "ssh -o StrictHostKeyChecking=no host -- iptables -F",
        "ssh host \"sh -c 'kill -9 -1'\"",
        "mosh host -- reboot",
        "nsenter -t 1 -m -u -i -n -p -- reboot",
        "nsenter --target 1 --all systemctl stop sshd",
        "/etc/init.d/ssh stop",
        "sudo /etc/init.d/nginx force-stop",
        # Windows: cmd.exe programs and PowerShell cmdlets
        "net stop sshd",
        "net user bob /delete",
        "sc stop WinDefend",
        "sc config sshd start= disabled",
        "taskkill /f /im explorer.exe",
        "netsh advfirewall set allprofiles state off",
        "Stop-Service -Name sshd -Force",
        "Stop-Computer -Force",
        "Restart-Computer",
        "Stop-Process -Name node",
        "Set-NetFirewallProfile -Profile Domain,Public,Private -Enabled False",
        "Set-Service -Name sshd -StartupType Disabled",
        "Remove-LocalUser -Name bob",
        "Disable-NetAdapter -Name Ethernet",
        # the action computed at run time (fail closed)
        'systemctl $action "$unit"',
        "systemctl $(cat verb) sshd",
        'service sshd "$1"',
        "init $level",
    ],
)
def test_system_disruption_is_asked(tmp_path: Path, command: str) -> None:
    v = session(tmp_path).check("run_command", {"command": command})
    # (crontab is asked about as command_opaque too: the question names both rules)
    asked = {v.rule, *v.details.get("approval_labels", ())}
    assert v.verdict == "ask" and "action.system_disrupt" in asked, (v.rule, v.reason)


@pytest.mark.parametrize(
    "command",
    [
        "systemctl status sshd",
        "systemctl",
        "systemctl list-units --state=failed",
        "systemctl is-active sshd",
        'systemctl status "$unit"',
        'service "$name" status',
        "kill -TERM $pid",
        "systemctl start nginx",
        "systemctl --user daemon-reload",
        "systemctl show -p MainPID sshd",
        "service ssh status",
        "service --status-all",
        "kill -0 1",
        "kill -s 0 1",
        "kill -l",
        "kill 12345",
        "kill -9 12345",
        "kill %1",
        "kill -HUP 4242",
        "pgrep sshd",
        "killall -l",
        "pkill -CONT bash",
        "killall -s 0 sshd",
        "kill -SIGCONT 1",
        "chsh -l",
        "ufw --dry-run disable",
        "systemctl halt --when cancel",
        "iptables -L",
        "iptables -nvL INPUT",
        "iptables -t nat -S",
        "iptables -C INPUT -j ACCEPT",
        "iptables-save",
        "nft list ruleset",
        "nft -a list table inet filter",
        "nft -c -f rules.nft",
        "ufw status verbose",
        "ufw app list",
        "firewall-cmd --state",
        "firewall-cmd --list-all --zone=public",
        "pfctl -s rules",
        "ip link show",
        "ip addr",
        "ip link set eth0 up",
        "ifconfig",
        "nmcli device status",
        "shutdown -c",
        "shutdown /a",
        "reboot --help",
        "init q",
        "passwd -S root",
        "chage -l alice",
        "crontab -l",
        "crontab -l -u root",
        "mount",
        "mount -l",
        "mount -t ext4",
        "mount --bind build/out o",  # a bind mount inside the project: writes under it are
        "mount -B src s",  # judged under its source (test_shell_links)
        "umount",
        "swapon --show",
        "sysctl -a",
        "sysctl net.ipv4.ip_forward",
        "sysctl -n kernel.hostname",
        "modprobe e1000",
        "modprobe -R e1000",
        "lsmod",
        "id root",
        "getent passwd alice",
        "chmod 644 /etc/hosts",
        "chmod 000 secret.txt",
        "chmod go-rwx ~/.ssh/id_rsa",
        "chmod 600 ~/.ssh/id_rsa",
        "chmod +x build.sh",
        "chattr -i notes.txt",
        "chattr +i project.lock",
        "lsattr /etc/resolv.conf",
        "echo shutdown -h now",
        "grep -r reboot /var/log",
        "man systemctl",
        "ssh host uptime",
        'ssh host "ls $(cat dir.txt)"',
        "net start sshd",
        "net user",
        "sc query sshd",
        "taskkill /pid 4242",
        "netsh advfirewall show allprofiles",
        "Get-Service sshd",
        "Stop-Process -Id 4242",
        "Set-Service -Name sshd -StartupType Automatic",
        "Get-NetFirewallProfile",
        "nsenter -t 1 -n ip addr",
        "/etc/init.d/ssh status",
        "ssh host systemctl status nginx",
        "git log --grep=reboot",
    ],
)
def test_read_only_forms_stay_allowed(tmp_path: Path, command: str) -> None:
    assert run(tmp_path, command) == ("allow", "default.allow")


@pytest.mark.parametrize(
    "command",
    [
        "ssh host 'case x in x) reboot;; esac'",
        'ssh host "$(cat cmd.txt)"',
        "ssh host 'echo $((1+2)); reboot'",
    ],
)
def test_remote_line_unread_is_asked(tmp_path: Path, command: str) -> None:
    """Fail closed: a line ssh runs on a host that cannot be read is asked about, as the same
    line given locally is."""
    assert run(tmp_path, command) == ("ask", "action.command_opaque")


def test_remote_computed_action_is_asked(tmp_path: Path) -> None:
    v = session(tmp_path).check("run_command", {"command": 'ssh host "systemctl $(cat v) x"'})
    assert (v.verdict, v.rule) == ("ask", "action.system_disrupt")
    assert "\x00" not in v.reason


def test_trusted_tool_is_not_asked(tmp_path: Path) -> None:
    """An ask rule: ``trust_tools`` for a tool meant to administer the machine skips it."""
    project = tmp_path / "project"
    project.mkdir()
    from cordon.engine.core import Engine

    tool = {"executes": True, "exfiltrating": False, "base_dir": str(project)}
    eng = Engine.from_policy([{"tools": {"run_command": tool}, "trust_tools": ["run_command"]}])
    eng.pin_tools([{"name": "run_command", "inputSchema": {"type": "object"}}])
    v = eng.new_session().check("run_command", {"command": "systemctl stop sshd"})
    assert (v.verdict, v.rule) == ("allow", "default.allow")


def test_the_question_names_what_it_stops(tmp_path: Path) -> None:
    v = session(tmp_path).check("run_command", {"command": "sudo systemctl stop sshd"})
    assert v.rule == "action.system_disrupt"
    assert "systemctl stop" in v.reason and "service" in v.reason


def test_existing_block_rules_still_come_first(tmp_path: Path) -> None:
    """mkfs, dd onto a device and recursive chmod of / keep their deny (not duplicated)."""
    assert run(tmp_path, "sudo mkfs.ext4 /dev/sda1") == ("deny", "action.mkfs_dd")
    assert run(tmp_path, "dd if=/dev/zero of=/dev/sda") == ("deny", "action.mkfs_dd")
    assert run(tmp_path, "chmod -R 000 /") == ("deny", "action.chmod_777_root")
