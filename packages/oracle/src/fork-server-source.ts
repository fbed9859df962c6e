/**
 * Source of the Python fork server, run as `python -I -c FORK_SERVER_SOURCE <config-json>`.
 *
 * One source, three kinds of process (see the README, "Process structure"):
 * - the judge (spawned by Node; trusted): reads one JSON job per line on stdin, compiles the snippet,
 *   parses and plans each test (`split_assert`: an untrusted probe expression, and an expectation the
 *   judge keeps), sends a job child its job, validates the child's frames, compares reported values
 *   with expectations using Python's operators on rebuilt plain data, and writes one JSON result per
 *   line on stdout. It never executes untrusted code and, after the zygote, never forks;
 * - the zygote (forked by the judge before the first job is read; trusted): keeps two job children
 *   forked ahead, reports their exits, and on request kills a child's session and every descendant
 *   (it is a child subreaper). It never receives anything of a job, so job children inherit nothing of
 *   any job;
 * - job children (forked by the zygote): set themselves up (new session, stdio on /dev/null, every other
 *   descriptor closed, the socket to the judge on a random descriptor, rlimits), receive their job
 *   (snippet, probes or whole tests, nonce, CPU limit) from the judge, drop to the sandbox uid with
 *   `no_new_privs`, run untrusted code, and report each test as a frame
 *   `nonce(16) | index(u16) | kind(u8) | length(u32) | payload`, kind being an outcome string, a tagged
 *   JSON value, "not plain data" or the end.
 *
 * Kept as a string so that the package ships one self-contained artefact for ESM, CommonJS and the
 * sources alike. It must not contain backticks or dollar-brace sequences.
 *
 * @internal
 */
