"""Commands that stop the machine, its services, its network filtering, its users' access or
its disks: ``action.system_disrupt`` (ask).

:func:`system_disruption` reads one command (as :mod:`.shell` parsed it: wrappers such as
``sudo``, ``env``, ``timeout``, ``xargs`` removed, variables expanded, ``sh -c`` strings read)
and says what it stops, or None. :func:`remote_line` gives the command line ``ssh HOST CMD``
runs on the host (or ``nsenter ... CMD`` in another namespace), judged the same way; :func:`locked_targets` the files a ``chmod`` or
``chattr`` makes unreadable or unchangeable, asked about outside the project only. Pure: no
I/O.

What is asked about, by what it takes away (MITRE ATT&CK technique):

* the machine (T1529 System Shutdown/Reboot): ``shutdown`` (not ``-c``, ``-k``, ``/a``),
  ``reboot``, ``poweroff``, ``halt``, ``init``/``telinit`` with a runlevel, ``systemctl
  poweroff|reboot|halt|kexec|suspend|hibernate|rescue|emergency|isolate|default|set-default``
  (not ``--when cancel``), ``systemctl start poweroff.target`` (and systemd's other special
  targets that stop the machine), logind's ``PowerOff``/``Reboot`` called over D-Bus
  (``busctl``, ``dbus-send``, ``gdbus``);
* its services (T1489 Service Stop): ``systemctl stop|kill|disable|mask|freeze|clean``,
  ``service NAME stop``, ``/etc/init.d/NAME stop``, ``rc-service``, ``invoke-rc.d``, ``update-rc.d NAME
  disable|remove``, ``chkconfig NAME off``, runit's ``sv down``, ``launchctl
  bootout|unload|disable|remove|kill``, ``loginctl terminate-user|kill-user|...``; a signal
  to PID 1 or to every process (``kill -9 1``, ``kill -9 -1``), and every kill by name or
  user (``pkill``, ``killall``, ``killall5``, ``skill``, ``fuser -k``): a name matches processes the agent
  cannot see (``pkill -f python`` stops the MCP server too); not a signal that ends or
  stops no process (``-0``, ``-CONT``, ``-WINCH``); ``kill -9 0`` (every process of the
  caller's group); ``systemctl restart|reload|try-restart|reload-or-restart`` and
  ``service NAME restart|reload`` (the service comes back with its configuration as it is
  now, or stays down: a broken ``sshd_config`` restarted is a lock-out). ``start`` is not
  asked about (an ordinary step of a deploy), nor ``kill PID`` of another process, nor a PID computed at run time (``kill $(pgrep x)``);
  an action word computed at run time is (fail closed: ``systemctl $action "$unit"``,
  ``service "$name" "$1"``, ``init $level``);
* its network filtering (T1562.004 Disable or Modify System Firewall) and its network:
  every change through ``iptables``/``ip6tables``/``ebtables``/``arptables`` (only ``-L``,
  ``-S``, ``-C`` read), ``iptables-restore``, ``nft`` (only ``list``, ``describe``,
  ``monitor``, ``-c`` read), ``ufw`` (only ``status``, ``show``, ``app``, ``version``,
  ``--dry-run``), ``firewall-cmd`` (only ``--state``, ``--list-*``, ``--get-*``,
  ``--query-*``, ``--info-*``), ``pfctl -d|-F|-f|-k|-e``; an interface taken down (``ip
  link set DEV down``, ``ifconfig DEV down``, ``ifdown``, ``nmcli networking off``, ``nmcli
  radio ... off``, ``nmcli connection down``), the routes or addresses removed (``ip route
  del default``, ``ip addr flush dev DEV``): a remote machine is then out of reach;
* its users' access (T1531 Account Access Removal): ``userdel``, ``deluser``, ``groupdel``,
  ``usermod``, ``passwd`` (not ``-S``), ``chpasswd``, ``chage`` (not ``-l``), ``chsh``
  (not ``-l``),
  ``crontab -r``; and (:func:`locked_targets`) ``chmod`` that takes read from the owner
  (``000``, ``a-rwx``, ``u=``) or ``chattr +i``/``+a`` of a file outside the project;
* its disks and kernel: ``mount`` with a target or ``-a`` (a remount read-only, a file
  system mounted over ``/home``), ``umount``, ``swapoff``, ``sysctl -w``/``KEY=VALUE``/
  ``-p``/``--system``, ``modprobe -r``, ``rmmod``. ``mkfs``, ``wipefs`` and ``dd`` onto a
  device stay ``action.mkfs_dd`` (deny);
* on Windows, the same classes as cmd.exe programs and PowerShell cmdlets (:func:`_windows`):
  ``shutdown /s``, ``net stop``, ``sc stop|delete|config``, ``taskkill /im``, ``net user
  NAME /delete``, ``net localgroup GROUP NAME /delete``, ``netsh advfirewall set ... state
  off``, ``bcdedit /set ... recoveryenabled no`` (T1490 Inhibit System Recovery),
  ``Stop-Service``,
  ``Stop-Computer``, ``Restart-Computer``, ``Stop-Process`` by name,
  ``Set-NetFirewallProfile -Enabled False``, ``Remove-LocalUser``, ``Disable-NetAdapter``;
  read in a ``cmd /c`` line and in ``pwsh -c`` text too (:data:`WINDOWS_PROGRAMS`).

:func:`disk_wipe` names what is denied as ``mkfs`` is (``action.mkfs_dd``): a partition
table, a volume, a ZFS dataset or pool, or Windows' shadow copies and backups destroyed.

Ask, not deny: each is ordinary when the user administers the machine through the agent
(``trust_tools`` for such a tool). Attack class: an injected instruction turning an agent
with a shell into a denial of service or a lock-out (OWASP LLM06 Excessive Agency).
"""

