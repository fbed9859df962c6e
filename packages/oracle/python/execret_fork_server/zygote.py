"""The zygote, forked by the judge before the first job is read. It forks job children ahead of their
jobs, reaps them and sweeps up after them, and never receives anything of a job."""
import ctypes
import fcntl
import gc
import os
import resource
import select
import signal
import socket
import struct
import time

import _socket

from . import config
from .child import build_child
from .cleaner import cleaner_main
from .common import (
    EXIT_ESCAPED, EXIT_SETUP, PR_SET_CHILD_SUBREAPER, PR_SET_DUMPABLE, PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, prctl,
    set_name,
)

# Set in the zygote: the pid job children must have as parent, and whose children file lists them.
ZYGOTE_PID = None
CHILDREN_FILE = None
HAS_CHILDREN_FILE = False
# The fork the zygote uses for children and helpers (see choose_fork).
FORK = [os.fork]


def kill_quietly(pid, sig=signal.SIGKILL):
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def list_children():
    """Pids of the live direct children of the zygote (orphans land here: it is a subreaper)."""
    if HAS_CHILDREN_FILE:
        fd = os.open(CHILDREN_FILE, os.O_RDONLY)
        try:
            return [int(x) for x in os.read(fd, 1 << 16).split()]
        finally:
            os.close(fd)
    kids = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    stat = f.read()
                if int(stat[stat.rindex(")") + 2:].split()[1]) == ZYGOTE_PID:
                    kids.append(int(name))
            except (OSError, ValueError):
                pass
    return kids


def cpu_us(rusage):
    return int((rusage.ru_utime + rusage.ru_stime) * 1e6)


def reap(pid, options=0):
    """wait4: (pid or 0, status, CPU microseconds of the process, its threads and the children it waited for)."""
    p, st, rusage = os.wait4(pid, options)
    return p, st, (cpu_us(rusage) if p else 0)


def kill_sandbox_uid():
    """As root (under bwrap or rlimit): SIGKILL every process of the sandbox uid (in the pid namespace, under
    bwrap) at once, from a helper that has that uid: kill(-1) reaches exactly the processes a sender may
    signal, and the kernel sends it to all of them while no fork can complete, so a swarm that keeps forking
    (new sessions included) cannot outpace it. The uid is this server's alone (leased host-wide), so nothing
    else is reached."""
    pid = FORK[0]()
    if pid == 0:
        try:
            os.setgroups([])
            os.setgid(config.GID)
            os.setuid(config.UID)
            os.kill(-1, signal.SIGKILL)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def sweep(children):
    """Kills and reaps every descendant but the job children in the dict children (the spares, which are waiting
    for a job and have run nothing); returns (how many were found, alive or dead; their CPU microseconds). A
    spare that happens to be reaped here gets its status recorded."""
    leftovers = 0
    used = 0
    for _ in range(10000):
        try:
            while True:
                p, st, us = reap(-1, os.WNOHANG)
                if not p:
                    break
                if p in children:
                    if children[p]["status"] is None:
                        children[p]["status"] = st
                else:
                    leftovers += 1  # a descendant of the job that the session kill had already ended
                    used += us
        except ChildProcessError:
            return leftovers, used
        kids = [k for k in list_children() if k not in children]
        if not kids:
            return leftovers, used
        leftovers += len(kids)
        if config.DROP:
            kill_sandbox_uid()
        for k in kids:
            kill_quietly(k)
        for k in kids:
            try:
                used += reap(k)[2]
            except ChildProcessError:
                pass
    return leftovers, used


def litter_snapshot():
    snap = []
    for d in config.LITTER_DIRS:
        try:
            snap.append(os.stat(d).st_mtime_ns)
        except OSError:
            snap.append(None)
    return snap


