"""``off_by_one_boundary``: a boundary expression — a ``range()`` argument (``range_bound``), a slice bound
(``slice_bound``), an operand of an ordering comparison (``compare_bound``) — ±1, or its ``± 1`` dropped; and
``len_offset`` (``len(x) ± 1`` → ``len(x)``, ``n = len(xs)`` → ``n = len(xs) - 1``)."""
import ast

from mutation.shapes import ATOMIC, int_node, int_text, int_value, is_len_call, is_range_call, plus_minus_one
from mutation.tables import ORDERING
from mutation.tree_paths import get_node, set_node


def mark_boundaries(ctx, nodes):
    """Collect the boundary expressions: range() arguments, slice bounds, operands of ordering
    comparisons. They are mutated here, once each, before any node is offered to the operators, and
    recorded in ``ctx.boundary_ids`` (``off_by_one`` leaves them alone)."""
    boundaries = []
    for node, path in nodes:
        if is_range_call(node) and not node.keywords:
            for i, arg in enumerate(node.args):
                if not isinstance(arg, ast.Starred):
                    boundaries.append((arg, path + (("args", i),), "range_bound", True))
        elif isinstance(node, ast.Slice):
            for field in ("lower", "upper"):
                value = getattr(node, field)
                if value is not None:
                    boundaries.append((value, path + ((field, None),), "slice_bound", True))
        elif isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if isinstance(op, ORDERING):
                    # the right operand of an ordering link; the left one when it is a literal
                    boundaries.append((node.comparators[i], path + (("comparators", i),), "compare_bound", True))
                    left = node.left if i == 0 else node.comparators[i - 1]
                    left_path = path + (("left", None),) if i == 0 else path + (("comparators", i - 1),)
                    if int_value(left) is not None:
                        boundaries.append((left, left_path, "compare_bound", False))
    seen = set()
    for expr, path, operator, shift in boundaries:
        if id(expr) in seen:
            continue
        seen.add(id(expr))
        ctx.boundary_ids.add(id(expr))
        boundary(ctx, expr, path, operator, shift)


def boundary(ctx, expr, path, operator, shift):
    """One boundary: an int literal ±1, ``X ± 1`` → ``X``, or (``shift``) an atom ``E`` → ``E ± 1``."""
    start, end = ctx.src.start(expr), ctx.src.end(expr)
    text = ctx.src.segment(start, end)
    value = int_value(expr)
    if value is not None:
        for delta in (-1, 1):
            new = value + delta
            ctx.add("off_by_one_boundary", operator, start, end, int_text(text, new), path,
                    lambda tree, p=path, n=new: set_node(tree, p, int_node(n)))
        return
    inner = plus_minus_one(expr)
    if inner is not None:
        ctx.boundary_ids.add(id(expr.right))
        # drop the "± 1": replace the whole expression by its left operand text
        ctx.add("off_by_one_boundary", operator, start, end,
                ctx.src.segment(ctx.src.start(inner), ctx.src.end(inner)), path,
                lambda tree, p=path: set_node(tree, p, get_node(tree, p).left))
        return
    if shift and isinstance(expr, ATOMIC) and not isinstance(expr, ast.Constant):
        for op, sym in ((ast.Add, "+"), (ast.Sub, "-")):
            ctx.add("off_by_one_boundary", operator, start, end, "%s %s 1" % (text, sym), path,
                    lambda tree, p=path, o=op: set_node(tree, p, ast.BinOp(
                        left=get_node(tree, p), op=o(), right=ast.Constant(value=1))))


def off_by_one_boundary(ctx, node, path):
    """``len_offset`` on one node (the boundaries are done by ``mark_boundaries``)."""
    if isinstance(node, ast.BinOp):
        # len(x) - 1 -> len(x), len(x) + 1 -> len(x) (outside boundary positions)
        if id(node) not in ctx.boundary_ids and is_len_call(node.left) and plus_minus_one(node) is not None:
            ctx.add("off_by_one_boundary", "len_offset", ctx.src.start(node), ctx.src.end(node),
                    ctx.src.segment(ctx.src.start(node.left), ctx.src.end(node.left)), path,
                    lambda tree, p=path: set_node(tree, p, get_node(tree, p).left))
    elif isinstance(node, (ast.Assign, ast.AnnAssign)):
        if node.value is not None and is_len_call(node.value):
            # n = len(xs) -> n = len(xs) - 1
            start, end = ctx.src.start(node.value), ctx.src.end(node.value)
            value_path = path + (("value", None),)
            ctx.add("off_by_one_boundary", "len_offset", start, end,
                    ctx.src.segment(start, end) + " - 1", value_path,
                    lambda tree, p=value_path: set_node(tree, p, ast.BinOp(
                        left=get_node(tree, p), op=ast.Sub(), right=ast.Constant(value=1))))