from __future__ import annotations

import re
import shlex

from cordon.engine.remote_clis import cli_line

__all__ = [
    "WINDOWS_PROGRAMS",
    "disk_wipe",
    "init_script_stop",
    "locked_targets",
    "remote_line",
    "system_disruption",
]

#: the parser's mark of a word computed at run time (:data:`.shell_commands.DYNAMIC`)
DYNAMIC = "\x00"
_HELP = frozenset({"-h", "--help", "-V", "--version", "/?", "-?"})

_MACHINE = "stops or restarts the machine"
_SERVICE = "stops or disables a service"
#: a restart stops the service and starts it again from its configuration as it is now: a
#: changed or broken configuration (sshd_config, a firewall's rules) then keeps it down, and
#: the connections it held are cut (systemctl(1): "restart ... Stop and then start");
#: a reload re-reads that configuration in place
_RESTART = "stops and starts a service again, or reloads it (with its configuration as now)"
_PROCESSES = "kills processes by name, by user, or PID 1 / every process"
_FIREWALL = "changes or disables the firewall"
_NETWORK = "takes the network down"
_ACCOUNTS = "removes or locks a user's access"
_DISKS = "unmounts, remounts or mounts over a file system"
_KERNEL = "changes the running kernel"
_RECOVERY = "changes the boot to skip the machine's recovery"

_SYSTEMCTL_VERBS = {
    **dict.fromkeys(
        ("stop", "kill", "disable", "mask", "freeze", "clean", "isolate", "default", "exit",
         "set-default"),
        _SERVICE,
    ),
    **dict.fromkeys(
        ("restart", "try-restart", "reload-or-restart", "try-reload-or-restart", "reload",
         "condrestart", "force-reload", "reload-or-try-restart"),
        _RESTART,
    ),
    **dict.fromkeys(
        ("halt", "poweroff", "reboot", "kexec", "soft-reboot", "suspend", "hibernate",
         "hybrid-sleep", "suspend-then-hibernate", "sleep", "rescue", "emergency",
         "switch-root"),
        _MACHINE,
    ),
}  # fmt: skip
#: systemctl's options whose value is the next word (systemctl(1))
_SYSTEMCTL_VALUE = frozenset(
    {"-t", "--type", "-p", "--property", "-s", "--signal", "-H", "--host", "-M", "--machine",
     "-n", "--lines", "-o", "--output", "--state", "--kill-whom", "--kill-value", "--root",
     "--image", "--job-mode", "--when", "--what", "--preset-mode", "--timestamp", "--message",
     "--boot-loader-entry", "--boot-loader-menu", "--reboot-argument", "--drop-in"}
)  # fmt: skip
_LOGINCTL_VERBS = frozenset(
    {"terminate-user", "kill-user", "terminate-session", "kill-session", "terminate-seat"}
)
_STOP_VERBS = frozenset({"stop", "force-stop", "kill", "graceful-stop", "zap"})
_RESTART_VERBS = frozenset(
    {"restart", "reload", "force-reload", "try-restart", "condrestart", "graceful"}
)
_SV_VERBS = frozenset(
    {"down", "d", "stop", "kill", "k", "exit", "x", "force-stop", "force-shutdown", "force-kill"}
)
_LAUNCHCTL_VERBS = frozenset({"bootout", "unload", "disable", "remove", "kill", "stop"})
_IPTABLES = frozenset(
    {"iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft",
     "ip6tables-nft", "ebtables", "arptables", "ebtables-nft", "arptables-nft"}
)  # fmt: skip
_IPTABLES_READ = frozenset({"L", "S", "C"})
_IPTABLES_READ_LONG = frozenset({"--list", "--list-rules", "--check"})
_NFT_READ = frozenset({"list", "describe", "monitor"})
_UFW_READ = frozenset({"status", "show", "app", "version"})
_FIREWALLD_READ = ("--state", "--list-", "--get-", "--query-", "--info-", "--zone", "--permanent",
                   "--version", "--help", "--check-config", "-q", "--quiet", "-h", "-V")  # fmt: skip
_IP_REMOVE = frozenset({"del", "delete", "flush", "f"})
_ACCOUNT_PROGRAMS = frozenset(
    {"userdel", "deluser", "groupdel", "delgroup", "usermod", "chpasswd", "chgpasswd",
     "newusers", "chsh"}
)  # fmt: skip
_SHORT_RE = re.compile(r"-[A-Za-z]+")