def clean_litter():
    """Has the cleaner (``cleaner``: a throwaway process with the job's uid) remove what the job left in
    the litter directories; returns (removed, left). The zygote itself never reads a name a job chose (its
    memory is what every later job child inherits). A cleaner that overruns its time
    (``cleaner_timeout_ms`` of the settings) is killed and counts as having left something."""
    r, w = os.pipe()
    pid = FORK[0]()
    if pid == 0:
        try:
            os.close(r)
            cleaner_main(w)
        finally:
            os._exit(0)
    os.close(w)
    out = b""
    try:
        deadline = time.monotonic() + config.CFG["cleaner_timeout_ms"] / 1000.0
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([r], [], [], remaining)[0]:
                kill_quietly(pid)
                break
            chunk = os.read(r, 64)
            if not chunk:
                break
            out += chunk
    finally:
        os.close(r)
    os.waitpid(pid, 0)
    try:
        removed, left = (int(x) for x in out.split())
    except ValueError:
        return 0, 1
    return removed, left


SPARES_AHEAD = 3
# Pids the zygote finished on its own (the child exited): a later "K <pid>" for one of them is answered
# by the "finished" already sent.
RECENTLY_FINISHED = []


def choose_fork():
    """The fork the zygote uses: libc's fork() called with the GIL held (ctypes.PyDLL) when the zygote is
    single-threaded, which skips Python's at-fork hooks (random's reseeding, threading's bookkeeping: a
    few milliseconds of copy-on-write faults in every child, more than the fork itself, on machines with
    expensive page-table operations; a job child reseeds random itself), else os.fork."""
    try:
        if len(os.listdir("/proc/self/task")) == 1:
            return ctypes.PyDLL(None, use_errno=True).fork
    except (OSError, AttributeError):
        pass
    return os.fork


def zygote_spawn(ctl, child_main, fork):
    """Forks a job child (it sets itself up and waits for its job) and hands the judge its socket."""
    # Everything here runs once per job in the zygote, whose every page a fork has just made copy-on-write
    # again: as few objects and calls as possible (C-level sockets, no file objects).
    a, b = _socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    # Room for a whole report in the socket (the judge reads it when the child is done).
    for option in (SO_SNDBUFFORCE, socket.SO_SNDBUF):
        try:
            b.setsockopt(socket.SOL_SOCKET, option, REPORT_BUFFER_BYTES)
            break
        except OSError:
            pass
    judge_end = a.detach()
    child_end = b.detach()
    # The child's end on a random descriptor (the lowest free one from a random start).
    start = 32 + int.from_bytes(os.urandom(2), "little") % max(1, config.FD_HIGH - 64)
    rfd = fcntl.fcntl(child_end, fcntl.F_DUPFD, start)
    os.close(child_end)
    set_name(b"execret-spare")  # inherited by the child (cheaper than a first ctypes call in the child)
    forked_at = time.monotonic()
    pid = fork()
    if pid == 0:
        try:
            child_main(rfd, ZYGOTE_PID, forked_at)
        finally:
            os._exit(EXIT_ESCAPED)
    fork_us = int((time.monotonic() - forked_at) * 1e6)
    set_name(b"execret-zygote")
    os.close(rfd)
    try:
        ctl.sendmsg([b"spare %d %d" % (pid, fork_us)], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, _FD.pack(judge_end))])
    except OSError:
        # The judge is gone (it closes its end to shut down): so is this child, and the zygote.
        kill_quietly(pid)
        os.waitpid(pid, 0)
        os._exit(0)
    finally:
        os.close(judge_end)
    pidfd = None
    if config.HAS_PIDFD:
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:
            pidfd = None
    return {"pid": pid, "pidfd": pidfd, "status": None, "cpu_us": 0}


_socketpair = _socket.socketpair
SO_SNDBUFFORCE = getattr(socket, "SO_SNDBUFFORCE", 32)
REPORT_BUFFER_BYTES = 4 << 20
_FD = struct.Struct("i")


def zygote_finish(child, others):
    """Kills the child's session and the child, then every other descendant but the spares, and reaps
    them all; returns (exit status, descendants found alive, CPU microseconds of all of them)."""
    pid = child["pid"]
    if child["status"] is None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        kill_quietly(pid)
        _p, child["status"], child["cpu_us"] = reap(pid)
    else:
        try:
            os.killpg(pid, signal.SIGKILL)  # what is left of its session
        except OSError:
            pass
    if child["pidfd"] is not None:
        os.close(child["pidfd"])
    leftovers, used = sweep(others)
    return child["status"], leftovers, child["cpu_us"] + used


