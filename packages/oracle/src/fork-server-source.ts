/**
 * Source of the Python fork server, run as `python -I -c FORK_SERVER_SOURCE <config-json>`.
 *
 * The server is trusted code: it reads one JSON job per line on stdin, compiles the snippet and each
 * test in its own process, forks one child per job, and writes one JSON result per line on stdout.
 * Untrusted code only ever runs in the forked child, after the child has closed every inherited file
 * descriptor, moved stdio to /dev/null, started a new session, dropped to the sandbox uid (when the
 * server runs as root), set `no_new_privs`, a parent-death signal and its rlimits. The child reports
 * each test on a private pipe (duplicated to a random descriptor number) as frames
 * `nonce(16) | index(u16 LE) | length(u16 LE) | UTF-8 outcome`, then an end frame with index 0xFFFF;
 * the server validates every frame (nonce, order, vocabulary, size) and decides TIMEOUT, crashes and
 * early exits itself. After every job it kills the child's session and every orphaned descendant (it
 * is a child subreaper) and removes files the job left in writable directories.
 *
 * Kept as a string so that the package ships one self-contained artefact for ESM, CommonJS and the
 * sources alike. It must not contain backticks or dollar-brace sequences.
 *
 * @internal
 */
export const FORK_SERVER_SOURCE: string = String.raw`
# execret fork server: trusted code. Untrusted snippets only ever run in forked children.
# Protocol: one JSON job per line on fd 0, one JSON result per line on fd 1 (see fork-server.ts).
import builtins
import ctypes
import gc
import json
import os
import resource
import select
import shutil
import signal
import struct
import sys
import time

CFG = json.loads(sys.argv[1])
SERVER_PID = os.getpid()
LIBC = ctypes.CDLL(None, use_errno=True)
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
EXIT_SETUP = 113
EXIT_ESCAPED = 114
EXIT_FORKED = 115
DONE_INDEX = 0xFFFF
HEADER_BYTES = 20
MAX_PAYLOAD = 4000
ASSERTION_ERROR = AssertionError
TYPE_NAME = type.__dict__["__name__"].__get__
STR_ENCODE = str.encode
BYTES_DECODE = bytes.decode


def prctl(option, arg):
    return LIBC.prctl(ctypes.c_int(option), ctypes.c_ulong(arg), ctypes.c_ulong(0),
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
CHILDREN_FILE = "/proc/self/task/%d/children" % SERVER_PID
HAS_CHILDREN_FILE = os.path.exists(CHILDREN_FILE)
HAS_PIDFD = hasattr(os, "pidfd_open")
if DROP:
    NPROC = CFG["nproc"]
else:
    NPROC = count_own_processes(os.getuid()) + CFG["nproc"]
WORKDIR = "/tmp" if CFG["isolation"] == "bwrap" else "/"

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
# rewritten once, in the server, so on-demand imports (also of submodules such as encodings.idna) work.
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


def child_main(wfd, nonce, snippet, compiled, budget_s):
    """Runs in the forked child. Never returns: every path ends in os._exit."""
    _exit = os._exit
    try:
        os.setsid()
        devnull = os.open("/dev/null", os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        taken = PATH_FDS | {0, 1, 2, devnull, wfd}
        rfd = int.from_bytes(os.urandom(2), "little") % (FD_HIGH - 32) + 32
        while rfd in taken:
            rfd = rfd + 1 if rfd + 1 < FD_HIGH else 32
        os.dup2(wfd, rfd, inheritable=False)
        keep = sorted(PATH_FDS | {0, 1, 2, rfd})
        lo = 3
        for fd in keep:
            if fd >= lo:
                os.closerange(lo, fd)
                lo = fd + 1
        os.closerange(lo, 1 << 20)
        if DROP:
            os.setgroups([])
            os.setgid(GID)
            os.setuid(UID)
        if prctl(PR_SET_NO_NEW_PRIVS, 1) != 0 or prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0:
            _exit(EXIT_SETUP)
        if os.getppid() != SERVER_PID:
            _exit(EXIT_SETUP)
        cpu = int(budget_s) + 2
        limits = (
            (resource.RLIMIT_CORE, 0),
            (resource.RLIMIT_CPU, cpu),
            (resource.RLIMIT_AS, CFG["memory_bytes"]),
            (resource.RLIMIT_FSIZE, CFG["fsize_bytes"]),
            (resource.RLIMIT_NPROC, NPROC),
            (resource.RLIMIT_NOFILE, CFG["nofile"]),
        )
        for which, value in limits:
            resource.setrlimit(which, (value, value))
        os.chdir(WORKDIR)
    except BaseException:
        _exit(EXIT_SETUP)
    # Everything the reporting path needs is bound to locals here, before any untrusted code runs, and
    # the outcome strings are built inline from literals: monkeypatching builtins, modules, exception
    # classes or this module's globals afterwards cannot change what is reported (see README: threat model).
    _write = os.write
    _getpid = os.getpid
    _pack = struct.pack
    _encode = STR_ENCODE
    _decode = BYTES_DECODE
    _type = type
    _type_name = TYPE_NAME
    _str = str
    _issubclass = issubclass
    _assertion = ASSERTION_ERROR
    _exec = exec
    _builtins = builtins
    _settrace = sys.settrace
    _setprofile = sys.setprofile
    _max_payload = MAX_PAYLOAD
    _done = DONE_INDEX
    _exit_forked = EXIT_FORKED
    _exit_escaped = EXIT_ESCAPED
    cap = CFG["max_message_chars"]
    tests = tuple(compiled)
    me = _getpid()
    try:
        index = 0
        for code, error in tests:
            if code is None:
                out = error
            else:
                ns = {"__name__": "__main__", "__builtins__": _builtins}
                try:
                    _exec(snippet, ns)
                    _exec(code, ns)
                    out = "pass"
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
                    exc = None
                ns = None
                _settrace(None)
                _setprofile(None)
            if _getpid() != me:
                _exit(_exit_forked)
            payload = _encode(out, "utf-8", "replace")[:_max_payload]
            _write(rfd, nonce + _pack("<HH", index, len(payload)) + payload)
            index += 1
        _write(rfd, nonce + _pack("<HH", _done, 0))
    except BaseException:  # noqa: BLE001
        _exit(_exit_escaped)
    _exit(0)


def valid_outcome(text):
    return (text == "pass" or text == "FAIL" or text.startswith("FAIL: ")
            or (text.startswith("ERROR:") and len(text) > 6))


def kill_quietly(pid, sig=signal.SIGKILL):
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def list_children():
    """Pids of the live direct children of this server (orphans land here: we are a subreaper)."""
    if HAS_CHILDREN_FILE:
        with open(CHILDREN_FILE) as f:
            return [int(x) for x in f.read().split()]
    kids = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    stat = f.read()
                if int(stat[stat.rindex(")") + 2:].split()[1]) == SERVER_PID:
                    kids.append(int(name))
            except (OSError, ValueError):
                pass
    return kids


def sweep():
    """Kill and reap every remaining descendant; returns how many were found alive."""
    leftovers = 0
    for _ in range(10000):
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return leftovers
        kids = list_children()
        if not kids:
            time.sleep(0.001)
            continue
        leftovers += len(kids)
        if CFG["isolation"] == "bwrap":
            kill_quietly(-1)
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


def execute(snippet, compiled, deadline):
    """Fork one child for the compiled tests; returns (outcomes or None per test, notes)."""
    n = len(compiled)
    r, w = os.pipe()
    nonce = os.urandom(16)
    litter = litter_snapshot() if LITTER_DIRS else None
    pid = os.fork()
    if pid == 0:
        try:
            child_main(w, nonce, snippet, compiled, max(0.0, deadline - time.monotonic()))
        finally:
            os._exit(EXIT_ESCAPED)
    os.close(w)
    pidfd = None
    if HAS_PIDFD:
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:
            pidfd = None
    outcomes = [None] * n
    buf = bytearray()
    nxt = 0
    done = False
    problem = None
    timed_out = False
    exited = False
    status = None
    eof = False
    cap = n * (HEADER_BYTES + MAX_PAYLOAD) + HEADER_BYTES
    while True:
        while len(buf) >= HEADER_BYTES and problem is None and not done:
            if bytes(buf[:16]) != nonce:
                problem = "result frame without the job's nonce"
                break
            idx, ln = struct.unpack_from("<HH", buf, 16)
            if ln > MAX_PAYLOAD:
                problem = "result frame longer than allowed"
                break
            if len(buf) < HEADER_BYTES + ln:
                break
            payload = bytes(buf[HEADER_BYTES:HEADER_BYTES + ln])
            del buf[:HEADER_BYTES + ln]
            if idx == DONE_INDEX:
                if nxt != n or ln != 0:
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
                text = payload.decode("utf-8")
            except UnicodeDecodeError:
                problem = "result frame is not UTF-8"
                break
            if not valid_outcome(text):
                problem = "result frame outside the outcome vocabulary"
                break
            outcomes[idx] = text
            nxt += 1
        if done or problem is not None or exited:
            break
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        watch = [] if eof else [r]
        if pidfd is not None:
            watch.append(pidfd)
            ready = select.select(watch, [], [], remaining)[0]
        else:
            ready = select.select(watch, [], [], min(remaining, 0.02))[0] if watch else []
            if not watch:
                time.sleep(min(remaining, 0.02))
        if r in ready:
            chunk = os.read(r, 65536)
            if chunk:
                buf += chunk
                if len(buf) > cap:
                    problem = "report larger than allowed"
                    break
            else:
                eof = True
        if pidfd is not None:
            exited = pidfd in ready
        else:
            p, st = os.waitpid(pid, os.WNOHANG)
            if p:
                exited = True
                status = st
        if exited:
            # Drain what the child wrote before it exited (bounded: descendants may hold the pipe).
            for _ in range(64):
                if eof or not select.select([r], [], [], 0)[0]:
                    break
                chunk = os.read(r, 65536)
                if not chunk:
                    eof = True
                    break
                buf += chunk
                if len(buf) > cap:
                    problem = "report larger than allowed"
                    break
    # Whatever happened, the child's session and process are killed, then reaped.
    if not exited:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        kill_quietly(pid)
    if status is None:
        _p, status = os.waitpid(pid, 0)
    if pidfd is not None:
        os.close(pidfd)
    os.close(r)
    leftovers = sweep()
    notes = {}
    if leftovers:
        notes["killed_descendants"] = leftovers
    if litter is not None:
        removed = remove_litter(litter)
        if removed:
            notes["removed_files"] = removed
    if problem is not None:
        fill = "ERROR:ReportTampered: " + problem
        return [fill] * n, notes
    if done:
        return outcomes, notes
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
    return [o if o is not None else fill for o in outcomes], notes


def run_job(job):
    t0 = time.monotonic()
    deadline = t0 + job["timeout_ms"] / 1000.0
    tests = job["tests"]
    n = len(tests)
    cap = CFG["max_message_chars"]
    try:
        snippet = compile(job["code"], "<snippet>", "exec", dont_inherit=True, optimize=0)
    except BaseException as exc:  # noqa: BLE001 - SyntaxError, ValueError, RecursionError, ...
        return {"tests": [describe(exc, cap)] * n, "compiled": False}, t0
    compiled = []
    for t in tests:
        try:
            compiled.append((compile(t, "<test>", "exec", dont_inherit=True, optimize=0), None))
        except BaseException as exc:  # noqa: BLE001
            compiled.append((None, describe(exc, cap)))
    if all(c is None for c, _e in compiled):
        return {"tests": [e for _c, e in compiled]}, t0
    outcomes, notes = execute(snippet, compiled, deadline)
    # Tests that did not compile have a known outcome whatever the child did.
    outcomes = [e if c is None else o for (c, e), o in zip(compiled, outcomes)]
    result = {"tests": outcomes}
    result.update(notes)
    return result, t0


def serve():
    gc.collect()
    gc.freeze()
    emit({
        "type": "hello",
        "python": "%d.%d.%d" % sys.version_info[:3],
        "executable": sys.executable,
        "pid": SERVER_PID,
        "euid": os.geteuid(),
        "drop_uid": DROP,
        "subreaper": SUBREAPER,
        "children_file": HAS_CHILDREN_FILE,
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