def _short(args: tuple[str, ...]) -> set[str]:
    """The letters of the single-dash option words (``-nvL`` -> n, v, L)."""
    return {ch for a in args if _SHORT_RE.fullmatch(a) for ch in a[1:]}


def _plain(args: tuple[str, ...], takes_value: frozenset[str] = frozenset()) -> list[str]:
    """The words that are no option nor an option's value."""
    out: list[str] = []
    skip = False
    for i, a in enumerate(args):
        if skip:
            skip = False
        elif a == "--":
            return out + list(args[i + 1 :])
        elif a.startswith("-") and len(a) > 1:
            skip = a in takes_value
        else:
            out.append(a)
    return out


#: signals whose default action neither ends nor stops a process (signal(7)); 0 only checks
_HARMLESS_SIGNALS = frozenset({"0", "NULL", "CONT", "WINCH", "URG", "CHLD"})


def _harmless(signal: str) -> bool:
    return signal.upper().removeprefix("SIG") in _HARMLESS_SIGNALS


def _kill(args: tuple[str, ...]) -> str | None:
    """A signal other than 0 to PID 1 or to every process (``-1``)."""
    signal: str | None = None
    targets: list[str] = []
    it = iter(args)
    options = True
    for a in it:
        if options and a == "--":
            options = False
        elif options and a in ("-l", "-L", "--list", "--table", *_HELP):
            return None
        elif options and a in ("-s", "-n", "--signal", "-q", "--queue", "--timeout"):
            value = next(it, "")
            signal = value if a in ("-s", "-n", "--signal") else signal
        elif options and a.startswith("-") and signal is None and not targets:
            signal = a[1:]
        else:
            targets.append(a)
    if signal is not None and _harmless(signal):
        return None
    # 0: every process in the caller's process group (kill(2)), the agent's tool and, when
    # it shares the group, the MCP server and cordon with it
    return _PROCESSES if any(t in ("0", "1", "-1") for t in targets) else None


def _iptables(args: tuple[str, ...]) -> str | None:
    commands = {ch for ch in _short(args) if ch.isupper()}
    long_cmds = {a.split("=", 1)[0] for a in args if a.startswith("--")}
    reads = bool(commands & _IPTABLES_READ or long_cmds & _IPTABLES_READ_LONG)
    changes = bool(commands - _IPTABLES_READ) or any(
        a in long_cmds
        for a in ("--append", "--delete", "--insert", "--replace", "--flush", "--zero",
                  "--new-chain", "--delete-chain", "--policy", "--rename-chain")
    )  # fmt: skip
    return _FIREWALL if changes or not (reads or set(args) & _HELP) and args else None


def _nft(args: tuple[str, ...]) -> str | None:
    if set(args) & (_HELP | {"-c", "--check", "-v"}):
        return None
    if "-f" in args or "--file" in args or "-i" in args or "--interactive" in args:
        return _FIREWALL
    words = _plain(args, frozenset({"-I", "--includepath", "-D", "--define", "-o"}))
    return _FIREWALL if words and words[0] not in _NFT_READ else None


def _firewall(prog: str, args: tuple[str, ...]) -> str | None:
    """ufw, firewall-cmd, pfctl: every form that is not a read."""
    if not args or set(args) & _HELP:
        return None
    if prog == "ufw":
        if "--dry-run" in args:  # (prints the rules it would write)
            return None
        words = _plain(args)
        return _FIREWALL if not words or words[0] not in _UFW_READ else None
    if prog == "pfctl":
        letters = _short(args)
        return _FIREWALL if "n" not in letters and letters & set("dFfkKe") else None
    opts = [a for a in args if a.startswith("-")]
    return _FIREWALL if any(not a.startswith(_FIREWALLD_READ) for a in opts) else None


def _network(prog: str, args: tuple[str, ...]) -> str | None:
    """An interface taken down (``ip link set DEV down``, ``ifconfig DEV down``, ``ifdown``)."""
    if prog in ("ifdown", "ifdown.sh"):
        return _NETWORK if args and not set(args) & _HELP else None
    if prog == "ifconfig":
        return _NETWORK if "down" in args else None
    if prog == "ip":
        words = _plain(args, frozenset({"-n", "-netns", "-b", "-batch", "-f", "-family"}))
        if words[:2] in (["link", "set"], ["l", "set"]):
            return _NETWORK if "down" in words else None
        # (the default route or an interface's addresses gone: ip route del default, ip
        # addr flush dev eth0; an object named by a prefix of its name, as ip(8) takes it)
        obj = words[0] if words else ""
        verb = words[1] if len(words) > 1 else ""
        routes = obj and ("route".startswith(obj) or "address".startswith(obj))
        return _NETWORK if routes and verb in _IP_REMOVE else None
    if prog == "nmcli":
        words = _plain(args)
        if words[:2] in (["networking", "off"], ["n", "off"]) or words[:1] == ["radio"]:
            return _NETWORK if "off" in words else None
        obj = words[0] if words else ""
        verb = words[1] if len(words) > 1 else ""
        down = verb in ("down", "disconnect", "delete", "del")
        return _NETWORK if obj[:1] in ("c", "d") and down else None
    return None


