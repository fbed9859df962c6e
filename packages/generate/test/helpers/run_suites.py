"""Test-only runner for @execret/generate's own tests (trusted fixture code only; NOT a sandbox).

Reads {"jobs": [{"code", "tests"}], "timeout_s"} on stdin; forks one child per job, runs the
asserts and prints one result per job: {"status", "tests"} with the release outcome vocabulary.
"""
import json
import os
import select
import signal
import sys
import time


class Timeout(BaseException):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def outcome_of(exc):
    if isinstance(exc, AssertionError):
        return "FAIL: %s" % exc if str(exc) else "FAIL"
    return "ERROR:%s: %s" % (type(exc).__name__, exc)


def run_suite(code, tests, timeout_s):
    signal.signal(signal.SIGALRM, on_alarm)
    ns = {"__name__": "__snippet__"}
    try:
        signal.setitimer(signal.ITIMER_REAL, timeout_s)
        exec(compile(code, "<snippet>", "exec"), ns)
        signal.setitimer(signal.ITIMER_REAL, 0)
    except Timeout:
        return ["TIMEOUT"] * len(tests)
    except BaseException as exc:  # noqa: BLE001 - every failure is an outcome
        signal.setitimer(signal.ITIMER_REAL, 0)
        return ["ERROR:%s: %s" % (type(exc).__name__, exc)] * len(tests)
    out = []
    for test in tests:
        if out and out[-1] == "TIMEOUT":
            out.append("TIMEOUT")  # the suite's time is spent: later asserts are not run
            continue
        try:
            signal.setitimer(signal.ITIMER_REAL, timeout_s)
            exec(compile(test, "<test>", "exec"), ns)
            signal.setitimer(signal.ITIMER_REAL, 0)
            out.append("pass")
        except Timeout:
            out.append("TIMEOUT")
        except BaseException as exc:  # noqa: BLE001
            signal.setitimer(signal.ITIMER_REAL, 0)
            out.append(outcome_of(exc))
    return out


def status_of(outcomes):
    """Same precedence as @execret/oracle: timeout > error > fail > pass."""
    if any(o == "TIMEOUT" for o in outcomes):
        return "timeout"
    if any(o.startswith("ERROR") for o in outcomes):
        return "error"
    if any(o.startswith("FAIL") for o in outcomes):
        return "fail"
    return "pass"


def run_job(job, timeout_s):
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            outcomes = run_suite(job["code"], job["tests"], timeout_s)
        except BaseException as exc:  # noqa: BLE001
            outcomes = ["ERROR:%s: %s" % (type(exc).__name__, exc)] * len(job["tests"])
        os.write(write_fd, json.dumps(outcomes).encode("utf-8"))
        os._exit(0)
    os.close(write_fd)
    chunks = []
    deadline = time.monotonic() + timeout_s * 3
    while True:
        remaining = deadline - time.monotonic()
        ready, _, _ = select.select([read_fd], [], [], max(remaining, 0))
        if not ready:
            os.kill(pid, signal.SIGKILL)
            break
        chunk = os.read(read_fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read_fd)
    os.waitpid(pid, 0)
    try:
        outcomes = json.loads(b"".join(chunks).decode("utf-8"))
    except ValueError:
        outcomes = ["TIMEOUT"] * len(job["tests"])
    return {"status": status_of(outcomes), "tests": outcomes}


def main():
    request = json.loads(sys.stdin.read())
    timeout_s = request.get("timeout_s", 1.0)
    results = [run_job(job, timeout_s) for job in request["jobs"]]
    sys.stdout.write(json.dumps({"results": results}))


if __name__ == "__main__":
    main()