def prepare():
    """What every job child would otherwise repeat, done once in the zygote and inherited: stdio on
    /dev/null, the working directory, no_new_privs (the zygote never execs), the rlimits that cannot
    hurt the zygote itself (core dumps, file size)."""
    devnull = os.open("/dev/null", os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    os.chdir(config.WORKDIR)
    if prctl(PR_SET_NO_NEW_PRIVS, 1) != 0:
        os._exit(EXIT_SETUP)
    for which, value in ((resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, config.CFG["fsize_bytes"])):
        resource.setrlimit(which, (value, value))


def zygote_main(ctl):
    """The zygote's loop. Its memory is the judge's as of before the first job. It keeps SPARES_AHEAD job
    children forked ahead (set up and waiting for a job); when one exits, or on 'K <pid>', it kills that
    child's session and every other descendant but the spares, removes what the job left in the litter
    directories (through the cleaner) and sends 'finished <pid> <status> <leftovers> <removed> <left>'. It never receives anything of
    a job, and reads only pids, exit statuses and directory mtimes, so no job child inherits anything of
    any job."""
    global ZYGOTE_PID, CHILDREN_FILE, HAS_CHILDREN_FILE
    try:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != config.SERVER_PID:
            os._exit(EXIT_SETUP)
        set_name(b"execret-zygote")
        ZYGOTE_PID = os.getpid()
        if not config.DROP:
            # Same uid as the job children: keep them from ptrace-ing or reading the zygote's memory.
            prctl(PR_SET_DUMPABLE, 0)
        prctl(PR_SET_CHILD_SUBREAPER, 1)
        CHILDREN_FILE = "/proc/self/task/%d/children" % ZYGOTE_PID
        HAS_CHILDREN_FILE = os.path.exists(CHILDREN_FILE)
        prepare()
        child_main = build_child()
        fork = FORK[0] = choose_fork()
        gc.collect()
        gc.freeze()
        children = {}
        # The litter directories as they are between jobs (jobs run one at a time).
        litter = [litter_snapshot() if config.LITTER_DIRS else None]

        def finish(child):
            children.pop(child["pid"], None)
            status, leftovers, used = zygote_finish(child, children)
            removed = left = 0
            if litter[0] is not None and litter_snapshot() != litter[0]:
                removed, left = clean_litter()
                litter[0] = litter_snapshot()
            RECENTLY_FINISHED.append(child["pid"])
            del RECENTLY_FINISHED[:-8]
            # left > 0: the job's litter could not all be removed; the judge retires the server after
            # answering (its replacement starts clean), rather than let the next job see it.
            ctl.send(b"finished %d %d %d %d %d %d" % (child["pid"], status, leftovers, removed, left, used))

        while True:
            while len(children) < SPARES_AHEAD:
                child = zygote_spawn(ctl, child_main, fork)
                children[child["pid"]] = child
            watch = [ctl] + [c["pidfd"] for c in children.values() if c["pidfd"] is not None]
            polling = any(c["pidfd"] is None for c in children.values())
            ready = select.select(watch, [], [], 0.02 if polling else None)[0]
            for child in list(children.values()):
                if child["status"] is None and (child["pidfd"] is None or child["pidfd"] in ready):
                    p, st, us = reap(child["pid"], os.WNOHANG)
                    if p:
                        child["status"] = st
                        child["cpu_us"] = us
            if ctl in ready:
                msg = ctl.recv(64)
                parts = msg.split()
                if not msg or len(parts) != 2 or parts[0] != b"K":
                    for child in children.values():
                        if child["status"] is None:
                            kill_quietly(child["pid"])
                    sweep({})
                    os._exit(0 if not msg else EXIT_SETUP)
                pid = int(parts[1])
                if pid in children:
                    finish(children[pid])
                elif pid not in RECENTLY_FINISHED:
                    sweep({})
                    os._exit(EXIT_SETUP)
            # Children that exited (or that a sweep reaped): finish each, spares included.
            exited = [c for c in children.values() if c["status"] is not None]
            while exited:
                for child in exited:
                    finish(child)
                exited = [c for c in children.values() if c["status"] is not None]
    except BaseException:
        os._exit(EXIT_ESCAPED)