def _accounts(prog: str, args: tuple[str, ...]) -> str | None:
    if set(args) & _HELP:
        return None
    if prog == "chsh" and ("l" in _short(args) or "--list-shells" in args):
        return None
    if prog in _ACCOUNT_PROGRAMS:
        return _ACCOUNTS if args or prog in ("chpasswd", "chgpasswd", "newusers") else None
    if prog == "passwd":
        return None if "S" in _short(args) or "--status" in args else _ACCOUNTS
    if prog == "chage":
        return None if "l" in _short(args) or "--list" in args else _ACCOUNTS
    if prog == "crontab":
        return _ACCOUNTS if "r" in _short(args) or "--remove" in args else None
    return None


_MOUNT_VALUE = frozenset({"-t", "--types", "-o", "--options", "-O", "--test-opts", "-L", "-U"})


def _mount_options(args: tuple[str, ...]) -> list[str]:
    """The comma-separated words of every ``-o``/``--options`` value of a mount command."""
    out: list[str] = []
    for i, a in enumerate(args):
        if a in ("-o", "--options") and i + 1 < len(args):
            out += args[i + 1].split(",")
        elif a.startswith("--options="):
            out += a.removeprefix("--options=").split(",")
        elif a.startswith("-o") and len(a) > 2:
            out += a[2:].split(",")
    return out


def bind_mount_point(prog: str, args: tuple[str, ...]) -> str | None:
    """The mount point of ``mount --bind SRC DIR`` (``-B``, ``--rbind``, ``-R``, ``-o bind``;
    not a remount): the caller asks about one outside the project only, and writes under it
    are judged under SRC (:mod:`.shell_links`). None for any other mount."""
    if prog != "mount":
        return None
    options = _mount_options(args)
    if any(o.startswith("remount") for o in options):
        return None
    if not (set(args) & {"--bind", "-B", "--rbind", "-R"} or {"bind", "rbind"} & set(options)):
        return None
    words = _plain(args, _MOUNT_VALUE)
    return words[-1] if len(words) == 2 else None


def _disks(prog: str, args: tuple[str, ...]) -> str | None:
    if set(args) & _HELP or not args:
        return None
    if prog == "mount":
        if bind_mount_point(prog, args) is not None:
            return None  # (asked about outside the project only: the caller's)
        plain = _plain(args, _MOUNT_VALUE)
        return _DISKS if plain or "a" in _short(args) or "--all" in args else None
    return _DISKS  # (umount, swapoff: any target)


def _kernel(prog: str, args: tuple[str, ...]) -> str | None:
    if set(args) & _HELP:
        return None
    if prog == "rmmod":
        return _KERNEL if args else None
    if prog == "modprobe":
        return _KERNEL if "r" in _short(args) or "--remove" in args else None
    letters = _short(args)  # sysctl
    writes = ("--write", "--load", "--system")
    if letters & {"w", "p"} or any(a.split("=", 1)[0] in writes for a in args):
        return _KERNEL
    return _KERNEL if any("=" in a for a in _plain(args)) else None


def _machine(prog: str, args: tuple[str, ...]) -> str | None:
    low = {a.lower() for a in args}
    if "--help" in low or "/?" in low:  # (shutdown -h: halt, not help)
        return None
    if prog == "shutdown":
        return None if low & {"-c", "/a", "-k"} else _MACHINE  # (cancel; -k only warns)
    if prog in ("reboot", "poweroff", "halt"):
        return None if low & {"-w", "--wtmp-only"} else _MACHINE
    level = args[0].lower() if args else ""  # init, telinit
    if DYNAMIC in level:
        return _MACHINE + _COMPUTED
    return (
        _MACHINE
        if level in ("0", "1", "2", "3", "4", "5", "6", "s", "single", "emergency")
        else None
    )


#: where a program's action word is (among the words that are no option) and which ones stop
_VERB_AT: dict[str, tuple[int, frozenset[str], str]] = {
    "loginctl": (0, _LOGINCTL_VERBS, _ACCOUNTS),
    "service": (1, _STOP_VERBS, _SERVICE),
    "rc-service": (1, _STOP_VERBS, _SERVICE),
    "invoke-rc.d": (1, _STOP_VERBS, _SERVICE),
    "update-rc.d": (1, frozenset({"disable", "remove"}), _SERVICE),
    "chkconfig": (1, frozenset({"off"}), _SERVICE),
    "sv": (0, _SV_VERBS, _SERVICE),
    "launchctl": (0, _LAUNCHCTL_VERBS, _SERVICE),
}
_COMPUTED = " (its action is computed at run time)"
_STARTS = frozenset({"start", "restart", "try-restart", "reload-or-restart", "enqueue-marked-jobs"})
#: systemd's special targets that stop or restart the machine when started (systemd.special(7))
_MACHINE_TARGET_RE = re.compile(
    r"(?:poweroff|reboot|halt|kexec|shutdown|soft-reboot|rescue|emergency|suspend|hibernate"
    r"|hybrid-sleep|suspend-then-hibernate|sleep|ctrl-alt-del|exit)\.target"
)
#: D-Bus methods of logind and systemd that stop the machine, a service or a user's session,
#: called through busctl, dbus-send, gdbus or qdbus
_DBUS_RE = re.compile(
    r"(?:PowerOff|Reboot|Halt|KExec|Suspend|Hibernate|HybridSleep|SuspendThenHibernate"
    r"|StopUnit|KillUnit|RestartUnit|DisableUnitFiles|MaskUnitFiles|TerminateUser|KillUser"
    r"|TerminateSession|KillSession|TerminateSeat)\b"
)


