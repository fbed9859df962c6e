"""``off_by_one``: ``int_literal`` (an int literal operand of arithmetic, an index, or an assigned value, ±1) and
``index_shift`` (``a[i]`` → ``a[i ± 1]``, ``a[X ± 1]`` → ``a[X]``)."""
import ast

from mutation.shapes import int_node, int_text, int_value, plus_minus_one
from mutation.tree_paths import get_node, set_node


def off_by_one(ctx, node, path):
    """The ``off_by_one`` candidates of one node."""
    if isinstance(node, ast.BinOp):
        int_literal(ctx, node.left, path + (("left", None),))
        int_literal(ctx, node.right, path + (("right", None),))
    elif isinstance(node, ast.AugAssign):
        int_literal(ctx, node.value, path + (("value", None),))
    elif isinstance(node, ast.Subscript):
        index_shift(ctx, node, path)
    elif isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if node.value is not None and len(targets) == 1 and isinstance(targets[0], ast.Name):
            int_literal(ctx, node.value, path + (("value", None),))


def int_literal(ctx, expr, path):
    """An int literal ±1, unless it is a boundary (``off_by_one_boundary`` mutates those)."""
    if id(expr) in ctx.boundary_ids:
        return
    value = int_value(expr)
    if value is None:
        return
    start, end = ctx.src.start(expr), ctx.src.end(expr)
    text = ctx.src.segment(start, end)
    for delta in (-1, 1):
        new = value + delta
        ctx.add("off_by_one", "int_literal", start, end, int_text(text, new), path,
                lambda tree, p=path, n=new: set_node(tree, p, int_node(n)))


def index_shift(ctx, node, path):
    """A subscript's index ±1 (a name), its ``± 1`` dropped, or an int literal index ±1."""
    index = node.slice
    if isinstance(index, (ast.Slice, ast.Tuple)):
        return
    index_path = path + (("slice", None),)
    if int_value(index) is not None:
        int_literal(ctx, index, index_path)
        return
    start, end = ctx.src.start(index), ctx.src.end(index)
    text = ctx.src.segment(start, end)
    inner = plus_minus_one(index)
    if inner is not None:
        ctx.add("off_by_one", "index_shift", start, end,
                ctx.src.segment(ctx.src.start(inner), ctx.src.end(inner)), index_path,
                lambda tree, p=index_path: set_node(tree, p, get_node(tree, p).left))
    elif isinstance(index, ast.Name):
        for op, sym in ((ast.Add, "+"), (ast.Sub, "-")):
            ctx.add("off_by_one", "index_shift", start, end, "%s %s 1" % (text, sym), index_path,
                    lambda tree, p=index_path, o=op: set_node(tree, p, ast.BinOp(
                        left=get_node(tree, p), op=o(), right=ast.Constant(value=1))))
