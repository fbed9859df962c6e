"""The metrics peers (ranx, ir_measures, pytrec_eval) on TREC files, for apps/peers/bench/metrics.ts.

Usage (inside the peers' virtual environment):
  python peers_metrics.py warm <job.json> <out.json>
      every tool on every run of the job: per-query values of the shared measures, and the median time of
      `repeats` evaluations in this process after untimed ones (until 1 s or 20 evaluations: numba compiles
      on the first call).
  python peers_metrics.py cold <tool> <run.json>
      one tool, one run, in a fresh process: read the files, evaluate once (the caller times the process).

A job is {"ks": [1, 3, 5, 10], "repeats": 5, "runs": [{"name", "run", "passing", "canonical"}]}: a TREC run
file and two TREC qrels files, `passing` (1 = the snippet passes the query's tests) for exec@k (Success@k),
precision@k and MRR, `canonical` (the query's correct ids) for nDCG@k, as execret's `trec/` folder holds them.
Every value is written under execret's measure name (exec@k, precision@k, ndcg@k, mrr) so the caller compares
query by query. This file only calls the peers' public APIs.
"""

import json
import statistics
import sys
import time


def read_qrels(path):
    qrels = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 4:
                qrels.setdefault(parts[0], {})[parts[2]] = int(parts[3])
    return qrels


def read_run(path):
    run = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 6:
                run.setdefault(parts[0], {})[parts[2]] = float(parts[4])
    return run


class PytrecEval:
    """trec_eval's C core. success_k is trec_eval's success measure; ndcg_cut its nDCG at cutoffs."""

    name = "pytrec_eval"

    def __init__(self, ks):
        import pytrec_eval

        self.module = pytrec_eval
        cut = ",".join(str(k) for k in ks)
        self.passing_measures = {"P." + cut, "success." + cut, "recip_rank"}
        self.canonical_measures = {"ndcg_cut." + cut}
        self.ks = ks

    def load(self, spec):
        return {"passing": read_qrels(spec["passing"]), "canonical": read_qrels(spec["canonical"])}, read_run(spec["run"])

    def evaluate(self, loaded):
        qrels, run = loaded
        passing = self.module.RelevanceEvaluator(qrels["passing"], self.passing_measures).evaluate(run)
        canonical = self.module.RelevanceEvaluator(qrels["canonical"], self.canonical_measures).evaluate(run)
        return passing, canonical

    def per_query(self, result):
        passing, canonical = result
        out = {}
        for k in self.ks:
            out["exec@%d" % k] = {q: v["success_%d" % k] for q, v in passing.items()}
            out["precision@%d" % k] = {q: v["P_%d" % k] for q, v in passing.items()}
            out["ndcg@%d" % k] = {q: v["ndcg_cut_%d" % k] for q, v in canonical.items()}
        out["mrr"] = {q: v["recip_rank"] for q, v in passing.items()}
        return out


class IrMeasures:
    """ir_measures over Python dicts (it chooses the provider for each measure itself)."""

    name = "ir_measures"

    def __init__(self, ks):
        import ir_measures

        self.module = ir_measures
        self.ks = ks
        m = ir_measures.measures
        self.passing_measures = [m.Success @ k for k in ks] + [m.P @ k for k in ks] + [m.RR]
        self.canonical_measures = [m.nDCG @ k for k in ks]

    def load(self, spec):
        return {"passing": read_qrels(spec["passing"]), "canonical": read_qrels(spec["canonical"])}, read_run(spec["run"])

    def evaluate(self, loaded):
        qrels, run = loaded
        passing = list(self.module.iter_calc(self.passing_measures, qrels["passing"], run))
        canonical = list(self.module.iter_calc(self.canonical_measures, qrels["canonical"], run))
        return passing + canonical

    def per_query(self, result):
        names = {}
        for k in self.ks:
            names[str(self.module.measures.Success @ k)] = "exec@%d" % k
            names[str(self.module.measures.P @ k)] = "precision@%d" % k
            names[str(self.module.measures.nDCG @ k)] = "ndcg@%d" % k
        names[str(self.module.measures.RR)] = "mrr"
        out = {}
        for metric in result:
            out.setdefault(names[str(metric.measure)], {})[metric.query_id] = float(metric.value)
        return out


class Ranx:
    """ranx (numba). hit_rate@k is ranx's Success@k; mrr is its reciprocal rank without a cutoff."""

    name = "ranx"

    def __init__(self, ks):
        import ranx

        self.module = ranx
        self.ks = ks
        self.passing_measures = ["hit_rate@%d" % k for k in ks] + ["precision@%d" % k for k in ks] + ["mrr"]
        self.canonical_measures = ["ndcg@%d" % k for k in ks]

    def load(self, spec):
        qrels = {
            "passing": self.module.Qrels.from_file(spec["passing"], kind="trec"),
            "canonical": self.module.Qrels.from_file(spec["canonical"], kind="trec"),
        }
        return qrels, self.module.Run.from_file(spec["run"], kind="trec")

    def evaluate(self, loaded):
        qrels, run = loaded
        passing = self.module.evaluate(qrels["passing"], run, self.passing_measures, return_mean=False, make_comparable=True)
        canonical = self.module.evaluate(qrels["canonical"], run, self.canonical_measures, return_mean=False, make_comparable=True)
        return passing, canonical, qrels, run

    def per_query(self, result):
        passing, canonical, qrels, run = result
        out = {}
        # make_comparable=True: the run is evaluated on the qrels' queries, in the qrels' sorted order.
        for values, which in ((passing, "passing"), (canonical, "canonical")):
            ids = sorted(qrels[which].keys())
            for metric, array in values.items():
                name = metric.replace("hit_rate", "exec")
                out[name] = {q: float(v) for q, v in zip(ids, array)}
        return out


TOOLS = {"pytrec_eval": PytrecEval, "ir_measures": IrMeasures, "ranx": Ranx}


def versions():
    from importlib.metadata import version

    return {name: version(dist) for name, dist in (("ranx", "ranx"), ("ir_measures", "ir-measures"), ("pytrec_eval", "pytrec-eval-terrier"), ("numpy", "numpy"), ("scipy", "scipy"), ("numba", "numba"))}


def warm_up(tool, loaded):
    """Untimed evaluations until one second has passed or 20 were made (numba compiles on the first call);
    the same protocol as execret's side (metrics.ts)."""
    started = time.perf_counter()
    for _ in range(20):
        result = tool.evaluate(loaded)
        if time.perf_counter() - started >= 1.0:
            break
    return result


def warm(job_path, out_path):
    job = json.load(open(job_path))
    out = {"versions": versions(), "runs": {}}
    for spec in job["runs"]:
        entry = {}
        for name, tool_class in TOOLS.items():
            tool = tool_class(job["ks"])
            loaded = tool.load(spec)
            result = warm_up(tool, loaded)
            times = []
            for _ in range(job["repeats"]):
                started = time.perf_counter()
                result = tool.evaluate(loaded)
                times.append(time.perf_counter() - started)
            entry[name] = {"seconds": statistics.median(times), "perQuery": tool.per_query(result)}
        out["runs"][spec["name"]] = entry
    with open(out_path, "w") as f:
        json.dump(out, f)


def cold(tool_name, run_path):
    spec = json.load(open(run_path))
    tool = TOOLS[tool_name](spec["ks"])
    tool.evaluate(tool.load(spec))


if __name__ == "__main__":
    if sys.argv[1] == "warm":
        warm(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "cold":
        cold(sys.argv[2], sys.argv[3])
    else:
        sys.exit("usage: peers_metrics.py warm <job.json> <out.json> | cold <tool> <run.json>")