def _dbus(prog: str, args: tuple[str, ...]) -> str | None:
    """A call of logind's or systemd's manager that stops the machine, a unit or a session
    (``busctl call org.freedesktop.login1 ... PowerOff b false``)."""
    text = " ".join(args)
    if "org.freedesktop.login1" not in text and "org.freedesktop.systemd1" not in text:
        return None
    m = _DBUS_RE.search(text)
    if m is None:
        return None
    name = m.group()
    if "Unit" in name:
        return _SERVICE
    return _ACCOUNTS if "User" in name or "Session" in name or "Seat" in name else _MACHINE


def _services(prog: str, args: tuple[str, ...]) -> str | None:
    """The action word stops or disables (fail closed: or it is computed at run time:
    ``systemctl $action "$unit"``)."""
    if prog == "systemctl":
        words = _plain(args, _SYSTEMCTL_VALUE)
        verb = words[0] if words else ""
        if "--when=cancel" in args or "--when cancel" in " ".join(args):
            return None  # (cancels a scheduled shutdown or reboot)
        if DYNAMIC in verb:
            return _SERVICE + _COMPUTED
        if verb in _STARTS and any(_MACHINE_TARGET_RE.fullmatch(w) for w in words[1:]):
            return _MACHINE  # (systemctl start poweroff.target: systemd.special(7))
        return _SYSTEMCTL_VERBS.get(verb)
    if prog == "chkconfig" and "--del" in args:
        return _SERVICE
    at, verbs, why = _VERB_AT[prog]
    words = _plain(args)
    verb = words[at] if len(words) > at else ""
    if prog in ("service", "rc-service", "invoke-rc.d") and verb in _RESTART_VERBS:
        return _RESTART
    if DYNAMIC in verb:
        return why + _COMPUTED
    return why if verb in verbs else None


def _by_name(prog: str, args: tuple[str, ...]) -> str | None:
    """pkill, killall, killall5, skill, slay: every kill by name or user; ``fuser -k``: every
    process using a file, a mount or a port."""
    if prog == "fuser":
        return _PROCESSES if "k" in _short(args) or "--kill" in args else None
    if not args and prog != "killall5":
        return None
    if set(args) & (_HELP | {"-l", "--list"}):
        return None
    for a, b in zip(args, (*args[1:], ""), strict=True):
        signal = b if a in ("-s", "--signal") else a.removeprefix("--signal=")
        if a.startswith("-") and _harmless(signal.lstrip("-")):
            return None  # (pkill -CONT, killall -s 0: no process ends)
    return _PROCESSES


_WINDOWS_CMDLETS = {
    **dict.fromkeys(("stop-service", "spsv", "suspend-service"), _SERVICE),
    **dict.fromkeys(("stop-computer", "restart-computer"), _MACHINE),
    "restart-service": _RESTART,
    **dict.fromkeys(("remove-localuser", "disable-localuser", "remove-aduser",
                     "disable-adaccount", "remove-localgroupmember"), _ACCOUNTS),
    **dict.fromkeys(("disable-netfirewallrule", "remove-netfirewallrule",
                     "disable-netfirewallprofile"), _FIREWALL),
    "disable-netadapter": _NETWORK,
}  # fmt: skip


def _windows(prog: str, args: tuple[str, ...]) -> str | None:
    """The Windows forms (cmd.exe programs and PowerShell cmdlets, as the parser names them):
    ``net stop``, ``net user NAME /delete``, ``sc stop|delete|config``, ``taskkill /im``,
    ``netsh advfirewall set ... off``, ``Stop-Service``, ``Stop-Computer``, ``Stop-Process``
    by name, ``Set-NetFirewallProfile -Enabled False``, ``Remove-LocalUser`` ..."""
    low = [a.lower() for a in args]
    words = [a for a in low if not a.startswith(("/", "-"))]
    if prog in _WINDOWS_CMDLETS:
        return _WINDOWS_CMDLETS[prog]
    if prog in ("net", "net1"):
        if words[:1] == ["stop"]:
            return _SERVICE
        gone = "/delete" in low or "/active:no" in low
        return _ACCOUNTS if words[:1] in (["user"], ["localgroup"]) and gone else None
    if prog == "bcdedit":  # (T1490: the boot's recovery turned off)
        recovery = {"recoveryenabled", "bootstatuspolicy"} & set(words)
        return _RECOVERY if "/set" in low and recovery else None
    if prog == "sc":
        verb = words[1:2] if words and words[0].startswith("\\\\") else words[:1]
        return _SERVICE if verb and verb[0] in ("stop", "delete", "config", "pause") else None
    if prog == "taskkill":  # (by image name or filter; /pid N is one process)
        return _PROCESSES if "/im" in low or "/fi" in low else None
    if prog == "netsh":
        changes = {"set", "reset", "delete", "add"} & set(words)
        return _FIREWALL if words[:1] in (["advfirewall"], ["firewall"]) and changes else None
    if prog in ("stop-process", "spps"):  # (by name, or what a pipeline gives it)
        return None if any(a.startswith("-id") for a in low) else _PROCESSES
    if prog in ("set-service", "set-netfirewallprofile", "set-netfirewallrule"):
        off = ("disabled", "stopped", "false", "$false", "-enabled:$false", "-enabled:false")
        return (_SERVICE if prog == "set-service" else _FIREWALL) if set(low) & set(off) else None
    return None


