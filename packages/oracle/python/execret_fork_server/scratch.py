"""A private scratch per job under rlimit isolation as root: each job child, while it still is root and
before anything of a job reaches it, enters a mount and IPC namespace of its own and mounts an empty
size-limited tmpfs on every world-writable directory of the host it would otherwise share (/tmp,
/var/tmp, /dev/shm, ...). Whatever the job writes there, and the SysV IPC objects and POSIX message
queues it makes, exist only in those namespaces: they disappear with the job's last process, so nothing
reaches the next job, a job of another server, or the host, and nothing needs cleaning up.

The server probes it once at start-up (``works``); where the kernel or the container refuses (no
CAP_SYS_ADMIN), the zygote falls back to cleaning the host directories after each job (``cleaner``).
"""
import ctypes
import os

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_REC = 0x4000
MS_PRIVATE = 1 << 18


def bound_calls():
    """(unshare, mount): libc's functions, bound once (the child calls them with no lookup)."""
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.unshare, libc.mount


def enter(unshare, mount, dirs, tmpfs_bytes):
    """Gives the calling process its own mount and IPC namespaces and an empty tmpfs on each of dirs;
    returns False on the first failure (the caller exits: nothing untrusted has run)."""
    if unshare(CLONE_NEWNS | CLONE_NEWIPC) != 0:
        return False
    # Nothing mounted here propagates back to the host.
    if mount(None, b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        return False
    options = b"size=%d,mode=1777" % tmpfs_bytes
    for d in dirs:
        if mount(b"execret-scratch", d, b"tmpfs", MS_NOSUID | MS_NODEV, options) != 0:
            return False
    return True


def works(dirs, tmpfs_bytes):
    """Whether a forked process can enter a private scratch (the probe, run once by the server)."""
    unshare, mount = bound_calls()
    pid = os.fork()
    if pid == 0:
        ok = False
        try:
            ok = enter(unshare, mount, dirs, tmpfs_bytes)
        finally:
            os._exit(0 if ok else 1)
    _pid, status = os.waitpid(pid, 0)
    return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
