"""The ``rewrite`` command: up to ``count`` variants of a snippet, each drawing a seeded subset of the kinds its
code offers and applying them in ``STEPS`` order; a variant must differ from the snippet, from every other variant
and from every text in ``avoid``."""
import ast
import tokenize

from cosmetic.operand_order import comparison_sites, rewrite_operand_order
from cosmetic.reformat import rewrite_reformat
from cosmetic.rename import rename_sites, rewrite_rename
from cosmetic.statement_order import rewrite_statement_order, statement_sites
from positions import Source
from prng import Prng

KINDS = ("statement-order", "operand-order", "rename", "reformat")
ATTEMPTS_PER_VARIANT = 8
# The kinds in the order a variant applies them.
STEPS = (
    ("statement-order", rewrite_statement_order),
    ("operand-order", rewrite_operand_order),
    ("rename", rewrite_rename),
    ("reformat", rewrite_reformat),
)


def keyword_names(tests):
    """Names the tests pass as keyword arguments (a parameter named so is never renamed)."""
    names = set()
    for test in tests:
        try:
            tree = ast.parse(test)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg is not None:
                names.add(node.arg)
    return names


def available_kinds(code, job):
    """How many sites each kind finds in ``code`` (``reformat``: always 1)."""
    tree = ast.parse(code)
    src = Source(code)
    return {
        "statement-order": len(statement_sites(tree, src)),
        "operand-order": len(comparison_sites(tree)),
        "rename": rename_sites(code, job),
        "reformat": 1,
    }


def rewrite_job(job):
    """``{"ok": true, "variants": [{"code", "kinds"}], "sites"}`` for a job, or ``{"ok": false, "error"}`` when its
    code does not parse (see ``rewrite.py``'s docstring)."""
    code = job["code"]
    try:
        ast.parse(code)
    except (SyntaxError, ValueError) as exc:
        return {"ok": False, "error": "the code does not parse: %s" % exc}
    job = dict(job, keyword_names=keyword_names(job.get("tests", [])))
    sites = available_kinds(code, job)
    usable = [k for k in KINDS if sites[k] > 0]
    avoid = set(job.get("avoid", [])) | {code}
    variants = []
    count = job["count"]
    for attempt in range(count * ATTEMPTS_PER_VARIANT):
        if len(variants) >= count:
            break
        rng = Prng("%s:%d" % (job["seed"], attempt))
        wanted = set(rng.subset(usable, 0.5))
        text = code
        kinds = []
        for kind, step in STEPS:
            if kind not in wanted:
                continue
            try:
                out = step(text, job, rng)
            except (SyntaxError, ValueError, tokenize.TokenError, IndentationError, RecursionError):
                out = None
            if out is not None and out != text:
                text = out
                kinds.append(kind)
        if kinds and text not in avoid:
            avoid.add(text)
            variants.append({"code": text, "kinds": kinds})
    return {"ok": True, "variants": variants, "sites": sites}


def safe_rewrite_job(job):
    """``rewrite_job``, with anything the rewriter did not foresee reported as that job's error."""
    try:
        return rewrite_job(job)
    except Exception as exc:  # noqa: BLE001 - one odd snippet must not fail the whole batch
        return {"ok": False, "error": "%s: %s" % (type(exc).__name__, exc)}