def _database_servers(prog: str, args: tuple[str, ...]) -> str | None:
    """A database server stopped by its own tool: ``pg_ctl stop|restart|kill``,
    ``pg_ctlcluster VER NAME stop|restart``, ``mysqladmin shutdown`` (``mariadb-admin``),
    ``redis-cli shutdown``: every client of the application loses its database."""
    words = [w.lower() for w in _plain(args, _DB_ADMIN_VALUE)]
    if prog == "pg_ctl":
        stops = words[:1] in (["stop"], ["restart"], ["kill"])
    elif prog == "pg_ctlcluster":
        stops = len(words) > 2 and words[2] in ("stop", "restart")
    else:
        stops = "shutdown" in words
    return _SERVICE if stops or any(DYNAMIC in w for w in words[:3]) else None


#: the database tools' options whose value is the next word (pg_ctl -D DIR, mysqladmin -u U,
#: redis-cli -h HOST)
_DB_ADMIN_VALUE = frozenset(
    {"-D", "--pgdata", "-l", "--log", "-m", "--mode", "-o", "--options", "-t", "--timeout",
     "-u", "--user", "-h", "--host", "-P", "--port", "-S", "--socket", "-p", "-a", "-n"}
)  # fmt: skip

_JUDGES = {
    **dict.fromkeys(("shutdown", "reboot", "poweroff", "halt", "init", "telinit"), _machine),
    **dict.fromkeys(("pg_ctl", "pg_ctlcluster", "mysqladmin", "mariadb-admin", "redis-cli"),
                    _database_servers),
    **dict.fromkeys(("systemctl", "loginctl", "service", "rc-service", "invoke-rc.d",
                     "update-rc.d", "chkconfig", "sv", "launchctl"), _services),
    **dict.fromkeys(("pkill", "killall", "killall5", "skill", "slay", "fuser"), _by_name),
    **dict.fromkeys(("ufw", "firewall-cmd", "firewall-offline-cmd", "pfctl"), _firewall),
    **dict.fromkeys(("ip", "ifconfig", "ifdown", "nmcli"), _network),
    **dict.fromkeys((*_ACCOUNT_PROGRAMS, "passwd", "chage", "crontab"), _accounts),
    **dict.fromkeys(("mount", "umount", "swapoff"), _disks),
    **dict.fromkeys(("sysctl", "modprobe", "rmmod"), _kernel),
    **dict.fromkeys(("busctl", "dbus-send", "gdbus", "qdbus"), _dbus),
    **dict.fromkeys((*_WINDOWS_CMDLETS, "net", "net1", "sc", "taskkill", "netsh", "stop-process",
                     "bcdedit",
                     "spps", "set-service", "set-netfirewallprofile", "set-netfirewallrule"),
                    _windows),
}  # fmt: skip


def system_disruption(prog: str, args: tuple[str, ...]) -> str | None:
    """What ``prog args`` stops (``systemctl stop: stops or disables a service``), or None."""
    if prog == "kill":
        why = _kill(args)
    elif prog in _IPTABLES or prog.endswith("tables-restore"):
        why = _FIREWALL if prog.endswith("-restore") else _iptables(args)
    elif prog == "nft":
        why = _nft(args)
    else:
        judge = _JUDGES.get(prog)
        why = judge(prog, args) if judge is not None else None
    if why is None:
        return None
    verb = _plain(args, _SYSTEMCTL_VALUE)[:1] if prog in ("systemctl", "loginctl") else []
    verb = [w for w in verb if DYNAMIC not in w]
    return f"{' '.join([prog, *verb])}: {why}"


#: ssh's options whose value is the next word (ssh(1))
_SSH_VALUE = frozenset(
    {"-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-e", "-m", "-O",
     "-S", "-W", "-w", "-E", "-B", "-Q", "-P", "-I"}
)  # fmt: skip


#: nsenter's options whose value is the next word (nsenter(1); the namespace options take
#: theirs only after ``=``)
_NSENTER_VALUE = frozenset({"-t", "--target", "-S", "--setuid", "-G", "--setgid", "-Z"})


