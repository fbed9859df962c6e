"""The judge: the process Node spawned. It reads jobs, compiles them, sends each job child only the
snippet and its probes, checks the child's frames and decides every split test itself. It never runs
untrusted code and, after the zygote, never forks a process that does."""
import gc
import json
import marshal
import os
import select
import signal
import socket
import struct
import sys
import time

from . import config
from .common import (
    DONE_INDEX, END_WORK, EXIT_ESCAPED, FRAME, HEADER_BYTES, KIND_END, KIND_OUTCOME, KIND_READY, KIND_UNSERIALIZABLE,
    KIND_VALUE, KIND_WORK_LIMIT, MAX_OUTCOME_BYTES, MAX_VALUE_BYTES, MODE_RUN, MODE_VALUE, PR_SET_DUMPABLE,
    READY_INDEX, describe, emit, prctl, write_all,
)
from .plan import full_code, message_code, plan_test
from .values import (
    MAX_JOB_CLASSES, UNJUDGEABLE_COST, UNJUDGEABLE_DATA, BadReport, NeedsChild, TooBig, TooCostly, decode_value,
    new_budget, unjudgeable, valid_outcome, verdict,
)
from .zygote import zygote_main

# Set elements and dict keys the judge rebuilds per job (bounds the cost of hash collisions).
MAX_JOB_HASHED = 20000
MAX_REPORT_BYTES = 64 << 20
# How often the judge reads a running child's socket (see execute).
DRAIN_S = 0.02
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


SPARES = []  # (pid, socket, fork microseconds) of job children the zygote forked ahead, oldest first
FINISHED = {}  # pid -> (exit status, descendants killed, files removed, CPU us), from the zygote's "finished"
# Set when a job's litter could not all be removed: the server answers that job and exits (see serve).
RETIRE = [False]


def ctl_read_one():
    """Reads one control message: keeps spares and finished children; returns anything else."""
    parts, fds = ctl_recv()
    if len(parts) == 3 and parts[0] == b"spare" and len(fds) == 1:
        SPARES.append((int(parts[1]), fds[0], int(parts[2])))
        return None
    for fd in fds:
        os.close(fd)
    if len(parts) == 7 and parts[0] == b"finished":
        FINISHED[int(parts[1])] = (int(parts[2]), int(parts[3]), int(parts[4]), int(parts[6]))
        if int(parts[5]) != 0:
            RETIRE[0] = True
        return None
    return parts


def take_child():
    """The oldest live spare job child: (pid, socket, fork microseconds). It was forked before this job was
    read. A spare that died while it waited (nothing of a job had reached it) is skipped."""
    while True:
        while not SPARES or select.select([CTL], [], [], 0)[0]:
            if ctl_read_one() is not None:
                zygote_lost()
        pid, chan, fork_us = SPARES.pop(0)
        if FINISHED.pop(pid, None) is None:
            return pid, chan, fork_us
        os.close(chan)


def wait_finished(pid, until):
    """Waits for the zygote's "finished <pid>" (until the monotonic time ``until``, or forever)."""
    while pid not in FINISHED:
        timeout = None if until is None else until - time.monotonic()
        if timeout is not None and timeout <= 0:
            return False
        if select.select([CTL], [], [], timeout)[0] and ctl_read_one() is not None:
            zygote_lost()
    return True


def finish_child(pid, done):
    """The child's (status, killed descendants, removed files, CPU microseconds of every process of the job)
    once the zygote has cleaned up after it.
    The zygote does so by itself when the child exits, which an honest child does right after its end
    frame; otherwise (a timeout, a problem, a child that does not exit) the judge asks for it with K."""
    if pid not in FINISHED and done:
        wait_finished(pid, time.monotonic() + 1.0)
    if pid not in FINISHED:
        ctl_send(b"K %d" % pid)
        wait_finished(pid, None)
    return FINISHED.pop(pid)


