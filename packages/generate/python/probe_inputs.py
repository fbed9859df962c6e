"""Probe inputs of @execret/generate's copy verification (propagated-bug pools).

Reads one JSON request on stdin and writes one JSON response on stdout; standard library only (``ast``,
``hashlib``), so the script runs under ``python -I -S``.

``{"command": "probes", "jobs": [{"function_name", "tests", "seed", "count"}]}``
    Returns per job ``{"probes": ["((1, 2), {})", ...], "bases": n}`` (plus ``"error"`` and no probes when the job
    could not be read): up to ``count`` argument lists,
    each the source of a ``(positional tuple, keyword dict)`` pair of literals, for calls of the task's
    function. They are derived from the tests: every call ``function_name(...)`` in a test whose
    arguments are all literals (``ast.literal_eval``) is a base (``bases`` counts the distinct ones);
    each argument of each base is varied by the rules of ``variations`` (numbers ±1, negated, zero;
    strings emptied, reversed, cut, extended; sequences emptied, reversed, cut, extended, their first
    element varied; mappings and sets emptied or cut). Variations that equal a base, do not survive
    ``repr``/``literal_eval`` unchanged, or print longer than 2,000 characters are left out; the rest are
    shuffled with the seed (SHA-256 of ``seed:counter``) and the first ``count`` kept. No base: no probes.
    The same job gives the same answer.
``{"command": "version"}``
    ``{"python": "3.11.7"}``.
"""

import ast
import os
import sys

# The shared request/answer protocol (script_io.py) and seeded choices (prng.py), from this script's own directory.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prng import Prng  # noqa: E402
from script_io import serve  # noqa: E402

MAX_PROBE_CHARS = 2000


def variations(value, depth=0):
    """Values near ``value`` of the same type, in a fixed order."""
    out = []
    t = type(value)
    if t is bool:
        out.append(not value)
    elif t is int:
        out.extend([value + 1, value - 1, -value, 0])
    elif t is float:
        out.extend([value + 0.5, -value, 0.0, value * 2])
    elif t is str:
        out.extend(["", value[::-1], value[1:], value + value[:1], value.upper(), value + " "])
    elif t is bytes:
        out.extend([b"", value[::-1], value[1:], value + value[:1]])
    elif t in (list, tuple):
        items = list(value)
        forms = [[], items[::-1], items[:-1], items + items[:1]]
        if items and depth < 2:
            forms.extend([[v] + items[1:] for v in variations(items[0], depth + 1)[:2]])
        out.extend(t(f) for f in forms)
    elif t is dict:
        keys = list(value)
        out.append({})
        if keys:
            out.append({k: value[k] for k in keys[1:]})
    elif t in (set, frozenset):
        items = sorted(value, key=repr)
        out.append(t())
        if items:
            out.append(t(items[1:]))
    return out


def round_trips(args, kwargs):
    try:
        text = repr((args, kwargs))
    except (ValueError, RecursionError, MemoryError):  # e.g. an int beyond the digit limit
        return None
    if len(text) > MAX_PROBE_CHARS:
        return None
    try:
        back = ast.literal_eval(text)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    if repr(back) != text:
        return None
    return text


def bases_of(tests, function_name):
    bases = []
    for test in tests:
        try:
            tree = ast.parse(test)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == function_name):
                continue
            if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
                continue
            try:
                args = tuple(ast.literal_eval(a) for a in node.args)
                kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords}
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            text = round_trips(args, kwargs)
            if text is not None and text not in [b[2] for b in bases]:
                bases.append((args, kwargs, text))
    return bases


def probes_job(job):
    bases = bases_of(job["tests"], job["function_name"])
    known = set(b[2] for b in bases)
    candidates = []
    for args, kwargs, _ in bases:
        for position in range(len(args)):
            for varied in variations(args[position]):
                text = round_trips(args[:position] + (varied,) + args[position + 1:], kwargs)
                if text is not None and text not in known:
                    known.add(text)
                    candidates.append(text)
        for name in kwargs:
            for varied in variations(kwargs[name]):
                text = round_trips(args, dict(kwargs, **{name: varied}))
                if text is not None and text not in known:
                    known.add(text)
                    candidates.append(text)
    rng = Prng(job["seed"])
    for i in range(len(candidates) - 1, 0, -1):
        j = rng.below(i + 1)
        candidates[i], candidates[j] = candidates[j], candidates[i]
    return {"probes": candidates[:job["count"]], "bases": len(bases)}


def safe_probes_job(job):
    """``probes_job``, with anything unforeseen giving that job no probes (and the error)."""
    try:
        return probes_job(job)
    except Exception as exc:  # noqa: BLE001 - one odd test must not fail the whole batch
        return {"probes": [], "bases": 0, "error": "%s: %s" % (type(exc).__name__, exc)}


def main():
    serve({"probes": lambda request: [safe_probes_job(j) for j in request["jobs"]]})


if __name__ == "__main__":
    main()