def remote_line(prog: str, args: tuple[str, ...]) -> str | None:
    """The command line ``ssh [OPTIONS] HOST CMD...`` (or ``mosh HOST -- CMD``, or a cloud
    tool's: :func:`.remote_clis.cli_line`) runs on HOST
    (ssh joins the words with spaces and the remote shell reads them), or the command
    ``nsenter [OPTIONS] CMD...`` runs in another process's namespaces (``-t 1``: the host's,
    from a container), or None."""
    if (line := cli_line(prog, args)) is not None:  # (vagrant ssh -c, heroku run CMD...)
        return line
    if prog == "nsenter":
        words = _plain(args, _NSENTER_VALUE)
        return shlex.join(words) if words else None
    if prog not in ("ssh", "autossh", "mosh"):
        return None
    words = _from_host(args, _SSH_VALUE | ({"-M"} if prog == "autossh" else frozenset()))
    if words[1:2] == ["--"]:  # (mosh HOST -- CMD)
        words = [words[0], *words[2:]]
    return " ".join(words[1:]) if len(words) > 1 else None


def _options_end(args: tuple[str, ...], i: int, takes_value: frozenset[str]) -> tuple[int, bool]:
    """The index of the first word of ``args`` from ``i`` that is no option or value of one
    (getopt stops there), and whether a ``--`` ended the options (it is skipped). In a bundle
    the first letter that takes a value takes the rest of the word (``-ikey``) or, last, the
    next word (``-vp 22``)."""
    while i < len(args):
        a = args[i]
        if a == "--":
            return i + 1, True
        if not a.startswith("-") or len(a) < 2:
            return i, False
        at = next((k for k in range(1, len(a)) if "-" + a[k] in takes_value), 0)
        if a in takes_value or (not a.startswith("--") and at == len(a) - 1):
            i += 1
        i += 1
    return i, False


def _from_host(args: tuple[str, ...], takes_value: frozenset[str]) -> list[str]:
    """ssh's words from its host on, its options dropped: those before the host, and those
    right after it, which OpenSSH reads as its own too (ssh.c parses its options again after
    the host unless a ``--`` ended them: ``ssh db -t CMD``, ``ssh -o X=1 db -p 22 CMD``,
    ``ssh u@db -- CMD``); the command's own options stay as they are (``ssh db systemctl -i
    poweroff``: getopt stops at ``systemctl``, the ``-i`` is systemctl's)."""
    i, ended = _options_end(args, 0, takes_value)
    if i >= len(args):
        return []
    if ended:  # (ssh -- db -t CMD: -t is the command's)
        return list(args[i:])
    j, _ = _options_end(args, i + 1, takes_value)
    return [args[i], *args[j:]]


#: a System V init script run by its path (the parser names the program by its base name,
#: ``/etc/init.d/ssh stop`` as ``ssh``, so the command text is read)
_INIT_SCRIPT_RE = re.compile(
    r"/etc/(?:rc\.d/)?init\.d/[\w.@-]+\s+(?:stop|force-stop|kill|restart|reload|force-reload)\b"
)


def init_script_stop(text: str) -> str | None:
    """What ``/etc/init.d/NAME stop`` in ``text`` stops, or None."""
    if "init.d/" not in text or _INIT_SCRIPT_RE.search(text) is None:
        return None
    return f"/etc/init.d: {_SERVICE}"


_CHATTR_LOCK_RE = re.compile(r"[+=][a-zA-Z]*[ia][a-zA-Z]*")
_CHFLAGS_LOCK = ("schg", "uchg", "simmutable", "uimmutable", "sappnd", "uappnd", "sappend")
_NUMERIC_MODE_RE = re.compile(r"[0-7]{1,4}")
_SYMBOLIC_LOCK_RE = re.compile(r"[ugoa]*")


def _mode_locks(mode: str) -> bool:
    """``mode`` takes read from the file's owner (``000``, ``200``, ``a-r``, ``u=``, ``=``)."""
    if _NUMERIC_MODE_RE.fullmatch(mode):
        return int(mode.zfill(3)[-3]) < 4
    for part in mode.split(","):
        m = re.fullmatch(r"([ugoa]*)([-=+])([rwxXst]*)", part)
        if m is None:
            continue
        who, op, perms = m.groups()
        owner = not who or "u" in who or "a" in who
        if owner and ((op == "-" and "r" in perms) or (op == "=" and "r" not in perms)):
            return True
    return False


def locked_targets(prog: str, args: tuple[str, ...]) -> list[str]:
    """The files ``chmod``/``chattr``/``chflags`` make unreadable to their owner or
    unchangeable (immutable, append-only); the caller asks about those outside the project."""
    if prog == "chmod":
        words = [a for a in args if not a.startswith("--")]
        # a mode may start with "-" (chmod -r f): the first word that is no short option
        rest = [a for a in words if not re.fullmatch(r"-[RfvcH]+", a)]
        return rest[1:] if len(rest) > 1 and _mode_locks(rest[0]) else []
    if prog == "chattr":
        words = _plain(args, frozenset({"-v", "-p"}))
        modes = [a for a in args if _CHATTR_LOCK_RE.fullmatch(a)]
        return [w for w in words if not w.startswith(("+", "="))] if modes else []
    if prog == "chflags":
        words = _plain(args)
        if len(words) > 1 and any(f in words[0].split(",") for f in _CHFLAGS_LOCK):
            return words[1:]
    return []


