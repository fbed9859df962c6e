"""Independent check of a propagated-bug dataset (built with @execret/generate's `bugCopies`).

    python3 check_copies.py <dataset dir> [<node executable>]

Written apart from the build (plain Python, no execret code): reads data/corpus.jsonl, data/queries.jsonl and
data/distractor_metadata.jsonl; for every distractor whose metadata row has `copy_of`, runs the copy and its
original against the query's tests and compares their outcomes test by test. Python snippets run here, each in a
forked child, every test on a fresh namespace holding the snippet (outcomes `pass`, `FAIL[: msg]`,
`ERROR:<Type>[: msg]`, `TIMEOUT` after 2 s); JavaScript snippets are sent to check_copies_js.mjs (plain node,
`node:vm` and `node:assert/strict`); TypeScript snippets are counted as skipped. It also checks that each copy's
code differs from every other snippet of its pool, that it has its original's bug type, and that the copies of a
query's copied distractor (with the original) outnumber its other distractors. Prints one JSON object and exits
0 when nothing disagrees. Trusted test data only: this is not a sandbox.
"""
import json
import os
import select
import signal
import subprocess
import sys


class Timeout(BaseException):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def outcome_of(exc):
    message = str(exc)
    if isinstance(exc, AssertionError):
        return "FAIL: " + message if message else "FAIL"
    return "ERROR:%s: %s" % (type(exc).__name__, message) if message else "ERROR:" + type(exc).__name__


def run_tests(code, tests):
    signal.signal(signal.SIGALRM, on_alarm)
    out = []
    for test in tests:
        namespace = {"__name__": "__main__"}
        try:
            signal.setitimer(signal.ITIMER_REAL, 2.0)
            exec(compile(code, "<snippet>", "exec"), namespace)
            exec(compile(test, "<test>", "exec"), namespace)
            signal.setitimer(signal.ITIMER_REAL, 0)
            out.append("pass")
        except Timeout:
            out.append("TIMEOUT")
        except BaseException as exc:  # every failure is an outcome
            signal.setitimer(signal.ITIMER_REAL, 0)
            out.append(outcome_of(exc))
    return out


def run_python(code, tests):
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            payload = json.dumps(run_tests(code, tests))
        except BaseException as exc:  # noqa: BLE001
            payload = json.dumps(["ERROR:harness: %s" % exc] * len(tests))
        os.write(write_fd, payload.encode("utf-8"))
        os._exit(0)
    os.close(write_fd)
    chunks = []
    while True:
        ready, _, _ = select.select([read_fd], [], [], 2.5 * len(tests) + 5)
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
        return json.loads(b"".join(chunks).decode("utf-8"))
    except ValueError:
        return ["TIMEOUT"] * len(tests)


def run_javascript(jobs, node):
    if not jobs:
        return []
    harness = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_copies_js.mjs")
    done = subprocess.run([node, harness], input=json.dumps(jobs), capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    root = sys.argv[1]
    node = sys.argv[2] if len(sys.argv) > 2 else "node"
    corpus = {row["corpus_id"]: row for row in read_jsonl(os.path.join(root, "data", "corpus.jsonl"))}
    queries = {row["query_id"]: row for row in read_jsonl(os.path.join(root, "data", "queries.jsonl"))}
    meta = read_jsonl(os.path.join(root, "data", "distractor_metadata.jsonl"))
    copies = [m for m in meta if m.get("copy_of")]
    report = {"copies": len(copies), "originals": len(set(m["copy_of"] for m in copies)), "tests_compared": 0,
              "skipped": 0, "disagreements": [], "not_distinct": [], "wrong_bug_type": [], "no_majority": []}
    pairs = []
    for m in copies:
        query = queries[m["query_id"]]
        copy, original = corpus[m["corpus_id"]], corpus[m["copy_of"]]
        pool = query["correct_corpus_ids"] + query["paired_distractor_corpus_ids"]
        if any(corpus[other]["code"] == copy["code"] for other in pool if other != m["corpus_id"]):
            report["not_distinct"].append(m["corpus_id"])
        if copy.get("bug_type") != original.get("bug_type"):
            report["wrong_bug_type"].append(m["corpus_id"])
        pairs.append((m, query, copy, original))
    for query in queries.values():
        paired = query["paired_distractor_corpus_ids"]
        copied = [m for m in copies if m["query_id"] == query["query_id"]]
        if not copied:
            continue
        bug = 1 + len(copied)
        if bug <= len(paired) - bug:
            report["no_majority"].append(query["query_id"])
    js_pairs = []
    for m, query, copy, original in pairs:
        language = copy.get("language", "python")
        if language == "python":
            compare(report, m, run_python(original["code"], query["test_suite"]),
                    run_python(copy["code"], query["test_suite"]))
        elif language == "javascript":
            js_pairs.append((m, query, copy, original))
        else:
            report["skipped"] += 1
    js_inputs = []
    for m, query, copy, original in js_pairs:
        js_inputs.append({"code": original["code"], "tests": query["test_suite"]})
        js_inputs.append({"code": copy["code"], "tests": query["test_suite"]})
    js_results = run_javascript(js_inputs, node)
    for k, (m, _, _, _) in enumerate(js_pairs):
        compare(report, m, js_results[2 * k], js_results[2 * k + 1])
    print(json.dumps(report))
    bad = report["disagreements"] or report["not_distinct"] or report["wrong_bug_type"] or report["no_majority"]
    sys.exit(1 if bad else 0)


def compare(report, m, original, copy):
    report["tests_compared"] += len(original)
    for j, (a, b) in enumerate(zip(original, copy)):
        if a != b:
            report["disagreements"].append({"copy": m["corpus_id"], "original": m["copy_of"], "test": j,
                                            "original_outcome": a, "copy_outcome": b})
    if len(original) != len(copy):
        report["disagreements"].append({"copy": m["corpus_id"], "original": m["copy_of"], "test": None})


if __name__ == "__main__":
    main()