export const FORK_SERVER_SOURCE: string = String.raw`
# execret fork server: trusted code. Three kinds of process run this source:
# - the judge (the process Node spawned): reads jobs, compiles them, splits every assert it can into an
#   untrusted probe and a trusted expectation, and compares the values the children report;
# - the zygote (forked by the judge before the first job is read): forks one job child per request and
#   cleans up after it; it never receives anything of a job;
# - job children (forked by the zygote): receive the snippet and the probes from the judge on a private
#   socket, drop into the sandbox and run untrusted code.
# Protocol with Node: one JSON job per line on fd 0, one JSON result per line on fd 1 (see fork-server.ts).
import ast
import builtins
import ctypes
import gc
import json
import marshal
import os
import resource
import select
import shutil
import signal
import socket
import struct
import sys
import time

CFG = json.loads(sys.argv[1])
SERVER_PID = os.getpid()
LIBC = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_NAME = 15
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
EXIT_SETUP = 113
EXIT_ESCAPED = 114
EXIT_FORKED = 115
# Child -> judge frames: nonce(16) | index u16 | kind u8 | length u32 | payload.
FRAME = struct.Struct("<HBI")
HEADER_BYTES = 16 + FRAME.size
DONE_INDEX = 0xFFFF
KIND_OUTCOME = 0
KIND_VALUE = 1
KIND_UNSERIALIZABLE = 2
KIND_END = 3
# What a job child does with an item: run a whole test (and report its outcome), or evaluate a probe
# expression (and report its value, or the exception it raised).
MODE_RUN = 0
MODE_VALUE = 1
MAX_OUTCOME_BYTES = 4000
# Limits of a reported value: encoded size, nodes, nesting, set elements and dict keys.
MAX_VALUE_BYTES = 1 << 20
MAX_VALUE_NODES = 100000
MAX_VALUE_DEPTH = 100
MAX_VALUE_HASHED = 2000
# Set elements and dict keys the judge rebuilds per job (bounds the cost of hash collisions).
MAX_JOB_HASHED = 20000
MAX_REPORT_BYTES = 64 << 20
# Literal folding in the judge: largest int (bits) and sequence an expected value may be built up to.
MAX_CONST_BITS = 1 << 16
MAX_CONST_ITEMS = 1 << 16
PLAN_CACHE_SIZE = 4096
ASSERTION_ERROR = AssertionError
TYPE_NAME = type.__dict__["__name__"].__get__
STR_ENCODE = str.encode
BYTES_DECODE = bytes.decode


def prctl(option, arg):
    return LIBC.prctl(ctypes.c_int(option), ctypes.c_ulong(arg), ctypes.c_ulong(0),
                      ctypes.c_ulong(0), ctypes.c_ulong(0))


def set_name(name):
    LIBC.prctl(ctypes.c_int(PR_SET_NAME), ctypes.c_char_p(name), ctypes.c_ulong(0),
               ctypes.c_ulong(0), ctypes.c_ulong(0))


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def emit(obj):
    write_all(1, (json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii"))


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


DROP = CFG["uid"] is not None and os.geteuid() == 0
UID = CFG["uid"]
GID = CFG["gid"]
if CFG["isolation"] == "rlimit":
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if CFG.get("parent_pid") and os.getppid() != CFG["parent_pid"]:
        os._exit(EXIT_SETUP)
SUBREAPER = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0
HAS_PIDFD = hasattr(os, "pidfd_open")
if DROP:
    NPROC = CFG["nproc"]
else:
    # The calling user's processes so far, the zygote, and the job's own allowance.
    NPROC = count_own_processes(os.getuid()) + 1 + CFG["nproc"]
WORKDIR = "/tmp" if CFG["isolation"] == "bwrap" else "/"
# Set in the zygote: the pid job children must have as parent, and whose children file lists them.
ZYGOTE_PID = None
CHILDREN_FILE = None
HAS_CHILDREN_FILE = False

PRELOAD_FAILED = []
for name in CFG["preload"]:
    try:
        __import__(name)
    except BaseException as e:  # noqa: BLE001 - an unavailable module is reported, not fatal
        PRELOAD_FAILED.append(name)

# Directories on sys.path that the sandbox uid cannot reach (e.g. an interpreter under /root) are opened
# here, as root, and every import path is rewritten to /proc/self/fd/<n>/...: the kernel lets a process
# follow its own descriptors whatever the permissions of the directories above, and the forked children
# inherit the descriptors under the same numbers. sys.path and the __path__ of every loaded package are
# rewritten once, before the zygote is forked, so on-demand imports (also of submodules such as
# encodings.idna) work.
PATH_FDS = set()
if DROP:
    REMAP = []
    for entry in sys.path:
        if entry and os.path.isdir(entry) and not other_can_list(entry):
            fd = os.open(entry, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            PATH_FDS.add(fd)
            REMAP.append((os.path.normpath(entry), "/proc/self/fd/%d" % fd))

    def remap(path):
        if not isinstance(path, str):
            return path
        for old, new in REMAP:
            if path == old:
                return new
            if path.startswith(old + "/"):
                return new + path[len(old):]
        return path

    if REMAP:
        sys.path[:] = [remap(p) for p in sys.path]
        for module in list(sys.modules.values()):
            paths = getattr(module, "__path__", None)
            if isinstance(paths, list):
                paths[:] = [remap(p) for p in paths]
        sys.path_importer_cache.clear()

# Directories untrusted code can write to, cleaned after every job: the private tmpfs under bwrap (all
# entries), or without a mount namespace the host's world-writable directories (entries of the sandbox uid).
LITTER_DIRS = []
LITTER_ANY_OWNER = CFG["isolation"] == "bwrap"
if CFG["isolation"] == "bwrap":
    LITTER_DIRS = ["/tmp"]
elif DROP:
    seen = set()
    for d in ("/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/var/lock"):
        try:
            real = os.path.realpath(d)
            if os.stat(real).st_mode & 0o002 and real not in seen:
                seen.add(real)
                LITTER_DIRS.append(real)
        except OSError:
            pass

SOFT_NOFILE = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
FD_HIGH = max(64, min(SOFT_NOFILE, 1024))


def describe(exc, cap):
    """Outcome string for an exception: FAIL[: msg] for assertion errors, else ERROR:<Type>[: msg]."""
    try:
        name = TYPE_NAME(type(exc))
    except BaseException:
        name = "?"
    try:
        msg = str(exc)
        msg = BYTES_DECODE(STR_ENCODE(msg, "utf-8", "replace")[:cap], "utf-8", "ignore")
    except BaseException:
        msg = "<str() of the exception failed>"
    if issubclass(type(exc), ASSERTION_ERROR):
        return "FAIL: " + msg if msg else "FAIL"
    return "ERROR:" + name + ": " + msg if msg else "ERROR:" + name


class Unserializable(Exception):
    """A probe's value is not plain data (or exceeds the limits): the test is judged whole in a child."""


# ---------------------------------------------------------------------------------------------------
# Job child (forked by the zygote). Untrusted code runs here, and only here.
# ---------------------------------------------------------------------------------------------------

def read_exact(fd, n):
    chunks = []
    while n > 0:
        chunk = os.read(fd, min(n, 1 << 20))
        if not chunk:
            raise EOFError("job channel closed")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def child_main(chan):
    """Runs in the job child. Never returns: every path ends in os._exit. Forked ahead by the zygote, it
    sets itself up, waits (as root, running nothing untrusted) for its job from the judge, then drops to
    the sandbox uid and runs it."""
    _exit = os._exit
    try:
        if prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0 or os.getppid() != ZYGOTE_PID:
            _exit(EXIT_SETUP)
        os.setsid()
        devnull = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        taken = PATH_FDS | {0, 1, 2, devnull, chan}
        rfd = int.from_bytes(os.urandom(2), "little") % (FD_HIGH - 32) + 32
        while rfd in taken:
            rfd = rfd + 1 if rfd + 1 < FD_HIGH else 32
        os.dup2(chan, rfd, inheritable=False)
        keep = sorted(PATH_FDS | {0, 1, 2, rfd})
        lo = 3
        for fd in keep:
            if fd >= lo:
                os.closerange(lo, fd)
                lo = fd + 1
        os.closerange(lo, 1 << 20)
        limits = (
            (resource.RLIMIT_CORE, 0),
            (resource.RLIMIT_AS, CFG["memory_bytes"]),
            (resource.RLIMIT_FSIZE, CFG["fsize_bytes"]),
            (resource.RLIMIT_NPROC, NPROC),
            (resource.RLIMIT_NOFILE, CFG["nofile"]),
        )
        for which, value in limits:
            resource.setrlimit(which, (value, value))
        os.chdir(WORKDIR)
        # The job, from the judge: only the snippet and, per test, the whole test or just its probe; and
        # the CPU limit that goes with the job's budget.
        size = struct.unpack("<I", read_exact(rfd, 4))[0]
        nonce, snippet, items, cpu_s = marshal.loads(read_exact(rfd, size))
        set_name(b"execret-job")
        if DROP:
            os.setgroups([])
            os.setgid(GID)
            os.setuid(UID)
        # The uid change cleared the parent-death signal: set it again.
        if prctl(PR_SET_NO_NEW_PRIVS, 1) != 0 or prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0:
            _exit(EXIT_SETUP)
        if os.getppid() != ZYGOTE_PID:
            _exit(EXIT_SETUP)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s))
    except BaseException:
        _exit(EXIT_SETUP)
    # Everything the reporting path needs is bound to locals here, before any untrusted code runs, and
    # the outcome strings are built inline from literals: monkeypatching builtins, modules, exception
    # classes or this module's globals afterwards does not change what an honest child reports.
    _write = os.write
    _getpid = os.getpid
    _pack = FRAME.pack
    _encode = STR_ENCODE
    _decode = BYTES_DECODE
    _type = type
    _type_name = TYPE_NAME
    _str = str
    _len = len
    _issubclass = issubclass
    _assertion = ASSERTION_ERROR
    _exec = exec
    _eval = eval
    _builtins = builtins
    _settrace = sys.settrace
    _setprofile = sys.setprofile
    _memoryview = memoryview
    _unserializable = Unserializable
    _int_bits = int.bit_length
    _int_format = int.__format__
    _float_repr = float.__repr__
    _bytes_hex = bytes.hex
    _bytearray_hex = bytearray.hex
    _dict_items = dict.items
    _list_append = list.append
    _join = "".join
    _quote = json.encoder.encode_basestring_ascii
    _none_type = type(None)
    _bool, _int, _float, _complex, _str_t, _bytes, _bytearray = bool, int, float, complex, str, bytes, bytearray
    _list, _tuple, _set, _frozenset, _dict = list, tuple, set, frozenset, dict
    _max_outcome = MAX_OUTCOME_BYTES
    _max_bytes = MAX_VALUE_BYTES
    _max_nodes = MAX_VALUE_NODES
    _max_depth = MAX_VALUE_DEPTH
    _max_hashed = MAX_VALUE_HASHED
    _done = DONE_INDEX
    _k_outcome = KIND_OUTCOME
    _k_value = KIND_VALUE
    _k_unserializable = KIND_UNSERIALIZABLE
    _k_end = KIND_END
    _m_run = MODE_RUN
    _exit_forked = EXIT_FORKED
    _exit_escaped = EXIT_ESCAPED
    cap = CFG["max_message_chars"]
    me = _getpid()
    open_tags = {_list: '["l"', _tuple: '["t"', _set: '["S"', _frozenset: '["Z"'}

    def write_all(data):
        view = _memoryview(data)
        while view:
            view = view[_write(rfd, view):]

    def encode(value):
        """Tagged JSON of plain data (exact built-in types only); raises Unserializable otherwise."""
        parts = []
        counts = [0, 0, 0]  # nodes, set elements + dict keys, characters

        def put(text):
            counts[2] += _len(text)
            if counts[2] > _max_bytes:
                raise _unserializable()
            _list_append(parts, text)

        def enc(v, depth):
            t = _type(v)
            counts[0] += 1
            if counts[0] > _max_nodes or depth > _max_depth:
                raise _unserializable()
            if t is _none_type:
                put('["N"]')
            elif t is _bool:
                put('["T"]' if v else '["F"]')
            elif t is _int:
                if _int_bits(v) > 4 * _max_bytes:
                    raise _unserializable()
                put('["i","' + _int_format(v, "x") + '"]')
            elif t is _float:
                put('["f","' + _float_repr(v) + '"]')
            elif t is _complex:
                put('["c","' + _float_repr(v.real) + '","' + _float_repr(v.imag) + '"]')
            elif t is _str_t:
                if _len(v) > _max_bytes:
                    raise _unserializable()
                put('["s",' + _quote(v) + "]")
            elif t is _bytes:
                if 2 * _len(v) > _max_bytes:
                    raise _unserializable()
                put('["b","' + _bytes_hex(v) + '"]')
            elif t is _bytearray:
                if 2 * _len(v) > _max_bytes:
                    raise _unserializable()
                put('["B","' + _bytearray_hex(v) + '"]')
            elif t is _list or t is _tuple or t is _set or t is _frozenset:
                if t is _set or t is _frozenset:
                    counts[1] += _len(v)
                    if counts[1] > _max_hashed:
                        raise _unserializable()
                put(open_tags[t])
                for x in v:
                    put(",")
                    enc(x, depth + 1)
                put("]")
            elif t is _dict:
                counts[1] += _len(v)
                if counts[1] > _max_hashed:
                    raise _unserializable()
                put('["d"')
                for k, x in _dict_items(v):
                    put(",")
                    enc(k, depth + 1)
                    put(",")
                    enc(x, depth + 1)
                put("]")
            else:
                raise _unserializable()

        enc(value, 0)
        return _join(parts)

    try:
        index = 0
        for mode, code in items:
            ns = {"__name__": "__main__", "__builtins__": _builtins}
            kind = _k_outcome
            try:
                _exec(snippet, ns)
                if mode == _m_run:
                    _exec(code, ns)
                    out = "pass"
                else:
                    value = _eval(code, ns)
                    try:
                        out = encode(value)
                        kind = _k_value
                    except BaseException:  # noqa: BLE001 - not plain data, or beyond the limits
                        out = ""
                        kind = _k_unserializable
                    value = None
            except BaseException as exc:  # noqa: BLE001 - every exception is an outcome
                cls = _type(exc)
                try:
                    name = _type_name(cls)
                except BaseException:  # noqa: BLE001
                    name = "?"
                try:
                    msg = _decode(_encode(_str(exc), "utf-8", "replace")[:cap], "utf-8", "ignore")
                except BaseException:  # noqa: BLE001 - a hostile __str__ is still an outcome
                    msg = "<str() of the exception failed>"
                if _issubclass(cls, _assertion):
                    out = "FAIL: " + msg if msg else "FAIL"
                else:
                    out = "ERROR:" + name + ": " + msg if msg else "ERROR:" + name
                kind = _k_outcome
                exc = None
            ns = None
            _settrace(None)
            _setprofile(None)
            if _getpid() != me:
                _exit(_exit_forked)
            if kind == _k_value:
                payload = _encode(out, "ascii")
            else:
                payload = _encode(out, "utf-8", "replace")[:_max_outcome]
            write_all(nonce + _pack(index, kind, _len(payload)) + payload)
            index += 1
        write_all(nonce + _pack(_done, _k_end, 0))
    except BaseException:  # noqa: BLE001
        _exit(_exit_escaped)
    _exit(0)


# ---------------------------------------------------------------------------------------------------
# Zygote (forked by the judge before the first job). Forks job children, reaps and sweeps after them.
# ---------------------------------------------------------------------------------------------------

def kill_quietly(pid, sig=signal.SIGKILL):
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def list_children():
    """Pids of the live direct children of the zygote (orphans land here: it is a subreaper)."""
    if HAS_CHILDREN_FILE:
        with open(CHILDREN_FILE) as f:
            return [int(x) for x in f.read().split()]
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


def kill_sandbox_uid():
    """Under bwrap as root: SIGKILL every process of the sandbox uid in the pid namespace at once, from a
    helper that has that uid (kill(-1) reaches exactly the processes a sender may signal)."""
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([])
            os.setgid(GID)
            os.setuid(UID)
            os.kill(-1, signal.SIGKILL)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def sweep(children):
    """Kills and reaps every descendant but the job children in the dict children (the spares, which are waiting
    for a job and have run nothing); returns how many were found, alive or dead. A spare that happens to
    be reaped here gets its status recorded."""
    leftovers = 0
    for _ in range(10000):
        try:
            while True:
                p, st = os.waitpid(-1, os.WNOHANG)
                if not p:
                    break
                if p in children:
                    if children[p]["status"] is None:
                        children[p]["status"] = st
                        children[p]["report"] = True
                else:
                    leftovers += 1  # a descendant of the job that the session kill had already ended
        except ChildProcessError:
            return leftovers
        kids = [k for k in list_children() if k not in children]
        if not kids:
            return leftovers
        leftovers += len(kids)
        if DROP and CFG["isolation"] == "bwrap":
            kill_sandbox_uid()
        for k in kids:
            kill_quietly(k)
        for k in kids:
            try:
                os.waitpid(k, 0)
            except ChildProcessError:
                pass
    return leftovers


def litter_snapshot():
    snap = []
    for d in LITTER_DIRS:
        try:
            snap.append(os.stat(d).st_mtime_ns)
        except OSError:
            snap.append(None)
    return snap


def force_rmtree(path):
    """rmtree that first makes directories a job locked (chmod 000) traversable; never follows links."""
    try:
        shutil.rmtree(path)
        return
    except OSError:
        pass
    try:
        os.chmod(path, 0o700)
        for root, dirs, _files in os.walk(path):
            for d in dirs:
                p = os.path.join(root, d)
                if not os.path.islink(p):
                    os.chmod(p, 0o700)
    except OSError:
        pass
    shutil.rmtree(path, ignore_errors=True)


def remove_litter(before):
    removed = 0
    for d, mtime in zip(LITTER_DIRS, before):
        try:
            if os.stat(d).st_mtime_ns == mtime:
                continue
            with os.scandir(d) as it:
                entries = list(it)
        except OSError:
            continue
        for e in entries:
            try:
                st = e.stat(follow_symlinks=False)
                if not LITTER_ANY_OWNER and st.st_uid != UID:
                    continue
                if e.is_dir(follow_symlinks=False):
                    force_rmtree(e.path)
                else:
                    os.unlink(e.path)
                removed += 1
            except OSError:
                pass
    return removed


def clean_litter(before):
    """Removes what the job left in the litter directories, in a throwaway helper process: the zygote
    itself never reads a name a job child chose (its memory is what every later job child inherits)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            os.write(w, b"%d" % remove_litter(before))
        finally:
            os._exit(0)
    os.close(w)
    try:
        out = os.read(r, 32)
    finally:
        os.close(r)
    os.waitpid(pid, 0)
    try:
        return int(out)
    except ValueError:
        return 0


SPARES_AHEAD = 2


def zygote_spawn(ctl):
    """Forks a job child (it sets itself up and waits for its job) and hands the judge its socket."""
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    judge_end = a.detach()
    child_end = b.detach()
    set_name(b"execret-spare")  # inherited by the child (cheaper than a first ctypes call in the child)
    pid = os.fork()
    if pid == 0:
        try:
            child_main(child_end)
        finally:
            os._exit(EXIT_ESCAPED)
    set_name(b"execret-zygote")
    os.close(child_end)
    try:
        socket.send_fds(ctl, [b"spare %d" % pid], [judge_end])
    except OSError:
        # The judge is gone (it closes its end to shut down): so is this child, and the zygote.
        kill_quietly(pid)
        os.waitpid(pid, 0)
        os._exit(0)
    finally:
        os.close(judge_end)
    pidfd = None
    if HAS_PIDFD:
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:
            pidfd = None
    return {"pid": pid, "pidfd": pidfd, "status": None, "report": False}


def zygote_finish(child, others):
    """Kills the child's session and the child, then every other descendant but the spares, and reaps
    them all; returns (exit status, descendants found alive)."""
    pid = child["pid"]
    if child["status"] is None:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        kill_quietly(pid)
        _p, child["status"] = os.waitpid(pid, 0)
    if child["pidfd"] is not None:
        os.close(child["pidfd"])
    return child["status"], sweep(others)


def zygote_main(ctl):
    """The zygote's loop. Its memory is the judge's as of before the first job. It keeps SPARES_AHEAD job
    children forked ahead (set up and waiting for a job), reports their exits, and on 'K <pid>' kills and
    cleans up after that child and forks the next. It never receives anything of a job, and reads only
    pids, exit statuses and directory mtimes, so no job child inherits anything of any job."""
    global ZYGOTE_PID, CHILDREN_FILE, HAS_CHILDREN_FILE
    try:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != SERVER_PID:
            os._exit(EXIT_SETUP)
        set_name(b"execret-zygote")
        ZYGOTE_PID = os.getpid()
        if not DROP:
            # Same uid as the job children: keep them from ptrace-ing or reading the zygote's memory.
            prctl(PR_SET_DUMPABLE, 0)
        prctl(PR_SET_CHILD_SUBREAPER, 1)
        CHILDREN_FILE = "/proc/self/task/%d/children" % ZYGOTE_PID
        HAS_CHILDREN_FILE = os.path.exists(CHILDREN_FILE)
        devnull = os.open("/dev/null", os.O_RDWR)
        os.dup2(devnull, 0)
        os.dup2(devnull, 1)
        os.close(devnull)
        gc.collect()
        gc.freeze()
        children = {}
        # The litter directories as they are between jobs (jobs run one at a time).
        litter = litter_snapshot() if LITTER_DIRS else None
        while True:
            while len(children) < SPARES_AHEAD:
                child = zygote_spawn(ctl)
                children[child["pid"]] = child
            for child in children.values():
                if child["report"]:
                    child["report"] = False
                    ctl.send(b"exited %d %d" % (child["pid"], child["status"]))
            live = [c for c in children.values() if c["status"] is None]
            watch = [ctl] + [c["pidfd"] for c in live if c["pidfd"] is not None]
            polling = any(c["pidfd"] is None for c in live)
            ready = select.select(watch, [], [], 0.02 if polling else None)[0]
            for child in live:
                if child["pidfd"] is None or child["pidfd"] in ready:
                    p, st = os.waitpid(child["pid"], os.WNOHANG)
                    if p:
                        child["status"] = st
                        ctl.send(b"exited %d %d" % (p, st))
            if ctl in ready:
                msg = ctl.recv(64)
                parts = msg.split()
                if not msg or len(parts) != 2 or parts[0] != b"K" or int(parts[1]) not in children:
                    for child in children.values():
                        if child["status"] is None:
                            kill_quietly(child["pid"])
                    sweep({})
                    os._exit(0 if not msg else EXIT_SETUP)
                child = children.pop(int(parts[1]))
                status, leftovers = zygote_finish(child, children)
                removed = 0
                if litter is not None and litter_snapshot() != litter:
                    removed = clean_litter(litter)
                    litter = litter_snapshot()
                ctl.send(b"finished %d %d %d %d" % (child["pid"], status, leftovers, removed))
    except BaseException:
        os._exit(EXIT_ESCAPED)


# ---------------------------------------------------------------------------------------------------
# Judge (the process Node spawned). Never runs untrusted code and never forks a process that does.
# ---------------------------------------------------------------------------------------------------

class NotConstant(Exception):
    """An expression is not made only of literals (or would be too large to fold)."""


class BadReport(Exception):
    """A reported value is malformed: the channel was tampered with."""


class TooBig(Exception):
    """A reported value exceeds what the judge rebuilds per job: the test falls back to a child."""


PLAIN_CONSTANT = (type(None), bool, int, float, complex, str, bytes)
NUMBER = (bool, int, float, complex)
SEQUENCE = (str, bytes, tuple, list)
SINGLETONS = (None, True, False)


def int_bits(v):
    return v.bit_length() if type(v) in (bool, int) else 0


def fold(op, a, b):
    """a <op> b for literal values, refusing anything that could be large or slow to build."""
    ta, tb = type(a), type(b)
    if ta in NUMBER and tb in NUMBER:
        if op is ast.Pow and ta in (bool, int) and tb in (bool, int) and b > 0:
            if int_bits(a) > 1 and int_bits(a) * b > MAX_CONST_BITS:
                raise NotConstant()
        elif op is ast.Mult and int_bits(a) + int_bits(b) > MAX_CONST_BITS:
            raise NotConstant()
        elif op is ast.LShift and (tb not in (bool, int) or b > MAX_CONST_BITS or int_bits(a) + b > MAX_CONST_BITS):
            raise NotConstant()
    elif op is ast.Add and ta is tb and ta in SEQUENCE:
        pass
    elif op is ast.Mult and ((ta in SEQUENCE and tb in (bool, int)) or (tb in SEQUENCE and ta in (bool, int))):
        seq, n = (a, b) if ta in SEQUENCE else (b, a)
        if len(seq) * max(n, 0) > MAX_CONST_ITEMS:
            raise NotConstant()
    else:
        raise NotConstant()
    try:
        if op is ast.Add:
            return a + b
        if op is ast.Sub:
            return a - b
        if op is ast.Mult:
            return a * b
        if op is ast.Div:
            return a / b
        if op is ast.FloorDiv:
            return a // b
        if op is ast.Mod:
            return a % b
        if op is ast.Pow:
            return a ** b
        if op is ast.LShift:
            return a << b
        if op is ast.RShift:
            return a >> b
        if op is ast.BitAnd:
            return a & b
        if op is ast.BitOr:
            return a | b
        if op is ast.BitXor:
            return a ^ b
    except Exception:
        raise NotConstant()
    raise NotConstant()


def const_value(node, depth=0):
    """The value of an expression made only of literals (numbers, strings, bytes, True/False/None,
    tuples, lists, sets, dicts) and arithmetic on them, computed with Python's own operators; raises
    NotConstant for anything else. Names are never resolved (a snippet may rebind any of them)."""
    if depth > 100:
        raise NotConstant()
    t = type(node)
    if t is ast.Constant:
        if type(node.value) in PLAIN_CONSTANT:
            return node.value
        raise NotConstant()
    if t is ast.Tuple or t is ast.List or t is ast.Set:
        values = []
        for e in node.elts:
            if type(e) is ast.Starred:
                raise NotConstant()
            values.append(const_value(e, depth + 1))
        if t is ast.Tuple:
            return tuple(values)
        if t is ast.List:
            return values
        try:
            return set(values)
        except TypeError:
            raise NotConstant()
    if t is ast.Dict:
        d = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                raise NotConstant()
            key = const_value(k, depth + 1)
            try:
                d[key] = const_value(v, depth + 1)
            except TypeError:
                raise NotConstant()
        return d
    if t is ast.UnaryOp:
        v = const_value(node.operand, depth + 1)
        op = type(node.op)
        if op is ast.Not:
            return not v
        if type(v) not in NUMBER or (op is ast.Invert and type(v) not in (bool, int)):
            raise NotConstant()
        if op is ast.USub:
            return -v
        if op is ast.UAdd:
            return +v
        return ~v
    if t is ast.BinOp:
        return fold(type(node.op), const_value(node.left, depth + 1), const_value(node.right, depth + 1))
    raise NotConstant()


def compare(op, a, b):
    """a <op> b with Python's semantics; op is the name of an ast comparison operator."""
    if op == "Eq":
        return a == b
    if op == "NotEq":
        return a != b
    if op == "Lt":
        return a < b
    if op == "LtE":
        return a <= b
    if op == "Gt":
        return a > b
    if op == "GtE":
        return a >= b
    if op == "In":
        return a in b
    if op == "NotIn":
        return a not in b
    if op == "Is":
        return a is b
    return a is not b


def is_singleton(v):
    return v is None or v is True or v is False


def split_assert(tree):
    """How a test splits, or None when it must be judged whole in a child. Returns
    (probe node or None, judge, message), where judge is ("const", verdict), ("truth", polarity) or
    ("cmp", op, expected, expected_on_the_left), and message is None, ("lit", value) or ("expr", node)."""
    if len(tree.body) != 1 or type(tree.body[0]) is not ast.Assert:
        return None
    st = tree.body[0]
    test = st.test
    message = None
    if st.msg is not None:
        try:
            message = ("lit", const_value(st.msg))
        except NotConstant:
            message = ("expr", st.msg)
    try:
        return None, ("const", bool(const_value(test))), message
    except NotConstant:
        pass
    if type(test) is ast.Compare:
        if len(test.ops) != 1:
            return None
        op = type(test.ops[0]).__name__
        sides = []
        for node in (test.left, test.comparators[0]):
            try:
                sides.append((True, const_value(node)))
            except NotConstant:
                sides.append((False, node))
        (left_const, left), (right_const, right) = sides
        if left_const and right_const:
            if op in ("Is", "IsNot") and not (is_singleton(left) and is_singleton(right)):
                return None
            try:
                return None, ("const", bool(compare(op, left, right))), message
            except Exception:
                return None
        if left_const == right_const:
            return None
        expected, probe = (left, right) if left_const else (right, left)
        if op in ("Is", "IsNot") and not is_singleton(expected):
            return None
        return probe, ("cmp", op, expected, left_const), message
    if type(test) is ast.BoolOp:
        return None
    if type(test) is ast.UnaryOp and type(test.op) is ast.Not:
        inner = test.operand
        if type(inner) in (ast.Compare, ast.BoolOp) or (type(inner) is ast.UnaryOp and type(inner.op) is ast.Not):
            return None
        return inner, ("truth", False), message
    return test, ("truth", True), message


UNJUDGEABLE = "ERROR:Unjudgeable: the tested value is not plain data (judging 'split-strict' never runs a split test whole in a child)"
NONE_PROBE = compile("None", "<test>", "eval", dont_inherit=True, optimize=0)
PLAN_CACHE = {}


def plan_test(source):
    """Compiles a test once (plans are cached by source): {'error': outcome} when it does not compile,
    else {'tree': ast, 'full': code or None, 'split': None or (probe code, judge, message, assert node,
    probe node)}. The whole test is compiled at once unless it splits with a literal or no message: then
    it cannot fail to compile (its other parts are literals) and is compiled only if a fallback needs it."""
    plan = PLAN_CACHE.get(source)
    if plan is not None:
        return plan
    cap = CFG["max_message_chars"]
    try:
        tree = compile(source, "<test>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True, optimize=0)
        split = None
        try:
            found = split_assert(tree)
            if found is not None:
                probe, judge, message = found
                code = NONE_PROBE if probe is None else compile(
                    ast.Expression(body=probe), "<test>", "eval", dont_inherit=True, optimize=0)
                split = (code, judge, message, tree.body[0], probe)
        except BaseException:  # noqa: BLE001 - whatever cannot be split is judged whole
            split = None
        full = None
        if split is None or (split[2] is not None and split[2][0] == "expr"):
            full = compile(tree, "<test>", "exec", dont_inherit=True, optimize=0)
    except BaseException as exc:  # noqa: BLE001 - SyntaxError, ValueError, RecursionError, ...
        plan = {"error": describe(exc, cap)}
    else:
        plan = {"tree": tree, "full": full, "split": split}
    if len(PLAN_CACHE) >= PLAN_CACHE_SIZE:
        PLAN_CACHE.clear()
    PLAN_CACHE[source] = plan
    return plan


def full_code(plan):
    """The whole test's code (compiled on first use for tests that split)."""
    if plan["full"] is None:
        plan["full"] = compile(plan["tree"], "<test>", "exec", dont_inherit=True, optimize=0)
    return plan["full"]


def message_code(split):
    """For a failed test whose message is an expression: evaluate the probe again (its side effects may
    matter), then raise AssertionError(message). Only ever sent after the verdict is FAIL."""
    _code, _judge, message, node, probe = split
    body = []
    if probe is not None:
        body.append(ast.copy_location(ast.Expr(value=probe), node))
    body.append(ast.copy_location(ast.Assert(test=ast.Constant(value=False), msg=message[1]), node))
    tree = ast.fix_missing_locations(ast.Module(body=body, type_ignores=[]))
    return compile(tree, "<test>", "exec", dont_inherit=True, optimize=0)


def rebuild(o, depth, budget):
    """The value a tagged-JSON report stands for. No eval, no pickle: exact built-in types only."""
    if depth > MAX_VALUE_DEPTH + 1 or type(o) is not list or not o or type(o[0]) is not str:
        raise BadReport()
    tag = o[0]
    n = len(o)
    if n == 1:
        if tag == "N":
            return None
        if tag == "T":
            return True
        if tag == "F":
            return False
        if tag not in ("l", "t", "S", "Z", "d"):
            raise BadReport()
    try:
        if tag in ("i", "f", "s", "b", "B"):
            if n != 2 or type(o[1]) is not str:
                raise BadReport()
            s = o[1]
            if tag == "i":
                return int(s, 16)
            if tag == "f":
                return float(s)
            if tag == "s":
                return s
            if tag == "b":
                return bytes.fromhex(s)
            return bytearray.fromhex(s)
        if tag == "c":
            if n != 3 or type(o[1]) is not str or type(o[2]) is not str:
                raise BadReport()
            return complex(float(o[1]), float(o[2]))
        if tag in ("l", "t", "S", "Z"):
            items = [rebuild(x, depth + 1, budget) for x in o[1:]]
            if tag == "l":
                return items
            if tag == "t":
                return tuple(items)
            budget[0] -= len(items)
            if budget[0] < 0 or len(items) > MAX_VALUE_HASHED:
                raise TooBig()
            return set(items) if tag == "S" else frozenset(items)
        if tag == "d":
            if n % 2 != 1:
                raise BadReport()
            budget[0] -= n // 2
            if budget[0] < 0 or n // 2 > MAX_VALUE_HASHED:
                raise TooBig()
            d = {}
            for i in range(1, n, 2):
                key = rebuild(o[i], depth + 1, budget)
                d[key] = rebuild(o[i + 1], depth + 1, budget)
            return d
    except (ValueError, TypeError, OverflowError):
        raise BadReport()
    raise BadReport()


def decode_value(text, budget):
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError, MemoryError):
        raise BadReport()
    try:
        return rebuild(obj, 0, budget)
    except RecursionError:
        raise BadReport()


def verdict(judge, message, value, cap):
    """Outcome of a split test from its probe's value: only built-in operations on plain data, here in
    the judge. Returns (outcome, needs_message) where needs_message means 'FAIL, message to evaluate'."""
    kind = judge[0]
    try:
        if kind == "const":
            ok = judge[1]
        elif kind == "truth":
            ok = bool(value) if judge[1] else not value
        else:
            _k, op, expected, expected_left = judge
            ok = compare(op, expected, value) if expected_left else compare(op, value, expected)
            ok = bool(ok)
    except BaseException as exc:  # noqa: BLE001 - e.g. TypeError from '<' between int and str
        return describe(exc, cap), False
    if ok:
        return "pass", False
    if message is None:
        return "FAIL", False
    if message[0] == "lit":
        return describe(ASSERTION_ERROR(message[1]), cap), False
    return "FAIL", True


def valid_outcome(text):
    return (text == "pass" or text == "FAIL" or text.startswith("FAIL: ")
            or (text.startswith("ERROR:") and len(text) > 6))


CTL = None


def zygote_lost():
    sys.stderr.write("execret fork server: the zygote exited\n")
    sys.stderr.flush()
    os._exit(1)


def ctl_send(data):
    try:
        CTL.send(data)
    except OSError:
        zygote_lost()


def ctl_recv():
    try:
        msg, fds, _flags, _addr = socket.recv_fds(CTL, 256, 2)
    except OSError:
        zygote_lost()
    if not msg:
        zygote_lost()
    return msg.split(), fds


SPARES = []  # (pid, socket) of job children the zygote forked ahead, oldest first
DEAD = {}  # exit status of spares that exited before being used


def ctl_read_one():
    """Reads one control message; keeps spares and the exits of spares not in use, returns the rest."""
    parts, fds = ctl_recv()
    if len(parts) == 2 and parts[0] == b"spare" and len(fds) == 1:
        SPARES.append((int(parts[1]), fds[0]))
        return None
    for fd in fds:
        os.close(fd)
    if len(parts) == 3 and parts[0] == b"exited" and any(p == int(parts[1]) for p, _fd in SPARES):
        DEAD[int(parts[1])] = int(parts[2])
        return None
    return parts


def take_child():
    """The oldest live spare job child: (pid, socket). It was forked before this job was read. A spare
    that died while it waited (nothing of a job had reached it) is cleaned up and skipped."""
    while True:
        while not SPARES or select.select([CTL], [], [], 0)[0]:
            if ctl_read_one() is not None:
                zygote_lost()
        pid, chan = SPARES.pop(0)
        if pid not in DEAD:
            return pid, chan
        os.close(chan)
        del DEAD[pid]
        finish_child(pid)


def finish_child(pid):
    """Asks the zygote to kill and clean up after a child; returns (status, killed descendants, removed files)."""
    ctl_send(b"K %d" % pid)
    while True:
        parts = ctl_read_one()
        if parts is None or (len(parts) == 3 and parts[0] == b"exited" and int(parts[1]) == pid):
            continue
        if len(parts) != 5 or parts[0] != b"finished" or int(parts[1]) != pid:
            zygote_lost()
        return int(parts[2]), int(parts[3]), int(parts[4])


def execute(snippet, items, deadline):
    """Runs items [(mode, code)] in one job child; returns (reports, fill, problem, notes), where
    reports[k] is (kind, text) or None when the child did not report item k."""
    n = len(items)
    pid, chan = take_child()
    modes = [m for m, _c in items]
    nonce = os.urandom(16)
    cpu = int(max(0.0, deadline - time.monotonic())) + 2
    blob = marshal.dumps((nonce, snippet, tuple(items), cpu))
    try:
        write_all(chan, struct.pack("<I", len(blob)) + blob)
    except OSError:
        pass  # the child died while being set up: its exit status says why
    blob = None
    reports = [None] * n
    buf = bytearray()
    nxt = 0
    done = False
    problem = None
    timed_out = False
    exited = False
    status = None
    eof = False
    cap = min(MAX_REPORT_BYTES, n * (HEADER_BYTES + MAX_VALUE_BYTES) + HEADER_BYTES)
    while True:
        while len(buf) >= HEADER_BYTES and problem is None and not done:
            if bytes(buf[:16]) != nonce:
                problem = "result frame without the job's nonce"
                break
            idx, kind, ln = FRAME.unpack_from(buf, 16)
            if ln > (MAX_VALUE_BYTES if kind == KIND_VALUE else MAX_OUTCOME_BYTES):
                problem = "result frame longer than allowed"
                break
            if len(buf) < HEADER_BYTES + ln:
                break
            payload = bytes(buf[HEADER_BYTES:HEADER_BYTES + ln])
            del buf[:HEADER_BYTES + ln]
            if kind == KIND_END:
                if idx != DONE_INDEX or nxt != n or ln != 0:
                    problem = "end frame after %d of %d results" % (nxt, n)
                elif buf:
                    problem = "data after the end frame"
                else:
                    done = True
                break
            if idx != nxt:
                problem = "result frame %d out of order (expected %d)" % (idx, nxt)
                break
            try:
                text = payload.decode("utf-8" if kind == KIND_OUTCOME else "ascii")
            except UnicodeDecodeError:
                problem = "result frame is not UTF-8"
                break
            if kind == KIND_OUTCOME:
                if not valid_outcome(text):
                    problem = "result frame outside the outcome vocabulary"
                    break
                if modes[idx] == MODE_VALUE and text == "pass":
                    problem = "a pass reported for a test that is judged outside the child"
                    break
            elif kind == KIND_VALUE or kind == KIND_UNSERIALIZABLE:
                if modes[idx] != MODE_VALUE:
                    problem = "a value reported for a test that is judged in the child"
                    break
            else:
                problem = "result frame of unknown kind"
                break
            reports[idx] = (kind, text)
            nxt += 1
        if done or problem is not None or exited:
            break
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        watch = [CTL] if eof else [chan, CTL]
        ready = select.select(watch, [], [], remaining)[0]
        if chan in ready:
            chunk = os.read(chan, 1 << 20)
            if chunk:
                buf += chunk
                if len(buf) > cap:
                    problem = "report larger than allowed"
                    break
            else:
                eof = True
        if CTL in ready:
            parts = ctl_read_one()
            if parts is None:
                continue
            if len(parts) == 3 and parts[0] == b"exited" and int(parts[1]) == pid:
                exited = True
                status = int(parts[2])
            else:
                zygote_lost()
            # Drain what the child wrote before it exited (bounded: descendants may hold the socket).
            for _ in range(64):
                if eof or not select.select([chan], [], [], 0)[0]:
                    break
                chunk = os.read(chan, 1 << 20)
                if not chunk:
                    eof = True
                    break
                buf += chunk
                if len(buf) > cap:
                    problem = "report larger than allowed"
                    break
    # Whatever happened, the zygote kills the child's session, the child and every descendant.
    status, killed, removed = finish_child(pid)
    notes = {"killed_descendants": killed, "removed_files": removed}
    os.close(chan)
    if problem is not None:
        return reports, None, problem, notes
    if done:
        return reports, None, None, notes
    if timed_out:
        fill = "TIMEOUT"
    elif os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU:
            fill = "TIMEOUT"
        else:
            try:
                sname = signal.Signals(sig).name
            except ValueError:
                sname = "signal %d" % sig
            fill = "ERROR:ChildKilled: killed by %s before reporting" % sname
    else:
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
        if code == EXIT_SETUP:
            fill = "ERROR:OracleSetupError: the sandboxed child could not be set up"
        else:
            fill = "ERROR:ChildExited: exit status %d before reporting" % code
    return reports, fill, None, notes


def run_job(job):
    t0 = time.monotonic()
    deadline = t0 + job["timeout_ms"] / 1000.0
    tests = job["tests"]
    n = len(tests)
    cap = CFG["max_message_chars"]
    judging = job.get("judging", "split")
    split_mode = judging != "child"
    # split-strict: an expected value never leaves the judge, not even to a second child after the
    # verdict (no fallback for values that are not plain data, no evaluation of message expressions).
    strict = judging == "split-strict"
    plans = [plan_test(t) for t in tests]
    splits = [p.get("split") if split_mode else None for p in plans]
    judged = ["split" if s is not None else "child" for s in splits]
    try:
        snippet = compile(job["code"], "<snippet>", "exec", dont_inherit=True, optimize=0)
    except BaseException as exc:  # noqa: BLE001 - SyntaxError, ValueError, RecursionError, ...
        return {"tests": [describe(exc, cap)] * n, "judged": judged, "compiled": False}, t0
    outcomes = [p.get("error") for p in plans]
    todo = [i for i in range(n) if outcomes[i] is None]
    if not todo:
        return {"tests": outcomes, "judged": judged}, t0
    # Round 1: the snippet and, per test, its probe (split) or the whole test (child).
    items = [(MODE_VALUE, splits[i][0]) if splits[i] is not None else (MODE_RUN, full_code(plans[i])) for i in todo]
    reports, fill, problem, notes = execute(snippet, items, deadline)
    second = []  # (test index, item, 'fallback' | 'message')
    if problem is None:
        budget = [MAX_JOB_HASHED]
        for k, i in enumerate(todo):
            rep = reports[k]
            if rep is None:
                outcomes[i] = fill
                continue
            kind, text = rep
            if kind == KIND_OUTCOME:
                outcomes[i] = text
                continue
            judge, message = splits[i][1], splits[i][2]
            if kind == KIND_VALUE:
                try:
                    value = decode_value(text, budget)
                except TooBig:
                    kind = KIND_UNSERIALIZABLE
                except BadReport:
                    problem = "malformed value in a result frame"
                    break
                else:
                    if judge[0] == "const" and value is not None:
                        problem = "a value reported for a test without a probe"
                        break
                    outcome, needs_message = verdict(judge, message, value, cap)
                    value = None
                    outcomes[i] = outcome
                    if needs_message and not strict:
                        second.append((i, (MODE_RUN, message_code(splits[i])), "message"))
                    continue
            if strict:
                outcomes[i] = UNJUDGEABLE
                continue
            # Not plain data: this test is judged whole, in a second child (the first never saw it).
            judged[i] = "fallback"
            second.append((i, (MODE_RUN, full_code(plans[i])), "fallback"))
    if problem is None and second:
        if deadline - time.monotonic() <= 0:
            for i, _item, _why in second:
                outcomes[i] = "TIMEOUT"
        else:
            reports2, fill2, problem, notes2 = execute(snippet, [item for _i, item, _w in second], deadline)
            notes["killed_descendants"] += notes2["killed_descendants"]
            notes["removed_files"] += notes2["removed_files"]
            if problem is None:
                for k, (i, _item, why) in enumerate(second):
                    rep = reports2[k]
                    text = fill2 if rep is None else rep[1]
                    if why == "message" and text == "pass":
                        problem = "a pass reported for a failed assertion's message"
                        break
                    outcomes[i] = text
    if problem is not None:
        outcomes = [p.get("error") or "ERROR:ReportTampered: " + problem for p in plans]
    result = {"tests": outcomes, "judged": judged}
    for key, value in notes.items():
        if value:
            result[key] = value
    return result, t0


def serve():
    global CTL
    gc.collect()
    gc.freeze()
    # The zygote is forked before anything of a job has been read: its memory, and so every job child's,
    # holds the configuration and the preloaded modules, never a test, an expected value or a report.
    judge_end, zygote_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    zygote = os.fork()
    if zygote == 0:
        judge_end.close()
        zygote_main(zygote_end)
        os._exit(EXIT_ESCAPED)
    zygote_end.close()
    CTL = judge_end
    if not DROP:
        # Same uid as the job children: keep them from ptrace-ing or reading the judge's memory.
        prctl(PR_SET_DUMPABLE, 0)
    emit({
        "type": "hello",
        "python": "%d.%d.%d" % sys.version_info[:3],
        "executable": sys.executable,
        "pid": SERVER_PID,
        "zygote_pid": zygote,
        "euid": os.geteuid(),
        "drop_uid": DROP,
        "subreaper": SUBREAPER,
        "pidfd": HAS_PIDFD,
        "nproc": NPROC,
        "path_fds": len(PATH_FDS),
        "litter_dirs": LITTER_DIRS,
        "preload_failed": PRELOAD_FAILED,
        "vm_bytes": int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE"),
    })
    buf = bytearray()
    while True:
        nl = buf.find(b"\n")
        if nl < 0:
            chunk = os.read(0, 1 << 20)
            if not chunk:
                # End of input: the zygote sees its socket close and exits; reap it.
                CTL.close()
                os.waitpid(zygote, 0)
                return
            buf += chunk
            continue
        line = bytes(buf[:nl])
        del buf[:nl + 1]
        job = json.loads(line)
        # Acknowledge first: if this server dies from now on, Node blames this job, not the queued ones.
        write_all(1, b'{"type":"started","id":%d}\n' % job["id"])
        result, t0 = run_job(job)
        if os.getpid() != SERVER_PID:
            os._exit(EXIT_ESCAPED)
        result["type"] = "result"
        result["id"] = job["id"]
        result["duration_ms"] = round((time.monotonic() - t0) * 1000.0, 3)
        emit(result)


if os.getpid() == SERVER_PID:
    serve()
`;