#: partitioners, volume managers and Windows' disk cmdlets: what each destroys; with
#: :func:`disk_wipe` the caller denies them as ``mkfs``/``wipefs`` (``action.mkfs_dd``): the
#: file systems a partition table or a pool held are gone with it
_WIPES = "destroys a partition table, a volume or a pool (the file systems on it are lost)"
_PARTED_WIPE = frozenset({"rm", "mklabel", "mktable", "resizepart"})
_SFDISK_READ = frozenset(
    {"-l", "--list", "-d", "--dump", "-J", "--json", "-s", "--show-size", "-V", "--verify",
     "-g", "--show-geometry", "-G", "--show-pt-geometry", "-F", "--list-free", "-n",
     "--no-act", "-r", "--reorder", "-T", "--list-types", "--backup-pt-sectors"}
)  # fmt: skip
_SFDISK_PART = ("--part-type", "--part-uuid", "--part-label", "--part-attrs")
_ZFS_WIPE = {
    "zfs": frozenset({"destroy", "rollback"}),
    "zpool": frozenset({"destroy", "labelclear"}),
}
_DISK_CMDLETS = frozenset({"format-volume", "clear-disk", "remove-partition", "initialize-disk"})


def _sfdisk(args: tuple[str, ...]) -> bool:
    """sfdisk writes the partition table it reads on stdin (or ``--delete``s), but for its
    listing forms and a ``--part-*`` option given no new value."""
    if set(args) & (_SFDISK_READ | _HELP):
        return False
    plain = _plain(args, frozenset({"-N", "--partno", "-X", "--label", "-Y", "--label-nested",
                                    "-b", "--backup-file", "-o", "--output", "-w", "--wipe",
                                    "-W", "--wipe-partitions", "--color", "--lock"}))  # fmt: skip
    if any(a.startswith(_SFDISK_PART) for a in args):
        return len(plain) > 2  # (DEV N VALUE: sets it; DEV N: prints it)
    return bool(plain)


def disk_wipe(prog: str, args: tuple[str, ...]) -> str | None:
    """What ``prog args`` destroys (a partition table, a volume, a ZFS dataset or pool), or
    None: ``sgdisk -Z|-z|-o|-d``, ``parted DEV rm|mklabel|resizepart``, ``sfdisk DEV`` (the
    table from stdin, or ``--delete``), ``zfs destroy|rollback``,
    ``zpool destroy|labelclear``, ``lvremove``/``vgremove``/``pvremove``, ``cryptsetup
    erase``, ``mdadm --zero-superblock``, ``Format-Volume``, ``Clear-Disk``,
    ``Remove-Partition``. A dry run (``-n``, ``--test``) or a listing is none."""
    if set(args) & _HELP:
        return None
    why = f"{prog}: {_WIPES}"
    letters = _short(args)
    if prog == "sgdisk":
        long_ = {"--zap-all", "--zap", "--clear", "--delete"}
        wipes = letters & set("Zzod") or set(a.split("=", 1)[0] for a in args) & long_
        return why if wipes and "P" not in letters and "--pretend" not in args else None
    if prog == "parted":
        words = _plain(args, frozenset({"-a", "--align"}))
        return why if _PARTED_WIPE & {w.lower() for w in words[1:]} else None
    if prog == "sfdisk":
        return why if _sfdisk(args) else None
    if prog in _ZFS_WIPE:
        words = _plain(args)
        dry = "n" in letters
        return why if words[:1] and words[0] in _ZFS_WIPE[prog] and not dry else None
    if prog in ("lvremove", "vgremove", "pvremove"):
        return why if _plain(args) and "t" not in letters and "--test" not in args else None
    if prog == "cryptsetup":
        words = _plain(args)
        return why if words[:1] and words[0].lower() in ("erase", "lukserase") else None
    if prog == "mdadm":
        return why if "--zero-superblock" in args else None
    if prog in _DISK_CMDLETS:
        return why
    return _backups(prog, args)


_BACKUPS = "deletes the volume shadow copies or backups (what a restore would need)"


def _backups(prog: str, args: tuple[str, ...]) -> str | None:
    """Windows' backups deleted (MITRE ATT&CK T1490 Inhibit System Recovery): ``vssadmin
    delete shadows``, ``wmic shadowcopy delete``, ``wbadmin delete catalog|backup|...``."""
    words = [a.lower() for a in args if not a.startswith(("/", "-"))]
    if prog == "vssadmin" and words[:2] == ["delete", "shadows"]:
        return f"{prog}: {_BACKUPS}"
    if prog == "wmic" and words[:1] == ["shadowcopy"] and "delete" in words:
        return f"{prog}: {_BACKUPS}"
    if prog == "wbadmin" and words[:1] == ["delete"]:
        return f"{prog}: {_BACKUPS}"
    return None


#: the Windows programs and cmdlets :func:`system_disruption` reads, for the readings of a
#: cmd.exe line and of PowerShell text (which name them as the parser does a POSIX command)
WINDOWS_PROGRAMS = frozenset(
    {*_WINDOWS_CMDLETS, "net", "net1", "sc", "taskkill", "netsh", "stop-process", "spps",
     "set-service", "set-netfirewallprofile", "set-netfirewallrule", "shutdown",
     "restart-service", "bcdedit", "vssadmin", "wmic", "wbadmin", *_DISK_CMDLETS}
)  # fmt: skip
