"""Processes by their ids, from /proc: the children of a process, everything under it, and
whether one still runs (fault tests kill a browser, or check what outlives a stack)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
from pathlib import Path

from pageport.capture.browser_health import process_running


def _stat_fields(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name: state, parent id, ..."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # it ended meanwhile
        return None


def children(pid: int) -> dict[int, str]:
    """pid -> command line of each direct child of `pid`."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat_fields(entry.name)
        if fields is not None and int(fields[1]) == pid:
            found[int(entry.name)] = command_of(int(entry.name))
    return found


def command_of(pid: int) -> str:
    """`pid`'s command line ("" once it has ended)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def function_processes(stack_pid: int) -> dict[str, int]:
    """function name -> pid of each function process of the local stack `stack_pid`
    (devstack.function_host, whose one argument is its JSON spec)."""
    hosted = {}
    for child, command in children(stack_pid).items():
        if "devstack.function_host" in command:
            spec = json.loads(command.split("devstack.function_host", 1)[1].strip())
            hosted[spec["function"]] = child
    return hosted


def descendants(pids: list[int]) -> list[int]:
    """`pids` and every process under them."""
    found, frontier = list(pids), list(pids)
    while frontier:
        frontier = [child for pid in frontier for child in children(pid)]
        found += frontier
    return found


# Whether a process exists and has not ended (a zombie has): the capture watchdog's own test.
running = process_running


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