def drain(chan, buf, cap):
    """Reads what is on the child's socket now, without blocking (bounded); returns whether it is at
    its end (every holder of the other end is gone)."""
    while len(buf) <= cap and select.select([chan], [], [], 0)[0]:
        chunk = os.read(chan, 1 << 20)
        if not chunk:
            return True
        buf += chunk
    return False


SETUP_FAILED = "ERROR:OracleSetupError: the sandboxed child could not be set up"


def execute(snippet, items, deadline, work_limit=0):
    """Runs items [(mode, code)] in one job child; returns (reports, fill, problem, notes), where
    reports[k] is (kind, text) or None when the child did not report item k. Everything in notes is measured
    here or by the zygote, never taken from the child: the wall time spent waiting for a spare child (setup on
    the job's path) and from sending the job to the child's end or exit (job), the CPU time of every process
    and thread of the job (the zygote's wait4 of each), and whether the machinery failed (``infrastructure``:
    the child never said it was ready). The one figure the child gives, its count of line events under a work
    limit, is a claim kept as ``work`` for the caller; no decision here rests on it."""
    n = len(items)
    waited_from = time.monotonic()
    pid, chan, fork_us = take_child()
    modes = [m for m, _c in items]
    nonce = os.urandom(16)
    cpu = int(max(0.0, deadline - time.monotonic())) + 2
    blob = marshal.dumps((nonce, snippet, tuple(items), cpu, work_limit))
    sent = time.monotonic()
    try:
        write_all(chan, struct.pack("<I", len(blob)) + blob)
    except OSError:
        pass  # the child died while being set up: it never says it is ready
    blob = None
    reports = [None] * n
    buf = bytearray()
    nxt = 0
    done = False
    ready = None  # when the ready frame arrived
    ended = None  # when the end (or work-limit) frame arrived
    work_limited = False
    problem = None
    timed_out = False
    eof = False
    work = 0
    cap = min(MAX_REPORT_BYTES, n * (HEADER_BYTES + MAX_VALUE_BYTES) + 3 * HEADER_BYTES)
    while True:
        while len(buf) >= HEADER_BYTES and problem is None and not done and not work_limited:
            if bytes(buf[:16]) != nonce:
                problem = "result frame without the job's nonce"
                break
            idx, kind, ln = FRAME.unpack_from(buf, 16)
            if ready is None:
                if kind != KIND_READY or idx != READY_INDEX or ln != 0:
                    problem = "result frame before the child said it was ready"
                    break
                del buf[:HEADER_BYTES]
                ready = time.monotonic()
                continue
            if ln > (MAX_VALUE_BYTES if kind == KIND_VALUE else MAX_OUTCOME_BYTES):
                problem = "result frame longer than allowed"
                break
            if len(buf) < HEADER_BYTES + ln:
                break
            payload = bytes(buf[HEADER_BYTES:HEADER_BYTES + ln])
            del buf[:HEADER_BYTES + ln]
            if kind == KIND_END:
                if idx != DONE_INDEX or nxt != n or ln not in (0, END_WORK.size):
                    problem = "end frame after %d of %d results" % (nxt, n)
                elif buf:
                    problem = "data after the end frame"
                else:
                    done = True
                    ended = time.monotonic()
                    if ln:
                        work = END_WORK.unpack(payload)[0]
                break
            if kind == KIND_WORK_LIMIT:
                # The job says it spent its work limit: it can only lose by saying so (TIMEOUT from here on).
                if idx != DONE_INDEX or ln != 0 or work_limit <= 0:
                    problem = "work-limit frame of a job without a work limit"
                else:
                    work_limited = True
                    ended = time.monotonic()
                break
            if kind == KIND_READY:
                problem = "a second ready frame"
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
        if done or work_limited or problem is not None or pid in FINISHED:
            if pid in FINISHED and not done and not work_limited and problem is None and not eof:
                # The child is gone, and so is every descendant: what is left on the socket is all there is.
                drain(chan, buf, cap)
                eof = True
                if len(buf) > cap:
                    problem = "report larger than allowed"
                continue
            break
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        # The judge sleeps until the zygote says the child is gone (an honest child exits right after its
        # end frame), not on every frame: a wake-up per test costs more than the test on machines with
        # expensive context switches. Frames wait in the socket (crash-safe: a child's frames outlive it)
        # and are read every DRAIN_S, so that a large report never blocks the child for long.
        ready_fds = select.select([CTL], [], [], min(remaining, DRAIN_S))[0]
        if CTL in ready_fds and ctl_read_one() is not None:
            zygote_lost()
        if not eof:
            eof = drain(chan, buf, cap)
            if len(buf) > cap:
                problem = "report larger than allowed"
                break
    # Whatever happened, the zygote kills the child's session, the child and every descendant.
    waited = time.monotonic()
    if ended is None:
        ended = waited
    status, killed, removed, cpu_us = finish_child(pid, done and problem is None)
    notes = {"killed_descendants": killed, "removed_files": removed, "fork_us": fork_us,
             "setup_us": int((sent - waited_from) * 1e6), "run_us": int((ended - sent) * 1e6),
             "cleanup_us": int((time.monotonic() - waited) * 1e6), "cpu_us": cpu_us, "work": work,
             "work_limited": 0, "infrastructure": 0}
    os.close(chan)
    if ready is None:
        # Nothing of the job ran: whatever went wrong is the machinery's (never the snippet's, never cached).
        notes["infrastructure"] = 1
        return reports, SETUP_FAILED, None, notes
    if problem is not None:
        return reports, None, problem, notes
    if done:
        return reports, None, None, notes
    if timed_out:
        fill = "TIMEOUT"
    elif work_limited:
        # The job spent its work limit: like a budget that ran out (the caller asked for the limit).
        fill = "TIMEOUT"
        notes["work_limited"] = 1
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
        fill = "ERROR:ChildExited: exit status %d before reporting" % code
    return reports, fill, None, notes


