"""The statistics peers (ranx's comparisons, scipy's exact binomial test) on per-query scores, for statistics.ts.

Usage (inside the peers' virtual environment): python peers_stats.py <scores.json> <out.json>

scores.json: {"systems": {name: {measure: [per-query values]}}, "binary": [measures with 0/1 values],
              "fisher": [measures given to the Fisher randomization test]} (its 1,000 permutations per test
              cost about 0.25 s a test here: every pair of 24 systems on 12 measures, both directions, would
              take half an hour, so the caller times it on fewer measures and says so).
Writes, for every unordered pair of systems (A before B in code-point order):
  binomial[pair][measure]  scipy.stats.binomtest(b, b + c, 0.5) two-sided p-value on the discordant counts
                           (b = A passes and B fails, c = the reverse): the exact McNemar test
  fisher[pair][measure]    ranx's Fisher randomization test (its defaults: 1000 permutations, seed 42)
  student[pair][measure]   ranx's paired Student t-test (scipy's ttest_rel, two-sided)
and the time each took for the whole set. ranx's tests are called through
ranx.statistical_tests.compute_statistical_significance, the function ranx.compare() calls on the per-query
scores it computed (it tests every ordered pair: A vs B and B vs A).
"""

import json
import sys
import time

import numpy as np
from scipy.stats import binomtest
from ranx.statistical_tests import compute_statistical_significance


def main(scores_path, out_path):
    job = json.load(open(scores_path))
    systems = sorted(job["systems"])
    arrays = {s: {m: np.asarray(v, dtype=np.float64) for m, v in job["systems"][s].items()} for s in systems}
    pairs = [(a, b) for i, a in enumerate(systems) for b in systems[i + 1:]]
    out = {"binomial": {}, "fisher": {}, "student": {}, "seconds": {}}

    started = time.perf_counter()
    for a, b in pairs:
        entry = out["binomial"].setdefault(a + " vs " + b, {})
        for m in job["binary"]:
            x, y = arrays[a][m], arrays[b][m]
            only_a = int(np.sum((x == 1) & (y == 0)))
            only_b = int(np.sum((x == 0) & (y == 1)))
            entry[m] = 1.0 if only_a + only_b == 0 else float(binomtest(only_a, only_a + only_b, 0.5).pvalue)
    out["seconds"]["binomial"] = time.perf_counter() - started

    for test in ("fisher", "student"):
        measures = job["fisher"] if test == "fisher" else list(arrays[systems[0]])
        scores = {s: {m: arrays[s][m] for m in measures} for s in systems}
        compute_statistical_significance(systems[:2], {s: scores[s] for s in systems[:2]}, stat_test=test)  # compile
        started = time.perf_counter()
        result = compute_statistical_significance(systems, scores, stat_test=test)
        out["seconds"][test] = time.perf_counter() - started
        for a, b in pairs:
            per_measure = result[frozenset([a, b])]
            # NaN (Student's t when the two systems score alike on every query) is written as null
            out[test][a + " vs " + b] = {m: (None if np.isnan(v["p_value"]) else float(v["p_value"])) for m, v in per_measure.items()}
    with open(out_path, "w") as f:
        json.dump(out, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
