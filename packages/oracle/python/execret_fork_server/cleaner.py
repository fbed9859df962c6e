"""The cleaner: a throwaway process the zygote forks after a job that changed a litter directory. It takes
the job's own uid first (when the server runs as root), so it never has more privilege than the job over
the names the job chose, then removes what the job left, iteratively (no recursion on a depth the job
chose) and through descriptors, one path component at a time, never following a link. It reports how
many entries it removed and how many are left; the zygote never reads a name a job chose.

Under bubblewrap a litter directory is the server's private /tmp: every entry is the job's and must go,
and one that cannot (or a cleaner that overruns its time) retires the server, whose tmpfs then disappears
with it. Under rlimit as root without a private scratch per job (see ``scratch``), it is a host directory:
only the top-level entries of the job's uid are the job's.
"""
import os
import stat

from . import config

# open() flags of a directory the cleaner enters: never through a symlink (O_NOFOLLOW on the one
# component opened, relative to the directory above).
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_PATH_FLAGS = os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC


def _identity(fd):
    st = os.fstat(fd)
    return st.st_dev, st.st_ino


def _own_full_access(fd):
    """Gives the owner rwx on the open directory fd when it lacks them (the job locked it)."""
    st = os.fstat(fd)
    if st.st_mode & 0o700 != 0o700:
        os.fchmod(fd, stat.S_IMODE(st.st_mode) | 0o700)


def _open_dir(parent_fd, name):
    """Opens the directory name in parent_fd without following a link; a directory the job made
    unreadable is first given back its owner's access, through a descriptor of that very inode."""
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)
    except PermissionError:
        pinned = os.open(name, _PATH_FLAGS, dir_fd=parent_fd)
        try:
            st = os.fstat(pinned)
            if not stat.S_ISDIR(st.st_mode):
                raise
            # chmod through /proc/self/fd acts on the pinned inode, not on whatever the name is now.
            os.chmod("/proc/self/fd/%d" % pinned, stat.S_IMODE(st.st_mode) | 0o700)
        finally:
            os.close(pinned)
        return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)


def remove_entry(top_fd, name):
    """Removes the entry name of the directory top_fd and everything below it; returns (removed, stuck).

    Iterative: one descriptor open at a time (the current directory), climbing back with ``..`` checked
    against the recorded identity of the directory above, so neither the depth of a tree nor a rename
    during the walk can make it act anywhere else; unlink and rmdir never follow links."""
    removed = 0
    stuck = 0
    try:
        os.unlink(name, dir_fd=top_fd)
        return 1, 0
    except IsADirectoryError:
        pass
    except FileNotFoundError:
        return 0, 0
    except OSError:
        return 0, 1
    try:
        fd = _open_dir(top_fd, name)
    except OSError:
        return 0, 1
    top_identity = _identity(top_fd)
    # One level per directory being emptied: [identity, its name in the level above, names left].
    levels = []
    try:
        _own_full_access(fd)
        levels.append([_identity(fd), name, os.listdir(fd)])
        while levels:
            todo = levels[-1][2]
            if todo:
                child = todo.pop()
                try:
                    os.unlink(child, dir_fd=fd)
                    removed += 1
                    continue
                except IsADirectoryError:
                    pass
                except FileNotFoundError:
                    continue
                except OSError:
                    stuck += 1
                    continue
                try:
                    child_fd = _open_dir(fd, child)
                except OSError:
                    stuck += 1
                    continue
                os.close(fd)
                fd = child_fd
                try:
                    _own_full_access(fd)
                    levels.append([_identity(fd), child, os.listdir(fd)])
                except OSError:
                    stuck += 1
                    levels.append([_identity(fd), child, []])
                continue
            _identity_done, done_name, _empty = levels.pop()
            above = levels[-1][0] if levels else top_identity
            parent_fd = os.open("..", _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = parent_fd
            if _identity(fd) != above:
                # Moved under the cleaner: stop here rather than act somewhere else.
                return removed, stuck + 1
            try:
                os.rmdir(done_name, dir_fd=fd)
                removed += 1
            except OSError:
                stuck += 1
    finally:
        os.close(fd)
    return removed, stuck


def clean(litter_dirs, any_owner, uid):
    """Removes the job's entries of each litter directory; returns (removed, left), left counting the
    entries that should be gone and are not (any entry under bubblewrap, the uid's own under rlimit)."""
    removed = 0
    for d in litter_dirs:
        try:
            top = os.open(d, _DIR_FLAGS)
        except OSError:
            continue
        try:
            for name in os.listdir(top):
                try:
                    st = os.stat(name, dir_fd=top, follow_symlinks=False)
                except OSError:
                    continue
                if any_owner or st.st_uid == uid:
                    removed += remove_entry(top, name)[0]
        finally:
            os.close(top)
    return removed, count_left(litter_dirs, any_owner, uid)


def count_left(litter_dirs, any_owner, uid):
    left = 0
    for d in litter_dirs:
        try:
            top = os.open(d, _DIR_FLAGS)
        except OSError:
            continue
        try:
            for name in os.listdir(top):
                try:
                    if any_owner or os.stat(name, dir_fd=top, follow_symlinks=False).st_uid == uid:
                        left += 1
                except OSError:
                    pass
        finally:
            os.close(top)
    return left


def cleaner_main(out_fd):
    """The cleaner process: takes the job's uid (as root), cleans, writes "<removed> <left>" on out_fd and
    exits. Anything unexpected reports one entry left, so the zygote treats the directory as dirty."""
    removed, left = 0, 1
    try:
        if config.DROP:
            os.setgroups([])
            os.setgid(config.GID)
            os.setuid(config.UID)
        removed, left = clean(config.LITTER_DIRS, config.LITTER_ANY_OWNER, config.UID)
    except BaseException:
        left = max(left, 1)
    try:
        os.write(out_fd, b"%d %d" % (removed, left))
    finally:
        os._exit(0)
