"""The server's settings (the JSON Node passes as the one argument) and what the server derives from them
once, at start-up, before the zygote is forked: so every job child inherits the result and repeats none
of it. ``setup`` fills the module's globals; the other modules read them as ``config.NAME``."""
import json
import os
import resource
import signal
import sys

from . import scratch
from .common import EXIT_SETUP, PR_SET_CHILD_SUBREAPER, PR_SET_PDEATHSIG, prctl

CFG = None
SERVER_PID = None
DROP = False
UID = None
GID = None
SUBREAPER = False
HAS_PIDFD = hasattr(os, "pidfd_open")
NPROC = 0
WORKDIR = "/"
PRELOAD_FAILED = []
PATH_FDS = set()
LITTER_DIRS = []
LITTER_ANY_OWNER = False
# Directories every job child covers with a private tmpfs of its own (see scratch), as bytes.
SCRATCH_DIRS = []
FD_HIGH = 64


def other_can_list(path):
    """True when a user that is neither owner nor group member can reach and list path."""
    p = os.path.realpath(path)
    try:
        if (os.stat(p).st_mode & 0o005) != 0o005:
            return False
        while p != "/":
            p = os.path.dirname(p)
            if not os.stat(p).st_mode & 0o001:
                return False
    except OSError:
        return True
    return True


def count_own_processes(uid):
    n = 0
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if os.stat("/proc/" + name).st_uid == uid:
                    n += 1
            except OSError:
                pass
    return n


def remap_import_paths():
    """Directories on sys.path that the sandbox uid cannot reach (e.g. an interpreter under /root) are
    opened here, as root, and every import path is rewritten to /proc/self/fd/<n>/...: the kernel lets a
    process follow its own descriptors whatever the permissions of the directories above, and the forked
    children inherit the descriptors under the same numbers. sys.path and the __path__ of every loaded
    package are rewritten once, before the zygote is forked, so on-demand imports (also of submodules
    such as encodings.idna) work."""
    remaps = []
    for entry in sys.path:
        if entry and os.path.isdir(entry) and not other_can_list(entry):
            fd = os.open(entry, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            PATH_FDS.add(fd)
            remaps.append((os.path.normpath(entry), "/proc/self/fd/%d" % fd))

    def remap(path):
        if not isinstance(path, str):
            return path
        for old, new in remaps:
            if path == old:
                return new
            if path.startswith(old + "/"):
                return new + path[len(old):]
        return path

    if remaps:
        sys.path[:] = [remap(p) for p in sys.path]
        for module in list(sys.modules.values()):
            paths = getattr(module, "__path__", None)
            if isinstance(paths, list):
                paths[:] = [remap(p) for p in paths]
        sys.path_importer_cache.clear()


def shared_scratch_dirs():
    """The host's world-writable scratch directories a job child running as the sandbox uid could write
    to and another process could read: /tmp, /var/tmp, /dev/shm, /run/lock (real paths, once each)."""
    dirs = []
    seen = set()
    for d in ("/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/var/lock"):
        try:
            real = os.path.realpath(d)
            if os.stat(real).st_mode & 0o002 and real not in seen:
                seen.add(real)
                dirs.append(real)
        except OSError:
            pass
    return dirs


def litter_dirs():
    """(litter, scratch): the directories untrusted code can write to that are cleaned after every job,
    and those every job child covers with a private tmpfs instead. Under bwrap the litter is the server's
    private /tmp (all entries). Under rlimit as root each job gets a private scratch on the host's
    world-writable directories when the kernel allows it (nothing to clean), else those directories are
    the litter (entries of the sandbox uid). Without root under rlimit there is neither (the job writes as
    the user)."""
    if CFG["isolation"] == "bwrap":
        return ["/tmp"], []
    if not DROP:
        return [], []
    dirs = shared_scratch_dirs()
    encoded = [d.encode() for d in dirs]
    if encoded and scratch.works(encoded, CFG["tmpfs_bytes"]):
        return [], encoded
    return dirs, []


def join_cgroups(fds):
    """Moves this process (the judge, before it forks anything) into the server's own control groups, through
    the descriptors of their cgroup.procs that Node opened (a server under bwrap cannot see the cgroup file
    systems): every process of every job is then in them, and their memory and process limits hold for a
    job as a whole. Failing to join is fatal: the oracle said the limits hold."""
    for fd in fds:
        try:
            os.write(fd, b"0")
            os.close(fd)
        except OSError as exc:
            sys.stderr.write("execret fork server: cannot join the server's control group: %s\n" % exc)
            sys.stderr.flush()
            os._exit(EXIT_SETUP)


def setup(settings):
    """Reads the settings and prepares the process: parent-death signal and parent check (rlimit), child
    subreaper, the NPROC allowance, preloaded modules, import paths, litter directories, fd range."""
    global CFG, SERVER_PID, DROP, UID, GID, SUBREAPER, NPROC, WORKDIR, LITTER_DIRS, LITTER_ANY_OWNER, FD_HIGH
    global SCRATCH_DIRS
    CFG = json.loads(settings)
    SERVER_PID = os.getpid()
    join_cgroups(CFG.get("cgroup_fds") or [])
    DROP = CFG["uid"] is not None and os.geteuid() == 0
    UID = CFG["uid"]
    GID = CFG["gid"]
    if CFG["isolation"] == "rlimit":
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if CFG.get("parent_pid") and os.getppid() != CFG["parent_pid"]:
            os._exit(EXIT_SETUP)
    SUBREAPER = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0
    if DROP:
        NPROC = CFG["nproc"]
    else:
        # The calling user's processes so far, the zygote, and the job's own allowance.
        NPROC = count_own_processes(os.getuid()) + 1 + CFG["nproc"]
    WORKDIR = "/tmp" if CFG["isolation"] == "bwrap" else "/"
    for name in CFG["preload"]:
        try:
            __import__(name)
        except BaseException:  # an unavailable module is reported, not fatal
            PRELOAD_FAILED.append(name)
    if DROP:
        remap_import_paths()
    LITTER_DIRS, SCRATCH_DIRS = litter_dirs()
    LITTER_ANY_OWNER = CFG["isolation"] == "bwrap"
    soft_nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    FD_HIGH = max(64, min(soft_nofile, 1024))
