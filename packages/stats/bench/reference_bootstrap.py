"""numpy reference for bench/compare-systems.bench.ts (not part of the package).

Reads the synthetic scores the TypeScript bench writes and computes the same intervals and tests the
way a Python evaluation harness typically does, timing each part:

  mode "pairwise" (the straightforward harness): for every system x measure, draw R index resamples
  with numpy and take np.percentile of the resampled means; then for every pair of systems and every
  measure, draw a fresh set of R index resamples, bootstrap the mean of the per-query differences
  a - b, take np.percentile(..., [2.5, 97.5]), and for binary measures run
  scipy.stats.binomtest(min(b, c), b + c, 0.5) (the exact McNemar test).

  mode "vectorized" (what a careful numpy user could write): one R x n index matrix, turned into
  multinomial counts with np.bincount, one BLAS matrix product counts @ X for every column's
  resampled means, and np.percentile over all pair differences at once.

Usage: python reference_bootstrap.py <data.json> <mode> [max_pairs]
  data.json names a binary file of float64 scores shaped (systems, measures, queries).
  max_pairs limits the pairs of mode "pairwise" (the bench then extrapolates; 0 = all pairs).
Prints one JSON object: wall-clock and CPU (process_time, all threads) seconds, and the intervals.
"""
from __future__ import annotations

import json
import pathlib
import sys
import time

import numpy as np
from scipy import stats


def main() -> None:
    meta_path = pathlib.Path(sys.argv[1])
    mode = sys.argv[2]
    max_pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    meta = json.loads(meta_path.read_text())
    systems, measures, n = meta["systems"], meta["measures"], meta["queries"]
    binary = set(meta["binary_measures"])
    R, seed = meta["resamples"], meta["seed"]
    scores = np.fromfile(meta_path.with_name(meta["data_file"]), dtype=np.float64)
    scores = scores.reshape(len(systems), len(measures), n)
    pairs = [(i, j) for i in range(len(systems)) for j in range(i + 1, len(systems))]
    if max_pairs > 0:
        pairs = pairs[:max_pairs]
    rng = np.random.default_rng(seed)
    out: dict = {"mode": mode, "pairs_done": len(pairs)}

    if mode == "pairwise":
        t0, c0 = time.perf_counter(), time.process_time()
        intervals = []
        for s in range(len(systems)):
            for m in range(len(measures)):
                idx = rng.integers(0, n, size=(R, n))
                boot = scores[s, m][idx].mean(axis=1)
                lo, hi = np.percentile(boot, [2.5, 97.5])
                intervals.append([float(lo), float(hi)])
        t1, c1 = time.perf_counter(), time.process_time()
        pair_cis, mcnemar = [], []
        for i, j in pairs:
            for m, measure in enumerate(measures):
                a, b = scores[i, m], scores[j, m]
                idx = rng.integers(0, n, size=(R, n))
                boot = (a - b)[idx].mean(axis=1)
                lo, hi = np.percentile(boot, [2.5, 97.5])
                pair_cis.append([float(lo), float(hi)])
                if measure in binary:
                    a_only = int(np.sum((a == 1) & (b == 0)))
                    b_only = int(np.sum((a == 0) & (b == 1)))
                    disc = a_only + b_only
                    p = 1.0 if disc == 0 else float(stats.binomtest(min(a_only, b_only), disc, 0.5).pvalue)
                    mcnemar.append(p)
        t2, c2 = time.perf_counter(), time.process_time()
        out.update(systems_s=t1 - t0, pairs_s=t2 - t1, systems_cpu_s=c1 - c0, pairs_cpu_s=c2 - c1,
                   intervals=intervals, pair_cis=pair_cis, mcnemar=mcnemar)
    elif mode == "vectorized":
        t0, c0 = time.perf_counter(), time.process_time()
        idx = rng.integers(0, n, size=(R, n))
        flat = (idx + n * np.arange(R)[:, None]).ravel()
        counts = np.bincount(flat, minlength=R * n).reshape(R, n).astype(np.float64)
        columns = scores.reshape(len(systems) * len(measures), n).T  # n x (S*M)
        means = (counts @ columns) / n  # R x (S*M)
        intervals = np.percentile(means, [2.5, 97.5], axis=0).T
        cube = means.reshape(R, len(systems), len(measures))
        ii = np.array([p[0] for p in pairs])
        jj = np.array([p[1] for p in pairs])
        diffs = cube[:, ii, :] - cube[:, jj, :]  # R x pairs x M
        pair_cis = np.percentile(diffs, [2.5, 97.5], axis=0).transpose(1, 2, 0).reshape(-1, 2)
        mcnemar = []
        for i, j in pairs:
            for m, measure in enumerate(measures):
                if measure in binary:
                    a, b = scores[i, m], scores[j, m]
                    a_only = int(np.sum((a == 1) & (b == 0)))
                    b_only = int(np.sum((a == 0) & (b == 1)))
                    disc = a_only + b_only
                    mcnemar.append(1.0 if disc == 0 else float(stats.binomtest(min(a_only, b_only), disc, 0.5).pvalue))
        t1, c1 = time.perf_counter(), time.process_time()
        out.update(systems_s=0.0, pairs_s=t1 - t0, systems_cpu_s=0.0, pairs_cpu_s=c1 - c0,
                   intervals=intervals.tolist(), pair_cis=pair_cis.tolist(), mcnemar=mcnemar)
    else:
        raise SystemExit(f"unknown mode {mode!r}: expected 'pairwise' or 'vectorized'")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
