"""The ``mutate`` command: every single-edit mutant of a canonical, each spliced, verified against the tree its
operator intended, and judged (``ok``, ``equivalent``, ``duplicate`` or ``unverified``)."""
import ast

from mutation.enumerator import Enumerator
from mutation.equivalence import bytecode_of, dump
from mutation.tables import BUG_ORDER
from positions import Source, replace_between


def mutate_task(task):
    """``{"id", "ok": true, "candidates": [...]}`` for a task ``{"id", "canonical"}``, candidates in the order of
    their span, then bug type, operator and replacement; ``{"id", "ok": false, "error"}`` when the canonical does
    not parse."""
    text = task["canonical"]
    try:
        tree = ast.parse(text)
        canonical_bytecode = bytecode_of(text)
    except SyntaxError as exc:
        return {"id": task["id"], "ok": False, "error": "canonical does not parse: line %s: %s" % (exc.lineno, exc.msg)}
    src = Source(text)
    original_dump = dump(ast.parse(text))
    candidates = Enumerator(src, tree).run()
    candidates.sort(key=lambda c: (c.start, c.end, BUG_ORDER[c.bug_type], c.operator, c.after))
    seen = {}
    out = []
    for c in candidates:
        before = src.segment(c.start, c.end)
        code = replace_between(text, src, c.start, c.end, c.after)
        status, reason = "ok", None
        try:
            mutated_dump = dump(ast.parse(code))
            expected = ast.parse(text)  # a fresh copy of the canonical's tree (faster than deepcopy)
            c.transform(expected)
            if mutated_dump != dump(expected):
                status, reason = "unverified", "the spliced text does not parse to the intended AST"
            elif mutated_dump == original_dump:
                status, reason = "equivalent", "identical AST"
        except SyntaxError as exc:
            status, reason = "unverified", "the spliced text does not parse: %s" % exc.msg
        if status == "ok" and code in seen:
            status, reason = "duplicate", "same code as candidate %d" % seen[code]
        if status == "ok" and c.operator == "swap_commutative":
            status, reason = "equivalent", "swapped the arguments of a commutative callee"
        if status == "ok":
            try:
                if bytecode_of(code) == canonical_bytecode:
                    status, reason = "equivalent", "identical normalised bytecode"
            except (SyntaxError, ValueError) as exc:
                status, reason = "unverified", "does not compile: %s" % exc
        if status == "ok":
            seen[code] = len(out)
        out.append({
            "index": len(out), "bug_type": c.bug_type, "operator": c.operator,
            "line": c.start[0], "col_start": c.start[1], "end_line": c.end[0], "col_end": c.end[1],
            "before": before, "after": c.after, "code": code, "status": status, "reason": reason,
        })
    return {"id": task["id"], "ok": True, "candidates": out}
