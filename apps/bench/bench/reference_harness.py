"""A straightforward Python reference harness for `execret run --models bm25`, timed side by side by
`run.bench.ts`. It does what a typical research harness does, the plain way:

- loads data/queries.jsonl and data/corpus.jsonl,
- ranks the whole pool with BM25 (the independent numpy implementation of fixtures/golden/
  search-bm25.py: rank_bm25 BM25Okapi semantics over the same code-aware tokens),
  ties broken by corpus id descending,
- executes every canonical and distractor against its own query's tests and every retrieved
  top-10 (query, snippet) pair, each suite in a fresh `python -I` subprocess (each assert in a
  fresh namespace, 5 s per suite), two at a time,
- computes exec@k, precision@k, nDCG@k for k in 1, 3, 5, 10 and a 5,000-resample bootstrap
  interval of exec@1 with numpy.

Usage: python3 reference_harness.py <release-dir> <out.json> [stride]

With a stride s > 1 only every s-th pair (in sorted order) is executed and the execution time is
extrapolated (× s); metrics are then not computed (`metrics` is null).
"""
import concurrent.futures
import importlib.util
import json
import math
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, '..', '..', '..', 'fixtures', 'golden', 'search-bm25.py')
spec = importlib.util.spec_from_file_location('bm25_reference', GOLDEN)
bm25_reference = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bm25_reference)

RUNNER = r'''
import json, sys
payload = json.loads(sys.stdin.read())
out = []
for test in payload["tests"]:
    ns = {"__name__": "__main__"}
    try:
        exec(payload["code"], ns)
        exec(test, ns)
        out.append("pass")
    except AssertionError as e:
        out.append("FAIL" if not str(e) else "FAIL: " + str(e))
    except BaseException as e:
        out.append("ERROR:" + type(e).__name__ + ": " + str(e))
sys.stdout.write(json.dumps(out))
'''


def run_suite(python, code, tests):
    try:
        done = subprocess.run([python, '-I', '-c', RUNNER], input=json.dumps({'code': code, 'tests': tests}),
                              capture_output=True, text=True, timeout=5)
        outcomes = json.loads(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else ['ERROR:NoResult'] * len(tests)
    except subprocess.TimeoutExpired:
        outcomes = ['TIMEOUT'] * len(tests)
    except (json.JSONDecodeError, IndexError):
        outcomes = ['ERROR:NoResult'] * len(tests)
    return all(o == 'pass' for o in outcomes)


def read_jsonl(path):
    with open(path, encoding='utf-8-sig') as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    release, out_path = sys.argv[1], sys.argv[2]
    stride = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    timings = {}
    t0 = time.perf_counter()
    queries = read_jsonl(os.path.join(release, 'data', 'queries.jsonl'))
    corpus = sorted(read_jsonl(os.path.join(release, 'data', 'corpus.jsonl')), key=lambda r: r['corpus_id'])
    ids = [r['corpus_id'] for r in corpus]
    index = {cid: i for i, cid in enumerate(ids)}
    timings['load'] = time.perf_counter() - t0

    t0 = time.perf_counter()
    tokens = [bm25_reference.tokenize(r['code']) for r in corpus]
    all_scores, _ = bm25_reference.bm25_scores(tokens, [bm25_reference.tokenize(q['query']) for q in queries], 1.5, 0.75, 0.25, 'okapi-floor')
    top = []
    for scores in all_scores:
        # score descending, then id descending (index order is id order)
        top.append(sorted(range(len(ids)), key=lambda d: (-scores[d], -d))[:10])
    timings['rank'] = time.perf_counter() - t0

    t0 = time.perf_counter()
    pairs = set()
    for qi, q in enumerate(queries):
        for cid in q['correct_corpus_ids'] + q['paired_distractor_corpus_ids']:
            pairs.add((qi, index[cid]))
        for d in top[qi]:
            pairs.add((qi, d))
    python = sys.executable
    passes = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        todo = sorted(pairs)[::stride]
        futures = {pool.submit(run_suite, python, corpus[d]['code'], queries[qi]['test_suite']): (qi, d) for qi, d in todo}
        for future in concurrent.futures.as_completed(futures):
            passes[futures[future]] = future.result()
    timings['execute'] = (time.perf_counter() - t0) * stride
    timings['executed_pairs'] = len(todo)
    timings['pairs'] = len(pairs)
    timings['stride'] = stride
    if stride > 1:
        timings['total_extrapolated'] = timings['load'] + timings['rank'] + timings['execute']
        with open(out_path, 'w') as f:
            json.dump({'metrics': None, 'timings': timings}, f, indent=2)
        return

    t0 = time.perf_counter()
    metrics = {}
    per_query_exec1 = []
    for k in (1, 3, 5, 10):
        execs, precs, ndcgs = [], [], []
        for qi, q in enumerate(queries):
            flags = [1 if passes[(qi, d)] else 0 for d in top[qi][:k]]
            correct = {index[c] for c in q['correct_corpus_ids']}
            gains = [1 if d in correct else 0 for d in top[qi][:k]]
            dcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains))
            idcg = sum(1 / math.log2(i + 2) for i in range(min(k, len(correct))))
            execs.append(1 if any(flags) else 0)
            precs.append(sum(flags) / k)
            ndcgs.append(dcg / idcg if idcg > 0 else 0.0)
        metrics[f'exec@{k}'] = float(np.mean(execs))
        metrics[f'precision@{k}'] = float(np.mean(precs))
        metrics[f'ndcg@{k}'] = float(np.mean(ndcgs))
        if k == 1:
            per_query_exec1 = np.asarray(execs, dtype=float)
    rng = np.random.default_rng(20260510)
    idx = rng.integers(0, len(per_query_exec1), size=(5000, len(per_query_exec1)))
    means = per_query_exec1[idx].mean(axis=1)
    metrics['exec@1_ci95'] = [float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))]
    timings['score'] = time.perf_counter() - t0

    with open(out_path, 'w') as f:
        json.dump({'metrics': metrics, 'timings': timings}, f, indent=2)


if __name__ == '__main__':
    main()
