"""Mutation engine of @execret/generate.

Reads one JSON request on stdin and writes one JSON response on stdout. Only the standard library is
used (``ast``, ``tokenize``), so the script runs under ``python -I -S``.

Commands
--------
``{"command": "mutate", "tasks": [{"id", "canonical"}]}``
    Enumerates every single-edit mutant of each canonical (the operators: one module per bug type in
    ``mutation/operators/``) and returns, per task, ``{"id", "ok": true, "candidates": [...]}`` or
    ``{"id", "ok": false, "error"}``.
``{"command": "check", "tasks": [{"id", "canonical", "function_name", "tests", "distractors"?}]}``
    Static (AST) gate: returns per task ``{"id", "issues": [...], "top_level_names": [...]}``.
``{"command": "apply", "jobs": [{"code", "edits": [...]}]}``
    Applies several edits at once (stacked mutants): ``{"ok", "code", "status", "reason"}``.

Positions
---------
An edit replaces the text between two positions ``(line, col)``: ``line`` is 1-based, ``col`` is a
0-based column counted in Unicode code points (Python ``str`` indices; ``ast`` reports UTF-8 byte
offsets, which are converted). The end position is exclusive and may equal the length of its line
including the line terminator, in which case the terminator is part of the replaced text.

Every candidate is verified: the spliced text is re-parsed and must produce exactly the AST the
operator intended (``ast.dump`` without positions). A candidate that fails this check is returned with
``status: "unverified"`` and never used.
"""

import os
import sys

# The shared request/answer protocol (script_io.py) and this engine's modules, from this script's own directory.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mutation.enumerate_mutants import mutate_task  # noqa: E402
from mutation.stacked_edits import apply_job  # noqa: E402
from mutation.task_check import check_task  # noqa: E402
from script_io import serve  # noqa: E402


def main():
    serve({
        "mutate": lambda request: [mutate_task(t) for t in request["tasks"]],
        "check": lambda request: [check_task(t) for t in request["tasks"]],
        "apply": lambda request: [apply_job(j) for j in request["jobs"]],
    })


if __name__ == "__main__":
    main()
