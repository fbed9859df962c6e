"""``remove_edge_case_check`` / ``remove_guard``: deletes an ``if`` without else whose body is one return /
raise / continue / break. The whole lines of the statement go; an emptied block gets ``pass``. A final ``elif``
clause of that shape is removed the same way (its ``if`` loses the branch)."""
import ast
import re

from mutation.tables import GUARD_EXITS
from mutation.tree_paths import remove_statement


def remove_edge_case_check(ctx, node, path):
    """The guards among the statements of ``node``'s blocks (``body``, ``orelse``, ``finalbody``)."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if not isinstance(block, list):
            continue
        for i, stmt in enumerate(block):
            if not (isinstance(stmt, ast.If) and not stmt.orelse and len(stmt.body) == 1
                    and isinstance(stmt.body[0], GUARD_EXITS)):
                continue
            first, last = stmt.lineno, stmt.end_lineno
            if any(getattr(other, "end_lineno", 0) >= first and other.lineno <= last
                   for j, other in enumerate(block) if j != i):
                continue  # shares a line with a sibling statement
            line_text = ctx.src.lines[first - 1]
            indent = line_text[:len(line_text) - len(line_text.lstrip(" \t"))]
            start = (first, 0)
            end = ctx.src.line_end_position(last)
            after = ""
            is_elif = (isinstance(node, ast.If) and field == "orelse" and len(block) == 1
                       and line_text.lstrip().startswith("elif"))
            if is_elif:
                pass  # an `elif` clause: its lines go and the `if` above simply loses its else branch
            elif len(block) == 1:
                terminator = re.search(r"(\r\n|\r|\n)?$", ctx.src.lines[last - 1]).group(0)
                after = indent + "pass" + terminator
            elif last == len(ctx.src.lines) and not re.search(r"[\r\n]$", ctx.src.lines[last - 1]):
                # last line without terminator: also remove the terminator before it
                prev = first - 1
                start = (prev, len(ctx.src.lines[prev - 1].rstrip("\r\n")))
            stmt_path = path + ((field, i),)
            ctx.add("remove_edge_case_check", "remove_guard", start, end, after, stmt_path,
                    lambda tree, p=stmt_path, e=is_elif: remove_statement(tree, p, keep_empty=e))