def run_job(job):
    t0 = time.monotonic()
    deadline = t0 + job["timeout_ms"] / 1000.0
    tests = job["tests"]
    n = len(tests)
    cap = config.CFG["max_message_chars"]
    judging = job.get("judging", "split")
    split_mode = judging != "child"
    # split-strict: an expected value never leaves the judge, not even in the message of a failed assert
    # (no second child evaluates message expressions).
    strict = judging == "split-strict"
    plans = [plan_test(t, cap) for t in tests]
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
    work_limit = job.get("work_limit") or 0
    reports, fill, problem, notes = execute(snippet, items, deadline, work_limit)
    second = []  # (test index, item): messages of failed split tests, evaluated in a second child
    if problem is None:
        # Rebuilding values may take until the job's deadline plus the judge's share of the watchdog's grace:
        # a report that would need longer (huge arithmetic, many large values) is Unjudgeable, and the server
        # answers in time instead of being killed with every test of the job lost.
        budget = new_budget(MAX_JOB_HASHED, MAX_JOB_CLASSES,
                            max(deadline, time.monotonic()) + config.CFG["judge_grace_ms"] / 1000.0)
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
            if kind == KIND_UNSERIALIZABLE:
                outcomes[i] = UNJUDGEABLE_DATA
                continue
            try:
                value = decode_value(text, budget)
            except TooBig:
                outcomes[i] = UNJUDGEABLE_DATA
                continue
            except TooCostly:
                outcomes[i] = UNJUDGEABLE_COST
                continue
            except NeedsChild as trapped:
                outcomes[i] = unjudgeable(str(trapped), cap)
                continue
            except BadReport:
                problem = "malformed value in a result frame"
                break
            if judge[0] == "const" and value is not None:
                problem = "a value reported for a test without a probe"
                break
            outcome, needs_message = verdict(judge, message, value, cap)
            value = None
            outcomes[i] = outcome
            if needs_message and not strict:
                second.append((i, (MODE_RUN, message_code(splits[i]))))
    if problem is None and second:
        if deadline - time.monotonic() <= 0:
            for i, _item in second:
                outcomes[i] = "TIMEOUT"
        else:
            reports2, fill2, problem, notes2 = execute(snippet, [item for _i, item in second], deadline)
            for key, value in notes2.items():
                notes[key] += value
            if problem is None:
                for k, (i, _item) in enumerate(second):
                    rep = reports2[k]
                    text = fill2 if rep is None else rep[1]
                    if text == "pass":
                        problem = "a pass reported for a failed assertion's message"
                        break
                    outcomes[i] = text
    if problem is not None:
        outcomes = [p.get("error") or "ERROR:ReportTampered: " + problem for p in plans]
    result = {"tests": outcomes, "judged": judged}
    for key in ("killed_descendants", "removed_files"):
        if notes[key]:
            result[key] = notes[key]
    result["phases"] = {key: notes[key] for key in ("fork_us", "setup_us", "run_us", "cleanup_us")}
    result["cpu_us"] = notes["cpu_us"]
    if notes["infrastructure"]:
        result["infrastructure"] = True
    if work_limit > 0:
        # Whether the job spent its limit, and the line events the first child (the tests themselves) counted
        # itself: a claim passed on to the caller, on which nothing here (nor the cache) rests.
        if notes["work_limited"]:
            result["work_limited"] = True
            result["work"] = work_limit + 1
        else:
            result["work"] = notes["work"]
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
    if not config.DROP:
        # Same uid as the job children: keep them from ptrace-ing or reading the judge's memory.
        prctl(PR_SET_DUMPABLE, 0)
    emit({
        "type": "hello",
        "python": "%d.%d.%d" % sys.version_info[:3],
        "executable": sys.executable,
        "pid": config.SERVER_PID,
        "zygote_pid": zygote,
        "euid": os.geteuid(),
        "drop_uid": config.DROP,
        "subreaper": config.SUBREAPER,
        "pidfd": config.HAS_PIDFD,
        "nproc": config.NPROC,
        "path_fds": len(config.PATH_FDS),
        "litter_dirs": config.LITTER_DIRS,
        "scratch_dirs": [d.decode() for d in config.SCRATCH_DIRS],
        "preload_failed": config.PRELOAD_FAILED,
        "vm_bytes": int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE"),
    })
    buf = bytearray()
    pending = None  # the next job, already read and acknowledged
    while True:
        if pending is None:
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
            job = json.loads(bytes(buf[:nl]))
            del buf[:nl + 1]
            # Acknowledge first: if this server dies from now on, Node blames this job, not the queued ones.
            write_all(1, b'{"type":"started","id":%d}\n' % job["id"])
        else:
            job, pending = pending, None
        cpu = time.process_time()
        result, t0 = run_job(job)
        if os.getpid() != config.SERVER_PID:
            os._exit(EXIT_ESCAPED)
        result["type"] = "result"
        result["id"] = job["id"]
        result["duration_ms"] = round((time.monotonic() - t0) * 1000.0, 3)
        result.setdefault("phases", {})["judge_us"] = int((time.process_time() - cpu) * 1e6)
        if RETIRE[0]:
            # A job left what the cleaner could not remove: answer it, acknowledge nothing more (Node
            # resubmits what it had queued here) and exit, so that no later job sees it; the server's
            # replacement starts with an empty scratch.
            result["retired"] = True
            write_all(1, (json.dumps(result, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii"))
            CTL.close()
            os.waitpid(zygote, 0)
            return
        out = (json.dumps(result, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")
        # When the next job is already here, its acknowledgement goes out with this result (one write).
        nl = buf.find(b"\n")
        if nl >= 0:
            pending = json.loads(bytes(buf[:nl]))
            del buf[:nl + 1]
            out += b'{"type":"started","id":%d}\n' % pending["id"]
        write_all(1, out)
