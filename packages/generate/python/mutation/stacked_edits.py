"""The ``apply`` command: several edits applied to one snippet at once (stacked mutants), refused when they
overlap or do not match the text, and judged equivalent when the result has the original's bytecode or tree."""
import ast

from mutation.equivalence import bytecode_of, dump
from positions import Source, replace_between


def apply_job(job):
    """``{"ok", "status", "code", "reason"}`` for a job ``{"code", "edits": [{"line", "col_start", "end_line",
    "col_end", "before", "after"}]}``: status ``ok``, ``equivalent`` or ``invalid``."""
    text = job["code"]
    try:
        tree = ast.parse(text)
        original = bytecode_of(text)
    except SyntaxError as exc:
        return {"ok": False, "status": "invalid", "reason": "original does not parse: %s" % exc.msg}
    src = Source(text)
    edits = sorted(job["edits"], key=lambda e: (e["line"], e["col_start"]))
    for a, b in zip(edits, edits[1:]):
        if (b["line"], b["col_start"]) < (a["end_line"], a["col_end"]):
            return {"ok": False, "status": "invalid", "reason": "edits overlap"}
    for e in edits:
        if src.segment((e["line"], e["col_start"]), (e["end_line"], e["col_end"])) != e["before"]:
            return {"ok": False, "status": "invalid",
                    "reason": "edit at line %d does not match the source text" % e["line"]}
    code = text
    for e in reversed(edits):
        code = replace_between(code, src, (e["line"], e["col_start"]), (e["end_line"], e["col_end"]), e["after"])
    try:
        same = bytecode_of(code) == original or dump(ast.parse(code)) == dump(tree)
    except SyntaxError as exc:
        return {"ok": False, "status": "invalid", "reason": "the edited code does not parse: %s" % exc.msg}
    if same:
        return {"ok": False, "status": "equivalent", "code": code, "reason": "identical normalised bytecode"}
    return {"ok": True, "status": "ok", "code": code, "reason": None}

